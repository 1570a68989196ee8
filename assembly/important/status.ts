// A failure stated by a status word rather than an error word. A tool that reports
// what it did a line at a time can mark the lines that went wrong with a word of
// capitals at the margin and the kind of trouble in parentheses ("CONFLICT
// (content): Merge conflict in a.py" among "Auto-merging b.py"). In a run that
// failed, such a word that opens a minority of the lines marks what failed: those
// lines are failures, though no error word is in them. A run that succeeded, or a
// word that opens half the lines or more (the output's own rhythm), marks nothing.
import { CharCode, isAlpha } from "../util/chars";
import { unitAt } from "../util/lines";
import { Kind } from "./kinds";
import { Shapes } from "./shapes";

/** Capitals a status word holds at least: "FAIL", "CONFLICT", "DENIED"; not "OK", "E", "TS". */
const MIN_STATUS: i32 = 4;
/** Distinct status words followed, at most: a tool marks its outcomes with a few. */
const MAX_WORDS: i32 = 4;

function isUpper(c: i32): bool {
  return <u32>(c - CharCode.A) <= 25;
}

/** The end of the status word line s[a, b) opens with (MIN_STATUS capitals or more at the margin, then " (" and a letter), or -1. */
export function statusWordEnd(s: string, a: i32, b: i32): i32 {
  let i = a;
  while (i < b && isUpper(unitAt(s, i))) i++;
  if (i - a < MIN_STATUS || i + 2 >= b) return -1;
  return unitAt(s, i) == CharCode.SPACE && unitAt(s, i + 1) == 0x28 && isAlpha(unitAt(s, i + 2)) ? i : -1;
}

function sameWord(s: string, a: i32, b: i32, at: i32): bool {
  for (let k = 0; k < b - a; k++) if (unitAt(s, a + k) != unitAt(s, at + k)) return false;
  return true;
}

/**
 * Marks in `into` (Kind.Failure) the lines of a failed run (`exitCode` above 0) not
 * `flagged` yet that open with a status word (statusWordEnd) opening fewer than half
 * of the output's lines. One look at the first unit of most lines.
 */
export function markStatusFailures(text: string, shapes: Shapes, exitCode: i32, flagged: StaticArray<u8>, into: StaticArray<u8>): void {
  if (exitCode <= 0) return;
  const lines = shapes.count;
  // Each word by its first line's start and end, the lines it opens.
  const starts = new Array<i32>();
  const ends = new Array<i32>();
  const counts = new Array<i32>();
  const opened = new Array<i32>();
  const wordOf = new Array<i32>();
  for (let line = 0; line < lines; line++) {
    const a = unchecked(shapes.starts[line]);
    if (unchecked(flagged[line]) != 0 || a >= text.length || !isUpper(unitAt(text, a))) continue;
    const e = statusWordEnd(text, a, unchecked(shapes.ends[line]));
    if (e < 0) continue;
    let w = -1;
    for (let k = 0; k < starts.length && w < 0; k++) {
      if (unchecked(ends[k]) - unchecked(starts[k]) == e - a && sameWord(text, a, e, unchecked(starts[k]))) w = k;
    }
    if (w < 0) {
      if (starts.length == MAX_WORDS) continue;
      w = starts.length;
      starts.push(a);
      ends.push(e);
      counts.push(0);
    }
    unchecked((counts[w] += 1));
    opened.push(line);
    wordOf.push(w);
  }
  for (let j = 0; j < opened.length; j++) {
    if (unchecked(counts[unchecked(wordOf[j])]) * 2 < lines) unchecked((into[unchecked(opened[j])] = <u8>Kind.Failure));
  }
}
