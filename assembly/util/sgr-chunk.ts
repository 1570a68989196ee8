// The cleaner's fast path for coloured text, 64 UTF-16 units at a time.
//
// Build tools colour every path, word and caret (`ESC[01;35m`, `ESC[m`), and
// GCC follows each colour with `ESC[K`: a 10 MB log holds ~800 K sequences,
// one every dozen units. Finding them one by one costs a scan, a branch and a
// dependent load per sequence; here a chunk is classified with SIMD compares
// into 64-bit masks, the sequences are located with carry arithmetic over the
// masks (no loop per sequence), and the units that stay are moved with
// byte shuffles from a table, eight at a time.
//
// Only what cannot change the line beyond disappearing is handled here: SGR
// (ESC [ parameters m) and ESC [ K with no parameter, which erases nothing
// while the cursor is at the end of the line, as it is on this path. The
// chunk ends before anything else (other escapes, controls, surrogates,
// units from U+8000 up) and the line editor takes over from there.

/** Units per chunk: one bit each in a u64. */
export const CHUNK = 64;

/** Set by scanChunk: the chunk's line ends (as bits), below chunkEnd. */
export let chunkLines: u64 = 0;
/** Units the chunk covers: CHUNK, or fewer when something at chunkEnd is left to the caller. */
export let chunkEnd: i32 = 0;
/** Whether the unit at chunkEnd needs the line editor; else it starts an escape the next chunk reads whole. */
export let chunkStopped: bool = false;

/**
 * Shuffle masks that gather the units an 8-bit keep mask selects, 16 bytes
 * per mask, made at first use. Static memory, not a heap block: a block that
 * lives on between calls would split the heap the next call's text needs whole.
 * (The size-optimised build, which has no fast path, reserves none.)
 */
const GATHER: usize = ASC_SHRINK_LEVEL < 2 ? memory.data(256 * 16, 16) : 0;
let gatherReady = false;

/** Makes the gather table, once; before the first gatherChunk. */
export function prepareGather(): void {
  if (gatherReady) return;
  for (let mask = 0; mask < 256; mask++) {
    let at = GATHER + (<usize>mask << 4);
    for (let unit = 0; unit < 8; unit++) {
      if ((mask >> unit) & 1) {
        store<u16>(at, <u16>(unit * 0x202 + 0x100)); // bytes 2·unit, 2·unit + 1
        at += 2;
      }
    }
  }
  gatherReady = true;
}

// Units as bytes: below 0x100 as they are, 0x100–0x7fff as 0xff (text),
// from 0x8000 up (surrogates among them) as 0x00, which is treated as a control.
// @ts-ignore: decorator
@inline function bytesAt(p: usize): v128 {
  return i8x16.narrow_i16x8_u(v128.load(p), v128.load(p, 16));
}

// @ts-ignore: decorator
@inline function bits(a: v128, b: v128, c: v128, d: v128): u64 {
  const low = <u32>i8x16.bitmask(a) | (<u32>i8x16.bitmask(b) << 16);
  const high = <u32>i8x16.bitmask(c) | (<u32>i8x16.bitmask(d) << 16);
  return <u64>low | (<u64>high << 32);
}

// @ts-ignore: decorator
@inline function equal(a: v128, b: v128, c: v128, d: v128, byte: i8): u64 {
  const k = i8x16.splat(byte);
  return bits(i8x16.eq(a, k), i8x16.eq(b, k), i8x16.eq(c, k), i8x16.eq(d, k));
}

/** 0x30–0x3f: CSI parameter units. */
// @ts-ignore: decorator
@inline function param(b: v128): v128 {
  return i8x16.eq(v128.and(b, i8x16.splat(<i8>0xf0)), i8x16.splat(0x30));
}

/** Units the fast path leaves to the line editor: controls but tab, line feed and ESC; DEL; the 8-bit CSI. */
// @ts-ignore: decorator
@inline function stop(b: v128): v128 {
  const control = i8x16.eq(i8x16.min_u(b, i8x16.splat(0x1f)), b);
  const kept = v128.or(v128.or(i8x16.eq(b, i8x16.splat(0x09)), i8x16.eq(b, i8x16.splat(0x0a))), i8x16.eq(b, i8x16.splat(0x1b)));
  return v128.or(v128.andnot(control, kept), v128.or(i8x16.eq(b, i8x16.splat(0x7f)), i8x16.eq(b, i8x16.splat(<i8>0x9b))));
}

/**
 * Classifies the CHUNK units at src: returns the units that stay, as bits,
 * and sets chunkLines, chunkEnd and chunkStopped.
 */
// @ts-ignore: decorator
@inline export function scanChunk(src: usize): u64 {
  const b0 = bytesAt(src);
  const b1 = bytesAt(src + 32);
  const b2 = bytesAt(src + 64);
  const b3 = bytesAt(src + 96);
  const esc = equal(b0, b1, b2, b3, 0x1b);
  const bracket = equal(b0, b1, b2, b3, 0x5b);
  const params = bits(param(b0), param(b1), param(b2), param(b3));
  const sgr = equal(b0, b1, b2, b3, 0x6d);
  const erase = equal(b0, b1, b2, b3, 0x4b);
  const lines = equal(b0, b1, b2, b3, 0x0a);
  const other = bits(stop(b0), stop(b1), stop(b2), stop(b3));
  // An ESC whose next unit is not '[' is another kind of escape (the last
  // unit's next is in the next chunk).
  const introduced = esc & (bracket >> 1);
  const badIntro = esc & ~(bracket >> 1) & ~(<u64>1 << 63);
  // Parameters start two units after the ESC; the sum carries through each
  // run of them that starts there and leaves a bit on the unit after it: the final.
  const starts = introduced << 2;
  const finals = (((starts & params) + params) & ~params) | (starts & ~params);
  // The final must be 'm', or 'K' right after the '[' (ESC [ K).
  const badFinals = finals & ~(sgr | (erase & starts));
  let end: u64 = other | badIntro;
  if (badFinals != 0) {
    // The escape of the first bad final: the last ESC before it.
    const before = esc & ((badFinals & (~badFinals + 1)) - 1);
    end |= <u64>1 << (63 - clz(before));
  }
  const stopped = end;
  // The last ESC continues into the next chunk when no final follows it.
  if (esc != 0) {
    const last = 63 - clz(esc);
    if ((finals >> last) == 0) end |= <u64>1 << last;
  }
  const at = <i32>ctz(end); // 64 when nothing ends the chunk early
  const below: u64 = at == 64 ? ~<u64>0 : (<u64>1 << at) - 1;
  // Every escape below `at` is whole: each spans its ESC to its final, and
  // (final << 1) - ESC sets exactly those bits, pair by pair.
  const span = ((finals & below) << 1) - (esc & below);
  chunkLines = lines & below;
  chunkEnd = at;
  chunkStopped = at < 64 && ((stopped >> at) & 1) != 0;
  return ~span & below;
}

/** Writes the 8 units at src that the low 8 bits of `keep` select to dst; returns the address after them. */
// @ts-ignore: decorator
@inline function gather8(src: usize, dst: usize, keep: u64): usize {
  const mask = <usize>keep & 0xff;
  v128.store(dst, i8x16.swizzle(v128.load(src), v128.load(GATHER + (mask << 4))));
  return dst + (<usize>popcnt(mask) << 1);
}

/** Writes the units of the chunk at src that `keep` selects to dst (room for CHUNK units); returns how many. */
// @ts-ignore: decorator
@inline export function gatherChunk(src: usize, dst: usize, keep: u64): i32 {
  let out = gather8(src, dst, keep);
  out = gather8(src + 16, out, keep >> 8);
  out = gather8(src + 32, out, keep >> 16);
  out = gather8(src + 48, out, keep >> 24);
  out = gather8(src + 64, out, keep >> 32);
  out = gather8(src + 80, out, keep >> 40);
  out = gather8(src + 96, out, keep >> 48);
  out = gather8(src + 112, out, keep >> 56);
  return <i32>((out - dst) >> 1);
}
