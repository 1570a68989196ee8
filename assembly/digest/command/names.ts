// The names of a cut table's rows. A model reading a table (installed packages, a
// binary's sections, listening sockets) mostly asks whether one row is there; once the
// cut drops the middle rows it cannot tell. So the key column of every row the cut
// leaves out is listed under the status line, in the output's order:
//
//   Name of the 35 rows not shown: .interp, .note.ABI-tag, .gnu.hash, …
//
// A table is a header over a rule (`---- ----`, table-rules.ts) or a header whose words
// its rows line up with (headed.ts; a two-line header has rows of two lines, the first
// holding the key). The key column is found from the rows: the first column whose values
// are mostly there, mostly distinct and mostly more than a number (a name, an address),
// its value the token under the column's header word (or rule run). Tables named by
// columns of one name are told apart by their lines ("Name (lines 6–83) of the …").
// The key column's value runs to the line's end when it is the last column and short
// (`127.0.0.1:18601 (LISTEN)`). A table whose names do not fit the room given is not
// listed: a few names of many say nothing, and a failed command cut to a few lines keeps
// them for its failure. Nor are names listed when they push out a row unlike the rest (a
// word under a column of numbers: a socket's `TCP` among inodes) that the cut shows
// without them: such a row is what a reader of the table looks for. The count is of the
// rows named ("of the 38 named rows not shown" when a row left out has no name).
import { CharCode, isAlpha, isDigit, isHexDigit, isSpaceOrTab } from "../../util/chars";
import { findNewline, gapEnd, tokenEnd, unitAt } from "../../util/lines";
import { StrBuf } from "../../util/strbuf";
import { isBlank, isParenthesized, isRule } from "../../important/table-rules";
import { Cut } from "../../cut";
import { HeadedSpan, HeadedTables } from "./headed";
import { StringIndex } from "../../util/string-index";
import { KeepResult, keepWithScan, nearFit } from "../../important";
import { Scan } from "../../important/scan";
import { rankedUnits } from "../../important/ranked-units";
import { Shapes } from "../../important/shapes";

/** Rows a table has at least to be listed: fewer are seen at a glance. */
const MIN_ROWS: i32 = 6;
/** How many times the room a table's full list may take and still be offered the room (its shown rows left out). */
const MAX_OVER: i32 = 3;
/** Rows read to choose the key column. */
const SAMPLED_ROWS: i32 = 64;
/** Share (percent) of the sampled rows that must have a value in the key column. */
const PRESENT_PERCENT: i32 = 60;
/** Share (percent) of the values that must be distinct, and more than a number. */
const DISTINCT_PERCENT: i32 = 80;
const NAMED_PERCENT: i32 = 80;
/** Longest name listed (a longer value is no key). */
const MAX_NAME: i32 = 64;
/** Columns of a header read, at most. */
const MAX_COLUMNS: i32 = 24;

/** One table's rows: the key of each and the lines they start on. */
export class NamedTable {
  label: string = "";
  names: string[] = [];
  /** 1-based line the first row starts on; each next row starts `step` lines on. */
  firstLine: i32 = 0;
  step: i32 = 1;
  /** 1-based line the last row ends on. */
  lastLine: i32 = 0;
  /** Units of the full list's line. */
  units: i32 = 0;
}


/** Lines each row of table `f` takes: a two-line header's rows start after its second line, each taking two. */
function stepOf(f: HeadedSpan): i32 {
  return f.twoLine ? 2 : 1;
}

/** A hex digit or a '.' (the units of a number, an address in hex, a version `2.6.1`). */
function isNumberUnit(c: i32): bool {
  return isHexDigit(c) || c == CharCode.DOT;
}

function isLetterOrDigit(c: i32): bool {
  return isDigit(c) || isAlpha(c) || c > 0x7f;
}

/** `s` is a number (`12`, `[ 3]`, `0x1f`, `2.6.1`, `0000000000004038`): no name. */
function isNumberLike(s: string): bool {
  let a = 0;
  let b = s.length;
  while (a < b && !isLetterOrDigit(unitAt(s, a))) a++;
  while (b > a && !isLetterOrDigit(unitAt(s, b - 1))) b--;
  if (a >= b) return true;
  let digit = false;
  for (let i = a; i < b; i++) {
    const c = unitAt(s, i);
    if (!isNumberUnit(c)) return false;
    if (isDigit(c)) digit = true;
  }
  return digit;
}

/**
 * The start of the token of line [a, b) under columns [from, to): the one that starts or
 * ends with them (a value aligned left or right under its header word), else the first
 * that overlaps them; -1 when none.
 */
function tokenUnder(s: string, a: i32, b: i32, from: i32, to: i32): i32 {
  let i = a;
  let overlapping = -1;
  while (i < b) {
    i = gapEnd(s, i, b);
    if (i >= b) break;
    const e = tokenEnd(s, i, b);
    if (i - a >= to) break;
    if (i - a == from || e - a == to) return i;
    if (overlapping < 0 && e - a > from) overlapping = i;
    i = e;
  }
  return overlapping;
}

/**
 * The token of line [a, b) under columns [from, to) (tokenUnder()), or for the `last`
 * column the rest of the line when a name's length (`127.0.0.1:18601 (LISTEN)`); ""
 * when none or longer than MAX_NAME (no key).
 */
function valueUnder(s: string, a: i32, b: i32, from: i32, to: i32, last: bool): string {
  const t = tokenUnder(s, a, b, from, to);
  if (t < 0) return "";
  let e = tokenEnd(s, t, b);
  if (last) {
    while (isSpaceOrTab(unitAt(s, b - 1))) b--;
    if (b - t <= MAX_NAME) e = b;
  }
  return e - t <= MAX_NAME ? s.substring(t, e) : "";
}

/** Column spans of a rule line [a, b): its runs of two or more fill units. */
function ruleRuns(s: string, a: i32, b: i32, starts: i32[], ends: i32[]): void {
  let i = a;
  while (i < b && starts.length < MAX_COLUMNS) {
    const c = unitAt(s, i);
    if (c == CharCode.MINUS || c == 0x3d || c == 0x2500 || c == 0x2501 || c == 0x2550) {
      let j = i;
      while (j < b && unitAt(s, j) == c) j++;
      if (j - i >= 2) {
        starts.push(i - a);
        ends.push(j - a);
      }
      i = j;
    } else i++;
  }
}

/** The names of the rows of every table of a cut output, and the room their lines take. */
export class TableNames {
  tables: NamedTable[] = [];
  /** Units the listed tables' full lines take, newlines counted. */
  reserve: i32 = 0;
  /** 1-based lines of the rows unlike the rest: a word under a column of numbers (a socket's `TCP` among inodes, not a version's `2.9.0.post0`). */
  unlike: i32[] = [];
  /** The lines keepWithNames() chose: the names of the rows its cut leaves out. */
  listed: string = "";

  /**
   * The lines that name the rows `cut` leaves out; "" when the cut shows every row, null
   * when they take more than `limit` units.
   */
  linesFor(cut: Cut | null, limit: i32): string | null {
    if (cut === null) return "";
    const kept = keptRanges(cut);
    const out = new StrBuf(this.reserve);
    for (let t = 0; t < this.tables.length; t++) {
      const table = unchecked(this.tables[t]);
      // The rows left out are counted as their names are listed, the list written after the count.
      const list = new StrBuf(table.units);
      let hidden = 0;
      let named = 0;
      for (let r = 0; r < table.names.length; r++) {
        if (isKept(kept, table.firstLine + r * table.step)) continue;
        hidden++;
        const name = unchecked(table.names[r]);
        if (name.length == 0) continue;
        named++;
        if (list.length > 0) list.add(", ");
        list.add(name);
      }
      if (named == 0) continue;
      if (out.length > 0) out.addChar(0x0a);
      out.add(table.label);
      // Tables named alike (readelf's sections and symbols) are told apart by their lines.
      if (this.tables.length > 1) out.addLabelCount(" (lines ", table.firstLine).add("\u2013").addCount(table.lastLine).addChar(0x29);
      const all = named == table.names.length;
      // Rows without a name are not counted: the count is the list's.
      out.addLabelCount(all ? ", all " : " of the ", named).add(named < hidden ? " named" : "").add(all ? " rows: " : named == 1 ? " row not shown: " : " rows not shown: ");
      out.add(list.toString());
    }
    return out.length <= limit ? out.toString() : null;
  }
}

/** The 1-based lines of a cut's kept ranges: the first and the last of each in turn, each counted once. */
function keptRanges(cut: Cut): i32[] {
  const ranges: i32[] = [];
  for (let k = 0; k < cut.count; k++) {
    ranges.push(unchecked(cut.firstLines[k]));
    ranges.push(cut.lastLine(k));
  }
  return ranges;
}

/** A line of `lines` (1-based) that cut `wide` keeps (a null cut keeps all) and `narrow` does not. */
function pushesOut(narrow: Cut | null, wide: Cut | null, lines: i32[]): bool {
  if (narrow === null) return false;
  if (wide === null) return true;
  const n = keptRanges(narrow);
  const w = keptRanges(wide);
  for (let i = 0; i < lines.length; i++) {
    const l = unchecked(lines[i]);
    if (!isKept(n, l) && isKept(w, l)) return true;
  }
  return false;
}

/** 1-based line `line` falls in one of the kept ranges (keptRanges()). */
function isKept(ranges: i32[], line: i32): bool {
  for (let k = 0; k < ranges.length; k += 2) {
    if (line < unchecked(ranges[k])) return false;
    if (line <= unchecked(ranges[k + 1])) return true;
  }
  return false;
}

/**
 * The tables of `text` with at least MIN_ROWS rows and a key column, in order, as many
 * as their full lines fit `room` (units); null when none. One pass over the lines:
 * called only for an output that is cut and holds a table (records.ts counted one).
 */
export function tableNamesOf(text: string, room: i32): TableNames | null {
  if (room < 32) return null;
  const starts: i32[] = [];
  const ends: i32[] = [];
  const tables = findTables(text, starts, ends);
  if (tables.length == 0) return null;
  const names = new TableNames();
  for (let t = 0; t < tables.length; t++) {
    const f = unchecked(tables[t]);
    const rows = (f.lastLine - f.firstLine) / stepOf(f) + 1;
    // Each name takes 3 units at least ("x, "): a table that cannot fit is not read.
    if (rows < MIN_ROWS || names.reserve + rows * 3 > room * MAX_OVER) continue;
    const table = namedTable(text, starts, ends, f, room * MAX_OVER, names.unlike);
    if (table === null) continue;
    if (names.reserve + table.units + 1 <= room) {
      names.tables.push(table);
      names.reserve += table.units + 1;
    } else if (names.tables.length == 0 && hiddenFit(table, f, starts, ends, room)) {
      // Too long in full, it may fit once the rows the cut shows are left out: the whole
      // room is offered, and taken back when it does not (see keepWithNames).
      names.tables.push(table);
      names.reserve = room;
      break;
    }
  }
  return names.tables.length > 0 ? names : null;
}

/**
 * The names of the rows a cut leaves out may fit `room` (the names' share), by the rows
 * the rest of the room would show as printed: else the room is not offered, nor the
 * cut tried twice.
 */
function hiddenFit(table: NamedTable, f: HeadedSpan, starts: i32[], ends: i32[], room: i32): bool {
  const rows = table.names.length;
  const units = unchecked(ends[f.lastLine]) - unchecked(starts[f.firstLine]);
  const body = <i32>((<i64>room * (100 - NAMES_SHARE)) / NAMES_SHARE);
  const shown = min(rows, <i32>((<i64>body * rows) / max(units, 1)));
  return <i64>(rows - shown) * table.units <= <i64>room * rows;
}

/**
 * Every line once: the ruled tables (here) and the headed ones (headed.ts), by their rows'
 * lines; each line's start and end (without its '\r') to `lineStarts` and `lineEnds`.
 */
function findTables(text: string, lineStarts: i32[], lineEnds: i32[]): HeadedSpan[] {
  const tables: HeadedSpan[] = [];
  const headed = new HeadedTables();
  const n = text.length;
  let pos = 0;
  let line = 0;
  let prevA = -1;
  let prevRule = false;
  let prevBlank = true;
  let ruled: HeadedSpan | null = null;
  while (pos <= n) {
    const end = findNewline(text, pos, n);
    const a = pos;
    let b = end;
    if (b > a && unitAt(text, b - 1) == CharCode.CR) b--;
    lineStarts.push(a);
    lineEnds.push(b);
    const blank = isBlank(text, a, b);
    const rule = !blank && isRule(text, a, b);
    if (ruled !== null) {
      // A ruled table's rows run to a blank line, a rule, a line in parentheses or the end.
      const stop = blank || rule || isParenthesized(text, a, b);
      if (!stop) ruled.lastLine = line;
      if (stop || end == n) {
        if (ruled.lastLine >= ruled.firstLine) tables.push(ruled);
        ruled = null;
      }
    }
    if (ruled === null && rule && prevA >= 0 && !prevBlank && !prevRule) {
      const starts: i32[] = [];
      const ends: i32[] = [];
      ruleRuns(text, a, b, starts, ends);
      if (starts.length > 0) ruled = new HeadedSpan(line + 1, line, false, prevA, starts, ends);
    }
    headed.at = line;
    headed.line(text, a, b, blank, rule, -1, -1);
    prevA = a;
    prevRule = rule;
    prevBlank = blank;
    line++;
    pos = end + 1;
  }
  const spans = headed.finish().spans;
  for (let k = 0; k < spans.length; k++) {
    const t = unchecked(spans[k]);
    // In the output's order, among the ruled ones (a table both ways is counted once).
    let at = 0;
    let overlaps = false;
    for (let j = 0; j < tables.length; j++) {
      const o = unchecked(tables[j]);
      if (t.firstLine <= o.lastLine && o.firstLine <= t.lastLine) overlaps = true;
      if (o.firstLine < t.firstLine) at = j + 1;
    }
    if (overlaps) continue;
    tables.push(t);
    for (let j = tables.length - 1; j > at; j--) unchecked((tables[j] = tables[j - 1]));
    unchecked((tables[at] = t));
  }
  return tables;
}

/**
 * The key column's value on every row of table `f`, the lines of its rows unlike the rest
 * to `unlike`; null when no column is a key or the list takes more than `cap` units.
 */
function namedTable(text: string, starts: i32[], ends: i32[], f: HeadedSpan, cap: i32, unlike: i32[]): NamedTable | null {
  const columns = min(f.starts.length, MAX_COLUMNS);
  const step = stepOf(f);
  // The key is the column that most rows fill of those that qualify, the first of equals.
  let key = -1;
  let keyPresent = 0;
  // Columns of numbers (fewer than a quarter of their values more than a number): a word in one marks a row unlike the rest.
  let numeric = 0;
  for (let c = 0; c < columns; c++) {
    const from = unchecked(f.starts[c]);
    const to = unchecked(f.ends[c]);
    let sampled = 0;
    let present = 0;
    let named = 0;
    const seen = new StringIndex();
    for (let l = f.firstLine; l <= f.lastLine && sampled < SAMPLED_ROWS; l += step) {
      sampled++;
      const value = valueUnder(text, unchecked(starts[l]), unchecked(ends[l]), from, to, false);
      if (value.length == 0) continue;
      present++;
      if (!isNumberLike(value)) named++;
      seen.set(value, 0);
    }
    const distinct = seen.size;
    if (present * 100 < sampled * PRESENT_PERCENT) continue;
    if (named * 4 < present) numeric |= 1 << c;
    if (distinct * 100 < present * DISTINCT_PERCENT || named * 100 < present * NAMED_PERCENT || present <= keyPresent) continue;
    key = c;
    keyPresent = present;
  }
  if (key < 0) return null;
  const table = new NamedTable();
  const from = unchecked(f.starts[key]);
  const to = unchecked(f.ends[key]);
  // The header word over the key column says what the names are; a rule's run names none.
  const ha = f.headerAt;
  const hb = findNewline(text, ha, text.length);
  const h = tokenUnder(text, ha, hb, from, to);
  table.label = h >= 0 ? text.substring(h, tokenEnd(text, h, hb)) : "names";
  // The label and its count, and the lines of the table when there are several (" (lines 1,234–5,678)").
  let units = table.label.length + 48;
  table.firstLine = f.firstLine + 1;
  table.step = step;
  for (let l = f.firstLine; l <= f.lastLine; l += step) {
    const a = unchecked(starts[l]);
    const b = unchecked(ends[l]);
    const name = valueUnder(text, a, b, from, to, key == f.starts.length - 1);
    table.names.push(name);
    for (let c = 0; c < columns; c++) {
      const t = (numeric >> c) & 1 ? tokenUnder(text, a, b, unchecked(f.starts[c]), unchecked(f.ends[c])) : -1;
      if (t >= 0 && isAlpha(unitAt(text, t))) {
        unlike.push(l + 1);
        break;
      }
    }
    if (name.length > 0) units += name.length + 2;
    // A list past what may be offered is not read to its end.
    if (units > cap) return null;
  }
  table.units = units;
  table.lastLine = f.lastLine + 1;
  return table;
}

/** What a cut's marker takes, at most, besides its hint. */
const OUTCOME_FRAMING: i32 = 72;
/** Share (percent) of the room a cut's table names may take. */
const NAMES_SHARE: i32 = 70;

/**
 * `text` when a table of `tables` (rows each, as records.ts counted them in it) has rows
 * enough to be named and few enough for their names to be offered a share of `budget`,
 * else "": a long table is not read again for names that cannot fit.
 */
export function withTable(text: string, tables: i32[], budget: i32): string {
  const most = (budget / 100) * NAMES_SHARE * MAX_OVER;
  for (let k = 0; k < tables.length; k++) {
    const rows = unchecked(tables[k]);
    if (rows >= MIN_ROWS && rows * 3 <= most) return text;
  }
  return "";
}

/**
 * The names of the rows of `printed` (the output as printed, its rows lined up, when it
 * holds a table; else "") within NAMES_SHARE of `room`, and only in room `errorRoom` (a
 * failure's error lines) leaves; none for `failedSmall`, a failed command under a budget
 * that shows a few lines; null when there are none.
 */
export function tableNamesWithin(printed: string, room: i32, errorRoom: i32, scan: Scan, failedSmall: bool): TableNames | null {
  // A failed command cut to a few lines shows how it failed (its summary rows too): no names.
  if (failedSmall) return null;
  const names = printed.length > 0 ? tableNamesOf(printed, (room * NAMES_SHARE) / 100) : null;
  // The lines that state the outcome (errors, summaries, totals, the exit) and a cut's marker: the names never take their room.
  return names === null || max(errorRoom, OUTCOME_FRAMING + rankedUnits(scan, 2)) > room - names.reserve ? null : names;
}

/** Cuts tried at most to hand the names' unused room back to the rows. */
const MAX_CUTS: i32 = 3;

/**
 * keepWithScan() within `room` (what is left once `names` took its reserve); the names of
 * the rows it leaves out go to `names.listed`. Room the names were given and did not need
 * (the rows the cut shows are not named again) goes to a wider cut, kept when its names
 * still fit beside it; up to MAX_CUTS cuts.
 */
export function keepWithNames(names: TableNames | null, text: string, scan: Scan, room: i32, ratio: f64, hint: string, shapes: Shapes, failed: bool, skeleton: i32[] | null, ranked: i32, layoutBudget: i32 = 0): KeepResult {
  // A second call (the cut made again under the whole status) lists afresh: names listed beside
  // the first cut would not fit beside this one.
  if (names !== null) names.listed = "";
  let kept = keepWithScan(text, scan, room, ratio, hint, shapes, failed, skeleton, ranked, layoutBudget);
  // A text that (nearly) fits gives back the lines it need not leave out; with names, the
  // rows they name are the ones its cut leaves out.
  if (names === null) return nearFit(text, scan, room, ratio, hint, kept, layoutBudget);
  const total = room + names.reserve;
  const first = names.linesFor(kept.cut, names.reserve - 1);
  let listed = first !== null ? first : "";
  let given = room;
  for (let k = 1; k < MAX_CUTS && first !== null; k++) {
    const used = listed.length > 0 ? listed.length + 1 : 0;
    if (total - used <= given) break;
    const wider = keepWithScan(text, scan, total - used, ratio, hint, shapes, failed, skeleton, ranked, layoutBudget);
    const relisted = names.linesFor(wider.cut, listed.length);
    if (relisted === null) break;
    kept = wider;
    listed = relisted;
    given = total - used;
  }
  // Names that do not fit even beside the narrower cut give their room back; so do names
  // that push out a row unlike the rest, which the cut keeps without them and which says
  // more than a name. (A failure's error lines and an outcome's lines take their room
  // before the names are offered any: tableNamesWithin.)
  if (first === null || names.unlike.length > 0) {
    const whole = keepWithScan(text, scan, total, ratio, hint, shapes, failed, skeleton, ranked, layoutBudget);
    if (first === null || pushesOut(kept.cut, whole.cut, names.unlike)) return whole;
  }
  names.listed = listed;
  return kept;
}
