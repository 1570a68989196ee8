// A failed run states its outcome last: the program that failed prints its complaint and
// exits ("cp: cannot stat 'a.pem': No such file or directory" closing a script's trace,
// ";; no servers could be reached" under the errors that led to it, "5 files would be
// reformatted."), often without a keyword. Its last line that is not blank is marked when
// it is a message's length and there are lines before it (an output of one line, or a
// blob, is head and tail already): an error when no line is flagged or marked (a warning,
// a finding, a record's head, a status word), else the run's outcome, when it stands
// apart: at the margin (an indented line is a frame, a diff's or a listing's row), led
// unlike the line above (the last row of a rhythm: "ok 60 …" under "ok 59 …") and, when
// it closes a paragraph that holds a flagged line, naming no place (a compiler's last "a.h:90:56:
// note: …" belongs to the diagnostic above it; a script's '"plot.gp" line 20: undefined
// variable' after a blank line is a diagnostic of its own). A flagged last line is marked
// too when it states totals (counts.ts).
import { Kind } from "./kinds";
import { Shapes } from "./shapes";
import { isSpaceOrTab } from "../util/chars";
import { unitAt } from "../util/lines";
import { namesPlace } from "./place";
import { isCountLine } from "./counts";

/** Longest line taken for a complaint, in units: a longer one is data, not a message. */
const MAX_COMPLAINT: i32 = 512;

/**
 * A line flagged or marked stands among the lines right above line `i`, with no blank line
 * between: a place `i` names continues that diagnostic (a compiler's note under its error's excerpt).
 */
function belongsAbove(shapes: Shapes, flagged: StaticArray<u8>, into: StaticArray<u8>, i: i32): bool {
  for (let k = i - 1; k >= 0 && !shapes.blank(k); k--) if ((unchecked(flagged[k]) | unchecked(into[k])) != 0) return true;
  return false;
}

/**
 * Marks in `into` the last non-blank line of a failed run's `shapes`: an error when `alone`
 * and no line is flagged or marked, else the outcome when it stands apart (a flagged line
 * only when it states totals; refine.ts then ranks its own entries as the outcome);
 * whether it marked an error.
 */
export function markLastWords(shapes: Shapes, flagged: StaticArray<u8>, into: StaticArray<u8>, alone: bool): bool {
  for (let i = 0; alone && i < shapes.count; i++) if ((unchecked(flagged[i]) | unchecked(into[i])) != 0) alone = false;
  let i = shapes.count - 1;
  while (i > 0 && shapes.blank(i)) i--;
  if (i <= 0 || unchecked(into[i]) != 0) return false;
  const start = unchecked(shapes.starts[i]);
  const end = unchecked(shapes.ends[i]);
  if (end - start > MAX_COMPLAINT) return false;
  const text = shapes.text;
  // A flagged last line is the outcome only when it states the run's totals ("Finished
  // checking --- 32 code warnings" under the findings it counts): a keyword alone ranks it
  // as a warning, below the findings it sums up.
  if (unchecked(flagged[i]) != 0 && !isCountLine(text, start, end)) return false;
  if (!alone && (isSpaceOrTab(unitAt(text, start)) || shapes.sameLead(i, i - 1) || (namesPlace(text, start, end, false) && belongsAbove(shapes, flagged, into, i)))) return false;
  unchecked((into[i] = <u8>(alone ? Kind.Error : Kind.Summary)));
  return alone;
}
