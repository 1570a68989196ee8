// A source line a linter quotes over a pointer ("      rescue Exception => e" over
// "      ^^^^^^") is code, gutter or not: its keyword does not make it an error line, and
// it breaks no rhythm worth a place. Real captures of the corpus's tuning part.
import { describe, expect, it } from "vitest";
import { compact } from "../../host/pipeline.js";
import { tuningFixture } from "./support/tuning-fixture.js";

describe("quoted code under a pointer is no error line", () => {
  it("spends the minimal level on a linter's findings, not the code they quote (rubocop)", () => {
    const { meta, input, hint } = tuningFixture("rubocop-ruby-gem");
    const text = compact(input, { level: "minimal" }, { hint }).llmContent;
    expect(text.length).toBeLessThanOrEqual(800);
    // The quoted code ("rescue Exception => e") took two places beside one finding.
    expect(text).not.toMatch(/^\d+: +rescue Exception => e/m);
    // Nor a quoted line that only breaks the findings' rhythm.
    expect(text).not.toMatch(/^\d+: module Shop$/m);
    // The finding of the one warning the code was quoted for, and the run's totals.
    expect(meta.facts.errorLines.some((line) => line.includes("Lint/RescueException") && text.includes(line))).toBe(true);
    expect(text).toContain("8 files inspected, 199 offenses detected");
  });

  it("leaves the balanced level room for more findings (clang-tidy)", () => {
    const { meta, input, hint } = tuningFixture("clang-tidy-cpp-service");
    const text = compact(input, { level: "balanced" }, { hint }).llmContent;
    expect(text.length).toBeLessThanOrEqual(4000);
    const kept = meta.facts.errorLines.filter((line) => text.includes(line));
    // Quoted code lines under pointers took the room of three of them.
    expect(kept.length).toBeGreaterThanOrEqual(12);
  });
});
