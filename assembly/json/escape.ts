// The body of a JSON string (no quotes) as UTF-8, for the session log: a tool's
// full output is escaped once, here, instead of by a second JSON serialisation of
// the whole record in the host. The escapes are exactly JSON.stringify's: `"`, `\`,
// \b \t \n \f \r, other units below 0x20 as \u00xx, lone surrogates as \udxxx,
// everything else (U+2028, DEL) as it is. Runs of plain ASCII go 16 units a step.
//
// The host lowers the input once and calls an export repeatedly with an output
// window: each call stops before the first character that does not fit and says
// how far it got (the input is never windowed, so a surrogate pair is never split).
// These exports take raw pointers into the core's memory: the host allocates both
// blocks and keeps them pinned for the duration.

/** Bytes written to the output window by the last call. */
let written: i32 = 0;
/** UTF-8 bytes of the input consumed by the last call (a lone surrogate counts 3, as U+FFFD). */
let utf8Bytes: i32 = 0;
/** UTF-16 units of the input consumed by the last call (for UTF-8 input). */
let utf16Units: i32 = 0;

/** Room one step may write: a stored SIMD block (16), then one escape (`\udxxx`, 6) after its plain lanes. */
const STEP_ROOM: i32 = 22;
/** Room a block of ASCII with escapes may write: sixteen `\u00xx` (each stored as 8 bytes), and a stored block past the last. */
const BLOCK_ROOM: i32 = 16 * 6 + 16;
/**
 * Swizzle indices that move a run starting at lane `from` (0–16) to the front, 16 bytes each:
 * one load per run where adding `from` to the lane indices takes a splat and an add.
 */
const RUN_SHIFTS = new StaticArray<u8>(17 * 16);
for (let from = 0; from <= 16; from++) for (let lane = 0; lane < 16; lane++) unchecked((RUN_SHIFTS[(from << 4) + lane] = <u8>(from + lane)));

/** The block's lanes from `from` on, moved to the front. */
// @ts-ignore: decorator
@inline function runFrom(b: v128, from: i32): v128 {
  return i8x16.swizzle(b, v128.load(changetype<usize>(RUN_SHIFTS) + (<usize>from << 4)));
}

// @ts-ignore: decorator
@inline function hexDigit(n: u32): u32 {
  return n < 10 ? 0x30 + n : 0x57 + n;
}

/** The letter after the backslash for a short escape, or 0 for \u00xx. */
// @ts-ignore: decorator
@inline function shortEscape(u: u32): u32 {
  switch (u) {
    case 0x08: return 0x62; // b
    case 0x09: return 0x74; // t
    case 0x0a: return 0x6e; // n
    case 0x0c: return 0x66; // f
    case 0x0d: return 0x72; // r
    case 0x22: return 0x22; // "
    case 0x5c: return 0x5c; // \
  }
  return 0;
}

/** Writes the escape of `u` (below 0x20, `"`, `\`, or a lone surrogate) at `at`; returns its length. */
function writeEscape(at: usize, u: u32): i32 {
  store<u8>(at, 0x5c);
  const letter = shortEscape(u);
  if (letter != 0) {
    store<u8>(at + 1, <u8>letter);
    return 2;
  }
  if (u < 0x20) {
    store<u32>(at, 0x3030755c); // \u00, little-endian
  } else {
    store<u8>(at + 1, 0x75); // u
    store<u8>(at + 2, <u8>hexDigit((u >> 12) & 15));
    store<u8>(at + 3, <u8>hexDigit((u >> 8) & 15));
  }
  store<u8>(at + 4, <u8>hexDigit((u >> 4) & 15));
  store<u8>(at + 5, <u8>hexDigit(u & 15));
  return 6;
}

/**
 * writeEscape() of each ASCII unit up to `\`, its bytes in a u64 stored whole, with its length
 * (0 for a unit that needs none) in the top byte, past the longest escape's six: the escape of
 * a unit in a block of ASCII is then one load and a store.
 */
const ASCII_ESCAPES = new StaticArray<u64>(0x5d);
for (let u: u32 = 0; u < 0x5d; u++) {
  if (u < 0x20 || u == 0x22 || u == 0x5c) {
    const at = changetype<usize>(ASCII_ESCAPES) + (<usize>u << 3);
    store<u8>(at + 7, <u8>writeEscape(at, u));
  }
}

/** A 16-byte block's lanes that are not plain ASCII for JSON: below 0x20, 0x80 and up, `"` or `\`. */
// @ts-ignore: decorator
@inline function specialLanes(b: v128): v128 {
  // As signed bytes, those below 0x20 and those from 0x80 are exactly the ones less than 0x20: one compare.
  return v128.or(i8x16.lt_s(b, i8x16.splat(0x20)), v128.or(i8x16.eq(b, i8x16.splat(0x22)), i8x16.eq(b, i8x16.splat(0x5c))));
}

/**
 * Escapes UTF-16 units [src, src + 2·units) into [dst, dst + capacity). Returns the units
 * consumed; `jsonEscapedBytes()` the bytes written, `jsonEscapedUtf8()` their UTF-8 size.
 */
export function jsonEscapeUtf16(src: usize, units: i32, dst: usize, capacity: i32): i32 {
  let i: i32 = 0;
  let o: i32 = 0;
  // UTF-8 bytes of the consumed units beyond one a unit: ASCII, nearly all of most outputs, adds none.
  let beyond: i32 = 0;
  while (i < units) {
    if (o + STEP_ROOM > capacity) break;
    if (i + 16 <= units) {
      const at = src + (<usize>i << 1);
      const low = v128.load(at);
      const high = v128.load(at, 16);
      // Units from 0x100 saturate to 0xff and from 0x8000 to 0: both land in a special lane.
      const b = i8x16.narrow_i16x8_u(low, high);
      const special = specialLanes(b);
      v128.store(dst + <usize>o, b);
      if (!v128.any_true(special)) {
        i += 16;
        o += 16;
        continue;
      }
      // ASCII with escapes in it (a coloured log has an ESC every few characters): each run of
      // plain lanes is shifted into place and each escape written after it, within the block.
      if (o + BLOCK_ROOM <= capacity && !v128.any_true(v128.and(v128.or(low, high), i16x8.splat(<i16>0xff80)))) {
        let lanes = i8x16.bitmask(special);
        // The lanes before the first escape are in place already (the block was stored whole).
        const first = ctz<i32>(lanes);
        lanes &= lanes - 1;
        o += first;
        const v = <i32>load<u16>(at + (<usize>first << 1));
        const firstEscape = unchecked(ASCII_ESCAPES[v]);
        store<u64>(dst + <usize>o, firstEscape);
        o += <i32>(firstEscape >>> 56);
        let from = first + 1;
        while (lanes != 0) {
          const j = ctz<i32>(lanes);
          lanes &= lanes - 1;
          v128.store(dst + <usize>o, runFrom(b, from));
          o += j - from;
          const u = <i32>load<u16>(at + (<usize>j << 1));
          const escape = unchecked(ASCII_ESCAPES[u]);
          store<u64>(dst + <usize>o, escape);
          o += <i32>(escape >>> 56);
          from = j + 1;
        }
        v128.store(dst + <usize>o, runFrom(b, from));
        o += 16 - from;
        i += 16;
        continue;
      }
      // A block with units from 0x80 (a curly quote amid a coloured log's escapes): each is
      // written after its run of plain lanes as the ASCII escapes are, two or three bytes, up to
      // the first surrogate, which the one-character step below takes.
      if (o + BLOCK_ROOM <= capacity) {
        let lanes = i8x16.bitmask(special);
        let from = 0;
        let extra = 0;
        let stop = 16;
        while (lanes != 0) {
          const j = ctz<i32>(lanes);
          lanes &= lanes - 1;
          const u = <u32>load<u16>(at + (<usize>j << 1));
          if ((u & 0xf800) == 0xd800) {
            stop = j;
            break;
          }
          v128.store(dst + <usize>o, runFrom(b, from));
          o += j - from;
          const out = dst + <usize>o;
          if (u < 0x80) {
            const escape = unchecked(ASCII_ESCAPES[u]);
            store<u64>(out, escape);
            o += <i32>(escape >>> 56);
          } else if (u < 0x800) {
            store<u8>(out, <u8>(0xc0 | (u >> 6)));
            store<u8>(out + 1, <u8>(0x80 | (u & 0x3f)));
            o += 2;
            extra += 1;
          } else {
            store<u8>(out, <u8>(0xe0 | (u >> 12)));
            store<u8>(out + 1, <u8>(0x80 | ((u >> 6) & 0x3f)));
            store<u8>(out + 2, <u8>(0x80 | (u & 0x3f)));
            o += 3;
            extra += 2;
          }
          from = j + 1;
        }
        v128.store(dst + <usize>o, runFrom(b, from));
        o += stop - from;
        i += stop;
        beyond += extra;
        if (stop == 16) continue;
      } else {
        const plain = ctz<i32>(i8x16.bitmask(special));
        i += plain;
        o += plain;
      }
    }
    // One character the SIMD step does not take.
    const u = <u32>load<u16>(src + (<usize>i << 1));
    const out = dst + <usize>o;
    if (u < 0x80) {
      if (u < 0x20 || u == 0x22 || u == 0x5c) {
        o += writeEscape(out, u);
      } else {
        store<u8>(out, <u8>u);
        o++;
      }
      i++;
    } else if (u < 0x800) {
      store<u8>(out, <u8>(0xc0 | (u >> 6)));
      store<u8>(out + 1, <u8>(0x80 | (u & 0x3f)));
      o += 2;
      beyond += 1;
      i++;
    } else if ((u & 0xf800) != 0xd800) {
      store<u8>(out, <u8>(0xe0 | (u >> 12)));
      store<u8>(out + 1, <u8>(0x80 | ((u >> 6) & 0x3f)));
      store<u8>(out + 2, <u8>(0x80 | (u & 0x3f)));
      o += 3;
      beyond += 2;
      i++;
    } else {
      const next = i + 1 < units ? <u32>load<u16>(src + (<usize>(i + 1) << 1)) : 0;
      if (u < 0xdc00 && (next & 0xfc00) == 0xdc00) {
        const cp = 0x10000 + ((u - 0xd800) << 10) + (next - 0xdc00);
        store<u8>(out, <u8>(0xf0 | (cp >> 18)));
        store<u8>(out + 1, <u8>(0x80 | ((cp >> 12) & 0x3f)));
        store<u8>(out + 2, <u8>(0x80 | ((cp >> 6) & 0x3f)));
        store<u8>(out + 3, <u8>(0x80 | (cp & 0x3f)));
        o += 4;
        beyond += 2;
        i += 2;
      } else {
        // A lone surrogate: escaped so that it reads back as itself; as UTF-8 it would be U+FFFD.
        o += writeEscape(out, u);
        beyond += 2;
        i++;
      }
    }
  }
  written = o;
  utf8Bytes = i + beyond;
  utf16Units = i;
  return i;
}

/**
 * Escapes valid UTF-8 bytes [src, src + length) into [dst, dst + capacity): bytes stand as
 * they are except below 0x20, `"` and `\`. Returns the bytes consumed; `jsonEscapedBytes()`
 * the bytes written, `jsonEscapedUnits()` the UTF-16 units of the text consumed.
 */
export function jsonEscapeUtf8(src: usize, length: i32, dst: usize, capacity: i32): i32 {
  let i: i32 = 0;
  let o: i32 = 0;
  let units: i32 = 0;
  while (i < length) {
    if (o + STEP_ROOM > capacity) break;
    if (i + 16 <= length) {
      const b = v128.load(src + <usize>i);
      const special = v128.or(i8x16.lt_u(b, i8x16.splat(0x20)), v128.or(i8x16.eq(b, i8x16.splat(0x22)), i8x16.eq(b, i8x16.splat(0x5c))));
      v128.store(dst + <usize>o, b);
      // A character starts at every byte that is not a continuation byte; one from U+10000 is two units.
      const starts = i8x16.bitmask(v128.not(i8x16.eq(v128.and(b, i8x16.splat(<i8>0xc0)), i8x16.splat(<i8>0x80))));
      const astral = i8x16.bitmask(i8x16.ge_u(b, i8x16.splat(<i8>0xf0)));
      if (!v128.any_true(special)) {
        units += <i32>popcnt<u32>(starts) + <i32>popcnt<u32>(astral);
        i += 16;
        o += 16;
        continue;
      }
      const plain = ctz<i32>(i8x16.bitmask(special));
      const below = (1 << plain) - 1;
      units += <i32>popcnt<u32>(starts & below) + <i32>popcnt<u32>(astral & below);
      i += plain;
      o += plain;
    }
    const b = <u32>load<u8>(src + <usize>i);
    if (b < 0x20 || b == 0x22 || b == 0x5c) {
      o += writeEscape(dst + <usize>o, b);
    } else {
      store<u8>(dst + <usize>o, <u8>b);
      o++;
    }
    if ((b & 0xc0) != 0x80) units += b >= 0xf0 ? 2 : 1;
    i++;
  }
  written = o;
  utf16Units = units;
  utf8Bytes = i;
  return i;
}

/** Bytes the last escape call wrote. */
export function jsonEscapedBytes(): i32 {
  return written;
}

/** UTF-8 bytes of the text the last escape call consumed. */
export function jsonEscapedUtf8(): i32 {
  return utf8Bytes;
}

/** UTF-16 units of the text the last escape call consumed. */
export function jsonEscapedUnits(): i32 {
  return utf16Units;
}
