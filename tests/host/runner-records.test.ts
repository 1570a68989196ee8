// A test runner's records that open like grep hits (`tests/check_tax.c:25:F:core:test_tax_step_3:0: …`):
// the one-letter status after the line number marks them as a runner's verdicts, so the
// output is a command's, and its failures are kept rather than each file's first match.
import { describe, expect, it } from "vitest";
import { classify } from "../../host/core-api.js";
import { compact } from "../../host/pipeline.js";
import { tuningFixture } from "./support/tuning-fixture.js";

describe("a runner's `path:line:F:` records are not grep hits (Check)", () => {
  const { meta, input, hint } = tuningFixture("check-suite-failures");
  const failures = meta.facts.errorLines.filter((l) => /:[FE]:/.test(l));

  it("reads the run as a command's output", () => {
    expect(classify(input.tool, input.args, input.output.toString("utf8"))).toBe("CommandOutput");
  });

  it("keeps every failure and the run's total at the minimal level", () => {
    const text = compact(input, { level: "minimal" }, { hint }).llmContent;
    expect(text.length).toBeLessThanOrEqual(800);
    expect(failures.length).toBe(4);
    for (const line of failures) expect(text).toContain(line);
    expect(text).toContain("96%: Checks: 126, Failures: 3, Errors: 1");
    expect(text).not.toMatch(/^Found \d+ matches/m);
  });
});
