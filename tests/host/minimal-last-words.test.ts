// A failed run whose lines hold no error word still ends with the complaint that stopped
// it ("cp: cannot stat …" under a script's bash -x trace): the minimal level (≈ 800 chars)
// keeps that last line, and the summary names it, on a real capture of the tuning part.
import { describe, expect, it } from "vitest";
import { compact } from "../../host/pipeline.js";
import { tuningFixture } from "./support/tuning-fixture.js";

describe("minimal level: a failed run's last words", () => {
  it("keeps the line a traced script stopped on (bash -x)", () => {
    const { meta, input, hint } = tuningFixture("bash-xtrace-deploy-missing-file");
    const result = compact(input, { level: "minimal" }, { hint });
    expect(result.llmContent.length).toBeLessThanOrEqual(800);
    const [complaint] = meta.facts.errorLines;
    expect(complaint).toBe("cp: cannot stat 'certs/search.pem': No such file or directory");
    // Line 169, the output's last: kept with its number.
    expect(result.llmContent).toContain(`169: ${complaint}`);
    expect(result.summary).toContain("cannot stat");
  });

  it("leaves the last line to the tail when the run succeeded", () => {
    const { input, hint } = tuningFixture("bash-xtrace-deploy-missing-file");
    const result = compact({ ...input, exitCode: 0 }, { level: "minimal" }, { hint });
    expect(result.summary).not.toContain("cannot stat");
  });

  it("keeps the sentence a failed run closes on beside the errors that led to it (dig)", () => {
    const { meta, input, hint } = tuningFixture("dig-f-local-resolver");
    const outcome = meta.facts.errorLines.find((l) => !l.includes("error"));
    expect(outcome).toBe(";; no servers could be reached");
    expect(input.output.toString("utf8").trimEnd().endsWith(`\n${outcome}`)).toBe(true);
    for (const budget of [800, 1200]) {
      const result = compact(input, { budget }, { hint });
      expect(result.llmContent.length).toBeLessThanOrEqual(budget);
      // The last line shown, with its number.
      expect(result.llmContent.trimEnd()).toMatch(new RegExp(`\\n\\d+: ${outcome}$`));
    }
  });

  it("keeps the located complaint a failed script stopped on, under the plots it drew (gnuplot)", () => {
    const { meta, input, hint } = tuningFixture("gnuplot-dumb-undefined-variable");
    const complaint = meta.facts.errorLines.find((l) => !l.includes("warning"));
    expect(complaint).toBe('"report.gp" line 20: undefined variable: scale');
    // The output's last line that is not blank; no keyword flags it.
    expect(input.output.toString("utf8").trimEnd().endsWith(`\n${complaint}`)).toBe(true);
    const result = compact(input, { level: "minimal" }, { hint });
    expect(result.llmContent.length).toBeLessThanOrEqual(800);
    expect(result.llmContent.trimEnd()).toMatch(new RegExp(`\\n89: ${complaint}$`));
  });
});
