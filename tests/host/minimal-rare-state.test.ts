// The minimal level keeps a table's rows in a rare state (CrashLoop among 82 rows Running),
// as printed, before head and tail rows: on a real capture of the tuning part of the corpus.
import { describe, expect, it } from "vitest";
import { minimalOf, tuningFixture } from "./support/tuning-fixture.js";

describe("minimal level: a table's rows in a rare state", () => {
  it("shows the rows whose state column holds a rare word, padding and all (column -t)", () => {
    const text = minimalOf("column-t-inventory");
    const { meta } = tuningFixture("column-t-inventory");
    const crashLoops = meta.facts.errorLines;
    expect(crashLoops.length).toBe(6);
    const kept = crashLoops.filter((row) => text.includes(row));
    // The room is 800 chars: most of the six rows fit, before a third tail row does.
    expect(kept.length).toBeGreaterThanOrEqual(5);
    expect(text).toContain(meta.facts.mustKeep[0]);
    // Rows in the usual state are still squeezed: their padding is not kept.
    expect(text).toMatch(/^\d+: lyon {2}search {2}2\.1\.19/m);
  });

  it("leaves a phrase's last word to head and tail (file's types: '… ASCII text' among '… symbolic link to git')", () => {
    const text = minimalOf("file-types-git-core");
    expect(text).toContain("/usr/lib/git-core/scalar");
  });
});
