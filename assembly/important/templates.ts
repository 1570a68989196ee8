// How common the message of each of a list of flagged lines is, whatever the names in it.
// A tool that reports one kind of problem for many items prints one sentence with the
// item's names in it ("Member retries (variable) of struct tax_ctx_t is not documented."):
// a key made of every word tells each line apart, and a rare message ("explicit link
// request to 'pricing_quote' could not be resolved") looks no rarer than any of them.
// As in log template mining, a message's own words recur in as many lines as it does
// and the names in it vary: the median of the counts of a line's tokens (how often each
// occurs among the lines) is how many lines say what it says, the few names aside. A token
// counted at least as often as there are lines is the output's frame, not a message's word:
// in a line it makes about half of or more ("Warning # in ch/eval.tex line #: No match `('.",
// a short rare message under a long prefix every line shares) the median would fall on it,
// and the median of the other tokens says how many lines say the message, if there are two
// of them at least (else the line says what every line says, and its one other token is
// only a name). A frame of one token in four ("a.md:#: teh ==> the") leaves the median to
// the line's own words. Linear: one pass counts the tokens' hashes in a fixed table, then a
// line's median is read when asked for.
import { isDigit, isSpaceOrTab } from "../util/chars";
import { unitAt } from "../util/lines";
import { Scan } from "./scan";

/** Slots of the table tokens are counted in: a power of two. */
const SLOTS: i32 = 2048;
/** Tokens of a line whose counts are read, at most: the message is at its start. */
const MAX_TOKENS: i32 = 32;
/** The counts of one line's tokens, kept in order as they are read. */
const READ = new StaticArray<i32>(MAX_TOKENS);

/** Tokens outside the frame a line needs for them to be a message rather than a name. */
const MESSAGE_TOKENS: i32 = 2;

/** A space, a tab or a '\r' (a line's end may hold one or not): between tokens. */
// @ts-ignore: decorator
@inline function isGap(c: i32): bool {
  return isSpaceOrTab(c) || c == 0x0d;
}

/**
 * The tokens of s[a, b) (runs of units between spaces, tabs and '\r's, every run of digits one
 * class): with `count`, each counted into `counts`, and 0 returned; else the median of
 * their counts or, when those counted `frame` times or more are half the tokens at least
 * (give or take one) and at least MESSAGE_TOKENS are not, the median of those that are not.
 */
function tokenCounts(s: string, a: i32, b: i32, counts: StaticArray<i32>, count: bool, frame: i32 = 0): i32 {
  let n = 0;
  let below = 0;
  let i = a;
  while (i < b && n < MAX_TOKENS) {
    while (i < b && isGap(unitAt(s, i))) i++;
    if (i >= b) break;
    let h: u32 = 2166136261;
    while (i < b && !isGap(unitAt(s, i))) {
      const c = unitAt(s, i++);
      if (isDigit(c)) while (i < b && isDigit(unitAt(s, i))) i++;
      h = (h ^ <u32>(isDigit(c) ? 0x23 : c)) * 16777619;
    }
    const slot = <i32>(h ^ (h >> 16)) & (SLOTS - 1);
    if (count) unchecked((counts[slot] += 1));
    else {
      // Insertion into the sorted counts read so far: a line has few tokens.
      const v = unchecked(counts[slot]);
      if (v < frame) below++;
      let k = n;
      for (; k > 0 && unchecked(READ[k - 1]) > v; k--) unchecked((READ[k] = READ[k - 1]));
      unchecked((READ[k] = v));
    }
    n++;
  }
  if (count || n == 0) return 0;
  // The counts below the frame's are the first `below` of READ, which is sorted.
  return unchecked(READ[(below >= MESSAGE_TOKENS && below * 2 <= n + 1 ? below : n) >> 1]);
}

/** Lines a message's words are counted over, at least: among fewer, a word's count says little of its message's. */
const MIN_LINES: i32 = 32;

/**
 * The counts of the tokens of the hits of `order`, for messageCount(); null for fewer than
 * MIN_LINES hits.
 */
export function tokenTable(text: string, scan: Scan, order: i32[]): StaticArray<i32> | null {
  const n = order.length;
  if (n < MIN_LINES) return null;
  // Past the slots, the count from which a token is the frame (tokenCounts): the lines
  // counted. Counts are occurrences: a token every line holds is counted that often at least.
  const counts = new StaticArray<i32>(SLOTS + 1);
  for (let j = 0; j < n; j++) tokenCounts(text, unchecked(scan.lineStarts[order[j]]), unchecked(scan.lineEnds[order[j]]), counts, true);
  unchecked((counts[SLOTS] = n));
  return counts;
}

/**
 * How many of the hits counted in `table` (tokenTable) say what hit h says (see above; at
 * least 1). Read for one hit at a time: of a build's thousand warnings only the first copy
 * of each message is asked, and a line's tokens are read again only then.
 */
export function messageCount(text: string, scan: Scan, h: i32, table: StaticArray<i32>): i32 {
  return max(1, tokenCounts(text, unchecked(scan.lineStarts[h]), unchecked(scan.lineEnds[h]), table, false, unchecked(table[SLOTS])));
}
