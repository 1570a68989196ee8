// A test's failure that names no place (" ✘ Step 6") states what it failed with on the first
// line of words below it and deeper ("   │ Failed asserting that 54 is identical to 55."):
// under a small budget that line comes with the failure, before where it failed. Real
// capture of the corpus's tuning part (phpunit's testdox output).
import { describe, expect, it } from "vitest";
import { compact } from "../../host/pipeline.js";
import { tuningFixture } from "./support/tuning-fixture.js";

describe("the message under a test's failure", () => {
  it("is kept with each failure at 600 chars (phpunit)", () => {
    const { meta, input, hint } = tuningFixture("phpunit-failures-errors");
    const text = compact(input, { budget: 600 }, { hint }).llmContent;
    expect(text.length).toBeLessThanOrEqual(600);
    expect(text).toContain('│ Undefined array key "luxury"');
    expect(text).toContain("│ Failed asserting that 54 is identical to 55.");
    const kept = meta.facts.errorLines.filter((line) => text.includes(line));
    // Where each failed held that room: twelve of the twenty-two were kept.
    expect(kept.length).toBeGreaterThanOrEqual(16);
  });
});
