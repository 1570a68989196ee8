import { findText, isLowerWordAt } from "../../assembly/util/scan";

/** The std String#indexOf within [from, end): the reference findText must agree with. */
function reference(s: string, needle: string, from: i32, end: i32): i32 {
  const at = s.substring(0, end).indexOf(needle, from);
  return at;
}

describe("findText", () => {
  it("finds a needle at the start, in the middle and at the very end", () => {
    const s = "Segmentation fault (core dumped)";
    expect(findText(s, "Segmentation", 0, s.length)).toBe(0);
    expect(findText(s, "core dumped", 0, s.length)).toBe(20);
    expect(findText(s, ")", 0, s.length)).toBe(s.length - 1);
  });

  it("returns -1 when the needle is absent, longer than the range or cut by the range's end", () => {
    const s = "killed by SIGSEGV";
    expect(findText(s, "SIGABRT", 0, s.length)).toBe(-1);
    expect(findText(s, "SIGSEGV", 0, s.length - 1)).toBe(-1);
    expect(findText("ab", "abc", 0, 2)).toBe(-1);
    expect(findText(s, "killed", 1, s.length)).toBe(-1);
  });

  it("agrees with String#indexOf at every start and end over a text longer than a SIMD step", () => {
    // Candidates for the first unit everywhere, matches straddling each 8-unit block.
    const s = "aaab aab ab aaaab b aaaaaaaab ab\u00e9ab \ud83d\ude00ab";
    const needles = ["ab", "aab", "aaaaaaaab", "b", "\u00e9ab", "\ud83d\ude00", "zz", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"];
    for (let n = 0; n < needles.length; n++) {
      for (let from = 0; from <= s.length; from += 3) {
        for (let end = from; end <= s.length; end += 5) {
          expect(findText(s, needles[n], from, end)).toBe(reference(s, needles[n], from, end));
        }
      }
    }
  });
});

describe("isLowerWordAt", () => {
  it("compares a range in lower case, whole words only", () => {
    const s = "src/a.c:3: ERROR: boom";
    expect(isLowerWordAt(s, 11, 16, "error")).toBe(true);
    expect(isLowerWordAt(s, 11, 15, "error")).toBe(false);
    expect(isLowerWordAt(s, 11, 16, "errors")).toBe(false);
    expect(isLowerWordAt(s, 0, 3, "src")).toBe(true);
  });
});
