// Under a small budget (below 2,000 chars, laid out numbered) the errors that repeat a message
// in another place of their own come before the context of the errors chosen first, on real
// captures of the tuning part of the corpus: each one's line says where it failed.
import { describe, expect, it } from "vitest";
import { compact } from "../../host/pipeline.js";
import { tuningFixture } from "./support/tuning-fixture.js";

describe("small budgets: a repeated error's own place before the context of the first", () => {
  it("shows every failed expectation's place within 1,200 chars (googletest)", () => {
    const { input, hint, meta } = tuningFixture("googletest-expectation-failures");
    const text = compact(input, { budget: 1_200 }, { hint }).llmContent;
    expect(text.length).toBeLessThanOrEqual(1_200);
    // Five "shop_test.cc:N: Failure" lines, one message in five places, and the four tests they fail.
    for (const line of meta.facts.errorLines) expect(text, line).toContain(line);
    expect(text).toContain("Expected equality of these values:");
  });

  it("keeps the other places of a repeated type error at the minimal level, without a hint (tsc --pretty)", () => {
    const { input, meta } = tuningFixture("tsc-project-errors-pretty");
    const text = compact(input, { level: "minimal" }).llmContent;
    expect(text.length).toBeLessThanOrEqual(800);
    // Five of the nine errors are TS2322 "Type … is not assignable to type …", in five places.
    expect(text).toContain("src/index.ts:9:7 - error TS2322: Type 'number' is not assignable to type 'string'.");
    expect(meta.facts.errorLines.filter((line) => text.includes(line)).length).toBeGreaterThanOrEqual(7);
  });
});
