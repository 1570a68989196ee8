// A source line a diagnostic quotes over a pointer ("#include <stdio.h>" over "^~~~~~~~~~~",
// "int Catalog::lookup(…) {" over "    ^") is code, gutter or not: it breaks the findings'
// rhythm, but is no candidate of its own. Real capture of the corpus's tuning part.
import { describe, expect, it } from "vitest";
import { compact } from "../../host/pipeline.js";
import { tuningFixture } from "./support/tuning-fixture.js";

describe("quoted code under a pointer is no rhythm break worth a place", () => {
  it("leaves the balanced level's room to an analyzer's errors (clang-tidy)", () => {
    const { meta, input, hint } = tuningFixture("clang-tidy-cpp-service");
    const text = compact(input, { level: "balanced" }, { hint }).llmContent;
    expect(text.length).toBeLessThanOrEqual(4000);
    // The quoted lines a pointer underlines ("#include <stdio.h>", "int Catalog::lookup(…) {")
    // are shown only inside their diagnostic, not as lines of their own.
    expect(text).not.toMatch(/^\d+: #include </m);
    expect(text).not.toMatch(/^\d+: int \w+::lookup\(/m);
    const kept = meta.facts.errorLines.filter((line) => text.includes(line));
    // Shown apart, they would take the room of two of its errors.
    expect(kept.length).toBeGreaterThanOrEqual(12);
  });

  it("is no error line of its own, and its pointer says nothing for a layout (rubocop)", () => {
    const { meta, input, hint } = tuningFixture("rubocop-ruby-gem");
    const text = compact(input, { level: "balanced" }, { hint }).llmContent;
    expect(text.length).toBeLessThanOrEqual(4000);
    // "      rescue Exception => e" over "      ^^^^^^" is the code a finding quotes: its
    // "Exception" is no error that would take the room of a finding (lines 77 and 515).
    expect(text).not.toMatch(/^(77|515): /m);
    // The numbered layout keeps more findings; the marked one more lines, but those were
    // pointers and blank lines, which say nothing.
    expect(text).toMatch(/ of 599 lines shown, numbered/);
    const kept = meta.facts.errorLines.filter((line) => text.includes(line));
    expect(kept.length).toBeGreaterThanOrEqual(14);
  });
});

