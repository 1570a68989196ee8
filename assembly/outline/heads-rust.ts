// What a Rust item head declares. Outer attributes (#[…]) belong to the item.
import { Tok } from "./lexer";
import { Decl, Role, Stmt } from "./stmt";
import { isWordOf } from "../util/words";

export function classifyRust(st: Stmt, d: Decl, atBrace: bool, member: bool, parentKind: string): void {
  let i = 0;
  while (st.isPunct(i, 0x23) && st.isPunct(i + 1, 0x5b)) i += 2;
  while (true) {
    if (st.isWord(i, "pub")) {
      i++;
      if (st.isPunct(i, 0x28)) i++;
    } else if (ASC_SHRINK_LEVEL >= 2 ? st.isWordIn(i, "unsafe async default") : st.isWord(i, "unsafe") || st.isWord(i, "async") || st.isWord(i, "default")) i++;
    else if (st.isWord(i, "const") && (ASC_SHRINK_LEVEL >= 2 ? st.isWordIn(i + 1, "fn unsafe async extern") : st.isWord(i + 1, "fn") || st.isWord(i + 1, "unsafe") || st.isWord(i + 1, "async") || st.isWord(i + 1, "extern"))) i++;
    else if (st.isWord(i, "extern") && !st.isWord(i + 1, "crate")) {
      i++;
      if (st.kindAt(i) == Tok.Str) i++;
    } else break;
  }
  const w = st.word(i);
  if (w == "use" || (w == "extern" && st.isWord(i + 1, "crate"))) {
    d.isImport = !member;
    return;
  }
  const name = st.isIdent(i + 1) ? st.word(i + 1) : "";
  if (w == "fn" && name.length > 0) {
    const inType = isWordOf(parentKind, "impl trait");
    d.set(member && inType ? "method" : "function", name, atBrace ? Role.Body : Role.None);
  } else if (isWordOf(w, "struct enum union") && name.length > 0) {
    d.set(w, name, atBrace ? Role.Body : Role.None);
  } else if (w == "trait" && name.length > 0) {
    d.set("trait", name, atBrace ? Role.Container : Role.None);
  } else if (w == "impl") {
    d.set("impl", implName(st, i + 1), atBrace ? Role.Container : Role.None);
  } else if (w == "mod" && name.length > 0) {
    d.set("module", name, atBrace ? Role.Container : Role.None);
  } else if (w == "type" && name.length > 0) {
    d.set("type", name, Role.None);
  } else if (w == "macro_rules" && st.isPunct(i + 1, 0x21) && st.isIdent(i + 2)) {
    d.set("macro", st.word(i + 2), atBrace ? Role.Body : Role.None);
  }
}

/** `impl<T> Display for Wrapper<T> where …` → "Display for Wrapper<T>". */
function implName(st: Stmt, from: i32): string {
  const k = st.skipAngles(from);
  let e = k;
  while (e < st.count && !st.isWord(e, "where") && !st.isPunct(e, 0x7b) && !st.isPunct(e, 0x3b)) e++;
  return e > k ? st.span(k, e - 1) : "(impl)";
}
