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
// A table whose names do not fit the room given is not listed: a few names of many
// say nothing, and a failed command cut to a few lines keeps them for its failure.
import { CharCode } from "../../util/chars";
import { gapEnd, tokenEnd, unitAt } from "../../util/lines";
import { StrBuf } from "../../util/strbuf";
import { isBlank, isParenthesized, isRule } from "../../important/table-rules";
import { Cut } from "../../cut";
import { HeadedTables } from "./headed";
import { StringIndex } from "../../util/string-index";
import { KeepResult, keepWithScan } from "../../important";
import { Scan } from "../../important/scan";
import { rankOf } from "../../important/kinds";
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

/** One table's rows: the key of each and the 1-based line it starts on. */
export class NamedTable {
  label: string = "";
  names: string[] = [];
  lines: i32[] = [];
  /** 1-based line the last row ends on. */
  lastLine: i32 = 0;
  /** Units of the full list's line. */
  units: i32 = 0;
}

/** A table found by the pass: rows from firstLine to lastLine (0-based), column spans relative to a line's start. */
class FoundTable {
  constructor(public firstLine: i32, public lastLine: i32, public step: i32, public headerAt: i32, public starts: i32[], public ends: i32[]) {}
}

/** A hex digit or a '.' (the units of a number, an address in hex, a version `2.6.1`). */
function isNumberUnit(c: i32): bool {
  return (c >= 0x30 && c <= 0x39) || (c >= 0x61 && c <= 0x66) || (c >= 0x41 && c <= 0x46) || c == CharCode.DOT;
}

function isLetterOrDigit(c: i32): bool {
  return (c >= 0x30 && c <= 0x39) || (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || c > 0x7f;
}

/** Token [a, b) is a number (`12`, `[ 3]`, `0x1f`, `2.6.1`, `0000000000004038`): no name. */
function isNumberLike(s: string, a: i32, b: i32): bool {
  while (a < b && !isLetterOrDigit(unitAt(s, a))) a++;
  while (b > a && !isLetterOrDigit(unitAt(s, b - 1))) b--;
  if (a >= b) return true;
  let digit = false;
  for (let i = a; i < b; i++) {
    const c = unitAt(s, i);
    if (!isNumberUnit(c)) return false;
    if (c >= 0x30 && c <= 0x39) digit = true;
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

  /**
   * The lines that name the rows `cut` leaves out; "" when the cut shows every row, null
   * when they take more than `limit` units.
   */
  linesFor(cut: Cut | null, limit: i32): string | null {
    if (cut === null) return "";
    const kept = new KeptLines(cut);
    const out = new StrBuf(this.reserve);
    for (let t = 0; t < this.tables.length; t++) {
      const table = unchecked(this.tables[t]);
      let hidden = 0;
      for (let r = 0; r < table.names.length; r++) if (!kept.has(unchecked(table.lines[r]))) hidden++;
      if (hidden == 0) continue;
      if (out.length > 0) out.addChar(0x0a);
      out.add(table.label);
      // Tables named alike (readelf's sections and symbols) are told apart by their lines.
      if (this.tables.length > 1) out.addLabelCount(" (lines ", unchecked(table.lines[0])).add("\u2013").addCount(table.lastLine).addChar(0x29);
      if (hidden == table.names.length) out.addLabelCount(", all ", hidden).add(" rows: ");
      else out.addLabelCount(" of the ", hidden).add(hidden == 1 ? " row not shown: " : " rows not shown: ");
      let listed = 0;
      for (let r = 0; r < table.names.length; r++) {
        if (kept.has(unchecked(table.lines[r]))) continue;
        const name = unchecked(table.names[r]);
        if (name.length == 0) continue;
        if (listed++ > 0) out.add(", ");
        out.add(name);
      }
    }
    return out.length <= limit ? out.toString() : null;
  }
}

/** The 1-based lines of a cut's kept ranges, first and last, each counted once. */
class KeptLines {
  firsts: i32[] = [];
  lasts: i32[] = [];
  constructor(cut: Cut) {
    for (let k = 0; k < cut.count; k++) {
      this.firsts.push(unchecked(cut.firstLines[k]));
      this.lasts.push(cut.lastLine(k));
    }
  }

  /** 1-based line `line` falls in one of the kept ranges. */
  has(line: i32): bool {
    for (let k = 0; k < this.firsts.length; k++) {
      if (line < unchecked(this.firsts[k])) return false;
      if (line <= unchecked(this.lasts[k])) return true;
    }
    return false;
  }
}

/**
 * The tables of `text` with at least MIN_ROWS rows and a key column, in order, as many
 * as their full lines fit `room` (units); null when none. One pass over the lines:
 * called only for an output that is cut and holds a table (records.ts counted one).
 */
export function tableNamesOf(text: string, room: i32): TableNames | null {
  if (room < 32) return null;
  const found = findTables(text);
  if (found.tables.length == 0) return null;
  const names = new TableNames();
  for (let t = 0; t < found.tables.length; t++) {
    const f = unchecked(found.tables[t]);
    const rows = (f.lastLine - f.firstLine) / f.step + 1;
    // Each name takes 3 units at least ("x, "): a table that cannot fit is not read.
    if (rows < MIN_ROWS || names.reserve + rows * 3 > room * MAX_OVER) continue;
    const table = namedTable(text, found.lineStarts, found.lineEnds, f, room * MAX_OVER);
    if (table === null) continue;
    if (names.reserve + table.units + 1 <= room) {
      names.tables.push(table);
      names.reserve += table.units + 1;
    } else if (names.tables.length == 0 && hiddenFit(table, f, found, room)) {
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
function hiddenFit(table: NamedTable, f: FoundTable, found: Found, room: i32): bool {
  const rows = table.names.length;
  const units = unchecked(found.lineEnds[f.lastLine]) - unchecked(found.lineStarts[f.firstLine]);
  const body = <i32>((<i64>room * (100 - NAMES_SHARE)) / NAMES_SHARE);
  const shown = min(rows, <i32>((<i64>body * rows) / max(units, 1)));
  return <i64>(rows - shown) * table.units <= <i64>room * rows;
}

class Found {
  tables: FoundTable[] = [];
  lineStarts: i32[] = [];
  lineEnds: i32[] = [];
}

/** Every line once: the ruled tables (here) and the headed ones (headed.ts), by their rows' lines. */
function findTables(text: string): Found {
  const found = new Found();
  const headed = new HeadedTables();
  const n = text.length;
  let pos = 0;
  let line = 0;
  let prevA = -1;
  let prevB = -1;
  let prevRule = false;
  let prevBlank = true;
  let ruled: FoundTable | null = null;
  while (pos <= n) {
    let end = text.indexOf("\n", pos);
    if (end < 0) end = n;
    const a = pos;
    let b = end;
    if (b > a && unitAt(text, b - 1) == CharCode.CR) b--;
    found.lineStarts.push(a);
    found.lineEnds.push(b);
    const blank = isBlank(text, a, b);
    const rule = !blank && isRule(text, a, b);
    if (ruled !== null) {
      if (blank || rule || isParenthesized(text, a, b)) {
        if (ruled.lastLine >= ruled.firstLine) found.tables.push(ruled);
        ruled = null;
      } else ruled.lastLine = line;
    }
    if (ruled === null && rule && prevA >= 0 && !prevBlank && !prevRule) {
      const starts: i32[] = [];
      const ends: i32[] = [];
      ruleRuns(text, a, b, starts, ends);
      if (starts.length > 0) ruled = new FoundTable(line + 1, line, 1, prevA, starts, ends);
    }
    headed.at = line;
    headed.line(text, a, b, blank, rule, -1, -1);
    prevA = a;
    prevB = b;
    prevRule = rule;
    prevBlank = blank;
    line++;
    pos = end + 1;
  }
  if (ruled !== null && ruled.lastLine >= ruled.firstLine) found.tables.push(ruled);
  const spans = headed.finish().spans;
  for (let k = 0; k < spans.length; k++) {
    const h = unchecked(spans[k]);
    // A two-line header's rows start after its second line, each taking two.
    const t = new FoundTable(h.firstLine, h.lastLine, h.twoLine ? 2 : 1, h.headerAt, h.starts, h.ends);
    // In the output's order, among the ruled ones (a table both ways is counted once).
    let at = 0;
    let overlaps = false;
    for (let j = 0; j < found.tables.length; j++) {
      const o = unchecked(found.tables[j]);
      if (t.firstLine <= o.lastLine && o.firstLine <= t.lastLine) overlaps = true;
      if (o.firstLine < t.firstLine) at = j + 1;
    }
    if (overlaps) continue;
    found.tables.push(t);
    for (let j = found.tables.length - 1; j > at; j--) unchecked((found.tables[j] = found.tables[j - 1]));
    unchecked((found.tables[at] = t));
  }
  return found;
}

/** The key column's value on every row of table `f`; null when no column is a key or the list takes more than `cap` units. */
function namedTable(text: string, starts: i32[], ends: i32[], f: FoundTable, cap: i32): NamedTable | null {
  const columns = min(f.starts.length, MAX_COLUMNS);
  // The key is the column that most rows fill of those that qualify, the first of equals.
  let key = -1;
  let keyPresent = 0;
  for (let c = 0; c < columns; c++) {
    const from = unchecked(f.starts[c]);
    const to = unchecked(f.ends[c]);
    let sampled = 0;
    let present = 0;
    let named = 0;
    const seen = new StringIndex();
    let distinct = 0;
    for (let l = f.firstLine; l <= f.lastLine && sampled < SAMPLED_ROWS; l += f.step) {
      sampled++;
      const a = unchecked(starts[l]);
      const b = unchecked(ends[l]);
      const t = tokenUnder(text, a, b, from, to);
      if (t < 0) continue;
      const e = tokenEnd(text, t, b);
      if (e - t > MAX_NAME) continue;
      present++;
      if (!isNumberLike(text, t, e)) named++;
      const value = text.substring(t, e);
      if (!seen.has(value)) {
        seen.set(value, distinct);
        distinct++;
      }
    }
    if (present * 100 < sampled * PRESENT_PERCENT) continue;
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
  const hb = text.indexOf("\n", ha) < 0 ? text.length : text.indexOf("\n", ha);
  const h = tokenUnder(text, ha, hb, from, to);
  table.label = h >= 0 ? text.substring(h, tokenEnd(text, h, hb)) : "names";
  // The label and its count, and the lines of the table when there are several (" (lines 1,234–5,678)").
  let units = table.label.length + 48;
  for (let l = f.firstLine; l <= f.lastLine; l += f.step) {
    const a = unchecked(starts[l]);
    const b = unchecked(ends[l]);
    const t = tokenUnder(text, a, b, from, to);
    const e = t >= 0 ? tokenEnd(text, t, b) : -1;
    const name = t >= 0 && e - t <= MAX_NAME ? text.substring(t, e) : "";
    table.names.push(name);
    table.lines.push(l + 1);
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

/** A cut and the names of the rows it leaves out. */
export class NamedKeep {
  constructor(public kept: KeepResult, public names: string) {}
}

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
  return names === null || max(errorRoom, outcomeUnits(scan)) > room - names.reserve ? null : names;
}

/**
 * Units the lines that state the outcome take (errors, summaries, totals, the exit), a
 * line number each, with a cut's marker: the names never take their room.
 */
function outcomeUnits(scan: Scan): i32 {
  let units = OUTCOME_FRAMING;
  for (let i = 0; i < scan.count; i++) {
    if (rankOf(unchecked(scan.kinds[i])) >= 2) units += unchecked(scan.lineEnds[i]) - unchecked(scan.lineStarts[i]) + 8;
  }
  return units;
}

/** Cuts tried at most to hand the names' unused room back to the rows. */
const MAX_CUTS: i32 = 3;

/**
 * keepWithScan() within `room` (what is left once `names` took its reserve) and the
 * names of the rows it leaves out. Room the names were given and did not need (the rows
 * the cut shows are not named again) goes to a wider cut, kept when its names still fit
 * beside it; up to MAX_CUTS cuts.
 */
export function keepWithNames(names: TableNames | null, text: string, scan: Scan, room: i32, ratio: f64, hint: string, shapes: Shapes, failed: bool, skeleton: i32[] | null): NamedKeep {
  let kept = keepWithScan(text, scan, room, ratio, hint, shapes, failed, skeleton);
  if (names === null) return new NamedKeep(kept, "");
  const total = room + names.reserve;
  const first = names.linesFor(kept.cut, names.reserve - 1);
  // Names that do not fit even beside the narrower cut give their room back.
  if (first === null) return new NamedKeep(keepWithScan(text, scan, total, ratio, hint, shapes, failed, skeleton), "");
  let listed = first;
  let given = room;
  for (let k = 1; k < MAX_CUTS; k++) {
    const used = listed.length > 0 ? listed.length + 1 : 0;
    if (total - used <= given) break;
    const wider = keepWithScan(text, scan, total - used, ratio, hint, shapes, failed, skeleton);
    const relisted = names.linesFor(wider.cut, listed.length);
    if (relisted === null) break;
    kept = wider;
    listed = relisted;
    given = total - used;
  }
  return new NamedKeep(kept, listed);
}
