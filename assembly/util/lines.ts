// Line and code-point arithmetic over UTF-16 text, without copies. The hot
// loops read the string's memory directly, 8 code units per SIMD step. The
// size-optimised build (the component's, ASC_SHRINK_LEVEL 2) leaves the SIMD
// steps out: the unit loops that finish each scan answer the same alone.
import { CharCode, isAlpha, isDigit, isHighSurrogate, isLowSurrogate, isSpaceOrTab } from "./chars";

/**
 * The vectors these loops compare with, loaded rather than built at each use in a loop as
 * V8 builds a vector constant: '\n', ' ', 0xf800, 0xd800 in every lane.
 */
const LINE_VECTORS: usize = memory.data<u16>([
  0x0a, 0x0a, 0x0a, 0x0a, 0x0a, 0x0a, 0x0a, 0x0a, 0x20, 0x20, 0x20, 0x20, 0x20, 0x20, 0x20, 0x20,
  0xf800, 0xf800, 0xf800, 0xf800, 0xf800, 0xf800, 0xf800, 0xf800, 0xd800, 0xd800, 0xd800, 0xd800, 0xd800, 0xd800, 0xd800, 0xd800,
], 16);

// @ts-ignore: decorator
@inline export function unitAt(s: string, i: i32): i32 {
  return <i32>load<u16>(changetype<usize>(s) + (<usize>i << 1));
}

/** Number of '\n' in s[start, end). */
export function countNewlines(s: string, start: i32, end: i32): i32 {
  const base = changetype<usize>(s);
  let i = start;
  let n = 0;
  if (ASC_SHRINK_LEVEL < 2) {
    const nl = v128.load(LINE_VECTORS);
    while (i + 8 <= end) {
      // Each lane counts up by one per match (eq gives -1); 16,384 steps cannot overflow an i16 lane.
      const stop = min(end - 8, i + (16384 << 3));
      let acc = i16x8.splat(0);
      for (; i <= stop; i += 8) {
        acc = i16x8.sub(acc, i16x8.eq(v128.load(base + (<usize>i << 1)), nl));
      }
      const wide = i32x4.extadd_pairwise_i16x8_u(acc);
      n += i32x4.extract_lane(wide, 0) + i32x4.extract_lane(wide, 1) + i32x4.extract_lane(wide, 2) + i32x4.extract_lane(wide, 3);
    }
  }
  for (; i < end; i++) if (unitAt(s, i) == CharCode.LF) n++;
  return n;
}

/** What one pass over a whole text learns: its '\n' count and its surrogate pairs. */
export class TextStats {
  newlines: i32 = 0;
  /** Valid surrogate pairs; code points = length - pairs. */
  pairs: i32 = 0;
}

/** One SIMD pass: newlines and surrogate pairs of s. */
export function textStats(s: string): TextStats {
  const stats = new TextStats();
  const n = s.length;
  const base = changetype<usize>(s);
  let i = 0;
  let newlines = 0;
  let pairs = 0;
  if (ASC_SHRINK_LEVEL < 2) {
    const nl = v128.load(LINE_VECTORS);
    const mask = v128.load(LINE_VECTORS, 32);
    const sur = v128.load(LINE_VECTORS, 48);
    while (i + 8 <= n) {
      const stop = min(n - 8, i + (16384 << 3));
      let acc = i16x8.splat(0);
      for (; i <= stop; i += 8) {
        const v = v128.load(base + (<usize>i << 1));
        acc = i16x8.sub(acc, i16x8.eq(v, nl));
        if (v128.any_true(i16x8.eq(v128.and(v, mask), sur))) pairs += pairsEndingIn(s, i, i + 8);
      }
      const wide = i32x4.extadd_pairwise_i16x8_u(acc);
      newlines += i32x4.extract_lane(wide, 0) + i32x4.extract_lane(wide, 1) + i32x4.extract_lane(wide, 2) + i32x4.extract_lane(wide, 3);
    }
  }
  pairs += pairsEndingIn(s, i, n);
  for (; i < n; i++) if (unitAt(s, i) == CharCode.LF) newlines++;
  stats.newlines = newlines;
  stats.pairs = pairs;
  return stats;
}

/** Low surrogates in s[from, to) preceded by a high surrogate (the pair may start before `from`). */
export function pairsEndingIn(s: string, from: i32, to: i32): i32 {
  let pairs = 0;
  for (let j = max(from, 1); j < to; j++) {
    if (isLowSurrogate(unitAt(s, j)) && isHighSurrogate(unitAt(s, j - 1))) pairs++;
  }
  return pairs;
}

/** Where paddedUnits puts the units it pads. */
const PADDED: usize = memory.data(32, 16);

/**
 * The address of a copy of the 16 UTF-16 units at i of the data at base, those at n and
 * past it spaces: a full SIMD step at the end of a text (or of a line) without reading
 * past it. Valid until the next call.
 */
export function paddedUnits(base: usize, i: i32, n: i32): usize {
  const spaces = v128.load(LINE_VECTORS, 16);
  v128.store(PADDED, spaces);
  v128.store(PADDED, spaces, 16);
  memory.copy(PADDED, base + (<usize>i << 1), <usize>min(n - i, 16) << 1);
  return PADDED;
}

/** Index of the first '\n' in s[from, end), or `end` when there is none. */
export function findNewline(s: string, from: i32, end: i32): i32 {
  const base = changetype<usize>(s);
  let i = from;
  if (ASC_SHRINK_LEVEL < 2) {
    const nl = v128.load(LINE_VECTORS);
    for (; i + 8 <= end; i += 8) {
      const m = i16x8.eq(v128.load(base + (<usize>i << 1)), nl);
      if (v128.any_true(m)) return i + ctz<i32>(i16x8.bitmask(m));
    }
  }
  for (; i < end; i++) if (unitAt(s, i) == CharCode.LF) return i;
  return end;
}

/** Index of the first unit `unit` in s[from, end), or `end` when there is none: 8 units per SIMD step. */
export function findUnit(s: string, unit: i32, from: i32, end: i32): i32 {
  const base = changetype<usize>(s);
  let i = from;
  if (ASC_SHRINK_LEVEL < 2) {
    const wanted = i16x8.splat(<i16>unit);
    for (; i + 8 <= end; i += 8) {
      const m = i16x8.eq(v128.load(base + (<usize>i << 1)), wanted);
      if (v128.any_true(m)) return i + ctz<i32>(i16x8.bitmask(m));
    }
  }
  for (; i < end; i++) if (unitAt(s, i) == unit) return i;
  return end;
}

/**
 * Index of the first unit other than a space in s[from, end), or `end`: 8 units per SIMD
 * step, for the long runs of spaces that align columns (a compiler's caret under its code).
 */
export function spacesEnd(s: string, from: i32, end: i32): i32 {
  const base = changetype<usize>(s);
  let i = from;
  if (ASC_SHRINK_LEVEL < 2) {
    const space = v128.load(LINE_VECTORS, 16);
    for (; i + 8 <= end; i += 8) {
      const other = i16x8.bitmask(i16x8.ne(v128.load(base + (<usize>i << 1)), space));
      if (other != 0) return i + ctz<i32>(other);
    }
  }
  while (i < end && unitAt(s, i) == CharCode.SPACE) i++;
  return i;
}

/** End of the spaces and tabs at s[i], before b. */
export function gapEnd(s: string, i: i32, b: i32): i32 {
  while (i < b && isSpaceOrTab(unitAt(s, i))) i++;
  return i;
}

/**
 * gapEnd() for loops that skip blanks inline: copied into each caller by the Node core's
 * build, as the loop it stands for was; one shared function in the size-optimised build,
 * whose transform drops `@inline` (and whose Binaryen merges it with gapEnd).
 */
// @ts-ignore: decorator
@inline export function blanksEnd(s: string, i: i32, b: i32): i32 {
  while (i < b && isSpaceOrTab(unitAt(s, i))) i++;
  return i;
}

/** Where the blanks (spaces and tabs) that end s[a, b) start: a for a blank range. Inline as blanksEnd(). */
// @ts-ignore: decorator
@inline export function blanksStart(s: string, a: i32, b: i32): i32 {
  while (b > a && isSpaceOrTab(unitAt(s, b - 1))) b--;
  return b;
}

/** digitsEnd() for loops that skip digits inline, as blanksEnd() is for blanks. */
// @ts-ignore: decorator
@inline export function digitRunEnd(s: string, i: i32, b: i32): i32 {
  while (i < b && isDigit(unitAt(s, i))) i++;
  return i;
}

/** The end of the spaces at s[i], before b, for loops that skip them inline, as blanksEnd() is for blanks. */
// @ts-ignore: decorator
@inline export function spaceRunEnd(s: string, i: i32, b: i32): i32 {
  while (i < b && unitAt(s, i) == CharCode.SPACE) i++;
  return i;
}

/** End of the token (a run between spaces and tabs) at s[i], before b. */
export function tokenEnd(s: string, i: i32, b: i32): i32 {
  while (i < b && !isSpaceOrTab(unitAt(s, i))) i++;
  return i;
}

/** End of the run of ASCII digits at s[i], before b. */
export function digitsEnd(s: string, i: i32, b: i32): i32 {
  while (i < b && isDigit(unitAt(s, i))) i++;
  return i;
}

/** End of the run of ASCII letters at s[i], before b. */
export function lettersEnd(s: string, i: i32, b: i32): i32 {
  while (i < b && isAlpha(unitAt(s, i))) i++;
  return i;
}

/**
 * The length of the `word:` prefix at s[i], its colon included (letters and digits, then a
 * colon: how a program names itself before a message it writes to stderr); 0 when there is none.
 */
export function programPrefixLength(s: string, i: i32, b: i32): i32 {
  for (let j = i; j < b; j++) {
    const c = unitAt(s, j);
    if (c == CharCode.COLON) return j > i ? j + 1 - i : 0;
    if (!isAlpha(c) && !isDigit(c)) break;
  }
  return 0;
}

/**
 * Hands `reader` every line of `s` as [a, b), its CR and LF left out, and returns it: for the
 * readers that count as they go (records, findings, labelled entries).
 */
export function readEachLine<T>(s: string, reader: T): T {
  const n = s.length;
  let a = 0;
  while (a < n) {
    const nl = findNewline(s, a, n);
    let b = nl;
    if (b > a && unitAt(s, b - 1) == CharCode.CR) b--;
    reader.line(s, a, b);
    a = nl + 1;
  }
  return reader;
}

/** Start of the line that contains index `pos` (the index after the previous '\n', or 0). */
export function lineStartAt(s: string, pos: i32): i32 {
  let i = pos;
  while (i > 0 && unitAt(s, i - 1) != CharCode.LF) i--;
  return i;
}

/**
 * Lines in s: the number of '\n', plus one for a last line without one.
 * "" has 0 lines, "a" and "a\n" have 1.
 */
export function lineCount(s: string, newlines: i32): i32 {
  const n = s.length;
  return n > 0 && unitAt(s, n - 1) != CharCode.LF ? newlines + 1 : newlines;
}

/**
 * Unicode code points in s[start, end): a surrogate pair counts once, a lone
 * surrogate counts as one (it will be shown as U+FFFD).
 */
export function codePoints(s: string, start: i32, end: i32): i32 {
  if (end <= start) return 0;
  const base = changetype<usize>(s);
  let pairs = 0;
  let i = start;
  if (ASC_SHRINK_LEVEL < 2) {
    const mask = v128.load(LINE_VECTORS, 32);
    const sur = v128.load(LINE_VECTORS, 48);
    for (; i + 8 <= end; i += 8) {
      const v = v128.load(base + (<usize>i << 1));
      if (!v128.any_true(i16x8.eq(v128.and(v, mask), sur))) continue;
      for (let j = i; j < i + 8; j++) {
        if (j > start && isLowSurrogate(unitAt(s, j)) && isHighSurrogate(unitAt(s, j - 1))) pairs++;
      }
    }
  }
  for (; i < end; i++) {
    if (i > start && isLowSurrogate(unitAt(s, i)) && isHighSurrogate(unitAt(s, i - 1))) pairs++;
  }
  return end - start - pairs;
}

/** Backs `end` off by one when s[0, end) would end between the halves of a pair. */
export function safeEnd(s: string, end: i32): i32 {
  if (end > 0 && end < s.length && isHighSurrogate(unitAt(s, end - 1)) && isLowSurrogate(unitAt(s, end))) return end - 1;
  return end;
}

/** Moves `start` on by one when s[start, …) would begin between the halves of a pair. */
export function safeStart(s: string, start: i32): i32 {
  if (start > 0 && start < s.length && isLowSurrogate(unitAt(s, start)) && isHighSurrogate(unitAt(s, start - 1))) return start + 1;
  return start;
}

/**
 * Where a head of at most `room` units should end: after the last '\n' that
 * keeps at least half of the room, else (one long line) at a code-point
 * boundary inside the line.
 */
export function headCut(s: string, room: i32): i32 {
  const n = s.length;
  if (room <= 0) return 0;
  if (room >= n) return n;
  const floor = (room + 1) >> 1;
  for (let i = room; i >= floor && i > 0; i--) {
    if (unitAt(s, i - 1) == CharCode.LF) return i;
  }
  return safeEnd(s, room);
}

/**
 * Where a tail of at most `room` units, ending at `n`, should start: at the first
 * line start that keeps at least half of the room, else at a code-point boundary.
 */
export function tailCut(s: string, room: i32, n: i32 = s.length): i32 {
  if (room <= 0) return n;
  if (room >= n) return 0;
  const start = n - room;
  const limit = n - ((room + 1) >> 1);
  for (let i = start; i <= limit; i++) {
    if (unitAt(s, i - 1) == CharCode.LF) return i;
  }
  return safeStart(s, start);
}

/** Whether line [a, b) holds carets or tildes and blanks only: a pointer under a place in the line above. */
export function onlyPointer(s: string, a: i32, b: i32): bool {
  let any = false;
  for (let j = a; j < b; j++) {
    const c = unitAt(s, j);
    if (c == 0x5e || c == 0x7e) any = true;
    else if (!isSpaceOrTab(c)) return false;
  }
  return any;
}
