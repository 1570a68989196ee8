// A listing or search result that fits its budget reaches the model whole,
// under its one-line totals when those fit too: counting 500 entries or
// summing 60 per-file counts is work the model should not have to redo.
import { Digest } from "./types";
import { wholeText } from "./whole";

export function wholeWithHeadline(d: Digest, text: string, lines: i32, head: string, budget: i32): Digest {
  wholeText(d, text, lines);
  // Never at the cost of the text: the headline only rides along when both fit.
  if (head.length > 0 && text.length + head.length + 1 <= budget) d.llm = head + "\n" + text;
  return d;
}
