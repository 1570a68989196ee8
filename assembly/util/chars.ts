/** UTF-16 code units the core tests for by name. */
export const enum CharCode {
  NUL = 0x00,
  BACKSPACE = 0x08,
  TAB = 0x09,
  LF = 0x0a,
  VT = 0x0b,
  FF = 0x0c,
  CR = 0x0d,
  ESC = 0x1b,
  SPACE = 0x20,
  BANG = 0x21,
  DQUOTE = 0x22,
  HASH = 0x23,
  PERCENT = 0x25,
  SQUOTE = 0x27,
  LPAREN = 0x28,
  RPAREN = 0x29,
  PLUS = 0x2b,
  COMMA = 0x2c,
  MINUS = 0x2d,
  DOT = 0x2e,
  SLASH = 0x2f,
  _0 = 0x30,
  _9 = 0x39,
  COLON = 0x3a,
  SEMICOLON = 0x3b,
  LT = 0x3c,
  GT = 0x3e,
  A = 0x41,
  Z = 0x5a,
  LBRACKET = 0x5b,
  BACKSLASH = 0x5c,
  RBRACKET = 0x5d,
  UNDERSCORE = 0x5f,
  a = 0x61,
  z = 0x7a,
  LBRACE = 0x7b,
  PIPE = 0x7c,
  RBRACE = 0x7d,
  DEL = 0x7f,
  C1_CSI = 0x9b,
  REPLACEMENT = 0xfffd,
}

// @ts-ignore: decorator
@inline export function isDigit(c: i32): bool {
  return <u32>(c - CharCode._0) <= 9;
}

/** The value of hex digit `c` (0–9, a–f or A–F), or -1. */
export function hexValue(c: i32): i32 {
  if (isDigit(c)) return c - CharCode._0;
  const l = c | 0x20;
  return l >= CharCode.a && l <= 0x66 ? l - CharCode.a + 10 : -1;
}

/** 0–9, a–f or A–F. */
// @ts-ignore: decorator
@inline export function isHexDigit(c: i32): bool {
  return isDigit(c) || <u32>((c | 0x20) - CharCode.a) <= 5;
}

// @ts-ignore: decorator
@inline export function isAlpha(c: i32): bool {
  return <u32>((c | 0x20) - CharCode.a) <= 25;
}

// @ts-ignore: decorator
@inline export function isIdentChar(c: i32): bool {
  return isAlpha(c) || isDigit(c) || c == CharCode.UNDERSCORE || c == 0x24;
}

// @ts-ignore: decorator
@inline export function isSpace(c: i32): bool {
  if (ASC_SHRINK_LEVEL >= 2) return isUnitOf(c, " \t\r\n\v\f");
  return c == CharCode.SPACE || c == CharCode.TAB || c == CharCode.CR || c == CharCode.LF || c == CharCode.VT || c == CharCode.FF;
}

/** The blanks inside a line: a space or a tab. */
// @ts-ignore: decorator
@inline export function isSpaceOrTab(c: i32): bool {
  return c == CharCode.SPACE || c == CharCode.TAB;
}

// @ts-ignore: decorator
@inline export function isHighSurrogate(c: i32): bool {
  return (c & 0xfc00) == 0xd800;
}

// @ts-ignore: decorator
@inline export function isLowSurrogate(c: i32): bool {
  return (c & 0xfc00) == 0xdc00;
}

// @ts-ignore: decorator
@inline export function toLower(c: i32): i32 {
  return <u32>(c - CharCode.A) <= 25 ? c | 0x20 : c;
}

/**
 * c is one of the units of `set`: the size-optimised build's test for a set of characters, one
 * call where a chain of compares costs six bytes a character.
 */
export function isUnitOf(c: i32, set: string): bool {
  for (let i = 0; i < set.length; i++) {
    if (<i32>load<u16>(changetype<usize>(set) + (<usize>i << 1)) == c) return true;
  }
  return false;
}
