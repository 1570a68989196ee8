// Above the small budget a command that succeeded leaves its weaker rhythm breaks to head and
// tail, marked gap by gap, so a larger budget can leave out flagged lines a smaller one shows.
// It shows them, numbered, when that layout keeps every one of them, no fewer flagged lines in
// all, and fewer lines in all by no more than the flagged lines it wins back. A spell checker's
// report (hunspell, exit 0) flags its rare misspellings that way only ("docs/fjell.md:5:
// Locate: maintainance | Try: maintenance" among fifty-six "Locate: neighbour | Try:
// neighbor"): the small budget shows them, and so does the balanced one.
import { describe, expect, it } from "vitest";
import { compact } from "../../host/pipeline.js";
import { tuningFixture } from "./support/tuning-fixture.js";

function keptAt(id: string, budget: number): { text: string; errorLines: string[] } {
  const { meta, input, hint } = tuningFixture(id);
  const text = compact(input, { budget }, { hint }).llmContent;
  expect(text.length).toBeLessThanOrEqual(budget);
  return { text, errorLines: meta.facts.errorLines };
}

describe("a larger budget wins back the flagged lines a smaller one keeps", () => {
  it("keeps at the balanced budget every misspelling a spell checker's report shows at 2,000 chars", () => {
    const small = keptAt("hunspell-docs-misspellings", 2_000);
    const balanced = keptAt("hunspell-docs-misspellings", 4_000);
    const shown = small.errorLines.filter((line) => small.text.includes(line));
    // The smaller budget shows the rare misspellings from the middle of the report too.
    expect(shown).toContain("docs/fjell.md:5: Locate: maintainance | Try: maintenance");
    for (const line of shown) expect(balanced.text).toContain(line);
    // And no fewer of them in all than the marked layout's head and tail would.
    expect(balanced.errorLines.filter((line) => balanced.text.includes(line)).length).toBeGreaterThanOrEqual(shown.length);
  });
});
