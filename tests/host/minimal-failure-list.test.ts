// A failed test run that closes with a list of its failures, one place per line and no
// error word ("crystal spec spec/tax_spec.cr:29 # …" under "Failed examples:"), keeps that
// list at the minimal level (≈ 800 chars), on a real capture of the corpus's tuning part.
import { describe, expect, it } from "vitest";
import { compact } from "../../host/pipeline.js";
import { tuningFixture } from "./support/tuning-fixture.js";

describe("minimal level: the list of failures a run closes with", () => {
  it("keeps the failed examples' places rather than more of a stack trace (crystal spec)", () => {
    const { meta, input, hint } = tuningFixture("crystal-spec-failures");
    const text = compact(input, { level: "minimal" }, { hint }).llmContent;
    expect(text.length).toBeLessThanOrEqual(800);
    const places = meta.facts.errorLines.filter((line) => line.startsWith("crystal spec "));
    expect(places.length).toBe(6);
    const kept = places.filter((line) => text.includes(line));
    expect(kept.length).toBeGreaterThanOrEqual(5);
  });

  it("leaves the list to the budget's order when the run succeeded", () => {
    const { input, hint } = tuningFixture("crystal-spec-failures");
    const text = compact({ ...input, exitCode: 0 }, { level: "minimal" }, { hint }).llmContent;
    expect(text.match(/^\d+: crystal spec spec\//gm)?.length ?? 0).toBeLessThan(5);
  });
});
