// The kinds a table's column takes, tallied from the whole output so that the model does
// not count them from a cut one:
//
//   BILLING_H        macro         2 src/billing.h  …     column 2: 24 function, 18 enumerator, 18 macro, …
//   billing_init     function     14 src/billing.c  …
//   dangling blob 3f9a…                                   column 2: 49 blob, 10 commit, 2 link
//
// A row opens at the margin with the item it names (leads.ts counts lines by that first
// word); the field after it, when it holds one of a few words over most rows, says what
// kind of item the row is (a tag's kind, an object's type, a log line's channel; a word
// further on is as often one of a message's). The column counts when its words
// are few (a name or a number differs from row to row), stand in most lines, and no one
// of them fills nearly all of it (a constant column says nothing; a log's `INFO` is the
// level of every line but a few, which the keyword scan flags). The tally is exact for
// what it names: the rows whose field holds that word.
import { CharCode, isAlpha } from "../../util/chars";
import { gapEnd, unitAt } from "../../util/lines";
import { unitsEqual } from "../../util/scan";
import { StrBuf } from "../../util/strbuf";
import { statesCount } from "./leads";

/** Words the column may hold: more are names, not kinds. */
const MAX_KINDS: i32 = 8;
/** Rows at least for a tally (fewer are counted at a glance). */
const MIN_ROWS: i32 = 16;
/** Words of this length or longer are names, not kinds. */
const MAX_WORD: i32 = 24;

export class ColumnKinds {
  /** The text the lines are read from. */
  text: string = "";
  /** Lines read that hold anything. */
  lines: i32 = 0;
  /** Per kind: the first row's word (start, length) and the rows. */
  private starts: StaticArray<i32> = new StaticArray<i32>(MAX_KINDS);
  private lengths: StaticArray<i32> = new StaticArray<i32>(MAX_KINDS);
  private counts: StaticArray<i32> = new StaticArray<i32>(MAX_KINDS);
  /** The kinds seen; -1 once there are more than MAX_KINDS. */
  private kinds: i32 = 0;
  /**
   * In the Node core, per line read as a row (rowAlike()): 0 not known, 1 tallied nowhere,
   * 2 + the kind its word was tallied as; null unless sized to the lines.
   */
  rows: StaticArray<u8> | null = null;

  /** Line [a, b) of text, without its '\r' and '\n'. */
  line(text: string, a: i32, b: i32): void {
    this.lineAt(text, a, gapEnd(text, a, b), b);
  }

  /**
   * Whether lineAt() reads line [a, b), `t` its first unit after spaces and tabs, further than
   * counting it: a line at the margin while its second fields are few. The others are counted
   * without a call (lines.ts).
   */
  // @ts-ignore: decorator
  @inline readsRow(a: i32, t: i32): bool {
    return t == a && this.kinds >= 0;
  }

  /** Line [a, b) of text, `t` its first unit after spaces and tabs (b when it has none). */
  lineAt(text: string, a: i32, t: i32, b: i32): void {
    if (t >= b) return;
    this.text = text;
    this.lines++;
    // An indented line details the row above it; past MAX_KINDS words no row is tallied.
    if (t != a || this.kinds < 0) return;
    let s = t;
    while (s < b && unitAt(text, s) > CharCode.SPACE) s++;
    while (s < b && unitAt(text, s) <= CharCode.SPACE) s++;
    // The second field is read only while it may be a word: a letter, then letters, '-' and '_',
    // fewer than MAX_WORD.
    let e = s;
    for (; e < b; e++) {
      const c = unitAt(text, e);
      if (c <= CharCode.SPACE) break;
      if (!isAlpha(c) && (e == s || (c != CharCode.MINUS && c != CharCode.UNDERSCORE))) return;
      if (e - s == MAX_WORD - 1) return;
    }
    if (e > s) this.add(text, s, e);
  }

  /**
   * lineAt() of line `lineNo` (1-based) at the margin while its kinds are few (readsRow), alike
   * to line `alike` but for its digits (0 for none, LineVisitor.alike). Where a row's fields
   * end and whether its second is a word read only which units are spaces, letters, '-' and
   * '_', and a word holds no digit: a row alike to one read is tallied as that one's word was.
   */
  rowAlike(text: string, a: i32, b: i32, lineNo: i32, alike: i32): void {
    const rows = this.rows;
    const held = rows !== null && alike > 0 && alike <= rows.length ? <i32>unchecked(rows[alike - 1]) : 0;
    if (held == 0) {
      const kind = this.row(text, a, b);
      if (rows !== null && kind != -2 && lineNo <= rows.length) unchecked((rows[lineNo - 1] = <u8>(kind + 2)));
      return;
    }
    this.text = text;
    this.lines++;
    if (held >= 2) unchecked((this.counts[held - 2] = unchecked(this.counts[held - 2]) + 1));
  }

  /** lineAt() of a row at the margin while its kinds are few: the kind its word is tallied as, -1 for none, -2 for one too many. */
  private row(text: string, a: i32, b: i32): i32 {
    this.text = text;
    this.lines++;
    let s = a;
    while (s < b && unitAt(text, s) > CharCode.SPACE) s++;
    while (s < b && unitAt(text, s) <= CharCode.SPACE) s++;
    let e = s;
    for (; e < b; e++) {
      const c = unitAt(text, e);
      if (c <= CharCode.SPACE) break;
      if (!isAlpha(c) && (e == s || (c != CharCode.MINUS && c != CharCode.UNDERSCORE))) return -1;
      if (e - s == MAX_WORD - 1) return -1;
    }
    return e > s ? this.add(text, s, e) : -1;
  }

  /** The row's second field [s, e), a word shorter than MAX_WORD: tallied. Its kind, -2 for one past MAX_KINDS. */
  private add(text: string, s: i32, e: i32): i32 {
    const n = this.kinds;
    for (let k = 0; k < n; k++) {
      if (unchecked(this.lengths[k]) == e - s && unitsEqual(changetype<usize>(text) + (<usize>unchecked(this.starts[k]) << 1), changetype<usize>(text) + (<usize>s << 1), e - s)) {
        unchecked((this.counts[k] = unchecked(this.counts[k]) + 1));
        return k;
      }
    }
    if (n == MAX_KINDS) {
      this.kinds = -1;
      return -2;
    }
    unchecked((this.starts[n] = s));
    unchecked((this.lengths[n] = e - s));
    unchecked((this.counts[n] = 1));
    this.kinds = n + 1;
    return n;
  }

  /**
   * `column 2: 24 function, 18 enumerator, 18 macro, …`: the column's kinds when its few
   * words stand in three lines in four or more, the commonest first (`shown` of them, each
   * of more than one row), or "": also when the other totals (`stated`) count the commonest
   * kind's rows already, in another way (`140 lines "…: symbolic link to …"`).
   */
  totalsLine(shown: i32, stated: string): string {
    const n = this.kinds;
    let rows = 0;
    let top = 0;
    // Kinds of more than one row: a word seen once is a name or a line of prose.
    let repeated = 0;
    for (let k = 0; k < n; k++) {
      const c = unchecked(this.counts[k]);
      rows += c;
      top = max(top, c);
      if (c > 1) repeated++;
    }
    if (rows < MIN_ROWS || repeated < 2 || rows * 4 < this.lines * 3 || top * 10 >= rows * 9 || statesCount(stated, top)) return "";
    const out = new StrBuf(64).add("column 2: ");
    // Commonest first, the first seen first among equals: a pick of the largest left each time.
    let done = 0;
    const listed = min(shown, repeated);
    for (let p = 0; p < listed; p++) {
      let best = -1;
      for (let k = 0; k < n; k++) {
        if ((done & (1 << k)) == 0 && (best < 0 || unchecked(this.counts[k]) > unchecked(this.counts[best]))) best = k;
      }
      done |= 1 << best;
      if (p > 0) out.add(", ");
      const s = unchecked(this.starts[best]);
      out.addCount(unchecked(this.counts[best])).addChar(CharCode.SPACE).add(this.text.substring(s, s + unchecked(this.lengths[best])));
    }
    return (n > listed ? out.add(", \u2026") : out).toString();
  }
}
