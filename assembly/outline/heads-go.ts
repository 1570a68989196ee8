// What a Go top-level statement declares.
import { Lexer, Tok } from "./lexer";
import { Decl, Role, Stmt } from "./stmt";

export function classifyGo(st: Stmt, d: Decl, atBrace: bool, inTypeGroup: bool): void {
  if (inTypeGroup) {
    typeSpec(st, d, 0);
    return;
  }
  if (st.isWord(0, "import")) {
    d.isImport = true;
    return;
  }
  if (st.isWord(0, "type")) {
    typeSpec(st, d, 1);
    return;
  }
  if (!st.isWord(0, "func")) return;
  if (st.isPunct(1, 0x28) && st.isIdent(2)) {
    const recv = receiverType(st, 1);
    d.set("method", recv.length > 0 ? recv + "." + st.word(2) : st.word(2), atBrace ? Role.Body : Role.None);
  } else if (st.isIdent(1)) {
    d.set("function", st.word(1), atBrace ? Role.Body : Role.None);
  }
}

function typeSpec(st: Stmt, d: Decl, i: i32): void {
  if (!st.isIdent(i)) return;
  const name = st.word(i);
  let k = i + 1;
  if (st.isPunct(k, 0x5b) && !st.isPunct(k + 1, 0x5d) && st.isIdent(k + 1)) k++; // type parameters (an array type keeps its brackets)
  if (st.isPunct(k, 0x3d)) k++;
  const w = st.word(k);
  d.set(w == "struct" ? "struct" : w == "interface" ? "interface" : "type", name, Role.Body);
}

/** `(c *Client)`, `(List[T])` → Client, List. */
function receiverType(st: Stmt, g: i32): string {
  const text = st.text;
  const e = st.ends[g] - 1;
  let best = "";
  let i = st.starts[g] + 1;
  while (i < e) {
    const c = text.charCodeAt(i);
    if (c == 0x5b) break; // type arguments follow the type's name
    if ((c | 0x20) >= 0x61 && (c | 0x20) <= 0x7a || c == 0x5f || c >= 0x80) {
      const a = i;
      while (i < e) {
        const u = text.charCodeAt(i);
        if (!((u | 0x20) >= 0x61 && (u | 0x20) <= 0x7a || u == 0x5f || u >= 0x80 || (u >= 0x30 && u <= 0x39))) break;
        i++;
      }
      best = text.substring(a, i);
    } else i++;
  }
  return best;
}

/** Go's own rule: a line ending in a name, a literal or a closing bracket ends the statement. */
export function goNewlineEnds(st: Stmt, lx: Lexer): bool {
  const k = st.lastKind;
  if (k == Tok.Ident || k == Tok.Number || k == Tok.Str) return true;
  return k == Tok.Punct && (st.lastCode == 0x29 || st.lastCode == 0x5d || st.lastCode == 0x7d);
}
