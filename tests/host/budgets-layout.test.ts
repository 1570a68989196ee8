// A larger budget keeps at least what a smaller one keeps, on real captures of the tuning
// part of the corpus: a cut marked gap by gap that would leave out flagged lines a numbered
// cut keeps is numbered at any budget, and an output that nearly fits the level's budget is
// laid out as that budget lays out a cut, not as the small length it is made again within.
import { describe, expect, it } from "vitest";
import { compact } from "../../host/pipeline.js";
import { tuningFixture } from "./support/tuning-fixture.js";

function digest(id: string, budget: number) {
  const { meta, input, hint } = tuningFixture(id);
  const text = compact(input, { budget }, { hint }).llmContent;
  expect(text.length).toBeLessThanOrEqual(budget);
  return { meta, text };
}

const kept = (text: string, lines: string[]) => lines.filter((l) => text.includes(l)).length;

describe("facts kept at every budget", () => {
  it("numbers a 2,500-char cut of a linter's warnings, as 1,500 chars does, and keeps every distinct one (cargo clippy)", () => {
    const warnings = [
      "warning: called `filter(..).next()` on an `Iterator`. This is more succinctly expressed by calling `.find(..)` instead",
      "warning: length comparison to zero",
      "warning: manual implementation of an assign operation",
      "warning: the loop variable `i` is only used to index `prices`",
      "warning: clamp-like pattern without using clamp function",
    ];
    const small = digest("cargo-clippy-warnings", 1500).text;
    const large = digest("cargo-clippy-warnings", 2500).text;
    expect(kept(small, warnings)).toBe(warnings.length);
    // Marked gap by gap, 2,500 chars kept the first three warnings in the head and the last in the tail.
    expect(large).toMatch(/ of 173 lines shown, numbered/);
    expect(kept(large, warnings)).toBe(warnings.length);
  });

  it("keeps a failed build's error lines and the frames under them at 2,500 chars as at 1,500 (AddressSanitizer)", () => {
    const { meta } = tuningFixture("asan-heap-buffer-overflow");
    for (const budget of [1500, 2500]) {
      const { text } = digest("asan-heap-buffer-overflow", budget);
      for (const fact of meta.facts.mustKeep) expect(text, `${budget}: ${fact}`).toContain(fact);
    }
  });

  it("shows an output that nearly fits the balanced level as printed, one marker for what is left out (git status)", () => {
    const { text } = digest("git-status-many-changes", 4000);
    // 1,854 chars, a status line and its totals on top: made again within 1,854 chars, and
    // laid out as 4,000 chars lays out a cut: 43 of the 48 names as printed, where numbered
    // lines showed 38.
    expect(text).not.toMatch(/numbered/);
    expect(text).toContain("\nOn branch main\nChanges to be committed:\n");
    expect(text.match(/^\tmodified: {3}/gm)?.length ?? 0).toBeGreaterThanOrEqual(43);
  });
});
