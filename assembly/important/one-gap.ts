// An output that fits its level's budget is cut only for the room its headline takes
// (compact.ts makes it again within its own length, as no result is longer than the
// output), and one just over its budget only for a few lines. A cut laid out as for a
// longer output spreads its gaps over head, tail and flagged blocks, each behind its own
// marker or each kept line after its number, and leaves out far more than that room: a
// trace's frames for a line of totals. Of the lines such a cut leaves out, the shortest
// run that frees the room goes behind one marker, and every other line stays where it is.
import { Cut } from "../cut";
import { markerBound } from "../marker";
import { findNewline } from "../util/lines";

/**
 * The cut of `text` within `budget` that leaves out one run of the lines `wide` leaves out
 * (none of whose units it keeps), the shortest that frees the room; null when none does.
 */
export function oneGapCut(text: string, budget: i32, hint: string, wide: Cut): Cut | null {
  const n = text.length;
  // What the run must hold: the units over the budget and the marker line that replaces it.
  const need = n - budget + markerBound(n, wide.totalLines, hint, null) + 1;
  let k = 0;
  // The run's first unit, -1 while the line read is kept; the best run's units and the line after it.
  let from = -1;
  let bestFrom = 0;
  let bestTo = 0;
  let after = 0;
  for (let start = 0, line = 1; start < n; line++) {
    const next = min(findNewline(text, start, n) + 1, n);
    while (k < wide.count && unchecked(wide.ends[k]) <= start) k++;
    if (k < wide.count && unchecked(wide.starts[k]) < next) from = -1;
    else {
      if (from < 0) from = start;
      // The run's first line goes while the lines after it still free the room.
      while (from < start) {
        const second = findNewline(text, from, n) + 1;
        if (next - second < need) break;
        from = second;
      }
      if (next - from >= need && (bestTo == 0 || next - from < bestTo - bestFrom)) {
        bestFrom = from;
        bestTo = next;
        after = line + 1;
      }
    }
    start = next;
  }
  if (bestTo == 0) return null;
  const cut = new Cut(text, wide.totalLines);
  cut.keep(0, bestFrom, 1);
  cut.keep(bestTo, n, after);
  return cut;
}
