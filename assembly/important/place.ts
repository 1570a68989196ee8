// Whether an error line names where the failure is. A line that points at a
// file and line ("a.c:12:3", "Dunning.java:[8,43]", "src/a.ts(9,7)", "in zgrep
// line 25") or at a test by its file ("test_money.py::test_vat") tells the reader
// where to look; one that names nothing ("[ERROR] -> [Help 1]", "Re-run Maven
// using the -X switch", "[ERROR]   symbol: variable x") says less, however rare its
// words. novel.ts ranks the first before the second among messages seen as often.
import { CharCode, isAlpha, isDigit } from "../util/chars";
import { gapEnd, tokenEnd, unitAt } from "../util/lines";
import { findText, isLowerWordAt } from "../util/scan";

/** Letters and digits of a file's extension at most: ".c", ".java", ".mjs", ".proto". */
const MAX_EXTENSION: i32 = 6;

/** s[i] follows a file's extension ("x.c" before ':'): a dot, then up to MAX_EXTENSION letters or digits, one a letter, inside the token from a. */
function afterExtension(s: string, a: i32, i: i32): bool {
  let j = i - 1;
  let letters = 0;
  while (j > a && i - j <= MAX_EXTENSION) {
    const c = unitAt(s, j);
    if (isAlpha(c)) letters++;
    else if (!isDigit(c)) break;
    j--;
  }
  return letters > 0 && j < i - 1 && unitAt(s, j) == CharCode.DOT;
}

/** What a line number or a test's name starts with, after the separator at s[i] (':' or '('), in the token up to b. */
function placeAfter(s: string, i: i32, b: i32): bool {
  const c = unitAt(s, i);
  const n = unitAt(s, i + 1);
  if (isDigit(n)) return true;
  if (c != CharCode.COLON || i + 2 >= b) return false;
  // "A.java:[8,43]": a line and a column in brackets; "t.py::test_x": a test in its file.
  const m = unitAt(s, i + 2);
  return (n == 0x5b && isDigit(m)) || (n == CharCode.COLON && isAlpha(m));
}

/**
 * The token s[a, b) names a line of a file or a test in it: a file's name (with an
 * extension) right before ':' or '(' and a number or a test's name. A version
 * ("plugin:3.11.0") has no extension before its number; a URL's port is no line.
 */
function tokenNamesPlace(s: string, a: i32, b: i32): bool {
  for (let i = a + 1; i < b - 1; i++) {
    const c = unitAt(s, i);
    if ((c == CharCode.COLON || c == 0x28) && placeAfter(s, i, b) && afterExtension(s, a, i)) return findText(s, "://", a, b) < 0;
  }
  return false;
}

/** A token s[a, b) holds a path's '/' or an extension's '.' before a letter ("conf/a.json", "'shop/billing'..."), not a version's ("v0.5.0"). */
function pathToken(s: string, a: i32, b: i32): bool {
  for (let j = a + 1; j + 1 < b; j++) {
    // '.' (0x2E) or '/' (0x2F).
    if ((unitAt(s, j) | 1) == CharCode.SLASH && isAlpha(unitAt(s, j + 1))) return true;
  }
  return false;
}

/**
 * Line s[a, b) names where its failure is: a token naming a line of a file or a test in it,
 * or the word "line" before a number. With `file`, a token naming a file or a directory
 * instead, its line or not, and not "line 5" alone: what a line is about.
 */
export function namesPlace(s: string, a: i32, b: i32, file: bool): bool {
  let lineWord = false;
  for (let i = gapEnd(s, a, b); i < b; i = gapEnd(s, i, b)) {
    const e = tokenEnd(s, i, b);
    if (lineWord && isDigit(unitAt(s, i))) return true;
    lineWord = !file && isLowerWordAt(s, i, e, "line");
    if (tokenNamesPlace(s, i, e) || (file && pathToken(s, i, e))) return true;
    i = e;
  }
  return false;
}

/**
 * Line s[a, b) opens with a file's line: past its indentation and an ordinal ("1. ", "2) "),
 * its first token names a line of a file ("test_shop.lua:36: expected: 7, actual: 6",
 * "    1. test_shop.c:80  - CU_ASSERT_EQUAL(total(2, 12),25)"). A row led by a count
 * ("     1  src/format.ts:4"), a quoted line of code ("12 |   total += x") or prose
 * that names a place later on does not.
 */
export function opensWithPlace(s: string, a: i32, b: i32): bool {
  let i = gapEnd(s, a, b);
  let j = i;
  while (j < b && isDigit(unitAt(s, j))) j++;
  if (j > i) {
    const c = unitAt(s, j);
    if ((c != CharCode.DOT && c != 0x29) || unitAt(s, j + 1) != CharCode.SPACE) return false;
    i = gapEnd(s, j + 1, b);
  }
  return i < b && tokenNamesPlace(s, i, tokenEnd(s, i, b));
}
