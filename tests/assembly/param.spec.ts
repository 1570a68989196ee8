import { abridgeArgs, abridgeParam } from "../../assembly/param";

describe("abridgeParam", () => {
  it("leaves values up to max alone", () => {
    expect(abridgeParam("", 100)).toBe("");
    expect(abridgeParam("a\nb\nc\nd\ne", 100)).toBe("a\nb\nc\nd\ne");
    expect(abridgeParam("x".repeat(100), 100)).toBe("x".repeat(100));
  });
  it("shows long multi-line values as a line count", () => {
    expect(abridgeParam("line\n".repeat(156), 100)).toBe("[156 lines]");
    expect(abridgeParam("l\r\n".repeat(2000), 100)).toBe("[2,000 lines]");
  });
  it("cuts other long values with ...", () => {
    expect(abridgeParam("x".repeat(101), 100)).toBe("x".repeat(100) + "...");
    expect(abridgeParam("a\nb\n" + "c".repeat(200), 4)).toBe("a\nb\n...");
  });
  it("never splits a surrogate pair", () => {
    // utf16: d83d de00 at units 2-3
    expect(abridgeParam("ab\u{1F600}cd", 3)).toBe("ab...");
    expect(abridgeParam("ab\u{1F600}cd", 4)).toBe("ab\u{1F600}...");
  });
  it("handles budgets 0 and 1 and lone surrogates", () => {
    expect(abridgeParam("abc", 0)).toBe("...");
    expect(abridgeParam("abc", 1)).toBe("a...");
    expect(abridgeParam("abc", -3)).toBe("...");
    expect(abridgeParam("\ud800\ud800", 1)).toBe("\ud800...");
  });
});

describe("abridgeArgs", () => {
  it("abridges string values at any depth, not keys", () => {
    expect(abridgeArgs('{"path":"a.md","body":"0123456789","list":["0123456789",1,{"k":"0123456789"}],"0123456789":true}', 5)).toBe(
      '{"path":"a.md","body":"01234...","list":["01234...",1,{"k":"01234..."}],"0123456789":true}',
    );
  });
  it("keeps the input's text where nothing changes", () => {
    const json = ' { "a" : [ 1 , -2.5e+3 , true , false , null , "\\u00e9" ] } ';
    expect(abridgeArgs(json, 100)).toBe(json);
  });
  it("decodes escapes before measuring and re-encodes the result", () => {
    expect(abridgeArgs('{"s":"\\n\\n\\n\\n\\n\\n"}', 3)).toBe('{"s":"[6 lines]"}');
    expect(abridgeArgs('["\\"\\"\\"\\"\\""]', 2)).toBe('["\\"\\"..."]');
    // \ud83d\ude00 decodes to one emoji (2 units), kept whole
    expect(abridgeArgs('["a\\ud83d\\ude00bcd"]', 3)).toBe('["a\u{1F600}..."]');
  });
  it("returns invalid JSON unchanged", () => {
    const bad = ['{"a":1,}', "{", "[1,]", '{"a" 1}', "tru", "01", "1.", '"\\q"', '"a\nb"', "[] []", "", "{\"a\":1}}"];
    for (let i = 0; i < bad.length; i++) expect(abridgeArgs(bad[i], 1)).toBe(bad[i]);
  });
  it("accepts scalars and deep nesting", () => {
    expect(abridgeArgs('"abcdef"', 2)).toBe('"ab..."');
    expect(abridgeArgs("[".repeat(10000) + "]".repeat(10000), 2)).toBe("[".repeat(10000) + "]".repeat(10000));
  });
});
