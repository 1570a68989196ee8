// What the cleaning pass (clean.ts) counts of a text it leaves as it was, while it reads every
// unit anyway: its newlines and its surrogate pairs. The passes after it over the same text (the
// result's line total, a line index, a digest's omitted code points) take these instead of
// reading 10 MB again.
import { codePoints, countNewlines } from "./lines";

export class PlainCounts {
  /** The text counted: the cleaning pass's input, and its output unchanged; null until then. */
  text: string | null = null;
  newlines: i32 = 0;
  /** Well-formed surrogate pairs (a text left as it was holds no lone surrogate). */
  pairs: i32 = 0;

  /** The counts are of `s` itself (the same string, not an equal one). */
  holds(s: string): bool {
    // The size-optimised build (the component's) cleans line by line and counts nothing.
    if (ASC_SHRINK_LEVEL >= 2) return false;
    const t = this.text;
    return t !== null && changetype<usize>(t) == changetype<usize>(s);
  }

  /** The '\n's of the whole of s: counted already when s is the text counted. */
  newlinesOf(s: string): i32 {
    return this.holds(s) ? this.newlines : countNewlines(s, 0, s.length);
  }

  /** The code points of the whole of s (util/lines.ts codePoints): counted already when s is the text counted. */
  codePointsOf(s: string): i32 {
    return this.holds(s) ? s.length - this.pairs : codePoints(s, 0, s.length);
  }
}
