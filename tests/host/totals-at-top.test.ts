// Totals a model would otherwise count, stated once at the top, exactly, on real
// captures of the corpus's tuning part.
import { describe, expect, it } from "vitest";
import { compact } from "../../host/pipeline.js";
import { tuningFixture } from "./support/tuning-fixture.js";

function run(id: string, level: "minimal" | "balanced") {
  const { input, hint } = tuningFixture(id);
  return { input, text: compact(input, { level }, { hint }).llmContent };
}

describe("a list that flags no error, longer than a screenful", () => {
  it("states its entries on top even when that costs a few of its lines (git status, 48 changes in 52 lines)", () => {
    const { input, text } = run("git-status-many-changes", "balanced");
    expect(text.split("\n")[0]).toBe("exit 0 · 52 lines · Changes to be committed: 48 entries");
    // No result is longer than the output it replaces.
    expect(text.length).toBeLessThanOrEqual(input.output.length);
    expect(text).toContain("On branch main\nChanges to be committed:\n");
  });

  it("leaves a failed build that fits whole as it is: its error lines weigh more than a headline", () => {
    const { input, text } = run("cargo-build-type-errors", "balanced");
    expect(text).toBe(input.output.toString("utf8"));
  });
});

describe("an array of records that each count their own", () => {
  it.each(["minimal", "balanced"] as const)("states the sum of a linter's per-file error counts at %s (eslint -f json, 20 errors in 24 files)", (level) => {
    const { text } = run("eslint-json-format", level);
    expect(text).toMatch(/"…\+\d+ items \(24 in all; errorCount 20 in all\)"/);
    expect(text.length).toBeLessThanOrEqual(level === "minimal" ? 800 : 4000);
  });
});
