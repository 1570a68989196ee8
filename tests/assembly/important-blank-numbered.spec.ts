// Under the small budget a cut is numbered, and a blank line it keeps (between a test run's
// report and its totals, at the end of a log) would be written as a number over nothing.
// It stays kept, its number's gap says where it is, but it is not written: the room goes to
// a line that says something. Above the small budget a numbered layout writes it as before.
import { keepImportant } from "../../assembly/important";

const HINT = "; read more: x";

/** "ok N - step N passed" for N in [from, to], with a blank line after every fifth. */
function steps(lines: string[], from: i32, to: i32): void {
  for (let i = from; i <= to; i++) {
    lines.push("ok " + i.toString() + " - step " + i.toString() + " passed");
    if (i % 5 == 0) lines.push("");
  }
}

function build(): string {
  const lines = new Array<string>();
  lines.push("TAP version 13");
  lines.push("");
  steps(lines, 1, 40);
  lines.push("not ok 41 - step 41 failed: expected 3 rows, got 2");
  steps(lines, 42, 80);
  lines.push("");
  lines.push("# tests 80, pass 79, fail 1");
  lines.push("");
  return lines.join("\n") + "\n";
}

/** The numbered lines written as a number over nothing ("12: "). */
function blankNumbered(out: string): i32 {
  const lines = out.split("\n");
  let blank = 0;
  for (let i = 1; i < lines.length; i++) {
    const colon = lines[i].indexOf(": ");
    if (colon > 0 && lines[i].substring(colon + 2).trim().length == 0) blank++;
  }
  return blank;
}

describe("keepImportant under the small budget: no number over a blank line", () => {
  it("writes every kept line that is not blank, and none that is", () => {
    const out = keepImportant(build(), 600, 0.5, HINT);
    expect(out.length).toBeLessThanOrEqual(600);
    expect(out.includes("\n1: TAP version 13\n")).toBe(true);
    expect(out.includes(": not ok 41 - step 41 failed: expected 3 rows, got 2")).toBe(true);
    expect(out.includes(": # tests 80, pass 79, fail 1")).toBe(true);
    expect(blankNumbered(out)).toBe(0);
  });

  it("counts in its marker only the lines it writes", () => {
    const out = keepImportant(build(), 600, 0.5, HINT);
    const written = out.split("\n").length - 1 - (out.endsWith("\n") ? 1 : 0);
    expect(out.includes("] " + written.toString() + " of ")).toBe(true);
  });
});
