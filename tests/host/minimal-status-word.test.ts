// A failed run whose failures carry no error word but a status word in capitals at the
// margin ("CONFLICT (content): …" among "Auto-merging …" lines) keeps them at the minimal
// level (≈ 800 chars), on a real capture of the corpus's tuning part.
import { describe, expect, it } from "vitest";
import { compact } from "../../host/pipeline.js";
import { tuningFixture } from "./support/tuning-fixture.js";

describe("minimal level: failures stated by a status word", () => {
  it("keeps a merge's conflicts rather than the files it merged (git merge)", () => {
    const { meta, input, hint } = tuningFixture("git-merge-conflicts");
    const text = compact(input, { level: "minimal" }, { hint }).llmContent;
    expect(text.length).toBeLessThanOrEqual(800);
    expect(text).toContain("CONFLICT (add/add): Merge conflict in services/budget.py");
    expect(text).toContain("CONFLICT (modify/delete): services/legacy_export.py deleted");
    // Nine conflicts, each ~60 chars with its number: most of them fit, before any
    // "Auto-merging" line from the middle of the output.
    const kept = meta.facts.errorLines.filter((line) => text.includes(line));
    expect(kept.length).toBeGreaterThanOrEqual(6);
    expect(text).not.toMatch(/^(2\d|3\d|4\d): Auto-merging/m);
  });

  it("leaves the same lines alone when the run succeeded", () => {
    const { input, hint } = tuningFixture("git-merge-conflicts");
    const text = compact({ ...input, exitCode: 0 }, { level: "minimal" }, { hint }).llmContent;
    expect(text.match(/^\d+: CONFLICT \(content\)/gm)?.length ?? 0).toBeLessThan(5);
  });
});
