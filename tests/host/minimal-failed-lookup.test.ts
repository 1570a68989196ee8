// A listing of lookups that succeeded, exit status 0, with a few that failed: lines that
// end saying their subject is "not found" are errors though no error word is in them, on
// real captures of the corpus's tuning part.
import { describe, expect, it } from "vitest";
import { compact } from "../../host/pipeline.js";
import { tuningFixture } from "./support/tuning-fixture.js";

function digest(id: string, level: "minimal" | "balanced", budget: number) {
  const { meta, input, hint } = tuningFixture(id);
  const result = compact(input, { level }, { hint });
  expect(result.llmContent.length).toBeLessThanOrEqual(budget);
  return { meta, text: result.llmContent };
}

describe("failed lookups: lines that end saying something is not found", () => {
  it("keeps a missing library among the ones found at the minimal level (ldd)", () => {
    const { meta, text } = digest("ldd-library-not-found", "minimal", 800);
    // Seven programs miss the same library: one line states it for all of them.
    expect(text).toMatch(/^\d+: \tlibshoptax\.so\.1 => not found$/m);
    expect(meta.exitCode).toBe(0);
  });

  it("reaches every missing package of a dependency listing at the balanced level (jdeps)", () => {
    const { meta, text } = digest("jdeps-package-not-found", "balanced", 4000);
    for (const s of meta.facts.mustKeep) expect(text, s).toContain(s);
  });
});
