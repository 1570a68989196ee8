import { oneLine } from "../../assembly/oneline";

describe("oneLine", () => {
  it("collapses whitespace and trims", () => {
    expect(oneLine("  a \t b\n\n c  ")).toBe("a b c");
  });
  it("returns short text unchanged", () => {
    expect(oneLine("make: *** [all] Error 2", 160)).toBe("make: *** [all] Error 2");
  });
  it("handles empty input and zero budget", () => {
    expect(oneLine("", 160)).toBe("");
    expect(oneLine("abc", 0)).toBe("");
    expect(oneLine("abc", 1)).toBe("…");
  });
  it("cuts with an ellipsis at the limit", () => {
    expect(oneLine("abcdefghij", 5)).toBe("abcd…");
    expect(oneLine("abcdefghij", 5).length).toBe(5);
  });
  it("never splits a surrogate pair", () => {
    // utf16: d83d de00 is one emoji
    expect(oneLine("ab\u{1F600}cdef", 4)).toBe("ab…");
    expect(oneLine("a\u{1F600}cdef", 4)).toBe("a\u{1F600}…");
  });
  it("does not end in a space before the ellipsis", () => {
    expect(oneLine("abc   def", 5)).toBe("abc…");
  });
});
