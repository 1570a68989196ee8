// The JSON token scanners every reader in this folder shares: whitespace, numbers and the
// literals true/false/null. Each takes an `end` and returns the index after the token, or
// -1 when the token is not valid JSON.
import { CharCode, isDigit, isUnitOf } from "../util/chars";
import { digitRunEnd, unitAt } from "../util/lines";

// @ts-ignore: decorator
@inline export function isJsonSpace(c: i32): bool {
  if (ASC_SHRINK_LEVEL >= 2) return isUnitOf(c, " \n\r\t");
  return c == CharCode.SPACE || c == CharCode.LF || c == CharCode.CR || c == CharCode.TAB;
}

export function skipJsonSpace(s: string, i: i32, end: i32): i32 {
  // Most runs are short (" " after ':') or none: test one unit before any vector work.
  if (i >= end || !isJsonSpace(unitAt(s, i))) return i;
  i++;
  // Indentation of pretty-printed JSON: 8 units per step (unit by unit in the
  // size-optimised build, the component's).
  const base = changetype<usize>(s);
  const space = i16x8.splat(<i16>CharCode.SPACE);
  const lf = i16x8.splat(<i16>CharCode.LF);
  const cr = i16x8.splat(<i16>CharCode.CR);
  const tab = i16x8.splat(<i16>CharCode.TAB);
  while (ASC_SHRINK_LEVEL < 2 && i + 8 <= end) {
    const v = v128.load(base + (<usize>i << 1));
    const blank = v128.or(v128.or(i16x8.eq(v, space), i16x8.eq(v, lf)), v128.or(i16x8.eq(v, cr), i16x8.eq(v, tab)));
    const other = ~i16x8.bitmask(blank) & 0xff;
    if (other != 0) return i + ctz<i32>(other);
    i += 8;
  }
  while (i < end && isJsonSpace(unitAt(s, i))) i++;
  return i;
}

/** Index after `word` at s[i], or -1. */
export function matchWord(s: string, i: i32, end: i32, word: string): i32 {
  const len = word.length;
  if (i + len > end) return -1;
  for (let k = 0; k < len; k++) if (unitAt(s, i + k) != unitAt(word, k)) return -1;
  return i + len;
}

/** Index after the number at s[i], or -1. */
export function scanNumber(s: string, i: i32, end: i32): i32 {
  const stop = numberStop(s, i, end);
  return stop < 0 ? -1 : stop;
}

/**
 * Index after the number at s[i]; when a digit is missing, -2 - the index where
 * it was due (`end` itself when the text stops first: a cut, not an error).
 */
export function numberStop(s: string, i: i32, end: i32): i32 {
  if (i < end && unitAt(s, i) == CharCode.MINUS) i++;
  if (i >= end || !isDigit(unitAt(s, i))) return -2 - i;
  if (unitAt(s, i) == CharCode._0) i++;
  else i = digitRunEnd(s, i, end);
  if (i < end && unitAt(s, i) == CharCode.DOT) {
    i++;
    if (i >= end || !isDigit(unitAt(s, i))) return -2 - i;
    i = digitRunEnd(s, i, end);
  }
  if (i < end && (unitAt(s, i) | 0x20) == 0x65) {
    i++;
    if (i < end && (unitAt(s, i) == CharCode.PLUS || unitAt(s, i) == CharCode.MINUS)) i++;
    if (i >= end || !isDigit(unitAt(s, i))) return -2 - i;
    i = digitRunEnd(s, i, end);
  }
  return i;
}
