// The room a scan's flagged lines take when kept whole: a failure's error lines and the
// lines that state an outcome, which a cut keeps before any other (digest/command,
// digest/structured).
import { rankOf } from "./kinds";
import { Scan } from "./scan";

/** Units the lines of `scan` of rank `rank` or above take kept whole, a line number each (numbered.ts). */
export function rankedUnits(scan: Scan, rank: i32): i32 {
  let units = 0;
  for (let i = 0; i < scan.count; i++) {
    if (rankOf(unchecked(scan.kinds[i])) >= rank) units += unchecked(scan.lineEnds[i]) - unchecked(scan.lineStarts[i]) + 8;
  }
  return units;
}
