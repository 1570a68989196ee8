// Totals of an output's records, counted from the whole output so that the model does
// not count them from a cut one:
//
//   301 commits                                       lines led by a commit id, each once
//   363 lines from 2 commits: ^a8c09c6 340, 00000000 23   the same ids again and again (blame)
//   table: 103 rows  /  tables: 48, 12 rows           rows under a header and its rule
//   13 numbered entries                               `1: lo: …`, `2: eth0: …` (ip addr, ip link)
//
// A commit id is a token of 7 to 40 hex digits opening a line (after `commit `, the
// drawing of a graph, or blame's `^`). A table is a header line over a rule of two or
// more groups of dashes (`---- ----`, `----+----`, `+----+----+`, `+++-====-===`, or
// box drawing: `├────┼────┤`); its
// rows run to a blank line (or one of a margin's bars only), another rule or a line in
// parentheses (`(48 rows)`). A header without a rule (ss, ps, df) has its rows counted
// too (headed.ts).
import { CharCode, isDigit } from "../../util/chars";
import { readEachLine, spacesEnd, unitAt } from "../../util/lines";
import { StrBuf } from "../../util/strbuf";
import { startsWithAt } from "../shared/text";
import { isBlank, isParenthesized, isRule } from "../../important/table-rules";
import { HeadedTables } from "./headed";
import { StringIndex } from "../../util/string-index";

/** Share (percent) of the lines, blank and graph-only ones aside, that must be led by an id. */
const ID_LED_PERCENT: i32 = 60;
/** Ids named in a breakdown; tables named one by one. */
const SHOWN_IDS: i32 = 4;
const SHOWN_TABLES: i32 = 6;
/** Numbered entries at least for a count (fewer are counted at a glance). */
const MIN_NUMBERED: i32 = 3;
/** Changes of id that must rise, nearly all, for ids to be offsets rather than commits. */
const MIN_STEPS: i32 = 8;
/** Distinct ids tracked in a breakdown. */
const MAX_IDS: i32 = 4096;

function isHex(c: i32): bool {
  return isDigit(c) || (c >= 0x61 && c <= 0x66);
}

/** Index after a commit id at s[i] (7 to 40 hex digits, then a space or the end), or -1. */
function idEnd(s: string, i: i32, b: i32): i32 {
  let j = i;
  while (j < b && isHex(unitAt(s, j))) j++;
  const n = j - i;
  if (n < 7 || n > 40 || (j < b && unitAt(s, j) != CharCode.SPACE)) return -1;
  return j;
}

/** A letter no commit id opens with (ids are lower-case hex): A–Z and g–z. */
// @ts-ignore: decorator
@inline function opensNoRecord(c: i32): bool {
  return <u32>(c - 0x41) <= 25 || <u32>(c - 0x67) <= 19;
}

/**
 * Line [a, b) whose first unit after spaces and bars, c at s[i], is a digit, a–f or blame's
 * `^`, and that is no record all the same: fewer than 7 hex digits open it (no id), it is no
 * `commit ` line and no number opens it at the margin (no numbered entry).
 */
// @ts-ignore: decorator
@inline function opensNoRecordAfter(s: string, a: i32, i: i32, b: i32, c: i32): bool {
  if (c == 0x5e) i++;
  else if (!isHex(c) || (c == 0x63 && i + 1 < b && unitAt(s, i + 1) == 0x6f) || (i == a && isDigit(c))) return false;
  const stop = min(b, i + 7);
  while (i < stop && isHex(unitAt(s, i))) i++;
  return i < stop;
}

/** A graph's drawing: `*`, `|`, `/`, `\`, `_` and spaces. */
function isGraph(c: i32): bool {
  return c == 0x2a || c == CharCode.PIPE || c == CharCode.SLASH || c == CharCode.BACKSLASH || c == CharCode.UNDERSCORE || c == CharCode.SPACE;
}

export class Records {
  /** Lines judged for ids: not blank, not only a graph. */
  judged: i32 = 0;
  idLed: i32 = 0;
  /** `commit <id>` lines. */
  commitLines: i32 = 0;
  ids: Array<string> = new Array<string>();
  idCounts: Array<i32> = new Array<i32>();
  idIndex: StringIndex = new StringIndex();
  tables: Array<i32> = new Array<i32>();
  /** Per table, its rows indented deeper than its first row (a report's files under its "All files" row). */
  nestedRows: Array<i32> = new Array<i32>();
  /** Entries numbered 1, 2, 3 … at a line's start (`N: name`); -1 once the numbers break their order. */
  numbered: i32 = 0;

  /** Changes from one leading id to a different one, and how many of them rise. */
  private idSteps: i32 = 0;
  private idRises: i32 = 0;
  private lastId: string = "";

  /** Most lines are led by an id (a log, a blame, a dump): what follows the id is the record's own text. */
  idLedMostly(): bool {
    return this.idLed >= 2 && this.idLed * 100 >= this.judged * ID_LED_PERCENT;
  }

  /**
   * The leading ids rise line after line: offsets or addresses (od, pmap, a hex dump), not
   * commits, whose ids are random: nine of them in rising order come by chance once in 360,000
   * logs, and a longer run may fall once in twenty changes only, which chance makes rarer still.
   */
  idsRise(): bool {
    return this.idSteps >= MIN_STEPS && this.idRises * 20 >= this.idSteps * 19;
  }

  addId(id: string): void {
    if (id != this.lastId) {
      if (this.lastId.length > 0) {
        this.idSteps++;
        if (id > this.lastId) this.idRises++;
      }
      this.lastId = id;
    }
    this.idLed++;
    if (this.idIndex.has(id)) {
      const k = this.idIndex.get(id);
      this.idCounts[k] = this.idCounts[k] + 1;
    } else if (this.ids.length < MAX_IDS) {
      this.idIndex.set(id, this.ids.length);
      this.ids.push(id);
      this.idCounts.push(1);
    }
  }
}

function readIds(s: string, a: i32, b: i32, r: Records): void {
  let i = a;
  while (i < b && isGraph(unitAt(s, i))) i++;
  if (i >= b) return; // blank, or only the graph
  r.judged++;
  if (b - i > 7 && unitAt(s, i) == 0x63 && startsWithAt(s, i, b, "commit ") && idEnd(s, i + 7, b) > 0) {
    r.commitLines++;
    return;
  }
  const start = i;
  if (unitAt(s, i) == 0x5e) i++; // blame's boundary commit
  const e = idEnd(s, i, b);
  if (e > 0) r.addId(s.substring(start, e));
}

/**
 * Reads an output's records line by line (the command digest's one pass over the
 * lines feeds it, see lines.ts): ids leading lines, and the rows of each table.
 */
export class RecordsReader {
  records: Records = new Records();
  /** Whether a line was read, and whether it was blank or a rule. */
  private prevRead: bool = false;
  private prevBlank: bool = false;
  private prevRule: bool = false;
  /** Rows of the table being read; -1 outside one. */
  private rows: i32 = -1;
  /** The rows follow the rule under the header (not a top border). */
  private underHeader: bool = false;
  /** Indentation of the table's first row (spaces and bars before its first cell); -1 before it. */
  private firstIndent: i32 = -1;
  /** Rows of the table indented deeper than its first. */
  private nested: i32 = 0;
  /** Tables under a header without a rule. */
  private headed: HeadedTables = new HeadedTables();

  /** Line [a, b) of text, without its '\r' and '\n'. */
  line(text: string, a: i32, b: i32): void {
    this.lineOf(text, a, b, -1, -1);
  }

  /**
   * line() with `digits` 1 when the line holds a digit, 0 when it holds none, and `tokens`
   * its runs of units other than spaces and tabs; both -1 when not known.
   */
  lineOf(text: string, a: i32, b: i32, digits: i32, tokens: i32, line: i32 = 0, alike: i32 = 0): void {
    const r = this.records;
    if (ASC_SHRINK_LEVEL < 2) {
      // A line alike to one that took the shortcut below takes it too, as far in: its
      // opening spaces and bars are where that line's are, and its first units the same
      // but for digits, which the shortcut's tests take alike (hex digits all).
      const quick = this.quick;
      const held = quick !== null && alike > 0 && alike <= quick.length ? <i32>unchecked(quick[alike - 1]) : 0;
      if (held != 0) {
        this.shortcut(text, a, b, digits, tokens, held - 1);
        return;
      }
    }
    // Spaces and bars opening the line (indentation, a margin, the edges of a graph or a
    // table) are blank, graph and junction alike: read once for the three checks.
    let i = spacesEnd(text, a, b);
    while (i < b && unitAt(text, i) == CharCode.PIPE) i = spacesEnd(text, i + 1, b);
    if (ASC_SHRINK_LEVEL < 2 && i < b && (opensNoRecord(unitAt(text, i)) || opensNoRecordAfter(text, a, i, b, unitAt(text, i)))) {
      const quick = this.quick;
      if (quick !== null && line > 0 && line <= quick.length && i - a < 255) unchecked((quick[line - 1] = <u8>(i - a + 1)));
      this.shortcut(text, a, b, digits, tokens, i - a);
      return;
    }
    readIds(text, i, b, r);
    if (i == a) readNumbered(text, a, b, r);
    const blank = isBlank(text, i, b);
    // A blank line is never a rule: it has no fill.
    const rule = !blank && isRule(text, i, b);
    const rows = this.rows;
    if (rows >= 0) {
      if (rule && rows <= 1 && !this.underHeader) {
        // A top border over the header: the header's own rule opens the rows.
        this.rows = 0;
        this.underHeader = true;
        this.firstIndent = -1;
        this.nested = 0;
      } else if (blank || rule || isParenthesized(text, a, b)) this.closeTable();
      else {
        this.rows = rows + 1;
        this.row(i - a);
      }
    } else if (rule && this.prevRead && !this.prevBlank && !this.prevRule) {
      this.rows = 0;
      this.underHeader = false;
      this.firstIndent = -1;
      this.nested = 0;
    }
    this.headed.line(text, a, b, blank, rule, digits, tokens);
    this.prevRead = true;
    this.prevBlank = blank;
    this.prevRule = rule;
  }

  /**
   * In the Node core, per line (0-based): 1 + the units of spaces and bars it opens with
   * when it took lineOf()'s shortcut (fewer than 255), else 0; for the lines alike to it.
   * Null unless sized to the lines (the pass over a command's lines sizes it).
   */
  quick: StaticArray<u8> | null = null;

  /**
   * Most lines of a log open with a word, a short number or a pointer (`indent` units of
   * spaces and bars in): judged for ids but led by none, no numbered entry, no rule, not
   * blank and not in parentheses, so a table's row if one is open.
   * A speed-only shortcut: lineOf()'s checks come to the same for such a line, so the
   * size-optimised build (the component's) leaves it out.
   */
  // @ts-ignore: decorator
  @inline
  private shortcut(text: string, a: i32, b: i32, digits: i32, tokens: i32, indent: i32): void {
    this.records.judged++;
    if (this.rows >= 0) {
      this.rows++;
      this.row(indent);
    }
    if (!this.headed.skips(digits, tokens)) this.headed.line(text, a, b, false, false, digits, tokens);
    this.prevRead = true;
    this.prevBlank = false;
    this.prevRule = false;
  }

  /** A row of the open table, `indent` units after the line's start. */
  // @ts-ignore: decorator
  @inline
  private row(indent: i32): void {
    if (this.firstIndent < 0) this.firstIndent = indent;
    else if (indent > this.firstIndent) this.nested++;
  }

  private closeTable(): void {
    this.records.tables.push(this.rows);
    this.records.nestedRows.push(this.nested);
    this.rows = -1;
  }

  /** The records of every line read. */
  finish(): Records {
    if (this.rows >= 0) this.closeTable();
    const headed = this.headed.finish().tables;
    for (let k = 0; k < headed.length; k++) {
      this.records.tables.push(headed[k]);
      this.records.nestedRows.push(0);
    }
    headed.length = 0;
    return this.records;
  }
}

/**
 * Line [a, b) opens with a whole number, a colon and a space (`2: eth0: <…>`): that number, else -1.
 * An entry's details are indented under it, so a numbered line starts at the margin.
 */
function entryNumber(s: string, a: i32, b: i32): i32 {
  let i = a;
  let n = 0;
  while (i < b && i - a < 6 && isDigit(unitAt(s, i))) n = n * 10 + (unitAt(s, i++) - 0x30);
  if (i == a || i + 2 >= b || unitAt(s, i) != CharCode.COLON || unitAt(s, i + 1) != CharCode.SPACE || unitAt(s, i + 2) == CharCode.SPACE) return -1;
  return n;
}

/** Counts the numbered entries of line [a, b): each must be the next number, or the list is no list. */
function readNumbered(s: string, a: i32, b: i32, r: Records): void {
  if (r.numbered < 0) return;
  const n = entryNumber(s, a, b);
  if (n < 0) return;
  r.numbered = n == r.numbered + 1 ? n : -1;
}

/** Every line once: ids leading lines, and the rows of each table. */
function readRecords(text: string): Records {
  const reader = readEachLine(text, new RecordsReader());
  return reader.finish();
}

/** "301 commits", "363 lines from 2 commits: …", "table: 103 rows", joined by " · "; "" when none. */
export function recordsLine(text: string): string {
  return recordsLineOf(readRecords(text));
}

/** recordsLine() of the records already read. */
export function recordsLineOf(r: Records): string {
  const out = new StrBuf(96);
  if (r.commitLines >= 2) out.addCount(r.commitLines).add(" commits");
  else if (r.idLedMostly() && !r.idsRise()) {
    if (r.ids.length == r.idLed) out.addCount(r.idLed).add(" commits");
    else idBreakdown(r, out);
  }
  if (r.numbered >= MIN_NUMBERED) {
    if (out.length > 0) out.add(" \u00b7 ");
    out.addCount(r.numbered).add(" numbered entries");
  }
  let tables = 0;
  for (let k = 0; k < r.tables.length; k++) if (r.tables[k] >= 2) tables++;
  if (tables > 0) {
    if (out.length > 0) out.add(" \u00b7 ");
    out.add(tables == 1 ? "table: " : "tables: ");
    let shown = 0;
    for (let k = 0; k < r.tables.length; k++) {
      if (r.tables[k] < 2) continue;
      if (shown == SHOWN_TABLES) {
        out.add(", \u2026");
        break;
      }
      if (shown++ > 0) out.add(", ");
      out.addCount(r.tables[k]);
    }
    out.add(" rows");
    // One table whose rows nest under its first (a total over its parts): how many are parts.
    if (tables == 1) {
      for (let k = 0; k < r.tables.length; k++) {
        const nested = r.nestedRows[k];
        if (r.tables[k] >= 2 && nested > 0 && nested < r.tables[k]) out.addLabelCount(", ", nested).add(" indented under the first");
      }
    }
  }
  return out.toString();
}

/** "363 lines from 2 commits: ^a8c09c6 340, 00000000 23": lines per id, most first. */
function idBreakdown(r: Records, out: StrBuf): void {
  const n = r.ids.length;
  out.addCount(r.idLed).addLabelCount(" lines from ", n).add(n == 1 ? " commit: " : " commits: ");
  // The top few by count, one pass per slot.
  const picked = new Array<i32>();
  for (let slot = 0; slot < min(n, SHOWN_IDS); slot++) {
    let best = -1;
    for (let k = 0; k < n; k++) {
      if (picked.includes(k)) continue;
      if (best < 0 || r.idCounts[k] > r.idCounts[best]) best = k;
    }
    picked.push(best);
  }
  for (let k = 0; k < picked.length; k++) {
    if (k > 0) out.add(", ");
    out.add(r.ids[picked[k]]).addChar(CharCode.SPACE).addCount(r.idCounts[picked[k]]);
  }
  if (n > picked.length) out.addLabelInt(", +", n - picked.length).add(" more");
}
