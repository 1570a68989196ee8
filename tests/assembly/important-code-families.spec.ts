import { FindingsReader } from "../../assembly/digest/command/findings";
import { findingCode, findingFamily, findingOf, findingTag, noteFinding } from "../../assembly/important/notes";
import { rankedLines } from "./support/ranked";
import { scanImportant } from "../../assembly/important/scan";

// A linter's findings with codes of two families: the letters before a code's digits
// name the checker that found it ("E" style, "F" a name that is not defined). Each says
// "error" so that the scan flags it.
const LINT =
  "x.py:1:1: E501 error: line too long\n" + // line 1, code 0, family E
  "x.py:2:1: E501 error: line too long\n" + // line 2, code 0, family E
  "x.py:3:1: E741 error: ambiguous variable name 'l'\n" + // line 3, code 1, family E
  "x.py:4:1: F821 error: undefined name 'a'\n" + // line 4, code 2, family F
  "x.py:5:1: F821 error: undefined name 'b'\n"; // line 5, code 2, family F

/** The finding tags a FindingsReader notes for each line of `text`. */
function tagsOf(text: string): StaticArray<u64> {
  const reader = new FindingsReader();
  const notes = new StaticArray<u64>(8);
  reader.notes = notes;
  let a = 0;
  for (let i = 0; i < text.length; i++) {
    if (text.charCodeAt(i) != 10) continue;
    reader.line(text, a, i);
    a = i + 1;
  }
  return notes;
}

/**
 * The order rankedLines offers `text`'s lines in when line i holds a finding of code
 * codes[i]: codes 0 and 1 of family E, the others of family F.
 */
function rankedByCodes(text: string, codes: i32[]): string {
  const scan = scanImportant(text);
  const notes = new StaticArray<u64>(scan.totalLines + 1);
  for (let i = 0; i < codes.length; i++) noteFinding(notes, i, findingTag(7, codes[i], codes[i] < 2 ? 0x1001 : 0x1002));
  scan.notes = notes;
  return rankedLines(text, scan, 0, false);
}

describe("code families: the letters before a code's digits", () => {
  it("gives codes with the same letters one family, others another", () => {
    const notes = tagsOf(LINT);
    const e501 = findingOf(notes[0]);
    const e741 = findingOf(notes[2]);
    const f821 = findingOf(notes[3]);
    expect(findingCode(e501)).toBe(0);
    expect(findingCode(e741)).toBe(1);
    expect(findingCode(f821)).toBe(2);
    expect(findingFamily(e501)).not.toBe(0);
    expect(findingFamily(e741)).toBe(findingFamily(e501));
    expect(findingFamily(f821)).not.toBe(findingFamily(e501));
  });

  it("gives a code without both letters and digits no family", () => {
    // A rule's name ("no-unused-vars") has no digits; "2020" no letters before them.
    const notes = tagsOf("  9:7  error  'x' is defined but never used  no-unused-vars\nx.py:1:1: E501 line too long\n");
    expect(findingFamily(findingOf(notes[0]))).toBe(0);
    expect(findingFamily(findingOf(notes[1]))).not.toBe(0);
  });
});

describe("novelFirst: the rarer code family first", () => {
  it("offers the rarer family's codes before a rarer code of a common family", () => {
    // Families: E on lines 1-3 (three findings), F on lines 4-5 (two). Round 0: F821
    // (line 4, the rarer family), then of family E the code seen once (E741, line 3)
    // before E501 (line 1). Round 1: F821's second (line 5) before E501's (line 2).
    // By code alone E741, seen once, would come first: "3 1 4 | 2 5". F's two findings
    // are more than an eighth of five, so its second is no rare family's and waits.
    expect(rankedByCodes(LINT, [0, 0, 1, 2, 2])).toBe("4 3 1 | 5 2");
  });
});

describe("novelFirst: every finding of a rare family is news", () => {
  it("offers each copy of a rare family's code in the first round", () => {
    // Sixteen findings of family E (lines 1-16: E501 on the odd lines, E302 on the even
    // ones) and two F821 (lines 17-18), the only F code: 2 findings, at most 4 and at
    // most an eighth of the 18. Round 0: both F821 (the rarer family, each one a bug of
    // its own), then E501 (line 1) and E302 (line 2), first seen in that order. Round 1
    // and on: the other E findings in line order. Were F821's second copy a repeat like
    // any other, line 18 would wait for round 1: "17 1 2 | 18 3 4 … 16".
    let text = "";
    const codes = new Array<i32>();
    for (let i = 0; i < 16; i++) {
      text += i % 2 == 0 ? "x.py:" + (i + 1).toString() + ":1: E501 error: line too long\n" : "x.py:" + (i + 1).toString() + ":1: E302 error: expected 2 blank lines\n";
      codes.push(i % 2);
    }
    text += "x.py:17:1: F821 error: undefined name 'a'\nx.py:18:1: F821 error: undefined name 'b'\n";
    codes.push(2);
    codes.push(2);
    expect(rankedByCodes(text, codes)).toBe("17 18 1 2 | 3 4 5 6 7 8 9 10 11 12 13 14 15 16");
  });
});
