// Output shaped like search results whose matches all lie in one file (a checker's
// `file:line: message` findings) is shown line for line as printed, not regrouped under
// the file's name, and the lines of no match's shape (the checker's totals) come first.
// The checker's lines come from a script run by its path, whose text alone says what it is:
// run as `msgfmt -c`, the program named, they are its diagnostics (classify-named-program.test.ts).
import { describe, expect, it } from "vitest";
import { compact } from "../../host/pipeline.js";
import { MINIMAL, tuningFixture } from "./support/tuning-fixture.js";

const ID = "msgfmt-check-fr";

/** The fixture's output as a script run by its path printed it, at `level`. */
function fromScript(level: "minimal" | "balanced") {
  const { meta, input, hint } = tuningFixture(ID);
  return { meta, input, text: compact({ ...input, args: { command: "./check-po.sh fr.po" } }, { level }, { hint }).llmContent };
}

describe("search-shaped findings in one file", () => {
  it("shows the totals and the first findings verbatim at the minimal level (msgfmt -c)", () => {
    const { text } = fromScript("minimal");
    expect(text.length).toBeLessThanOrEqual(MINIMAL);
    expect(text).toContain("msgfmt: found 45 fatal errors");
    expect(text).toContain("216 translated messages, 24 untranslated messages.");
    expect(text).toContain("fr.po:28: format specifications in 'msgid' and 'msgstr' for argument 1 are not the same");
    expect(text).not.toMatch(/^fr\.po( \(\d+ of \d+\))?:$/m);
  });

  it("keeps nearly every finding as printed at the balanced level, and counts the rest", () => {
    const { meta, input, text } = fromScript("balanced");
    expect(text.length).toBeLessThanOrEqual(4000);
    const kept = meta.facts.errorLines.filter((line) => text.includes(line));
    expect(kept.length).toBeGreaterThanOrEqual(meta.facts.errorLines.length - 3);
    const findings = input.output.toString("utf8").split("\n").filter((l) => l.startsWith("fr.po:"));
    const shown = findings.filter((l) => text.includes(l + "\n")).length;
    expect(text).toContain(`[...${findings.length - shown} more matches in 1 file not shown]`);
  });
});
