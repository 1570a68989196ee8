// A line that ends with the C library's "No such file or directory" reports a path a program
// looked up and did not find, in whatever format the program prints: at the minimal level it
// is kept as an error while few lines say so, and where most entries of a check say it, it is
// the check's rhythm and leaves room for the entries the program itself marked as errors.
import { describe, expect, it } from "vitest";
import { minimalOf } from "./support/tuning-fixture.js";

describe("minimal level: a path that does not exist", () => {
  it("keeps the component a walk of paths stopped at (namei -l through a dangling link)", () => {
    const text = minimalOf("namei-l-release-links");
    expect(text).toContain("                       2024.02.9 - No such file or directory");
    expect(text).toContain("                     routes.ini - No such file or directory");
  });

  it("keeps the entries marked errors where most entries say a path is missing (findmnt --verify)", () => {
    const text = minimalOf("findmnt-verify-fstab");
    expect(text.match(/\[E\] unreachable on boot required source: LABEL=/g)?.length ?? 0).toBeGreaterThanOrEqual(3);
    expect(text.match(/\[W\] unreachable source: .*: No such file or directory/g)?.length ?? 0).toBeLessThanOrEqual(2);
  });
});
