import { keepImportant } from "../../assembly/important";
import { digestCommand } from "../../assembly/digest/command";
import { DigestContext } from "../../assembly/digest/shared/types";

/**
 * `lines` lines "compiling unit N of the shop's sources with the release flags (pass one of
 * two)" (79 to 81 units), but every `every`-th (N = every, 2·every …) is the warning
 * "src/uN.c:3:1: warning: unused variable 'vN'" (about 45 units): each alone between plain lines.
 */
function build(lines: i32, every: i32): string {
  const parts = new Array<string>();
  for (let i = 1; i <= lines; i++) {
    if (i % every == 0) parts.push("src/u" + i.toString() + ".c:3:1: warning: unused variable 'v" + i.toString() + "'");
    else parts.push("compiling unit " + i.toString() + " of the shop's sources with the release flags (pass one of two)");
  }
  return parts.join("\n") + "\n";
}

function count(text: string, needle: string): i32 {
  let n = 0;
  let at = text.indexOf(needle);
  while (at >= 0) {
    n++;
    at = text.indexOf(needle, at + needle.length);
  }
  return n;
}

describe("a cut's layout at every budget", () => {
  it("numbers a large budget's cut when a marker per gap would leave warnings out that numbers keep", () => {
    // 600 lines, a warning on every 10th (60 warnings, each alone between plain lines).
    // Under 2,000 the cut is numbered (27 lines: 24 warnings from the start, 3 from the end).
    const t = build(600, 10);
    const small = keepImportant(t, 1500, 0.3, "");
    const large = keepImportant(t, 2500, 0.3, "");
    expect(small.indexOf("lines shown, numbered") >= 0).toBe(true);
    // Marked gap by gap, each warning would cost its line and a marker of about 40 units
    // (it kept 7: lines 10, 20, 30 and 570–600 in head and tail); numbered, its line and
    // "NNN: ": the larger budget keeps more warnings (33) and more lines (41), not fewer.
    expect(large.indexOf("lines shown, numbered") >= 0).toBe(true);
    expect(count(large, "warning: unused variable") > count(small, "warning: unused variable")).toBe(true);
    expect(large.length <= 2500).toBe(true);
  });

  it("keeps a marker per gap when that keeps every flagged line", () => {
    // 600 lines, one warning (line 300): one gap each side of it, and the head and tail as they are.
    const t = build(600, 300);
    const large = keepImportant(t, 2500, 0.3, "");
    expect(large.indexOf("numbered") < 0).toBe(true);
    expect(count(large, "warning: unused variable") >= 1).toBe(true);
  });

  it("lays a text made again within its own length out as the level's budget would", () => {
    // 32 lines (about 2,430 units), a warning on lines 8, 16, 24 and 32.
    const t = build(32, 8);
    const ctx = new DigestContext("bash", '{"command":"make"}', 0);
    // As a budget under 2,000 lays it out: numbered, each kept line after its number.
    expect(digestCommand(t, 1990, ctx, "").llm.indexOf("24 of 32 lines shown, numbered") >= 0).toBe(true);
    // As the level's 4,000 lays it out (compact.ts made it again within a shorter length):
    // a marker for a gap, every other line as printed. The text fits that budget, so of the
    // lines that cut leaves out (line 15, lines 17–23) it loses one run only
    // (important/one-gap.ts), the shortest that frees the room: line 15 stays.
    const again = new DigestContext("bash", '{"command":"make"}', 0);
    again.layoutBudget = 4000;
    const d = digestCommand(t, 1990, again, "");
    expect(d.llm.indexOf("numbered") < 0).toBe(true);
    expect(count(d.llm, "chars omitted")).toBe(1);
    expect(d.llm.indexOf("\n[...567 chars omitted...] lines 17\u201323 of 32\n") >= 0).toBe(true);
    expect(d.llm.indexOf("\ncompiling unit 15 of the shop's sources with the release flags (pass one of two)\nsrc/u16.c") >= 0).toBe(true);
    expect(count(d.llm, "warning: unused variable")).toBe(4);
    expect(d.llm.indexOf("\ncompiling unit 31 of the shop's sources with the release flags (pass one of two)\nsrc/u32.c:3:1: warning: unused variable 'v32'\n") >= 0).toBe(true);
    expect(d.llm.length <= 1990).toBe(true);
  });
});
