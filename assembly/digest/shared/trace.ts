// The message of a stack trace, for a one-line summary. A summary that picks a line of a
// trace (its header, a frame, the source line a runtime quotes above a caret) says
// nothing about what failed; the trace's message does:
//
//   Traceback (most recent call last):          ← a header
//     File "app.py", line 9, in <module>        ← frames, indented, most recent last:
//       print(rows["customers"])                   the message comes after them
//   KeyError: 'customers'                       ← the message
//
//   file:///srv/ship.mjs:5
//       if (zone === "ch") throw new Error(…);  ← the quoted source line
//                                ^
//   Error: no rate for zone ch                  ← the message, before the frames
//       at fetchRate (file:///srv/ship.mjs:5:28)
//
// Frames are indented lines that open with `at `, `File "`, `from `, `#N ` or a
// `path:N` location; the indented lines between them (source, carets) belong to the block.
// A trace whose frames are `File "…"` lines lists the most recent call last and ends
// with its message; every other kind opens with it.
import { CharCode, isDigit } from "../../util/chars";
import { blanksEnd, findNewline, onlyPointer, unitAt } from "../../util/lines";
import { findText } from "../../util/scan";
import { LineIndex, startsWithAt, startsWithOneOf } from "./text";

/** Lines searched from a chosen line to the frames of its trace, and above the frames for the message. */
const REACH: i32 = 12;

function indentEnd(s: string, a: i32, b: i32): i32 {
  let i = a;
  i = blanksEnd(s, i, b);
  return i;
}

function isIndented(L: LineIndex, i: i32): bool {
  const a = L.start(i);
  const b = L.end(i);
  return b > a && indentEnd(L.text, a, b) > a && indentEnd(L.text, a, b) < b;
}

/** A `path:N` location at s[i, b): a token with no space holding a path (a '.' or '/') then `:` and digits. */
function isLocation(s: string, i: i32, b: i32): bool {
  let j = i;
  let path = false;
  while (j < b && unitAt(s, j) != CharCode.SPACE && unitAt(s, j) != CharCode.TAB) {
    const c = unitAt(s, j);
    if (c == CharCode.DOT || c == CharCode.SLASH) path = true;
    if (c == CharCode.COLON && j + 1 < b && isDigit(unitAt(s, j + 1)) && path) return true;
    j++;
  }
  return false;
}

/** 1: a `File "…"` frame (most recent call last), 2: any other frame, 0: not a frame. */
function frameKind(L: LineIndex, i: i32): i32 {
  const s = L.text;
  const a = L.start(i);
  const b = L.end(i);
  const t = indentEnd(s, a, b);
  if (t == a || t >= b) return 0;
  if (startsWithAt(s, t, b, "File \"")) return 1;
  if (ASC_SHRINK_LEVEL >= 2 ? startsWithOneOf(s, t, b, "at |from ") : startsWithAt(s, t, b, "at ") || startsWithAt(s, t, b, "from ")) return 2;
  if (unitAt(s, t) == 0x23 && t + 1 < b && isDigit(unitAt(s, t + 1))) return 2;
  return isLocation(s, t, b) ? 2 : 0;
}

/** A trace's header line: it ends with ':' and names a trace (`Traceback (…):`, `stack traceback:`). */
function isHeader(L: LineIndex, i: i32): bool {
  const s = L.text;
  const a = L.start(i);
  let b = L.end(i);
  while (b > a && unitAt(s, b - 1) == CharCode.SPACE) b--;
  if (b == a || unitAt(s, b - 1) != CharCode.COLON || b - a > 60) return false;
  for (let j = a; j + 5 <= b; j++) {
    if ((unitAt(s, j) | 0x20) == 0x74 && (unitAt(s, j + 1) | 0x20) == 0x72 && (unitAt(s, j + 2) | 0x20) == 0x61 && (unitAt(s, j + 3) | 0x20) == 0x63 && (unitAt(s, j + 4) | 0x20) == 0x65) return true;
  }
  return false;
}

/** Whether a line is only carets, tildes and spaces (a runtime pointing under the quoted source). */
function isPointer(L: LineIndex, i: i32): bool {
  return onlyPointer(L.text, L.start(i), L.end(i));
}

/**
 * Whether line `c` is part of a trace but not its message: a header, a frame, a line of
 * source a runtime quotes (above a pointer, or under a frame), or the pointer itself.
 */
function isTracePart(L: LineIndex, c: i32): bool {
  if (isHeader(L, c) || frameKind(L, c) > 0 || isPointer(L, c)) return true;
  if (!isIndented(L, c)) return false;
  if (c + 1 < L.count && isPointer(L, c + 1)) return true;
  return c > 0 && frameKind(L, c - 1) > 0;
}

/**
 * The message of the trace that line `c` belongs to, or "" when `c` is not a part of a
 * trace (isTracePart) within REACH lines of the trace's frames.
 */
export function traceMessageAt(L: LineIndex, c: i32): string {
  if (c < 0 || c >= L.count) return "";
  if (!isTracePart(L, c)) return "";
  // The block's top: up over the indented lines above the chosen one (a frame low in the
  // trace), then its first frame, at or after the top.
  let top = c;
  if (!isHeader(L, c)) {
    while (top > 0 && top > c - REACH && (isIndented(L, top - 1) || isPointer(L, top - 1))) top--;
  }
  let f = -1;
  for (let i = top; i < L.count && i <= c + REACH; i++) {
    if (frameKind(L, i) > 0) {
      f = i;
      break;
    }
  }
  if (f < 0) return "";
  if (frameKind(L, f) == 1) {
    // Most recent call last: the message is the first line after the block that is not indented.
    let i = f;
    while (i < L.count && (L.isBlank(i) || isIndented(L, i))) i++;
    return i < L.count ? L.line(i) : "";
  }
  // Else the message opens the trace: the nearest line above the frames that is not
  // blank, not indented, not a header and not a pointer.
  for (let i = f - 1; i >= 0 && i >= f - REACH; i--) {
    if (L.isBlank(i) || isIndented(L, i) || isHeader(L, i) || isPointer(L, i)) continue;
    return L.line(i);
  }
  return "";
}

/** Units of text around the chosen line that its trace is looked for in. */
const WINDOW: i32 = 16384;
/** Occurrences of the chosen line's text tried before giving up (a line is found at its first). */
const MAX_TRIES: i32 = 64;

/** Offset of the first line of `text` that is exactly `line`, or -1. */
function lineOffset(text: string, line: string): i32 {
  if (line.length == 0) return -1;
  let from = 0;
  for (let tries = 0; tries < MAX_TRIES; tries++) {
    const at = findText(text, line, from, text.length);
    if (at < 0) return -1;
    const end = at + line.length;
    const endsLine = end == text.length || unitAt(text, end) == CharCode.LF || unitAt(text, end) == CharCode.CR;
    if ((at == 0 || unitAt(text, at - 1) == CharCode.LF) && endsLine) return at;
    from = at + 1;
  }
  return -1;
}

/**
 * isTracePart() of the line at `at` in the window [from, to) (both line starts or ends), read
 * from that line and the lines on either side of it alone: most lines a summary picks are no
 * part of a trace, and only those that are need the whole window's lines.
 */
function nearTrace(text: string, from: i32, at: i32, to: i32): bool {
  let a = at;
  if (at > from) {
    // Back over the line before, to its start (its '\n' is at - 1).
    a = at - 1;
    while (a > from && unitAt(text, a - 1) != CharCode.LF) a--;
  }
  let b = findNewline(text, at, to);
  if (b < to) {
    b = findNewline(text, b + 1, to);
    if (b < to) b++;
  }
  return isTracePart(new LineIndex(text.substring(a, b)), at > from ? 1 : 0);
}

/**
 * The message of the stack trace that `line` (a line of `text`, as a summary picked it)
 * belongs to, or "" when it belongs to none. Only the text around the line is read.
 */
export function traceMessageFor(text: string, line: string): string {
  const at = lineOffset(text, line);
  if (at < 0) return "";
  let from = max(0, at - WINDOW / 2);
  if (from > 0) {
    const nl = findNewline(text, from, at);
    from = nl >= at ? at : nl + 1;
  }
  const to = min(text.length, at + line.length + WINDOW / 2);
  if (!nearTrace(text, from, at, to)) return "";
  const part = from == 0 && to == text.length ? text : text.substring(from, to);
  const L = new LineIndex(part);
  // The window starts at a line start, so the chosen line starts a line of it.
  let c = 0;
  const rel = at - from;
  while (c < L.count && L.start(c) < rel) c++;
  return c < L.count && L.start(c) == rel ? traceMessageAt(L, c) : "";
}
