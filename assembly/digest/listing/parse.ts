// Reads directory listings into entries (path, directory or not, size when
// printed): find and glob lists, ls (one per line, columns, -p/-F), ls -l/-la,
// ls -R and ls -lR (with "dir:" headers), tree (box drawing, its closing
// "N directories, M files" line), du, and tables whose header names a Name
// column over a rule of dashes (archive listings: `unzip -l`, `unzip -v`,
// `7z l`). Long rows (a mode string first) take their date in any of the
// usual forms (`Jan  1 10:00`, `2024-01-01 10:00`, zipinfo's `22-Oct-05 09:47`),
// so `tar -tv` and `zipinfo` read like `ls -l`. Lines around the entries (an
// archive's name, its own totals) are notes, neither entries nor errors.
// Unknown shapes give mode None.
import { CharCode, isDigit, isUnitOf } from "../../util/chars";
import { blanksEnd, digitRunEnd, programPrefixLength, spaceRunEnd, unitAt } from "../../util/lines";
import { indexIn, LineIndex, parseDigits, startsWithAt } from "../shared/text";
import { isWordOf } from "../../util/words";
import { StringIndex } from "../../util/string-index";

export const enum ListingMode {
  None = 0,
  /** find, glob, ls -1: one path or name per line. */
  Paths = 1,
  /** ls, ls -l, ls -R, ls -lR: names under optional "dir:" headers. */
  Ls = 2,
  Tree = 3,
  Du = 4,
  /** A table: a header naming a Name column over a rule of dashes, one entry per row. */
  Table = 5,
}

export function listingModeName(m: ListingMode): string {
  switch (m) {
    case ListingMode.Paths: return "paths";
    case ListingMode.Ls: return "ls";
    case ListingMode.Tree: return "tree";
    case ListingMode.Du: return "du";
    case ListingMode.Table: return "table";
  }
  return "text";
}

export class Listing {
  mode: ListingMode = ListingMode.None;
  lines: LineIndex;
  paths: Array<string> = new Array<string>();
  // i32 rather than bool: the core then holds one kind of array fewer.
  isDir: Array<i32> = new Array<i32>();
  isLink: Array<i32> = new Array<i32>();
  /** Bytes (approximate for human sizes like "4.0K"); -1 when not printed. */
  size: Array<f64> = new Array<f64>();
  /** The size as printed: [sizeStart, sizeEnd) of the text. */
  sizeStart: Array<i32> = new Array<i32>();
  sizeEnd: Array<i32> = new Array<i32>();
  line: Array<i32> = new Array<i32>();
  /** Lines that are entries, for the verbatim part. */
  entryLine: StaticArray<bool>;
  /** "dir:" headers (ls -R) and the directories they name. */
  headers: StringIndex = new StringIndex();
  headerCount: i32 = 0;
  errors: Array<i32> = new Array<i32>();
  /** tree's own totals; -1 when absent. */
  treeDirs: i32 = -1;
  treeFiles: i32 = -1;
  /** tree's root lines: tree counts them among its directories. */
  treeRoots: i32 = 0;
  /** Whether directories were listed as entries (else only implied by paths). */
  dirsListed: bool = false;
  /**
   * No entry's own line said it is a directory: those with entries under them were found so,
   * and the others may be files, links or empty directories (find prints no type).
   */
  leavesUntyped: bool = false;
  /** ls of one directory without headers: its subdirectories are entries. */
  singleDir: bool = false;
  /** The `total N` lines of ls -l. */
  totals: i32 = 0;
  /** ls -l lines were read: every entry's type is known, so no directory means none listed. */
  longFormat: bool = false;
  /** Most lines are long rows: any other line (not a header, total or error) is a note. */
  longRows: bool = false;
  /** Lines that are neither entries nor errors: an archive's name, a tool's own totals. */
  notes: Array<i32> = new Array<i32>();
  /** Table mode: the header line, the column the names start at, the size column's span. */
  tableHeader: i32 = -1;
  nameColumn: i32 = -1;
  sizeColumnStart: i32 = -1;
  sizeColumnEnd: i32 = -1;

  constructor(text: string) {
    const lines = new LineIndex(text);
    this.lines = lines;
    this.entryLine = new StaticArray<bool>(lines.count);
  }

  add(path: string, dir: bool, link: bool, size: f64, sizeStart: i32, sizeEnd: i32, line: i32): void {
    this.paths.push(path);
    this.isDir.push(dir ? 1 : 0);
    this.isLink.push(link ? 1 : 0);
    this.size.push(size);
    this.sizeStart.push(sizeStart);
    this.sizeEnd.push(sizeEnd);
    this.line.push(line);
    if (line >= 0) unchecked((this.entryLine[line] = true));
    if (dir) this.dirsListed = true;
  }
}

/** "drwxr-xr-x", "-rw-r--r--@", "lrwxrwxrwx." at the start of a line. */
export function isModeString(s: string, a: i32, b: i32): bool {
  if (b - a < 11) return false;
  const t = unitAt(s, a);
  if (t != CharCode.MINUS && t != 0x64 && t != 0x6c && t != 0x63 && t != 0x62 && t != 0x70 && t != 0x73) return false;
  for (let i = a + 1; i < a + 10; i++) {
    const c = unitAt(s, i);
    if (c != CharCode.MINUS && c != 0x72 && c != 0x77 && c != 0x78 && c != 0x73 && c != 0x53 && c != 0x74 && c != 0x54) return false;
  }
  const after = unitAt(s, a + 10);
  if (ASC_SHRINK_LEVEL >= 2) return isUnitOf(after, " .+@");
  return after == CharCode.SPACE || after == CharCode.DOT || after == CharCode.PLUS || after == 0x40;
}

/** A date of 8 to 10 units: digits and letters between two `-`, `/` or `.` (2025-06-24, 22-Oct-05, 05/10/2023). */
function isDateField(s: string, a: i32, b: i32): bool {
  const len = b - a;
  if (len < 8 || len > 10 || !isDigit(unitAt(s, a)) || !isDigit(unitAt(s, b - 1))) return false;
  let seps = 0;
  for (let i = a; i < b; i++) {
    const c = unitAt(s, i);
    if (ASC_SHRINK_LEVEL >= 2 ? isUnitOf(c, "-/.") : c == CharCode.MINUS || c == CharCode.SLASH || c == CharCode.DOT) seps++;
    else if (!isDigit(c) && !((c | 0x20) >= 0x61 && (c | 0x20) <= 0x7a)) return false;
  }
  return seps == 2;
}

/** `12:00`, `12:00:59`, `12:00:59.123456789`. */
function isClockField(s: string, a: i32, b: i32): bool {
  let i = a;
  i = digitRunEnd(s, i, b);
  if (i == a || i - a > 2 || i >= b || unitAt(s, i) != CharCode.COLON) return false;
  i++;
  const m = i;
  while (i < b && (isDigit(unitAt(s, i)) || unitAt(s, i) == CharCode.COLON || unitAt(s, i) == CharCode.DOT)) i++;
  return i == b && i - m >= 2;
}

/** `4449`, `4.0K`: a size as listings print it. */
function isSizeField(s: string, a: i32, b: i32): bool {
  if (a >= b || !isDigit(unitAt(s, a))) return false;
  let i = a;
  while (i < b && (isDigit(unitAt(s, i)) || unitAt(s, i) == CharCode.DOT)) i++;
  if (i < b && isSizeSuffix(unitAt(s, i))) i++;
  return i == b;
}

function isTreeLine(s: string, a: i32, b: i32): bool {
  const d = branchAt(s, a, b);
  return d > a && (unitAt(s, d) == CharCode.MINUS || indexIn(s, a, b, "\u251c") >= 0 || indexIn(s, a, b, "\u2514") >= 0);
}

/**
 * Where tree's branch starts in line [a, b): "── " ("├── src"), or with --charset=ascii "-- "
 * right after its connector "|" or "`" ("|-- src", "`-- README.md"); else -1.
 */
function branchAt(s: string, a: i32, b: i32): i32 {
  const d = indexIn(s, a, b, "\u2500\u2500 ");
  if (d >= 0) return d;
  const e = indexIn(s, a, b, "-- ");
  return e > a && (unitAt(s, e - 1) == 0x7c || unitAt(s, e - 1) == 0x60) ? e : -1;
}

/** "12 directories, 40 files" / "1 directory, 1 file" / "3 directories": tree's last line. */
function readTreeTotals(p: Listing, s: string, a: i32, b: i32): bool {
  let i = a;
  i = digitRunEnd(s, i, b);
  if (i == a) return false;
  const dirs = parseDigits(s, a, i);
  if (!startsWithAt(s, i, b, " director")) return false;
  const comma = indexIn(s, i, b, ", ");
  let files = 0;
  if (comma >= 0) {
    let j = comma + 2;
    const k = j;
    j = digitRunEnd(s, j, b);
    files = parseDigits(s, k, j);
    if (!startsWithAt(s, j, b, " file")) return false;
  }
  p.treeDirs = dirs;
  p.treeFiles = files;
  return true;
}

function isDuLine(s: string, a: i32, b: i32): bool {
  let i = a;
  while (i < b && (isDigit(unitAt(s, i)) || unitAt(s, i) == CharCode.DOT)) i++;
  if (i == a) return false;
  if (i < b && isSizeSuffix(unitAt(s, i))) i++;
  return i < b && unitAt(s, i) == CharCode.TAB;
}

function isSizeSuffix(c: i32): bool {
  if (ASC_SHRINK_LEVEL >= 2) return isUnitOf(c, "KMGTPkB");
  return c == 0x4b || c == 0x4d || c == 0x47 || c == 0x54 || c == 0x50 || c == 0x6b || c == 0x42;
}

/** "4096", "4.0K", "12M": bytes (powers of 1024 for suffixes). */
export function sizeValue(s: string, a: i32, b: i32): f64 {
  let v: f64 = 0;
  let frac: f64 = 0;
  let scale: f64 = 1;
  let i = a;
  for (; i < b && isDigit(unitAt(s, i)); i++) v = v * 10 + <f64>(unitAt(s, i) - CharCode._0);
  if (i < b && unitAt(s, i) == CharCode.DOT) {
    i++;
    for (; i < b && isDigit(unitAt(s, i)); i++) {
      scale /= 10;
      frac += <f64>(unitAt(s, i) - CharCode._0) * scale;
    }
  }
  v += frac;
  if (i < b) {
    const c = unitAt(s, i) | 0x20;
    if (c == 0x6b) v *= 1024;
    else if (c == 0x6d) v *= 1048576;
    else if (c == 0x67) v *= 1073741824;
    else if (c == 0x74) v *= 1099511627776;
  }
  return v;
}

/**
 * A tool's complaint among the entries ("find: ‘/proc/1’: Permission denied", "du: cannot read
 * directory", a loop reported in the middle of an ordering): a lower-case command word ended by
 * ": ". No entry reads so: a path's colon ends an `ls -R` header, and an archive's own lines
 * ("Archive:  shop.zip") are capitalised.
 */
function isErrorLine(s: string, a: i32, b: i32): bool {
  let i = a;
  while (i < b) {
    const c = unitAt(s, i);
    if (<u32>(c - 0x61) >= 26 && !(i > a && (isDigit(c) || c == CharCode.MINUS))) break;
    i++;
  }
  return i > a && i + 1 < b && unitAt(s, i) == CharCode.COLON && unitAt(s, i + 1) == CharCode.SPACE;
}

function isMonth(s: string, a: i32, b: i32): bool {
  if (b - a != 3) return false;
  const months = "JanFebMarAprMayJunJulAugSepOctNovDec";
  for (let m = 0; m < 36; m += 3) {
    if (unitAt(s, a) == unitAt(months, m) && unitAt(s, a + 1) == unitAt(months, m + 1) && unitAt(s, a + 2) == unitAt(months, m + 2)) return true;
  }
  return false;
}

const SAMPLE_LINES: i32 = 400;

/** A rule under a table's header: dashes (or `=`), in one or more groups, and nothing else. */
function isRuleLine(s: string, a: i32, b: i32): bool {
  let dashes = 0;
  for (let i = a; i < b; i++) {
    const c = unitAt(s, i);
    if (c == CharCode.MINUS || c == 0x3d) dashes++;
    else if (c != CharCode.SPACE && c != CharCode.PLUS && c != CharCode.TAB) return false;
  }
  return dashes >= 3;
}

function isWordChar(c: i32): bool {
  return (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || (c >= 0x30 && c <= 0x39) || c == 0x5f || c == CharCode.MINUS;
}

/** Start of the first (or last) whole word of s[a, b) that is one of `words` (" Name Path "), or -1. */
function column(s: string, a: i32, b: i32, words: string, last: bool): i32 {
  let found = -1;
  let i = a;
  while (i < b) {
    while (i < b && !isWordChar(unitAt(s, i))) i++;
    const k = i;
    while (i < b && isWordChar(unitAt(s, i))) i++;
    if (i > k && words.includes(" " + s.substring(k, i) + " ")) {
      found = k;
      if (!last) break;
    }
  }
  return found;
}

/** The header of a table of entries: a line naming a Name column, a rule of dashes under it. */
function findTable(p: Listing): bool {
  const L = p.lines;
  const s = L.text;
  let prev = -1;
  for (let i = 0; i < L.count && i < SAMPLE_LINES; i++) {
    if (L.isBlank(i)) continue;
    if (prev >= 0 && isRuleLine(s, L.start(i), L.end(i)) && !isRuleLine(s, L.start(prev), L.end(prev))) {
      const a = L.start(prev);
      const b = L.end(prev);
      const name = column(s, a, b, " Name Path File Filename Member ", true);
      if (name >= 0) {
        p.tableHeader = prev;
        p.nameColumn = name - a;
        // The first size column: `unzip -v` prints the size (Length) before the compressed one.
        const size = column(s, a, b, " Length Size Bytes ", false);
        if (size >= 0 && size < name) {
          p.sizeColumnStart = size - a;
          let e = size;
          while (e < b && isWordChar(unitAt(s, e))) e++;
          p.sizeColumnEnd = e - a;
        }
        return true;
      }
    }
    prev = i;
  }
  return false;
}

function detect(p: Listing): ListingMode {
  if (findTable(p)) return ListingMode.Table;
  const L = p.lines;
  const s = L.text;
  let total = 0;
  let tree = 0;
  let long = 0;
  let du = 0;
  let headers = 0;
  let prose = 0;
  let columns = 0;
  for (let i = 0; i < L.count && total < SAMPLE_LINES; i++) {
    const a = L.start(i);
    const b = L.end(i);
    if (L.isBlank(i) || isErrorLine(s, a, b)) continue;
    total++;
    if (isTreeLine(s, a, b)) tree++;
    else if (isModeString(s, a, b)) long++;
    else if (isDuLine(s, a, b)) du++;
    else if (unitAt(s, b - 1) == CharCode.COLON && (i == 0 || L.isBlank(i - 1))) headers++;
    else if (indexIn(s, a, b, ": ") >= 0 || b - a > 1024 || unitAt(s, a) == CharCode.TAB) prose++;
    else if (indexIn(s, a, b, "\t") >= 0 || indexIn(s, a, b, "  ") >= 0) columns++;
  }
  if (total == 0) return ListingMode.None;
  if (tree * 2 >= total) return ListingMode.Tree;
  if (du * 10 >= total * 8) return ListingMode.Du;
  p.longRows = long * 2 >= total;
  // Long rows are unmistakable: lines of prose around them are notes (zipinfo's header and totals).
  if (p.longRows) return ListingMode.Ls;
  if (long * 2 >= total || headers > 0 || columns * 2 >= total) return prose * 5 > total ? ListingMode.None : ListingMode.Ls;
  return prose * 5 > total ? ListingMode.None : ListingMode.Paths;
}

function parsePaths(p: Listing): void {
  const L = p.lines;
  const s = L.text;
  for (let i = 0; i < L.count; i++) {
    const a = L.start(i);
    let b = L.end(i);
    if (L.isBlank(i)) continue;
    if (isErrorLine(s, a, b)) {
      p.errors.push(i);
      continue;
    }
    let dir = false;
    // ls -p / -F mark directories with a trailing "/".
    if (b - a > 1 && unitAt(s, b - 1) == CharCode.SLASH) {
      dir = true;
      b--;
    }
    p.add(s.substring(a, b), dir, false, -1, 0, 0, i);
  }
}

/** Splits an `ls -C` line into names at tabs and runs of 2+ spaces (ls pads columns with both). */
function addColumns(p: Listing, dir: string, s: string, a: i32, b: i32, line: i32): void {
  let i = a;
  while (i < b) {
    i = blanksEnd(s, i, b);
    if (i >= b) break;
    let j = i;
    while (j < b && unitAt(s, j) != CharCode.TAB && !(unitAt(s, j) == CharCode.SPACE && j + 1 < b && (unitAt(s, j + 1) == CharCode.SPACE || unitAt(s, j + 1) == CharCode.TAB))) j++;
    let e = j;
    while (e > i && unitAt(s, e - 1) == CharCode.SPACE) e--;
    addName(p, dir, s, i, e, false, false, -1, 0, 0, line);
    i = j;
  }
}

/**
 * A record that names one entry after its only tab, its first field a number (a mode) ended by
 * one space (`git ls-tree -l`: "100644 blob 1a2b…     539\tshop/cart.py"; `git ls-files -s`),
 * not a row of names in columns: `ls -C` pads its columns with tabs and runs of spaces, and a
 * name that starts with digits goes on with more than digits ("2024-01-report.md  7-notes.txt").
 */
function isRecordRow(s: string, a: i32, b: i32): bool {
  const tab = indexIn(s, a, b, "\t");
  if (tab < 0 || indexIn(s, tab + 1, b, "\t") >= 0) return false;
  let i = a;
  while (i < tab && isDigit(unitAt(s, i))) i++;
  return i > a && i + 1 < tab && unitAt(s, i) == CharCode.SPACE && unitAt(s, i + 1) != CharCode.SPACE;
}

/**
 * The record's entry: the name after its last tab, and a size when the field before the tab is a
 * number padded into a column (`ls-tree -l`'s sizes; `ls-files -s`'s stage follows one space).
 */
function addRecord(p: Listing, dir: string, s: string, a: i32, b: i32, line: i32): void {
  let tab = b - 1;
  while (unitAt(s, tab) != CharCode.TAB) tab--;
  // A space stands between the row's start and its tab, so this stops there at the latest.
  let ss = tab;
  while (isDigit(unitAt(s, ss - 1))) ss--;
  const padded = unitAt(s, ss - 1) == CharCode.SPACE && unitAt(s, ss - 2) == CharCode.SPACE;
  // `ls-tree -l` gives a tree "-" for its size: a directory.
  const tree = unitAt(s, tab - 1) == CharCode.MINUS && unitAt(s, tab - 2) == CharCode.SPACE;
  addName(p, dir, s, tab + 1, b, tree, false, padded ? <f64>parseDigits(s, ss, tab) : -1, ss, tab, line);
}

function addName(p: Listing, dir: string, s: string, a: i32, b: i32, isDir: bool, link: bool, size: f64, ss: i32, se: i32, line: i32): void {
  let d = isDir;
  if (b - a > 1 && unitAt(s, b - 1) == CharCode.SLASH) {
    d = true;
    b--;
  }
  const name = s.substring(a, b);
  if (isWordOf(name, ". ..")) return;
  // `ls -R lsr/` heads its first block "lsr/:" and the next "lsr/a:": join without doubling the slash.
  const sep = dir.length > 0 && unitAt(dir, dir.length - 1) != CharCode.SLASH ? "/" : "";
  p.add(dir.length > 0 ? dir + sep + name : name, d, link, size, ss, se, line);
}

/** Index where the name starts in an `ls -l` line (after the date), and the size field. */
function parseLong(p: Listing, dir: string, s: string, a: i32, b: i32, line: i32): void {
  // Fields: mode links owner [group] size date… name. Find the date: "Mon DD HH:MM|YYYY" or ISO.
  const starts = new StaticArray<i32>(12);
  const ends = new StaticArray<i32>(12);
  let n = 0;
  let i = a;
  while (i < b && n < 12) {
    i = spaceRunEnd(s, i, b);
    if (i >= b) break;
    const k = i;
    while (i < b && unitAt(s, i) != CharCode.SPACE) i++;
    unchecked((starts[n] = k));
    unchecked((ends[n] = i));
    n++;
  }
  let nameAt = -1;
  let sizeField = -1;
  for (let f = 3; f < n; f++) {
    const fs = unchecked(starts[f]);
    const fe = unchecked(ends[f]);
    if (isMonth(s, fs, fe) && f + 2 < n) {
      sizeField = f - 1;
      nameAt = f + 3 < n ? unchecked(starts[f + 3]) : -1;
      break;
    }
    // A date then a time: "2025-06-24 12:00" (--time-style=long-iso, tar -tv),
    // "22-Oct-05 09:47" (zipinfo). The size is the last number before the date.
    if (f + 1 < n && isDateField(s, fs, fe) && isClockField(s, unchecked(starts[f + 1]), unchecked(ends[f + 1]))) {
      for (let k = f - 1; k >= 2 && sizeField < 0; k--) if (isSizeField(s, unchecked(starts[k]), unchecked(ends[k]))) sizeField = k;
      if (sizeField < 0) sizeField = f - 1;
      let nf = f + 2;
      // full-iso adds a zone field "+0000"
      if (nf < n && (unitAt(s, unchecked(starts[nf])) == CharCode.PLUS || unitAt(s, unchecked(starts[nf])) == CharCode.MINUS)) nf++;
      nameAt = nf < n ? unchecked(starts[nf]) : -1;
      break;
    }
  }
  if (nameAt < 0) {
    p.errors.push(line);
    return;
  }
  p.longFormat = true;
  const type = unitAt(s, a);
  let nameEnd = b;
  const link = type == 0x6c;
  if (link) {
    const arrow = indexIn(s, nameAt, b, " -> ");
    if (arrow > 0) nameEnd = arrow;
  }
  const ss = unchecked(starts[sizeField]);
  const se = unchecked(ends[sizeField]);
  const size = isDigit(unitAt(s, ss)) && unitAt(s, se - 1) != CharCode.COMMA ? sizeValue(s, ss, se) : -1;
  addName(p, dir, s, nameAt, nameEnd, type == 0x64, link, type == 0x64 ? -1 : size, ss, se, line);
}

function parseLs(p: Listing): void {
  const L = p.lines;
  const s = L.text;
  let dir = "";
  for (let i = 0; i < L.count; i++) {
    const a = L.start(i);
    const b = L.end(i);
    if (L.isBlank(i)) continue;
    if (isErrorLine(s, a, b)) {
      p.errors.push(i);
      continue;
    }
    if (startsWithAt(s, a, b, "total ") && parseDigits(s, a + 6, b) >= 0) {
      p.totals++;
      continue;
    }
    if (unitAt(s, b - 1) == CharCode.COLON && (i == 0 || L.isBlank(i - 1)) && !isModeString(s, a, b)) {
      dir = s.substring(a, b - 1);
      p.headers.set(dir, 0);
      p.headerCount++;
      continue;
    }
    if (isModeString(s, a, b)) parseLong(p, dir, s, a, b, i);
    else if (p.longRows) p.notes.push(i); // zipinfo's "Archive:" line and its closing totals
    else if (isRecordRow(s, a, b)) addRecord(p, dir, s, a, b, i);
    else if (indexIn(s, a, b, "  ") >= 0 || indexIn(s, a, b, "\t") >= 0) addColumns(p, dir, s, a, b, i);
    else addName(p, dir, s, a, b, false, false, -1, 0, 0, i);
  }
  p.singleDir = p.headerCount == 0;
  // ls -R: an entry is a directory when a header names it.
  if (p.headerCount > 0) {
    for (let e = 0; e < p.paths.length; e++) {
      if (p.isDir[e] == 0 && p.headers.has(p.paths[e])) {
        p.isDir[e] = 1;
        p.dirsListed = true;
      }
    }
  }
}

function parseTree(p: Listing): void {
  const L = p.lines;
  const s = L.text;
  const stack = new Array<string>();
  let prevEntry = -1;
  let prevDepth = -1;
  for (let i = 0; i < L.count; i++) {
    const a = L.start(i);
    const b = L.end(i);
    if (L.isBlank(i)) continue;
    if (readTreeTotals(p, s, a, b)) continue;
    if (isErrorLine(s, a, b)) {
      p.errors.push(i);
      continue;
    }
    const dash = branchAt(s, a, b);
    if (dash < 0) {
      // A root line ("." or a directory named on the command line).
      p.treeRoots++;
      stack.length = 0;
      prevEntry = -1;
      prevDepth = -1;
      continue;
    }
    const depth = (dash - 1 - a) >> 2;
    let nameAt = dash + 3;
    // tree -s / -h: "[   4096]  name"
    let size: f64 = -1;
    let ss = 0;
    let se = 0;
    if (nameAt < b && unitAt(s, nameAt) == CharCode.LBRACKET) {
      const close = indexIn(s, nameAt, b, "]");
      if (close > 0) {
        ss = nameAt + 1;
        ss = spaceRunEnd(s, ss, close);
        se = close;
        size = sizeValue(s, ss, se);
        nameAt = close + 1;
        nameAt = spaceRunEnd(s, nameAt, b);
      }
    }
    if (prevEntry >= 0 && depth > prevDepth) p.isDir[prevEntry] = 1;
    stack.length = min(stack.length, depth);
    let nameEnd = b;
    const arrow = indexIn(s, nameAt, b, " -> ");
    if (arrow > 0) nameEnd = arrow;
    const name = s.substring(nameAt, nameEnd);
    const parent = stack.length > 0 ? stack.join("/") : "";
    p.add(parent.length > 0 ? parent + "/" + name : name, false, arrow > 0, size, ss, se, i);
    while (stack.length < depth) stack.push("");
    stack.push(name);
    prevEntry = p.paths.length - 1;
    prevDepth = depth;
  }
  p.dirsListed = true;
  // A directory whose size tree printed but which has no children shown is still a file here.
}

function parseDu(p: Listing): void {
  const L = p.lines;
  const s = L.text;
  for (let i = 0; i < L.count; i++) {
    const a = L.start(i);
    const b = L.end(i);
    if (L.isBlank(i)) continue;
    const tab = indexIn(s, a, b, "\t");
    if (tab < 0 || !isDuLine(s, a, b)) {
      p.errors.push(i);
      continue;
    }
    p.add(s.substring(tab + 1, b), false, false, sizeValue(s, a, tab), a, tab, i);
  }
}

/** The number in a table row under the size column's header, right-aligned or not; -1 when none. */
function tableSize(p: Listing, s: string, a: i32, b: i32, sizeAt: StaticArray<i32>): f64 {
  if (p.sizeColumnStart < 0) return -1;
  const lo = a + p.sizeColumnStart;
  const hi = a + p.sizeColumnEnd;
  let i = a;
  while (i < b) {
    i = spaceRunEnd(s, i, b);
    const k = i;
    while (i < b && unitAt(s, i) != CharCode.SPACE) i++;
    // The first field that overlaps the header word, give or take a unit.
    if (i > k && i >= lo && k <= hi) {
      if (!isSizeField(s, k, i)) return -1;
      unchecked((sizeAt[0] = k));
      unchecked((sizeAt[1] = i));
      return sizeValue(s, k, i);
    }
  }
  return -1;
}

/** A table of entries: rows from the rule under the header to the next rule or blank line. */
function parseTable(p: Listing): void {
  const L = p.lines;
  const s = L.text;
  const sizeAt = new StaticArray<i32>(2);
  let inRows = false;
  let done = false;
  for (let i = 0; i < L.count; i++) {
    const a = L.start(i);
    const b = L.end(i);
    if (L.isBlank(i)) {
      if (inRows) {
        inRows = false;
        done = true;
      }
      continue;
    }
    if (i == p.tableHeader) continue;
    if (!done && i > p.tableHeader && isRuleLine(s, a, b)) {
      if (inRows) done = true;
      inRows = !inRows && !done;
      continue;
    }
    if (!inRows || b - a <= p.nameColumn) {
      if (isErrorLine(s, a, b)) p.errors.push(i);
      else p.notes.push(i);
      continue;
    }
    // Names start at the header's Name column; an unaligned row starts its name at the next field.
    let nameAt = a + p.nameColumn;
    while (nameAt > a && unitAt(s, nameAt - 1) != CharCode.SPACE) nameAt++;
    nameAt = spaceRunEnd(s, nameAt, b);
    if (nameAt >= b) {
      p.notes.push(i);
      continue;
    }
    const size = tableSize(p, s, a, b, sizeAt);
    const dir = unitAt(s, b - 1) == CharCode.SLASH;
    p.add(s.substring(nameAt, dir && b - nameAt > 1 ? b - 1 : b), dir, false, dir ? -1 : size, size >= 0 ? unchecked(sizeAt[0]) : 0, size >= 0 ? unchecked(sizeAt[1]) : 0, i);
  }
}

/** Marks entries that other entries sit under as directories (find, glob, du). */
function inferDirs(p: Listing): void {
  const parents = new StringIndex();
  for (let e = 0; e < p.paths.length; e++) {
    const path = p.paths[e];
    const slash = path.lastIndexOf("/");
    if (slash > 0) parents.set(path.substring(0, slash), 0);
  }
  const typed = p.dirsListed;
  for (let e = 0; e < p.paths.length; e++) {
    if (p.isDir[e] == 0 && parents.has(p.paths[e])) {
      p.isDir[e] = 1;
      p.dirsListed = true;
    }
  }
  p.leavesUntyped = p.mode == ListingMode.Paths && !typed && p.dirsListed;
}

/**
 * A complaint written to stderr while a listing line was still unfinished on stdout lands
 * inside that line ("-rw-rw-r-- … oslo/refunds.csvbsdtar: Truncated input file …"), where
 * no rule for whole lines sees it: the program's own prefix ("bsdtar: "), which the first
 * error line opens with, found past the start of another line makes that line an error too.
 */
function markSplicedComplaints(p: Listing): void {
  if (p.errors.length == 0) return;
  const L = p.lines;
  const s = L.text;
  const at = L.start(p.errors[0]);
  const len = programPrefixLength(s, at, L.end(p.errors[0]));
  if (len == 0) return;
  const prefix = s.substring(at, at + len) + " ";
  // Rebuilt in line order: the errors are shown in it.
  const errors = new Array<i32>();
  let k = 0;
  for (let i = 0; i < L.count; i++) {
    if (k < p.errors.length && p.errors[k] == i) {
      errors.push(i);
      k++;
    } else if (indexIn(s, L.start(i) + 1, L.end(i), prefix) >= 0) errors.push(i);
  }
  p.errors = errors;
}

export function parseListing(text: string): Listing {
  const p = new Listing(text);
  p.mode = detect(p);
  if (p.mode == ListingMode.Paths) parsePaths(p);
  else if (p.mode == ListingMode.Ls) parseLs(p);
  else if (p.mode == ListingMode.Tree) parseTree(p);
  else if (p.mode == ListingMode.Du) parseDu(p);
  else if (p.mode == ListingMode.Table) parseTable(p);
  if (p.mode == ListingMode.Paths || p.mode == ListingMode.Du || p.mode == ListingMode.Table) inferDirs(p);
  markSplicedComplaints(p);
  if (p.mode != ListingMode.None && p.paths.length == 0 && p.errors.length == 0) p.mode = ListingMode.None;
  return p;
}
