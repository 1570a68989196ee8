// Confirms a candidate found by the SIMD scan (scan.ts): the two units at
// `pos` matched one of its triggers; this decides whether a word that carries
// an outcome starts there, and which kind. Rejects the usual false positives:
// "0 errors", "no warnings", "error_handler.c", "-Werror", "stderr", "default".
import { CharCode, isAlpha, isDigit, isIdentChar, isUnitOf, toLower } from "../util/chars";
import { blanksStart, digitsEnd, gapEnd, unitAt } from "../util/lines";
import { isLowerWordAt, startsWithAt } from "../util/scan";
import { Kind } from "./kinds";

// The helpers of this file are inline in the Node core: a hit is confirmed by a dozen of
// them, and their calls cost more than their work ("warning:" in every other line of a
// build log). The size-optimised build calls them (scripts/asc-size-inlining.mjs).

// @ts-ignore: decorator
@inline function at(s: string, i: i32): i32 {
  return i >= 0 && i < s.length ? unitAt(s, i) : CharCode.SPACE;
}

/** ASCII's lower-case bit in each of 4 UTF-16 units. */
const LOWER_BITS: u64 = 0x0020002000200020;

/**
 * s[i, i + lit.length) equals the lower-case `lit` (letters only), ignoring ASCII case. The
 * Node core compares 4 units at a time: with 0x20 set, a unit is a lower-case letter only
 * if it was that letter in either case.
 */
// @ts-ignore: decorator
@inline function lowerIs(s: string, i: i32, lit: string): bool {
  const n = lit.length;
  const e = i + n;
  if (i < 0 || e > s.length) return false;
  if (ASC_SHRINK_LEVEL >= 2 || i + ((n + 3) & ~3) > s.length) return isLowerWordAt(s, i, e, lit);
  const from = changetype<usize>(s) + (<usize>i << 1);
  const units = changetype<usize>(lit);
  for (let k = 0; k < n; k += 4) {
    const left = n - k;
    const mask = left >= 4 ? <u64>-1 : (<u64>1 << (<u64>left << 4)) - 1;
    if (((load<u64>(from + (<usize>k << 1)) | LOWER_BITS) ^ load<u64>(units + (<usize>k << 1))) & mask) return false;
  }
  return true;
}

function exactIs(s: string, i: i32, lit: string): bool {
  return i >= 0 && startsWithAt(s, i, s.length, lit);
}

/** Case of s[i, i + len): 1 all lower, 2 all upper, 3 capitalised, 0 mixed. */
// @ts-ignore: decorator
@inline function caseOf(s: string, i: i32, len: i32): i32 {
  let upper = 0;
  for (let j = 0; j < len; j++) if (<u32>(unitAt(s, i + j) - CharCode.A) <= 25) upper++;
  if (upper == 0) return 1;
  if (upper == len) return 2;
  if (upper == 1 && <u32>(unitAt(s, i) - CharCode.A) <= 25) return 3;
  return 0;
}

/** A word ends at `e`: no identifier follows, nor a file-name-like ".c", "/x", "-x". */
// @ts-ignore: decorator
@inline function wordEndsAt(s: string, e: i32): bool {
  const c = at(s, e);
  if (isIdentChar(c)) return false;
  if (((ASC_SHRINK_LEVEL >= 2 ? isUnitOf(c, "./-") : c == CharCode.DOT || c == CharCode.SLASH || c == CharCode.MINUS)) && isIdentChar(at(s, e + 1))) return false;
  return true;
}

/**
 * A severity word ends at `e`, or a code joined to it does: capitals, digits or '_' (no lower
 * case) after '-' up to a ':' ("%Warning-WIDTH: rtl/timer.v:11:19: …"), or after '/' up to a ')'
 * ("(ERROR/3) Unknown target"). Not a name, a path or a title the word runs on into
 * ("error-handler", "Errors/NotFound.cs", "Error-Prone", "log.level = ERROR/WARN"), nor a count
 * beside another ("ERRORS/WARNINGS: 0/3").
 */
function severityEndsAt(s: string, e: i32): bool {
  if (wordEndsAt(s, e)) return true;
  const c = at(s, e);
  let k = e;
  let d = 0;
  do d = at(s, ++k);
  while (isIdentChar(d) && d < 0x61);
  return d == (c == CharCode.MINUS ? CharCode.COLON : c == CharCode.SLASH ? CharCode.RPAREN : -1);
}

/** `c`, read by at(), ends a line: a line break, or the space at() reads off either end of the text. */
function endsLine(c: i32): bool {
  return c == CharCode.SPACE || c == CharCode.LF || c == CharCode.CR;
}

/**
 * The word at `w` is a verdict that closes a progress line after three dots ("  Test: total
 * ...FAILED", "checking for zlib...ERROR"): something stands before the dots on the line and
 * nothing but blanks after the word. Code's spread and ranges ("[...errors, e]", "  ...failed,",
 * "main..fail") are none. The units read past the blanks are no blanks, so a space there is
 * an end of the text.
 */
function verdictAfterEllipsis(s: string, w: i32): bool {
  if (at(s, w - 2) != CharCode.DOT || at(s, w - 3) != CharCode.DOT) return false;
  let e = w;
  while (isIdentChar(at(s, e))) e++;
  return !endsLine(at(s, blanksStart(s, 0, w - 3) - 1)) && endsLine(at(s, gapEnd(s, e, s.length)));
}

/**
 * A word starts at `w`: nothing word-like precedes it. Capitalised words may
 * follow letters (TypeError, NullPointerException, DeprecationWarning).
 */
// @ts-ignore: decorator
@inline function wordStartsAt(s: string, w: i32, camelOk: bool): bool {
  const c = at(s, w - 1);
  // A path or name component: "lib-es2022/error", "src/fail.c", "x.error", "lib-error";
  // not a progress line's verdict after its ellipsis ("Test: total ...FAILED").
  if (c == CharCode.DOT && verdictAfterEllipsis(s, w)) return true;
  if (ASC_SHRINK_LEVEL >= 2 ? isUnitOf(c, "/\\.") : c == CharCode.SLASH || c == CharCode.BACKSLASH || c == CharCode.DOT) return false;
  if (c == CharCode.MINUS && isIdentChar(at(s, w - 2))) return false;
  if (!isIdentChar(c)) return true;
  return camelOk && (isAlpha(c) || isDigit(c)) && caseOf(s, w, 2) == 3;
}

/**
 * "0 errors", "0 tests failed", "no warnings", "without failures" before, or "errors: 0",
 * "failed=0" after.
 */
// @ts-ignore: decorator
@inline function zeroCount(s: string, w: i32, e: i32): bool {
  let j = w - 1;
  while (j >= 0 && unitAt(s, j) == CharCode.SPACE) j--;
  if (isZeroAt(s, j)) return true;
  // A zero and the plural of what it counts ("[ 0 containers failed ]") state that nothing failed.
  if (j >= 2 && j < w - 1 && unitAt(s, j) == 0x73) {
    let k = j;
    while (k >= 0 && <u32>(unitAt(s, k) - 0x61) <= 25) k--;
    if (j - k >= 3 && at(s, k) == CharCode.SPACE) {
      while (k >= 0 && unitAt(s, k) == CharCode.SPACE) k--;
      if (isZeroAt(s, k)) return true;
    }
  }
  // The Node core tests their last letter first: most words before a count are neither.
  const last = ASC_SHRINK_LEVEL < 2 && j >= 0 ? unitAt(s, j) | 0x20 : 0;
  if ((ASC_SHRINK_LEVEL >= 2 || last == 0x6f) && j >= 1 && lowerIs(s, j - 1, "no") && !isIdentChar(at(s, j - 2))) return true;
  if ((ASC_SHRINK_LEVEL >= 2 || last == 0x74) && j >= 6 && lowerIs(s, j - 6, "without") && !isIdentChar(at(s, j - 7))) return true;
  let k = e;
  while (k < s.length && unitAt(s, k) == CharCode.SPACE) k++;
  const c = at(s, k);
  if (c == CharCode.COLON || c == 0x3d) {
    k++;
    while (k < s.length && unitAt(s, k) == CharCode.SPACE) k++;
    if (at(s, k) == CharCode._0 && !isIdentChar(at(s, k + 1))) return true;
  }
  return false;
}

/** A lone "0" at `j`: no name part or decimal point before it. */
// @ts-ignore: decorator
@inline function isZeroAt(s: string, j: i32): bool {
  return j >= 0 && unitAt(s, j) == CharCode._0 && !isIdentChar(at(s, j - 1)) && at(s, j - 1) != CharCode.DOT;
}

/** A count stands right before the word at `w`: digits, a space, and no name part before them. */
// @ts-ignore: decorator
@inline function countBefore(s: string, w: i32): bool {
  if (at(s, w - 1) != CharCode.SPACE || !isDigit(at(s, w - 2))) return false;
  let j = w - 2;
  while (j >= 0 && isDigit(unitAt(s, j))) j--;
  const c = at(s, j);
  return !isIdentChar(c) && c != CharCode.DOT && c != CharCode.COLON;
}

/** Only spaces or tabs between the line start and `pos`. */
function atLineStart(s: string, pos: i32): bool {
  let j = pos - 1;
  while (j >= 0) {
    const c = unitAt(s, j);
    if (c == CharCode.LF) return true;
    if (c != CharCode.SPACE && c != CharCode.TAB) return false;
    j--;
  }
  return true;
}

/** The unit at `pos` is a word of its own: a space before it, and a space or the line's end after it. */
function standsAlone(s: string, pos: i32): bool {
  if (pos == 0 || unitAt(s, pos - 1) != CharCode.SPACE) return false;
  if (pos + 1 >= s.length) return true;
  const c = unitAt(s, pos + 1);
  if (ASC_SHRINK_LEVEL >= 2) return isUnitOf(c, " \n\r");
  return c == CharCode.SPACE || c == CharCode.LF || c == CharCode.CR;
}

/** The kind of outcome word at `pos`, or Kind.None. */
export function confirmAt(s: string, pos: i32): i32 {
  const c0 = unitAt(s, pos);
  const c1 = at(s, pos + 1);
  const l0 = toLower(c0);
  const l1 = toLower(c1);
  if (l0 == 0x72 && l1 == 0x72) return confirmError(s, pos - 1);
  if (l1 == 0x61) {
    if (c0 == 0x52) return confirmRan(s, pos);
    if (l0 == 0x66) return confirmF(s, pos);
    if (l0 == 0x70) return confirmP(s, pos);
    if (l0 == 0x77) return confirmWarn(s, pos);
  }
  if (l0 == 0x65 && l1 == 0x62) return exactIs(s, pos - 4, "Traceback") && wordStartsAt(s, pos - 4, false) && wordEndsAt(s, pos + 5) ? Kind.Trace : Kind.None;
  if (l0 == 0x78 && l1 == 0x63) return confirmException(s, pos - 1);
  if (l0 == 0x78 && l1 == 0x69) return confirmExit(s, pos - 1);
  if (c0 == 0x2a && c1 == 0x2a) {
    // make: *** [target] Error 2 / make[1]: *** No rule to make target
    return exactIs(s, pos - 2, ": ***") ? Kind.Error : Kind.None;
  }
  // ✕ ✖ ✗ ✘ (U+2715–2718), the cross mark ❌ (U+274C) and × (U+00D7) marking a failed test at
  // a line start; the dingbats also as a word of their own after a test's name in a drawn tree
  // ("│  ├─ discountTenPercent() ✘ 10 % off …") or a verdict ("[Result]: ❌ Fail"), where ×
  // would be arithmetic.
  const dingbat = <u32>(c0 - 0x2715) <= 3 || c0 == 0x274c;
  if ((c0 == 0xd7 || dingbat) && atLineStart(s, pos)) return Kind.Failure;
  if (dingbat && standsAlone(s, pos)) return Kind.Failure;
  return Kind.None;
}

function confirmError(s: string, w: i32): i32 {
  if (lowerIs(s, w, "error")) {
    const form = caseOf(s, w, 5);
    if (form == 0) return Kind.None;
    let e = w + 5;
    if (at(s, e) == (form == 2 ? 0x53 : 0x73)) e++; // errors / ERRORS
    if (!wordStartsAt(s, w, form == 3) || !severityEndsAt(s, e)) return Kind.None;
    if (zeroCount(s, w, e)) return Kind.None;
    // "[1 error]", "compiled with 4 errors": a count of errors states a total.
    return countBefore(s, w) ? Kind.Summary : Kind.Error;
  }
  // npm ERR!, [ERR]
  if (exactIs(s, w, "ERR") && wordStartsAt(s, w, false) && !isIdentChar(at(s, w + 3))) return Kind.Error;
  return Kind.None;
}

function confirmF(s: string, w: i32): i32 {
  if (!wordStartsAt(s, w, false)) return Kind.None;
  if (lowerIs(s, w, "fail")) {
    let e = w + 4;
    if (lowerIs(s, e, "ures")) e += 4;
    else if (lowerIs(s, e, "ure") || lowerIs(s, e, "ing")) e += 3;
    else if (lowerIs(s, e, "ed")) e += 2;
    else if (lowerIs(s, e, "s")) e += 1;
    if (!wordEndsAt(s, e)) return Kind.None;
    return zeroCount(s, w, e) ? Kind.None : Kind.Failure;
  }
  if (lowerIs(s, w, "fatal")) return wordEndsAt(s, w + 5) ? Kind.Error : Kind.None;
  // Segmentation fault
  if (lowerIs(s, w, "fault")) return wordEndsAt(s, w + 5) ? Kind.Error : Kind.None;
  return Kind.None;
}

/** A unit that continues a name or path: letters, "_", "-", ".", "/", ":". */
function isNamePart(c: i32): bool {
  return (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || (ASC_SHRINK_LEVEL >= 2 ? isUnitOf(c, "_-./:") : c == 0x5f || c == 0x2d || c == 0x2e || c == 0x2f || c == 0x3a);
}

function confirmP(s: string, w: i32): i32 {
  if (!wordStartsAt(s, w, false)) return Kind.None;
  if (lowerIs(s, w, "panic")) {
    let e = w + 5;
    if (lowerIs(s, e, "ked")) e += 3;
    else if (lowerIs(s, e, "s")) e += 1;
    return wordEndsAt(s, e) ? Kind.Trace : Kind.None;
  }
  // A count of passed tests is a summary ("5 passed", "12 passing"); a lone PASSED is not.
  if (lowerIs(s, w, "pass")) {
    let e = w + 4;
    if (lowerIs(s, e, "ed")) e += 2;
    else if (lowerIs(s, e, "ing")) e += 3;
    else return Kind.None;
    if (!wordEndsAt(s, e)) return Kind.None;
    let j = w - 1;
    if (at(s, j) != CharCode.SPACE) return Kind.None;
    while (j >= 0 && unitAt(s, j) == CharCode.SPACE) j--;
    if (j < 0 || !isDigit(unitAt(s, j))) return Kind.None;
    // The digits must be a count on their own, not the end of a name ("test_x_001 PASSED").
    while (j >= 0 && (isDigit(unitAt(s, j)) || unitAt(s, j) == CharCode.COMMA)) j--;
    return j < 0 || !isNamePart(unitAt(s, j)) ? Kind.Summary : Kind.None;
  }
  return Kind.None;
}

function confirmWarn(s: string, w: i32): i32 {
  if (!lowerIs(s, w, "warn")) return Kind.None;
  let e = w + 4;
  if (lowerIs(s, e, "ings")) e += 4;
  else if (lowerIs(s, e, "ing")) e += 3;
  else if (lowerIs(s, e, "s")) e += 1;
  if (caseOf(s, w, e - w) == 0) return Kind.None;
  if (!wordStartsAt(s, w, true) || !severityEndsAt(s, e)) return Kind.None;
  return zeroCount(s, w, e) ? Kind.None : Kind.Warning;
}

function confirmException(s: string, w: i32): i32 {
  if (!lowerIs(s, w, "exception")) return Kind.None;
  const form = caseOf(s, w, 9);
  if (form == 0) return Kind.None;
  let e = w + 9;
  if (toLower(at(s, e)) == 0x73) e++;
  if (!wordStartsAt(s, w, form == 3) || !wordEndsAt(s, e)) return Kind.None;
  return zeroCount(s, w, e) ? Kind.None : Kind.Trace;
}

/** "exit status 1", "exited with code 2", "Exit code: 137", "exit(3)": non-zero only. */
function confirmExit(s: string, w: i32): i32 {
  if (!lowerIs(s, w, "exit") || !wordStartsAt(s, w, false)) return Kind.None;
  let j = w + 4;
  if (lowerIs(s, j, "ed")) j += 2;
  const c = at(s, j);
  if (isIdentChar(c)) return Kind.None;
  const limit = min(j + 24, s.length);
  while (j < limit) {
    const d = unitAt(s, j);
    if (isAlpha(d) || (ASC_SHRINK_LEVEL >= 2 ? isUnitOf(d, " :=(") : d == CharCode.SPACE || d == CharCode.COLON || d == 0x3d || d == 0x28)) j++;
    else break;
  }
  if (at(s, j) == CharCode.MINUS) j++;
  if (!isDigit(at(s, j))) return Kind.None;
  let nonZero = false;
  while (j < s.length && isDigit(unitAt(s, j))) {
    if (unitAt(s, j) != CharCode._0) nonZero = true;
    j++;
  }
  return nonZero && !isAlpha(at(s, j)) ? Kind.Exit : Kind.None;
}

/** "Ran 12 tests in 0.003s" (unittest). */
function confirmRan(s: string, w: i32): i32 {
  if (!exactIs(s, w, "Ran ") || !wordStartsAt(s, w, false) || !isDigit(at(s, w + 4))) return Kind.None;
  const j = digitsEnd(s, w + 4, s.length);
  return exactIs(s, j, " test") ? Kind.Summary : Kind.None;
}
