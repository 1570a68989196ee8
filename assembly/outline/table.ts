// The shape of a delimited table (CSV, TSV, `;`- or `|`-separated): its
// delimiter, columns, rows and whether the first row is a header. Rows are
// records, not lines: a quoted field may hold the delimiter, doubled quotes
// and line breaks (RFC 4180). One pass; blank lines and lines that start
// with '#' (comments, as in zone.tab) are no rows.
import { CharCode, isDigit, isUnitOf } from "../util/chars";
import { findNewline, spaceRunEnd, unitAt } from "../util/lines";

/** Lines looked at to recognise a table without a .csv or .tsv name. */
const SNIFF_LINES: i32 = 50;
/** A table recognised by its content has at least this many lines … */
const SNIFF_MIN_LINES: i32 = 8;
/** … and this share (percent) of them with the same number of delimiters. */
const SNIFF_AGREE_PERCENT: i32 = 90;

export class TableShape {
  delimiter: i32 = CharCode.COMMA;
  /** Fields of the first row. */
  columns: i32 = 0;
  minColumns: i32 = 0;
  maxColumns: i32 = 0;
  /** Rows, the header included. */
  rows: i32 = 0;
  /** The first row names the columns. */
  header: bool = false;
  /** Rows that span more than one line (quoted line breaks). */
  multiLine: i32 = 0;
  /** Line where the first row ends (1-based). */
  headerLast: i32 = 0;
  /** Lines that start with '#': comments, not rows. */
  comments: i32 = 0;
}

/** Whether field [a, b) reads as a number: `-12`, `3.5`, `1,5`, `42%`, `1e-3`. */
function isNumber(s: string, a: i32, b: i32): bool {
  a = spaceRunEnd(s, a, b);
  while (b > a && unitAt(s, b - 1) == CharCode.SPACE) b--;
  if (a < b && unitAt(s, a) == CharCode.DQUOTE && unitAt(s, b - 1) == CharCode.DQUOTE && b - a >= 2) {
    a++;
    b--;
  }
  if (a < b && (unitAt(s, a) == CharCode.MINUS || unitAt(s, a) == CharCode.PLUS)) a++;
  if (a < b && unitAt(s, b - 1) == CharCode.PERCENT) b--;
  let digits = 0;
  for (let i = a; i < b; i++) {
    const c = unitAt(s, i);
    if (isDigit(c)) digits++;
    else if (!((ASC_SHRINK_LEVEL >= 2 ? isUnitOf(c, ".,eE-") : c == CharCode.DOT || c == CharCode.COMMA || c == 0x65 || c == 0x45 || c == CharCode.MINUS))) return false;
  }
  return digits > 0;
}

/**
 * Reads the table in `text` with `delimiter`. Quotes are honoured at the
 * start of a field, so a stray quote inside one does not swallow the rest.
 */
export function scanTable(text: string, delimiter: i32): TableShape {
  const t = new TableShape();
  t.delimiter = delimiter;
  const n = text.length;
  let i = 0;
  let line = 1;
  // The first two rows' fields: numeric or not, to tell a header.
  let firstNumeric = 0;
  let firstFields = 0;
  let firstEmpty = 0;
  let secondNumericWhereFirstText = false;
  const firstKinds = new Array<i32>(); // per column of row 1: numeric
  while (i < n) {
    if (unitAt(text, i) == CharCode.HASH) {
      // A comment line (`# columns: …`): no row.
      const nl = findNewline(text, i, n);
      i = nl + 1;
      line++;
      t.comments++;
      continue;
    }
    const rowFirst = line;
    let fields = 0;
    let allEmpty = true;
    let column = 0;
    // One record.
    while (true) {
      const start = i;
      let end = i;
      if (i < n && unitAt(text, i) == CharCode.DQUOTE) {
        i++;
        while (i < n) {
          const c = unitAt(text, i);
          if (c == CharCode.DQUOTE) {
            if (i + 1 < n && unitAt(text, i + 1) == CharCode.DQUOTE) {
              i += 2;
              continue;
            }
            i++;
            break;
          }
          if (c == CharCode.LF) line++;
          i++;
        }
        // Anything after the closing quote up to the delimiter belongs to the field.
        while (i < n) {
          const c = unitAt(text, i);
          if (c == delimiter || c == CharCode.LF) break;
          i++;
        }
        end = i;
      } else {
        while (i < n) {
          const c = unitAt(text, i);
          if (c == delimiter || c == CharCode.LF) break;
          i++;
        }
        end = i;
        if (end > start && unitAt(text, end - 1) == CharCode.CR) end--;
      }
      fields++;
      if (end > start) allEmpty = false;
      if (t.rows == 0) {
        const num = isNumber(text, start, end);
        firstKinds.push(num);
        if (num) firstNumeric++;
        if (end == start) firstEmpty++;
      } else if (t.rows == 1 && column < firstKinds.length && !firstKinds[column] && isNumber(text, start, end)) {
        secondNumericWhereFirstText = true;
      }
      column++;
      if (i < n && unitAt(text, i) == delimiter) {
        i++;
        continue;
      }
      break;
    }
    // i is at the record's line break or the end.
    const rowLast = line;
    if (i < n) {
      i++;
      line++;
    }
    if (allEmpty && fields == 1) continue; // a blank line
    if (t.rows == 0) {
      t.columns = fields;
      t.minColumns = fields;
      t.maxColumns = fields;
      t.headerLast = rowLast;
      firstFields = fields;
    } else {
      t.minColumns = min(t.minColumns, fields);
      t.maxColumns = max(t.maxColumns, fields);
    }
    if (rowLast > rowFirst) t.multiLine++;
    t.rows++;
  }
  t.header = t.rows >= 2 && firstFields > 1 && firstNumeric == 0 && firstEmpty == 0 && secondNumericWhereFirstText;
  return t;
}

/** Delimiters a table may use, most common first. */
const DELIMITERS: StaticArray<i32> = [CharCode.COMMA, CharCode.TAB, CharCode.SEMICOLON, CharCode.PIPE];

/**
 * The delimiter of a text that is a table by its content, or -1: at least
 * SNIFF_MIN_LINES lines, and among the first SNIFF_LINES non-blank ones,
 * nearly all with the same number (one or more) of one delimiter outside
 * quotes.
 */
export function sniffDelimiter(text: string): i32 {
  const n = text.length;
  for (let d = 0; d < DELIMITERS.length; d++) {
    const delim = DELIMITERS[d];
    let pos = 0;
    let lines = 0;
    let first = -1;
    let agree = 0;
    while (pos < n && lines < SNIFF_LINES) {
      const nl = findNewline(text, pos, n);
      let count = 0;
      let quoted = false;
      let blank = true;
      for (let i = pos; i < nl; i++) {
        const c = unitAt(text, i);
        if (c != CharCode.SPACE && c != CharCode.TAB && c != CharCode.CR) blank = false;
        if (c == CharCode.DQUOTE) quoted = !quoted;
        else if (c == delim && !quoted) count++;
      }
      pos = nl + 1;
      if (blank) continue;
      lines++;
      if (first < 0) first = count;
      if (count == first) agree++;
    }
    if (lines >= SNIFF_MIN_LINES && first > 0 && agree * 100 >= lines * SNIFF_AGREE_PERCENT) return delim;
  }
  return -1;
}
