// Names of the functions (and types) a line of code defines, for the common
// languages: Go `func`, JS/TS `function`, methods and arrow consts, Python
// `def`/`class`, Rust `fn`, C-like signatures, Java methods. A scanner, not a
// parser: it reads one line and answers "" when unsure.
import { CharCode, isAlpha, isDigit, isIdentChar, isUnitOf } from "../../util/chars";
import { blanksEnd, unitAt } from "../../util/lines";
import { startsWithAt, startsWithOneOf } from "../shared/text";

const KEYWORDS: string[] = ["if", "for", "while", "switch", "catch", "return", "else", "do", "try", "new", "delete", "sizeof", "typeof", "await", "yield", "throw", "raise", "except", "go", "defer", "panic", "case", "elif", "with", "assert", "print", "not", "and", "or", "in"];

function skipSpaces(s: string, i: i32, b: i32): i32 {
  i = blanksEnd(s, i, b);
  return i;
}

function identEnd(s: string, i: i32, b: i32): i32 {
  if (i >= b || !(isAlpha(unitAt(s, i)) || unitAt(s, i) == CharCode.UNDERSCORE || unitAt(s, i) == 0x24)) return i;
  while (i < b && isIdentChar(unitAt(s, i))) i++;
  return i;
}

/** Skips any of `words` (each followed by a space) at i, repeatedly. */
function skipWords(s: string, i: i32, b: i32, words: string[]): i32 {
  let moved = true;
  while (moved) {
    moved = false;
    for (let k = 0; k < words.length; k++) {
      const w = unchecked(words[k]);
      if (startsWithAt(s, i, b, w) && i + w.length < b && unitAt(s, i + w.length) == CharCode.SPACE) {
        i = skipSpaces(s, i + w.length, b);
        moved = true;
      }
    }
  }
  return i;
}

const JS_MODIFIERS: string[] = ["export", "default", "async", "public", "private", "protected", "static", "readonly", "override", "abstract", "declare", "get", "set", "pub", "pub(crate)", "pub(super)", "unsafe", "const", "extern", "inline", "final", "synchronized", "virtual"];

function isKeyword(s: string, a: i32, b: i32): bool {
  for (let k = 0; k < KEYWORDS.length; k++) {
    const w = unchecked(KEYWORDS[k]);
    if (b - a == w.length && startsWithAt(s, a, b, w)) return true;
  }
  return false;
}

/** The name defined by s[a, b) (one line of code), or "". */
export function definedName(s: string, a: i32, b: i32): string {
  let i = skipSpaces(s, a, b);
  const indented = i > a;
  const arrow = arrowConst(s, skipWords(s, i, b, ["export", "declare"]), b);
  if (arrow.length > 0) return arrow;
  i = skipWords(s, i, b, JS_MODIFIERS);
  // Keyword forms: the name follows the keyword.
  if (startsWithAt(s, i, b, "func ")) {
    let j = skipSpaces(s, i + 5, b);
    if (j < b && unitAt(s, j) == 0x28) {
      // Go method receiver: func (r *T) Name(
      let depth = 0;
      for (; j < b; j++) {
        const c = unitAt(s, j);
        if (c == 0x28) depth++;
        else if (c == 0x29 && --depth == 0) break;
      }
      j = skipSpaces(s, j + 1, b);
    }
    const e = identEnd(s, j, b);
    return e > j ? s.substring(j, e) : "";
  }
  const forms: string[] = ["function* ", "function ", "def ", "class ", "fn ", "struct ", "interface ", "trait ", "impl ", "enum ", "type ", "module ", "namespace "];
  for (let k = 0; k < forms.length; k++) {
    const f = unchecked(forms[k]);
    if (!startsWithAt(s, i, b, f)) continue;
    let j = skipSpaces(s, i + f.length, b);
    if (j < b && unitAt(s, j) == 0x2a) j = skipSpaces(s, j + 1, b); // function *gen
    const e = identEnd(s, j, b);
    return e > j ? s.substring(j, e) : "";
  }
  // Signatures: [type words…] name( … with a body or an opening line, not a call statement.
  const last = lastNonSpace(s, i, b);
  if (last < 0) return "";
  const endC = unitAt(s, last);
  if (endC == CharCode.SEMICOLON || endC == CharCode.COMMA) return "";
  const paren = indexOfChar(s, i, b, 0x28);
  if (paren <= i) return "";
  let e = paren;
  while (e > i && unitAt(s, e - 1) == CharCode.SPACE) e--;
  let st = e;
  while (st > i && isIdentChar(unitAt(s, st - 1))) st--;
  if (st == e || isDigit(unitAt(s, st)) || isKeyword(s, st, e)) return "";
  // Something must precede the name (a return type) unless it is an indented method "name(…) {".
  const before = st > i;
  if (endC != CharCode.LBRACE && endC != 0x29) return "";
  // A bare "name(…)" line is a call unless it opens a body (a method).
  if (!before && !(indented && endC == CharCode.LBRACE)) return "";
  if (before) {
    // "x = foo(" or "return foo(" or "a.b(" are calls, not definitions.
    for (let k = i; k < st; k++) {
      const c = unitAt(s, k);
      if ((ASC_SHRINK_LEVEL >= 2 ? isUnitOf(c, "=.(,\"'") : c == 0x3d || c == CharCode.DOT || c == 0x28 || c == CharCode.COMMA || c == 0x22 || c == CharCode.SQUOTE)) return "";
    }
    const firstEnd = identEnd(s, i, b);
    if (isKeyword(s, i, firstEnd)) return "";
  }
  return s.substring(st, e);
}

/** `const name = (…) =>` / `let name = async function`: the name, else "". */
function arrowConst(s: string, i: i32, b: i32): string {
  let kw = 0;
  if (startsWithAt(s, i, b, "const ")) kw = 6;
  else if (ASC_SHRINK_LEVEL >= 2 ? startsWithOneOf(s, i, b, "let |var ") : startsWithAt(s, i, b, "let ") || startsWithAt(s, i, b, "var ")) kw = 4;
  if (kw == 0) return "";
  const j = skipSpaces(s, i + kw, b);
  const e = identEnd(s, j, b);
  if (e == j) return "";
  let k = skipSpaces(s, e, b);
  // A type annotation: the value starts after "=".
  if (k < b && unitAt(s, k) == CharCode.COLON) while (k < b && unitAt(s, k) != 0x3d) k++;
  if (k >= b || unitAt(s, k) != 0x3d) return "";
  k = skipSpaces(s, k + 1, b);
  k = skipWords(s, k, b, ["async"]);
  return startsWithAt(s, k, b, "function") || hasArrow(s, k, b) ? s.substring(j, e) : "";
}

function hasArrow(s: string, i: i32, b: i32): bool {
  for (let k = i; k + 1 < b; k++) if (unitAt(s, k) == 0x3d && unitAt(s, k + 1) == CharCode.GT) return true;
  return false;
}

function lastNonSpace(s: string, a: i32, b: i32): i32 {
  for (let k = b - 1; k >= a; k--) {
    const c = unitAt(s, k);
    if (c != CharCode.SPACE && c != CharCode.TAB) return k;
  }
  return -1;
}

function indexOfChar(s: string, a: i32, b: i32, c: i32): i32 {
  for (let k = a; k < b; k++) if (unitAt(s, k) == c) return k;
  return -1;
}
