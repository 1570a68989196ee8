// Lowercasing for tests against ASCII text only (`includes("error")`,
// `endsWith(".log")`, a name equal to an ASCII word). Full Unicode lowercasing
// (String#toLowerCase) needs case tables of several KB; for such tests only the
// characters whose lowercase holds ASCII matter, and in Unicode those are A-Z,
// U+0130 (İ, lowercased to "i" and U+0307) and U+212A (the Kelvin sign, to "k").
// Every other character is kept as it is: its lowercase, like itself, holds no
// ASCII, so no ASCII text can match across it either way, and lengths and
// positions come out as toLowerCase's. Never show the result: it is not the
// lowercase of non-ASCII text.

/** `s` lowercased as far as tests against ASCII text can tell (see above). */
export function lowerForAsciiTests(s: string): string {
  const n = s.length;
  let extra = 0;
  for (let i = 0; i < n; i++) if (<i32>s.charCodeAt(i) == 0x130) extra++;
  const out = changetype<string>(__new(<usize>(n + extra) << 1, idof<String>()));
  let o = changetype<usize>(out);
  for (let i = 0; i < n; i++) {
    let c = <i32>s.charCodeAt(i);
    if (<u32>(c - 0x41) <= 25) c |= 0x20;
    else if (c == 0x212a) c = 0x6b;
    else if (c == 0x130) {
      store<u16>(o, 0x69);
      o += 2;
      c = 0x307;
    }
    store<u16>(o, <u16>c);
    o += 2;
  }
  return out;
}
