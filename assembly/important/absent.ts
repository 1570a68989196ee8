// A line that ends by saying its subject is absent ("libtax.so.1 => not found",
// "guice.jar -> not found") reports a failed lookup though it holds no error
// word: a listing of lookups prints it among those that succeeded, in their
// rhythm, and often more than once, so neither keywords nor shapes tell it.
// The C library's text for a missing path ("2024.02.9 - No such file or directory")
// ends the complaint of any program that looked one up, whatever its own format.
// A line that ends saying something was denied ("x: Permission denied", at times with the way
// that was tried: "root@host: Permission denied (publickey).") reports a refusal, whatever the
// run's exit, as a later step of the run may have succeeded.
// A line that says a name it quotes is undefined ("accessing undefined variable 'sum'",
// "undefined name 'CONTINUE'", "undefined identifier ‘roundCents’") reports a lookup that
// failed too: compilers and linters of many languages word it so, with or without a severity.
import { CharCode, isSpaceOrTab } from "../util/chars";
import { lettersEnd, unitAt } from "../util/lines";
import { isLowerWordAt } from "../util/scan";

const ABSENT = " not found";
const NO_SUCH_PATH = " no such file or directory";
const DENIED = " denied";

/**
 * Line s[a, b) (without its '\r') ends with " not found", in any case, after some text; its
 * last unit, read in place, rules out most lines (the size-optimised build compares the word).
 */
// @ts-ignore: decorator
@inline export function endsSayingAbsent(s: string, a: i32, b: i32): bool {
  return b - a > ABSENT.length && (ASC_SHRINK_LEVEL >= 2 || (unitAt(s, b - 1) | 0x20) == 0x64) && isLowerWordAt(s, b - ABSENT.length, b, ABSENT);
}

/** Line s[a, b) ends with " No such file or directory", in any case, after some text (read as endsSayingAbsent). */
// @ts-ignore: decorator
@inline export function endsSayingNoSuchPath(s: string, a: i32, b: i32): bool {
  return b - a > NO_SUCH_PATH.length && (ASC_SHRINK_LEVEL >= 2 || (unitAt(s, b - 1) | 0x20) == 0x79) && isLowerWordAt(s, b - NO_SUCH_PATH.length, b, NO_SUCH_PATH);
}

/**
 * Line s[a, b), at the margin, ends saying a request was refused: its last word, in any case,
 * is "denied", before a full stop and the way that was tried in brackets if any
 * ("cat: x: Permission denied", "root@host: Permission denied (publickey).", "Access Denied.").
 * An indented line that ends so is a test's title, a message's body or a help text's line
 * ("  ✓ returns 403 when access is denied"), and a line that goes on past the word states more
 * than the refusal ("Permission denied: retrying as root").
 */
export function endsSayingDenied(s: string, a: i32, b: i32): bool {
  if (b <= a || isSpaceOrTab(unitAt(s, a))) return false;
  let e = b;
  if (unitAt(s, e - 1) == CharCode.DOT) e--;
  if (unitAt(s, e - 1) == CharCode.RPAREN) {
    let k = e - 1;
    while (k > a && unitAt(s, k) != CharCode.LPAREN) k--;
    if (k > a && unitAt(s, k - 1) == CharCode.SPACE) e = k - 1;
  }
  return e - a > DENIED.length && isLowerWordAt(s, e - DENIED.length, e, DENIED);
}

const UNDEFINED = "undefined ";

function isOpeningQuote(c: i32): bool {
  return c == CharCode.SQUOTE || c == CharCode.DQUOTE || c == 0x60 || c == 0x2018 || c == 0x201c;
}

/** A 'u' in every lane, then a space: the vectors mayStartUndefined() compares with (none in the size-optimised build). */
const UNDEFINED_VECTORS: usize = ASC_SHRINK_LEVEL >= 2 ? 0 : memory.data<u16>([
  0x75, 0x75, 0x75, 0x75, 0x75, 0x75, 0x75, 0x75, 0x20, 0x20, 0x20, 0x20, 0x20, 0x20, 0x20, 0x20,
], 16);

/**
 * The first j from i on where "undefined " may start in s: a 'u' in any case with a space
 * nine units on, as the word's last letter is followed by one. Eight places per SIMD step,
 * where most lines have none; i itself once fewer than eight are left before `last`, whose
 * loads would pass the line's end (the caller reads those unit by unit). A place skipped
 * fails saysUndefinedName()'s own first tests, so the answer is the same.
 */
function mayStartUndefined(s: string, i: i32, last: i32): i32 {
  const u = v128.load(UNDEFINED_VECTORS);
  const space = v128.load(UNDEFINED_VECTORS, 16);
  for (; i + 8 <= last; i += 8) {
    const at = changetype<usize>(s) + (<usize>i << 1);
    // The units nine places on, 18 bytes: where "undefined" ends and its space is.
    const m = i16x8.bitmask(v128.and(i16x8.eq(v128.or(v128.load(at), space), u), i16x8.eq(v128.load(at, 18), space)));
    if (m != 0) return i + ctz(m);
  }
  return i;
}

/**
 * Line s[a, b) says a name it quotes is undefined: the word "undefined", in any case, after
 * a space or at the line's start, then a word of four letters or more and the quoted name
 * ("undefined variable 'sum'"). Prose that only uses the word ("undefined behaviour
 * sanitizer", "or <code>undefined</code>") quotes no name after its kind.
 */
export function saysUndefinedName(s: string, a: i32, b: i32): bool {
  const last = b - UNDEFINED.length - 3;
  for (let j = a; j < last; j++) {
    if (ASC_SHRINK_LEVEL < 2) {
      j = mayStartUndefined(s, j, last);
      if (j >= last) break;
    }
    if ((unitAt(s, j) | 0x20) != 0x75 || (j > a && unitAt(s, j - 1) != CharCode.SPACE)) continue;
    if (!isLowerWordAt(s, j, j + UNDEFINED.length, UNDEFINED)) continue;
    const w = j + UNDEFINED.length;
    const e = lettersEnd(s, w, b);
    // A kind of name has four letters or more (name, variable, symbol); a shorter word is a
    // sentence's ("returns undefined for 'key'", a test's title).
    if (e >= w + 4 && e + 1 < b && unitAt(s, e) == CharCode.SPACE && isOpeningQuote(unitAt(s, e + 1))) return true;
  }
  return false;
}
