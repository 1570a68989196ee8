// A run whose first step was refused and whose last step succeeded: the line that says the
// request was refused ("Permission denied") holds no error word and is shaped like the debug
// lines around it, yet it is the run's news, on a real capture of the corpus's tuning part.
import { describe, expect, it } from "vitest";
import { compact } from "../../host/pipeline.js";
import { tuningFixture } from "./support/tuning-fixture.js";

describe("refused requests: lines that end saying permission was denied", () => {
  it("keeps the refused key of a client's debug log that succeeded in the end (ssh -vv)", () => {
    const { meta, input, hint } = tuningFixture("ssh-vv-loopback-key-refused");
    for (const [level, budget] of [["minimal", 800], ["balanced", 4000]] as const) {
      const text = compact(input, { level }, { hint }).llmContent;
      expect(text.length).toBeLessThanOrEqual(budget);
      expect(text, level).toContain("root@127.0.0.1: Permission denied (publickey).");
    }
    expect(meta.exitCode).toBe(0);
  });
});
