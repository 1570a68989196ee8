// The keyword scan (scan.ts) refined by the output's shapes (shapes.ts):
//   - lines that break the rhythm join as Kind.Notable candidates, so a failure
//     that never says "error" ("not ok 7 - …", "● name", "SUMMARY: …", a go test
//     message among "=== RUN" lines) can be kept;
//   - a keyword that is only a word of free text is dropped: inside a row of the
//     output's main table ("ii  libasan8 … a fast memory error detector", a
//     passing test named "reports errors"), mid-sentence in the prose of a
//     command that succeeded (a man page, a package description, a changelog:
//     "clamp will panic if max < min"), or in code quoted under a diagnostic
//     ("  > 10 |   throw new RangeError(…)") or a frame ("    raise KeyError(k)"),
//     or what a verb before it turns off ("(Use -nullpass to inhibit warning)").
//   - a lowercase or capitalised word in a row of a table under a header and its
//     rule (psql's " 2024-01-01 | failed   |    127", a status column) is a cell;
//   - a line labelled "SUMMARY:" among its first words (sanitizers, memory
//     checkers: "SUMMARY: AddressSanitizer: heap-use-after-free …", "==7== ERROR
//     SUMMARY: 3 errors from 3 contexts") states the run's totals: a summary;
//   - a line that opens with the margin marker most error lines open with is an
//     error whatever it says (pytest's "E       decimal.InvalidOperation: […]").
//   - in a failed run, a line opened by a word of capitals and the kind of trouble in
//     parentheses that opens a minority of the lines is a failure ("CONFLICT
//     (content): Merge conflict in a.py" among "Auto-merging" lines; status.ts).
// Linear: one look at each flagged line, one at each line for its shape, and a
// sort of the rhythm-breaking lines only.
import { endsSayingDenied } from "./absent";
import { CharCode, isAlpha, isDigit, isIdentChar, isSpaceOrTab, isUnitOf } from "../util/chars";
import { blanksStart, digitsEnd, gapEnd, lettersEnd, onlyPointer, tokenEnd, unitAt } from "../util/lines";
import { confirmAt } from "./confirm";
import { annotatesFrame, isBareLocation, isFrame } from "./frames";
import { Kind, rankOf } from "./kinds";
import { findingCode, findingOf, findingSeverity, LineNoter } from "./notes";
import { Scan } from "./scan";
import { Shapes } from "./shapes";
import { markLastWords } from "./last-words";
import { failsOnWarnings } from "./warnings-fail";
import { markSiblingComplaints } from "./sibling-complaints";
import { markFailureLists } from "./failure-list";
import { markLocatedLines } from "./located-lines";
import { markRecordHeads } from "./records";
import { markStatusWords } from "./status";
import { isBlank, isParenthesized, isRule } from "./table-rules";
import { dropDataRows } from "./template-rows";
import { isUnderlinedTitle, underlines } from "./titles";
import { sortI64 } from "../util/sort-ints";
import { endRun } from "./phases";
import { isWordOf } from "../util/words";

/** Most notable lines a scan takes: the ones that break the largest columns. */
const MAX_NOTABLE: i32 = 48;
/**
 * A command that succeeded and said nothing of a failure: only a break in a
 * rhythm held over this many lines is a candidate (a "not ok" among a hundred
 * "ok" lines), not every legend or header of a listing.
 */
const QUIET_SUPPORT: i32 = 64;
/** Prose: a line of at least this many words. */
const PROSE_WORDS: i32 = 6;
/** A margin marker ("E       " of pytest): a token of at most this many units... */
const MARKER_TOKEN: i32 = 3;
/** ...padded by at least this many spaces or tabs to the column where the text starts. */
const MARKER_PAD: i32 = 2;
/** Margin markers followed, at most. */
const MAX_MARKERS: i32 = 4;

function isLower(c: i32): bool {
  return <u32>(c - CharCode.a) <= 25;
}

function isUpper(c: i32): bool {
  return <u32>(c - CharCode.A) <= 25;
}

/** Case of the letters s[a, b): 1 lower, 2 capitalised, 0 other (upper, mixed). */
function wordCase(s: string, a: i32, b: i32): i32 {
  if (b <= a) return 0;
  for (let j = a + 1; j < b; j++) if (!isLower(unitAt(s, j))) return 0;
  const c = unitAt(s, a);
  if (isLower(c)) return 1;
  return isUpper(c) ? 2 : 0;
}

/** The end of the previous whitespace-separated token before `at`, which blanks must precede; -1 when none. */
// @ts-ignore: decorator
@inline function tokenEndBefore(s: string, lineStart: i32, at: i32): i32 {
  let j = at - 1;
  if (j < lineStart || !isSpaceOrTab(unitAt(s, j))) return -1;
  while (j >= lineStart && isSpaceOrTab(unitAt(s, j))) j--;
  return j < lineStart ? -1 : j + 1;
}

/** [start, end) of the previous whitespace-separated token before `at`, packed; -1 when none. */
function tokenBefore(s: string, lineStart: i32, at: i32): i64 {
  const e = tokenEndBefore(s, lineStart, at);
  if (e < 0) return -1;
  let j = e - 1;
  while (j >= lineStart && !isSpaceOrTab(unitAt(s, j))) j--;
  return (<i64>(j + 1) << 32) | <i64>e;
}

/**
 * A line of a code excerpt under a diagnostic ("    > 10 |   throw new
 * RangeError(…)", "12 |     panic!(…)"): the word is the code's, and the
 * diagnostic above it is the line that says what failed. Not a row of a table of
 * findings, whose keyword at `hit` fills the cell after the line's number alone, one space
 * after its bar and closed by a bar standing alone ("  7 | ERROR | [x] Expected 1 space …"):
 * that row is the finding itself. Code's own operators ("failed ||", "error |=") close no cell.
 */
function codeExcerpt(s: string, ls: i32, le: i32, hit: i32): bool {
  let j = gapEnd(s, ls, le);
  if (j < le && unitAt(s, j) == CharCode.GT) j++;
  j = gapEnd(s, j, le);
  const digits = j;
  j = digitsEnd(s, j, le);
  if (j == digits) return false;
  j = gapEnd(s, j, le);
  if (j >= le || unitAt(s, j) != CharCode.PIPE) return false;
  // A cell holds its word one space after the bar; code is indented past it ("11 |     ERROR |").
  const w = j + 2;
  if (w >= le || unitAt(s, j + 1) != CharCode.SPACE || isSpaceOrTab(unitAt(s, w))) return true;
  const e = lettersEnd(s, w, le);
  if (hit < w || hit >= e) return true;
  const cellEnd = gapEnd(s, e, le);
  return cellEnd + 1 >= le || unitAt(s, cellEnd) != CharCode.PIPE || !isSpaceOrTab(unitAt(s, cellEnd + 1));
}

function indentAt(s: string, a: i32, b: i32): i32 {
  return gapEnd(s, a, b) - a;
}

/**
 * Whether a line is a row of a table under a header and its rule (records.ts reads tables the
 * same way): the rows after the rule, up to a blank line, another rule or a line in parentheses
 * ("(48 rows)"). Worked out for the whole text on the first question only: most keyword hits are
 * settled before it is asked, and a long log then never pays a pass over its lines for it.
 */
class RuledRows {
  private rows: StaticArray<u8> | null = null;

  constructor(private s: string, private shapes: Shapes) {}

  has(line: i32): bool {
    let rows = this.rows;
    if (rows === null) {
      rows = ruledRows(this.s, this.shapes);
      this.rows = rows;
    }
    return unchecked(rows[line]) != 0;
  }
}

/** 1 for each line that is a row of a ruled table (see RuledRows). */
function ruledRows(s: string, shapes: Shapes): StaticArray<u8> {
  const rows = new StaticArray<u8>(shapes.count + 1);
  let inTable = false;
  let prevText = false;
  for (let i = 0; i < shapes.count; i++) {
    const a = unchecked(shapes.starts[i]);
    const b = unchecked(shapes.ends[i]);
    const blank = isBlank(s, a, b);
    const rule = !blank && isRule(s, a, b);
    if (inTable) {
      if (blank || rule || isParenthesized(s, a, b)) inTable = false;
      else unchecked((rows[i] = 1));
    } else if (rule && prevText) inTable = true;
    prevText = !blank && !rule;
  }
  return rows;
}

/** The word of letters around `hit` in line [ls, le), packed as (start << 32) | end. */
function wordAround(s: string, ls: i32, le: i32, hit: i32): i64 {
  let w = hit;
  while (w > ls && isAlpha(unitAt(s, w - 1))) w--;
  return (<i64>w << 32) | <i64>lettersEnd(s, hit, le);
}

function isQuote(c: i32): bool {
  if (ASC_SHRINK_LEVEL >= 2) return isUnitOf(c, "'\"`");
  return c == CharCode.SQUOTE || c == CharCode.DQUOTE || c == 0x60;
}

function isNameChar(c: i32): bool {
  return isIdentChar(c) || c == CharCode.DOT;
}

/**
 * The word [w, e) is only part of a name the line mentions, not a status it states:
 *   - the whole of a quoted name ("'exceptions' may be undefined", "'JSONDecodeError',")
 *     that is neither a field's value ("level": "error", name: 'RangeError', missing='error')
 *     nor a field's key ("error": {…});
 *   - a part of a dotted name (".exceptions,", "xml.sax._exceptions") that is not the
 *     type an error is reported as ("json.decoder.JSONDecodeError: …", "errors.New(").
 */
function nameMention(s: string, ls: i32, le: i32, w: i32, e: i32): bool {
  let a = w;
  while (a > ls && isNameChar(unitAt(s, a - 1))) a--;
  let b = e;
  while (b < le && isNameChar(unitAt(s, b))) b++;
  // A dotted name ends at its last name character: a full stop after it ends a sentence.
  while (b > e && unitAt(s, b - 1) == CharCode.DOT) b--;
  const after = b < le ? unitAt(s, b) : 0;
  if (a > ls && b < le && isQuote(unitAt(s, a - 1)) && after == unitAt(s, a - 1)) {
    let j = a - 2;
    while (j >= ls && isSpaceOrTab(unitAt(s, j))) j--;
    // A key's colon, not a location's ("x.py:28:12: 'exceptions' may be undefined").
    if (j > ls && unitAt(s, j) == CharCode.COLON && !isDigit(unitAt(s, j - 1))) return false;
    if (j >= ls && unitAt(s, j) == 0x3d) return false;
    const k = gapEnd(s, b + 1, le);
    return !(k < le && unitAt(s, k) == CharCode.COLON);
  }
  const dotted = (w > a && unitAt(s, w - 1) == CharCode.DOT) || (e < b && unitAt(s, e) == CharCode.DOT);
  return dotted && after != CharCode.COLON && after != 0x28;
}

/**
 * The word [w, …) is what a verb before it turns off ("(Use -nullpass to inhibit warning)",
 * "to silence this warning"): the line advises how to hide a finding, it reports none.
 */
function silenced(s: string, ls: i32, w: i32): bool {
  let t = listedBefore(s, ls, w);
  if (mayBeListed(s, t) && isWordOf(s.substring(<i32>(t >> 32), <i32>t), "this the these")) t = listedBefore(s, ls, <i32>(t >> 32));
  return mayBeListed(s, t) && isWordOf(s.substring(<i32>(t >> 32), <i32>t), "inhibit suppress silence disable");
}

/**
 * tokenBefore() of `at`, or -1 where that token is no word mayBeListed() takes. The Node core's
 * build reads back at most nine units of it: most flagged lines' token before the keyword is
 * a location ("src/a.c:12:5:"), longer than any word listed, and is not read to its start.
 * The size-optimised build reads the whole token (tokenBefore).
 */
function listedBefore(s: string, ls: i32, at: i32): i64 {
  if (ASC_SHRINK_LEVEL >= 2) return tokenBefore(s, ls, at);
  const e = tokenEndBefore(s, ls, at);
  if (e < 0) return -1;
  // The lower-case letters ending the token, nine at most: nine are already too many.
  let a = e;
  while (a > ls && e - a < 9 && <u32>(unitAt(s, a - 1) - 0x61) < 26) a--;
  if (e - a < 3 || e - a > 8) return -1;
  // The token goes on before them (a unit other than those letters): it is no word listed.
  if (a > ls && !isSpaceOrTab(unitAt(s, a - 1))) return -1;
  return (<i64>a << 32) | <i64>e;
}

/**
 * Whether token `t` (tokenBefore's start and end, -1 for none) is a lower-case word of 3 to 8
 * letters, as every word `silenced` looks for is: most flagged lines' word before the keyword
 * is a location or a symbol, and this spares making a string of it.
 */
function mayBeListed(s: string, t: i64): bool {
  if (t < 0) return false;
  const a = <i32>(t >> 32);
  const e = <i32>t;
  if (e - a < 3 || e - a > 8) return false;
  for (let k = a; k < e; k++) {
    const c = unitAt(s, k);
    if (c < 0x61 || c > 0x7a) return false;
  }
  return true;
}

/** What a flagged line's own text says of its keyword (wordVerdict); 0 stands for not worked out yet. */
export const FREE_TEXT: u8 = 1;
export const STATUS: u8 = 2;
export const IN_WORDS: u8 = 3;
/** Or'ed into a flagged line's noted verdict: the line names the function of the frame under it (namesFramesFunction). */
export const NAMES_FRAMES_FUNCTION: u8 = 0x80;
/** Or'ed into any line's noted verdict byte: the next line may underline it (titles.ts, mayUnderline). */
export const MAY_BE_UNDERLINED: u8 = 0x40;
/**
 * Set in the noted verdict byte of a line no keyword flagged that ends saying something is absent
 * (absent.ts); in the Node core also of any line at the margin that ends saying a request was
 * denied (endsSayingDenied), which the refinement takes alike, so that it need not read it again.
 */
export const SAYS_ABSENT: u8 = 0x20;
/** Set in the noted verdict byte of a line no keyword flagged that ends saying a path does not exist (absent.ts). */
export const SAYS_NO_SUCH_PATH: u8 = 0x10;
/** Set in the noted verdict byte of a line no keyword flagged that says a name it quotes is undefined (absent.ts). */
export const SAYS_UNDEFINED: u8 = 0x08;
/**
 * Set by the Node core in the noted verdict byte of a line that is a pointer, carets or tildes
 * alone (onlyPointer): the refinement asks it of most lines and of the line under them, and
 * reading each line's text again, long after the pass over the lines, costs more than the check.
 */
export const ONLY_POINTER: u8 = 0x04;
/** Lines that say a path does not exist are errors in a failed run while at most one line in this many says so. */
const MISSING_PATH_SHARE: i32 = 8;
/** The bits of a noted verdict byte that hold the verdict. */
const VERDICT_BITS: u8 = 3;

/**
 * What line [ls, le) and the line before it, [ps, pe) (ps -1 for none), say of the keyword
 * at `hit`: FREE_TEXT when the line is code quoted under a diagnostic or a frame or the word
 * only names something (nameMention) and no later keyword of the line says more, STATUS
 * when the keyword's word is not a plain lower-case or capitalised word standing alone
 * ("error:", "failed;", "(error)", "ERROR"), else IN_WORDS: the rest of the output decides
 * whether it is free text (incidental).
 */
export function wordVerdict(s: string, ls: i32, le: i32, ps: i32, pe: i32, hit: i32): u8 {
  if (codeExcerpt(s, ls, le, hit)) return FREE_TEXT;
  // The source line a Python frame quotes ("    raise JSONDecodeError(…)" under "  File …, line 355").
  if (ps >= 0) {
    const inset = indentAt(s, ps, pe);
    if (inset > 0 && indentAt(s, ls, le) > inset && isFrame(s, ps, pe)) return FREE_TEXT;
  }
  const word = wordAround(s, ls, le, hit);
  const w = <i32>(word >> 32);
  const e = <i32>word;
  if (nameMention(s, ls, le, w, e) || silenced(s, ls, w)) {
    // The line's status, if any, is told by a later keyword ("src/errors.ts:3:1: error …").
    for (let j = e; j + 1 < le; j++) if (confirmAt(s, j) != Kind.None) return wordVerdict(s, ls, le, ps, pe, j);
    return FREE_TEXT;
  }
  if (wordCase(s, w, e) == 0) return STATUS;
  // A word glued to punctuation ("error:", "failed;", "(error)") reads as a status.
  if (w > ls && !isSpaceOrTab(unitAt(s, w - 1))) return STATUS;
  if (e < le && !isSpaceOrTab(unitAt(s, e))) return STATUS;
  return IN_WORDS;
}

/**
 * Line [ls, le) names the function of the frame whose location the next line, [a, b), gives
 * alone ("panic({0x509fc0, 0x553490})" over "\t/usr/lib/go/src/runtime/panic.go:884 +0x212"):
 * a keyword there is the function's name, one frame of a trace flagged already. The line
 * is a call (it closes the parenthesis it opens, with no message before it): an exception
 * over its frames ("java.lang.IllegalArgumentException: quantity must be positive: 0"
 * over "\tat shop.Cart.add(Cart.java:10)") is the failure the trace reports. Worked out
 * by the pass over the lines while it holds both (notes.ts, NAMES_FRAMES_FUNCTION).
 */
export function namesFramesFunction(s: string, ls: i32, le: i32, a: i32, b: i32): bool {
  return isBareLocation(s, a, b) && isFrame(s, a, b) && isCall(s, ls, le);
}

/** Line [ls, le) is a call, "name(args)": it ends with the parenthesis its first one opens, no ": " before that. */
function isCall(s: string, ls: i32, le: i32): bool {
  let e = le;
  e = blanksStart(s, ls, e);
  if (e == ls || unitAt(s, e - 1) != CharCode.RPAREN) return false;
  for (let i = gapEnd(s, ls, e); i < e - 1; i++) {
    const c = unitAt(s, i);
    if (c == CharCode.LPAREN) return true;
    if (c == CharCode.COLON && isSpaceOrTab(unitAt(s, i + 1))) return false;
  }
  return false;
}

/**
 * The word is free text: a lowercase word of a table row or of a sentence, or code quoted
 * under a diagnostic or a frame. `verdict`: the line's wordVerdict, as noted.
 */
function incidental(s: string, shapes: Shapes, rows: RuledRows, line: i32, hit: i32, exitCode: i32, verdict: u8, notes: StaticArray<u64>): bool {
  // Code a diagnostic quotes and underlines with a pointer ("      rescue Exception => e" over
  // "      ^^^^^^"): the word is the code's, the diagnostic names what is wrong with it.
  if (line + 1 < shapes.count && pointerLine(s, shapes, notes, line + 1)) return true;
  if (ASC_SHRINK_LEVEL < 2) {
    if (verdict & NAMES_FRAMES_FUNCTION && line + 1 < shapes.count) return true;
    verdict &= VERDICT_BITS;
  } else if (line + 1 < shapes.count && namesFramesFunction(s, unchecked(shapes.starts[line]), unchecked(shapes.ends[line]), unchecked(shapes.starts[line + 1]), unchecked(shapes.ends[line + 1]))) return true;
  if (verdict != IN_WORDS) return verdict == FREE_TEXT;
  const ls = unchecked(shapes.starts[line]);
  const le = unchecked(shapes.ends[line]);
  const word = wordAround(s, ls, le, hit);
  const w = <i32>(word >> 32);
  const e = <i32>word;
  const form = wordCase(s, w, e);
  // A cell of a ruled table's row: the table's data, whatever its word.
  if (rows.has(line)) return true;
  // Its index among the line's tokens, and their number.
  let index = 0;
  let tokens = 0;
  let j = ls;
  while (j < le) {
    j = gapEnd(s, j, le);
    if (j >= le) break;
    if (j < w) index++;
    tokens++;
    j = tokenEnd(s, j, le);
  }
  if (index < 2) return false;
  const prev = tokenBefore(s, ls, w);
  if (prev < 0) return false;
  const prevCase = wordCase(s, <i32>(prev >> 32), <i32>(prev & 0xffffffff));
  // A row of the main table ("ii  name  version  description"), its word neither
  // in a column of its own (then the line would break the rhythm) nor a constant
  // of the rows' template ("src/a.ts:7:39 - error TS2322: …" in every row).
  if (shapes.regularRow(line) && shapes.deviation(line) == 0 && (form == 1 || prevCase == 2) && !(index == 2 && shapes.steady(line, 2))) return true;
  // Mid-sentence in a command that succeeded: "… a fast memory error detector".
  if (exitCode != 0 || form != 1 || prevCase != 1 || tokens < PROSE_WORDS) return false;
  const k = gapEnd(s, e, le);
  return k > e && k < le && isLower(unitAt(s, k));
}

/**
 * The margin marker of line [a, b), packed as (token end << 32) | text start,
 * or -1: a short token at the margin padded to a column ("E       ", ">>  ").
 */
function marginMarker(s: string, a: i32, b: i32): i64 {
  let j = a;
  while (j < b && j - a <= MARKER_TOKEN && !isSpaceOrTab(unitAt(s, j))) j++;
  if (j == a || j - a > MARKER_TOKEN) return -1;
  const tokenEnd = j;
  j = gapEnd(s, j, b);
  if (j - tokenEnd < MARKER_PAD || j == b) return -1;
  return (<i64>tokenEnd << 32) | <i64>j;
}

/** Line [a, b) opens with the margin marker s[ma, mb) (token and padding) exactly. */
function hasMarker(s: string, a: i32, b: i32, ma: i32, mb: i32): bool {
  const len = mb - ma;
  if (b - a <= len || isSpaceOrTab(unitAt(s, a + len))) return false;
  for (let k = 0; k < len; k++) if (unitAt(s, a + k) != unitAt(s, ma + k)) return false;
  return true;
}

/**
 * Lines that open with the margin marker most of a runner's error lines open
 * with are errors too, whatever they say: pytest's "E       " before
 * "decimal.InvalidOperation: […]" as before "AssertionError: …". A marker counts
 * when at least two error lines carry it and they are at least half of its lines.
 * Marks them in `into` (Kind.Error per line); linear, a few comparisons per line.
 */
function markedLikeErrors(text: string, scan: Scan, keep: StaticArray<u8>, shapes: Shapes, flagged: StaticArray<u8>, into: StaticArray<u8>): void {
  const markerStarts = new Array<i32>();
  const markerEnds = new Array<i32>();
  const errorsWith = new Array<i32>();
  for (let i = 0; i < scan.count; i++) {
    if (unchecked(keep[i]) == 0 || rankOf(unchecked(scan.kinds[i])) < 3) continue;
    const a = unchecked(scan.lineStarts[i]);
    const m = marginMarker(text, a, unchecked(scan.lineEnds[i]));
    if (m < 0) continue;
    const mb = <i32>(m & 0xffffffff);
    let found = -1;
    for (let k = 0; k < markerStarts.length && found < 0; k++) {
      if (unchecked(markerEnds[k]) - unchecked(markerStarts[k]) == mb - a && hasMarker(text, a, mb + 1, unchecked(markerStarts[k]), unchecked(markerEnds[k]))) found = k;
    }
    if (found >= 0) unchecked((errorsWith[found] += 1));
    else if (markerStarts.length < MAX_MARKERS) {
      markerStarts.push(a);
      markerEnds.push(mb);
      errorsWith.push(1);
    }
  }
  let any = false;
  for (let k = 0; k < errorsWith.length; k++) if (unchecked(errorsWith[k]) >= 2) any = true;
  if (!any) return;
  const linesWith = new Array<i32>(markerStarts.length);
  const lines = shapes.count;
  for (let pass = 0; pass < 2; pass++) {
    for (let line = 0; line < lines; line++) {
      const a = unchecked(shapes.starts[line]);
      const b = unchecked(shapes.ends[line]);
      for (let k = 0; k < markerStarts.length; k++) {
        if (unchecked(errorsWith[k]) < 2 || !hasMarker(text, a, b, unchecked(markerStarts[k]), unchecked(markerEnds[k]))) continue;
        if (pass == 0) unchecked((linesWith[k] += 1));
        else if (unchecked(errorsWith[k]) * 2 >= unchecked(linesWith[k]) && unchecked(flagged[line]) == 0) unchecked((into[line] = <u8>Kind.Error));
        break;
      }
    }
  }
}

/** Adds line `line` (0-based) to `out` as a flagged line of `kind`, hit at its start. */
function addWholeLine(out: Scan, text: string, shapes: Shapes, line: i32, kind: i32): void {
  const start = unchecked(shapes.starts[line]);
  out.add(start, lineEndOf(text, unchecked(shapes.ends[line])), line + 1, kind, start);
}

/**
 * `scan` (noted as `shapes` was read, see LineNoter) without its incidental keyword hits
 * and with the lines that break the rhythm as Kind.Notable (and those opened by the error
 * lines' margin marker as Kind.Error), in line order. `exitCode` is -1 when unknown.
 * `unranked`: without the Notable lines, which only a cut chooses among (they are no
 * error or warning: the counts and the first error stay the same).
 */
export function refineScan(text: string, scan: Scan, shapes: Shapes, exitCode: i32, unranked: bool = false): Scan {
  const lines = shapes.count;
  const flagged = new StaticArray<u8>(lines + 1);
  const keep = new StaticArray<u8>(scan.count);
  // Lines labelled "SUMMARY:": 1, or 2 once the scan's entry for them is taken.
  const summary = new StaticArray<u8>(lines + 1);
  for (let k = 0; k < shapes.labelled.length; k++) unchecked((summary[unchecked(shapes.labelled[k])] = 1));
  let failures = 0;
  const rows = new RuledRows(text, shapes);
  // A scan whose lines were read without a LineNoter has them read again to be noted.
  if (scan.notes === null) new Shapes(text, scan.totalLines, new LineNoter(scan));
  const notes = scan.notes!;
  for (let i = 0; i < scan.count; i++) {
    const line = unchecked(scan.lineNumbers[i]) - 1;
    const kind = unchecked(scan.kinds[i]);
    let ok = true;
    if (kind != Kind.Summary && kind != Kind.Exit && line < lines) {
      ok = !incidental(text, shapes, rows, line, unchecked(scan.hits[i]), exitCode, <u8>(unchecked(notes[line]) >> 32), notes);
    }
    if (ok) {
      if (kind >= Kind.Failure) failures++;
      unchecked((keep[i] = 1));
      if (line < lines) unchecked((flagged[line] = 1));
    }
  }
  // In a command that succeeded, a keyword line alike in its tokens to a large group of
  // lines without one is a row of that group (template-rows.ts).
  if (exitCode == 0 && scan.count > 0) {
    failures -= dropDataRows(scan, keep, shapes);
    // A line stays flagged while any entry of it is kept (a summary on a dropped row).
    for (let i = 0; i < scan.count; i++) {
      const line = unchecked(scan.lineNumbers[i]) - 1;
      if (unchecked(keep[i]) == 0 && line < lines) unchecked((flagged[line] = 0));
    }
    for (let i = 0; i < scan.count; i++) {
      const line = unchecked(scan.lineNumbers[i]) - 1;
      if (unchecked(keep[i]) != 0 && line < lines) unchecked((flagged[line] = 1));
    }
  }
  // Lines flagged whole, by the kind they take: the error lines' margin marker, a finding.
  const marked = new StaticArray<u8>(lines + 1);
  markedLikeErrors(text, scan, keep, shapes, flagged, marked);
  // A failed run whose lines are mostly "path:line: message": those say what it failed for (located-lines.ts).
  if (exitCode > 0) markLocatedLines(text, shapes, notes, flagged, marked, ASC_SHRINK_LEVEL < 2 ? scan.marginLines : 0, ASC_SHRINK_LEVEL < 2 ? scan.locatedLines : 0);
  for (let i = 0; i < lines; i++) if (unchecked(marked[i]) != 0) unchecked((flagged[i] = 1));
  // A missing path is news in a run that failed, and only where few lines report one: on many
  // of them (a check of mounts whose devices this machine lacks) it is the output's rhythm.
  let missingPaths = 0;
  if (exitCode > 0) for (let i = 0; i < lines; i++) if ((<u8>(unchecked(notes[i]) >> 32) & SAYS_NO_SUCH_PATH) != 0) missingPaths++;
  const missingPathsTell = exitCode > 0 && missingPaths * MISSING_PATH_SHARE <= lines;
  // The lines that break the largest columns, later lines first among equals.
  const minSupport = exitCode == 0 && failures == 0 ? QUIET_SUPPORT : 1;
  const candidates = new Array<i64>();
  // Where the last run of consecutive candidates starts in `candidates`, and its last line.
  let run = 0;
  let lastCandidate = -2;
  for (let i = 0; i < lines; i++) {
    if (unchecked(flagged[i]) != 0) continue;
    // A finding that names its code says what to fix where, error word or not (flake8's
    // "x.py:3:1: F821 …"), and its code ranks it among the others (novel.ts). One that
    // names none ("x.py:8:43: undefined name …") is only located: where every line is
    // one, as pyflakes prints them, being one sets no line apart.
    // A title the tool underlined states what follows (titles.ts): a summary of it.
    const note = unchecked(notes[i]);
    // The size-optimised build reads the next line's end again; the Node core's pass over the lines noted it.
    const mayBeTitle = ASC_SHRINK_LEVEL < 2 ? (<u8>(note >> 32) & MAY_BE_UNDERLINED) != 0 && i + 1 < shapes.count : true;
    if (ASC_SHRINK_LEVEL < 2 ? mayBeTitle && underlines(text, shapes, i) : isUnderlinedTitle(text, shapes, i)) {
      unchecked((marked[i] = <u8>Kind.Summary));
      continue;
    }
    // A failed lookup ("lib.so.1 => not found") or a refused request ("Permission denied") is an
    // error, however often the listing prints one; a missing path, in a failed run where few lines
    // report one.
    // (The Node core's pass noted a refusal as SAYS_ABSENT.)
    if ((<u8>(note >> 32) & (missingPathsTell ? SAYS_ABSENT | SAYS_NO_SUCH_PATH : SAYS_ABSENT)) != 0 || (ASC_SHRINK_LEVEL >= 2 && endsSayingDenied(text, unchecked(shapes.starts[i]), unchecked(shapes.ends[i])))) {
      unchecked((marked[i] = <u8>Kind.Error));
      continue;
    }
    const finding = findingOf(note);
    if (finding != 0 && findingCode(finding) >= 0) {
      unchecked((marked[i] = <u8>(findingSeverity(finding) == 0 ? Kind.Error : Kind.Warning)));
      continue;
    }
    // So is a name a failed run says is undefined, where no code ranks the line (absent.ts).
    if (exitCode > 0 && (<u8>(note >> 32) & SAYS_UNDEFINED) != 0) {
      unchecked((marked[i] = <u8>Kind.Error));
      continue;
    }
    if (ASC_SHRINK_LEVEL < 2 && unranked) continue;
    // A pointer (`    ^^^^`) marks a place in the line above: alone it says nothing. The
    // line it underlines is code a diagnostic quotes: its rhythm is the code's.
    if (pointerLine(text, shapes, notes, i)) continue;
    if (i + 1 < lines && pointerLine(text, shapes, notes, i + 1)) continue;
    const d = shapes.deviation(i);
    if (d < minSupport) continue;
    // A line under a stack frame at its depth ("- locked <0x…>") annotates the frame and
    // says nothing of the outcome; a line back at a lesser depth ("Caused by: …") may.
    if (annotatesFrame(text, shapes, i)) continue;
    // A long run of breaking lines is a phase of the output: its first line breaks the rhythm (phases.ts).
    if (i != lastCandidate + 1) {
      endRun(candidates, run);
      run = candidates.length;
    }
    candidates.push((<i64>d << 32) | <i64>i);
    lastCandidate = i;
  }
  endRun(candidates, run);
  // A failed run that flagged no failure: the heads of the records it printed between
  // rules state what it failed for (records.ts).
  if (exitCode > 0 && failures == 0) markRecordHeads(text, shapes, flagged, marked);
  // A failed run's rare status words ("CONFLICT (content): …") state what failed (status.ts).
  const statusLines = scan.statusLines;
  const statusMarked = exitCode > 0 && statusLines !== null && markStatusWords(text, shapes, statusLines!, flagged, marked);
  // A failed run's closing list of its failures, one place per line (failure-list.ts).
  if (exitCode > 0) markFailureLists(text, shapes, scan.failureHeadings, flagged, marked);
  // A failed run's last line states its outcome; when nothing flagged or marked says what
  // failed, it is the error (last-words.ts). Failing that, the flagged lines' program may
  // have complained of it without a keyword (sibling-complaints.ts).
  const alone = failures == 0 && !statusMarked;
  if (exitCode > 0 && !markLastWords(shapes, flagged, marked, alone) && alone) markSiblingComplaints(text, shapes, flagged, marked);
  sortI64(candidates);
  const notable = new StaticArray<u8>(lines + 1);
  let taken = 0;
  for (let k = candidates.length - 1; k >= 0 && taken < MAX_NOTABLE; k--) {
    const line = <i32>(unchecked(candidates[k]) & 0xffffffff);
    // A line marked a failure is kept as one, and leaves its place to another.
    if (statusMarked && unchecked(marked[line]) != 0) continue;
    unchecked((notable[line] = 1));
    taken++;
  }
  // A failed run whose flagged lines are warnings only failed for them (warnings-fail.ts).
  const warningsFail = exitCode > 0 && failures == 0 && failsOnWarnings(marked, notes, lines);
  const out = new Scan();
  out.totalLines = scan.totalLines;
  out.pairs = scan.pairs;
  out.notes = scan.notes;
  // Noted by the same pass as the notes: a refined scan refined again must not lose them.
  out.statusLines = scan.statusLines;
  out.failureHeadings = scan.failureHeadings;
  let a = 0;
  for (let line = 0; line <= lines; line++) {
    // A flagged line marked the run's outcome (last-words.ts) keeps its entries, ranked at least as that outcome.
    const outcome = line < lines && unchecked(flagged[line]) != 0 && unchecked(marked[line]) == Kind.Summary;
    let entered = false;
    // Scan entries of this line (and any beyond the shapes' last line).
    while (a < scan.count && (unchecked(scan.lineNumbers[a]) - 1 == line || line == lines)) {
      if (unchecked(keep[a]) != 0) {
        let kind = unchecked(scan.kinds[a]);
        entered = true;
        // "ERROR SUMMARY: 0 errors": the label makes it a summary whatever word precedes it.
        if (line < lines && unchecked(summary[line]) != 0) {
          if (kind != Kind.Trace) kind = Kind.Summary;
          unchecked((summary[line] = 2));
        } else if (outcome && kind < Kind.Summary) kind = Kind.Summary;
        // A warning a linter's finding states by its code keeps its rank (warnings-fail.ts).
        if (warningsFail && kind == Kind.Warning && findingCode(findingOf(unchecked(notes[line]))) < 0) kind = Kind.Failure;
        out.add(unchecked(scan.lineStarts[a]), unchecked(scan.lineEnds[a]), unchecked(scan.lineNumbers[a]), kind, unchecked(scan.hits[a]));
      }
      a++;
    }
    if (line < lines && unchecked(marked[line]) != 0) {
      // One entry per line: a flagged outcome already has its own.
      if (!(outcome && entered)) addWholeLine(out, text, shapes, line, unchecked(marked[line]));
    }
    else if (line < lines && (unchecked(notable[line]) != 0 || unchecked(summary[line]) == 1)) {
      addWholeLine(out, text, shapes, line, unchecked(summary[line]) == 1 ? Kind.Summary : Kind.Notable);
    }
  }
  return out;
}

/** Line i (below shapes.count) is a pointer alone (onlyPointer): as the Node core's pass over the lines noted it (ONLY_POINTER). */
// @ts-ignore: decorator
@inline function pointerLine(s: string, shapes: Shapes, notes: StaticArray<u64>, i: i32): bool {
  if (ASC_SHRINK_LEVEL < 2) return (<u8>(unchecked(notes[i]) >> 32) & ONLY_POINTER) != 0;
  return onlyPointer(s, unchecked(shapes.starts[i]), unchecked(shapes.ends[i]));
}

/** The scan's line end (index of '\n' or the length): a '\r' before the '\n' stays in the line. */
function lineEndOf(s: string, end: i32): i32 {
  return end < s.length && unitAt(s, end) == CharCode.CR ? end + 1 : end;
}
