import { view } from "../../assembly/view";

describe("view", () => {
  it("shows a window with a next offset", () => {
    expect(view("a\nb\nc\n", 1, 2, false)).toBe("1: a\n2: b\n(showing lines 1-2 of 3 total; next: offset=3)");
  });
  it("ends at the end of the file, without a trailing newline too", () => {
    expect(view("a\nb\nc", 2, 5, false)).toBe("2: b\n3: c\n(showing lines 2-3 of 3 total; end of file)");
  });
  it("treats offset 0 or negative as 1 and limit 0 as the default 100", () => {
    expect(view("a", 0, 0, false)).toBe("1: a\n(showing lines 1-1 of 1 total; end of file)");
    expect(view("a", -5, -1, false)).toBe(view("a", 1, 100, false));
    const text = "x\n".repeat(150);
    expect(view(text, 1, 0, false).endsWith("(showing lines 1-100 of 150 total; next: offset=101)")).toBe(true);
  });
  it("says so past the end and on empty input", () => {
    expect(view("a\nb", 3, 10, false)).toBe("(offset 3 is past the end: 2 lines total; end of file)");
    expect(view("a", 2, 10, false)).toBe("(offset 2 is past the end: 1 line total; end of file)");
    expect(view("", 1, 10, false)).toBe("(empty: 0 lines total)");
  });
  it("drops the \\r of CRLF and shows hashlines on request", () => {
    expect(view("a\r\nb\r\n", 1, 10, true)).toBe("1:2c|a\n2:e5|b\n(showing lines 1-2 of 2 total; end of file)");
  });
  it("does not overflow with a huge limit", () => {
    expect(view("a\nb", 2, 2147483647, false)).toBe("2: b\n(showing lines 2-2 of 2 total; end of file)");
  });
  it("cuts a huge line at 2,000 units, never inside a pair, and counts code points", () => {
    const line = "a".repeat(1999) + "\u{1F600}" + "b".repeat(5000); // d83d at 1999, de00 at 2000
    expect(view(line, 1, 1, false)).toBe("1: " + "a".repeat(1999) + "… [5,001 more chars]\n(showing lines 1-1 of 1 total; end of file)");
    expect(view("c".repeat(2000), 1, 1, false)).toBe("1: " + "c".repeat(2000) + "\n(showing lines 1-1 of 1 total; end of file)");
  });
  it("shows lone surrogates and identical lines as they are", () => {
    expect(view("\ud800\n\ud800", 1, 5, false)).toBe("1: \ud800\n2: \ud800\n(showing lines 1-2 of 2 total; end of file)");
  });
});
