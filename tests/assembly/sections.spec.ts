import { sections } from "../../assembly/sections";

describe("sections", () => {
  it("defaults to the middle third", () => {
    expect(sections("a\na\na\na\na\na\na\na\na\n", 0, 0)).toBe(
      '{"totalLines":9,"before":{"first":1,"last":3},"relevant":{"first":4,"last":6,"hashlines":"4:2c|a\\n5:2c|a\\n6:2c|a"},"after":{"first":7,"last":9}}',
    );
  });
  it("handles empty input", () => {
    expect(sections("", 0, 0)).toBe('{"totalLines":0,"before":null,"relevant":null,"after":null}');
  });
  it("handles one line, no trailing newline and CRLF", () => {
    expect(sections("a\r", -1, -1)).toBe('{"totalLines":1,"before":null,"relevant":{"first":1,"last":1,"hashlines":"1:2c|a"},"after":null}');
  });
  it("takes explicit, open-ended and reversed ranges", () => {
    expect(sections("a\nb\nc", 2, 0)).toBe('{"totalLines":3,"before":{"first":1,"last":1},"relevant":{"first":2,"last":3,"hashlines":"2:e5|b\\n3:52|c"},"after":null}');
    expect(sections("a\nb\nc", 0, 1)).toBe('{"totalLines":3,"before":null,"relevant":{"first":1,"last":1,"hashlines":"1:2c|a"},"after":{"first":2,"last":3}}');
    expect(sections("a\nb\nc", 2, 1)).toBe(sections("a\nb\nc", 1, 2));
    expect(sections("a\nb\nc", 1, 99)).toBe(sections("a\nb\nc", 1, 3));
  });
  it("returns null for a range past the end", () => {
    expect(sections("a\nb", 5, 0)).toBe('{"totalLines":2,"before":{"first":1,"last":2},"relevant":null,"after":null}');
  });
  it("escapes content as JSON, keeps surrogate pairs", () => {
    // utf16: d83d de00
    expect(sections("\"\\\t\u{1F600}", 1, 1)).toBe('{"totalLines":1,"before":null,"relevant":{"first":1,"last":1,"hashlines":"1:' + hex('"\\\t\u{1F600}') + '|\\"\\\\\\t\u{1F600}"},"after":null}');
  });
});

import { lineHash } from "../../assembly/hashline";
function hex(line: string): string {
  const h = lineHash(line);
  return (h < 16 ? "0" : "") + h.toString(16);
}
