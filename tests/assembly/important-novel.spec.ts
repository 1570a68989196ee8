import { findingTag, noteFinding } from "../../assembly/important/notes";
import { rankedLines } from "./support/ranked";
import { scanImportant, Scan } from "../../assembly/important/scan";

// Findings as a reader of the pass over the lines notes them (findings.ts): each line of
// `text` a flagged line, `findings[i]` its severity rank (0 error, 1 warning) and the
// index of its code, packed as severity * 100 + code; -1 for a line that is no finding.
function scanWithFindings(text: string, findings: i32[]): Scan {
  const scan = scanImportant(text);
  const notes = new StaticArray<u64>(scan.totalLines + 1);
  for (let i = 0; i < findings.length; i++) {
    const f = findings[i];
    if (f >= 0) noteFinding(notes, i, findingTag(f / 100, f % 100));
  }
  scan.notes = notes;
  return scan;
}

/** novelFirst's order over every hit (support/ranked.ts). */
function ranked(text: string, findings: i32[], keepFirst: i32, placesInOrder: bool = false): string {
  return rankedLines(text, scanWithFindings(text, findings), keepFirst, placesInOrder);
}

// A compiler's six diagnostics: four of code 0 ([-Wunused]), one of code 1 ([-Wformat]),
// one error of code 2 ([-Wundeclared]).
const BUILD =
  "a.c:1:1: warning: unused variable 'x' [-Wunused]\n" + // line 1, code 0
  "a.c:2:1: warning: unused variable 'y' [-Wunused]\n" + // line 2, code 0
  "a.c:3:1: warning: unused variable 'z' [-Wunused]\n" + // line 3, code 0
  "a.c:4:1: warning: format expects int [-Wformat]\n" + // line 4, code 1
  "a.c:5:1: error: 'w' undeclared [-Wundeclared]\n" + // line 5, code 2 (an error)
  "a.c:6:1: warning: unused variable 'v' [-Wunused]\n"; // line 6, code 0
const BUILD_FINDINGS: i32[] = [100, 100, 100, 101, 2, 100];

describe("novelFirst: hits grouped by their finding's code, offered by rounds", () => {
  it("offers each code's first hit, the graver first, then the rarer code", () => {
    // Round 0: the error (line 5), then of the warnings the code seen once (line 4) before
    // the code seen four times (line 1). The other [-Wunused] hits are repeats, in order.
    expect(ranked(BUILD, BUILD_FINDINGS, 0)).toBe("5 4 1 | 2 3 6");
  });

  it("keeps the first `keepFirst` hits in front when they are their codes' first", () => {
    expect(ranked(BUILD, BUILD_FINDINGS, 1)).toBe("1 5 4 | 2 3 6");
  });

  it("groups by code whatever the words: lines of one code are repeats of its first", () => {
    // Lines 1-3 say different things under one code: one of them stands for the others
    // until every code has been offered.
    const text = "x.py:1:1: E1 error one thing\nx.py:2:1: E1 error another thing\nx.py:3:1: E1 error a third\nx.py:4:1: E2 error something else\n";
    expect(ranked(text, [0, 0, 0, 1], 0)).toBe("4 1 | 2 3");
  });

  it("offers a code's second hit before any code's third (rounds), the rarer code first within one", () => {
    // Code 0 on lines 1, 2, 3; code 1 on lines 4, 5 (all warnings): round 0 is 4 then 1
    // (code 1 is the rarer), round 1 is 5 then 2, round 2 is 3.
    const text =
      "a.c:1:1: warning: one [-Wa]\n" + // code 0
      "a.c:2:1: warning: two [-Wa]\n" + // code 0
      "a.c:3:1: warning: three [-Wa]\n" + // code 0
      "a.c:4:1: warning: four [-Wb]\n" + // code 1
      "a.c:5:1: warning: five [-Wb]\n"; // code 1
    expect(ranked(text, [100, 100, 100, 101, 101], 0)).toBe("4 1 | 5 2 3");
  });

  it("when the lines do not all fit, offers the repeats as places: the rarest code's first, each in line order", () => {
    // Code 0 on lines 1-4, code 1 on lines 5-7 (all warnings). By rounds the repeats go
    // 6 2 (round 1), 7 3 (round 2), 4; as places, code 1's (three lines) before code 0's
    // (four): 6 7, then 2 3 4. The first copies are offered as before.
    const text =
      "a.c:1:1: warning: one [-Wa]\n" + // code 0
      "a.c:2:1: warning: two [-Wa]\n" + // code 0
      "a.c:3:1: warning: three [-Wa]\n" + // code 0
      "a.c:4:1: warning: four [-Wa]\n" + // code 0
      "a.c:5:1: warning: five [-Wb]\n" + // code 1
      "a.c:6:1: warning: six [-Wb]\n" + // code 1
      "a.c:7:1: warning: seven [-Wb]\n"; // code 1
    const findings: i32[] = [100, 100, 100, 100, 101, 101, 101];
    expect(ranked(text, findings, 0)).toBe("5 1 | 6 2 7 3 4");
    expect(ranked(text, findings, 0, true)).toBe("5 1 | 6 7 2 3 4");
  });

  it("offers every finding that states a severity in the first round where most state none: a linter's warnings among its conventions", () => {
    // Code 0 on lines 1-3 is noted with no severity (rank 7, as rubocop's C), code 1 on lines
    // 4-5 as warnings: both warnings come before the conventions' first, the other two wait.
    const text =
      "a.rb:1:1: warning: one [A]\n" + // code 0
      "a.rb:2:1: warning: two [A]\n" + // code 0
      "a.rb:3:1: warning: three [A]\n" + // code 0
      "a.rb:4:1: warning: four [B]\n" + // code 1
      "a.rb:5:1: warning: five [B]\n"; // code 1
    expect(ranked(text, [700, 700, 700, 101, 101], 0)).toBe("4 5 1 | 2 3");
    // Where most state one, by rounds as before: more warnings than findings of no severity,
    // or warnings among hints (nim's, rank 6), each finding as graded as the other.
    expect(ranked(text, [700, 700, 101, 101, 101], 0)).toBe("3 1 | 4 2 5");
    expect(ranked(text, [600, 600, 600, 101, 101], 0)).toBe("4 1 | 5 2 3");
  });

  it("groups a line that is no finding by its message, as a finding of its own code", () => {
    // Lines 1 and 3 repeat one message and are no findings; line 2 is a finding of code 0:
    // the code seen once comes before the message seen twice, whose second copy waits.
    const text = "error: disk full\nerror: unrelated thing [X1]\nerror: disk full\n";
    expect(ranked(text, [-1, 0, -1], 0)).toBe("2 1 | 3");
  });
});
