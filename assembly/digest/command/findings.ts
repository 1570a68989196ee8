// Totals of a build's or a linter's findings, by severity and by code, counted from the
// whole output so that the model does not count them from a cut one:
//
//   42 warnings, 1 error; by code: -Wunused-variable 12, -Wsign-compare 9, +5 more
//
// A finding is a line that locates a problem and gives it a severity or a code, in the
// shapes compilers and linters share:
//   a.c:3:5: warning: … [-Wunused-variable]      path:line[:col]: severity: message [code]
//   src/a.ts(7,39): error TS2322: …              path(line,col): severity CODE: message
//   a.nim(4, 7) Hint: 'x' is declared … [Code]    path(line, col) Severity: message
//   src/a.ts:7:39 - error TS2322: …              path:line:col - severity CODE: message
//     9:7  error  Use the isNaN function  use-isnan   line:col  severity  message  rule
//   x.py:1:1: F401 'os' imported but unused       path:line:col: CODE message
//   x.py:8:43: undefined name 'y'                 path:line:col: message
//   a.rb:3:5: W: [Correctable] Lint/Void: …       path:line:col: S: [tag] Dept/Rule: message
//   [ERROR] /a/B.java:4:8: Unused … [Rule]        [LEVEL] path:line:col: message [Rule]
//   docs/a.md:12 MD022/blanks-around-headings     path:line[:col] CODE[/rule] message
//   error[E0308]: mismatched types                severity[CODE]: message, the location
//    --> src/main.rs:24:4                          on the next line after `-->` (so is
//   F401 [*] `os` imported but unused             a CODE first, as ruff prints it)
//          ^-- SC2086 (info): Double quote …      a pointer, CODE (severity): message
//   Warning 8 [partial-match]: this …             Severity N [name]: message, placed above
// Notes (`note:`) explain another finding and are not counted. Errors and warnings with no
// place at the margin (`error: …`, `asciidoctor: WARNING: …`, `Warning--…`, `W: …`) are counted
// apart, and stated when no finding has a place. One pass over the lines.
import { findingTag, noteFinding } from "../../important/notes";
import { CharCode, isDigit, isSpaceOrTab } from "../../util/chars";
import { digitsEnd, findUnit, gapEnd, paddedUnits, readEachLine, tokenEnd, unitAt } from "../../util/lines";
import { unitsHash } from "../../util/hash";
import { isLowerWordAt, unitsEqual } from "../../util/scan";
import { StrBuf } from "../../util/strbuf";
import { isWordOf } from "../../util/words";

const LPAREN: i32 = 0x28;
const RPAREN: i32 = 0x29;

/** Severities in the order the totals name them; "" stands for a finding without one. */
const SEVERITIES: string[] = ["error", "warning", "style", "performance", "portability", "info", "hint", ""];
/** Distinct codes tracked; more are counted together. */
const MAX_CODES: i32 = 64;
/** Slots of the table of codes: a power of two, at least twice MAX_CODES. */
const CODE_SLOTS: i32 = 128;
/** Codes named in the totals line. */
const SHOWN_CODES: i32 = 6;
/**
 * Units the codes named under a small budget take at most ("no-untyped-def 90, …"): there a
 * code's name costs an error line's room, and long names (`readability-magic-numbers`)
 * would take most of a 600-char result's first line. The first code is named whatever its length.
 */
const SMALL_CODES_UNITS: i32 = 80;
/** Errors and warnings stated without a place, at least, for their count under a small budget. */
const MIN_UNPLACED_SMALL: i32 = 8;
/** Files named in the totals line: a linter's run over a package names them all. */
const SHOWN_FILES: i32 = 10;
/** Findings per file at least, on the mean, for the files to be named. */
const PER_FILE: i32 = 4;

export class Findings {
  /** Per SEVERITIES entry. */
  counts: StaticArray<i32> = new StaticArray<i32>(SEVERITIES.length);
  total: i32 = 0;
  codes: Array<string> = new Array<string>();
  codeCounts: Array<i32> = new Array<i32>();
  /**
   * Errors and warnings stated with no place (`error: …`, `asciidoctor: WARNING: …`,
   * `Warning--…`, `W: …`): counted apart, stated only when no finding has a place (a
   * compiler's closing `error: could not compile …` sums up its findings, it is none).
   */
  unplaced: StaticArray<i32> = new StaticArray<i32>(2);
  /**
   * Findings per file their location names, counted as codes are (a linter's run over a
   * tree: which files hold its findings, and how many each); null until a finding names one.
   */
  files: Findings | null = null;
  /** Open-addressed: per slot, 1 + the index of a code in `codes`, or 0 when free. */
  private codeSlots: StaticArray<i32> = new StaticArray<i32>(CODE_SLOTS);

  addCode(code: string): void {
    this.addCodeAt(code, 0, code.length);
  }

  /**
   * Counts the code s[a, b) (none when empty) and returns its index in `codes`, -1 for
   * none or one past MAX_CODES. Looked up in place: a code already seen costs no copy,
   * and a build log repeats a few codes on every finding.
   */
  addCodeAt(s: string, a: i32, b: i32): i32 {
    const n = b - a;
    if (n <= 0) return -1;
    const at = changetype<usize>(s) + (<usize>a << 1);
    let slot = <i32>unitsHash(changetype<usize>(s), a, b) & (CODE_SLOTS - 1);
    while (true) {
      const id = unchecked(this.codeSlots[slot]) - 1;
      if (id < 0) break;
      const code = unchecked(this.codes[id]);
      if (code.length == n && unitsEqual(changetype<usize>(code), at, n)) {
        unchecked((this.codeCounts[id] = unchecked(this.codeCounts[id]) + 1));
        return id;
      }
      slot = (slot + 1) & (CODE_SLOTS - 1);
    }
    const id = this.codes.length;
    if (id >= MAX_CODES) return -1;
    unchecked((this.codeSlots[slot] = id + 1));
    this.codes.push(s.substring(a, b));
    this.codeCounts.push(1);
    return id;
  }
}

/** End of the digits at s[i] (before b), or -1 when there is none. */
function numberEnd(s: string, i: i32, b: i32): i32 {
  const j = digitsEnd(s, i, b);
  return j > i ? j : -1;
}

/**
 * ' ', '\t', ':' and '(' in every lane: what locationEnd() looks for, loaded rather than built
 * in its loop (none in the size-optimised build, which reads the units one by one).
 */
const LOCATION_VECTORS: usize = ASC_SHRINK_LEVEL >= 2 ? 0 : memory.data<u16>([
  0x20, 0x20, 0x20, 0x20, 0x20, 0x20, 0x20, 0x20, 0x09, 0x09, 0x09, 0x09, 0x09, 0x09, 0x09, 0x09,
  0x3a, 0x3a, 0x3a, 0x3a, 0x3a, 0x3a, 0x3a, 0x3a, 0x28, 0x28, 0x28, 0x28, 0x28, 0x28, 0x28, 0x28,
], 16);

/** Where the path of the last location locationEnd() read ends: its ':' or '(', its start for none. */
let placeEnd: i32 = 0;

/**
 * After a location at s[i]: `path:line[:col]:` or `path(line,col):` (a token with no
 * space), `path(line, col) ` before a severity or a code (fpc, nim), or `line:col` followed
 * by spaces (eslint). Returns the index after it and sets
 * column[0] to whether it had a column (and placeEnd for a token); -1 when there is none.
 */
function locationEnd(s: string, i: i32, b: i32, column: StaticArray<bool>): i32 {
  // No path until a token's ':' or '(' says where one ends.
  placeEnd = i;
  // line:col, then spaces.
  const l = numberEnd(s, i, b);
  if (l > 0 && l < b && unitAt(s, l) == CharCode.COLON) {
    const c = numberEnd(s, l + 1, b);
    if (c > 0 && c < b && unitAt(s, c) == CharCode.SPACE) {
      unchecked((column[0] = true));
      return c;
    }
  } else if (ASC_SHRINK_LEVEL < 2 && l > 0 && (l == b || isSpaceOrTab(unitAt(s, l)))) {
    // A first token of digits alone (a quoted source line's number) holds no ':' or '('.
    return -1;
  }
  // The location is the line's first token: only its ':' and '(' are looked at.
  if (ASC_SHRINK_LEVEL >= 2) {
    // The size-optimised build (the component's) reads the token unit by unit.
    for (let j = i; j < b; j++) {
      const ch = unitAt(s, j);
      if (ch == CharCode.SPACE || ch == CharCode.TAB) break;
      if (j > i && (ch == CharCode.COLON || ch == LPAREN)) {
        const e = locationAfter(s, i, j, b, column);
        if (e >= 0) {
          placeEnd = j;
          return e;
        }
      }
    }
    return -1;
  }
  // They are found 8 units per step.
  const base = changetype<usize>(s);
  const n = s.length;
  const space = v128.load(LOCATION_VECTORS);
  const tab = v128.load(LOCATION_VECTORS, 16);
  const colon = v128.load(LOCATION_VECTORS, 32);
  const lparen = v128.load(LOCATION_VECTORS, 48);
  for (let step = i; step < b; step += 8) {
    // Past the text the units read as spaces; from b on they stop the token too.
    const v = v128.load(step + 8 <= n ? base + (<usize>step << 1) : paddedUnits(base, step, n));
    let stops = i16x8.bitmask(v128.or(i16x8.eq(v, space), i16x8.eq(v, tab)));
    if (b - step < 8) stops |= 0xff << (b - step);
    let marks = i16x8.bitmask(v128.or(i16x8.eq(v, colon), i16x8.eq(v, lparen)));
    if (stops != 0) marks &= (1 << ctz(stops)) - 1;
    while (marks != 0) {
      const j = step + ctz(marks);
      marks &= marks - 1;
      if (j == i) continue;
      const e = locationAfter(s, i, j, b, column);
      if (e >= 0) {
        placeEnd = j;
        return e;
      }
    }
    if (stops != 0) return -1;
  }
  return -1;
}

/** s[a, b) holds a path's '/' or an extension's '.': a file, not a clock's hour (`12:30:45 INFO`). */
function namesFile(s: string, a: i32, b: i32): bool {
  for (let k = a; k < b; k++) if ((unitAt(s, k) | 1) == CharCode.SLASH) return true;
  return false;
}

/**
 * The end of a location whose line number follows the ':' or '(' at s[j] (before b), the
 * location's token starting at s[i], as locationEnd() returns it, setting column[0]; -1 when
 * none follows this one.
 */
// @ts-ignore: decorator
@inline function locationAfter(s: string, i: i32, j: i32, b: i32, column: StaticArray<bool>): i32 {
  if (unitAt(s, j) == CharCode.COLON) {
    const e = numberEnd(s, j + 1, b);
    if (e > 0 && e < b && unitAt(s, e) == CharCode.COLON) {
      const col = numberEnd(s, e + 1, b);
      // The message stands apart from its location: `12:68:c8:08:…` is a row of hex
      // bytes (a certificate's modulus), no `path:line:col:`.
      if (col > 0 && col < b && unitAt(s, col) == CharCode.COLON && (col + 1 >= b || isSpaceOrTab(unitAt(s, col + 1)))) {
        unchecked((column[0] = true));
        return col + 1;
      }
      // `path:line:col - severity` (tsc --pretty).
      if (col > 0 && col + 2 < b && unitAt(s, col) == CharCode.SPACE && unitAt(s, col + 1) == CharCode.MINUS && unitAt(s, col + 2) == CharCode.SPACE) {
        unchecked((column[0] = true));
        return col + 3;
      }
      // `path:line:col CODE …`: a code must follow (readLine), the column alone does not make it a finding.
      unchecked((column[0] = false));
      return col > 0 && col < b && unitAt(s, col) == CharCode.SPACE && namesFile(s, i, j) ? col : e + 1;
    }
    // `path:line CODE …`: the code that must follow (readLine) makes it a finding.
    if (e > 0 && e < b && unitAt(s, e) == CharCode.SPACE && namesFile(s, i, j)) {
      unchecked((column[0] = false));
      return e;
    }
    return -1;
  }
  const e = numberEnd(s, j + 1, b);
  if (e > 0 && e < b && unitAt(s, e) == CharCode.COMMA) {
    // `(line,col)` or `(line, col)`: compilers of Pascal and Nim put a space after the comma.
    const col = numberEnd(s, e + 1 < b && unitAt(s, e + 1) == CharCode.SPACE ? e + 2 : e + 1, b);
    if (col > 0 && col + 1 < b && unitAt(s, col) == RPAREN) {
      const next = unitAt(s, col + 1);
      // `path(line,col): …`, or `path(line,col) Severity: …` with no colon after the place
      // (fpc, nim): then the token must name a file ('/' or '.') and a severity or a code
      // must follow, the column alone makes no finding (`max(3, 4) is 4`, `range(1, 10)
      // Warning: …` are calls, not places).
      if (next == CharCode.COLON || (next == CharCode.SPACE && namesFile(s, i, j))) {
        unchecked((column[0] = next == CharCode.COLON));
        return col + 2;
      }
    }
  }
  return -1;
}

/** The letters a severity or a note opens with (e h i n p s w), one bit each from `a`. */
const SEVERITY_INITIALS: u32 = (1 << 4) | (1 << 7) | (1 << 8) | (1 << 13) | (1 << 15) | (1 << 18) | (1 << 22);

/** Whether a word that opens with c may be a severity (severityOf), either case. */
// @ts-ignore: decorator
@inline function mayOpenSeverity(c: i32): bool {
  const k = <u32>((c | 0x20) - 0x61);
  return k <= 25 && ((SEVERITY_INITIALS >> k) & 1) != 0;
}

/** The SEVERITIES index of the word at s[i, e), -1 when it is none; -2 for a note. */
export function severityOf(s: string, i: i32, e: i32): i32 {
  const n = e - i;
  if (n < 4 || n > 11) return -1;
  // Most words start with a letter no severity starts with (n i e w s p h).
  const c = unitAt(s, i) | 0x20;
  // The one word of this length and first letter is compared (the size-optimised build,
  // the component's, tries them all in turn, which finds the same).
  if (ASC_SHRINK_LEVEL < 2) return severityByLength(s, i, e, n, c);
  if (c != 0x65 && c != 0x77 && c != 0x6e && c != 0x69 && c != 0x73 && c != 0x70 && c != 0x68) return -1;
  // Compared in place, in lower case: every word of a build log passes here.
  if (isLowerWordAt(s, i, e, "note")) return -2;
  if (isLowerWordAt(s, i, e, "information")) return 5;
  for (let k = 0; k < SEVERITIES.length - 1; k++) if (isLowerWordAt(s, i, e, unchecked(SEVERITIES[k]))) return k;
  return -1;
}

/**
 * severityOf() of a word of 4 to 11 units whose first unit, or'ed with 0x20, is `c`: the
 * only severity of that length and first letter (a capital lowers to the letter `c` names).
 */
// @ts-ignore: decorator
@inline function severityByLength(s: string, i: i32, e: i32, n: i32, c: i32): i32 {
  let word = "";
  let k = -1;
  if (n == 4) {
    if (c == 0x6e) { word = "note"; k = -2; }
    else if (c == 0x69) { word = "info"; k = 5; }
    else if (c == 0x68) { word = "hint"; k = 6; }
  } else if (n == 5) {
    if (c == 0x65) { word = "error"; k = 0; }
    else if (c == 0x73) { word = "style"; k = 2; }
  } else if (n == 7) {
    if (c == 0x77) { word = "warning"; k = 1; }
  } else if (n == 11) {
    if (c == 0x69) { word = "information"; k = 5; }
    else if (c == 0x70) {
      // performance, portability: told apart by their second letter.
      const d = unitAt(s, i + 1) | 0x20;
      if (d == 0x65) { word = "performance"; k = 3; }
      else if (d == 0x6f) { word = "portability"; k = 4; }
    }
  }
  return k != -1 && isLowerWordAt(s, i, e, word) ? k : -1;
}

function isLetter(c: i32): bool {
  return (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);
}

function isCapital(c: i32): bool {
  return <u32>(c - 0x41) <= 25;
}

/** A rule code: capitals then digits (`E0308`, `TS2322`, `SC2086`, `F401`, `C0301`). */
function isCode(s: string, i: i32, e: i32): bool {
  let j = i;
  while (j < e && isCapital(unitAt(s, j))) j++;
  if (j == i || j - i > 4) return false;
  const d = j;
  j = digitsEnd(s, j, e);
  return j == e && j - d >= 2 && j - d <= 5;
}

/**
 * The SEVERITIES index a severity's initial `c` (a capital) names: E and F errors, W warnings,
 * I info, C and R (convention, refactor) none; -1 for any other letter, which is no severity's
 * (a FAQ's `Q: ` under `grep -n`).
 */
function letterSeverity(c: i32): i32 {
  if (c == 0x45 || c == 0x46) return 0;
  if (c == 0x57) return 1;
  if (c == 0x49) return 5;
  return c == 0x43 || c == 0x52 ? SEVERITIES.length - 1 : -1;
}

/** A rule named within its department: capitalised words joined by '/' (`Lint/UselessAssignment`, `Style/For`). */
function isNamespacedRule(s: string, a: i32, b: i32): bool {
  if (b - a < 3 || !isCapital(unitAt(s, a))) return false;
  let slash = false;
  for (let k = a; k < b; k++) {
    const c = unitAt(s, k);
    if (c == CharCode.SLASH) {
      if (k + 1 >= b || !isCapital(unitAt(s, k + 1))) return false;
      slash = true;
    } else if (!isLetter(c) && !isDigit(c)) return false;
  }
  return slash;
}

function wordEnd(s: string, i: i32, b: i32): i32 {
  let j = i;
  while (j < b && isLetter(unitAt(s, j))) j++;
  return j;
}

/**
 * The code closing a line: `[-Wunused-variable]`, `[SC2086]`, `[syntaxError]`, a check's
 * long name with the option that made it an error (`[clang-analyzer-unix.Malloc,-warnings-as-errors]`),
 * or in parentheses a code or a rule id (`(document-start)`, `(E501)`): its range packed
 * (packRange), -1 when none.
 */
function trailingBracket(s: string, a: i32, b: i32): i64 {
  let e = b;
  while (e > a && unitAt(s, e - 1) == CharCode.SPACE) e--;
  if (e - a < 3) return -1;
  const close = unitAt(s, e - 1);
  if (close != CharCode.RBRACKET && close != RPAREN) return -1;
  const open = close == CharCode.RBRACKET ? CharCode.LBRACKET : LPAREN;
  let k = e - 2;
  while (k > a && unitAt(s, k) != open) {
    if (unitAt(s, k) == CharCode.SPACE) return -1;
    k--;
  }
  if (k <= a || e - k <= 2 || e - k >= 96) return -1;
  // In parentheses, only what reads as a code or a rule id: `(field '?')` is prose.
  if (open == LPAREN && !isCode(s, k + 1, e - 1) && !isRuleId(s, k + 1, e - 1)) return -1;
  return packRange(k + 1, e - 1);
}

/** [a, b) in one value (a above, b below), for the code a finding names. */
function packRange(a: i32, b: i32): i64 {
  return (<i64>a << 32) | <i64>b;
}

/** A rule id: lower-case words joined by `-` or `/` (`no-unused-vars`, `document-start`). */
function isRuleId(s: string, a: i32, b: i32): bool {
  let sep = false;
  for (let i = a; i < b; i++) {
    const c = unitAt(s, i);
    if (c == CharCode.MINUS || c == CharCode.SLASH) sep = true;
    else if (!((c >= 0x61 && c <= 0x7a) || isDigit(c) || c == 0x40)) return false;
  }
  return sep;
}

/** A rule id closing a line after a run of spaces (eslint's `no-unused-vars`, `@typescript-eslint/x`): its range packed, -1 when none. */
function trailingRule(s: string, a: i32, b: i32): i64 {
  let e = b;
  while (e > a && unitAt(s, e - 1) == CharCode.SPACE) e--;
  let k = e;
  let sep = false;
  while (k > a) {
    const c = unitAt(s, k - 1);
    if (c == CharCode.MINUS || c == CharCode.SLASH) sep = true;
    else if (!((c >= 0x61 && c <= 0x7a) || isDigit(c) || c == 0x40)) break;
    k--;
  }
  if (!sep || k == e || k - a < 2 || unitAt(s, k - 1) != CharCode.SPACE || unitAt(s, k - 2) != CharCode.SPACE) return -1;
  return packRange(k, e);
}

/**
 * ` 8 [partial-match]:` at s[i] (after a severity word): a number, then a name in brackets
 * closed by a colon; the name's range packed (packRange), -1 when s[i, b) opens otherwise.
 * The three together say a diagnostic, where a severity word alone opens prose too.
 */
function numberedName(s: string, i: i32, b: i32): i64 {
  const d = numberEnd(s, i + 1, b);
  if (d < 0 || d + 2 >= b || unitAt(s, i) != CharCode.SPACE || unitAt(s, d) != CharCode.SPACE || unitAt(s, d + 1) != CharCode.LBRACKET) return -1;
  // The name ends at the first ']', which the colon must follow: `[a] see [b]:` names nothing.
  const close = findUnit(s, 0x5d, d + 2, b);
  return close > d + 2 && close + 1 < b && unitAt(s, close + 1) == CharCode.COLON && findUnit(s, CharCode.SPACE, d + 2, close) == close ? packRange(d + 2, close) : -1;
}

/** Whether the line after `b` (the end of a line) opens with `-->` (the location of a finding above it). */
function locationFollows(s: string, b: i32, n: i32): bool {
  let i = b;
  if (i < n && unitAt(s, i) == CharCode.CR) i++;
  if (i >= n || unitAt(s, i) != CharCode.LF) return false;
  i = gapEnd(s, i + 1, n);
  return i + 3 < n && unitAt(s, i) == CharCode.MINUS && unitAt(s, i + 1) == CharCode.MINUS && unitAt(s, i + 2) == CharCode.GT && unitAt(s, i + 3) == CharCode.SPACE;
}

/**
 * Counts the finding on line s[a, b), if it is one (see the shapes at the top); returns
 * what it is (findingTag: its severity and code), 0 for a line that is none.
 */
function readLine(s: string, a: i32, b: i32, n: i32, f: Findings, column: StaticArray<bool>, digits: i32): i32 {
  let i = gapEnd(s, a, b);
  if (i >= b) return 0;
  // A pointer, then `CODE (severity):`.
  if (unitAt(s, i) == 0x5e) {
    i = gapEnd(s, tokenEnd(s, i, b), b);
    const ce = tokenEnd(s, i, b);
    if (!isCode(s, i, ce)) return 0;
    const p = gapEnd(s, ce, b);
    if (p >= b || unitAt(s, p) != LPAREN) return 0;
    const we = wordEnd(s, p + 1, b);
    const sev = severityOf(s, p + 1, we);
    if (sev < 0 || we >= b || unitAt(s, we) != RPAREN) return 0;
    return count(f, sev, s, i, ce);
  }
  unchecked((column[0] = false));
  // `[ERROR] path:12:5: message [Code]`: a log level in brackets before the place states
  // the finding's severity (a Java linter's report); loggers shorten a warning to `[WARN]`.
  let tagged = -1;
  if (unitAt(s, i) == CharCode.LBRACKET) {
    const close = findUnit(s, CharCode.RBRACKET, i, b);
    if (close + 1 < b && unitAt(s, close + 1) == CharCode.SPACE) {
      tagged = isLowerWordAt(s, i + 1, close, "warn") ? 1 : severityOf(s, i + 1, close);
      if (tagged >= 0) i = gapEnd(s, close + 1, b);
    }
  }
  // Every location has a digit: a line known to hold none is not searched for one.
  const loc = digits != 0 ? locationEnd(s, i, b, column) : -1;
  if (loc < 0) {
    // An error or a warning with no place at the margin (an indented one is a field: `  error: |-`),
    // unless its place follows on the next line.
    const unplaced = i == 0 || unitAt(s, i - 1) == CharCode.LF || unitAt(s, i - 1) == CharCode.CR ? unplacedSeverity(s, i, b) : -1;
    if (unplaced >= 0 && !locationFollows(s, b, n)) {
      unchecked((f.unplaced[unplaced] += 1));
      return 0;
    }
    // No location: `severity:`, `severity[CODE]:` or a `CODE` at the line's start, located on the
    // next line. Most lines open with no letter either starts with (the size-optimised build,
    // the component's, finds that out below), and next to none has a location below it.
    if (ASC_SHRINK_LEVEL < 2 && !isCapital(unitAt(s, i)) && !mayOpenSeverity(unitAt(s, i))) {
      // Told from the line's own units: a line alike to it is none either.
      if (unplaced < 0) planned = PLAN_NONE;
      return 0;
    }
    const we = wordEnd(s, i, b);
    let sev = severityOf(s, i, we);
    // `Warning 8 [partial-match]: …`: a severity, its number and its name make a finding
    // whose place is printed above it, with the source it quotes in between.
    const named = sev >= 0 ? numberedName(s, we, b) : -1;
    if (named >= 0) return count(f, sev, s, <i32>(named >> 32), <i32>(named & 0xffffffff));
    if (!locationFollows(s, b, n)) return 0;
    // The code's range, when there is one.
    let ca = 0;
    let cb = 0;
    if (sev < 0) {
      // A code opens with a capital.
      if (!isCapital(unitAt(s, i))) return 0;
      cb = tokenEnd(s, i, b);
      if (cb >= b || !isCode(s, i, cb)) return 0;
      ca = i;
      sev = SEVERITIES.length - 1;
    } else {
      if (we >= b) return 0;
      const c = unitAt(s, we);
      if (c == CharCode.LBRACKET) {
        let close = we + 1;
        while (close < b && unitAt(s, close) != CharCode.RBRACKET) close++;
        if (close + 1 >= b || unitAt(s, close + 1) != CharCode.COLON) return 0;
        ca = we + 1;
        cb = close;
      } else if (c != CharCode.COLON) return 0;
    }
    return count(f, sev, s, ca, cb);
  }
  // The file the location names, up to the ':' or '(' before its line number; none for
  // `line:col` alone, under the file's own line.
  const file = placeEnd;
  const place = i;
  // From here on only the line's own units are read, and never which digits they are: a line
  // alike to it but for its digits is the same finding, or none, with its code and file where
  // this one's are (the Node core plans it: plan()).
  if (ASC_SHRINK_LEVEL < 2) planned = PLAN_NONE;
  i = gapEnd(s, loc, b);
  if (i >= b) return 0;
  let we = wordEnd(s, i, b);
  let sev = severityOf(s, i, we);
  // `W: ` a severity's initial (rubocop's, pylint's letters): E, F, W and I name a grade,
  // C (convention) and R (refactor) state none, any other capital is no severity (letterSeverity).
  if (sev < 0 && we == i + 1 && isCapital(unitAt(s, i)) && we < b && unitAt(s, we) == CharCode.COLON && (we + 1 == b || unitAt(s, we + 1) == CharCode.SPACE)) {
    sev = letterSeverity(unitAt(s, i));
    if (sev >= 0) we++;
  }
  // `fatal error:` is an error.
  if (sev < 0 && isLowerWordAt(s, i, we, "fatal")) {
    const next = gapEnd(s, we, b);
    const ne = wordEnd(s, next, b);
    if (severityOf(s, next, ne) == 0) {
      sev = 0;
      we = ne;
    } else sev = 0;
  }
  if (sev == -2) return 0;
  // The message opens right after the place: its first word may be a code, not a severity's.
  if (sev < 0 && tagged >= 0) {
    sev = tagged;
    we = i;
  }
  // The code's range, packed; -1 while there is none.
  let code: i64 = -1;
  if (sev >= 0) {
    // The code after the severity (`error TS2322:`), past a tag in brackets (`W: [Correctable]
    // Lint/UselessAssignment:`), or the one closing the line.
    let after = gapEnd(s, we, b);
    let ce = tokenEnd(s, after, b);
    if (ce - after > 2 && unitAt(s, after) == CharCode.LBRACKET && unitAt(s, ce - 1) == CharCode.RBRACKET) ce = tokenEnd(s, (after = gapEnd(s, ce, b)), b);
    const bare = ce > after && unitAt(s, ce - 1) == CharCode.COLON ? ce - 1 : ce;
    if (isCode(s, after, bare) || (bare < ce && isNamespacedRule(s, after, bare))) code = packRange(after, bare);
  } else {
    // No severity: a code first (`F401`, `MD033/no-inline-html`: the code before its rule's
    // name), or a column at least (`x.py:8:43: message`).
    const ce = tokenEnd(s, i, b);
    let bare = ce > i && unitAt(s, ce - 1) == CharCode.COLON ? ce - 1 : ce;
    for (let k = i; k < bare; k++) if (unitAt(s, k) == CharCode.SLASH) bare = k;
    if (isCode(s, i, bare)) code = packRange(i, bare);
    else if (!unchecked(column[0])) return 0;
    sev = SEVERITIES.length - 1;
  }
  if (code < 0) code = trailingBracket(s, i, b);
  if (code < 0) code = trailingRule(s, i, b);
  if (code < 0) code = 0;
  const ca = <i32>(code >> 32);
  const cb = <i32>(code & 0xffffffff);
  if (ASC_SHRINK_LEVEL < 2) planned = plan(a, sev, place, file, ca, cb);
  return located(f, sev, s, place, file, ca, cb);
}

/**
 * Counts a located finding of severity `sev`: the file s[place, file) its location names (none
 * when empty) and its code s[ca, cb) (none when empty); returns its findingTag.
 */
function located(f: Findings, sev: i32, s: string, place: i32, file: i32, ca: i32, cb: i32): i32 {
  if (file > place) {
    let files = f.files;
    if (files === null) f.files = files = new Findings();
    // A full table names no files (findingsLine): a log of thousands of files stops counting
    // them there (the size-optimised build, the component's, looks each one up, which states the same).
    if (ASC_SHRINK_LEVEL >= 2 || files.codes.length < MAX_CODES) files.addCodeAt(s, place, file);
  }
  return count(f, sev, s, ca, cb);
}

/**
 * What readLine() found of the line it read last, when a line alike to it but for its digits
 * is found the same (set in the Node core only): 0 when that is not known (its answer read
 * the next line, or stopped before it was told), PLAN_NONE for no finding, else plan().
 */
let planned: u64 = 0;
const PLAN_NONE: u64 = 1;
/** Bits of each place plan() keeps, relative to where the line's read started. */
const PLAN_BITS: u64 = 14;
const PLAN_MASK: i32 = (1 << <i32>PLAN_BITS) - 1;

/**
 * A located finding of severity `sev` on the line read from `a`: its file s[place, file) and
 * its code s[ca, cb) (an empty code or file kept empty), each place relative to `a`, with
 * the severity and a low bit of 2; 0 (not known) when a place lies too far into the line.
 */
function plan(a: i32, sev: i32, place: i32, file: i32, ca: i32, cb: i32): u64 {
  if (cb <= ca) ca = cb = a;
  if (file <= place) file = place;
  const far = max(max(place, file), max(ca, cb)) - a;
  if (far > PLAN_MASK) return 0;
  return 2 | (<u64>sev << 2) | (<u64>(place - a) << 5) | (<u64>(file - a) << (5 + PLAN_BITS)) | (<u64>(ca - a) << (5 + 2 * PLAN_BITS)) | (<u64>(cb - a) << (5 + 3 * PLAN_BITS));
}

/** readLine() of a line read from `a` that is alike to the one `p` (plan()) was made of: its finding counted where that one's was. */
function replay(p: u64, f: Findings, s: string, a: i32): i32 {
  if (p == PLAN_NONE) return 0;
  const place = a + (<i32>(p >> 5) & PLAN_MASK);
  const file = a + (<i32>(p >> (5 + PLAN_BITS)) & PLAN_MASK);
  const ca = a + (<i32>(p >> (5 + 2 * PLAN_BITS)) & PLAN_MASK);
  const cb = a + (<i32>(p >> (5 + 3 * PLAN_BITS)) & PLAN_MASK);
  return located(f, <i32>(p >> 2) & 7, s, place, file, ca, cb);
}

/** Where the words after a program's name start (`asciidoctor: …`: a first token that ends in a colon and names no path) on line s[a, b), -1 when it opens with none. */
function programPrefix(s: string, a: i32, b: i32): i32 {
  const e = tokenEnd(s, a, b);
  if (e - a < 2 || e >= b || unitAt(s, e - 1) != CharCode.COLON || namesFile(s, a, e - 1)) return -1;
  return gapEnd(s, e, b);
}

/**
 * The severity (0 an error, 1 a warning) of line s[a, b) when it opens, after a program's name
 * at most, with one as a word and a colon (`error: …`, `asciidoctor: WARNING: …`), a word and
 * two dashes (`Warning--…`) or an initial and a colon (`W: …`); -1 for any other line. Notes,
 * hints and infos are left out: a tool prints one over several lines, each with its word.
 */
function unplacedSeverity(s: string, a: i32, b: i32): i32 {
  let sev = mayOpenUnplaced(s, a) ? severityAt(s, a, b) : -1;
  if (sev < 0) {
    const p = programPrefix(s, a, b);
    if (p > a && p < b && mayOpenUnplaced(s, p)) sev = severityAt(s, p, b);
  }
  return sev;
}

/**
 * Whether the word at s[i] may open a severity stated without a place: a capital or a letter
 * a severity opens with. A speed-only shortcut, in place of severityAt()'s reading of the word
 * on most lines (the size-optimised build, the component's, reads it).
 */
// @ts-ignore: decorator
@inline function mayOpenUnplaced(s: string, i: i32): bool {
  if (ASC_SHRINK_LEVEL >= 2) return true;
  const c = unitAt(s, i);
  return isCapital(c) || mayOpenSeverity(c);
}

/** unplacedSeverity() of the word at s[i]: after it a colon, then a space or the line's end, or two dashes; -1 when none. */
function severityAt(s: string, i: i32, b: i32): i32 {
  const we = wordEnd(s, i, b);
  if (we >= b) return -1;
  const sev = we == i + 1 && isCapital(unitAt(s, i)) ? letterSeverity(unitAt(s, i)) : severityOf(s, i, we);
  if (sev != 0 && sev != 1) return -1;
  const c = unitAt(s, we);
  if (c == CharCode.COLON) return we + 1 == b || unitAt(s, we + 1) == CharCode.SPACE ? sev : -1;
  return c == CharCode.MINUS && we + 1 < b && unitAt(s, we + 1) == CharCode.MINUS && we > i + 1 ? sev : -1;
}

/**
 * Line [a, b), not blank, that readLine() rules out at its first checks, told in place (a speed-only
 * shortcut: the size-optimised build, the component's, calls it): a first token of digits alone
 * (a quoted source line's number) is no location, and a line without a digit has none either,
 * nor a severity or a code to open it unless its first unit may open one.
 */
// @ts-ignore: decorator
@inline function ruledOut(s: string, a: i32, b: i32, digits: i32): bool {
  const c = unitAt(s, a);
  if (c == 0x5e || isSpaceOrTab(c)) return false;
  if (isDigit(c)) {
    const e = digitsEnd(s, a, b);
    return e == b || isSpaceOrTab(unitAt(s, e));
  }
  if (digits != 0 || isCapital(c) || mayOpenSeverity(c)) return false;
  // A program's name may open it (`asciidoctor: WARNING: …`): then the word after it decides.
  const p = programPrefix(s, a, b);
  return p < 0 || p >= b || !mayOpenUnplaced(s, p);
}

/** Counts a finding of severity `sev` and code s[a, b) (none when empty); returns its findingTag. */
function count(f: Findings, sev: i32, s: string, a: i32, b: i32): i32 {
  unchecked((f.counts[sev] += 1));
  f.total++;
  // Its family: the letters before its digits ("F821" and "F401", not "E501"), as a linter
  // names the checker that found it; none for a code without both. Hashed to 12 bits: two
  // families that share a hash only rank alike (important/novel.ts).
  let p = a;
  while (p < b && !isDigit(unitAt(s, p))) p++;
  return findingTag(sev, f.addCodeAt(s, a, b), a < p && p < b ? (<i32>unitsHash(changetype<usize>(s), a, p) & 0xfff) | 0x1000 : 0);
}

/**
 * Counts findings line by line (the command digest's one pass over the lines
 * feeds it, see lines.ts).
 */
export class FindingsReader {
  findings: Findings = new Findings();
  /**
   * Where each finding is noted by its line (important/notes.ts), when set: the flagged
   * lines' notes, so that a finding without an error word is a candidate for the budget
   * and findings are ranked by their codes.
   */
  notes: StaticArray<u64> | null = null;
  /** Lines read so far: every line is read, in order. */
  private lines: i32 = 0;
  /**
   * In the Node core, per line, what readLine() found of it (planned), for the lines alike to
   * it; null unless sized to the lines (the pass over a command's lines sizes it).
   */
  plans: StaticArray<u64> | null = null;
  private column: StaticArray<bool> = new StaticArray<bool>(1);

  /** Line [a, b) of text, without its '\r' and '\n' (`a` may be past its spaces and tabs). */
  line(text: string, a: i32, b: i32): void {
    this.lineOf(text, a, b, -1);
  }

  /**
   * line() with `digits` 0 when the line is known to hold no digit (1 when it holds one, -1
   * unknown); whether the line is a finding.
   */
  lineOf(text: string, a: i32, b: i32, digits: i32, alike: i32 = 0): bool {
    const line = this.lines++;
    if (b <= a || (ASC_SHRINK_LEVEL < 2 && ruledOut(text, a, b, digits))) return false;
    let tag = 0;
    if (ASC_SHRINK_LEVEL < 2) {
      // A line alike to one read before (`alike`, 1-based: LineVisitor.alike) is counted as
      // that line was, when readLine() planned it; each line read notes its plan.
      const plans = this.plans;
      const held = plans !== null && alike > 0 && alike <= plans.length ? unchecked(plans[alike - 1]) : 0;
      if (held != 0) tag = replay(held, this.findings, text, a);
      else {
        planned = 0;
        tag = readLine(text, a, b, text.length, this.findings, this.column, digits);
        if (plans !== null && line < plans.length) unchecked((plans[line] = planned));
      }
    } else tag = readLine(text, a, b, text.length, this.findings, this.column, digits);
    const notes = this.notes;
    if (tag != 0 && notes !== null && line < notes.length) noteFinding(notes, line, tag);
    return tag != 0;
  }
}

/** Every finding of the text, counted by severity and code. */
export function countFindings(text: string): Findings {
  const reader = readEachLine(text, new FindingsReader());
  return reader.findings;
}

function severityWord(k: i32, n: i32): string {
  const w = unchecked(SEVERITIES[k]);
  if (w.length == 0) return n == 1 ? "finding" : "findings";
  if (isWordOf(w, "error warning hint")) return n == 1 ? w : w + "s";
  return w;
}

/** A directory the files named share is named once above this many units: an absolute path would repeat in every name. */
const LONG_DIRECTORY: i32 = 16;

/** Units of the directory (up to its last '/') that the first `count` of `order`'s names share, when longer than LONG_DIRECTORY; else 0. */
function sharedDirectory(f: Findings, order: Array<i32>, count: i32): i32 {
  const first = unchecked(f.codes[unchecked(order[0])]);
  let len = first.length;
  for (let k = 1; k < count; k++) {
    const name = unchecked(f.codes[unchecked(order[k])]);
    let j = 0;
    while (j < len && j < name.length && name.charCodeAt(j) == first.charCodeAt(j)) j++;
    len = j;
  }
  while (len > 0 && first.charCodeAt(len - 1) != CharCode.SLASH) len--;
  return len > LONG_DIRECTORY ? len : 0;
}

/** Units `addCount` writes for `n`: its digits and a separator per three. */
function countUnits(n: i32): i32 {
  let digits = 1;
  for (let v = n; v >= 10; v /= 10) digits++;
  return digits + (digits - 1) / 3;
}

/**
 * Appends the names `f` counts (codes, files) with their counts, most first, at most `shown`:
 * "; 12 codes: X 5, Y 3, +10 more" when some go unnamed, else `label` ("; by code: ") and
 * all of them; "" for `label` states how many in any case. `least` 2 names only those
 * counted more than once (none named: nothing appended); names past the first stop where
 * the names and counts would take more than `room` units.
 */
function named(out: StrBuf, f: Findings, least: i32, shown: i32, counted: string, label: string, room: i32 = i32.MAX_VALUE): void {
  const n = f.codes.length;
  if (n == 0) return;
  // Most frequent first; ties in the order first seen.
  const order = new Array<i32>();
  for (let k = 0; k < n; k++) {
    order.push(k);
    for (let at = order.length - 1; at > 0 && unchecked(f.codeCounts[unchecked(order[at - 1])]) < unchecked(f.codeCounts[unchecked(order[at])]); at--) {
      const t = unchecked(order[at - 1]);
      unchecked((order[at - 1] = unchecked(order[at])));
      unchecked((order[at] = t));
    }
  }
  shown = min(n, shown);
  if (least > 1) {
    let repeated = 0;
    while (repeated < shown && unchecked(f.codeCounts[unchecked(order[repeated])]) >= least) repeated++;
    if ((shown = repeated) == 0) return;
  }
  // Within `room`: each name with its count and the ", " before the next.
  for (let k = 0, used = 0; k < shown; k++) {
    const code = unchecked(order[k]);
    used += unchecked(f.codes[code]).length + countUnits(unchecked(f.codeCounts[code])) + 3;
    if (k > 0 && used > room) shown = k;
  }
  // How many there are when some go unnamed, which "+K more" leaves the model to add
  // up: exact only while every one found a slot.
  // Files (named without a label) all in one long directory: it is named once, before the names within it.
  const dir = label.length == 0 ? sharedDirectory(f, order, n) : 0;
  if (label.length == 0 || (n > shown && n < MAX_CODES)) out.add("; ").addInt(n).add(dir > 0 ? " files in " : counted);
  else out.add(label);
  if (dir > 0) out.add(unchecked(f.codes[unchecked(order[0])]).substring(0, dir)).add(": ");
  for (let k = 0; k < shown; k++) {
    if (k > 0) out.add(", ");
    const code = unchecked(order[k]);
    out.add(unchecked(f.codes[code]).substring(dir)).addChar(CharCode.SPACE).addCount(unchecked(f.codeCounts[code]));
  }
  if (n > shown) out.addLabelInt(", +", n - shown).add(" more");
}

/**
 * "42 warnings, 1 error; by code: -Wunused-variable 12, …", or "" for fewer than two findings.
 * `small` (a budget that shows few lines): only the codes that repeat are named, as the
 * line of a code found once names it at no extra cost ("by code: TS2322 5, +4 more"),
 * and only while they take SMALL_CODES_UNITS.
 * Unless `small`, the files that hold them follow when several hold many each
 * ("; 10 files: http/cookiejar.py 126, …").
 */
export function findingsLine(f: Findings, small: bool = false, unplaced: bool = true): string {
  // None placed: the errors and warnings stated without a place, when two or more, unless
  // `unplaced` is false (a test run, whose runner counts its failures; its tool's closing
  // `ERROR: commands failed` would count them again).
  const counts = f.total == 0 && unplaced ? f.unplaced : f.counts;
  // Under a small budget the errors without a place are left to their lines, which the cut
  // keeps first, and a few warnings are no count worth an error line's room.
  const from = f.total == 0 && small ? 1 : 0;
  if ((f.total == 0 ? unchecked(counts[1]) + (from == 0 ? unchecked(counts[0]) : 0) : f.total) < (from == 1 ? MIN_UNPLACED_SMALL : 2)) return "";
  const out = new StrBuf(160);
  let parts = 0;
  for (let k = from; k < counts.length; k++) {
    const c = unchecked(counts[k]);
    if (c == 0) continue;
    if (parts++ > 0) out.add(", ");
    out.addCount(c).addChar(CharCode.SPACE).add(severityWord(k, c));
  }
  named(out, f, small ? 2 : 1, SHOWN_CODES, " codes: ", "; by code: ", small ? SMALL_CODES_UNITS : i32.MAX_VALUE);
  // Where they are, when several files hold many each: a cut may then keep none of a file's
  // lines, where a few findings per file name their files in the lines kept. A small budget
  // keeps its room for the findings themselves.
  const files = f.files;
  if (!small && files !== null && files.codes.length > 1 && files.codes.length < MAX_CODES && f.total >= files.codes.length * PER_FILE) named(out, files, 1, SHOWN_FILES, " files: ", "");
  return out.toString();
}
