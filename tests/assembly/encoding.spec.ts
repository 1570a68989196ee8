import { encodingName, encodingNote, textEncodingBytes } from "../../assembly/encoding";
import { describeBinaryBytes } from "../../assembly/binary";

/** An ArrayBuffer holding the low byte of each unit of s. */
function bytesOf(s: string): ArrayBuffer {
  const buf = new ArrayBuffer(s.length);
  for (let i = 0; i < s.length; i++) store<u8>(changetype<usize>(buf) + <usize>i, <u8>s.charCodeAt(i));
  return buf;
}

/** s (ASCII and BMP) as UTF-16 bytes, little- or big-endian, with an optional BOM. */
function utf16(s: string, big: bool, bom: bool): ArrayBuffer {
  const n = s.length + (bom ? 1 : 0);
  const buf = new ArrayBuffer(n * 2);
  const p = changetype<usize>(buf);
  for (let i = 0; i < n; i++) {
    const u = bom && i == 0 ? 0xfeff : <i32>s.charCodeAt(i - (bom ? 1 : 0));
    store<u8>(p + <usize>(i * 2), <u8>(big ? u >> 8 : u & 0xff));
    store<u8>(p + <usize>(i * 2 + 1), <u8>(big ? u & 0xff : u >> 8));
  }
  return buf;
}

function rows(line: string, n: i32): string {
  const parts = new Array<string>();
  for (let i = 0; i < n; i++) parts.push(line);
  return parts.join("");
}

describe("textEncodingBytes: UTF-8 and ASCII", () => {
  it("says nothing for text that is UTF-8", () => {
    expect(textEncodingBytes(bytesOf(""))).toBe("");
    expect(textEncodingBytes(bytesOf("plain ascii\n"))).toBe("");
    // c3 a9 = é in UTF-8.
    expect(textEncodingBytes(bytesOf(rows("caf\xc3\xa9 au lait\n", 20)))).toBe("");
    // ef bb bf: a UTF-8 BOM.
    expect(textEncodingBytes(bytesOf("\xef\xbb\xbfname,value\n"))).toBe("");
  });
});

describe("textEncodingBytes: UTF-16", () => {
  it("reads a BOM", () => {
    expect(textEncodingBytes(utf16("Artikel\tBestand\r\n", false, true))).toBe("utf-16le");
    expect(textEncodingBytes(utf16("Artikel\tBestand\r\n", true, true))).toBe("utf-16be");
  });

  it("reads text without a BOM by where its NULs fall", () => {
    // "Stock × 12" (× = 00d7) repeated: ASCII behind every other NUL.
    const text = rows("Stock \u00d7 12\n", 30);
    expect(textEncodingBytes(utf16(text, false, false))).toBe("utf-16le");
    expect(textEncodingBytes(utf16(text, true, false))).toBe("utf-16be");
  });

  it("leaves NUL-heavy binary to the binary rule", () => {
    expect(textEncodingBytes(bytesOf(rows("\x01\0\x02\0\x03\0\x04\0", 20)))).toBe("");
  });
});

describe("textEncodingBytes: single- and double-byte encodings", () => {
  it("calls accented letters among ASCII Windows-1252", () => {
    // df = ß, fc = ü, f6 = ö in Latin-1.
    expect(textEncodingBytes(bytesOf(rows("K00001;Bahnhofstra\xdfe 2;W\xfcrzburg;Gr\xfc\xdfe an Frau M\xfcller\n", 30)))).toBe("windows-1252");
  });

  it("reads Shift_JIS, EUC-JP and GBK from their kana and pairs", () => {
    // みかん: Shift_JIS 82 dd 82 a9 82 f1; EUC-JP a4 df a4 ab a4 f3.
    expect(textEncodingBytes(bytesOf(rows("SKU-0001, \x82\xdd\x82\xa9\x82\xf1, 13\n", 40)))).toBe("shift_jis");
    expect(textEncodingBytes(bytesOf(rows("SKU-0001, \xa4\xdf\xa4\xab\xa4\xf3, 13\n", 40)))).toBe("euc-jp");
    // 你好世界: GBK c4 e3 ba c3 ca c0 bd e7.
    expect(textEncodingBytes(bytesOf(rows("id 7: \xc4\xe3\xba\xc3\xca\xc0\xbd\xe7\n", 40)))).toBe("gbk");
  });

  it("says nothing for bytes that are no text in any of them", () => {
    expect(textEncodingBytes(bytesOf(rows("\xe9\xff\xfe", 40)))).toBe("");
    expect(textEncodingBytes(bytesOf(rows("\x01\x02\x03\xe9\x04", 40)))).toBe("");
    // 81 and 9d are unassigned in Windows-1252.
    expect(textEncodingBytes(bytesOf(rows("plain words \x81 and \x9d\n", 20)))).toBe("");
  });
});

describe("binary or text in another encoding", () => {
  it("reads UTF-16 and Shift_JIS bytes as text, not binary", () => {
    expect(describeBinaryBytes(utf16(rows("Artikel\tBestand\r\n", 50), false, true))).toBe("");
    expect(describeBinaryBytes(bytesOf(rows("\x82\xdd\x82\xa9\x82\xf1, 13\x8c\xc2\n", 40)))).toBe("");
    // A PNG stays binary, whatever its bytes happen to parse as.
    const png = "\x89PNG\r\n\x1a\n\0\0\0\x0dIHDR\0\0\x02\x60\0\0\x01\x13\x08\x02";
    expect(describeBinaryBytes(bytesOf(png + rows("\x82\xdd", 40)))).toBe("[binary output: 106 bytes, PNG image, 608 x 275]");
  });
});

describe("encodingNote", () => {
  it("names the encoding and the size in it", () => {
    expect(encodingName("windows-1252")).toBe("Windows-1252 (Latin-1)");
    expect(encodingNote("windows-1252", 76695)).toBe("[not UTF-8: Windows-1252 (Latin-1) text, 76,695 bytes, shown decoded; keep Windows-1252 when writing it back]");
    expect(encodingNote("utf-16le", 1)).toBe("[not UTF-8: UTF-16LE text, 1 byte, shown decoded; keep UTF-16LE when writing it back]");
  });
});
