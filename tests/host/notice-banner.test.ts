// Under a small budget an error line its log level marks a notice waits behind the failures'
// key lines; a notice whose message is a banner in capitals states the run's outcome and
// does not wait (Maven prints "[INFO] BUILD FAILURE" between its compiler's errors and its
// own "[ERROR] Failed to execute goal …"), on a real capture of the tuning part of the corpus.
import { describe, expect, it } from "vitest";
import { compact } from "../../host/pipeline.js";
import { tuningFixture } from "./support/tuning-fixture.js";

describe("small budget: a notice in capitals states the outcome", () => {
  it("keeps Maven's BUILD FAILURE at most budgets from 600 to 1,975 chars", () => {
    const { input, hint } = tuningFixture("mvn-offline-compile-failure");
    let banner = 0;
    let budgets = 0;
    for (let budget = 600; budget <= 1975; budget += 25) {
      const out = compact(input, { budget }, { hint }).llmContent;
      budgets++;
      if (/^\d+: \[INFO\] BUILD FAILURE$/m.test(out)) banner++;
    }
    // Waiting with the notices, it is shown at 26 of the 56 budgets.
    expect(budgets).toBe(56);
    expect(banner).toBeGreaterThanOrEqual(36);
  });
});
