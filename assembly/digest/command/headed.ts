// Rows of a table under a header line without a rule (ss, ps, df, docker ps, kubectl
// get, lsblk, top's task list), counted like the rows under a rule (records.ts):
//
//   State  Recv-Q Send-Q Local Address:Port  …      header: capitalized words, no digits
//   LISTEN 0      16        10.77.10.1:8443  …      rows: columns under the header's
//   LISTEN 0      16        10.77.11.1:5432  …      (a value starts or ends where its
//                                                  header word does)
//
// Every row must line up with the header, so a capitalized sentence over a log is no
// table; the rows run to a blank line, a rule, or a line that does not line up. A header
// of two lines (readelf -S) has rows of two lines, counted once.
import { CharCode, isDigit, isSpaceOrTab } from "../../util/chars";
import { gapEnd, spacesEnd, tokenEnd, unitAt } from "../../util/lines";
import { sliceInts } from "../../util/int-slice";

/** Words of a header, at least and at most. */
const MIN_COLUMNS: i32 = 3;
const MAX_COLUMNS: i32 = 24;
/** Longest header word. */
const MAX_WORD: i32 = 32;
/** Share (percent) of the header's words that must open with a capital (`Mounted on`, `Address:Port`). */
const CAPITAL_PERCENT: i32 = 75;
/** Share (percent) of the header's columns after the first that the first row must line up with. */
const ALIGNED_PERCENT: i32 = 50;

/** Rows under a header in lower case at least for a count (see headerCase). */
const MIN_LOWER_ROWS: i32 = 5;

/**
 * A header's words mostly open with a capital (`PID USER`, `%CPU`), or every one with a
 * lower-case letter (`ncalls tottime percall filename:lineno(function)`): a header is
 * written in one case. Words in lower case are a detail's fields as often (`valid_lft
 * forever preferred_lft forever` over the next address), so such a header takes a table
 * of MIN_LOWER_ROWS rows to count.
 */
function headerCase(capitals: i32, lowers: i32, words: i32): bool {
  return capitals * 100 >= words * CAPITAL_PERCENT || lowers == words;
}

/** Words of line [a, b): their starts and ends (as columns from a), up to `cap`. */
function wordsOf(s: string, a: i32, b: i32, starts: i32[], ends: i32[], cap: i32): i32 {
  starts.length = 0;
  ends.length = 0;
  let i = a;
  while (i < b) {
    i = gapEnd(s, i, b);
    if (i >= b) break;
    if (starts.length == cap) return cap + 1;
    starts.push(i - a);
    i = tokenEnd(s, i, b);
    ends.push(i - a);
  }
  return starts.length;
}

/** The words of line [a, b) (columns in starts/ends) make a header: see above. */
function isHeader(s: string, a: i32, starts: i32[], ends: i32[]): bool {
  const n = starts.length;
  if (n < MIN_COLUMNS || n > MAX_COLUMNS) return false;
  let capitals = 0;
  let lowers = 0;
  for (let k = 0; k < n; k++) {
    const from = a + unchecked(starts[k]);
    const to = a + unchecked(ends[k]);
    if (to - from > MAX_WORD) return false;
    for (let i = from; i < to; i++) if (isDigit(unitAt(s, i))) return false;
    const c = unitAt(s, from);
    if ((c >= 0x41 && c <= 0x5a) || c == 0x25 || c == CharCode.HASH) capitals++;
    else if (c >= 0x61 && c <= 0x7a) lowers++;
  }
  const last = unitAt(s, a + unchecked(ends[n - 1]) - 1);
  if (last == CharCode.DOT || last == CharCode.COLON || last == CharCode.COMMA) return false;
  return headerCase(capitals, lowers, n);
}

/**
 * What isHeader asks of line [a, b) that one pass can tell without collecting its words: no
 * digit, 3 to 24 words, most opening with a capital, no '.', ':' or ',' at the end. Most lines
 * of a log fail at their first digit; only the rest have their words collected.
 */
function mayBeHeader(s: string, a: i32, b: i32): bool {
  let words = 0;
  let capitals = 0;
  let lowers = 0;
  let last = 0;
  let inWord = false;
  for (let i = a; i < b; i++) {
    const c = unitAt(s, i);
    if (c == CharCode.SPACE) {
      // Runs of spaces (column padding) at once.
      i = spacesEnd(s, i, b) - 1;
      inWord = false;
      continue;
    }
    if (c == CharCode.TAB) {
      inWord = false;
      continue;
    }
    if (isDigit(c)) return false;
    if (!inWord) {
      inWord = true;
      if (++words > MAX_COLUMNS) return false;
      if ((c >= 0x41 && c <= 0x5a) || c == 0x25 || c == CharCode.HASH) capitals++;
      else if (c >= 0x61 && c <= 0x7a) lowers++;
    }
    last = c;
  }
  if (words < MIN_COLUMNS) return false;
  if (last == CharCode.DOT || last == CharCode.COLON || last == CharCode.COMMA) return false;
  return headerCase(capitals, lowers, words);
}

/** Where a table's rows are (lines counted from 0) and its header's words (or a rule's runs): read by names.ts. */
export class HeadedSpan {
  constructor(public firstLine: i32, public lastLine: i32, public twoLine: bool, public headerAt: i32, public starts: i32[], public ends: i32[]) {}
}

/** No words: a header's second line before one is read. Never written to (a header's words are replaced, not changed). */
const NO_WORDS: i32[] = [];

export class HeadedTables {
  /** Rows of each table read. */
  tables: i32[] = [];
  /** Set by a reader that wants each table's span (names.ts): the 0-based line of the line read next. */
  at: i32 = -1;
  /** The spans of the tables read, when `at` is kept. */
  spans: HeadedSpan[] = [];
  private headerAt: i32 = 0;
  private firstLine: i32 = 0;
  private lastLine: i32 = 0;
  /** The header's words; a second header line (readelf's two-line rows) in the second pair. */
  private headStarts: i32[] = NO_WORDS;
  private headEnds: i32[] = NO_WORDS;
  private head2Starts: i32[] = NO_WORDS;
  private head2Ends: i32[] = NO_WORDS;
  private starts: i32[] = [];
  private ends: i32[] = [];
  /** A header was the last line read: the next one may be its first row (or its second line). */
  private pending: bool = false;
  /** Lines of the table being read; -1 outside one. */
  private rows: i32 = -1;
  /** Values a row has at least. */
  private minValues: i32 = 0;
  /** A line that does not line up, held until the next shows whether the table goes on. */
  private held: i32 = 0;
  /** Rows the table has at least for a count. */
  private minRows: i32 = 2;

  /**
   * Whether line() would rule out at once a line that is neither blank nor a rule (its
   * `digits` and `tokens` as line() takes them): told without a call, for most lines.
   */
  // @ts-ignore: decorator
  @inline
  skips(digits: i32, tokens: i32): bool {
    return this.rows < 0 && !this.pending && (digits == 1 || (tokens >= 0 && (tokens < MIN_COLUMNS || tokens > MAX_COLUMNS)));
  }

  /**
   * Line [a, b) of text; `blank` and `rule` as records.ts judged it; `digits` 1 when it
   * holds a digit, 0 when it holds none, and `tokens` its runs of units other than spaces
   * and tabs, both -1 when not known.
   */
  line(text: string, a: i32, b: i32, blank: bool, rule: bool, digits: i32, tokens: i32): void {
    // Outside a table only a header matters (no digit, MIN_COLUMNS to MAX_COLUMNS words:
    // the line's tokens): most lines are ruled out without their words.
    // The size-optimised build (the component's) leaves the quick test out: isHeader below
    // asks all it asks, of the words collected.
    if (this.rows < 0 && !this.pending && (blank || rule || digits == 1 || (tokens >= 0 && (tokens < MIN_COLUMNS || tokens > MAX_COLUMNS)) || (ASC_SHRINK_LEVEL < 2 && !mayBeHeader(text, a, b)))) return;
    const n = blank ? 0 : wordsOf(text, a, b, this.starts, this.ends, MAX_COLUMNS * 4);
    if (this.rows >= 0) {
      if (!rule && n >= this.minValues) {
        if (this.isRow()) {
          this.rows += 1 + this.held;
          this.held = 0;
          this.lastLine = this.at;
          return;
        }
        // A value wider than its column pushes the rest of its row aside (`60368/60335`):
        // one such row is held, and is a row when the next one lines up again.
        if (this.held == 0) {
          this.held = 1;
          return;
        }
      }
      this.close();
    }
    if (this.pending) {
      this.pending = false;
      if (!rule && n >= this.minValues && this.head2Starts.length == 0 && n <= MAX_COLUMNS && isHeader(text, a, this.starts, this.ends)) {
        // A header's second line: each row takes two lines.
        this.head2Starts = sliceInts(this.starts, 0, this.starts.length);
        this.head2Ends = sliceInts(this.ends, 0, this.ends.length);
        this.pending = true;
        return;
      }
      if (!rule && n >= this.minValues && this.isRow()) {
        this.rows = 1;
        this.firstLine = this.at;
        this.lastLine = this.at;
        return;
      }
    }
    if (blank || rule || n < MIN_COLUMNS || n > MAX_COLUMNS) return;
    if (!isHeader(text, a, this.starts, this.ends)) return;
    this.headStarts = sliceInts(this.starts, 0, this.starts.length);
    this.headEnds = sliceInts(this.ends, 0, this.ends.length);
    this.headerAt = a;
    this.head2Starts = NO_WORDS;
    this.head2Ends = NO_WORDS;
    this.minValues = max(2, n / 2);
    const first = unitAt(text, a + unchecked(this.starts[0]));
    this.minRows = first >= 0x61 && first <= 0x7a ? MIN_LOWER_ROWS : 2;
    this.pending = true;
  }

  finish(): HeadedTables {
    this.close();
    this.pending = false;
    return this;
  }

  private close(): void {
    // A two-line header's rows take two lines each.
    const rows = this.head2Starts.length > 0 ? this.rows / 2 : this.rows;
    if (rows >= this.minRows) {
      this.tables.push(rows);
      if (this.at >= 0) this.spans.push(new HeadedSpan(this.firstLine, this.lastLine, this.head2Starts.length > 0, this.headerAt, this.headStarts, this.headEnds));
    }
    this.rows = -1;
    this.held = 0;
  }

  /** The line just read lines up with the header (or with its second line). */
  private isRow(): bool {
    return this.linesUp(this.headStarts, this.headEnds) || (this.head2Starts.length > 0 && this.linesUp(this.head2Starts, this.head2Ends));
  }

  /** The line just read has a value starting or ending under most of the header's words after the first. */
  private linesUp(headStarts: i32[], headEnds: i32[]): bool {
    const columns = headStarts.length - 1;
    let aligned = 0;
    for (let k = 1; k <= columns; k++) {
      const hs = unchecked(headStarts[k]);
      const he = unchecked(headEnds[k]);
      for (let j = 0; j < this.starts.length; j++) {
        if (unchecked(this.starts[j]) == hs || unchecked(this.ends[j]) == he) {
          aligned++;
          break;
        }
      }
    }
    return aligned >= 2 && aligned * 100 >= columns * ALIGNED_PERCENT;
  }
}
