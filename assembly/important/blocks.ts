// The block kept around a flagged line: a line of context before it (or, when
// the line follows the excerpt it is about, up to the place above that excerpt),
// the lines that continue it (stack frames, code snippets under a diagnostic),
// and a line after (where a Python traceback states its exception).
import { CharCode, isDigit, isIdentChar, isUnitOf } from "../util/chars";
import { digitsEnd, findNewline, findUnit, lineStartAt, spaceRunEnd, tokenEnd, unitAt } from "../util/lines";
import { startsWithAt, startsWithOneOf } from "../util/scan";
import { contextAfter, contextBefore, continuationCap, Kind } from "./kinds";
import { namesPlace, opensWithPlace } from "./place";
import { Shapes } from "./shapes";
import { isUnderlinedTitle } from "./titles";

/** Lines under a title's rule its block takes at most: what the title announces. */
const TITLE_LINES: i32 = 6;

/** Lines up to the place above the code excerpt a message is printed under, at most. */
const EXCERPT_LINES: i32 = 10;

export class Block {
  /** [start, end) in UTF-16 units; end is after the last line's '\n' when it has one. */
  start: i32 = 0;
  end: i32 = 0;
  firstLine: i32 = 0;
  lastLine: i32 = 0;
}

function startsWith(s: string, i: i32, end: i32, lit: string): bool {
  if (ASC_SHRINK_LEVEL >= 2) return startsWithAt(s, i, end, lit);
  if (i + lit.length > end) return false;
  for (let j = 0; j < lit.length; j++) if (unitAt(s, i + j) != <i32>lit.charCodeAt(j)) return false;
  return true;
}

/** Line [i, end) (no '\n') continues the one above: a frame, a snippet, a "Caused by:". */
export function isContinuation(s: string, i: i32, end: i32): bool {
  if (i >= end) return false;
  const c = unitAt(s, i);
  if (ASC_SHRINK_LEVEL >= 2 ? isUnitOf(c, " \t|") : c == CharCode.SPACE || c == CharCode.TAB || c == CharCode.PIPE) {
    // An indented line with text on it; whitespace alone is a blank line.
    for (let j = i; j < end; j++) {
      const d = unitAt(s, j);
      if (d != CharCode.SPACE && d != CharCode.TAB && d != CharCode.CR) return true;
    }
    return false;
  }
  if (ASC_SHRINK_LEVEL >= 2 ? startsWithOneOf(s, i, end, "Caused by|goroutine |created by |During handling|The above exception") :
      startsWith(s, i, end, "Caused by") || startsWith(s, i, end, "goroutine ") || startsWith(s, i, end, "created by ") ||
      startsWith(s, i, end, "During handling") || startsWith(s, i, end, "The above exception")) return true;
  // Rust and gcc snippets: "12 | code".
  if (isDigit(c)) {
    let j = digitsEnd(s, i, end);
    j = spaceRunEnd(s, j, end);
    return j < end && unitAt(s, j) == CharCode.PIPE;
  }
  // Go frames: "main.main()", "main.(*T).run(0x1, 0x2)".
  if (isIdentChar(c)) {
    let last = end - 1;
    if (last > i && unitAt(s, last) == CharCode.CR) last--;
    if (unitAt(s, last) != 0x29) return false;
    for (let j = i; j < last; j++) {
      const d = unitAt(s, j);
      if (d == 0x28) return true;
      if (d == CharCode.SPACE || d == CharCode.TAB) return false;
    }
  }
  return false;
}

function isBlank(s: string, i: i32, end: i32): bool {
  for (let j = i; j < end; j++) {
    const d = unitAt(s, j);
    if (d != CharCode.SPACE && d != CharCode.TAB && d != CharCode.CR) return false;
  }
  return true;
}

/**
 * The block of the flagged line [lineStart, lineEnd) numbered lineNo. With the
 * output's shapes, a failure's block also runs on through lines that break the
 * output's rhythm (a sanitizer's report amid a program's own lines: "READ of
 * size 4", "allocated by thread T0 here:"), up to its cap.
 */
export function blockOf(s: string, lineStart: i32, lineEnd: i32, lineNo: i32, kind: i32, out: Block, shapes: Shapes | null = null): void {
  const n = s.length;
  if (shapes !== null && lineNo - 1 < shapes.count && isUnderlinedTitle(s, shapes, lineNo - 1)) {
    titleBlock(s, lineStart, lineEnd, lineNo, out);
    return;
  }
  let start = lineStart;
  let first = lineNo;
  // A line of context, or up to the place above the excerpt the line follows. Some
  // compilers print a message under the excerpt it is about, its place on a line of its
  // own above the excerpt (gfortran: "src/stock.f90:22:12:", an empty line, "   22 |
  // total = label", "      |            1", "Error: Cannot convert …"; OCaml: 'File
  // "stock.ml", line 51, characters 41-52:', its excerpt, "Error: …"): without that place
  // the message says what is wrong but not where. The excerpt is the lines right above the
  // message that continue a diagnostic (isContinuation) or are empty; the place, the line
  // above them at most EXCERPT_LINES lines up, ends with ':' (a line ending in "\r\n" does
  // not) and names a file's line. A message under another one's excerpt (gcc's next
  // diagnostic) has that one above the excerpt, which does not end with ':'.
  // A line that takes no context (up == 0) looks for no place either. The line right above
  // as the place (k == 1) is that line of context anyway. Past the output's first line
  // (below <= 0) lineStartAt returns e itself, an empty range: nothing is read there.
  let up = contextBefore(kind);
  for (let k = 1, below = lineStart; k <= up * EXCERPT_LINES; k++) {
    const e = below - 1; // the '\n' ending the line above
    const a = lineStartAt(s, e);
    if (a < e && !isContinuation(s, a, e)) {
      if (unitAt(s, e - 1) == CharCode.COLON && namesPlace(s, a, e, false)) up = k;
      // A finding's report may open with its place one line further up, a token alone at the
      // margin ("test_shop.cpp:164:Assertion" over "Test name: CurrencyTest::testRate" over
      // "double equality assertion failed"): the message needs it to say where. A diagnostic
      // there ("a.adb:26:07: warning: …") is a finding of its own.
      else if (k == 1) {
        const h = lineStartAt(s, a - 1);
        if (isLonePlaceHeading(s, h, a - 1)) up = 2;
      }
      break;
    }
    below = a;
  }
  for (; up > 0 && start > 0; up--) {
    start = lineStartAt(s, start - 1);
    first--;
  }
  let end = lineEnd; // index of this line's '\n', or n
  let last = lineNo;
  let budget = continuationCap(kind);
  while (budget > 0 && end + 1 < n) {
    const next = end + 1;
    const nextEnd = findNewline(s, next, n);
    // `last` is the 1-based number of the line ending at `end`: the next line's 0-based index.
    if (isContinuation(s, next, nextEnd) || (shapes !== null && kind >= Kind.Failure && last < shapes.count && shapes.deviation(last) > 0)) {
      end = nextEnd;
      last++;
      budget--;
      continue;
    }
    // One blank line inside a trace (Go's "panic:" and its goroutine, chained exceptions).
    if (budget > 1 && nextEnd + 1 < n && isBlank(s, next, nextEnd)) {
      const after = findNewline(s, nextEnd + 1, n);
      if (isContinuation(s, nextEnd + 1, after)) {
        end = after;
        last += 2;
        budget -= 2;
        continue;
      }
    }
    break;
  }
  for (let k = contextAfter(kind); k > 0 && end + 1 < n; k--) {
    end = findNewline(s, end + 1, n);
    last++;
  }
  out.start = start;
  out.end = end < n ? end + 1 : n;
  out.firstLine = first;
  out.lastLine = last;
}

/**
 * The block of an underlined title: the title, its rule and the lines under it up to
 * the first blank one (at most TITLE_LINES), where it states what it announced
 * ("Found one Java-level deadlock:" and the threads in it); no line before it.
 */
function titleBlock(s: string, lineStart: i32, lineEnd: i32, lineNo: i32, out: Block): void {
  const n = s.length;
  let end = lineEnd < n ? findNewline(s, lineEnd + 1, n) : n;
  let last = lineNo + 1;
  for (let k = 0; k < TITLE_LINES && end + 1 < n; k++) {
    const nextEnd = findNewline(s, end + 1, n);
    if (isBlank(s, end + 1, nextEnd)) break;
    end = nextEnd;
    last++;
  }
  out.start = lineStart;
  out.end = end < n ? end + 1 : n;
  out.firstLine = lineNo;
  out.lastLine = last;
}

/**
 * Whether a line is one token naming a file and a line with a colon after the line's number
 * ("test_shop.cpp:164:Assertion"). A host and its port, a call at the margin of a quoted source
 * or a list of bare places ("a.c:3", "tests/a.py::test_b") has no such colon.
 */
function isLonePlaceHeading(s: string, a: i32, b: i32): bool {
  if (tokenEnd(s, a, b) != b || !opensWithPlace(s, a, b)) return false;
  // The file's name holds no colon; none at all gives i = b and no digits after it.
  const i = findUnit(s, CharCode.COLON, a, b);
  const j = digitsEnd(s, i + 1, b);
  return j > i + 1 && unitAt(s, j) == CharCode.COLON;
}
