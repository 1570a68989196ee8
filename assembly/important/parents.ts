// The group a line belongs to: tools print findings indented under the line
// that names their file, suite or function ("css/chrome.css" over
// "    6:1  ✖  Expected empty line before rule", a suite over its failing
// tests). A finding kept alone from the middle of a long output says nothing
// of where it is; its header does. So does the head a block of findings opens
// with ("In deploy.sh line 25:" over the quoted line and its pointer).
import { CharCode } from "../util/chars";
import { gapEnd, unitAt } from "../util/lines";
import { namesPlace } from "./place";
import { Shapes } from "./shapes";

/** Lines stepped over back to a header, at most; a group already resolved is jumped over in one step. */
const MAX_HEADER_STEPS: i32 = 256;

/** Leading spaces and tabs of line i; -1 for a blank line. */
function indentOf(text: string, shapes: Shapes, i: i32): i32 {
  const s = unchecked(shapes.starts[i]);
  const e = unchecked(shapes.ends[i]);
  const p = gapEnd(text, s, e);
  return p == e || (p == e - 1 && unitAt(text, p) == CharCode.CR) ? -1 : p - s;
}

/**
 * The header of line i (0-based): the nearest earlier line that is not blank and
 * is indented less; -1 when i is not indented or none is found within
 * MAX_HEADER_STEPS. `known` holds, per line, a header found before plus one (-1
 * for none, 0 not looked for): the lines between a line and its header are
 * indented at least as deep as it, so a line as deep as i is passed in one step.
 */
export function headerOf(text: string, shapes: Shapes, known: StaticArray<i32>, i: i32): i32 {
  const held = unchecked(known[i]);
  if (held != 0) return held - 1 + (held >>> 31);
  const own = indentOf(text, shapes, i);
  let found = -1;
  for (let j = i - 1, steps = 0; own > 0 && j >= 0 && steps < MAX_HEADER_STEPS; steps++) {
    const d = indentOf(text, shapes, j);
    if (d >= 0 && d < own) {
      found = j;
      break;
    }
    const jump = unchecked(known[j]);
    if (d < 0 || jump == 0) j--;
    else if (jump < 0) break;
    else j = jump - 1;
  }
  unchecked((known[i] = found >= 0 ? found + 1 : -1));
  return found;
}

/** Digits of an item's number, at most ("1) " to "9999) "). */
const MAX_ITEM_DIGITS: i32 = 4;

/**
 * Line i opens with an item's number after its indentation ("  1) test unknown sku
 * (Shop.StockTest)", "2) inventory"): runners number the failures they detail so, and
 * the line names the failure that its deeper lines only describe ("Assertion with ==
 * failed", "left: 675").
 */
export function opensNumberedItem(text: string, shapes: Shapes, i: i32): bool {
  const s = unchecked(shapes.starts[i]);
  const e = unchecked(shapes.ends[i]);
  let p = gapEnd(text, s, e);
  const digits = p;
  while (p < e && p - digits <= MAX_ITEM_DIGITS && <u32>(unitAt(text, p) - CharCode._0) <= 9) p++;
  if (p == digits || p - digits > MAX_ITEM_DIGITS || p + 2 >= e) return false;
  return unitAt(text, p) == CharCode.RPAREN && unitAt(text, p + 1) == CharCode.SPACE && unitAt(text, p + 2) > CharCode.SPACE;
}

/** Lines from a finding up to the head that places it, at most: the head, then one line between (a blank one in the blocks linters print). */
const PLACE_HEAD_REACH: i32 = 2;

/**
 * Header j of line i (headerOf) says where i's finding is: it is at most PLACE_HEAD_REACH
 * lines above and names a file's line, which line i does not ("src/tax.js:15:3
 * lint/suspicious/noDebugger ━━━" over a blank line and "  × This is an unexpected use of
 * the debugger statement."). A linter that prints each finding as a block heads it so.
 */
export function placesFinding(text: string, shapes: Shapes, j: i32, i: i32): bool {
  if (i - j > PLACE_HEAD_REACH) return false;
  return namesPlace(text, unchecked(shapes.starts[j]), unchecked(shapes.ends[j]), false) && !namesPlace(text, unchecked(shapes.starts[i]), unchecked(shapes.ends[i]), false);
}

/** Lines stepped back over to a block's head, at most. */
const MAX_HEAD_STEPS: i32 = 3;

/**
 * The head of line i's block: the nearest earlier line, within MAX_HEAD_STEPS and
 * no blank line between, that is at the margin and ends in a colon, when it names
 * a place ("In deploy.sh line 25:", "Diff in src/cart.rs:1:"): where a finding
 * printed under it that names no place of its own is. -1 when there is none.
 */
export function blockHeadOf(text: string, shapes: Shapes, i: i32): i32 {
  for (let j = i - 1; j >= 0 && j >= i - MAX_HEAD_STEPS; j--) {
    const d = indentOf(text, shapes, j);
    if (d < 0) return -1;
    if (d > 0) continue;
    const a = unchecked(shapes.starts[j]);
    let e = unchecked(shapes.ends[j]);
    while (e > a && unitAt(text, e - 1) == CharCode.SPACE) e--;
    if (unitAt(text, e - 1) == CharCode.COLON) return namesPlace(text, a, e, false) ? j : -1;
  }
  return -1;
}

/**
 * The item line i's failure is about: the line just above, when line i interrupts a run
 * of lines that open alike (the run goes on after it) and that line names a file line i
 * does not name (the commands `xargs -t` echoes, "Checking a.json"): "Expecting value:
 * line 5 column 35" under "python3 -m json.tool conf/admin-test.json". -1 when there is
 * none. Line i + 1 is one of `shapes`.
 */
export function itemAbove(text: string, shapes: Shapes, i: i32): i32 {
  if (i < 2 || shapes.sameLead(i, i - 1)) return -1;
  if (!shapes.sameLead(i - 1, i - 2) || !shapes.sameLead(i - 1, i + 1)) return -1;
  if (namesPlace(text, unchecked(shapes.starts[i]), unchecked(shapes.ends[i]), true)) return -1;
  return namesPlace(text, unchecked(shapes.starts[i - 1]), unchecked(shapes.ends[i - 1]), true) ? i - 1 : -1;
}
