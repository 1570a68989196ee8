// A line its own log level marks as a notice: "[INFO] Error stacktraces are
// turned on.", "DEBUG: retry on error". Logs of every kind open a line with its
// level, and a level below warning says the line is no failure report, though
// a word of it says "error" ("Error stacktraces" names a setting): it does not
// stand for a run's first error when a line without that mark can.
import { CharCode, isUnitOf } from "../util/chars";
import { gapEnd, unitAt } from "../util/lines";

/** Upper-case level words below warning. */
const LEVELS: string[] = ["INFO", "DEBUG", "NOTICE", "VERBOSE"];

/** Line [a, b) opens, after blanks and maybe "[" or "<", with a level below warning and then "]", ">", ":" or a blank. */
export function isNoticeLine(s: string, a: i32, b: i32): bool {
  let t = gapEnd(s, a, b);
  if (t < b && (unitAt(s, t) == 0x5b || unitAt(s, t) == 0x3c)) t++;
  for (let k = 0; k < LEVELS.length; k++) {
    const level = unchecked(LEVELS[k]);
    const e = t + level.length;
    if (e >= b) continue;
    let same = true;
    for (let j = 0; j < level.length && same; j++) same = unitAt(s, t + j) == unitAt(level, j);
    if (!same) continue;
    const c = unitAt(s, e);
    if (ASC_SHRINK_LEVEL >= 2) return isUnitOf(c, "]>: \t");
    return c == 0x5d || c == 0x3e || c == CharCode.COLON || c == CharCode.SPACE || c == CharCode.TAB;
  }
  return false;
}
