// Shared pieces of the rule-based digests: a line index over the input (offsets,
// no copies), a writer that never exceeds its budget, and long-line clipping.
import { PlainCounts } from "../../util/plain-counts";
import { oneLine } from "../../oneline";
import { CharCode } from "../../util/chars";
import { codePoints, findNewline, safeEnd, textStats, unitAt } from "../../util/lines";
import { findText } from "../../util/scan";
import { StrBuf } from "../../util/strbuf";
import { Digest } from "./types";

/** Longest input line a digest shows whole; longer ones are clipped with a count. */
export const MAX_SHOWN_LINE: i32 = 240;

/** Line i of the text is [starts[i], ends[i]); ends exclude "\n" and a trailing "\r". */
export class LineIndex {
  count: i32 = 0;
  starts: StaticArray<i32>;
  ends: StaticArray<i32>;
  /** Code points of the whole text. */
  codePoints: i32 = 0;

  /** `counts`: what cleaning counted of its text (util/plain-counts.ts), used when `text` is that text. */
  constructor(public text: string, counts: PlainCounts | null = null) {
    const n = text.length;
    // One pass counts both: the lines to make room for, and the code points; none when
    // cleaning counted them.
    let newlines: i32;
    let pairs: i32;
    if (counts !== null && counts.holds(text)) {
      newlines = counts.newlines;
      pairs = counts.pairs;
    } else {
      const stats = textStats(text);
      newlines = stats.newlines;
      pairs = stats.pairs;
    }
    const cap = newlines + 1;
    const starts = new StaticArray<i32>(cap);
    const ends = new StaticArray<i32>(cap);
    this.starts = starts;
    this.ends = ends;
    let pos = 0;
    let k = 0;
    while (pos < n) {
      const nl = findNewline(text, pos, n);
      let end = nl;
      if (end > pos && unitAt(text, end - 1) == CharCode.CR) end--;
      unchecked((starts[k] = pos));
      unchecked((ends[k] = end));
      k++;
      pos = nl + 1;
    }
    this.count = k;
    this.codePoints = n - pairs;
  }

  start(i: i32): i32 {
    return unchecked(this.starts[i]);
  }

  end(i: i32): i32 {
    return unchecked(this.ends[i]);
  }

  /** Code points of line i plus its line break (what leaving it out hides). */
  weight(i: i32): i32 {
    const next = i + 1 < this.count ? this.start(i + 1) : this.text.length;
    return codePoints(this.text, this.start(i), next);
  }

  isBlank(i: i32): bool {
    for (let j = this.start(i), e = this.end(i); j < e; j++) {
      const c = unitAt(this.text, j);
      if (c != CharCode.SPACE && c != CharCode.TAB) return false;
    }
    return true;
  }

  line(i: i32): string {
    return this.text.substring(this.start(i), this.end(i));
  }
}

export { startsWithAt, startsWithOneOf } from "../../util/scan";

/** Index of `lit` (not empty) in s[start, end), or -1. */
export function indexIn(s: string, start: i32, end: i32, lit: string): i32 {
  return findText(s, lit, start, end);
}

/** Decimal value of the digits s[start, end); -1 when empty, not all digits, or too big. */
export function parseDigits(s: string, start: i32, end: i32): i32 {
  if (end <= start || end - start > 9) return -1;
  let v = 0;
  for (let i = start; i < end; i++) {
    const d = unitAt(s, i) - CharCode._0;
    if (<u32>d > 9) return -1;
    v = v * 10 + d;
  }
  return v;
}

/** Units `addClipped` writes for s[start, end) with at most `max` units of it shown. */
export function clippedLength(s: string, start: i32, end: i32, max: i32): i32 {
  if (end - start <= max) return end - start;
  const keep = safeEnd(s, start + max) - start;
  return keep + clipMarkerLength(codePoints(s, start + keep, end));
}

function clipMarkerLength(omitted: i32): i32 {
  return 23 + countDigitsWithCommas(omitted); // " [...N chars omitted...]" minus N
}

export function countDigitsWithCommas(n: i32): i32 {
  let digits = 1;
  let v = n;
  while (v >= 10) {
    v /= 10;
    digits++;
  }
  return digits + (digits - 1) / 3;
}

/** Appends s[start, end), or its first `max` units and " [...N chars omitted...]". */
export function addClipped(out: StrBuf, s: string, start: i32, end: i32, max: i32): void {
  if (end - start <= max) {
    out.addRange(s, start, end);
    return;
  }
  const keep = safeEnd(s, start + max);
  out.addRange(s, start, keep);
  out.addLabelCount(" [...", codePoints(s, keep, end)).add(" chars omitted...]");
}

/** All of s, clipped to max units as addClipped clips. */
export function addClippedAll(out: StrBuf, s: string, max: i32): void {
  addClipped(out, s, 0, s.length, max);
}

/**
 * Output lines under a hard budget. Every line is counted with its "\n"; the
 * last "\n" is dropped by `finish`, so the result is at most `budget` units.
 */
export class Writer {
  out: StrBuf;
  /** Units held back for lines that must come last (e.g. the closing marker). */
  reserved: i32 = 0;

  constructor(public budget: i32) {
    this.out = new StrBuf(min(max(budget, 16), 1 << 16) + 16);
  }

  get room(): i32 {
    return this.budget - this.reserved - this.out.length;
  }

  /** Adds `s` as a line when it fits the room; says whether it did. */
  line(s: string): bool {
    if (s.length + 1 > this.room) return false;
    this.out.add(s).addChar(CharCode.LF);
    return true;
  }

  /** Adds a line that was reserved for: it may use the reserve. */
  closing(s: string): bool {
    if (s.length + 1 > this.budget - this.out.length) return false;
    this.out.add(s).addChar(CharCode.LF);
    return true;
  }

  finish(): string {
    let n = this.out.length;
    if (n > 0 && this.out.charAt(n - 1) == CharCode.LF) this.out.truncate(n - 1);
    // Never reached when the callers account correctly; the budget is a promise.
    if (this.out.length > this.budget) this.out.truncate(safeCutLength(this.out, this.budget));
    return this.out.toString();
  }
}

function safeCutLength(out: StrBuf, n: i32): i32 {
  if (n > 0 && (out.charAt(n - 1) & 0xfc00) == 0xd800) return n - 1;
  return n;
}

/**
 * Writes the digest's header: the summary-like first line, cut to fit when
 * the budget is tiny. Returns false when nothing more can follow.
 */
export function writeHeadline(w: Writer, line: string): bool {
  if (w.line(line)) return true;
  const room = w.budget - w.out.length;
  if (room > 0) w.out.add(oneLine(line, room));
  return false;
}

/** Marks a digest as cutting everything but what `keptWeight` code points cover. */
export function settleOmitted(d: Digest, total: i32, keptWeight: i32): void {
  d.omittedChars = max(0, total - keptWeight);
  d.truncated = d.omittedChars > 0;
}

/** Code points `addClipped` leaves out of s[start, end). */
export function clippedAway(s: string, start: i32, end: i32, max: i32): i32 {
  if (end - start <= max) return 0;
  return codePoints(s, safeEnd(s, start + max), end);
}

/** "1 match" / "4,000 matches". */
export function plural(n: i32, one: string, many: string): string {
  const out = new StrBuf(24);
  out.addCount(n).addChar(CharCode.SPACE).add(n == 1 ? one : many);
  return out.toString();
}

/** plural(n, one, one + "s") with the "s" written, not stored: "1 file" / "3 files". */
export function pluralS(n: i32, one: string): string {
  const out = new StrBuf(24);
  out.addCount(n).addChar(CharCode.SPACE).add(one);
  if (n != 1) out.addChar(0x73);
  return out.toString();
}

/**
 * Sorts indices by a score, highest first, ties by index (first seen first): a stable LSD
 * radix sort of the indices, a byte of the score per pass (a pass where every score has the
 * same byte is skipped), so that ties keep their index order. No closures, no comparisons.
 */
export function rankByScore(scores: Array<i32>, n: i32): StaticArray<i32> {
  let src = new StaticArray<i32>(n);
  let dst = new StaticArray<i32>(n);
  // Ascending key = descending score: the sign bit flipped makes signed order unsigned, ~ reverses it.
  const keys = new StaticArray<u32>(n);
  for (let i = 0; i < n; i++) {
    unchecked((src[i] = i));
    unchecked((keys[i] = ~(<u32>unchecked(scores[i]) ^ 0x80000000)));
  }
  const counts = new StaticArray<i32>(256);
  for (let shift: u32 = 0; shift < 32; shift += 8) {
    for (let d = 0; d < 256; d++) unchecked((counts[d] = 0));
    for (let i = 0; i < n; i++) unchecked((counts[(keys[i] >> shift) & 0xff] += 1));
    if (n == 0 || unchecked(counts[(unchecked(keys[0]) >> shift) & 0xff]) == n) continue;
    let at = 0;
    for (let d = 0; d < 256; d++) {
      const c = unchecked(counts[d]);
      unchecked((counts[d] = at));
      at += c;
    }
    for (let i = 0; i < n; i++) {
      const idx = unchecked(src[i]);
      const d = (unchecked(keys[idx]) >> shift) & 0xff;
      const pos = unchecked(counts[d]);
      unchecked((dst[pos] = idx));
      unchecked((counts[d] = pos + 1));
    }
    const t = src;
    src = dst;
    dst = t;
  }
  return src;
}
