// A failed run's program names itself before each message it writes to stderr, keyword or
// not: on a real capture of the tuning part (m4 expanding an HTML template with its macros
// traced, stopped by an include that is not there), the markup it writes is not taken for a
// page, and the complaint that failed it, which holds no keyword, is kept beside the
// warning that does at both levels.
import { describe, expect, it } from "vitest";
import { compact } from "../../host/pipeline.js";
import { tuningFixture } from "./support/tuning-fixture.js";

const ID = "m4-trace-missing-include";

function seen(level: "minimal" | "balanced", budget: number): string {
  const { input, hint } = tuningFixture(ID);
  const text = compact(input, { level }, { hint }).llmContent;
  expect(text.length).toBeLessThanOrEqual(budget);
  return text;
}

describe("a program's complaints under its own prefix", () => {
  it("reads the template's expansion as a command's output and keeps both of m4's messages", () => {
    const { meta } = tuningFixture(ID);
    for (const [level, budget] of [["minimal", 800], ["balanced", 4000]] as const) {
      const text = seen(level, budget);
      // A page's digest would have turned the tags into markdown headings.
      expect(text, level).not.toMatch(/^## /m);
      // The status line of a failed command: its exit code bare at the minimal level, the count of
      // lines left to the numbered marker there (a count of lines that opens the totals stated against it).
      expect(text, level).toMatch(level === "minimal" ? /^exit 1 · \d+ of 75 lines .*\n.* of 75 lines shown, numbered/ : /^exit 1 \(failed\) · 75 lines/);
      for (const line of meta.facts.errorLines) expect(text, `${level}: ${line}`).toContain(line);
    }
  });
});
