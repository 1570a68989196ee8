// A run that exits non-zero while every line it flags says "warning" failed for those
// warnings (sphinx-build -W -n): they take the error lines' place, so the smallest budgets
// keep them before the run's progress lines. A linter's coded findings keep their rank.
import { describe, expect, it } from "vitest";
import { compact } from "../../host/pipeline.js";
import { tuningFixture } from "./support/tuning-fixture.js";

describe("a failed run whose flagged lines are warnings only", () => {
  it("keeps its warnings first at small budgets and names the first in the summary (sphinx-build -W)", () => {
    const { meta, input, hint } = tuningFixture("sphinx-build-nitpicky-warnings");
    const text = input.output.toString("utf8");
    expect(meta.exitCode).not.toBe(0);
    expect(text).not.toMatch(/\berror\b/i);
    const first = meta.facts.errorLines[0]!;
    expect(first).toContain("WARNING");
    for (const [budget, least] of [[600, 2], [800, 3]] as const) {
      const result = compact(input, { budget }, { hint });
      expect(result.llmContent.length).toBeLessThanOrEqual(budget);
      const kept = meta.facts.errorLines.filter((l) => result.llmContent.includes(l));
      expect(kept.length).toBeGreaterThanOrEqual(least);
    }
    const minimal = compact(input, { level: "minimal" }, { hint });
    expect(minimal.summary).toContain("WARNING");
    // The same output from a run that passed keeps them as warnings: none is its outcome.
    // (On most of its lines, they still come before its progress: small-budget-room.test.ts.)
    const passed = compact({ ...input, exitCode: 0 }, { budget: 800 }, { hint });
    expect(passed.metadata.facts.errors).toBe(0);
    expect(passed.metadata.facts.warnings).toBeGreaterThan(0);
    expect(passed.summary).not.toContain("WARNING");
  });

  it("leaves a linter's coded findings their rank (shellcheck)", () => {
    const { meta, input, hint } = tuningFixture("shellcheck-system-scripts");
    const result = compact(input, { level: "minimal" }, { hint });
    expect(result.metadata.facts.errors).toBe(0);
    expect(result.metadata.facts.warnings).toBeGreaterThan(0);
    expect(meta.exitCode).not.toBe(0);
  });

  it("leaves warnings their rank below located diagnostics that state no severity (erlc)", () => {
    // erlc labels its warnings ("Warning: variable 'Label' is unused") and not its errors
    // ("src/search.erl:12:10: function rank/2 undefined"): those are what the run failed for.
    const { meta, input, hint } = tuningFixture("erlc-unbound-variables");
    expect(meta.exitCode).not.toBe(0);
    expect(meta.facts.errorLines.every((l: string) => !/warning|error/i.test(l))).toBe(true);
    for (const budget of [600, 800]) {
      const result = compact(input, { budget }, { hint });
      expect(meta.facts.errorLines.filter((l: string) => result.llmContent.includes(l))).toEqual(meta.facts.errorLines);
    }
  });
});
