// A closing total may state a share of a whole ("processed: 64/600") or count what a name
// with digits names ("Non-2xx responses: 40"): on a real capture of the tuning part, the
// minimal level keeps such a total as it keeps "number of clients: 4".
import { describe, expect, it } from "vitest";
import { compact } from "../../host/pipeline.js";
import { tuningFixture } from "./support/tuning-fixture.js";

describe("minimal level: totals stated as a share", () => {
  it("keeps the share of transactions a benchmark that failed part-way processed (pgbench)", () => {
    const { input, hint } = tuningFixture("pgbench-script-fails");
    const text = compact(input, { level: "minimal" }, { hint }).llmContent;
    expect(text.length).toBeLessThanOrEqual(800);
    expect(text).toMatch(/^\d+: number of transactions actually processed: 64\/600$/m);
    // And the failure that stopped it.
    expect(text).toContain("pgbench: error: Run was aborted; the above results are incomplete.");
  });
});
