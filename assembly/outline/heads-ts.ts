// What a TypeScript / JavaScript statement head declares.
import { Combo, Lexer, Tok } from "./lexer";
import { Decl, Role, Stmt } from "./stmt";
import { isWordOf } from "../util/words";

/** Past `@name.path(…)` decorators starting at i. */
export function skipDecorators(st: Stmt, i: i32): i32 {
  while (st.isPunct(i, 0x40) && st.isIdent(i + 1) && !st.isWord(i + 1, "interface")) {
    i += 2;
    while (st.isPunct(i, 0x2e) && st.isIdent(i + 1)) i += 2;
    if (st.isPunct(i, 0x28)) i++;
  }
  return i;
}

/** Only decorators so far: the declaration they belong to is on a later line. */
export function onlyDecorators(st: Stmt): bool {
  return st.count > 0 && st.count < 96 && skipDecorators(st, 0) == st.count;
}

function nameOr(st: Stmt, i: i32, otherwise: string): string {
  return st.isIdent(i) ? st.word(i) : otherwise;
}

export function classifyTs(st: Stmt, d: Decl, atBrace: bool, member: bool): void {
  let i = skipDecorators(st, 0);
  if (member) {
    classifyTsMember(st, d, i);
    return;
  }
  if (st.isWord(i, "import") && !st.isPunct(i + 1, 0x28) && !st.isPunct(i + 1, 0x2e)) {
    d.isImport = true;
    return;
  }
  let isDefault = false;
  if (st.isWord(i, "export")) {
    i++;
    if (st.isWord(i, "default")) {
      i++;
      isDefault = true;
    }
  }
  while (ASC_SHRINK_LEVEL >= 2 ? st.isWordIn(i, "declare abstract async") : st.isWord(i, "declare") || st.isWord(i, "abstract") || st.isWord(i, "async")) i++;
  const w = st.word(i);
  if (w == "function") {
    if (!atBrace) return; // an overload signature or a declaration without a body
    i++;
    if (st.isPunct(i, 0x2a)) i++;
    d.set("function", nameOr(st, i, isDefault ? "default" : "(anonymous)"), Role.Body);
  } else if (w == "class") {
    const name = st.isIdent(i + 1) && !st.isWord(i + 1, "extends") && !st.isWord(i + 1, "implements") ? st.word(i + 1) : "default";
    d.set("class", name, atBrace ? Role.Container : Role.None);
  } else if (w == "interface") {
    d.set("interface", nameOr(st, i + 1, "(anonymous)"), atBrace ? Role.Container : Role.None);
  } else if (w == "enum" || (w == "const" && st.isWord(i + 1, "enum"))) {
    if (w == "const") i++;
    d.set("enum", nameOr(st, i + 1, "(anonymous)"), atBrace ? Role.Body : Role.None);
  } else if (isWordOf(w, "namespace module") && (st.isIdent(i + 1) || st.kindAt(i + 1) == Tok.Str)) {
    let k = i + 1;
    while (st.isPunct(k + 1, 0x2e) && st.isIdent(k + 2)) k += 2;
    d.set("namespace", st.span(i + 1, k), atBrace ? Role.Body : Role.None);
  } else if (w == "type" && st.isIdent(i + 1) && (st.isPunct(i + 2, 0x3d) || st.isPunct(i + 2, 0x3c))) {
    d.set("type", st.word(i + 1), Role.None);
  } else if (isWordOf(w, "const let var") && st.isIdent(i + 1)) {
    classifyBinding(st, d, i + 1);
  } else if (isDefault && atBrace && st.isPunct(i, 0x28) && st.hasFatArrow(i)) {
    d.set("function", "default", Role.Body);
    d.bodyEnds = false;
  }
}

/** `const name = (…) => …`, `= async function`, `= class …`: a named function or class. */
function classifyBinding(st: Stmt, d: Decl, nameAt: i32): void {
  const eq = st.findAssign(nameAt);
  if (eq < 0) return;
  // Only one declarator: `const a = 1, b = () => 2` is not a function.
  for (let k = nameAt + 1; k < eq; k++) if (st.isPunct(k, 0x2c)) return;
  let v = eq + 1;
  if (st.isWord(v, "async")) v++;
  const name = st.word(nameAt);
  let isFunction = false;
  if (st.isWord(v, "function")) isFunction = true;
  else if (st.isWord(v, "class")) {
    d.set("class", name, Role.Body);
    d.bodyEnds = false;
    return;
  } else if (st.isPunct(v, 0x28) || st.isPunct(v, 0x3c)) {
    // (a, b) => …, (a): T => …, <T = U>(x) => …: parameters, a return type, the arrow.
    const params = st.skipAngles(v);
    const arrow = st.find(params, Combo.FatArrow);
    isFunction = st.isPunct(params, 0x28) && arrow > params;
    for (let k = params; isFunction && k < arrow; k++) if (st.isPunct(k, 0x3d)) isFunction = false;
  } else if (st.isIdent(v) && st.isPunct(v + 1, Combo.FatArrow)) isFunction = true;
  if (!isFunction) return;
  d.set("function", name, Role.Body);
  d.bodyEnds = false;
}

const MEMBER_MODIFIERS = "public private protected static readonly abstract override declare async accessor";

function isModifier(st: Stmt, i: i32): bool {
  if (!st.isIdent(i)) return false;
  // A modifier is followed by more head: `static(…)` is a method named static.
  if (st.isPunct(i + 1, 0x28) || st.isPunct(i + 1, 0x3d) || st.isPunct(i + 1, 0x3a) || st.isPunct(i + 1, 0x3b) || st.isPunct(i + 1, 0x3f)) return false;
  const w = st.word(i);
  if (isWordOf(w, MEMBER_MODIFIERS)) return true;
  return isWordOf(w, "get set") && (st.isIdent(i + 1) || st.kindAt(i + 1) == Tok.Str || st.isPunct(i + 1, 0x5b) || st.isPunct(i + 1, 0x23));
}

/** A class or interface member: methods (with or without a body) count; properties do not. */
function classifyTsMember(st: Stmt, d: Decl, from: i32): void {
  let i = from;
  while (isModifier(st, i)) i++;
  if (st.isPunct(i, 0x2a)) i++;
  const priv = st.isPunct(i, 0x23); // #private
  if (priv) i++;
  const nameAt = i;
  if (!(st.isIdent(i) || st.kindAt(i) == Tok.Str || st.kindAt(i) == Tok.Number || st.isPunct(i, 0x5b))) return;
  i++;
  if (st.isPunct(i, 0x3f) || st.isPunct(i, 0x21)) i++;
  i = st.skipAngles(i);
  if (!st.isPunct(i, 0x28)) return;
  const name = st.isPunct(nameAt, 0x5b) ? st.span(nameAt, nameAt) : (priv ? "#" : "") + st.word(nameAt);
  d.set("method", name, Role.Body);
}

/** Words after which a statement cannot end at a line break. */
const CONTINUING = "export default async function class const let var type interface enum new typeof extends implements import from declare abstract namespace module readonly static public private protected keyof as in of instanceof await yield delete void case throw else do satisfies is infer unique get set";
/** Words that continue the statement on the previous line. */
const CONTINUATION = "extends implements else catch finally instanceof in of as satisfies from keyof is";

function isOneOf(text: string, start: i32, end: i32, words: string): bool {
  const len = end - start;
  if (len < 2 || len > 10) return false;
  return isWordOf(text.substring(start, end), words);
}

/** Automatic semicolon insertion, as far as an outline needs it. */
export function tsNewlineEnds(st: Stmt, lx: Lexer): bool {
  const pk = st.lastKind;
  let prevEnds = pk == Tok.Number || pk == Tok.Str;
  if (pk == Tok.Ident) prevEnds = !isOneOf(st.text, st.lastStart, st.lastEnd, CONTINUING);
  else if (pk == Tok.Punct) prevEnds = st.lastCode == 0x29 || st.lastCode == 0x5d || st.lastCode == 0x7d;
  if (!prevEnds) return false;
  const k = lx.kind;
  let nextStarts = k == Tok.Number || k == Tok.Str || (k == Tok.Punct && lx.code == 0x40);
  if (k == Tok.Ident) nextStarts = !isOneOf(lx.text, lx.start, lx.end, CONTINUATION);
  if (!nextStarts) return false;
  return !onlyDecorators(st);
}
