// A failed run that closes with lines of advice under one label ("hint: …" after the
// error that stopped it) keeps its failures before that advice at the minimal level
// (≈ 800 chars), on a real capture of the corpus's tuning part.
import { describe, expect, it } from "vitest";
import { compact } from "../../host/pipeline.js";
import { tuningFixture } from "./support/tuning-fixture.js";

describe("minimal level: advice after the last failure waits", () => {
  it("keeps every conflict of a cherry-pick before the hints that follow its error (git cherry-pick)", () => {
    const { meta, input, hint } = tuningFixture("git-cherry-pick-conflict");
    const text = compact(input, { level: "minimal" }, { hint }).llmContent;
    expect(text.length).toBeLessThanOrEqual(800);
    for (const line of meta.facts.errorLines) expect(text, line).toContain(line);
    expect(text).toContain("error: could not apply 3d93ac0");
  });
});
