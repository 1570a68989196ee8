// Shapes.lastStateBreak: a table's row whose last column holds a rare state ("CrashLoop"
// among "Running") is told apart from a row that differs in a value only (a profile's
// "{built-in method …}" among rows ending in a file's line) and from a phrase's last word.
import { Shapes } from "../../assembly/important/shapes";
import { countNewlines } from "../../assembly/util/lines";

function shapesOf(text: string): Shapes {
  return new Shapes(text, countNewlines(text, 0, text.length));
}

/**
 * `rows` lines "svc-N   1.N   <digits>m   <last>" (the last token is read past the first
 * three), the rows at `rare` ending in `rareLast`, under a header.
 */
function table(rows: i32, rare: i32[], last: string, rareLast: string, gap: string = "   "): string {
  let text = "NAME" + gap + "VERSION" + gap + "CPU" + gap + "STATUS\n";
  for (let i = 0; i < rows; i++) text += "svc-" + i.toString() + gap + "1." + i.toString() + gap + (i * 7).toString() + "m" + gap + (rare.includes(i) ? rareLast : last) + "\n";
  return text;
}

describe("a row's rare state in its last column", () => {
  it("singles out the rows whose last word is rare where most rows end in one word", () => {
    // Line 0 is the header; rows 3 and 15 (lines 4 and 16) are in the rare state.
    const shapes = shapesOf(table(24, [3, 15], "Running", "CrashLoop"));
    expect(shapes.lastStateBreak(4)).toBe(true);
    expect(shapes.lastStateBreak(16)).toBe(true);
    expect(shapes.lastStateBreak(1)).toBe(false);
    expect(shapes.lastStateBreak(10)).toBe(false);
  });

  it("reads a state after a tab as after padding", () => {
    const shapes = shapesOf(table(24, [5], "Running", "Failed", "\t"));
    expect(shapes.lastStateBreak(6)).toBe(true);
    expect(shapes.lastStateBreak(7)).toBe(false);
  });

  it("takes no word among rows that end in a number class for a state (a profile's rows)", () => {
    // "report.py:N(f)" holds a digit: its column's usual token is the number class.
    const shapes = shapesOf(table(24, [2, 9], "report.py:1(f)", "{built-in}"));
    expect(shapes.lastStateBreak(3)).toBe(false);
    expect(shapes.lastStateBreak(10)).toBe(false);
  });

  it("takes no phrase's last word for a state: it follows one space, not a column break", () => {
    // "svc-3   ASCII text" among "svc-N   symbolic link to git".
    const shapes = shapesOf(table(24, [3, 12], "symbolic link to git", "ASCII text").replaceAll(/* keep the CPU column out */ "m   ", "m "));
    expect(shapes.lastStateBreak(4)).toBe(false);
    expect(shapes.lastStateBreak(13)).toBe(false);
  });

  it("leaves a row padded to its end unread", () => {
    const shapes = shapesOf(table(24, [3], "Running", "CrashLoop   "));
    expect(shapes.lastStateBreak(4)).toBe(false);
  });
});
