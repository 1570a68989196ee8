import { skipJsonSpace } from "../../assembly/json/scan";
import { scanJsonString } from "../../assembly/json/strings";
import { JSON_CUT, JSON_INVALID, scanJsonValue } from "../../assembly/json/sniff";

/** skipJsonSpace one unit at a time: the reference. */
function spaceReference(s: string, i: i32, end: i32): i32 {
  while (i < end) {
    const c = s.charCodeAt(i);
    if (c != 0x20 && c != 0x0a && c != 0x0d && c != 0x09) break;
    i++;
  }
  return i;
}

describe("skipJsonSpace", () => {
  it("agrees with a unit-by-unit skip at every start and end, across SIMD steps", () => {
    // Runs of every blank kind, shorter and longer than 8 units, ending on each kind of value.
    const s = "{\n  \"a\": 1,\n\t\t\r\n                 [ ]\n            \u00a0x \n";
    for (let i = 0; i <= s.length; i++) {
      for (let end = i; end <= s.length; end++) expect(skipJsonSpace(s, i, end)).toBe(spaceReference(s, i, end));
    }
  });
});

describe("scanJsonString", () => {
  it("ends after the closing quote, past escapes and across SIMD steps", () => {
    expect(scanJsonString('"ab"', 0)).toBe(4);
    expect(scanJsonString('"a long value of more than sixteen units"x', 0)).toBe(41);
    expect(scanJsonString('"escaped \\" quote and \\\\ backslash, then more"', 0)).toBe(46);
    expect(scanJsonString('x"\\u00e9t\\u00e9 \u00e9t\u00e9 \ud83d\ude00 twelve units"', 1)).toBe(36);
  });

  it("finds the quote at each position of a vector step", () => {
    for (let k = 0; k < 20; k++) {
      const s = '"' + "abcdefghijklmnopqrstuvwxyz".substring(0, k) + '" ,';
      expect(scanJsonString(s, 0)).toBe(k + 2);
    }
  });

  it("rejects a control unit, a bad escape or a missing quote wherever they fall", () => {
    for (let k = 0; k < 20; k++) {
      const pad = "abcdefghijklmnopqrstuvwxyz".substring(0, k);
      expect(scanJsonString('"' + pad + "\n" + pad + '"', 0)).toBe(-1);
      expect(scanJsonString('"' + pad + "\\x" + pad + '"', 0)).toBe(-1);
      expect(scanJsonString('"' + pad + "\\u12g4" + '"', 0)).toBe(-1);
      expect(scanJsonString('"' + pad, 0)).toBe(-1);
    }
  });
});

describe("scanJsonValue numbers", () => {
  it("tells a number cut by the window from a malformed one", () => {
    const cut: string[] = ["-", "12", "1.", "1e", "1e+", "-0.5E-"];
    for (let k = 0; k < cut.length; k++) expect(scanJsonValue(cut[k], 0, cut[k].length)).toBe(JSON_CUT, cut[k]);
    const invalid: string[] = ["-a", "1.x", "1ex", "1e+x", "-.5"];
    for (let k = 0; k < invalid.length; k++) expect(scanJsonValue(invalid[k], 0, invalid[k].length)).toBe(JSON_INVALID, invalid[k]);
    expect(scanJsonValue("[12.5e3,0]", 0, 10)).toBe(10);
    expect(scanJsonValue("[12.5e3,0]", 0, 4)).toBe(JSON_CUT);
  });
});
