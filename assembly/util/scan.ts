// The cleaner's hot scan: where is the next code unit that ends a line or
// may need rewriting? Eight UTF-16 units per SIMD step. The size-optimised
// build (the component's, ASC_SHRINK_LEVEL 2) leaves the SIMD steps out: the
// unit loops that finish each scan answer the same alone.
import { CharCode } from "./chars";

/**
 * True for a unit the cleaner must look at: '\n', C0 controls other than
 * '\t', DEL, the 8-bit CSI 0x9b, and any surrogate (to check its pairing).
 */
export function isStopUnit(c: i32): bool {
  return (c < CharCode.SPACE && c != CharCode.TAB) || c == CharCode.DEL || c == CharCode.C1_CSI || <u32>(c - 0xd800) < 0x800;
}

/**
 * The vectors nextStop() compares with, loaded rather than built at each call as V8 builds
 * a vector constant: 0x8000, -0x7fe0, '\t', DEL, the 8-bit CSI, 0xa800, -0x7800 in every lane.
 * None in the size-optimised build, which has no vector steps.
 */
const STOP_VECTORS: usize = ASC_SHRINK_LEVEL >= 2 ? 0 : memory.data<u16>([
  0x8000, 0x8000, 0x8000, 0x8000, 0x8000, 0x8000, 0x8000, 0x8000, 0x8020, 0x8020, 0x8020, 0x8020, 0x8020, 0x8020, 0x8020, 0x8020,
  0x09, 0x09, 0x09, 0x09, 0x09, 0x09, 0x09, 0x09, 0x7f, 0x7f, 0x7f, 0x7f, 0x7f, 0x7f, 0x7f, 0x7f,
  0x9b, 0x9b, 0x9b, 0x9b, 0x9b, 0x9b, 0x9b, 0x9b, 0xa800, 0xa800, 0xa800, 0xa800, 0xa800, 0xa800, 0xa800, 0xa800,
  0x8800, 0x8800, 0x8800, 0x8800, 0x8800, 0x8800, 0x8800, 0x8800,
], 16);

/** Index of the first stop unit (see isStopUnit) in [i, n) of the UTF-16 data at base, or n. */
export function nextStop(base: usize, i: i32, n: i32): i32 {
  // The size-optimised build (the component's) leaves the vector steps out.
  if (ASC_SHRINK_LEVEL < 2) {
    const flip = v128.load(STOP_VECTORS);
    const control = v128.load(STOP_VECTORS, 16);
    const tab = v128.load(STOP_VECTORS, 32);
    const del = v128.load(STOP_VECTORS, 48);
    const csi = v128.load(STOP_VECTORS, 64);
    const toSurrogate = v128.load(STOP_VECTORS, 80);
    const surrogate = v128.load(STOP_VECTORS, 96);
    while (i + 8 <= n) {
      const v = v128.load(base + (<usize>i << 1));
      // Unsigned ranges as signed compares (one instruction each where an unsigned one takes
      // several): v < 0x20 is v + 0x8000 < -0x7fe0, 0xd800 <= v < 0xe000 is v + 0xa800 < -0x7800.
      const controls = v128.andnot(i16x8.lt_s(i16x8.add(v, flip), control), i16x8.eq(v, tab));
      const rare = v128.or(v128.or(i16x8.eq(v, del), i16x8.eq(v, csi)), i16x8.lt_s(i16x8.add(v, toSurrogate), surrogate));
      const hit = v128.or(controls, rare);
      if (v128.any_true(hit)) return i + ctz<i32>(i16x8.bitmask(hit));
      i += 8;
    }
  }
  for (; i < n; i++) {
    if (isStopUnit(<i32>load<u16>(base + (<usize>i << 1)))) return i;
  }
  return n;
}

/**
 * Whether the n UTF-16 units at a and b are equal, 8 at a time. The std
 * memory.compare goes byte by byte when a and b differ in alignment, which
 * lines of a text usually do.
 */
export function unitsEqual(a: usize, b: usize, n: i32): bool {
  if (ASC_SHRINK_LEVEL >= 2 || n < 8) {
    for (let i = 0; i < n; i++) {
      if (load<u16>(a + (<usize>i << 1)) != load<u16>(b + (<usize>i << 1))) return false;
    }
    return true;
  }
  let i = 0;
  for (; i + 8 <= n; i += 8) {
    const off = <usize>i << 1;
    if (v128.any_true(v128.xor(v128.load(a + off), v128.load(b + off)))) return false;
  }
  if (i == n) return true;
  // The last 8 units, overlapping what was compared.
  const off = <usize>(n - 8) << 1;
  return !v128.any_true(v128.xor(v128.load(a + off), v128.load(b + off)));
}


/** s[start, end) starts with `lit`. */
export function startsWithAt(s: string, start: i32, end: i32, lit: string): bool {
  const n = lit.length;
  return end - start >= n && unitsEqual(changetype<usize>(s) + (<usize>start << 1), changetype<usize>(lit), n);
}

/** End of the '|'-separated part of `list` that starts at `from`. */
function partEnd(list: string, from: i32): i32 {
  const n = list.length;
  while (from < n && load<u16>(changetype<usize>(list) + (<usize>from << 1)) != 0x7c) from++;
  return from;
}

/**
 * s[start, end) starts with one of the '|'-separated prefixes of `list`: one loop where
 * a chain of startsWithAt calls costs the size-optimised build a call per prefix.
 */
export function startsWithOneOf(s: string, start: i32, end: i32, list: string): bool {
  for (let from = 0; from < list.length; ) {
    const stop = partEnd(list, from);
    if (end - start >= stop - from && unitsEqual(changetype<usize>(s) + (<usize>start << 1), changetype<usize>(list) + (<usize>from << 1), stop - from)) return true;
    from = stop + 1;
  }
  return false;
}

/** s holds one of the '|'-separated needles of `list`, found as String#includes finds each. */
export function includesOneOf(s: string, list: string): bool {
  for (let from = 0; from < list.length; ) {
    const stop = partEnd(list, from);
    for (let i = 0; i + stop - from <= s.length; i++) {
      if (unitsEqual(changetype<usize>(s) + (<usize>i << 1), changetype<usize>(list) + (<usize>from << 1), stop - from)) return true;
    }
    from = stop + 1;
  }
  return false;
}

/** s ends with `lit`: String#endsWith without its optional end, which the size-optimised build wraps. */
export function endsWithText(s: string, lit: string): bool {
  const start = s.length - lit.length;
  return start >= 0 && startsWithAt(s, start, s.length, lit);
}
/**
 * Index of the first `needle` in s[from, end), or -1. The std String#indexOf compares
 * the whole needle at every position; this finds candidates by the needle's first
 * and last units, 8 positions per SIMD step, and compares only there.
 */
export function findText(s: string, needle: string, from: i32, end: i32): i32 {
  const m = needle.length;
  if (m == 0) return from <= end ? from : -1;
  const last = end - m; // the last start the needle fits at
  const base = changetype<usize>(s);
  const first = i16x8.splat(<i16>load<u16>(changetype<usize>(needle)));
  // A candidate must match the needle's last unit too, m - 1 units on: one more
  // load, and far fewer places compared (first letters, and pairs, are common).
  const lastOff = <usize>(m - 1) << 1;
  const lastUnit = i16x8.splat(<i16>load<u16>(changetype<usize>(needle) + lastOff));
  let i = from;
  while (ASC_SHRINK_LEVEL < 2 && i + 8 <= last + 1) {
    const p = base + (<usize>i << 1);
    // Units i+m-1 … i+m+6: within [from, end) since i + 7 <= last = end - m.
    const match = v128.and(i16x8.eq(v128.load(p), first), i16x8.eq(v128.load(p + lastOff), lastUnit));
    let hits = i16x8.bitmask(match);
    while (hits != 0) {
      const at = i + ctz<i32>(hits);
      if (unitsEqual(base + (<usize>at << 1), changetype<usize>(needle), m)) return at;
      hits &= hits - 1;
    }
    i += 8;
  }
  for (; i <= last; i++) {
    if (unitsEqual(base + (<usize>i << 1), changetype<usize>(needle), m)) return i;
  }
  return -1;
}

/** Whether s[a, b), with ASCII capitals lowered, is `word` (itself in lower case). In place: no copy, no allocation. */
export function isLowerWordAt(s: string, a: i32, b: i32, word: string): bool {
  if (b - a != word.length) return false;
  const base = changetype<usize>(s) + (<usize>a << 1);
  for (let k = 0; k < word.length; k++) {
    let c = <i32>load<u16>(base + (<usize>k << 1));
    if (c >= 0x41 && c <= 0x5a) c += 0x20;
    if (c != <i32>load<u16>(changetype<usize>(word) + (<usize>k << 1))) return false;
  }
  return true;
}
