// A text that already fits its budget reaches the model as it is: a digest
// must never show less than the plain text would.
import { Digest } from "./types";

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

/** Up to this many lines a model takes in the whole text at a glance, totals and all. */
const SEEN_AT_A_GLANCE: i32 = 100;

/**
 * A text that fits its budget, whole (with its headline when both fit), or null when the
 * headline states totals (`counts`) of a text too long to count at a glance and only a cut of
 * the text makes room for it: the budget can be the text's own length (no result is longer than
 * the output it replaces), and then a total the model would otherwise count outweighs the few
 * lines a cut of a headline's length leaves out. The caller then cuts as for a text over its budget.
 */
export function wholeIfItFits(d: Digest, text: string, lines: i32, head: string, counts: bool, budget: i32): Digest | null {
  if (text.length > budget) return null;
  if (counts && lines > SEEN_AT_A_GLANCE && head.length > 0 && text.length + head.length + 1 > budget) return null;
  return wholeWithHeadline(d, text, lines, head, budget);
}
