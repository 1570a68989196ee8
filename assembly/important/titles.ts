// Titles a tool underlines: a line of text followed by a rule of one fill
// character as long as the line ("Found one Java-level deadlock:" over
// "============================="). The tool drew the line under it to be read
// first, whether or not it says "error": such a title states the outcome of what
// follows, and a long output of regular lines (thread stacks, table rows) would
// otherwise hide it among its rhythm.
import { CharCode, isAlpha, isUnitOf } from "../util/chars";
import { gapEnd, unitAt } from "../util/lines";
import { Shapes } from "./shapes";

/** An underline differs from its title's length by at most this many units. */
const LENGTH_SLACK: i32 = 2;
/** Shorter titles ("Name", "Usage:") only name a section: not taken. */
const MIN_TITLE: i32 = 12;

/** s[a, b) with trailing spaces and tabs (and a '\r') dropped: its end. */
function trimmedEnd(s: string, a: i32, b: i32): i32 {
  while (b > a) {
    const c = unitAt(s, b - 1);
    if (c != CharCode.SPACE && c != CharCode.TAB && c != CharCode.CR) break;
    b--;
  }
  return b;
}

/**
 * Line i (0-based, of `shapes`) is a title its next line underlines: it holds
 * letters, and the next line, from the same column, is one run of `=` or `-`
 * whose length is the title's within LENGTH_SLACK.
 */
// @ts-ignore: decorator
@inline export function isUnderlinedTitle(s: string, shapes: Shapes, i: i32): bool {
  // Most lines are followed by one that does not end in a fill character: nothing else
  // is read for them.
  if (i + 1 >= shapes.count) return false;
  return mayUnderline(s, unchecked(shapes.ends[i + 1])) && underlines(s, shapes, i);
}

/** A line that ends at b may underline the line above it: it ends with a fill unit, or a blank. */
// @ts-ignore: decorator
@inline export function mayUnderline(s: string, b: i32): bool {
  if (b == 0) return false;
  const last = unitAt(s, b - 1);
  if (ASC_SHRINK_LEVEL >= 2) return isUnitOf(last, "=- \t");
  return last == 0x3d || last == CharCode.MINUS || last == CharCode.SPACE || last == CharCode.TAB;
}

/** isUnderlinedTitle() past its first test. */
export function underlines(s: string, shapes: Shapes, i: i32): bool {
  const ra = unchecked(shapes.starts[i + 1]);
  const rb = unchecked(shapes.ends[i + 1]);
  if (ra >= rb) return false;
  const c = unitAt(s, ra);
  if (c != 0x3d && c != CharCode.MINUS && c != CharCode.SPACE && c != CharCode.TAB) return false;
  const a = unchecked(shapes.starts[i]);
  const indent = gapEnd(s, a, unchecked(shapes.ends[i]));
  const rs = ra + (indent - a);
  if (rs >= rb) return false;
  const fill = unitAt(s, rs);
  if (fill != 0x3d && fill != CharCode.MINUS) return false;
  // The rule starts in the title's column: nothing but spaces before it.
  if (gapEnd(s, ra, rs) != rs) return false;
  const re = trimmedEnd(s, rs, rb);
  for (let k = rs; k < re; k++) if (unitAt(s, k) != fill) return false;
  const te = trimmedEnd(s, indent, unchecked(shapes.ends[i]));
  const len = te - indent;
  if (len < MIN_TITLE || abs(re - rs - len) > LENGTH_SLACK) return false;
  let letters = 0;
  for (let k = indent; k < te; k++) if (isAlpha(unitAt(s, k))) letters++;
  return letters * 2 >= len;
}
