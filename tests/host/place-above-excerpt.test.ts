// A compiler that prints its message under the excerpt it is about, with the place on a line
// of its own above the excerpt (gfortran), on a real capture of the tuning part of the corpus:
// each kept error shows where it is.
import { describe, expect, it } from "vitest";
import { compact } from "../../host/pipeline.js";
import { tuningFixture } from "./support/tuning-fixture.js";

describe("a message under its excerpt keeps the place above the excerpt", () => {
  it("shows each gfortran error with its file, line and column (gfortran -Wall, two errors among 81 warnings)", () => {
    const { meta, input, hint } = tuningFixture("gfortran-type-errors");
    const text = compact(input, { level: "balanced" }, { hint }).llmContent;
    expect(text.length).toBeLessThanOrEqual(4000);
    for (const line of meta.facts.errorLines) expect(text, line).toContain(line);
    // "src/inventory.f90:22:12:", an empty line and the excerpt stand above "Error: Cannot convert …".
    for (const place of meta.facts.mustKeep) expect(text, place).toContain(place);
    const lines = text.split("\n");
    const error = lines.findIndex((l) => l.includes("Error: Cannot convert CHARACTER(8) to REAL(4) at (1)"));
    expect(lines.slice(Math.max(0, error - 4), error).some((l) => l.includes("src/inventory.f90:22:12:"))).toBe(true);
  });
});
