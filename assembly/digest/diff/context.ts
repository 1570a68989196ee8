// Context diffs (`diff -c`, `diff -C n`, `diff -c -r`): a file's header is "*** old" over
// "--- new", each hunk opens with a row of fifteen stars, then "*** a,b ****" and the old
// side's lines, then "--- c,d ----" and the new side's; a side with nothing removed or added
// is left out. Every line of a side opens with a sign and a space: "  " kept, "- " removed,
// "+ " added, "! " changed (removed on the old side, added on the new).
import { CharCode } from "../../util/chars";
import { unitAt } from "../../util/lines";
import { startsWithAt } from "../shared/text";
import { DiffFile, DiffParse } from "./parse";

export const CONTEXT_HUNK = "***************";

/** Line [a, b) is a side's own line: a sign and a space, or "\ No newline at end of file". */
function sideLine(s: string, a: i32, b: i32): bool {
  if (a >= b) return false;
  const c = unitAt(s, a);
  if (c == CharCode.BACKSLASH) return true;
  if (a + 1 >= b || unitAt(s, a + 1) != CharCode.SPACE) return false;
  return c == CharCode.SPACE || c == CharCode.MINUS || c == CharCode.PLUS || c == CharCode.BANG;
}

/** Line [a, b) heads a side: "*** a,b ****" (old) or "--- c,d ----" (new). */
function sideHeader(s: string, a: i32, b: i32, head: string, tail: string): bool {
  return b - a >= 9 && startsWithAt(s, a, b, head) && startsWithAt(s, b - 5, b, tail);
}

/**
 * Reads the hunk whose row of stars is line `i` into `f`: its lines and what it removed and
 * added. Returns the line after the hunk; `i + 1` when no side header follows the stars.
 */
export function readContextHunk(p: DiffParse, f: DiffFile, i: i32): i32 {
  const L = p.lines;
  const s = L.text;
  let k = i + 1;
  if (k >= L.count || !sideHeader(s, L.start(k), L.end(k), "*** ", " ****")) return i + 1;
  let newSide = false;
  for (k++; k < L.count; k++) {
    const a = L.start(k);
    const b = L.end(k);
    if (!newSide && sideHeader(s, a, b, "--- ", " ----")) {
      newSide = true;
      continue;
    }
    if (!sideLine(s, a, b)) break;
    const c = unitAt(s, a);
    if (c == CharCode.BANG) {
      if (newSide) f.added++;
      else f.removed++;
    } else if (c == CharCode.MINUS) f.removed++;
    else if (c == CharCode.PLUS) f.added++;
  }
  // The hunk is shown from its old side's header: the row of stars says nothing a header would not.
  f.hunkStarts.push(i + 1);
  f.hunkEnds.push(k);
  p.hunks++;
  return k;
}

/** Line `i` is a context diff's file header: "*** old", "--- new", then a hunk's stars. */
export function opensContextFile(p: DiffParse, i: i32): bool {
  const L = p.lines;
  const s = L.text;
  if (i + 2 >= L.count || !startsWithAt(s, L.start(i), L.end(i), "*** ")) return false;
  return startsWithAt(s, L.start(i + 1), L.end(i + 1), "--- ") && startsWithAt(s, L.start(i + 2), L.end(i + 2), CONTEXT_HUNK);
}
