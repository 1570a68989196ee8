// A line whose first word a tenth of the output's main first word holds breaks the output's
// rhythm, though it holds more than a sixteenth of the lines: git fsck's five "missing blob …"
// lines among fifty-four "dangling …" ones are what the check found wrong.
import { describe, expect, it } from "vitest";
import { compact } from "../../host/pipeline.js";
import { tuningFixture } from "./support/tuning-fixture.js";

function digest(id: string, level: "minimal" | "balanced", budget: number) {
  const { meta, input, hint } = tuningFixture(id);
  const text = compact(input, { level }, { hint }).llmContent;
  expect(text.length).toBeLessThanOrEqual(budget);
  return { meta, text };
}

describe("a first word rare beside the output's main one", () => {
  it("keeps every missing object of git fsck at the balanced level, and one at the minimal level", () => {
    const balanced = digest("git-fsck-missing-blobs", "balanced", 4000);
    const missing = balanced.meta.facts.errorLines.filter((l) => l.startsWith("missing blob "));
    expect(missing).toHaveLength(5);
    for (const line of balanced.meta.facts.errorLines) expect(balanced.text, line).toContain(line);
    const minimal = digest("git-fsck-missing-blobs", "minimal", 800);
    expect(minimal.text).toMatch(/^\d+: missing blob [0-9a-f]{40}$/m);
  });
});
