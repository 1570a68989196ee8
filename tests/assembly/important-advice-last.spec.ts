// Under the small budget the lines after a run's last failure that go on with the label
// of the line above ("hint: …" under "hint: …") are advice on what to do about it: they
// wait behind the failures the run reports. The first of them stays a candidate.
import { keepImportant } from "../../assembly/important";
import { Shapes } from "../../assembly/important/shapes";

const HINT = "; read more: x";

/**
 * A merge of 60 parts: "Merging partN.py" on each of 70 lines, with an error line after
 * every sixth part (lines 7, 14, …, 70: ten errors that differ only in their number),
 * then four lines of advice that open with "hint:" (lines 71–74).
 */
function merge(): string {
  const lines = new Array<string>();
  for (let i = 1; i <= 60; i++) {
    lines.push("Merging part" + i.toString() + ".py");
    if (i % 6 == 0) lines.push("error: conflict in part" + i.toString() + ".py");
  }
  lines.push("hint: resolve the conflicts in each file,");
  lines.push("hint: mark them resolved with the add command,");
  lines.push("hint: then run the continue command again.");
  lines.push("hint: To give up, run the abort command.");
  return lines.join("\n") + "\n";
}

function errorsShown(out: string): i32 {
  let n = 0;
  for (let i = 6; i <= 60; i += 6) if (out.includes(": error: conflict in part" + i.toString() + ".py")) n++;
  return n;
}

describe("Shapes.continuesLead: a line that opens with the token of the line above", () => {
  it("tells a label carried on from one that changes", () => {
    const text = "error: x\nhint: a\nhint: b\n  hint: c\nhint:d\n";
    const shapes = new Shapes(text, 5);
    expect(shapes.continuesLead(0)).toBe(false); // no line above
    expect(shapes.continuesLead(1)).toBe(false); // "hint:" under "error:"
    expect(shapes.continuesLead(2)).toBe(true); // "hint:" under "hint:"
    expect(shapes.continuesLead(3)).toBe(false); // indented: another column
    expect(shapes.continuesLead(4)).toBe(false); // "hint:d" is another token
  });
});

describe("keepImportant under a small budget: advice after the last failure waits", () => {
  it("shows the errors before the advice that goes on after the first hint", () => {
    const out = keepImportant(merge(), 400, 0.5, HINT);
    expect(out.length).toBeLessThanOrEqual(400);
    expect(errorsShown(out)).toBeGreaterThanOrEqual(8);
    expect(out.includes("71: hint: resolve the conflicts")).toBe(true);
    expect(out.includes("72: hint:")).toBe(false);
    expect(out.includes("73: hint:")).toBe(false);
  });

  it("shows the advice once every error is shown and room is left", () => {
    const out = keepImportant(merge(), 600, 0.5, HINT);
    expect(errorsShown(out)).toBe(10);
    expect(out.includes("74: hint: To give up")).toBe(true);
  });
});
