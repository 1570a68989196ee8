// UTF-8 bytes decoded into the core's own text, so that bytes given to compact() or process()
// need no JS string first: a host-side decode of a 10 MB output allocates tens of MB of fresh
// pages (most of its ~70 ms), while here the bytes and the text share memory the core keeps.
// The decode is a lenient WHATWG decoder's (TextDecoder, fatal: false): a leading BOM is
// dropped and each maximal invalid subpart becomes one U+FFFD, so the text is exactly the one
// the host would have decoded. Runs of ASCII are widened 16 bytes a step.
import { utf8Step } from "./utf8";

/**
 * The text of the UTF-8 bytes `block` holds, decoded in place: `block` is a string of n units
 * (2n bytes) whose second half holds the n bytes (host/core.ts lowerUtf8). The text is written
 * from the block's start and never overtakes the bytes still to read (a byte gives at most one
 * unit, and a step reads its bytes before it writes), then the block is cut to the text.
 */
export function utf8TextInPlace(block: string): string {
  const out = changetype<usize>(block);
  const n = block.length;
  const p = out + <usize>n;
  let i = 0;
  if (n >= 3 && load<u8>(p) == 0xef && load<u8>(p, 1) == 0xbb && load<u8>(p, 2) == 0xbf) i = 3;
  let o = out;
  while (i < n) {
    if (i + 16 <= n) {
      const v = v128.load(p + <usize>i);
      const high = i8x16.bitmask(v);
      if (high == 0) {
        // 32 bytes written at o ≤ out + 2i end at or before the bytes not yet read (p + i + 16).
        v128.store(o, i16x8.extend_low_i8x16_u(v));
        v128.store(o, i16x8.extend_high_i8x16_u(v), 16);
        o += 32;
        i += 16;
        continue;
      }
      // The ASCII before the first byte that is not, widened whole when the 32 bytes end before
      // this block (whose rest is read again); else unit by unit below.
      const ascii = ctz(high);
      if (ascii > 0 && o + 32 <= p + <usize>i) {
        v128.store(o, i16x8.extend_low_i8x16_u(v));
        v128.store(o, i16x8.extend_high_i8x16_u(v), 16);
        o += <usize>ascii << 1;
        i += ascii;
      }
    }
    const step = utf8Step(p, i, n, false);
    if (step == 1) {
      store<u16>(o, load<u8>(p + <usize>i));
      o += 2;
      i++;
    } else if (step <= 0) {
      // A maximal invalid subpart, or a sequence the bytes end inside: one U+FFFD.
      store<u16>(o, 0xfffd);
      o += 2;
      i += step == 0 ? n - i : -step;
    } else {
      let c: u32 = <u32>load<u8>(p + <usize>i) & (0x7f >> step);
      for (let k = 1; k < step; k++) c = (c << 6) | (<u32>load<u8>(p + <usize>(i + k)) & 0x3f);
      if (c >= 0x10000) {
        c -= 0x10000;
        store<u16>(o, <u16>(0xd800 | (c >> 10)));
        store<u16>(o, <u16>(0xdc00 | (c & 0x3ff)), 2);
        o += 4;
      } else {
        store<u16>(o, <u16>c);
        o += 2;
      }
      i += step;
    }
  }
  return changetype<string>(__renew(out, o - out));
}
