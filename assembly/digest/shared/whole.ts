// A text that already fits its budget reaches the model as it is: a digest
// must never show less than the plain text would.
import { Digest } from "./types";
import { CharCode, isDigit, isUnitOf } from "../../util/chars";

export function wholeText(d: Digest, text: string, lines: i32): Digest {
  d.llm = text;
  d.omittedChars = 0;
  d.truncated = false;
  d.keptLines = [];
  if (lines > 0) d.keep(1, lines);
  return d;
}

/**
 * The whole text under a one-line headline (totals, exit status) when both fit:
 * counting 500 entries or reading an exit code is work the model should not redo.
 * Never at the cost of the text: without room for both, the text comes alone.
 */
export function wholeWithHeadline(d: Digest, text: string, lines: i32, head: string, budget: i32): Digest {
  wholeText(d, text, lines);
  if (head.length > 0 && text.length + head.length + 1 <= budget) d.llm = head + "\n" + text;
  return d;
}

/**
 * More items than a model counts at a glance: a total this large, read off the lines one by
 * one, is a guess (71 alike lines, 48 changed files), while the lines a cut of a headline's
 * length leaves out can be read back.
 */
const SEEN_AT_A_GLANCE: i32 = 20;

/**
 * Lines of a listing or of search hits taken in whole at a glance: their digests put several
 * lines of breakdowns (by directory, by extension, by file) on top, so a cut of an output that
 * fits makes room for them only when the output is longer than this. See countedIn().
 */
const LISTED_AT_A_GLANCE: i32 = 100;

/** The count wholeIfItFits() weighs for a listing's or search's headline (see LISTED_AT_A_GLANCE). */
export function countedIn(head: string, lines: i32): i32 {
  return lines > LISTED_AT_A_GLANCE ? largestCount(head) : 0;
}

/**
 * A text that fits its budget, whole (with its headline when both fit), or null when the
 * headline states a total of more than SEEN_AT_A_GLANCE items (`counted`: the largest it
 * states, 0 for none) and only a cut of the text makes room for it: the budget can be the
 * text's own length (no result is longer than the output it replaces). The caller then cuts
 * as for a text over its budget.
 */
export function wholeIfItFits(d: Digest, text: string, lines: i32, head: string, counted: i32, budget: i32): Digest | null {
  if (text.length > budget) return null;
  if (counted > SEEN_AT_A_GLANCE && head.length > 0 && text.length + head.length + 1 > budget) return null;
  return wholeWithHeadline(d, text, lines, head, budget);
}

/**
 * The largest count a line of totals states ("3 errors; by code: E0308 3 · 71 lines "Auto-merging …""
 * → 71): a number that stands alone, thousands separated or not; a number inside a code (E0308)
 * or inside the quoted text of a line (…"…") is no count.
 */
export function largestCount(totals: string): i32 {
  let largest = 0;
  let quoted = false;
  const n = totals.length;
  let i = 0;
  while (i < n) {
    const c = totals.charCodeAt(i);
    if (c == CharCode.DQUOTE) {
      quoted = !quoted;
      i++;
      continue;
    }
    const alone = i == 0 || isCountStart(totals.charCodeAt(i - 1));
    if (quoted || !isDigit(c) || !alone) {
      i++;
      continue;
    }
    let value = 0;
    while (i < n) {
      const u = totals.charCodeAt(i);
      if (isDigit(u)) {
        if (value < 100_000_000) value = value * 10 + (u - CharCode._0);
      } else if (!(u == CharCode.COMMA && i + 1 < n && isDigit(totals.charCodeAt(i + 1)))) break;
      i++;
    }
    // A number joined to a word or a code that follows is part of it.
    if (i < n && !isCountEnd(totals.charCodeAt(i))) continue;
    if (value > largest) largest = value;
  }
  return largest;
}

// @ts-ignore: decorator
@inline function isCountStart(c: i32): bool {
  if (ASC_SHRINK_LEVEL >= 2) return isUnitOf(c, " (\u00b7");
  return c == CharCode.SPACE || c == 0x28 || c == 0xb7;
}

// @ts-ignore: decorator
@inline function isCountEnd(c: i32): bool {
  if (ASC_SHRINK_LEVEL >= 2) return isUnitOf(c, " ,);");
  return c == CharCode.SPACE || c == CharCode.COMMA || c == 0x29 || c == CharCode.SEMICOLON;
}
