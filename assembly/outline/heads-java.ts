// What a Java declaration head declares: types at the top, methods and
// nested types one level inside them.
import { Decl, Role, Stmt } from "./stmt";
import { isWordOf } from "../util/words";

const MODIFIERS = "public protected private static final abstract sealed strictfp default synchronized native transient volatile";

function isModifier(w: string): bool {
  return isWordOf(w, MODIFIERS);
}

export function classifyJava(st: Stmt, d: Decl, atBrace: bool, member: bool): void {
  let i = 0;
  while (true) {
    if (st.isPunct(i, 0x40) && st.isIdent(i + 1) && !st.isWord(i + 1, "interface")) {
      i += 2;
      while (st.isPunct(i, 0x2e) && st.isIdent(i + 1)) i += 2;
      if (st.isPunct(i, 0x28)) i++;
    } else if (st.isIdent(i) && isModifier(st.word(i))) i++;
    else if (st.isWord(i, "non") && st.isPunct(i + 1, 0x2d) && st.isWord(i + 2, "sealed")) i += 3;
    else break;
  }
  if (!member && st.isWord(i, "import")) {
    d.isImport = true;
    return;
  }
  const w = st.word(i);
  if (isWordOf(w, "class interface enum record") && st.isIdent(i + 1)) {
    d.set(w, st.word(i + 1), atBrace ? Role.Container : Role.None);
    return;
  }
  if (st.isPunct(i, 0x40) && st.isWord(i + 1, "interface") && st.isIdent(i + 2)) {
    d.set("annotation", st.word(i + 2), atBrace ? Role.Container : Role.None);
    return;
  }
  if (!member) return;
  i = st.skipAngles(i);
  for (let g = i + 1; g < st.count; g++) {
    if (st.isPunct(g, 0x3d) || st.isPunct(g, 0x2c)) return; // a field, or enum constants
    if (!st.isPunct(g, 0x28)) continue;
    if (st.isIdent(g - 1)) d.set("method", st.word(g - 1), atBrace ? Role.Body : Role.None);
    return;
  }
}
