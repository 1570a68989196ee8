// One statement's head at the level the outline watches (the top level, or
// the body of a class-like symbol): its first tokens, with a bracket group
// kept as one token whose range covers the whole group once it closes.
import { isUnitOf } from "../util/chars";
import { safeEnd, unitAt } from "../util/lines";
import { StrBuf } from "../util/strbuf";
import { isWordOf } from "../util/words";
import { Combo, Lexer, Tok } from "./lexer";

/** Tokens kept per statement: enough for any declaration head. */
const MAX_TOKENS: i32 = 96;
/** Longest name an outline shows. */
const MAX_SPAN: i32 = 120;

/** What a `{` (or a Go `type (`) opens. */
export const enum Role {
  /** Not a symbol's body, or a body whose inside the outline does not list. */
  None = 0,
  /** The body of a symbol: its closing brace ends it. */
  Body = 1,
  /** A class-like body: its methods and nested types are listed one level deep. */
  Container = 2,
  /** Declarations inside stay top-level (extern "C", C++ namespaces). */
  Transparent = 3,
  /** Go's `type ( … )`: each line declares a type. */
  TypeGroup = 4,
  /** Go's `import ( … )`: each string is one import. */
  ImportGroup = 5,
}

export class Stmt {
  count: i32 = 0;
  kinds: StaticArray<i32> = new StaticArray<i32>(MAX_TOKENS);
  codes: StaticArray<i32> = new StaticArray<i32>(MAX_TOKENS);
  starts: StaticArray<i32> = new StaticArray<i32>(MAX_TOKENS);
  ends: StaticArray<i32> = new StaticArray<i32>(MAX_TOKENS);
  firstLine: i32 = 0;
  lastLine: i32 = 0;
  /** The last token even past MAX_TOKENS (newline rules look at it). */
  lastKind: i32 = Tok.End;
  lastCode: i32 = 0;
  lastStart: i32 = 0;
  lastEnd: i32 = 0;
  /** Set once the head was read (at its first `{`, or at its end). */
  classified: bool = false;
  /** Index of the symbol it declares, or -1. */
  sym: i32 = -1;
  kind: string = "";
  isImport: bool = false;
  /** Index of the statement's first `{` token, or -1. */
  brace: i32 = -1;
  /** Open `<` at this level (TypeScript type arguments): a `{` inside is a type. */
  angles: i32 = 0;
  /** Strings inside a Go import group. */
  literals: i32 = 0;
  /** A C typedef's name follows its body: read it at the end. */
  nameAtEnd: bool = false;
  /** The statement ends at the `}` of its first body (no `;` or line break needed). */
  bodyEnds: bool = false;

  constructor(public text: string) {}

  reset(): void {
    this.count = 0;
    this.lastKind = Tok.End;
    this.classified = false;
    this.sym = -1;
    this.kind = "";
    this.isImport = false;
    this.brace = -1;
    this.literals = 0;
    this.angles = 0;
    this.nameAtEnd = false;
    this.bodyEnds = false;
  }

  get empty(): bool {
    return this.lastKind == Tok.End;
  }

  add(lx: Lexer): void {
    if (this.lastKind == Tok.End) this.firstLine = lx.tokLine;
    this.lastLine = lx.line;
    this.lastKind = lx.kind;
    this.lastCode = lx.code;
    this.lastStart = lx.start;
    this.lastEnd = lx.end;
    const k = this.count;
    if (k >= MAX_TOKENS) return;
    unchecked((this.kinds[k] = lx.kind));
    unchecked((this.codes[k] = lx.kind == Tok.Punct ? lx.code : 0));
    unchecked((this.starts[k] = lx.start));
    unchecked((this.ends[k] = lx.end));
    this.count = k + 1;
  }

  /** A group opened at token k closed at `end` (exclusive). */
  closeGroup(k: i32, end: i32, line: i32): void {
    if (k >= 0 && k < this.count) unchecked((this.ends[k] = end));
    this.lastLine = line;
    this.lastKind = Tok.Punct;
    this.lastCode = 0x29;
  }

  kindAt(i: i32): i32 {
    return i >= 0 && i < this.count ? unchecked(this.kinds[i]) : Tok.End;
  }

  isPunct(i: i32, code: i32): bool {
    return i >= 0 && i < this.count && unchecked(this.kinds[i]) == Tok.Punct && unchecked(this.codes[i]) == code;
  }

  isIdent(i: i32): bool {
    return this.kindAt(i) == Tok.Ident;
  }

  /** Token i is the word `w`. */
  isWord(i: i32, w: string): bool {
    if (!this.isIdent(i)) return false;
    const s = unchecked(this.starts[i]);
    const n = w.length;
    if (unchecked(this.ends[i]) - s != n) return false;
    for (let j = 0; j < n; j++) if (this.text.charCodeAt(s + j) != w.charCodeAt(j)) return false;
    return true;
  }

  /**
   * Token i is one of the space-separated `words`: in the size-optimised build (the
   * component's) a chain of isWord() tests is one call of this, its words one literal.
   */
  isWordIn(i: i32, words: string): bool {
    return this.isIdent(i) && isWordOf(this.word(i), words);
  }

  word(i: i32): string {
    if (i < 0 || i >= this.count) return "";
    return this.text.substring(unchecked(this.starts[i]), unchecked(this.ends[i]));
  }

  /** Text from the start of token a to the end of token b (at most MAX_SPAN units), whitespace runs as one space. */
  span(a: i32, b: i32): string {
    if (a < 0 || b >= this.count || a > b) return "";
    const s = unchecked(this.starts[a]);
    const e = safeEnd(this.text, min(unchecked(this.ends[b]), s + MAX_SPAN));
    const out = new StrBuf(e - s);
    let space = false;
    for (let i = s; i < e; i++) {
      const c = unitAt(this.text, i);
      if (ASC_SHRINK_LEVEL >= 2 ? isUnitOf(c, " \t\n\r") : c == 0x20 || c == 0x09 || c == 0x0a || c == 0x0d) {
        space = true;
        continue;
      }
      if (space && out.length > 0) out.addChar(0x20);
      space = false;
      out.addChar(c);
    }
    return out.toString();
  }

  /** Index of the first plain `=` at or after `from`, or -1. */
  findAssign(from: i32): i32 {
    for (let i = max(from, 0); i < this.count; i++) if (this.isPunct(i, 0x3d)) return i;
    return -1;
  }

  /** Index of the first token with punctuation `code` at or after `from`, or -1. */
  find(from: i32, code: i32): i32 {
    for (let i = max(from, 0); i < this.count; i++) if (this.isPunct(i, code)) return i;
    return -1;
  }

  hasFatArrow(from: i32): bool {
    return this.find(from, Combo.FatArrow) >= 0;
  }

  /** Past a balanced `<…>` starting at token i (or i when there is none). */
  skipAngles(i: i32): i32 {
    if (!this.isPunct(i, 0x3c)) return i;
    let depth = 0;
    for (let k = i; k < this.count; k++) {
      if (this.isPunct(k, 0x3c)) depth++;
      else if (this.isPunct(k, 0x3e)) {
        if (--depth == 0) return k + 1;
      } else if (this.isPunct(k, Combo.ThinArrow) || this.isPunct(k, Combo.FatArrow)) {
        continue;
      } else if (this.isPunct(k, 0x7b) || this.isPunct(k, 0x3b)) return k;
    }
    return this.count;
  }
}

/** The outcome of reading a head: a symbol (kind != "") or nothing. */
export class Decl {
  kind: string = "";
  name: string = "";
  role: i32 = Role.None;
  isImport: bool = false;
  nameAtEnd: bool = false;
  bodyEnds: bool = false;

  set(kind: string, name: string, role: i32): Decl {
    this.kind = kind;
    this.name = name;
    this.role = role;
    this.bodyEnds = role != Role.None;
    return this;
  }

  clear(): Decl {
    this.kind = "";
    this.name = "";
    this.role = Role.None;
    this.isImport = false;
    this.nameAtEnd = false;
    this.bodyEnds = false;
    return this;
  }
}
