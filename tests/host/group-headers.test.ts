// A finding indented under the line that names its group (a linter's file, a suite)
// is shown with that line at the balanced level, on a real capture of the tuning
// part of the corpus: the model can tell which file each kept finding is in.
import { describe, expect, it } from "vitest";
import { compact } from "../../host/pipeline.js";
import { tuningFixture } from "./support/tuning-fixture.js";

describe("balanced level: an indented finding comes with its group's header", () => {
  it("names the file of each stylelint finding kept from the middle of its output", () => {
    const { input, hint } = tuningFixture("stylelint-mdbook-css");
    const text = compact(input, { level: "balanced" }, { hint }).llmContent;
    expect(text.length).toBeLessThanOrEqual(4000);
    const lines = input.output.toString("utf8").split("\n");
    // The numbered cut: the kept findings ("   6:1  ✖  …", indented) have their file's
    // line ("css/chrome-ae938929.css", at the margin) shown above them; a header that
    // no longer fits when its finding is chosen is left out (here one, of a file of one
    // finding), the finding is not.
    const shown = [...text.matchAll(/^(\d+): (.*)$/gm)].map((m) => Number(m[1]));
    const findings = shown.filter((n) => /^\s+\d+:\d+\s+✖/.test(lines[n - 1]));
    expect(findings.length).toBeGreaterThanOrEqual(10);
    const headerless = findings.filter((n) => {
      let h = n - 1;
      while (h > 0 && !/^\S/.test(lines[h - 1])) h--;
      return !shown.includes(h);
    });
    expect(headerless.length).toBeLessThanOrEqual(1);
    expect(text).toContain("css/general-2459343d.css");
    expect(text).toContain("css/variables-8adf115d.css");
  });
});
