// The core's UTF-8 count of a resident text (residentUtf8Bytes), which decides whether
// process() takes a long string whole or bounded, against Buffer.byteLength: every kind of
// unit (ASCII, two and three bytes, pairs, lone and reversed surrogates) at every offset
// of the SIMD steps, and the bounded decision made with and without it.
import { describe, expect, it } from "vitest";
import { residentUtf8Bytes, withResidentText } from "../../host/core.js";
import { lengthUndecided, outputOver } from "../../host/stream/whole.js";

const UNITS = [0x41, 0x0a, 0x1b, 0x7f, 0x80, 0x7ff, 0x800, 0x2018, 0xd7ff, 0xd800, 0xdbff, 0xdc00, 0xdfff, 0xe000, 0xfffd, 0xffff];

function randomText(length: number, seed: number): string {
  let s = seed;
  const units = new Array<number>(length);
  for (let i = 0; i < length; i++) {
    s = (s * 1103515245 + 12345) >>> 0;
    units[i] = UNITS[(s >>> 16) % UNITS.length]!;
  }
  return String.fromCharCode(...units);
}

describe("residentUtf8Bytes", () => {
  it("counts as Buffer.byteLength does, at every length and mix", () => {
    for (let length = 0; length < 80; length++) {
      for (let seed = 1; seed <= 20; seed++) {
        const text = randomText(length, seed * 7919 + length);
        expect(withResidentText(text, () => residentUtf8Bytes(text))).toBe(Buffer.byteLength(text, "utf8"));
      }
    }
    // Pairs across every step boundary, and long runs that flush the lane counters.
    for (const text of ["😀".repeat(40_000), `x${"😀".repeat(40_000)}`, `${"\u2018".repeat(200_000)}\ud800`, "a".repeat(300_001), `\udc00${"é".repeat(70_000)}\ud83d`]) {
      expect(withResidentText(text, () => residentUtf8Bytes(text))).toBe(Buffer.byteLength(text, "utf8"));
    }
  });

  it("counts only the resident text", () => {
    const text = "a".repeat(100);
    expect(residentUtf8Bytes(text)).toBeUndefined();
    expect(withResidentText(text, () => residentUtf8Bytes(`${text}b`))).toBeUndefined();
  });

  it("makes outputOver() decide as it does without the core, around the limit", () => {
    const limit = 3000;
    for (let length = Math.floor(limit / 3) + 1; length <= limit; length += 37) {
      const text = randomText(length, length);
      expect(lengthUndecided(text.length, limit)).toBe(true);
      const inCore = withResidentText(text, () => outputOver(text, limit));
      expect(inCore).toBe(outputOver(text, limit));
      expect(inCore).toBe(Buffer.byteLength(text, "utf8") > limit);
    }
  });
});
