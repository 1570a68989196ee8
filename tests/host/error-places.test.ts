// When a failure's error lines do not all fit, the ones a reader needs are kept, on real
// captures of the tuning part of the corpus: a rare message's every place before a second
// copy of a flood's, the user's own lines before a library's, and a formatter's lines
// before its per-file list.
import { describe, expect, it } from "vitest";
import { compact } from "../../host/pipeline.js";
import { tuningFixture } from "./support/tuning-fixture.js";

const BUDGET = { minimal: 800, balanced: 4000 } as const;

function digest(id: string, level: keyof typeof BUDGET) {
  const { meta, input, hint } = tuningFixture(id);
  const text = compact(input, { level }, { hint }).llmContent;
  expect(text.length).toBeLessThanOrEqual(BUDGET[level]);
  return { meta, text };
}

describe("error lines that do not all fit: the ones a reader needs", () => {
  it("shows every place of the rarer messages before more copies of a flood's (mypy --strict)", () => {
    // 173 errors, 150 of them "Function is missing a type annotation" or "Call to untyped
    // function"; the others (union-attr at eight places, assignment at five, …) are each a fix.
    const { meta, text } = digest("mypy-strict-untyped-module", "balanced");
    for (const line of meta.facts.errorLines) expect(text, line).toContain(line);
    expect(text).toContain('pycodestyle.py:1954: error: Item "None" of "Optional[BaseException]" has no attribute "args"  [union-attr]');
  });

  it("shows the user's line that repeats a message before the library headers' errors (g++ templates)", () => {
    // "use of deleted function ‘PriceIndex::PriceIndex()’" at price_index.cpp:36:42 and again at
    // 56:14, between two dozen errors placed in /usr/include/c++/12/bits/.
    for (const level of ["minimal", "balanced"] as const) {
      const { text } = digest("gpp-template-errors", level);
      expect(text, level).toContain("price_index.cpp:56:14: error: use of deleted function ‘PriceIndex::PriceIndex()’");
    }
    const { meta, text } = digest("gpp-template-errors", "balanced");
    for (const line of meta.facts.errorLines) expect(text, line).toContain(line);
  });

  it("shows every one of a formatter's error lines when they fit the room its file list would take (isort --diff)", () => {
    const { meta, text } = digest("isort-check-diff-stdlib", "balanced");
    for (const line of meta.facts.errorLines) expect(text, line).toContain(line);
    // At the minimal level the first ones, read first, and the last.
    const small = digest("isort-check-diff-stdlib", "minimal").text;
    expect(small).toContain(meta.facts.errorLines[0]);
    expect(small).toContain(meta.facts.errorLines[meta.facts.errorLines.length - 1]);
  });
});
