// An output that fits its level's budget is cut only for the room its headline takes
// (compact.ts makes it again within its own length, as no result is longer than the
// output). A cut laid out as for a longer output spreads its gaps over head, tail and
// flagged blocks, each behind its own marker, and leaves out far more than that room: a
// trace's frames for a line of totals. Of the lines such a cut leaves out, the shortest run
// that frees the room goes behind one marker, and every other line stays where it is.
import { Cut } from "../cut";
import { markerBound } from "../marker";
import { findNewline } from "../util/lines";

/**
 * The cut of `text` within `budget` that leaves out one run of the lines `wide` leaves out
 * (none of whose units it keeps), the shortest that frees the room; null when none does.
 */
export function oneGapCut(text: string, budget: i32, hint: string, wide: Cut): Cut | null {
  const n = text.length;
  const total = wide.totalLines;
  // What the run must hold: the units over the budget and the marker line that replaces it.
  const need = n - budget + markerBound(n, total, hint, null) + 1;
  let k = 0;
  let from = -1;
  let bestFrom = 0;
  let bestTo = 0;
  // Line `line` (0-based) spans [start, next); the run is lines from..line, their starts kept.
  const starts = new StaticArray<i32>(total + 1);
  for (let line = 0, start = 0; line < total; line++) {
    const next = min(findNewline(text, start, n) + 1, n);
    unchecked((starts[line] = start));
    unchecked((starts[line + 1] = next));
    while (k < wide.count && unchecked(wide.ends[k]) <= start) k++;
    const out = k == wide.count || unchecked(wide.starts[k]) >= next;
    start = next;
    if (!out) {
      from = -1;
      continue;
    }
    if (from < 0) from = line;
    while (from < line && next - unchecked(starts[from + 1]) >= need) from++;
    const units = next - unchecked(starts[from]);
    if (units >= need && (bestTo == 0 || units < unchecked(starts[bestTo]) - unchecked(starts[bestFrom]))) {
      bestFrom = from;
      bestTo = line + 1;
    }
  }
  if (bestTo == 0) return null;
  const cut = new Cut(text, total);
  cut.keep(0, unchecked(starts[bestFrom]), 1);
  cut.keep(unchecked(starts[bestTo]), n, bestTo + 1);
  return cut;
}
