// A line whose first word labels it a warning ("path:line: WARNING: …") stays a warning
// whatever words its text holds: on a real capture of the tuning part (sphinx-build -n -W
// --keep-going over a manual with broken references), thirty "WARNING: Failed to create a
// cross reference …" lines are warnings like the others, not failures that crowd out the
// rare warnings (an undefined label, a document missing from the toctree).
import { describe, expect, it } from "vitest";
import { compact } from "../../host/pipeline.js";
import { tuningFixture } from "./support/tuning-fixture.js";

const ID = "sphinx-build-nitpicky-warnings";

describe("warnings labelled as such", () => {
  it("shows each rare warning of sphinx-build's rather than thirty copies of one that says 'Failed'", () => {
    const { input, hint, meta } = tuningFixture(ID);
    const text = compact(input, { level: "balanced" }, { hint }).llmContent;
    expect(text.length).toBeLessThanOrEqual(4000);
    expect(text).toMatch(/^exit 1 \(failed\)/);
    const failedCopies = text.split("\n").filter((l) => l.includes("WARNING: Failed to create a cross reference")).length;
    // The run failed for its warnings: they are ranked as its errors, a message's copies
    // from both ends after every rare one, a third of the thirty at most.
    expect(failedCopies).toBeLessThanOrEqual(10);
    // Every located warning the facts name (a file's line, then the label) is shown.
    const located = meta.facts.errorLines.filter((l) => /^\S+:\d+: WARNING: /.test(l));
    expect(located.length).toBeGreaterThanOrEqual(7);
    for (const line of located) expect(text, line).toContain(line);
  });
});
