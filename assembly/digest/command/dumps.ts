// Blocks of a dump counted from the whole output, so that the model does not count
// them from a cut one: a debugger's or a runtime's dump opens every block with a line
// at the margin that names the thing and its number, and ends it with a colon:
//
//   Thread 25 (Thread 0x7fffec5ba6c0 (LWP 22995) "app"):     Thread blocks: 25
//   goroutine 5 [running]:                                   goroutine blocks: 35
//   Thread 0x00007f3a (most recent call first):              Thread blocks: 4
//
// The cut shows one such block for all alike ones ("; 24 blocks like lines …"); this
// states how many there are. A line that names a thread without a colon at its end
// ("Thread 19 "app" received signal SIGSEGV") reports an event, not a block.
//
// Other dumps open a block with the thing's name in quotes at the margin, then its fields
// or a colon, and the name differs from block to block:
//
//   "main" #1 prio=5 os_prio=0 …                             "…" blocks: 34
//   "ledger-writer":
//
// Those are counted as one kind, as long as many open so (a few quoted lines are prose).
import { CharCode, isAlpha, isHexDigit } from "../../util/chars";
import { digitsEnd, unitAt } from "../../util/lines";
import { StrBuf } from "../../util/strbuf";

/** Blocks at least for a count (fewer are counted at a glance). */
const MIN_BLOCKS: i32 = 3;
/** Longest word that names a block. */
const MAX_WORD: i32 = 24;
/** Distinct words tracked. */
const MAX_WORDS: i32 = 8;
/** Blocks opened by a quoted name at least for a count: fewer may be quoted lines of prose. */
const MIN_QUOTED: i32 = 8;
/** Longest quoted name that opens a block. */
const MAX_NAME: i32 = 80;
/** The word of the blocks a quoted name opens, as the totals name it. */
const QUOTED_NAME: string = "\"\u2026\"";


/** End of the number at s[i] (decimal, or 0x and hex digits), or -1. */
function numberEnd(s: string, i: i32, b: i32): i32 {
  let j = i;
  if (j + 2 < b && unitAt(s, j) == 0x30 && unitAt(s, j + 1) == 0x78) {
    j += 2;
    while (j < b && isHexDigit(unitAt(s, j))) j++;
    return j > i + 2 ? j : -1;
  }
  j = digitsEnd(s, j, b);
  return j > i ? j : -1;
}

export class DumpBlocks {
  words: string[] = [];
  counts: i32[] = [];

  /** Line [a, b) of text, without its '\r' and '\n'. */
  line(text: string, a: i32, b: i32): void {
    if (b - a < 4) return;
    if (unitAt(text, a) == CharCode.DQUOTE) {
      if (opensWithName(text, a, b)) this.count(QUOTED_NAME);
      return;
    }
    if (unitAt(text, b - 1) != CharCode.COLON || !isAlpha(unitAt(text, a))) return;
    let w = a;
    while (w < b && w - a <= MAX_WORD && isAlpha(unitAt(text, w))) w++;
    if (w - a > MAX_WORD || w >= b || unitAt(text, w) != CharCode.SPACE) return;
    const e = numberEnd(text, w + 1, b);
    if (e < 0 || (e < b && unitAt(text, e) != CharCode.SPACE && unitAt(text, e) != CharCode.COLON)) return;
    this.count(text.substring(a, w));
  }

  private count(word: string): void {
    for (let k = 0; k < this.words.length; k++) {
      if (unchecked(this.words[k]) == word) {
        unchecked((this.counts[k] += 1));
        return;
      }
    }
    if (this.words.length >= MAX_WORDS) return;
    this.words.push(word);
    this.counts.push(1);
  }
}

/** "goroutine blocks: 35" for the word that opens the most blocks, or "" when none opens enough. */
export function dumpsLine(d: DumpBlocks): string {
  const best = mostBlocks(d);
  if (best < 0) return "";
  return new StrBuf(40).add(d.words[best]).addLabelCount(" blocks: ", d.counts[best]).toString();
}

/** The word whose blocks dumpsLine() counts ("goroutine"), or "" when it counts none. */
export function dumpWord(d: DumpBlocks): string {
  const best = mostBlocks(d);
  return best < 0 ? "" : d.words[best];
}

/**
 * Line [a, b) opens with a name in quotes (a letter first, no quote inside) and goes on with
 * a field after a space, or ends there or at a colon: `"main" #1 prio=5`, `"ledger-writer":`;
 * not a quoted value in a row (`"a","b"`) or a key (`"key": 1`).
 */
function opensWithName(text: string, a: i32, b: i32): bool {
  if (!isAlpha(unitAt(text, a + 1))) return false;
  const last = min(b, a + MAX_NAME + 2);
  let q = a + 2;
  while (q < last && unitAt(text, q) != CharCode.DQUOTE) q++;
  if (q >= last) return false;
  const after = q + 1;
  return after == b || (after + 1 == b && unitAt(text, after) == CharCode.COLON) || unitAt(text, after) == CharCode.SPACE;
}

function mostBlocks(d: DumpBlocks): i32 {
  let best = -1;
  for (let k = 0; k < d.words.length; k++) {
    if (unchecked(d.counts[k]) >= (unchecked(d.words[k]) == QUOTED_NAME ? MIN_QUOTED : MIN_BLOCKS) && (best < 0 || unchecked(d.counts[k]) > unchecked(d.counts[best]))) best = k;
  }
  return best;
}
