// The brace scanner shared by C, C++, Java, Go, Rust, TypeScript and
// JavaScript: one pass over the tokens, a stack of open brackets, and the head
// of the current statement at the level being watched (the top level, or the
// body of one class-like symbol). Each language only says what a head declares
// (classify.ts) and when a line break ends a statement.
import { classifyHead, closesAtBrace, newlineEnds } from "./classify";
import { CharCode, isUnitOf } from "../util/chars";
import { Conditional, Dialect, Lexer, Tok } from "./lexer";
import { Decl, Role, Stmt } from "./stmt";
import { Outline } from "./symbols";
import { isWordOf } from "../util/words";

/** A close bracket looks this far down the stack for its opener; else it is stray. */
const MATCH_DEPTH: i32 = 4;

class Frame {
  constructor(
    public code: i32,
    public role: i32,
    public sym: i32,
    /** Index of the opener in its statement, or -1. */
    public tok: i32,
    /** 0: opened in the top-level statement, 1: in a member statement, -1: not watched. */
    public level: i32,
  ) {}
}

function opensOpaque(role: i32): bool {
  return role == Role.None || role == Role.Body || role == Role.ImportGroup;
}

function closerOf(code: i32): i32 {
  return code == 0x7b ? 0x7d : code == 0x28 ? 0x29 : 0x5d;
}

export class BraceScanner {
  out: Outline = new Outline();
  private lx: Lexer;
  private top: Stmt;
  private member: Stmt;
  private decl: Decl = new Decl();
  private frames: Array<Frame> = new Array<Frame>();
  /** Open frames whose inside is not watched. */
  private opaque: i32 = 0;
  /** Index of the open class-like frame, or -1. */
  private container: i32 = -1;
  private containerSym: i32 = -1;
  private containerKind: string = "";
  /** Line where the last token ended. */
  private lastLine: i32 = 1;
  /** Bracket depth at each open `#if`. */
  private conditionals: Array<i32> = new Array<i32>();

  constructor(public text: string, public dialect: i32) {
    this.lx = new Lexer(text, dialect);
    this.top = new Stmt(text);
    this.member = new Stmt(text);
  }

  run(): Outline {
    const lx = this.lx;
    while (lx.next() != Tok.End) {
      this.lastLine = lx.line;
      const k = lx.kind;
      const c = lx.code;
      if (k == Tok.Directive) {
        this.conditional(c);
        continue;
      }
      if (k == Tok.Punct && ((ASC_SHRINK_LEVEL >= 2 ? isUnitOf(c, "})]") : c == 0x7d || c == 0x29 || c == 0x5d))) {
        this.close(c);
        continue;
      }
      const open = k == Tok.Punct && ((ASC_SHRINK_LEVEL >= 2 ? isUnitOf(c, "{([") : c == 0x7b || c == 0x28 || c == 0x5b));
      if (this.opaque > 0) {
        if (open) this.push(c, Role.None, -1, -1, -1);
        else if (k == Tok.Str && this.frames.length > 0 && this.frames[this.frames.length - 1].role == Role.ImportGroup) this.top.literals++;
        continue;
      }
      const level = this.container >= 0 ? 1 : 0;
      const st = level == 1 ? this.member : this.top;
      if (lx.newlineBefore && !st.empty && newlineEnds(this.dialect, st, lx)) this.finish(st, level);
      if (k == Tok.Punct && c == 0x3b) {
        st.add(lx);
        this.finish(st, level);
        continue;
      }
      if (k == Tok.Punct && c == 0x3a && level == 1 && this.dialect == Dialect.C && isAccessLabel(st)) {
        st.reset(); // `public:` starts no declaration
        continue;
      }
      if (k == Tok.Str) st.literals++;
      if (open && c == 0x7b && this.dialect == Dialect.TS && isTypeBrace(st)) this.openGroup(st, level, c);
      else if (open && c == 0x7b) this.openBrace(st, level);
      else if (open) this.openGroup(st, level, c);
      else {
        if (k == Tok.Punct && c == 0x3c) st.angles++;
        else if (k == Tok.Punct && c == 0x3e && st.angles > 0) st.angles--;
        st.add(lx);
      }
    }
    this.finishAll();
    return this.out;
  }

  /**
   * `#else` starts again from the bracket depth of its `#if`: the brackets the
   * first branch opened are dropped (the second branch usually opens them again).
   */
  private conditional(code: i32): void {
    const saved = this.conditionals;
    if (code == Conditional.If) saved.push(this.frames.length);
    else if (code == Conditional.Endif) {
      if (saved.length > 0) saved.pop();
    } else if (saved.length > 0) {
      const depth = saved[saved.length - 1];
      if (this.frames.length <= depth) return;
      while (this.frames.length > depth) this.drop();
      this.top.reset();
      this.member.reset();
    }
  }

  /** Pops a frame without ending what it opened. */
  private drop(): void {
    const f = this.frames.pop();
    if (opensOpaque(f.role)) this.opaque--;
    if (f.role == Role.Container) {
      this.container = -1;
      this.containerSym = -1;
    }
  }

  private push(code: i32, role: i32, sym: i32, tok: i32, level: i32): void {
    this.frames.push(new Frame(code, role, sym, tok, level));
    if (opensOpaque(role)) this.opaque++;
    if (role == Role.Container) this.container = this.frames.length - 1;
  }

  private openBrace(st: Stmt, level: i32): void {
    let role = Role.None;
    if (!st.classified) role = this.classify(st, true, level);
    st.add(this.lx);
    if (st.brace < 0) st.brace = st.count - 1;
    const sym = role == Role.None ? -1 : st.sym;
    this.push(0x7b, role, sym, st.count - 1, level);
    if (role == Role.Container) {
      this.containerSym = st.sym;
      this.containerKind = st.kind;
      this.member.reset();
    } else if (role == Role.Transparent) {
      this.top.reset();
    }
  }

  private openGroup(st: Stmt, level: i32, code: i32): void {
    let role = Role.None;
    if (this.dialect == Dialect.Go && code == 0x28 && level == 0 && st.count == 1) {
      if (st.isWord(0, "type")) role = Role.TypeGroup;
      else if (st.isWord(0, "import")) role = Role.ImportGroup;
    }
    st.add(this.lx);
    this.push(code, role, -1, st.count - 1, level);
    if (role == Role.TypeGroup) st.reset();
  }

  private close(code: i32): void {
    // Find the opener; a stray close (a lexing surprise) is dropped.
    const frames = this.frames;
    let at = -1;
    for (let i = frames.length - 1; i >= 0 && i >= frames.length - MATCH_DEPTH; i--) {
      if (closerOf(frames[i].code) == code) {
        at = i;
        break;
      }
    }
    if (at < 0) return;
    while (frames.length > at) this.pop();
  }

  private pop(): void {
    const f = this.frames.pop();
    const lx = this.lx;
    const line = lx.tokLine;
    if (opensOpaque(f.role)) this.opaque--;
    if (f.role == Role.Container) {
      this.finish(this.member, 1);
      this.container = -1;
      this.containerSym = -1;
    }
    if (f.role == Role.Transparent || f.role == Role.TypeGroup) {
      this.finish(this.top, 0);
      if (f.sym >= 0) this.out.symbols[f.sym].last = line;
      return;
    }
    if (f.level < 0 || this.opaque > 0) return;
    const st = f.level == 1 ? this.member : this.top;
    st.closeGroup(f.tok, lx.end, lx.line);
    if (f.sym >= 0) this.out.symbols[f.sym].last = line;
    if (f.code == 0x7b && closesAtBrace(this.dialect, st)) this.finish(st, f.level);
    else if (this.dialect == Dialect.Rust && st.count == 3 && st.isPunct(0, 0x23) && st.isPunct(1, 0x21)) st.reset(); // #![inner]
  }

  /** Reads the head; returns the role of the `{` that follows it (None at a statement's end). */
  private classify(st: Stmt, atBrace: bool, level: i32): i32 {
    const d = this.decl.clear();
    const inTypeGroup = this.frames.length > 0 && this.frames[this.frames.length - 1].role == Role.TypeGroup;
    classifyHead(this.dialect, st, d, atBrace, level == 1, inTypeGroup, level == 1 ? this.containerKind : "");
    st.classified = true;
    st.isImport = d.isImport;
    st.nameAtEnd = d.nameAtEnd;
    st.bodyEnds = d.bodyEnds;
    let role = d.role;
    if (level == 1 && role != Role.None) role = Role.Body;
    if (d.kind.length > 0) {
      st.kind = d.kind;
      st.sym = this.out.add(d.kind, d.name, st.firstLine, st.lastLine, level, level == 1 ? this.containerSym : -1);
    }
    return role;
  }

  private finish(st: Stmt, level: i32): void {
    if (st.empty) return;
    if (!st.classified) this.classify(st, false, level);
    if (st.sym >= 0) {
      const s = this.out.symbols[st.sym];
      s.last = max(s.last, st.lastLine);
      if (st.nameAtEnd) s.name = nameAfterBody(st);
    }
    if (st.isImport) this.out.addImport(st.firstLine, st.lastLine, this.dialect == Dialect.Go ? max(st.literals, 1) : 1);
    st.reset();
  }

  private finishAll(): void {
    // Unclosed brackets at the end of the text: what is open ends on the last line.
    const last = this.lastLine;
    while (this.frames.length > 0) {
      const f = this.frames.pop();
      if (f.sym >= 0) this.out.symbols[f.sym].last = last;
    }
    this.opaque = 0;
    if (this.container >= 0) {
      this.container = -1;
      this.finish(this.member, 1);
    }
    this.finish(this.top, 0);
    this.finish(this.member, 1);
    const lx = this.lx;
    if (lx.includes > 0) this.out.addImport(lx.includeFirst, lx.includeLast, lx.includes);
  }
}

/** `public`, `private`, `protected` (and Qt's `signals`/`slots` forms) before a `:`. */
function isAccessLabel(st: Stmt): bool {
  if (st.count < 1 || st.count > 2 || !st.isIdent(0)) return false;
  const w = st.word(0);
  return isWordOf(w, "public private protected signals slots Q_SLOTS Q_SIGNALS");
}

/**
 * A TypeScript object type, not a body: inside type arguments, or right after
 * `:`, `&`, `|`, `,` (`function f(): A & { b: C } {`, `class A extends B<{ c: D }> {`).
 */
function isTypeBrace(st: Stmt): bool {
  if (st.angles > 0) return true;
  if (st.lastKind != Tok.Punct) return false;
  const p = st.lastCode;
  if (ASC_SHRINK_LEVEL >= 2) return isUnitOf(p, ":&|,");
  return p == 0x3a || p == 0x26 || p == CharCode.PIPE || p == 0x2c;
}

/** `typedef struct { … } Name;`: the first identifier after the body. */
function nameAfterBody(st: Stmt): string {
  for (let i = st.brace + 1; i < st.count; i++) if (st.isIdent(i)) return st.word(i);
  return "(anonymous)";
}

export function scanBraces(text: string, dialect: i32): Outline {
  return new BraceScanner(text, dialect).run();
}
