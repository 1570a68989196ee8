import { lowerForAsciiTests } from "../../assembly/util/lower";

/** Whether a and b have the same length and the same ASCII units at the same places, and non-ASCII units where the other has them. */
function sameForAsciiTests(a: string, b: string): bool {
  if (a.length != b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if ((x < 0x80 || y < 0x80) && x != y) return false;
  }
  return true;
}

describe("lowerForAsciiTests", () => {
  test("agrees with toLowerCase on every code point, as far as ASCII text can tell", () => {
    let differ = 0;
    for (let cp = 0; cp <= 0x10ffff; cp++) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue;
      const s = String.fromCodePoint(cp);
      if (!sameForAsciiTests(lowerForAsciiTests(s), s.toLowerCase())) differ++;
    }
    expect(differ).toBe(0);
  });

  test("agrees in a word, with final sigma, lone surrogates and the characters that lower to ASCII", () => {
    const samples = ["LOG.TXT", "Error: ΣΑΣ failed", "\u0130STANBUL.LOG", "\u212Aelvin", "\uD800x\uDC00Y", "ΌΣΟΣ. ΣΟΦΟΣ", "<!DOCTYPE HTML>", ""];
    for (let k = 0; k < samples.length; k++) {
      expect(sameForAsciiTests(lowerForAsciiTests(samples[k]), samples[k].toLowerCase())).toBe(true);
    }
    expect(lowerForAsciiTests("\u0130X\u212A")).toBe("i\u0307xk");
    expect(lowerForAsciiTests("Write FAILED")).toBe("write failed");
  });
});
