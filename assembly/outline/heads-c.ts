// What a C / C++ statement head declares. Function definitions are told from
// prototypes by their body; macros and preprocessor lines never reach here.
import { Combo, Tok } from "./lexer";
import { Decl, Role, Stmt } from "./stmt";
import { isWordOf } from "../util/words";

/** Words before a `(` that are not a function's name. */
const NOT_A_NAME = "__attribute__ __declspec noexcept throw alignas _Alignas decltype requires __asm__ __asm asm sizeof alignof if while for switch return void int char long short unsigned signed float double bool auto const volatile struct union enum class typename static_assert";

function isTag(st: Stmt, i: i32): bool {
  if (ASC_SHRINK_LEVEL >= 2) return st.isWordIn(i, "struct class union enum");
  return st.isWord(i, "struct") || st.isWord(i, "class") || st.isWord(i, "union") || st.isWord(i, "enum");
}

export function classifyC(st: Stmt, d: Decl, atBrace: bool, member: bool): void {
  let i = 0;
  while (st.isWord(i, "template")) i = st.skipAngles(i + 1);
  if (!member && st.isWord(i, "extern") && st.kindAt(i + 1) == Tok.Str) {
    if (atBrace && st.count == i + 2) {
      d.set("", "", Role.Transparent); // extern "C" { … }: what is inside stays top-level
      return;
    }
    i += 2;
  }
  if (!member && (st.isWord(i, "namespace") || (st.isWord(i, "inline") && st.isWord(i + 1, "namespace")))) {
    if (st.isWord(i, "inline")) i++;
    if (!atBrace) return; // namespace alias
    let k = i + 1;
    while (st.isIdent(k) && st.isPunct(k + 1, Combo.ColonColon)) k += 2;
    d.set("namespace", st.isIdent(k) ? st.span(i + 1, k) : "(anonymous)", Role.Transparent);
    return;
  }
  if (st.isWord(i, "typedef")) {
    if (atBrace) {
      const tag = isTag(st, i + 1) ? st.word(i + 1) : "type";
      d.set(tag, "", Role.Body);
      d.nameAtEnd = true;
      d.bodyEnds = false;
      return;
    }
    const name = typedefName(st, i + 1);
    if (name.length > 0) d.set("type", name, Role.None);
    return;
  }
  if (st.isWord(i, "using") && st.isIdent(i + 1) && st.isPunct(i + 2, 0x3d)) {
    d.set("type", st.word(i + 1), Role.None);
    return;
  }
  const fn = functionName(st, i);
  if (fn.length > 0 && (atBrace || member)) {
    d.set(member ? "method" : "function", fn, atBrace ? Role.Body : Role.None);
    return;
  }
  let t = i;
  while (ASC_SHRINK_LEVEL >= 2 ? st.isWordIn(t, "static const volatile inline constexpr export") : st.isWord(t, "static") || st.isWord(t, "const") || st.isWord(t, "volatile") || st.isWord(t, "inline") || st.isWord(t, "constexpr") || st.isWord(t, "export")) t++;
  if (!isTag(st, t) || !atBrace || st.findAssign(t) >= 0) return;
  const kind = st.word(t);
  let k = t + 1;
  if (kind == "enum" && (st.isWord(k, "class") || st.isWord(k, "struct"))) k++;
  // The name is the last plain word before the base list or the body: skips attributes and export macros.
  let nameEnd = -1;
  for (let j = k; j < st.count; j++) {
    if (st.isPunct(j, 0x3a) || st.isPunct(j, 0x7b)) break;
    if (st.isPunct(j, 0x3c)) j = st.skipAngles(j) - 1; // a specialization's arguments are not its name
    else if (st.isIdent(j) && !st.isWord(j, "final") && !st.isPunct(j + 1, 0x28)) nameEnd = j;
  }
  if (nameEnd < 0) return; // anonymous: `struct { … } x;` declares a variable
  let nameStart = nameEnd;
  while (st.isPunct(nameStart - 1, Combo.ColonColon) && st.isIdent(nameStart - 2)) nameStart -= 2;
  d.set(kind, st.span(nameStart, nameEnd), kind == "enum" ? Role.Body : Role.Container);
  d.bodyEnds = false; // a tagged type ends at its `;`
}

/**
 * The declarator's name when the head reads as a function: the word before
 * the last `(` group (a macro call may precede it), qualified names and
 * operators included; "" otherwise (a variable, an initializer, a macro alone).
 */
function functionName(st: Stmt, from: i32): string {
  let end = st.count;
  let seenGroup = false;
  for (let k = from; k < st.count; k++) {
    if (st.isPunct(k, 0x28)) seenGroup = true;
    else if (st.isPunct(k, 0x7b)) {
      end = k;
      break;
    } else if (seenGroup && (st.isPunct(k, 0x3a) || st.isPunct(k, Combo.ThinArrow))) {
      end = k; // constructor initializers, trailing return type
      break;
    }
  }
  let g = -1;
  for (let k = end - 1; k > from; k--) {
    if (!st.isPunct(k, 0x28)) continue;
    if (st.isIdent(k - 1) && !isWordOf(st.word(k - 1), NOT_A_NAME)) {
      g = k;
      break;
    }
    if (operatorAt(st, k - 1, from) >= 0) {
      g = k;
      break;
    }
  }
  if (g < 0) return "";
  for (let k = from; k < g; k++) if (st.isPunct(k, 0x3d) && !st.isWord(k - 1, "operator")) return "";
  let s = st.isIdent(g - 1) ? g - 1 : operatorAt(st, g - 1, from);
  if (st.isPunct(s - 1, 0x7e)) s--;
  while (st.isPunct(s - 1, Combo.ColonColon) && (st.isIdent(s - 2) || st.isPunct(s - 2, 0x3e))) {
    s -= 2;
    if (st.isPunct(s, 0x3e)) {
      // Foo<T>::bar: walk back over the template arguments.
      let depth = 0;
      let j = s;
      for (; j > from; j--) {
        if (st.isPunct(j, 0x3e)) depth++;
        else if (st.isPunct(j, 0x3c) && --depth == 0) break;
      }
      s = j - 1;
      if (!st.isIdent(s)) return "";
    }
  }
  return st.span(s, g - 1);
}

/** Index of `operator` when token k ends `operator==`, `operator()` and the like; else -1. */
function operatorAt(st: Stmt, k: i32, from: i32): i32 {
  for (let j = k; j >= from && j >= k - 3; j--) if (st.isWord(j, "operator")) return j;
  return -1;
}

/** `typedef unsigned long size_t;` → size_t; `typedef void (*fn)(int);` → fn. */
function typedefName(st: Stmt, from: i32): string {
  let last = -1;
  let fnType = -1;
  for (let k = from; k < st.count; k++) {
    if (st.isPunct(k, 0x28) && st.isPunct(k + 1, 0x28)) return identInGroup(st, k);
    if (st.isPunct(k, 0x5b) || st.isPunct(k, 0x3b) || st.isPunct(k, 0x2c)) break;
    if (st.isIdent(k) && st.isPunct(k + 1, 0x28) && !st.isWord(k, "__attribute__") && fnType < 0) fnType = k; // a function type
    else if (st.isIdent(k)) last = k;
  }
  if (fnType >= 0) return st.word(fnType);
  return last >= 0 ? st.word(last) : "";
}

/** The last identifier inside the group at token g: `(*name)`, `(CALLBACK *name)`. */
function identInGroup(st: Stmt, g: i32): string {
  const text = st.text;
  const s = st.starts[g] + 1;
  const e = st.ends[g] - 1;
  let best = "";
  let i = s;
  while (i < e) {
    const c = text.charCodeAt(i);
    if ((c | 0x20) >= 0x61 && (c | 0x20) <= 0x7a || c == 0x5f) {
      const a = i;
      while (i < e) {
        const u = text.charCodeAt(i);
        if (!((u | 0x20) >= 0x61 && (u | 0x20) <= 0x7a || u == 0x5f || (u >= 0x30 && u <= 0x39))) break;
        i++;
      }
      best = text.substring(a, i);
    } else i++;
  }
  return best;
}
