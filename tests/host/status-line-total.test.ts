// Under a small budget the status line of a cut may leave its count of lines to the cut's
// marker ("exit 1" over "[...248 chars omitted...] 1 of 6 lines shown, numbered"): whatever
// the budget, an output under a status still states how many lines there are in all, on real
// captures of the tuning part of the corpus. A marker too small for its numbers ("[...3,761
// chars omitted...]"), a body that holds no line, a range marker or a text kept whole leave it
// to the status.
import { describe, expect, it } from "vitest";
import { compact } from "../../host/pipeline.js";
import { tuningFixture } from "./support/tuning-fixture.js";

/** The fixture's count of lines as the status writes it ("1,129"). */
function linesOf(text: string): string {
  const lines = text.split("\n");
  if (lines[lines.length - 1] === "") lines.pop();
  return lines.length.toLocaleString("en-US");
}

describe("status line: a cut states the lines in all at every small budget", () => {
  for (const id of ["make-n-missing-source", "makeinfo-broken-references", "ninja-cmake-compile-errors", "make-k-c-project-errors"]) {
    it(`${id}, budgets 30 to 420`, () => {
      const { input, hint } = tuningFixture(id);
      const total = linesOf(input.output.toString("utf8"));
      let cuts = 0;
      let leftToMarker = 0;
      for (let budget = 30; budget <= 420; budget++) {
        const out = compact(input, { budget }, { hint }).llmContent;
        const status = out.split("\n")[0]!;
        // A text that fits whole may come without a status; any status states the lines in all.
        if (!status.startsWith("exit ")) continue;
        cuts++;
        const inStatus = new RegExp(`^(exit \\d+ · )?([\\d,]+ of )?${total} lines?\\b`).test(status);
        const inMarker = out.includes(` of ${total} lines shown`);
        expect(inStatus || inMarker, `${budget}: ${JSON.stringify(out.slice(0, 200))}`).toBe(true);
        if (!inStatus) leftToMarker++;
      }
      expect(cuts).toBeGreaterThan(240);
      if (id === "makeinfo-broken-references") expect(leftToMarker).toBeGreaterThan(0);
    });
  }

  it("says of how many lines when the totals open with a count of lines of their own (make -n)", () => {
    const { input, hint } = tuningFixture("make-n-missing-source");
    for (const budget of [120, 200, 400, 600]) {
      const status = compact(input, { budget }, { hint }).llmContent.split("\n")[0]!;
      // 34 of its 38 lines echo one command: "exit 2 · 34 lines …" alone would read as its length.
      expect(status, String(budget)).toMatch(/^exit 2 · (34 of 38 lines|38 lines · 34 lines) "gcc /);
    }
  });
});
