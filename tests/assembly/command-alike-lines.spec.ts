import { CommandLines } from "../../assembly/digest/command/lines";
import { countFindings, Findings, findingsLine } from "../../assembly/digest/command/findings";
import { LocatedCounter, opensWithBareLocation } from "../../assembly/important/located-lines";
import { SAYS_ABSENT, SAYS_NO_SUCH_PATH, SAYS_UNDEFINED } from "../../assembly/important/refine";
import { endsSayingAbsent, endsSayingNoSuchPath, saysUndefinedName } from "../../assembly/important/absent";
import { scanImportant } from "../../assembly/important/scan";
import { LineVisitor, Shapes } from "../../assembly/important/shapes";
import { ColumnKinds } from "../../assembly/digest/command/kinds";
import { findNewline, readEachLine } from "../../assembly/util/lines";

/** `count` copies of `lines` (each ending in "\n"), every digit `#` of them replaced by the copy's number. */
function repeated(lines: string, count: i32): string {
  let out = "";
  for (let i = 0; i < count; i++) out += lines.replaceAll("#", (i % 10).toString());
  return out;
}

/** Each line's `alike` as the pass gives it: the earlier line it repeats but for its digits. */
class AlikeRecorder extends LineVisitor {
  starts: i32[] = [];
  ends: i32[] = [];
  alikes: i32[] = [];
  line(text: string, pos: i32, t: i32, end: i32, nl: i32, lineNo: i32, digits: i32, tokens: i32): void {
    this.starts.push(pos);
    this.ends.push(end);
    this.alikes.push(this.alike);
  }
}

/** Whether s[a, a + n) and s[b, b + n) differ only where both hold a digit. */
function sameButDigits(s: string, a: i32, b: i32, n: i32): bool {
  for (let k = 0; k < n; k++) {
    const x = s.charCodeAt(a + k);
    const y = s.charCodeAt(b + k);
    if (x != y && (x < 0x30 || x > 0x39 || y < 0x30 || y > 0x39)) return false;
  }
  return true;
}

/** The pass over `text` as a command's digest makes it: findings planned, located lines counted. */
function commandPass(text: string): CommandLines {
  const base = scanImportant(text, true);
  const lines = new CommandLines(base);
  lines.findings.notes = base.notes;
  lines.findings.plans = new StaticArray<u64>(base.totalLines);
  lines.located = new LocatedCounter(base.totalLines);
  lines.kinds.rows = new StaticArray<u8>(base.totalLines);
  new Shapes(text, base.totalLines, lines, base.newlineAt);
  return lines;
}

function codesOf(f: Findings): string {
  let out = "";
  for (let k = 0; k < f.codes.length; k++) out += f.codes[k] + "=" + f.codeCounts[k].toString() + " ";
  return out;
}

const FINDINGS =
  "src/mod#/a#.ts(1#,5): error TS23#2: Type 'string' is not assignable to type 'number'.\n" +
  "unit#.c:3:3#: warning: unused variable 'x#' [-Wunused-variable]\n" +
  "    3 | static int helper#(int x) { return x * #; }\n" +
  "pkg/m#.py:#:1: F40# 'os' imported but unused\n" +
  "docs/p#.md:1# MD02# Headings should be surrounded by blank lines\n";

describe("lines alike but for their digits", () => {
  it("are told the earlier line they repeat, which is the same but for its digits", () => {
    const text = repeated("build step # of 9 finished in 1#.3s\nunit#.c:12:#: warning: unused variable 'x'\n", 80);
    const seen = new AlikeRecorder();
    new Shapes(text, 160, seen);
    let told = 0;
    for (let i = 0; i < seen.alikes.length; i++) {
      const j = seen.alikes[i];
      if (j == 0) continue;
      told++;
      expect(j).toBeLessThan(i + 1);
      const n = seen.ends[i] - seen.starts[i];
      expect(seen.ends[j - 1] - seen.starts[j - 1]).toBe(n);
      expect(sameButDigits(text, seen.starts[j - 1], seen.starts[i], n)).toBe(true);
    }
    // Every copy after the first of each line repeats one.
    expect(told).toBe(158);
  });

  it("are told in a short output too: a few KB of a build log, each warning's lines alike but for their numbers", () => {
    const text = repeated("cc -O2 -c unit#.c -o unit#.o\nunit#.c:3:3#: warning: unused variable 'x' [-Wunused-variable]\n    3 | static int helper#(int x) { return x * #; }\n", 6);
    const seen = new AlikeRecorder();
    new Shapes(text, 18, seen);
    let told = 0;
    for (let i = 0; i < seen.alikes.length; i++) {
      const j = seen.alikes[i];
      if (j == 0) continue;
      told++;
      const n = seen.ends[i] - seen.starts[i];
      expect(sameButDigits(text, seen.starts[j - 1], seen.starts[i], n)).toBe(true);
    }
    // Every copy after the first of each line repeats one.
    expect(told).toBe(15);
  });

  it("count a short output's findings as lines read one by one do", () => {
    const text = repeated(FINDINGS, 4);
    const pass = commandPass(text);
    const each = countFindings(text);
    expect(pass.findings.findings.total).toBe(4 * 4);
    expect(codesOf(pass.findings.findings)).toBe(codesOf(each));
    expect(findingsLine(pass.findings.findings)).toBe(findingsLine(each));
  });

  it("count the findings, their codes and their files as lines read one by one do", () => {
    const text = repeated(FINDINGS, 90);
    const pass = commandPass(text);
    const each = countFindings(text);
    expect(pass.findings.findings.total).toBe(each.total);
    expect(pass.findings.findings.total).toBe(4 * 90);
    // The codes differ in their digits from copy to copy: each is counted as itself.
    expect(codesOf(pass.findings.findings)).toBe(codesOf(each));
    expect(codesOf(pass.findings.findings.files!)).toBe(codesOf(each.files!));
    expect(findingsLine(pass.findings.findings)).toBe(findingsLine(each));
  });

  it("say a subject absent, a path missing or a name undefined as each line read alone does", () => {
    const text = repeated(
      "lib#.so.1 => not found\nopen /tmp/x#: No such file or directory\nmod#.lua:4: accessing undefined variable 'n#'\nstep # undefined in 3 places\n",
      40,
    );
    const base = scanImportant(text, true);
    const lines = new CommandLines(base);
    new Shapes(text, base.totalLines, lines, base.newlineAt);
    const notes = base.notes!;
    const n = text.length;
    let said = 0;
    for (let a = 0, line = 0; a < n; line++) {
      const b = findNewline(text, a, n);
      const bits = <u8>(notes[line] >> 32) & (SAYS_ABSENT | SAYS_NO_SUCH_PATH | SAYS_UNDEFINED);
      const alone: u8 = endsSayingAbsent(text, a, b) ? SAYS_ABSENT : endsSayingNoSuchPath(text, a, b) ? SAYS_NO_SUCH_PATH : saysUndefinedName(text, a, b) ? SAYS_UNDEFINED : 0;
      // A line a keyword flags is noted otherwise.
      if (bits != 0 || alone == 0) expect(bits).toBe(alone);
      if (bits != 0) said++;
      a = b + 1;
    }
    expect(said).toBeGreaterThan(80);
  });

  it("open with a bare location, or not, as each line read alone does", () => {
    const text = repeated("fr#.po:10#: number of format specifications does not match\n  explained under it #\nmake[#]: *** [all] Error 1\nsrc/c#.c:1#:8: Arrow access from possibly null pointer\n", 50);
    const pass = commandPass(text);
    let located = 0;
    let others = 0;
    const n = text.length;
    for (let a = 0; a < n; ) {
      const b = findNewline(text, a, n);
      if (a < b && text.charCodeAt(a) > 0x20) {
        if (opensWithBareLocation(text, a, b)) located++;
        else others++;
      }
      a = b + 1;
    }
    expect(pass.located!.located).toBe(located);
    expect(pass.located!.others).toBe(others);
    expect(located).toBe(100);
  });

  it("tally a column's kinds as rows read one by one do", () => {
    const text = repeated("BILLING_H#  macro      2# src/billing#.h\nbilling_init#  function  1# src/billing#.c\nstate#  enumerator  3 src/state#.h\nx#  v#  1\n", 30);
    const pass = commandPass(text);
    const each = readEachLine(text, new ColumnKinds());
    expect(pass.kinds.lines).toBe(each.lines);
    expect(pass.kinds.totalsLine(5, "")).toBe(each.totalsLine(5, ""));
    expect(pass.kinds.totalsLine(5, "")).toBe("column 2: 30 macro, 30 function, 30 enumerator");
  });
});
