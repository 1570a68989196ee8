// Under a small budget a cut is shown numbered: one marker up front states all
// that is left out, and every kept line follows its line number
// ("49: --- FAIL: TestSlug"), the way `grep -n` shows matches. A marker per
// gap costs about 45 chars and a line number about 5, so the budget goes to
// more of the lines that carry the outcome.
import { CharCode } from "../util/chars";

/** Below this budget a cut is numbered: a marker per gap would cost more than the lines it separates. */
export const NUMBERED_BELOW: i32 = 2000;
import { countNewlines, findNewline, onlyPointer, unitAt } from "../util/lines";

/** Units a line's number takes before it: its digits, ':' and ' ' (numbers are plain digits, as a read offset takes them). */
export function prefixWidth(totalLines: i32): i32 {
  let digits = 1;
  for (let v = totalLines; v >= 10; v /= 10) digits++;
  return digits + 2;
}

/** Units the inline marker of a line cut short can take: " [...N chars omitted...]" for a line of `units` units. */
export function inlineMarkerBound(units: i32): i32 {
  let digits = 1;
  for (let v = units; v >= 10; v /= 10) digits++;
  return 24 + digits + (digits - 1) / 3;
}

/** Lines that [start, end) touches: its newlines, plus one for a last line without its newline. */
export function linesIn(text: string, start: i32, end: i32): i32 {
  if (end <= start) return 0;
  return countNewlines(text, start, end) + (unitAt(text, end - 1) == CharCode.LF ? 0 : 1);
}

/** Where a head of whole lines ends when each line costs its units and `perLine` more, within `room`. */
export function numberedHeadEnd(text: string, room: i32, perLine: i32): i32 {
  const n = text.length;
  let pos = 0;
  let used = 0;
  while (pos < n) {
    const nl = findNewline(text, pos, n);
    const next = nl < n ? nl + 1 : n;
    used += next - pos + perLine;
    if (used > room) break;
    pos = next;
  }
  return pos;
}

/** Where a tail of whole lines ending at `end` starts when each line costs its units and `perLine` more, within `room`. */
export function numberedTailStart(text: string, room: i32, perLine: i32, end: i32 = text.length): i32 {
  let start = end;
  let used = 0;
  while (start > 0) {
    // The line ending at start (its '\n' included when there is one).
    let s = start - 1;
    while (s > 0 && unitAt(text, s - 1) != CharCode.LF) s--;
    used += start - s + perLine;
    if (used > room) break;
    start = s;
  }
  // A pointer ("      ^^^^") marks a place in the line above, which the tail leaves out: alone it says nothing.
  if (start < end) {
    const nl = findNewline(text, start, end);
    if (onlyPointer(text, start, nl)) start = nl < end ? nl + 1 : end;
  }
  return start;
}
