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
