// Above the small budget a command that succeeded leaves its weaker rhythm breaks to head and
// tail, marked gap by gap, so a larger budget can leave out flagged lines a smaller one shows.
// It shows them, numbered, only when that layout keeps every one of them, no fewer flagged
// lines in all, and leaves out no more of the marked layout's lines than the flagged lines it
// wins back. A spell checker's report (hunspell, exit 0) at the balanced budget is the case
// it refuses: numbered, it would win back five misspellings the small budget shows
// ("docs/fjell.md:5: Locate: maintainance | Try: maintenance") and leave out ten lines the
// marked layout shows, two of them misspellings too.
import { describe, expect, it } from "vitest";
import { compact } from "../../host/pipeline.js";
import { tuningFixture } from "./support/tuning-fixture.js";

function keptAt(id: string, budget: number): { text: string; errorLines: string[] } {
  const { meta, input, hint } = tuningFixture(id);
  const text = compact(input, { budget }, { hint }).llmContent;
  expect(text.length).toBeLessThanOrEqual(budget);
  return { text, errorLines: meta.facts.errorLines };
}

describe("a larger budget wins back the flagged lines a smaller one keeps only for no more of its own", () => {
  it("keeps a spell checker's report marked at the balanced budget rather than trade ten of its lines for five misspellings", () => {
    const small = keptAt("hunspell-docs-misspellings", 2_000);
    const balanced = keptAt("hunspell-docs-misspellings", 4_000);
    const shown = small.errorLines.filter((line) => small.text.includes(line));
    // The smaller budget shows rare misspellings from the middle of the report, which the
    // balanced budget's head and tail leave out.
    expect(shown).toContain("docs/fjell.md:5: Locate: maintainance | Try: maintenance");
    expect(balanced.text).not.toContain("docs/fjell.md:5: Locate: maintainance");
    // The numbered layout would win those back; the marked one is kept.
    expect(balanced.text).not.toMatch(/lines shown, numbered/);
  });
});
