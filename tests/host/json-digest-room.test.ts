// What JSON and NDJSON digests spend a small budget on, on real captures of the
// tuning part of the corpus: a failing record whole when focusing it would drop
// little of it.
import { describe, expect, it } from "vitest";
import { minimalOf, tuningFixture } from "./support/tuning-fixture.js";

describe("JSON digests at the minimal level", () => {
  it("shows a failing record of a job log whole, as the log wrote it (cat of a .jsonl)", () => {
    const { input } = tuningFixture("cat-jsonl-events-errors");
    const text = minimalOf("cat-jsonl-events-errors");
    const lines = input.output.toString("utf8").split("\n");
    // Line 1207 is the first of three failed jobs: focused, it would lose its duration and invoice.
    expect(text).toContain(`\n1207: ${lines[1206]}\n`);
    expect(lines[1206]).toContain('"status": "failed"');
  });
});
