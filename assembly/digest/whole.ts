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
