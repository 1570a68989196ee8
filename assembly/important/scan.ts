// One pass over the text that finds the lines carrying a command's outcome
// and counts lines on the way. 16 code units per step: both halves are
// narrowed to bytes (every unit above 0xFF becomes 0x00 or 0xFF, never a
// letter), and a handful of two-letter triggers are tested at once:
//   rr  error, ERROR, npm ERR!        fa  fail…, fatal, fault
//   pa  panic, "5 passed"             wa  warning
//   eb  Traceback                     xc  Exception      xi  exit status N
//   **  make: ***                     Ra  Ran N tests    × ✕✖✗✘❌ at a line start
// Only the few places that match are confirmed (confirm.ts), so a log scans
// at memory speed whatever its content.
import { CharCode, isAlpha } from "../util/chars";
import { findNewline, lineCount, lineStartAt, pairsEndingIn, unitAt } from "../util/lines";
import { pushInt } from "../util/push";
import { confirmAt } from "./confirm";
import { Kind } from "./kinds";

export class Scan {
  /** One entry per flagged line, in order: [start, end) without the '\n'. */
  lineStarts: i32[] = [];
  lineEnds: i32[] = [];
  lineNumbers: i32[] = [];
  kinds: i32[] = [];
  /** Where the word that flagged each line starts to match (its line start for lines flagged whole). */
  hits: i32[] = [];
  /**
   * What the pass over the lines noted of each line while it held the line (notes.ts), by
   * 0-based line, 0 where nothing was noted: of a flagged line its message key in the low 32
   * bits (NO_WORDS for a key of 0) and what its own text says of its keyword above them
   * (refine.ts, wordVerdict); of any line whether it is a pointer alone or ends saying a
   * request was denied; null when no pass noted the lines. A scan made from this one
   * (withRunners, refineScan) carries these and the lists below with it.
   */
  notes: StaticArray<u64> | null = null;
  /** The 0-based lines that open with a status word (status.ts), noted by the same pass; null for none. */
  statusLines: i32[] | null = null;
  /**
   * The 0-based lines that head a failure list (failure-list.ts), noted by the same pass in the
   * Node core (the size-optimised build reads every line for them); null for none.
   */
  failureHeadings: i32[] | null = null;
  /**
   * Of the lines the pass read, those at the margin that are not blank, and those of them that
   * open with a bare location (located-lines.ts), when the pass counted them (the Node core's,
   * for a command that failed); 0 when not counted.
   */
  marginLines: i32 = 0;
  locatedLines: i32 = 0;
  totalLines: i32 = 0;
  /** Surrogate pairs in the text (code points = length - pairs). */
  pairs: i32 = 0;
  /**
   * Where each '\n' of the text is, in order, then the text's length, when the scan was
   * asked to keep them (the pass over the lines then need not look for them); else null.
   */
  newlineAt: StaticArray<i32> | null = null;

  get count(): i32 {
    return this.kinds.length;
  }

  /** Line `lineNo` (1-based) is flagged: a search of lineNumbers, which rise. */
  flags(lineNo: i32): bool {
    const numbers = this.lineNumbers;
    let lo = 0;
    let hi = numbers.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const at = unchecked(numbers[mid]);
      if (at == lineNo) return true;
      if (at < lineNo) lo = mid + 1;
      else hi = mid;
    }
    return false;
  }

  /** Appends a flagged line: [start, end), its 1-based number, its kind and its hit. */
  add(start: i32, end: i32, lineNo: i32, kind: i32, hit: i32): void {
    pushInt(this.lineStarts, start);
    pushInt(this.lineEnds, end);
    pushInt(this.lineNumbers, lineNo);
    pushInt(this.kinds, kind);
    pushInt(this.hits, hit);
  }
}

/** The note of a message key of 0 (a line without letters): even and not 0, which no key is. */
export const NO_WORDS: u32 = 2;

// Same-line hits keep the strongest kind; a trace outranks a plain error.
function stronger(a: i32, b: i32): i32 {
  return a > b ? a : b;
}

class Cursor {
  /** End (index of '\n' or length) of the line of the last flagged line, -1 before any. */
  lineEnd: i32 = -1;
}

/**
 * The word at `w` ends in a colon: a label ("warning:", "WARNING:"), not a word of the text.
 * A plural one ("Warnings: 2, Errors: 5") heads a count, whose graver word still wins.
 */
function labelledAt(s: string, w: i32): bool {
  let e = w;
  while (e < s.length && isAlpha(unitAt(s, e))) e++;
  return e > w && e < s.length && unitAt(s, e) == CharCode.COLON && (unitAt(s, e - 1) | 0x20) != 0x73;
}

/** `lineStart`: where the line holding `pos` starts (the scan knows it from its newline masks), or -1 to look back for it. */
function record(s: string, scan: Scan, cur: Cursor, pos: i32, lineNo: i32, lineStart: i32 = -1): void {
  if (pos < cur.lineEnd) {
    // Another trigger on the line already flagged.
    const kind = confirmAt(s, pos);
    if (kind != Kind.None) {
      const last = scan.kinds.length - 1;
      // A line its first word labels a warning stays one: the later word is the warning's
      // text ("WARNING: Failed to create a cross reference", "warning: failed to remove …").
      if (unchecked(scan.kinds[last]) == Kind.Warning && labelledAt(s, unchecked(scan.hits[last]))) return;
      unchecked((scan.kinds[last] = stronger(unchecked(scan.kinds[last]), kind)));
    }
    return;
  }
  const kind = confirmAt(s, pos);
  if (kind == Kind.None) return;
  const start = lineStart >= 0 ? lineStart : lineStartAt(s, pos);
  const end = findNewline(s, pos, s.length);
  scan.add(start, end, lineNo, kind, pos);
  cur.lineEnd = end;
}

// @ts-ignore: decorator
@inline function scalarTrigger(s: string, i: i32): bool {
  const c0 = unitAt(s, i);
  const c1 = i + 1 < s.length ? unitAt(s, i + 1) : 0;
  const l0 = c0 | 0x20;
  const l1 = c1 | 0x20;
  if (c0 > 0xff) return <u32>(c0 - 0x2715) <= 3 || c0 == 0x274c;
  if (c1 > 0xff) return c0 == 0xd7;
  if (l1 == 0x61) return l0 == 0x66 || l0 == 0x70 || l0 == 0x77 || c0 == 0x52;
  return (l0 == 0x72 && l1 == 0x72) || (l0 == 0x65 && l1 == 0x62) || (l0 == 0x78 && (l1 == 0x63 || l1 == 0x69)) ||
    (c0 == 0x2a && c1 == 0x2a) || c0 == 0xd7;
}

// Nibble tables (the "Teddy" technique): a byte's low and high nibble each
// select a set of trigger buckets; the byte is in a bucket when both do. One
// bucket per trigger, upper and lower case alike, and every bucket is an exact
// product of nibbles, so there are no false candidates from the tables:
//   0 rr   1 fa   2 pa   3 wa   4 Ra   5 eb   6 xc/xi   7 **
// The tables and the other vectors the loop uses sit in memory and are loaded once before
// it (V8 builds a vector constant again at each use inside a loop). At 0 and 16 the low-
// and high-nibble buckets of a trigger's first unit, at 32 and 48 those of its second, at
// 64 and 80 those of the unit after it, as confirm.ts requires it (a superset: the buckets
// are products of nibbles, so a few other bytes pass too, and confirm.ts rejects them):
//   0 rr   any (ERR! ends with anything)      1 fa  i t u (fail, fatal, fault)
//   2 pa   n s (panic, pass)                  3 wa  r (warn)
//   4 Ra   n (Ran)   5 eb  a (Traceback)      6 xc/xi  e t (exception, exit)   7 **  *
// Either case for the words compared without it. "-Wall", "always", "parentheses" stop here.
// Then the low-nibble mask (96), '\n' (112) and 0xff80 in 16-bit lanes (128). None in the
// size-optimised build, which has no vector steps.
const VECTORS: usize = ASC_SHRINK_LEVEL >= 2 ? 0 : memory.data<u8>([
  0x04, 0, 0x11, 0, 0, 0x20, 0x02, 0x08, 0x40, 0, 0x80, 0, 0, 0, 0, 0,
  0, 0, 0x80, 0, 0x22, 0x5d, 0x22, 0x4d, 0, 0, 0, 0, 0, 0, 0, 0,
  0, 0x1e, 0x21, 0x40, 0, 0, 0, 0, 0, 0x40, 0x80, 0, 0, 0, 0, 0,
  0, 0, 0x80, 0, 0x7e, 0x01, 0x7e, 0x01, 0, 0, 0, 0, 0, 0, 0, 0,
  0x01, 0x21, 0x09, 0x05, 0x43, 0x43, 0x01, 0x01, 0x01, 0x03, 0x81, 0x01, 0x01, 0x01, 0x15, 0x01,
  0x01, 0x01, 0x81, 0x01, 0x47, 0x4f, 0x77, 0x4f, 0x01, 0x01, 0x01, 0x01, 0x01, 0x01, 0x01, 0x01,
  0x0f, 0x0f, 0x0f, 0x0f, 0x0f, 0x0f, 0x0f, 0x0f, 0x0f, 0x0f, 0x0f, 0x0f, 0x0f, 0x0f, 0x0f, 0x0f,
  0x0a, 0x0a, 0x0a, 0x0a, 0x0a, 0x0a, 0x0a, 0x0a, 0x0a, 0x0a, 0x0a, 0x0a, 0x0a, 0x0a, 0x0a, 0x0a,
  0x80, 0xff, 0x80, 0xff, 0x80, 0xff, 0x80, 0xff, 0x80, 0xff, 0x80, 0xff, 0x80, 0xff, 0x80, 0xff,
], 16);

function buckets(v: v128, lo: v128, hi: v128, nibble: v128): v128 {
  return v128.and(i8x16.swizzle(lo, v128.and(v, nibble)), i8x16.swizzle(hi, v128.and(i16x8.shr_u(v, 4), nibble)));
}

/** `a` with twice the room, its first `used` entries copied. */
function grown(a: StaticArray<i32>, used: i32): StaticArray<i32> {
  const b = new StaticArray<i32>(a.length << 1);
  memory.copy(changetype<usize>(b), changetype<usize>(a), <usize>used << 2);
  return b;
}

/** `keepNewlines`: keep where every '\n' is (Scan.newlineAt). */
export function scanImportant(s: string, keepNewlines: bool = false): Scan {
  const scan = new Scan();
  const cur = new Cursor();
  const n = s.length;
  const base = changetype<usize>(s);
  let newlines = 0; // '\n' in s[0, i)
  // Where they are, when kept: room for at least one more step's.
  let newlineAt = new StaticArray<i32>(keepNewlines ? 64 : 0);
  let lineStart = 0; // start of the line holding s[i]
  let pairs = 0;
  let i = 0;

  // The size-optimised build (the component's) leaves the vector steps out: the scalar
  // loop after them reads any text alike.
  if (ASC_SHRINK_LEVEL < 2) {
    const firstLo = v128.load(VECTORS);
    const firstHi = v128.load(VECTORS, 16);
    const secondLo = v128.load(VECTORS, 32);
    const secondHi = v128.load(VECTORS, 48);
    const thirdLo = v128.load(VECTORS, 64);
    const thirdHi = v128.load(VECTORS, 80);
    const nibble = v128.load(VECTORS, 96);
    const nlV = v128.load(VECTORS, 112);
    const asciiMask = v128.load(VECTORS, 128);
    const timesV = i8x16.splat(<i8>0xd7);
    const surMask = i16x8.splat(<i16>0xf800);
    const surV = i16x8.splat(<i16>0xd800);
    const dingbat = i16x8.splat(0x2715);
    const crossMark = i16x8.splat(0x274c);
    const three = i16x8.splat(3);
    while (i + 18 <= n) {
      const p = base + (<usize>i << 1);
      const a0 = v128.load(p);
      const b0 = v128.load(p, 16);
      // Every unit above 0xFF narrows to 0x00 or 0xFF, which no bucket holds.
      const r0 = i8x16.narrow_i16x8_u(a0, b0);
      const r1 = i8x16.narrow_i16x8_u(v128.load(p, 2), v128.load(p, 18));
      const r2 = i8x16.narrow_i16x8_u(v128.load(p, 4), v128.load(p, 20));
      let t = v128.and(v128.and(buckets(r0, firstLo, firstHi, nibble), buckets(r1, secondLo, secondHi, nibble)), buckets(r2, thirdLo, thirdHi, nibble));
      const nlBits = i8x16.bitmask(i8x16.eq(r0, nlV));
      const both = v128.or(a0, b0);
      if (v128.any_true(v128.and(both, asciiMask))) {
        // Rare in logs: non-ASCII units. Test marks and surrogates only here.
        t = v128.or(t, i8x16.eq(r0, timesV));
        const da = v128.or(i16x8.le_u(i16x8.sub(a0, dingbat), three), i16x8.eq(a0, crossMark));
        const db = v128.or(i16x8.le_u(i16x8.sub(b0, dingbat), three), i16x8.eq(b0, crossMark));
        t = v128.or(t, i8x16.narrow_i16x8_s(da, db));
        if (v128.any_true(v128.or(i16x8.eq(v128.and(a0, surMask), surV), i16x8.eq(v128.and(b0, surMask), surV)))) {
          pairs += pairsEndingIn(s, i, i + 16);
        }
      }
      if (v128.any_true(t)) {
        // Bucket bits are not the lane's top bit: widen every non-zero lane first.
        let bits = i8x16.bitmask(i8x16.ne(t, i8x16.splat(0)));
        while (bits != 0) {
          const k = ctz<i32>(bits);
          bits &= bits - 1;
          const before = nlBits & ((1 << k) - 1);
          // The hit's line starts after the last '\n' before it: in this step, or before it.
          const start = before != 0 ? i + 32 - clz<i32>(before) : lineStart;
          record(s, scan, cur, i + k, newlines + popcnt<i32>(before) + 1, start);
        }
      }
      if (nlBits != 0) {
        lineStart = i + 32 - clz<i32>(nlBits);
        if (keepNewlines) {
          if (newlines + 16 > newlineAt.length) newlineAt = grown(newlineAt, newlines);
          for (let bits = nlBits, k = newlines; bits != 0; bits &= bits - 1) unchecked((newlineAt[k++] = i + ctz(bits)));
        }
      }
      newlines += popcnt<i32>(nlBits);
      i += 16;
    }
  }
  pairs += pairsEndingIn(s, i, n);
  for (; i < n; i++) {
    if (scalarTrigger(s, i)) record(s, scan, cur, i, newlines + 1);
    if (unitAt(s, i) == CharCode.LF) {
      if (keepNewlines) {
        if (newlines >= newlineAt.length) newlineAt = grown(newlineAt, newlines);
        unchecked((newlineAt[newlines] = i));
      }
      newlines++;
    }
  }
  scan.pairs = pairs;
  scan.totalLines = lineCount(s, newlines);
  if (keepNewlines) {
    // The text's length after the last: where a last line without one ends.
    if (newlines >= newlineAt.length) newlineAt = grown(newlineAt, newlines);
    unchecked((newlineAt[newlines] = n));
    scan.newlineAt = newlineAt;
  }
  return scan;
}
