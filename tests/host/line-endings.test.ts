// Lines that end alike (a verdict per item: `sha256sum -c`'s "…: OK", `file`'s "…: symbolic link
// to …") are counted under the status line from the whole output, at the smallest level too:
// the model reads the total instead of counting a cut list.
import { describe, expect, it } from "vitest";
import { compact } from "../../host/pipeline.js";
import { tuningFixture } from "./support/tuning-fixture.js";

function statusLine(id: string, level: "minimal" | "balanced"): string {
  const { input, hint } = tuningFixture(id);
  return compact(input, { level }, { hint }).llmContent.split("\n")[0]!;
}

describe("lines that end alike are counted in the status line", () => {
  it("counts a checker's verdicts after each file's colon (sha256sum -c)", () => {
    // grep -c ': OK$' output: 317; the three FAILED lines are too few to count.
    // At minimal the count of lines is the marker's; the count that opens the totals is stated against it.
    expect(statusLine("sha256sum-check-failed", "minimal")).toBe('exit 1 · 317 of 323 lines "…: OK"');
    // Above the minimal level its two closing warnings are counted too (grep -c '^sha256sum: WARNING: ' output: 2).
    expect(statusLine("sha256sum-check-failed", "balanced")).toBe('exit 1 (failed) · 323 lines · 2 warnings · 317 lines "…: OK"');
  });

  it("counts a classifier's kinds by their shared words (file)", () => {
    // grep -c 'symbolic link to' output: 140 (137 to git, 3 to git-remote-http), quoted to the shared words.
    const status = statusLine("file-types-git-core", "minimal");
    expect(status).toContain('140 lines "…: symbolic link to …"');
    expect(status).not.toContain("symbolic link to git");
  });

  it("states every line its quote stands for, not only those whose last separator the tally read", () => {
    // The output itself says how many lines a stated ending stands for: jdeps prints a last
    // "guice.jar -> not found" whose ending follows an arrow, not a gap; and one of file(1)'s
    // shell scripts ends in a size after the shared words.
    const lines = (id: string) => tuningFixture(id).input.output.toString().split("\n");
    const notFound = lines("jdeps-package-not-found").filter((l) => / not found$/.test(l)).length;
    expect(statusLine("jdeps-package-not-found", "minimal")).toContain(`${notFound} lines "… not found"`);
    const scripts = lines("file-types-git-core").filter((l) => /:\s+POSIX shell script, ASCII text/.test(l)).length;
    expect(statusLine("file-types-git-core", "minimal")).toContain(`${scripts} lines "…: POSIX shell script, ASCII text …"`);
  });

  it("states no ending for a log whose line ends differ by a number (git log --oneline)", () => {
    expect(statusLine("git-log-graph-oneline", "minimal")).toBe("exit 0 · 301 commits");
  });
});
