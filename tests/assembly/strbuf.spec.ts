import { StrBuf } from "../../assembly/util/strbuf";

/** The JSON body of s, one unit at a time: the reference the SIMD escape must agree with. */
function jsonReference(s: string): string {
  let out = "";
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length && s.charCodeAt(i + 1) >= 0xdc00 && s.charCodeAt(i + 1) <= 0xdfff) {
      out += s.substring(i, i + 2);
      i++;
    } else if (c >= 0xd800 && c <= 0xdfff) out += "\ufffd";
    else if (c == 0x22) out += '\\"';
    else if (c == 0x5c) out += "\\\\";
    else if (c == 0x0a) out += "\\n";
    else if (c == 0x0d) out += "\\r";
    else if (c == 0x09) out += "\\t";
    else if (c < 0x20) out += "\\u00" + (c < 16 ? "0" : "") + c.toString(16);
    else out += String.fromCharCode(c);
  }
  return out;
}

function escaped(s: string): string {
  return new StrBuf(4).addJsonRange(s, 0, s.length).toString();
}

describe("StrBuf#addJsonRange", () => {
  it("escapes controls, quotes and backslashes, and keeps pairs, wherever they fall in a SIMD step", () => {
    const specials: string[] = ["\n", "\r", "\t", '"', "\\", "\u0001", "\u001b", "\u001f", "\ud83d\ude00", "\ud83d", "\ude00", "\u00e9", "\u007f"];
    for (let k = 0; k < specials.length; k++) {
      for (let at = 0; at < 20; at++) {
        const s = "a".repeat(at) + specials[k] + "b".repeat(19 - at);
        expect(escaped(s)).toBe(jsonReference(s));
      }
    }
  });

  it("handles a pair split by the range's end, runs of specials and an empty range", () => {
    const s = "line one\nline \"two\"\t\\end\ud83d\ude00\ud83d";
    expect(escaped(s)).toBe(jsonReference(s));
    expect(escaped("\n\n\n\n\n\n\n\n\n\n")).toBe("\\n".repeat(10));
    expect(escaped("")).toBe("");
    const high = "12345678\ud83d";
    expect(new StrBuf().addJsonRange(high + "\ude00", 0, high.length).toString()).toBe("12345678\ufffd");
  });
});
