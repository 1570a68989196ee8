// What the text itself says about its kind, when the tool and the command do
// not. Only the first SNIFF_UNITS code units and at most SNIFF_LINES lines are
// read, so a 100 MB output costs the same as an 8 KB one.
//
// In order:
// - HTML: `<!DOCTYPE html` or `<html` first (after an optional `<?xml …?>`) → WebContent,
//   unless PROGRAM_LINES_MIN lines open with a program's `name:` prefix (`m4trace: …`,
//   `gen:page.m4:30: cannot open …`): a program's messages interleaved with the markup
//   it writes make a command's output, not a page
// - JSON: one object/array, or two or more lines of them (NDJSON) → StructuredData
// - unified diff: a `diff --git` line, a `--- ` line directly followed by a
//   `+++ ` line with an `@@ -` hunk header later, or a hunk header first, its
//   lines a quarter of the text at least (a log may quote a diff) → Diff
// - `ls -l` rows (`drwxr-xr-x  2 …`, `total N` aside) on ≥ 60% of the lines → DirectoryListing
// - grep hits (`path:line:` or `line:` with no path) on ≥ 60% of the lines,
//   context lines (`path-line-`) and `--` separators aside → SearchResults.
//   Compiler and linter diagnostics (`a.c:3:5: error: …`, `x.py:1:1: E302 …`,
//   any `path:line:col: …`, a runner's `t.c:25:F:suite:test:0: …`) have the same
//   shape but are not hits: they count against the share.
// - bare paths (no spaces, a '/', no `://`) on ≥ 90% of at least 3 lines →
//   DirectoryListing: what find, fd and glob tools print.
// Neither of the last two is asked of a named program's text (Sniff.Program).
import { Category } from "../category";
import { CharCode, isAlpha, isDigit, isUnitOf } from "../util/chars";
import { digitRunEnd, findNewline, programPrefixLength, spaceRunEnd, unitAt } from "../util/lines";
import { isJsonDocument, isJsonLines } from "../json/sniff";
import { startsWithAt, unitsEqual } from "../util/scan";

/** Code units examined from the start of the text. */
export const SNIFF_UNITS = 8192;
/** Lines examined for grep hits and `ls -l` rows. */
export const SNIFF_LINES = 100;
/** Lines opening with `name:` that make a text opening with `<html` a command's output. */
const PROGRAM_LINES_MIN = 3;
/**
 * A line a program writes about its work: `name:file:12: message` (-1), or `name: message`
 * (the length of `name:`), 0 for neither. Markup's own `word:` openings are not one: a URL's
 * `https://`, a stylesheet's `a:hover {` or `color: red;` (a line ending in `;`, `{` or `}`).
 */
function programMessage(s: string, i: i32, end: i32): i32 {
  const len = programPrefixLength(s, i, end);
  if (len == 0) return 0;
  let j = i + len;
  if (j >= end || isUnitOf(unitAt(s, end - 1), ";{}")) return 0;
  const c = unitAt(s, j);
  if (c == CharCode.SPACE) return len;
  if (c == CharCode.SLASH) return 0;
  for (; j + 1 < end; j++) {
    if (unitAt(s, j) != CharCode.COLON || !isDigit(unitAt(s, j + 1))) continue;
    const k = digitRunEnd(s, j + 1, end);
    if (k < end && unitAt(s, k) == CharCode.COLON) return -1;
  }
  return 0;
}

/** Share of the examined lines (percent) that must have a shape to decide. */
const MOST_PERCENT = 60;
/** Bare paths must be nearly all the lines: many logs have a path or two. */
const PATHS_PERCENT = 90;
const PATHS_MIN_LINES = 3;

const BOM = 0xfeff;

function skipBlank(s: string, i: i32, limit: i32): i32 {
  while (i < limit) {
    const c = unitAt(s, i);
    if (c != CharCode.SPACE && c != CharCode.TAB && c != CharCode.LF && c != CharCode.CR && c != BOM) break;
    i++;
  }
  return i;
}

/** Whether s[i, …) starts with `word`, ASCII letters compared case-insensitively. */
function startsWithNoCase(s: string, i: i32, limit: i32, word: string): bool {
  const m = word.length;
  if (i + m > limit) return false;
  for (let k = 0; k < m; k++) {
    let c = unitAt(s, i + k);
    if (c >= CharCode.A && c <= CharCode.Z) c |= 0x20;
    if (c != <i32>word.charCodeAt(k)) return false;
  }
  return true;
}

/** An HTML document opens with a doctype or an <html> tag, perhaps after an XML declaration. */
export function looksLikeHtml(s: string): bool {
  const limit = min(s.length, SNIFF_UNITS);
  let i = skipBlank(s, 0, limit);
  if (startsWithNoCase(s, i, limit, "<?xml")) {
    while (i < limit && unitAt(s, i) != CharCode.GT) i++;
    i = skipBlank(s, i + 1, limit);
  }
  if (startsWithNoCase(s, i, limit, "<!doctype html")) return true;
  if (!startsWithNoCase(s, i, limit, "<html")) return false;
  if (i + 5 >= limit) return i + 5 == s.length;
  const next = unitAt(s, i + 5);
  if (ASC_SHRINK_LEVEL >= 2) return isUnitOf(next, "> \n\t\r");
  return next == CharCode.GT || next == CharCode.SPACE || next == CharCode.LF || next == CharCode.TAB || next == CharCode.CR;
}

export function looksLikeJson(s: string): bool {
  return isJsonDocument(s, SNIFF_UNITS) || isJsonLines(s, SNIFF_UNITS);
}

/** `@@ -a[,b] +c[,d] @@` at s[i]. */
function isHunkHeader(s: string, i: i32, end: i32): bool {
  if (!startsWithAt(s, i, end, "@@ -")) return false;
  let j = i + 4;
  if (j >= end || !isDigit(unitAt(s, j))) return false;
  while (j < end && (isDigit(unitAt(s, j)) || unitAt(s, j) == CharCode.COMMA)) j++;
  if (!startsWithAt(s, j, end, " +")) return false;
  j += 2;
  return j < end && isDigit(unitAt(s, j));
}

/**
 * A unified diff: a `diff --git` line, a `--- ` line directly followed by a `+++ `
 * line with a hunk header later, or a hunk header first; and its lines (`diff --git`
 * lines, hunk headers and the lines of hunks) are not a small part of the text
 * examined: at least a quarter of its non-blank lines. A tool's messages between
 * its diffs (`ERROR: x.py Imports are incorrectly sorted`, `would reformat x.py`)
 * leave it a diff, whatever its first line says; a log that quotes a diff is not one.
 */
export function looksLikeDiff(s: string): bool {
  const limit = min(s.length, SNIFF_UNITS);
  let lines = 0; // non-blank lines
  let diffLines = 0;
  let found = false;
  let headerPair = false; // a `--- ` line directly followed by a `+++ ` line
  let previousMinus = false;
  let inHunk = false;
  let i = 0;
  while (i < limit) {
    const eol = findNewline(s, i, limit);
    if (eol > i) {
      // Every line that matters starts with one of `d @ + - \ space`: most lines are ruled out by it.
      const c = unitAt(s, i);
      inHunk = inHunk && ((ASC_SHRINK_LEVEL >= 2 ? isUnitOf(c, " +-\\") : c == CharCode.SPACE || c == CharCode.PLUS || c == CharCode.MINUS || c == CharCode.BACKSLASH));
      let part = inHunk;
      if (c == 0x64 && startsWithAt(s, i, eol, "diff --git ")) part = found = true;
      else if (c == 0x40 && isHunkHeader(s, i, eol)) {
        found = found || lines == 0 || headerPair;
        part = inHunk = found;
      } else if (previousMinus && c == CharCode.PLUS && startsWithAt(s, i, eol, "+++ ")) headerPair = true;
      previousMinus = c == CharCode.MINUS && startsWithAt(s, i, eol, "--- ");
      if (part) diffLines++;
      lines++;
    } else previousMinus = false;
    i = eol + 1;
  }
  return found && diffLines * 4 >= lines;
}

/** What one line of text looks like to the listing and search sniffers. */
const enum LineShape {
  Other,
  Neutral, // `total N`, a grep context line or separator: counted for nothing
  LsRow,
  Hit,
  Diagnostic,
  Path,
}

/** `drwxr-xr-x`, `-rw-r--r--.`, `lrwxrwxrwx@` followed by spaces and a link count. */
function isLsRow(s: string, i: i32, end: i32): bool {
  if (i + 11 > end) return false;
  const t = unitAt(s, i);
  if (t != CharCode.MINUS && t != 0x64 && t != 0x6c && t != 0x63 && t != 0x62 && t != 0x70 && t != 0x73 && t != 0x44) return false;
  for (let k = 1; k <= 9; k++) {
    const c = unitAt(s, i + k);
    if (c != CharCode.MINUS && c != 0x72 && c != 0x77 && c != 0x78 && c != 0x73 && c != 0x53 && c != 0x74 && c != 0x54) return false;
  }
  let j = i + 10;
  const mark = unitAt(s, j);
  if (ASC_SHRINK_LEVEL >= 2 ? isUnitOf(mark, ".+@") : mark == CharCode.DOT || mark == CharCode.PLUS || mark == 0x40) j++;
  if (j >= end || unitAt(s, j) != CharCode.SPACE) return false;
  j = spaceRunEnd(s, j, end);
  return j < end && isDigit(unitAt(s, j));
}

/** Index after a run of digits at s[i], or -1 when there is none. */
function digitsEnd(s: string, i: i32, end: i32): i32 {
  let j = i;
  j = digitRunEnd(s, j, end);
  return j > i ? j : -1;
}

/**
 * After `path:line:` (and an optional `col:`), a diagnostic goes on with a
 * severity word (`error`, `warning: `, `DeprecationWarning:`) or a rule code (`E302`).
 */
function isDiagnosticTail(s: string, i: i32, end: i32): bool {
  const col = digitsEnd(s, i, end);
  if (col > 0 && col < end && unitAt(s, col) == CharCode.COLON) i = col + 1;
  const start = i;
  i = spaceRunEnd(s, i, end);
  const wordStart = i;
  while (i < end && isAlpha(unitAt(s, i))) i++;
  if (i == wordStart) return false;
  // A rule code: capitals then digits (E302, F401, SC2086).
  if (isDigit(i < end ? unitAt(s, i) : 0)) {
    for (let k = wordStart; k < i; k++) if (unitAt(s, k) < CharCode.A || unitAt(s, k) > CharCode.Z) return false;
    return true;
  }
  const len = i - wordStart;
  // A one-letter status right after the line (`suite.c:25:F:core:test_tax:0: …`, `:E:`, `:W:`)
  // and a field after it: a runner's or checker's record, its fields joined by colons; grep's
  // text there is source (`notes.md:3:Q: why`, `cfg.ini:4:C:\data`).
  if (len == 1 && wordStart == start && i + 1 < end && unitAt(s, i) == CharCode.COLON && unitAt(s, wordStart) <= CharCode.Z) {
    const next = unitAt(s, i + 1);
    return isAlpha(next) || isDigit(next);
  }
  if (startsWithNoCase(s, wordStart, i, "error") && len == 5) return true;
  if (startsWithNoCase(s, wordStart, i, "warning") && len == 7) return true;
  if (startsWithNoCase(s, wordStart, i, "note") && len == 4) return true;
  if (startsWithNoCase(s, wordStart, i, "fatal") && len == 5) return true;
  if (startsWithNoCase(s, wordStart, i, "hint") && len == 4) return true;
  // Python's `x.py:3: DeprecationWarning: …`.
  if (i < end && unitAt(s, i) == CharCode.COLON && len > 7) {
    return startsWithAt(s, i - 7, i, "Warning") || startsWithAt(s, i - 5, i, "Error");
  }
  return false;
}

function lineShape(s: string, i: i32, end: i32): LineShape {
  if (isLsRow(s, i, end)) return LineShape.LsRow;
  if (startsWithAt(s, i, end, "total ") && digitsEnd(s, i + 6, end) > 0) return LineShape.Neutral;
  if (end - i == 2 && startsWithAt(s, i, end, "--")) return LineShape.Neutral;
  // `12:text`: grep -n on one file.
  const n = digitsEnd(s, i, end);
  if (n > 0 && n < end && unitAt(s, n) == CharCode.COLON) {
    return n + 1 < end && isDigit(unitAt(s, n + 1)) ? LineShape.Other : LineShape.Hit;
  }
  // `path:line:` where path has no space and looks like one (a '.' or a '/').
  let pathLike = false;
  const stop = min(end, i + 1024);
  for (let j = i; j < stop; j++) {
    const c = unitAt(s, j);
    if (c == CharCode.SPACE || c == CharCode.TAB) return LineShape.Other;
    if (c == CharCode.DOT || c == CharCode.SLASH) pathLike = true;
    if (!pathLike || j == i) continue;
    if (c == CharCode.COLON) {
      const e = digitsEnd(s, j + 1, end);
      if (e > 0 && e < end && unitAt(s, e) == CharCode.COLON) {
        // `path:line:col:` — grep and friends print no column unless asked (and their
        // commands say so); linters and compilers print one with every finding.
        const col = digitsEnd(s, e + 1, end);
        if (col > 0 && col < end && unitAt(s, col) == CharCode.COLON) return LineShape.Diagnostic;
        return isDiagnosticTail(s, e + 1, end) ? LineShape.Diagnostic : LineShape.Hit;
      }
      return LineShape.Other; // `path:text`, a URL, a label
    }
    if (c == CharCode.MINUS) {
      // grep's context line: `path-line-text`.
      const e = digitsEnd(s, j + 1, end);
      if (e > 0 && e < end && unitAt(s, e) == CharCode.MINUS) return LineShape.Neutral;
    }
  }
  return stop == end && isBarePath(s, i, end) ? LineShape.Path : LineShape.Other;
}

/** A line that is one path: no spaces (checked by the caller), a '/', no ':'. */
function isBarePath(s: string, i: i32, end: i32): bool {
  let slash = false;
  for (let j = i; j < end; j++) {
    const c = unitAt(s, j);
    if (c == CharCode.COLON || c < CharCode.SPACE) return false;
    if (c == CharCode.SLASH) slash = true;
  }
  return slash;
}

// @ts-ignore: decorator
@inline function isMost(part: i32, whole: i32): bool {
  return part > 0 && part * 100 >= whole * MOST_PERCENT;
}

/**
 * The category the text shows by itself, or -1 when it shows none. `named`: a program the
 * command names printed it, not a search or a listing tool (Sniff.Program): its grep-like
 * lines and bare paths decide nothing; `ls -l` rows, which only a listing prints, still do.
 */
export function sniffText(s: string, named: bool = false): i32 {
  const limit = min(s.length, SNIFF_UNITS);
  const start = skipBlank(s, 0, limit);
  if (start >= s.length) return -1;
  const c = unitAt(s, start);
  const html = c == CharCode.LT && looksLikeHtml(s);
  if ((c == CharCode.LBRACE || c == CharCode.LBRACKET) && looksLikeJson(s)) return Category.StructuredData;
  if (!html && looksLikeDiff(s)) return Category.Diff;
  // The shapes of the first lines; blank ones and neutral ones (`total N`, grep context) are not judged.
  let judged = 0;
  let lsRows = 0;
  let hits = 0;
  let paths = 0;
  let lines = 0;
  let programLines = 0;
  let firstPrefix = -1;
  let firstLength = 0;
  let i = 0;
  while (i < limit && lines < SNIFF_LINES) {
    const eol = findNewline(s, i, limit);
    if (eol == limit && limit < s.length) break; // cut by the window
    let end = eol;
    if (end > i && unitAt(s, end - 1) == CharCode.CR) end--;
    if (end > i) {
      lines++;
      const shape = lineShape(s, i, end);
      if (shape != LineShape.Neutral) judged++;
      if (shape == LineShape.LsRow) lsRows++;
      else if (shape == LineShape.Hit) hits++;
      else if (shape == LineShape.Path) paths++;
      if (html) {
        // A program's messages share its name (`m4trace: …`); a page's `Note:` and `Tip:` do not.
        const m = programMessage(s, i, end);
        if (m > 0 && firstPrefix < 0) {
          firstPrefix = i;
          firstLength = m;
        }
        const base = changetype<usize>(s);
        if (m < 0 || (m > 0 && m == firstLength && unitsEqual(base + (<usize>i << 1), base + (<usize>firstPrefix << 1), m))) programLines++;
      }
    }
    i = eol + 1;
  }
  if (html && programLines < PROGRAM_LINES_MIN) return Category.WebContent;
  if (lsRows >= 1 && isMost(lsRows, judged)) return Category.DirectoryListing;
  if (named) return -1;
  if (isMost(hits, judged)) return Category.SearchResults;
  if (judged >= PATHS_MIN_LINES && paths * 100 >= judged * PATHS_PERCENT) return Category.DirectoryListing;
  return -1;
}
