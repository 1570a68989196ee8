// Totals a model would otherwise count, stated once at the top, exactly, on real
// captures of the corpus's tuning part.
import { describe, expect, it } from "vitest";
import { compact } from "../../host/pipeline.js";
import { tuningFixture } from "./support/tuning-fixture.js";

function run(id: string, level: "minimal" | "balanced") {
  const { input, hint } = tuningFixture(id);
  return { input, text: compact(input, { level }, { hint }).llmContent };
}

describe("an array of records that each count their own", () => {
  it.each(["minimal", "balanced"] as const)("states the sum of a linter's per-file error counts at %s (eslint -f json, 20 errors in 24 files)", (level) => {
    const { text } = run("eslint-json-format", level);
    expect(text).toMatch(/"…\+\d+ items \(24 in all; errorCount 20 in all\)"/);
    expect(text.length).toBeLessThanOrEqual(level === "minimal" ? 800 : 4000);
  });
});
