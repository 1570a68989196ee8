// A listing whose rows carry a state in a bracketed group ("[origin/x]", most of them)
// shows the rows whose state is rare ("[origin/x: gone]"), the rarest first, at both
// levels: on a real capture of the tuning part of the corpus.
import { describe, expect, it } from "vitest";
import { compact } from "../../host/pipeline.js";
import { tuningFixture } from "./support/tuning-fixture.js";

function seen(id: string, level: "minimal" | "balanced", budget: number) {
  const { input, hint } = tuningFixture(id);
  const text = compact(input, { level }, { hint }).llmContent;
  expect(text.length).toBeLessThanOrEqual(budget);
  return { text, rows: input.output.toString("utf8").split("\n") };
}

describe("rows whose bracketed group holds a rare state", () => {
  // 71 branches: 54 with an upstream in brackets, 37 of them plain, 11 "ahead N", 6 "gone".
  const gone = (rows: string[]) => rows.filter((r) => r.includes(": gone]"));

  it("keeps every branch whose upstream is gone within the balanced budget", () => {
    const { text, rows } = seen("git-branch-vv-tracking", "balanced", 4000);
    expect(gone(rows)).toHaveLength(6);
    for (const row of gone(rows)) expect(text).toContain(row);
  });

  it("reaches gone branches in the middle of the listing within the minimal budget, before any branch ahead of its upstream", () => {
    const { text, rows } = seen("git-branch-vv-tracking", "minimal", 800);
    // Lines 15 and 43: neither in the head nor in the tail of the listing.
    for (const n of [15, 43]) expect(text).toContain(`${n}: ${rows[n - 1]}`);
    expect(text).not.toContain(": ahead ");
  });
});
