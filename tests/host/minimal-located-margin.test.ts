// A failed scanner whose lines at the margin are mostly "path:line: message" hits, each over
// indented advice (flawfinder on a real capture of the corpus's tuning part): the hits are its
// diagnostics, counted among the lines at the margin, and the minimal level (≈ 800 chars)
// spends its room on them rather than on the head's banner and the advice under one hit.
import { describe, expect, it } from "vitest";
import { compact } from "../../host/pipeline.js";
import { tuningFixture } from "./support/tuning-fixture.js";

describe("minimal level: located hits over indented advice are a failed run's error lines", () => {
  it("keeps most of a scanner's hits of the highest level (flawfinder)", () => {
    const { meta, input, hint } = tuningFixture("flawfinder-c-daemon");
    const text = compact(input, { level: "minimal" }, { hint }).llmContent;
    expect(text.length).toBeLessThanOrEqual(800);
    const kept = meta.facts.errorLines.filter((line) => text.includes(line));
    // Counted among all the lines, advice included, the hits would be a minority, and only two
    // would be kept; at the margin they are most of the lines, the run's errors.
    expect(kept.length).toBeGreaterThanOrEqual(6);
    expect(text).not.toContain("Flawfinder version");
  });
});
