// Entries listed under a label, counted from the whole output so that the model does
// not count them from a cut one:
//
//   Files:                                   Files: 82 entries
//     jsonschema/__init__.py
//     …
//   Changes to be committed:                 Changes to be committed: 48 entries
//     (use "git restore --staged …")
//   	modified:   lib/asyncio/base_events.py
//
// A label is a short line at the margin of words that ends in a colon (pip show -f,
// git status, apt's "The following packages will be upgraded:"). Its entries are the
// lines indented under it, up to a blank line or the next line at the margin; the
// indentation most of them share marks an entry, so hints set off by another
// indentation are not counted.
import { CharCode, isAlpha } from "../../util/chars";
import { gapEnd, unitAt } from "../../util/lines";
import { StrBuf } from "../../util/strbuf";

/** Entries at least for a count (fewer are counted at a glance). */
const MIN_ENTRIES: i32 = 8;
/** Longest label. */
const MAX_LABEL: i32 = 60;
/** Share (percent) of the indented lines that must share the entries' indentation. */
const ALIKE_PERCENT: i32 = 80;
/** Labels named in the totals. */
const SHOWN: i32 = 3;

/** Line [a, b) is a label: at the margin, letters, spaces, hyphens and apostrophes, then a colon ending it. */
function isLabel(s: string, a: i32, b: i32): bool {
  if (b - a < 3 || b - a > MAX_LABEL || unitAt(s, b - 1) != CharCode.COLON || !isAlpha(unitAt(s, a))) return false;
  for (let i = a + 1; i < b - 1; i++) {
    const c = unitAt(s, i);
    if (!isAlpha(c) && c != CharCode.SPACE && c != CharCode.MINUS && c != 0x27) return false;
  }
  return true;
}

/** The indentation opening line [a, b) as one number (tabs count 8, spaces 1); 0 at the margin. */
function indentOf(s: string, a: i32, b: i32): i32 {
  let n = 0;
  for (let i = a; i < b; i++) {
    const c = unitAt(s, i);
    if (c == CharCode.TAB) n += 8;
    else if (c == CharCode.SPACE) n++;
    else break;
  }
  return n;
}

export class LabeledEntries {
  labels: string[] = [];
  counts: i32[] = [];
  /** The open label, "" when none. */
  private label: string = "";
  /** Indented lines under it, by indentation: its first two kinds. */
  private indentA: i32 = -1;
  private countA: i32 = 0;
  private indentB: i32 = -1;
  private countB: i32 = 0;
  private others: i32 = 0;

  /** Line [a, b) of text, without its '\r' and '\n'. */
  line(text: string, a: i32, b: i32): void {
    this.lineAt(text, a, gapEnd(text, a, b), b);
  }

  /**
   * Whether lineAt() does anything with line [a, b), `t` its first unit after spaces and tabs:
   * under a label, or at the margin and ending in a colon, the first tests of a label (isLabel).
   */
  // @ts-ignore: decorator
  @inline reads(text: string, a: i32, t: i32, b: i32): bool {
    return this.label.length > 0 || (t == a && b - a >= 3 && unitAt(text, b - 1) == CharCode.COLON);
  }

  /** line() with `t` the line's first unit after spaces and tabs (b when it has none). */
  lineAt(text: string, a: i32, t: i32, b: i32): void {
    if (this.label.length > 0) {
      if (t < b && t > a) {
        const indent = indentOf(text, a, t);
        if (this.indentA < 0 || this.indentA == indent) {
          this.indentA = indent;
          this.countA++;
        } else if (this.indentB < 0 || this.indentB == indent) {
          this.indentB = indent;
          this.countB++;
        } else this.others++;
        return;
      }
      this.close();
    }
    if (t == a && t < b && isLabel(text, a, b)) this.label = text.substring(a, b);
  }

  /** The entries of every label read. */
  finish(): LabeledEntries {
    this.close();
    return this;
  }

  private close(): void {
    if (this.label.length == 0) return;
    const entries = max(this.countA, this.countB);
    const all = this.countA + this.countB + this.others;
    if (entries >= MIN_ENTRIES && entries * 100 >= all * ALIKE_PERCENT) {
      this.labels.push(this.label);
      this.counts.push(entries);
    }
    this.label = "";
    this.indentA = -1;
    this.indentB = -1;
    this.countA = 0;
    this.countB = 0;
    this.others = 0;
  }
}

/** "Files: 82 entries · Changes to be committed: 48 entries", or "" when no label has entries. */
export function entriesLine(e: LabeledEntries): string {
  const out = new StrBuf(64);
  const n = e.labels.length;
  for (let k = 0; k < min(n, SHOWN); k++) {
    if (k > 0) out.add(" \u00b7 ");
    out.add(e.labels[k]).addChar(CharCode.SPACE).addCount(e.counts[k]).add(e.counts[k] == 1 ? " entry" : " entries");
  }
  if (n > SHOWN) out.addLabelInt(" \u00b7 +", n - SHOWN).add(" more lists");
  return out.toString();
}
