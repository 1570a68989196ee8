// The top rows of a table ranked by a number: a profile sorted by its cost
// ("149,070,763 (31.52%)  catalog.c:main" over "77,521,960 (16.39%)  …", cProfile's rows by
// cumulative time), a report sorted by size. Such a table's first rows are what it was
// printed for, and under a small budget they come before its banner and its legend.
//
// Read line by line on the pass that exists (the command digest's, see
// digest/command/lines.ts), for a command that succeeded: each of a line's first MAX_COLS
// tokens that is a number only ("149,070,763", "0.976", "18.0%") continues its column's run
// while it does not exceed the number above it. A run of consecutive lines at least
// MIN_ROWS long whose numbers fall at least MIN_DROPS times, by steps that differ, is
// ranked: a column of one value repeated ranks nothing, an ascending one (line numbers)
// never runs, and one that counts down by one step ("handle case 240", "… 239") numbers
// its rows rather than measures them. The longest one is offered. Only the first
// MAX_LINES lines are read: a report prints its ranking near its start, under a banner,
// and a long log is not read a second time line by line for one.
//
// A table of no ranked run may still hold a few rows its numbers single out: the objects
// whose size dwarfs the others' in an unsorted size report, the one module that takes
// most of an import-time tree. Per column the TOP_KEPT largest numbers are kept on the
// same pass; one at least STANDOUT times its column's mean stands out, unless it is about
// the sum of the others (a totals row, which the tail shows), or its column leaves most
// lines without a number (bytecode's operands, not a table's). The first column holding
// such rows offers them, largest first, after the column's header: the line just above its
// first number, when that line has a word where the column's numbers stand ("self [us]").
// A row taken out of its table is read through its header.
//
// A ranked run down the whole output of rows that are each a whole number and a name
// (`267\tAda Okafor <…>`, `uniq -c | sort -rn`'s `  12 GET`) counts things per name: what
// its numbers add up to is a total the model would otherwise add (leadingSum). Not when a
// name is a path (`du -a`'s nested sizes add up to nothing) or a row is the others' total.

import { isDigit, isSpaceOrTab } from "../util/chars";
import { findNewline, unitAt } from "../util/lines";

/** A line's leading tokens read as columns. */
const MAX_COLS: i32 = 6;
/** Rows a ranked run holds at least. */
const MIN_ROWS: i32 = 8;
/** Times its numbers fall at least. */
const MIN_DROPS: i32 = 4;
/** Lines read, from the first. */
const MAX_LINES: i32 = 4096;
/** Rows offered, from the top. */
const ROWS_OFFERED: i32 = 12;
/** Largest numbers kept per column. */
const TOP_KEPT: i32 = 3;
/** Times its column's mean a number is at least to stand out. */
const STANDOUT: f64 = 8;
const COLUMN_FIELDS: i32 = 2 + TOP_KEPT * 3;

/** The token s[a, b) (not empty) as a number when it is only digits, thousands commas, one point and a closing "%"; else NaN. */
function numberOf(s: string, a: i32, b: i32): f64 {
  if (unitAt(s, b - 1) == 0x25 && --b == a) return NaN;
  let v: f64 = 0;
  let scale: f64 = 0;
  for (let i = a; i < b; i++) {
    const c = unitAt(s, i);
    if (isDigit(c)) {
      v = v * 10 + <f64>(c - 0x30);
      scale *= 10;
    } else if (c == 0x2e && scale == 0 && i > a) scale = 1;
    else if (c != 0x2c || i == a) return NaN;
  }
  return scale > 0 ? v / scale : v;
}

export class RankedRows {
  /** Per column: the number on the line above (NaN when it had none), and its run's first row start, line, rows and falls. */
  private above: StaticArray<f64> = new StaticArray<f64>(MAX_COLS);
  /** Per column: its run's first fall, until one differs (then -1). */
  private steps: StaticArray<f64> = new StaticArray<f64>(MAX_COLS);
  private runs: StaticArray<i32> = new StaticArray<i32>(MAX_COLS * 4);
  private bestStart: i32 = -1;
  private bestLine: i32 = 0;
  private bestRows: i32 = 0;
  /**
   * Per column, COLUMN_FIELDS numbers: the sum and count of its numbers, then its TOP_KEPT
   * largest, largest first, each with its row's start and line.
   */
  private tops: StaticArray<f64> = new StaticArray<f64>(MAX_COLS * COLUMN_FIELDS);
  /** Lines read: a column's numbers stand out only where at least half of them hold one. */
  private lines: i32 = 0;
  /** Per column: the start of the line above its first number when that line holds a word there (else -1), and its line, negated once the number is read. */
  private heads: StaticArray<i32> = new StaticArray<i32>(MAX_COLS * 2);
  /** Whether every line read is a whole number, then tokens with no number or '/' (leadingSum). */
  private counts: bool = true;

  constructor() {
    for (let c = 0; c < MAX_COLS; c++) {
      unchecked((this.above[c] = NaN));
      unchecked((this.heads[c * 2] = -1));
    }
  }

  /** Line `line` (1-based) [a, b) of s; `t` its first unit after spaces and tabs, `digits` 0 when it holds no digit. */
  line(s: string, a: i32, t: i32, b: i32, line: i32, digits: i32): void {
    if (line > MAX_LINES) {
      this.counts = false;
      return;
    }
    this.lines = line;
    let p = digits == 0 ? b : t;
    for (let c = 0; c < MAX_COLS; c++) {
      let e = p;
      let slash = false;
      for (; e < b && !isSpaceOrTab(unitAt(s, e)); e++) if (unitAt(s, e) == 0x2f) slash = true;
      const v = p < b ? numberOf(s, p, e) : NaN;
      // A count opens the line, a name (no number, no path) follows.
      if (c == 0 ? v != Math.floor(v) : slash || v == v) this.counts = false;
      const prev = unchecked(this.above[c]);
      if (v > 0) this.largest(c, v, a, line);
      // Until the column's first number, the last line with a word in it (or a line of words
      // only, not read by column) is its header.
      const h = c * 2;
      if (unchecked(this.heads[h + 1]) >= 0) {
        if (v == v) unchecked((this.heads[h + 1] = unchecked(this.heads[h]) >= 0 ? -unchecked(this.heads[h + 1]) : -1));
        else if (p < b || (digits == 0 && t < b)) {
          unchecked((this.heads[h] = a));
          unchecked((this.heads[h + 1] = line));
        } else unchecked((this.heads[h] = -1));
      }
      const r = c * 4;
      if (v <= prev) {
        const step = unchecked(this.steps[c]);
        if (unchecked((this.runs[r + 2] += 1)) == 2) unchecked((this.steps[c] = prev - v));
        else if (step != prev - v) unchecked((this.steps[c] = -1));
        if (v < prev) unchecked((this.runs[r + 3] += 1));
      } else {
        this.close(c);
        unchecked((this.runs[r] = a));
        unchecked((this.runs[r + 1] = line));
        unchecked((this.runs[r + 2] = 1));
        unchecked((this.runs[r + 3] = 0));
      }
      unchecked((this.above[c] = v));
      p = e;
      while (p < b && isSpaceOrTab(unitAt(s, p))) p++;
    }
  }

  /** Keeps `v` of row `a` (line `line`) among column c's largest. */
  private largest(c: i32, v: f64, a: i32, line: i32): void {
    const tops = changetype<usize>(this.tops) + <usize>(c * COLUMN_FIELDS << 3);
    store<f64>(tops, load<f64>(tops) + v);
    store<f64>(tops, load<f64>(tops, 8) + 1, 8);
    let at = tops + 16;
    const last = at + <usize>((TOP_KEPT - 1) * 24);
    while (at <= last && load<f64>(at) >= v) at += 24;
    if (at > last) return;
    memory.copy(at + 24, at, last - at);
    store<f64>(at, v);
    store<f64>(at, <f64>a, 8);
    store<f64>(at, <f64>line, 16);
  }

  /** Whether the k-th largest number kept of column c stands out. */
  private standsOut(c: i32, k: i32): bool {
    const tops = changetype<usize>(this.tops) + <usize>(c * COLUMN_FIELDS << 3);
    const v = load<f64>(tops + <usize>(16 + k * 24));
    const sum = load<f64>(tops);
    const n = load<f64>(tops, 8);
    return n >= MIN_ROWS && n * 2 >= this.lines && v * n >= STANDOUT * sum && Math.abs(v * 2 - sum) * 64 > sum;
  }

  /**
   * The sum of the first column when every line is a whole number and a name, ranked from the
   * first line to the last (this file's opening note), else 0.
   */
  leadingSum(): i32 {
    this.close(0);
    const sum = load<f64>(changetype<usize>(this.tops));
    // The ranked run is the first column's (no other holds a number), from the first line to
    // the last, with no totals row on top.
    return this.counts && this.bestLine == 1 && this.bestRows == this.lines && load<f64>(changetype<usize>(this.tops), 16) * 2 != sum && sum <= <f64>i32.MAX_VALUE ? <i32>sum : 0;
  }

  private close(c: i32): void {
    const r = c * 4;
    if (unchecked(this.steps[c]) >= 0) return;
    const rows = unchecked(this.runs[r + 2]);
    if (rows < MIN_ROWS || unchecked(this.runs[r + 3]) < MIN_DROPS || rows <= this.bestRows) return;
    this.bestRows = rows;
    this.bestStart = unchecked(this.runs[r]);
    this.bestLine = unchecked(this.runs[r + 1]);
  }

  /**
   * The first rows of the longest ranked run (else the rows that stand out) as (start, 1-based
   * line) pairs, top first; closes the runs still open. Without `runs` a ranked run offers
   * nothing (a larger budget's head shows its top rows where they are printed), but the rows
   * that stand out still do, but for those in the first `head` or the last `tail` units: the
   * head and tail show them, and an offer there takes their room.
   */
  rows(s: string, runs: bool = true, head: i32 = 0, tail: i32 = 0): i32[] {
    for (let c = 0; c < MAX_COLS; c++) this.close(c);
    const out = new Array<i32>();
    // No ranked run: the first column whose largest numbers stand out offers them.
    for (let c = 0; this.bestStart < 0 && out.length == 0 && c < MAX_COLS; c++) {
      for (let k = 0; k < TOP_KEPT; k++) {
        if (!this.standsOut(c, k)) continue;
        const at = changetype<usize>(this.tops) + <usize>(c * COLUMN_FIELDS + 2 + k * 3 << 3);
        const start = <i32>load<f64>(at, 8);
        if (start < head || start >= s.length - tail) continue;
        // The column header names the rows, so it comes with the first one offered (never
        // alone) unless the head already prints it.
        const header = unchecked(this.heads[c * 2]);
        if (out.length == 0 && header >= head) {
          out.push(header);
          out.push(-unchecked(this.heads[c * 2 + 1]));
        }
        out.push(start);
        out.push(<i32>load<f64>(at, 16));
      }
    }
    let start = this.bestStart;
    for (let k = 0; runs && start >= 0 && k < min(this.bestRows, ROWS_OFFERED); k++) {
      out.push(start);
      out.push(this.bestLine + k);
      start = findNewline(s, start, s.length) + 1;
    }
    return out;
  }
}
