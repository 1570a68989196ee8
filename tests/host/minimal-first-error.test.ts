// What a failed run's first error slot goes to at the minimal level (≈ 800 chars), on
// real captures of the tuning part of the corpus: a line its log level marks as a notice
// gives up the first slot to a real error.
import { describe, expect, it } from "vitest";
import { compact } from "../../host/pipeline.js";
import { tuningFixture } from "./support/tuning-fixture.js";

const MINIMAL = 800;

function minimal(id: string) {
  const { input, hint } = tuningFixture(id);
  const result = compact(input, { level: "minimal" }, { hint });
  expect(result.llmContent.length).toBeLessThanOrEqual(MINIMAL);
  return result;
}

/** The numbers of the lines a numbered cut shows ("12: text"). */
function shownLines(text: string): number[] {
  return [...text.matchAll(/^(\d+): /gm)].map((m) => Number(m[1]));
}

describe("minimal level: the first error is a failure, not a notice", () => {
  it("does not spend the first error slot on an INFO line that names a setting (mvn)", () => {
    const { llmContent: text } = minimal("mvn-offline-compile-failure");
    // Line 1 is "[INFO] Error stacktraces are turned on.": a setting, not the build's failure.
    expect(text).not.toContain("Error stacktraces are turned on");
    expect(shownLines(text)).not.toContain(1);
    // The first compile error and the other distinct messages are shown.
    expect(text).toContain("Dunning.java:[8,43] cannot find symbol");
    expect(text).toContain("VatCalculator.java:[16,35] incompatible types");
  });

  it("keeps a notice that states the outcome at the end in the last slot (a worker's log)", () => {
    const { llmContent: text } = minimal("python-worker-traceback-middle");
    expect(text).toContain("ERROR   worker [job 1210] job crashed");
    expect(text).toContain("KeyError: 'r40'");
    expect(text).toContain("INFO    worker [job -] finished: 3000 jobs, 1 failed (1210)");
  });
});
