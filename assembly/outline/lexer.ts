// Tokens of the brace languages (C, C++, Java, Go, Rust, TypeScript,
// JavaScript): only what an outline needs. Comments, strings, char literals,
// template literals, regex literals and preprocessor lines are consumed whole,
// so a brace inside them never reaches the brace counter. Never traps: an
// unterminated literal ends at the end of its line (or of the text).
import { CharCode, isDigit, isIdentChar, isUnitOf } from "../util/chars";
import { unitAt } from "../util/lines";
import { unitsEqual } from "../util/scan";
import { isWordOf } from "../util/words";

/** The keywords after which a TypeScript '/' opens a regular expression rather than dividing. */
const EXPRESSION_KEYWORDS: StaticArray<string> = ["return", "typeof", "case", "do", "else", "in", "of", "new", "delete", "void", "throw", "yield", "await", "instanceof"];

export const enum Dialect {
  TS = 0, // TypeScript and JavaScript
  C = 1, // C and C++
  Go = 2,
  Rust = 3,
  Java = 4,
}

export const enum Tok {
  End = 0,
  Ident = 1,
  Number = 2,
  /** A string, char, template or regex literal. */
  Str = 3,
  Punct = 4,
  /** A preprocessor conditional (C): `code` is a Conditional. */
  Directive = 5,
}

export const enum Conditional {
  If = 1,
  Else = 2,
  Endif = 3,
}

/** Codes of the punctuation pairs the classifiers care about (single characters use their own code). */
export const enum Combo {
  ColonColon = 0x10001,
  FatArrow = 0x10002,
  ThinArrow = 0x10003,
  /** `==`, `!=`, `<=`, `+=`, …: anything but a plain `=`. */
  OpAssign = 0x10004,
}

/** Template literals nest through `${ … }`; deeper than this is read as flat text. */
const MAX_TEMPLATE_DEPTH: i32 = 32;

export class Lexer {
  pos: i32 = 0;
  line: i32 = 1;
  kind: i32 = Tok.End;
  code: i32 = 0;
  start: i32 = 0;
  end: i32 = 0;
  tokLine: i32 = 1;
  /** A line break came between the previous token and this one. */
  newlineBefore: bool = false;
  /** `#include` / `#import` lines seen (C), with the lines of the first and last. */
  includes: i32 = 0;
  includeFirst: i32 = 0;
  includeLast: i32 = 0;
  private n: i32;
  private atLineStart: bool = true;
  private regexOk: bool = true;

  constructor(public text: string, public dialect: i32) {
    this.n = text.length;
  }

  // @ts-ignore: decorator
  @inline private at(i: i32): i32 {
    return i < this.n ? unitAt(this.text, i) : 0;
  }

  next(): i32 {
    this.newlineBefore = false;
    const conditional = this.skipTrivia();
    const s = this.pos;
    this.start = s;
    this.tokLine = this.line;
    if (conditional != 0) {
      this.kind = Tok.Directive;
      this.code = conditional;
      this.end = s;
      return Tok.Directive;
    }
    if (s >= this.n) {
      this.kind = Tok.End;
      this.end = s;
      return Tok.End;
    }
    this.atLineStart = false;
    const c = this.at(s);
    let kind = Tok.Punct;
    this.code = c;
    if (isIdentChar(c) && !isDigit(c) || c >= 0x80) {
      kind = this.identOrPrefixedLiteral();
    } else if (isDigit(c) || (c == CharCode.DOT && isDigit(this.at(s + 1)))) {
      this.pos = this.number(s);
      kind = Tok.Number;
    } else if (c == CharCode.DQUOTE) {
      this.pos = this.doubleQuoted(s);
      kind = Tok.Str;
    } else if (c == CharCode.SQUOTE) {
      kind = this.singleQuote(s);
    } else if (c == 0x60) {
      this.pos = this.dialect == Dialect.TS ? this.template(s, 0) : this.rawUntil(s + 1, 0x60);
      kind = Tok.Str;
    } else if (c == CharCode.SLASH && this.dialect == Dialect.TS && this.regexOk) {
      const e = this.regex(s);
      if (e > 0) {
        this.pos = e;
        kind = Tok.Str;
      } else this.pos = s + 1;
    } else {
      this.pos = s + 1;
      this.punct(c);
    }
    this.kind = kind;
    this.end = this.pos;
    this.regexOk = kind == Tok.Punct ? !(this.code == 0x29 || this.code == 0x5d) : kind == Tok.Ident && this.keywordBeforeExpression();
    return kind;
  }

  /** Combines the pairs the classifiers tell apart; everything else is one unit. */
  private punct(c: i32): void {
    const d = this.at(this.pos);
    if (c == CharCode.COLON && d == CharCode.COLON) {
      this.code = Combo.ColonColon;
      this.pos++;
    } else if (c == 0x3d && d == CharCode.GT) {
      this.code = Combo.FatArrow;
      this.pos++;
    } else if (c == CharCode.MINUS && d == CharCode.GT) {
      this.code = Combo.ThinArrow;
      this.pos++;
    } else if (d == 0x3d && ((ASC_SHRINK_LEVEL >= 2 ? isUnitOf(c, "=!<>+-*/%&|^") : c == 0x3d || c == 0x21 || c == CharCode.LT || c == CharCode.GT || c == CharCode.PLUS || c == CharCode.MINUS || c == 0x2a || c == CharCode.SLASH || c == CharCode.PERCENT || c == 0x26 || c == CharCode.PIPE || c == 0x5e))) {
      this.code = Combo.OpAssign;
      this.pos++;
      if (this.at(this.pos) == 0x3d) this.pos++; // === and !==
    }
  }

  /** Skips blanks, comments and directives; stops after a conditional directive and returns its Conditional (else 0). */
  private skipTrivia(): i32 {
    const n = this.n;
    while (this.pos < n) {
      const c = this.at(this.pos);
      if (c == CharCode.LF) {
        this.line++;
        this.pos++;
        this.newlineBefore = true;
        this.atLineStart = true;
      } else if (ASC_SHRINK_LEVEL >= 2 ? isUnitOf(c, " \t\r\f\v\ufeff") : c == CharCode.SPACE || c == CharCode.TAB || c == CharCode.CR || c == CharCode.FF || c == CharCode.VT || c == 0xfeff) {
        this.pos++;
      } else if (c == CharCode.SLASH && this.at(this.pos + 1) == CharCode.SLASH) {
        this.pos = this.lineEnd(this.pos);
      } else if (c == CharCode.SLASH && this.at(this.pos + 1) == 0x2a) {
        this.pos = this.blockComment(this.pos);
      } else if (c == CharCode.HASH && this.atLineStart && this.dialect == Dialect.C) {
        const conditional = this.directive();
        if (conditional != 0) return conditional;
      } else if (c == CharCode.HASH && this.pos == 0 && this.at(1) == 0x21 && this.dialect != Dialect.Rust) {
        this.pos = this.lineEnd(0); // shebang
      } else if (c == CharCode.BACKSLASH && this.at(this.pos + 1) == CharCode.LF) {
        this.pos++; // line continuation outside a directive
      } else break;
    }
    return 0;
  }

  private lineEnd(i: i32): i32 {
    while (i < this.n && this.at(i) != CharCode.LF) i++;
    return i;
  }

  /** Past the end of a block comment at i; Rust's nest. Counts its lines. */
  private blockComment(i: i32): i32 {
    const nests = this.dialect == Dialect.Rust;
    let depth = 1;
    i += 2;
    while (i < this.n) {
      const c = this.at(i);
      if (c == CharCode.LF) this.line++;
      else if (c == 0x2a && this.at(i + 1) == CharCode.SLASH) {
        i += 2;
        if (--depth == 0) return i;
        continue;
      } else if (nests && c == CharCode.SLASH && this.at(i + 1) == 0x2a) {
        depth++;
        i += 2;
        continue;
      }
      i++;
    }
    return i;
  }

  /**
   * A preprocessor line (with its `\\` continuations). `#include` counts as an
   * import; conditionals are returned to the scanner, which restores the
   * bracket depth of the `#if` at each `#else` (both branches often open the
   * same brace).
   */
  private directive(): i32 {
    const word = this.directiveWord(this.pos + 1);
    const line = this.line;
    this.pos = this.directiveEnd(this.pos);
    if (isWordOf(word, "include import")) {
      if (this.includes == 0) this.includeFirst = line;
      this.includes++;
      this.includeLast = line;
      return 0;
    }
    if (isWordOf(word, "if ifdef ifndef")) return Conditional.If;
    if (isWordOf(word, "else elif elifdef elifndef")) return Conditional.Else;
    if (word == "endif") return Conditional.Endif;
    return 0;
  }

  private directiveWord(i: i32): string {
    while (i < this.n && (this.at(i) == CharCode.SPACE || this.at(i) == CharCode.TAB)) i++;
    const s = i;
    while (i < this.n && isIdentChar(this.at(i))) i++;
    return this.text.substring(s, i);
  }

  /** End of a directive at i (the '\n' that ends it, or n); counts continued lines. */
  private directiveEnd(i: i32): i32 {
    while (i < this.n) {
      const c = this.at(i);
      if (c == CharCode.LF) return i;
      if (c == CharCode.BACKSLASH && this.at(i + 1) == CharCode.LF) {
        this.line++;
        i += 2;
        continue;
      }
      if (c == CharCode.BACKSLASH && this.at(i + 1) == CharCode.CR && this.at(i + 2) == CharCode.LF) {
        this.line++;
        i += 3;
        continue;
      }
      if (c == CharCode.SLASH && this.at(i + 1) == 0x2a) {
        i = this.blockComment(i);
        continue;
      }
      i++;
    }
    return i;
  }

  private identOrPrefixedLiteral(): i32 {
    const s = this.start;
    let i = s;
    while (i < this.n) {
      const c = this.at(i);
      if (!(isIdentChar(c) || c >= 0x80)) break;
      i++;
    }
    const next = this.at(i);
    const len = i - s;
    if (this.dialect == Dialect.Rust && len <= 2) {
      const r = this.at(i - 1) == 0x72 && (len == 1 || this.at(s) == 0x62);
      // r"…", r#"…"#, br"…": raw strings; r#ident is a raw identifier.
      if (r && (next == CharCode.DQUOTE || (next == CharCode.HASH && this.rawHashesThenQuote(i)))) {
        this.pos = this.rustRaw(i);
        return Tok.Str;
      }
      if (r && len == 1 && next == CharCode.HASH && isIdentChar(this.at(i + 1))) {
        i += 1;
        while (i < this.n && isIdentChar(this.at(i))) i++;
      }
    } else if (this.dialect == Dialect.C && next == CharCode.DQUOTE && this.at(i - 1) == 0x52 && len <= 3) {
      // R"delim( … )delim", also LR, uR, UR, u8R.
      this.pos = this.cppRaw(i);
      return Tok.Str;
    }
    this.pos = i;
    return Tok.Ident;
  }

  private rawHashesThenQuote(i: i32): bool {
    while (this.at(i) == CharCode.HASH) i++;
    return this.at(i) == CharCode.DQUOTE;
  }

  private rustRaw(i: i32): i32 {
    let hashes = 0;
    while (this.at(i) == CharCode.HASH) {
      hashes++;
      i++;
    }
    i++; // the opening quote
    while (i < this.n) {
      const c = this.at(i);
      if (c == CharCode.LF) this.line++;
      else if (c == CharCode.DQUOTE) {
        let k = 0;
        while (k < hashes && this.at(i + 1 + k) == CharCode.HASH) k++;
        if (k == hashes) return i + 1 + k;
      }
      i++;
    }
    return i;
  }

  private cppRaw(q: i32): i32 {
    let i = q + 1;
    const delimStart = i;
    while (i < this.n && this.at(i) != 0x28 && this.at(i) != CharCode.LF && i - delimStart <= 16) i++;
    if (this.at(i) != 0x28) return this.doubleQuoted(q);
    const delim = this.text.substring(delimStart, i);
    const close = ")" + delim + '"';
    const end = this.text.indexOf(close, i + 1);
    const stop = end < 0 ? this.n : end + close.length;
    for (let j = i; j < stop; j++) if (this.at(j) == CharCode.LF) this.line++;
    return stop;
  }

  private number(i: i32): i32 {
    const c = this.dialect == Dialect.C;
    while (i < this.n) {
      const u = this.at(i);
      if (isIdentChar(u) || u == CharCode.DOT) {
        // An exponent's sign belongs to the number: 1e+5, 0x1p-3.
        const l = u | 0x20;
        i++;
        if ((l == 0x65 || l == 0x70) && (this.at(i) == CharCode.PLUS || this.at(i) == CharCode.MINUS)) i++;
      } else if (c && u == CharCode.SQUOTE && isIdentChar(this.at(i + 1))) i++; // 1'000'000
      else break;
    }
    return i;
  }

  /** Past the closing quote of a "…" string at q; Java's """ text blocks span lines. */
  private doubleQuoted(q: i32): i32 {
    if (this.dialect == Dialect.Java && this.at(q + 1) == CharCode.DQUOTE && this.at(q + 2) == CharCode.DQUOTE) {
      const end = this.text.indexOf('"""', q + 3);
      const stop = end < 0 ? this.n : end + 3;
      for (let j = q; j < stop; j++) if (this.at(j) == CharCode.LF) this.line++;
      return stop;
    }
    // Rust strings may span lines; elsewhere an unterminated string ends at its line.
    return this.quoted(q, CharCode.DQUOTE, this.dialect == Dialect.Rust);
  }

  private quoted(q: i32, quote: i32, multiline: bool): i32 {
    let i = q + 1;
    while (i < this.n) {
      const c = this.at(i);
      if (c == quote) return i + 1;
      if (c == CharCode.BACKSLASH) {
        if (this.at(i + 1) == CharCode.LF) this.line++;
        i += 2;
        continue;
      }
      if (c == CharCode.LF) {
        if (!multiline) return i;
        this.line++;
      }
      i++;
    }
    return this.n;
  }

  /** `'`: a string (TS), a char literal, or a Rust lifetime / label. */
  private singleQuote(s: i32): i32 {
    if (this.dialect == Dialect.TS) {
      this.pos = this.quoted(s, CharCode.SQUOTE, false);
      return Tok.Str;
    }
    if (this.dialect == Dialect.Rust) {
      const c1 = this.at(s + 1);
      const charEnd = (c1 & 0xfc00) == 0xd800 ? s + 3 : s + 2;
      if (c1 != CharCode.BACKSLASH && this.at(charEnd) != CharCode.SQUOTE) {
        let i = s + 1;
        while (i < this.n && (isIdentChar(this.at(i)) || this.at(i) >= 0x80)) i++;
        this.pos = i;
        return Tok.Ident; // 'a, 'static, 'outer
      }
    }
    this.pos = this.quoted(s, CharCode.SQUOTE, false);
    return Tok.Str;
  }

  /** Go raw strings: everything up to the closing quote, lines included. */
  private rawUntil(i: i32, quote: i32): i32 {
    while (i < this.n) {
      const c = this.at(i);
      if (c == quote) return i + 1;
      if (c == CharCode.LF) this.line++;
      i++;
    }
    return i;
  }

  /** Past the closing backtick of a template literal at q, `${ … }` expressions included. */
  private template(q: i32, depth: i32): i32 {
    let i = q + 1;
    while (i < this.n) {
      const c = this.at(i);
      if (c == 0x60) return i + 1;
      if (c == CharCode.BACKSLASH) {
        if (this.at(i + 1) == CharCode.LF) this.line++;
        i += 2;
        continue;
      }
      if (c == CharCode.LF) this.line++;
      else if (c == 0x24 && this.at(i + 1) == CharCode.LBRACE && depth < MAX_TEMPLATE_DEPTH) {
        i = this.templateExpression(i + 2, depth + 1);
        continue;
      }
      i++;
    }
    return i;
  }

  /** Past the `}` that closes a `${` expression starting at i. */
  private templateExpression(i: i32, depth: i32): i32 {
    let braces = 0;
    while (i < this.n) {
      const c = this.at(i);
      if (c == CharCode.LF) this.line++;
      else if (c == CharCode.LBRACE) braces++;
      else if (c == CharCode.RBRACE) {
        if (braces == 0) return i + 1;
        braces--;
      } else if (c == 0x60) {
        i = this.template(i, depth);
        continue;
      } else if (c == CharCode.DQUOTE || c == CharCode.SQUOTE) {
        i = this.quoted(i, c, false);
        continue;
      } else if (c == CharCode.SLASH && this.at(i + 1) == 0x2a) {
        i = this.blockComment(i);
        continue;
      }
      i++;
    }
    return i;
  }

  /** End of a regex literal at s, or -1 when the line holds none (then `/` is division). */
  private regex(s: i32): i32 {
    const c1 = this.at(s + 1);
    if (c1 == CharCode.SLASH || c1 == 0x2a) return -1;
    let i = s + 1;
    let inClass = false;
    while (i < this.n) {
      const c = this.at(i);
      if (c == CharCode.LF || c == CharCode.CR) return -1;
      if (c == CharCode.BACKSLASH) {
        i += 2;
        continue;
      }
      if (c == CharCode.LBRACKET) inClass = true;
      else if (c == CharCode.RBRACKET) inClass = false;
      else if (c == CharCode.SLASH && !inClass) {
        i++;
        while (i < this.n && isIdentChar(this.at(i))) i++;
        return i;
      }
      i++;
    }
    return -1;
  }

  /** After these words a `/` starts a regex, not a division. */
  private keywordBeforeExpression(): bool {
    const len = this.end - this.start;
    if (len < 2 || len > 10) return false;
    // Compared in place, and only with the keywords of its length: this runs for every
    // identifier, and most have no keyword's length or differ at their first unit.
    const at = changetype<usize>(this.text) + (<usize>this.start << 1);
    for (let k = 0; k < EXPRESSION_KEYWORDS.length; k++) {
      const word = unchecked(EXPRESSION_KEYWORDS[k]);
      if (word.length == len && unitsEqual(at, changetype<usize>(word), len)) return true;
    }
    return false;
  }
}
