// A failure stated by a status word rather than an error word. A tool that reports
// what it did a line at a time can mark the lines that went wrong with a word of
// capitals at the margin and the kind of trouble in parentheses ("CONFLICT
// (content): Merge conflict in a.py" among "Auto-merging b.py"), or with an alarm sign
// (" ! [rejected] main -> main" among " * [new branch] …", "! Undefined control sequence."
// among a typesetter's pages and file names). In a run that
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

// @ts-ignore: decorator
@inline function isUpper(c: i32): bool {
  return <u32>(c - CharCode.A) <= 25;
}

/**
 * Line s[a, b) opens with a status word (statusWordEnd), `t` its first unit after blanks;
 * one unit read for most lines, in place.
 */
// @ts-ignore: decorator
@inline export function opensWithStatusWord(s: string, a: i32, t: i32, b: i32): bool {
  if (t > a + 1 || t >= b) return false;
  const c = unitAt(s, t);
  return (isUpper(c) || c == CharCode.BANG) && statusWordEnd(s, a, b) >= 0;
}

/**
 * The end of the status word line s[a, b) opens with, or -1: MIN_STATUS capitals or more, then
 * " (" and a letter; or an alarm, a "!" alone, then " (" or " [" and a letter, or a space and
 * a capital that opens the complaint ("! Emergency stop.", "! I can't find file `a.tex'."). Either at the margin or one space
 * in, where a tool that marks each line's outcome with a sign puts it (" ! [rejected] main -> main").
 */
export function statusWordEnd(s: string, a: i32, b: i32): i32 {
  if (a < b && unitAt(s, a) == CharCode.SPACE) a++;
  if (a + 3 < b && unitAt(s, a) == CharCode.BANG) {
    const open = unitAt(s, a + 2);
    if (unitAt(s, a + 1) != CharCode.SPACE) return -1;
    // A capital that opens a word, or is a word of its own before another ("! I can't find file").
    if (isUpper(open) && (isAlpha(unitAt(s, a + 3)) || (a + 4 < b && unitAt(s, a + 3) == CharCode.SPACE && isAlpha(unitAt(s, a + 4))))) return a + 1;
    return (open == CharCode.LPAREN || open == CharCode.LBRACKET) && isAlpha(unitAt(s, a + 3)) ? a + 1 : -1;
  }
  let i = a;
  while (i < b && isUpper(unitAt(s, i))) i++;
  if (i - a < MIN_STATUS || i + 2 >= b) return -1;
  return unitAt(s, i) == CharCode.SPACE && unitAt(s, i + 1) == CharCode.LPAREN && isAlpha(unitAt(s, i + 2)) ? i : -1;
}

function sameWord(s: string, a: i32, b: i32, at: i32): bool {
  for (let k = 0; k < b - a; k++) if (unitAt(s, a + k) != unitAt(s, at + k)) return false;
  return true;
}

/**
 * The lines that open with a status word (statusWordEnd), by word; mark() takes those
 * whose word opens fewer than half of the output's lines as failures.
 */
class StatusWords {
  /** Each word by its first line's start and end, and the lines it opens. */
  private starts: i32[] = [];
  private ends: i32[] = [];
  private counts: i32[] = [];
  private opened: i32[] = [];
  private wordOf: i32[] = [];

  /** Notes line `line` (0-based), s[a, b), when a status word opens it; whether it did. */
  add(s: string, line: i32, a: i32, b: i32): bool {
    const e = statusWordEnd(s, a, b);
    if (e < 0) return false;
    let w = -1;
    for (let k = 0; k < this.starts.length && w < 0; k++) {
      if (unchecked(this.ends[k]) - unchecked(this.starts[k]) == e - a && sameWord(s, a, e, unchecked(this.starts[k]))) w = k;
    }
    if (w < 0) {
      if (this.starts.length == MAX_WORDS) return false;
      w = this.starts.length;
      this.starts.push(a);
      this.ends.push(e);
      this.counts.push(0);
    }
    unchecked((this.counts[w] += 1));
    this.opened.push(line);
    this.wordOf.push(w);
    return true;
  }

  /** Marks in `into` (Kind.Failure) the lines noted whose word opens fewer than half of `lines`; whether it marked any. */
  mark(lines: i32, into: StaticArray<u8>): bool {
    let any = false;
    for (let j = 0; j < this.opened.length; j++) {
      if (unchecked(this.counts[unchecked(this.wordOf[j])]) * 2 >= lines) continue;
      unchecked((into[unchecked(this.opened[j])] = <u8>Kind.Failure));
      any = true;
    }
    return any;
  }
}

/**
 * Marks in `into` (Kind.Failure) the lines of `statusLines` (0-based, in order, each
 * opening with a status word) neither `flagged` nor marked yet whose word opens fewer
 * than half of the output's `lines`; whether it marked any.
 */
export function markStatusWords(text: string, shapes: Shapes, statusLines: i32[], flagged: StaticArray<u8>, into: StaticArray<u8>): bool {
  const words = new StatusWords();
  for (let j = 0; j < statusLines.length; j++) {
    const i = unchecked(statusLines[j]);
    if (i >= shapes.count || unchecked(flagged[i]) != 0 || unchecked(into[i]) != 0) continue;
    words.add(text, i, unchecked(shapes.starts[i]), unchecked(shapes.ends[i]));
  }
  return words.mark(shapes.count, into);
}
