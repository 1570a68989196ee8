// Under the small budget (the minimal level) a cut is numbered and an error line that
// does not fit whole would be shown by its start only: the error lines offered after
// it that fit whole go first, as their words then reach the model verbatim. Each input
// is built line by line below.
import { keepImportant } from "../../assembly/important";
import { compiling, shownLine } from "./support/numbered-cut";

const HINT = "; read more: x";

const FIRST = "src/a.ts(3,1): error TS1001: Declaration expected.";
const MIDDLE = "src/b.ts(5,2): error TS2322: Type 'string' is not assignable to type 'number' in the property 'total' of the order.";
const LAST = "src/c.ts(9,9): error TS2379: Argument of type '{ " + "field: string | undefined; ".repeat(14) + "}' is not assignable.";

/**
 * Lines 1–40: compiling; 41: a short error; 42–60: compiling; 61: an error of 115 units;
 * 62–80: compiling; 81: the last error, 448 units, offered second and too long for its room.
 */
function build(): string {
  const lines = new Array<string>();
  compiling(lines, 1, 40);
  lines.push(FIRST);
  compiling(lines, 42, 60);
  lines.push(MIDDLE);
  compiling(lines, 62, 80);
  lines.push(LAST);
  return lines.join("\n") + "\n";
}

describe("keepImportant under the small budget: whole error lines before a cut one", () => {
  it("shows a later error line whole rather than the start of one that does not fit", () => {
    const out = keepImportant(build(), 420, 0.5, HINT);
    expect(out.length).toBeLessThanOrEqual(420);
    expect(shownLine(out, 41)).toBe(FIRST);
    expect(shownLine(out, 61)).toBe(MIDDLE);
  });

  it("gives the line that waited what room is left: its start and an inline marker", () => {
    const out = keepImportant(build(), 420, 0.5, HINT);
    const cut = shownLine(out, 81);
    expect(cut.startsWith("src/c.ts(9,9): error TS2379: Argument of type")).toBe(true);
    expect(cut.endsWith(" chars omitted...]")).toBe(true);
  });
});
