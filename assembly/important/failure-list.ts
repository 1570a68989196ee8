// The list a test runner closes a failed run with: a heading at the margin that opens with
// "Fail…" and ends with ':' ("Failed examples:", "Failing scenarios:", "Failed tests:"),
// then one line per failed test naming where it is ("crystal spec spec/tax_spec.cr:29 # Tax
// parses a rate", "  features/tax.feature:14  tax order 3"). Those lines are how to re-run
// each failure and carry no error word; the details above them say the same at length, so
// under a small budget the list is what names every failure. A heading whose next lines
// name no place ("Failures:" over "  1) Tax parses a rate") heads details, not a list.
import { CharCode, isDigit } from "../util/chars";
import { unitAt } from "../util/lines";
import { isLowerWordAt } from "../util/scan";
import { Kind } from "./kinds";
import { Shapes } from "./shapes";

/** Lines of one list marked at most: a listing under such a heading flags no more than these. */
const MAX_ITEMS: i32 = 64;

/** Whether line [a, b) is a heading "Fail…:" at the margin, a short one. */
export function isFailureHeading(s: string, a: i32, b: i32): bool {
  while (b > a && unitAt(s, b - 1) <= CharCode.SPACE) b--;
  if (b - a < 6 || b - a > 40 || unitAt(s, b - 1) != CharCode.COLON) return false;
  return isLowerWordAt(s, a, a + 4, "fail");
}

/** Whether line [a, b) names a place: a ':' followed by a digit ("spec/a_spec.cr:29"). */
function namesPlace(s: string, a: i32, b: i32): bool {
  for (let i = a + 1; i + 1 < b; i++) if (unitAt(s, i) == CharCode.COLON && isDigit(unitAt(s, i + 1))) return true;
  return false;
}

/**
 * Marks in `into` as failures the unflagged lines of each failure list (see above). `headings`:
 * the lines that head one, in order, as the Node core's pass over the lines noted them (notes.ts),
 * null for none; the size-optimised build reads every line for them instead.
 */
export function markFailureLists(text: string, shapes: Shapes, headings: i32[] | null, flagged: StaticArray<u8>, into: StaticArray<u8>): void {
  if (ASC_SHRINK_LEVEL < 2) {
    if (headings === null) return;
    for (let j = 0; j < headings.length; j++) {
      const h = unchecked(headings[j]);
      if (h < shapes.count) markList(text, shapes, h, flagged, into);
    }
    return;
  }
  for (let h = 0; h < shapes.count; h++) {
    if (isFailureHeading(text, unchecked(shapes.starts[h]), unchecked(shapes.ends[h]))) markList(text, shapes, h, flagged, into);
  }
}

/** Marks the list under heading line h (markFailureLists). */
// @ts-ignore: decorator
@inline function markList(text: string, shapes: Shapes, h: i32, flagged: StaticArray<u8>, into: StaticArray<u8>): void {
  let i = h + 1;
  if (i < shapes.count && shapes.blank(i)) i++;
  const last = min(shapes.count, i + MAX_ITEMS);
  for (; i < last && !shapes.blank(i) && namesPlace(text, unchecked(shapes.starts[i]), unchecked(shapes.ends[i])); i++) {
    if ((unchecked(flagged[i]) | unchecked(into[i])) == 0) unchecked((into[i] = <u8>Kind.Failure));
  }
}
