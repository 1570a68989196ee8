// A context diff (`diff -c -r`, real capture of the tuning part) is read as one: its files and
// the lines it changed, not each hunk's "--- 1,4 ----" taken for a file of its own.
import { describe, expect, it } from "vitest";
import { compact } from "../../host/pipeline.js";
import { tuningFixture } from "./support/tuning-fixture.js";

describe("Diff digest of a context diff", () => {
  it("states the files and the changes diff -u counts for the same pair, and names every file", () => {
    const { meta, input, hint } = tuningFixture("diff-c-r-logging-package");
    const { files, insertions, deletions } = meta.facts.counts as Record<string, number>;
    for (const level of ["minimal", "balanced"] as const) {
      const result = compact(input, { level }, { hint });
      expect(result.category).toBe("Diff");
      expect(result.llmContent.startsWith(`${files} files changed, +${insertions}/-${deletions}\n`), level).toBe(true);
      for (const path of meta.facts.mustKeep) expect(result.llmContent, `${level}: ${path}`).toContain(path);
    }
  });

  it("shows hunks from their old side's header, and none of the stars between them", () => {
    const { input, hint } = tuningFixture("diff-c-r-logging-package");
    const text = compact(input, { level: "balanced" }, { hint }).llmContent;
    expect(text).toContain("\n*** 1,4 ****\n! # Copyright 2001-2019 by Vinay Sajip. All Rights Reserved.\n");
    expect(text).not.toContain("***************");
  });
});
