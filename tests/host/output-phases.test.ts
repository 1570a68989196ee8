// A tool that prints its warnings and then a long run of progress steps ("Building member
// list...", "Computing class relations...", each unlike the warnings and unlike the others)
// has started a new phase there, not broken the warnings' rhythm some eighty times: on a
// real capture of the tuning part of the corpus, the balanced level spends its room on
// the warnings that say something new rather than on the steps.
import { describe, expect, it } from "vitest";
import { compact } from "../../host/pipeline.js";
import { tuningFixture } from "./support/tuning-fixture.js";

const ID = "doxygen-undocumented-library";
const DIR = `/tmp/abridge-corpus/${ID}/include`;

describe("a long run of rhythm-breaking lines is a phase of the output", () => {
  const { input, hint } = tuningFixture(ID);
  const lines = input.output.toString("utf8").split("\n");
  const text = compact(input, { level: "balanced" }, { hint }).llmContent;
  const shown = new Set(text.split("\n"));

  it("keeps the rare warnings of each file (balanced)", () => {
    expect(text.length).toBeLessThanOrEqual(4000);
    for (const file of ["catalog", "ledger", "search"]) {
      expect(text, file).toContain(`${DIR}/${file}.h:`);
      expect(text, file).toMatch(new RegExp(`${file}\\.h:\\d+: warning: argument 'ident' of command @param is not found`));
    }
    expect(text).toContain(`${DIR}/pricing.h:42: warning: explicit link request to 'pricing_quote' could not be resolved`);
  });

  it("shows few of the progress steps between the warnings and the last lines", () => {
    // Lines 203–288: the steps after the last warning, before the tail the cut keeps anyway.
    const steps = lines.slice(202, 288).filter((l) => /^[A-Z][a-z]+ .*\.\.\.$/.test(l));
    expect(steps.length).toBeGreaterThan(60);
    expect(steps.filter((l) => shown.has(l)).length).toBeLessThanOrEqual(2);
  });
});
