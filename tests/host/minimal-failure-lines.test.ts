// At the minimal level (≈ 800 chars) a failure's room goes to what it states, on real
// captures of the tuning part of the corpus: what a failed spec expected rather than a
// frame that names no file.
import { describe, expect, it } from "vitest";
import { compact } from "../../host/pipeline.js";
import { tuningFixture } from "./support/tuning-fixture.js";

function minimal(id: string): string {
  const { input, hint } = tuningFixture(id);
  const text = compact(input, { level: "minimal" }, { hint }).llmContent;
  expect(text.length).toBeLessThanOrEqual(800);
  return text;
}

describe("minimal level: what a failure states", () => {
  it("shows what a failed spec expected, not a frame that names no file (jasmine)", () => {
    const text = minimal("jasmine-failures");
    expect(text).toContain("1) inventory priceWithVat rounds half to even cents");
    expect(text).toContain("Expected 2378 to equal 2379.");
    expect(text).not.toContain("at <Jasmine>");
    expect(text).not.toMatch(/^\d+:\s+Stack:$/m);
  });
});
