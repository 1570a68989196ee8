// HTML character references: numeric (&#233; &#xE9;) and the named ones that
// documentation pages use. An unknown name is left as it is written.
import { CharCode, isAlpha, isDigit } from "../../util/chars";
import { unitAt } from "../../util/lines";

/** Longest entity name looked up (";" excluded). */
const MAX_NAME: i32 = 10;

// Name → code point, for the references documentation pages use.
const NAMES: StaticArray<string> = [
  "amp", "lt", "gt", "quot", "apos", "nbsp", "AMP", "LT", "GT", "QUOT",
  "copy", "reg", "trade", "hellip", "mdash", "ndash", "lsquo", "rsquo", "ldquo", "rdquo",
  "sbquo", "bdquo", "laquo", "raquo", "lsaquo", "rsaquo", "bull", "middot", "times", "divide",
  "deg", "plusmn", "para", "sect", "cent", "pound", "yen", "euro", "minus", "infin",
  "le", "ge", "ne", "larr", "rarr", "uarr", "darr", "harr", "lArr", "rArr",
  "hArr", "dagger", "Dagger", "shy", "ensp", "emsp", "thinsp", "zwnj", "zwj", "not",
  "acute", "szlig", "auml", "ouml", "uuml", "Auml", "Ouml", "Uuml", "eacute", "egrave",
  "aacute", "agrave", "oacute", "uacute", "iacute", "ntilde", "ccedil", "mu", "pi", "check",
];
const CODES: StaticArray<i32> = [
  0x26, 0x3c, 0x3e, 0x22, 0x27, 0xa0, 0x26, 0x3c, 0x3e, 0x22,
  0xa9, 0xae, 0x2122, 0x2026, 0x2014, 0x2013, 0x2018, 0x2019, 0x201c, 0x201d,
  0x201a, 0x201e, 0xab, 0xbb, 0x2039, 0x203a, 0x2022, 0xb7, 0xd7, 0xf7,
  0xb0, 0xb1, 0xb6, 0xa7, 0xa2, 0xa3, 0xa5, 0x20ac, 0x2212, 0x221e,
  0x2264, 0x2265, 0x2260, 0x2190, 0x2192, 0x2191, 0x2193, 0x2194, 0x21d0, 0x21d2,
  0x21d4, 0x2020, 0x2021, 0xad, 0x2002, 0x2003, 0x2009, 0x200c, 0x200d, 0xac,
  0xb4, 0xdf, 0xe4, 0xf6, 0xfc, 0xc4, 0xd6, 0xdc, 0xe9, 0xe8,
  0xe1, 0xe0, 0xf3, 0xfa, 0xed, 0xf1, 0xe7, 0x3bc, 0x3c0, 0x2713,
];

function named(s: string, start: i32, end: i32): i32 {
  const len = end - start;
  for (let k = 0; k < NAMES.length; k++) {
    const name = unchecked(NAMES[k]);
    if (name.length != len) continue;
    let same = true;
    for (let j = 0; j < len; j++) {
      if (unitAt(s, start + j) != unitAt(name, j)) {
        same = false;
        break;
      }
    }
    if (same) return unchecked(CODES[k]);
  }
  return -1;
}

/** A decoded reference: its code point and the index after it. */
export class Entity {
  codePoint: i32 = -1;
  next: i32 = 0;
}

/**
 * Decodes the reference that starts with '&' at s[i] (before `end`) into `e`.
 * Returns false, leaving `e` alone, when there is none (a bare '&', an unknown name).
 */
export function decodeEntityAt(s: string, i: i32, end: i32, e: Entity): bool {
  let j = i + 1;
  if (j >= end) return false;
  if (unitAt(s, j) == CharCode.HASH) {
    j++;
    const hex = j < end && (unitAt(s, j) | 0x20) == 0x78;
    if (hex) j++;
    const from = j;
    let v = 0;
    while (j < end && j - from < 8) {
      const c = unitAt(s, j);
      let d = -1;
      if (isDigit(c)) d = c - CharCode._0;
      else if (hex && (c | 0x20) >= CharCode.a && (c | 0x20) <= 0x66) d = (c | 0x20) - CharCode.a + 10;
      if (d < 0) break;
      v = v * (hex ? 16 : 10) + d;
      j++;
    }
    if (j == from) return false;
    if (j < end && unitAt(s, j) == CharCode.SEMICOLON) j++;
    // NUL, surrogates and values past Unicode become U+FFFD, as browsers do.
    if (v == 0 || v > 0x10ffff || (v >= 0xd800 && v <= 0xdfff)) v = CharCode.REPLACEMENT;
    e.codePoint = v;
    e.next = j;
    return true;
  }
  const from = j;
  while (j < end && j - from <= MAX_NAME && (isAlpha(unitAt(s, j)) || isDigit(unitAt(s, j)))) j++;
  if (j == from || j >= end || unitAt(s, j) != CharCode.SEMICOLON) return false;
  const cp = named(s, from, j);
  if (cp < 0) return false;
  e.codePoint = cp;
  e.next = j + 1;
  return true;
}
