// A head of a cut that does not spend its room on encoded bytes.
//
// A run of lines that carry only encoded bytes (a key's modulus, a signature,
// a certificate in base64, a fingerprint spread over lines) inside an output
// whose other lines are text is data a model does not read: the head keeps its
// first line, leaves the rest to a marker and goes on to the lines after it
// ("X509v3 Subject Alternative Name: DNS:…" after 18 lines of "00:d2:7b:46:…").
// A run that ends the output after its text (a certificate's signature) is left
// to its marker: the head, given all the room, ends on the last line of text. A run that is
// half the output or more (a hex dump) is its content and is cut as any other
// line, and so is a run that opens the output (no text before it). A line
// too long for the room left shows its start when a useful part fits, rather
// than nothing.
import { CharCode, isAlpha, isDigit } from "../util/chars";
import { blanksEnd, findNewline, safeEnd, unitAt } from "../util/lines";

/** Lines a run holds at least to be folded. */
const MIN_RUN: i32 = 3;
/** Hex pairs a line of pairs holds at least ("00:d2:7b:46:…", "7e f3 41 31 …"). */
const MIN_PAIRS: i32 = 4;
/** Units a line of one encoded word holds at least (a base64 block's line, a digest). */
const MIN_WORD: i32 = 32;
/** A line at least this long that does not fit shows its start. */
const LONG_LINE: i32 = 200;
/** Units of a long line's start worth showing, at least. */
const MIN_START: i32 = 96;
/**
 * Units of a long line's start shown at most: enough to tell what the line is; the room
 * left goes to the tail and the lines chosen from the middle, as for a line that does not fit.
 */
const MAX_START: i32 = 240;

/**
 * The line [a, b) (without its line break) holds only encoded bytes after its
 * indentation: hex pairs each followed by ':' or a space, four pairs at least
 * and not digits only ("00:d2:7b:46:cf:", "7e f3 41 31"; not "7ef3 4131" nor
 * "12:30:45"), or one word of base64 or hex digits, 32 units at least, that is
 * not digits only.
 */
export function isEncodedLine(s: string, a: i32, b: i32): bool {
  a = blanksEnd(s, a, b);
  let seps = 0;
  let digits = 0;
  let word = false;
  for (let i = a; i < b; i++) {
    const c = unitAt(s, i);
    if (c == CharCode.COLON || c == CharCode.SPACE) seps++;
    else if (isDigit(c)) digits++;
    else if ((c | 0x20) < 0x61 || (c | 0x20) > 0x66) {
      if (!isAlpha(c) && c != 0x2b && c != 0x2f && c != 0x3d) return false;
      word = true;
    }
  }
  const len = b - a;
  if (seps > 0) return !word && seps >= MIN_PAIRS - 1 && digits + seps < len && (len == 3 * seps + 2 || len == 3 * seps);
  return len >= MIN_WORD && digits > 0 && digits < len;
}

/** End of the line that starts at `a`, its '\n' included. */
function lineAfter(s: string, a: i32): i32 {
  const nl = findNewline(s, a, s.length);
  return nl < s.length ? nl + 1 : nl;
}

/** The line [a, b) (its '\n' included) holds encoded bytes only. */
function encoded(s: string, a: i32, b: i32): bool {
  return isEncodedLine(s, a, b > a && unitAt(s, b - 1) == CharCode.LF ? b - 1 : b);
}

/** What a head keeps: where it ends, the gaps inside it, and the units both cost (a gap its marker). */
export class Pieces {
  extent: i32 = 0;
  /** Folded runs, packed as (start << 32) | end, in text order. */
  gaps: i64[] = [];
  used: i32 = 0;
  /** A run was folded or a long line cut: the head differs from a plain one. */
  reshaped: bool = false;
}

/** The head of at most `room` units ending by `limit`, each gap costing `perGap` for its marker. */
export function headPieces(s: string, room: i32, perGap: i32, limit: i32 = s.length): Pieces {
  const p = new Pieces();
  const n = s.length;
  let pos = 0;
  // The line kept last holds encoded bytes (at the start there is no text before a run).
  let lastEncoded = true;
  while (pos < limit) {
    const b = lineAfter(s, pos);
    const left = room - p.used;
    const isEncoded = encoded(s, pos, b);
    if (isEncoded && !lastEncoded) {
      // The run: its first line stays, the rest folds.
      let end = b;
      let lines = 1;
      while (end < n && (end - pos) * 2 < n) {
        const next = lineAfter(s, end);
        if (!encoded(s, end, next)) break;
        end = next;
        lines++;
      }
      if (lines >= MIN_RUN && end < n && (end - pos) * 2 < n && end - b > perGap && b - pos + perGap <= left) {
        p.used += b - pos + perGap;
        p.gaps.push((<i64>b << 32) | <i64>end);
        p.reshaped = true;
        pos = end;
        lastEncoded = false;
        continue;
      }
    }
    if (b - pos > left) {
      // A long line shows its start; not the last one, whose end the tail shows (its outcome).
      if (b - pos >= LONG_LINE && left >= MIN_START && b < n) {
        const shown = min(left, MAX_START);
        pos = safeEnd(s, pos + shown);
        p.used += shown;
        p.reshaped = true;
      }
      break;
    }
    p.used += b - pos;
    lastEncoded = isEncoded;
    pos = b;
  }
  p.extent = pos;
  return p;
}

/**
 * Where the run of encoded lines that ends `s` starts (just after the '\n' that ends the
 * last line of text), or s.length when `s` does not end in one: MIN_RUN lines at least, text
 * before them, and less than half of `s`.
 */
export function encodedRunAtEnd(s: string): i32 {
  const n = s.length;
  let lineEnd = n > 0 && unitAt(s, n - 1) == CharCode.LF ? n - 1 : n;
  let start = n;
  let lines = 0;
  while (lineEnd > 0) {
    let a = lineEnd;
    while (a > 0 && unitAt(s, a - 1) != CharCode.LF) a--;
    // A line of text: the run, if long enough, follows it.
    if (!isEncodedLine(s, a, lineEnd)) return lines >= MIN_RUN ? start : n;
    if (a == 0 || (n - a) * 2 >= n) return n;
    lines++;
    start = a;
    lineEnd = a - 1;
  }
  return n;
}
