import { shapesOf, refined } from "./support/refined";

/**
 * A listing of branches: `plain` rows "  topic-<n>  <id> [origin/topic-<n>] topic <n>", then
 * rows whose bracketed group holds a state after the upstream's name, each state `times` times
 * ("[origin/topic-<n>: gone]"), as `git branch -vv` prints them.
 */
function branches(plain: i32, states: string[], times: i32): string {
  const rows = new Array<string>();
  let n = 100;
  for (let i = 0; i < plain; i++, n++) rows.push("  topic-" + n.toString() + "  c0ffee" + n.toString() + " [origin/topic-" + n.toString() + "] topic " + n.toString());
  for (let s = 0; s < states.length; s++) {
    for (let k = 0; k < times + s * 2; k++, n++) {
      rows.push("  topic-" + n.toString() + "  c0ffee" + n.toString() + " [origin/topic-" + n.toString() + ": " + states[s] + "] topic " + n.toString());
    }
  }
  return rows.join("\n") + "\n";
}

describe("line shapes: a rare state in a bracketed group", () => {
  it("finds the rows whose group holds a state few rows share, the rarest the strongest", () => {
    // Lines 0–15: a plain group; 16–17: "gone" (2 rows); 18–21: "ahead 1" (4 rows). The
    // state is the group's fourth token and no column of the first three or the last one
    // reaches it. Of 22 rows with a group, 16 hold no state: 22 × 16 / 2 for "gone",
    // 22 × 16 / 4 for "ahead 1" (digits masked: "ahead 1" and "ahead 7" are one state).
    const s = shapesOf(branches(16, ["gone", "ahead 1"], 2));
    expect(s.deviation(16)).toBe(176);
    expect(s.deviation(17)).toBe(176);
    expect(s.deviation(18)).toBe(88);
    expect(s.deviation(3)).toBe(0);
    // A row states its state there: the group counts where only a line's head does, and
    // among its leading tokens (a secondary line of a run that succeeded).
    expect(s.deviation(16, true)).toBe(176);
    expect(s.leadingDeviation(18)).toBe(88);
  });

  it("takes no state as rare that more than a quarter of the rows hold, or only one row", () => {
    // 18 plain rows, then "gone" on 6 rows (a quarter of 24: still rare, 24 × 18 / 6), on 7 and on 1.
    expect(shapesOf(branches(18, ["gone"], 6)).deviation(18)).toBe(72);
    expect(shapesOf(branches(18, ["gone"], 7)).deviation(18)).toBe(0);
    expect(shapesOf(branches(18, ["gone"], 1)).deviation(18)).toBe(0);
  });

  it("reads no state where most rows' groups differ, or too few rows have one", () => {
    // 7 plain rows of 15: the plain group holds less than half of them.
    expect(shapesOf(branches(7, ["gone", "ahead 1"], 2)).deviation(7)).toBe(0);
    // 10 rows with a group: too few for a rhythm.
    expect(shapesOf(branches(6, ["gone", "ahead 1"], 1)).deviation(6)).toBe(0);
  });

  it("reads a group only where rows start it at the same token, and only at a token's start", () => {
    // The same 22 rows, the "gone" ones with a token "x" before the group: rows of another
    // listing, two, too few for a rhythm. Only the column "x" breaks counts for them (its 22
    // lines), not the group's 22 × 16 / 2; "ahead 1" is rare among the other 20 (20 × 16 / 4).
    const shifted = branches(16, ["gone", "ahead 1"], 2).replaceAll("c0ffee116 [", "c0ffee116 x [").replaceAll("c0ffee117 [", "c0ffee117 x [");
    const s = shapesOf(shifted);
    expect(s.deviation(16)).toBe(22);
    expect(s.deviation(18)).toBe(80);
    // A '[' within a token opens no group: neither a colour ("\x1b[9m: gone]") nor an index
    // ("x9[topic-9: gone]"). Two such rows among 16 plain ones would be rare as groups; their
    // first three tokens and last one are of the plain rows' classes (numbers).
    const coloured = branches(16, [], 0) + "  topic-9  c0ffee9 \x1b[9m: gone] topic 9\n  topic-8  c0ffee8 \x1b[9m: gone] topic 8\n";
    expect(shapesOf(coloured).deviation(16)).toBe(0);
    const indexed = branches(16, [], 0) + "  topic-9  c0ffee9 x9[topic-9: gone] topic 9\n  topic-8  c0ffee8 x8[topic-8: gone] topic 8\n";
    expect(shapesOf(indexed).deviation(16)).toBe(0);
  });

  it("makes the rows of a rare state notable in a listing that succeeded, and no others", () => {
    // Lines 1–60 plain, 61–63 "gone", 64–68 "ahead 1": 68 rows, 60 plain: 68 × 60 / 3 and 68 × 60 / 5.
    expect(refined(branches(60, ["gone", "ahead 1"], 3), 0)).toBe("61:notable,62:notable,63:notable,64:notable,65:notable,66:notable,67:notable,68:notable");
  });

  it("reads no groups in an output of more than 4,096 lines: a log, not a listing", () => {
    // 4,100 plain rows and 3 "gone": 4,103 lines. 4,090 and 2: 4,092 lines.
    expect(shapesOf(branches(4100, ["gone"], 3)).deviation(4100)).toBe(0);
    expect(shapesOf(branches(4090, ["gone"], 2)).deviation(4090)).toBe((4092 * 4090) / 2);
  });
});
