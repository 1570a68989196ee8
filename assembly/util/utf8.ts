// UTF-8 validation the way a lenient decoder (WHATWG TextDecoder, fatal:
// false) sees it: each maximal invalid subpart becomes one U+FFFD.
import { utf8ByteCount } from "./utf8-count";

/** utf8Step's result when the data ends inside a sequence that is valid so far. */
export const UTF8_INCOMPLETE = 0;

// @ts-ignore: decorator
@inline function byteAt(p: usize, i: i32, wide: bool): i32 {
  return wide ? <i32>load<u16>(p + (<usize>i << 1)) & 0xff : <i32>load<u8>(p + <usize>i);
}

/**
 * The sequence at byte i of [0, n): its length k > 0 when valid, -k when
 * its first k bytes are a maximal invalid subpart (one U+FFFD), or
 * UTF8_INCOMPLETE when the data ends before the sequence could complete.
 * `wide` reads the bytes from UTF-16 units (one byte per unit).
 */
export function utf8Step(p: usize, i: i32, n: i32, wide: bool): i32 {
  const b0 = byteAt(p, i, wide);
  if (b0 < 0x80) return 1;
  let need = 0;
  let lo = 0x80;
  let hi = 0xbf;
  if (b0 >= 0xc2 && b0 <= 0xdf) need = 1;
  else if (b0 >= 0xe0 && b0 <= 0xef) {
    need = 2;
    if (b0 == 0xe0) lo = 0xa0;
    else if (b0 == 0xed) hi = 0x9f; // no surrogates
  } else if (b0 >= 0xf0 && b0 <= 0xf4) {
    need = 3;
    if (b0 == 0xf0) lo = 0x90;
    else if (b0 == 0xf4) hi = 0x8f;
  } else return -1;
  for (let k = 1; k <= need; k++) {
    if (i + k >= n) return UTF8_INCOMPLETE;
    const b = byteAt(p, i + k, wide);
    if (b < lo || b > hi) return -k;
    lo = 0x80;
    hi = 0xbf;
  }
  return need + 1;
}

/** UTF-8 bytes of s; a lone surrogate counts as U+FFFD (3 bytes), as an encoder writes it. */
export function utf8Length(s: string): i64 {
  return <i64>utf8ByteCount(changetype<usize>(s), s.length);
}
