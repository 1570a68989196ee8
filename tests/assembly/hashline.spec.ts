import { hashlines, lineHash, verifyAnchors } from "../../assembly/hashline";

// Expected values: FNV-1a 32 over Node's Buffer.from(line, "utf8"), low byte.
describe("lineHash", () => {
  it("hashes the empty line to the FNV basis' low byte", () => {
    expect(lineHash("")).toBe(0xc5);
  });
  it("hashes ASCII, whitespace included", () => {
    expect(lineHash("  return x")).toBe(0xd7);
    expect(lineHash("a")).toBe(0x2c);
    expect(lineHash("\t")).toBe(0x24);
    expect(lineHash("a b")).toBe(0xf2);
  });
  it("ignores one trailing \\r only", () => {
    expect(lineHash("a\r")).toBe(0x2c);
    expect(lineHash("a\r\r")).not.toBe(0x2c);
  });
  it("encodes non-ASCII as UTF-8", () => {
    expect(lineHash("é")).toBe(0xc1); // utf8: c3 a9
    expect(lineHash("日本")).toBe(0x51); // utf8: e6 97 a5 e6 9c ac
    expect(lineHash("\u{1F600}")).toBe(0x08); // utf16: d83d de00, utf8: f0 9f 98 80
  });
  it("hashes lone surrogates as U+FFFD (ef bf bd)", () => {
    expect(lineHash("\ud800")).toBe(0x4a);
    expect(lineHash("\udc00x")).toBe(0xb6);
    expect(lineHash("\ud800")).toBe(lineHash("\ufffd"));
  });
  it("hashes one huge line", () => {
    expect(lineHash("x".repeat(100000))).toBe(0x45);
  });
});

describe("hashlines", () => {
  it("formats {line}:{hh}|{content}", () => {
    expect(hashlines("  return x", 12)).toBe("12:d7|  return x");
  });
  it("returns nothing for empty input", () => {
    expect(hashlines("", 1)).toBe("");
  });
  it("does not add a line for a final newline, handles CRLF and no trailing newline", () => {
    expect(hashlines("a\n", 1)).toBe("1:2c|a");
    expect(hashlines("a\r\n\na", 1)).toBe("1:2c|a\n2:c5|\n3:2c|a");
  });
  it("numbers identical lines apart", () => {
    expect(hashlines("a\na\na", 7)).toBe("7:2c|a\n8:2c|a\n9:2c|a");
  });
  it("keeps surrogate pairs and lone surrogates in the content", () => {
    expect(hashlines("\u{1F600}\n\ud800", 1)).toBe("1:08|\u{1F600}\n2:4a|\ud800");
  });
});

describe("verifyAnchors", () => {
  it("reports holding, stale and missing anchors", () => {
    expect(verifyAnchors("1:2c,2:00 9:c5", "a\n  return x\n")).toBe(
      '{"ok":false,"totalLines":2,"anchors":[{"anchor":"1:2c","ok":true},{"anchor":"2:00","ok":false,"current":"2:d7"},{"anchor":"9:c5","ok":false,"current":null}]}',
    );
  });
  it("accepts all anchors that hold, in any order and case", () => {
    expect(verifyAnchors("2:D7\n1:2c", "a\n  return x")).toBe('{"ok":true,"totalLines":2,"anchors":[{"anchor":"2:d7","ok":true},{"anchor":"1:2c","ok":true}]}');
  });
  it("reads whole hashlines and skips their content", () => {
    expect(verifyAnchors("1:2c|a, 5:00\n2:d7|  return x", "a\r\n  return x")).toBe(
      '{"ok":true,"totalLines":2,"anchors":[{"anchor":"1:2c","ok":true},{"anchor":"2:d7","ok":true}]}',
    );
  });
  it("flags malformed tokens and rejects an empty list", () => {
    expect(verifyAnchors("x:1,0:c5,12:3", "")).toBe(
      '{"ok":false,"totalLines":0,"anchors":[{"anchor":"x:1","ok":false,"current":null,"error":"malformed"},{"anchor":"0:c5","ok":false,"current":null},{"anchor":"12:3","ok":false,"current":null,"error":"malformed"}]}',
    );
    expect(verifyAnchors("", "a")).toBe('{"ok":false,"totalLines":1,"anchors":[]}');
    expect(verifyAnchors("99999999999:00", "a")).toBe('{"ok":false,"totalLines":1,"anchors":[{"anchor":"99999999999:00","ok":false,"current":null,"error":"malformed"}]}');
  });
});
