// Python outline by indentation: top-level def / async def / class, and the
// methods of a class (its direct body only). Decorators belong to the symbol.
// A symbol ends at the last line of code before the next line indented as
// much as its header or less; strings (triple-quoted included), comments,
// brackets and backslashes join physical lines into one logical line.
import { CharCode, isIdentChar, isUnitOf } from "../util/chars";
import { unitAt } from "../util/lines";
import { Outline } from "./symbols";
import { isWordOf } from "../util/words";

class OpenSymbol {
  /** Indent of the body's first statement, -1 until seen. */
  body: i32 = -1;
  /** Last line seen inside: code, or a comment indented deeper than the header. */
  last: i32 = 0;
  constructor(public sym: i32, public indent: i32, public isClass: bool) {}
}

export class PythonScanner {
  out: Outline = new Outline();
  private n: i32;
  private pos: i32 = 0;
  private line: i32 = 1;
  private open: Array<OpenSymbol> = new Array<OpenSymbol>();
  private decoFirst: i32 = -1;
  private decoIndent: i32 = -1;

  constructor(public text: string) {
    this.n = text.length;
  }

  // @ts-ignore: decorator
  @inline private at(i: i32): i32 {
    return i < this.n ? unitAt(this.text, i) : 0;
  }

  run(): Outline {
    while (this.pos < this.n) {
      let i = this.pos;
      let indent = 0;
      while (i < this.n) {
        const c = this.at(i);
        if (c == CharCode.SPACE) indent++;
        else if (c == CharCode.TAB) indent = (indent / 8 + 1) * 8;
        else if (c == CharCode.FF) indent = 0;
        else if (c != 0xfeff) break;
        i++;
      }
      const c = this.at(i);
      if (i >= this.n) break;
      if (c == CharCode.HASH) {
        // A comment indented deeper than a header belongs to that block, as in the grammar.
        for (let k = 0; k < this.open.length; k++) if (this.open[k].indent < indent) this.open[k].last = this.line;
      }
      if (c == CharCode.LF || c == CharCode.CR || c == CharCode.HASH || (c == CharCode.BACKSLASH && this.at(i + 1) == CharCode.LF)) {
        this.pos = this.lineEnd(i) + 1; // blank or comment-only line
        this.line++;
        continue;
      }
      const first = this.line;
      const end = this.logicalEnd(i);
      this.statement(i, indent, first);
      for (let k = 0; k < this.open.length; k++) this.open[k].last = this.line;
      this.pos = end + 1;
      this.line++;
    }
    while (this.open.length > 0) this.close();
    return this.out;
  }

  private close(): void {
    const o = this.open.pop();
    const s = this.out.symbols[o.sym];
    s.last = max(s.first, o.last);
  }

  private statement(i: i32, indent: i32, first: i32): void {
    while (this.open.length > 0 && indent <= this.open[this.open.length - 1].indent) this.close();
    for (let k = 0; k < this.open.length; k++) if (this.open[k].body < 0) this.open[k].body = indent;
    if (this.at(i) == 0x40) {
      if (this.decoFirst < 0 || this.decoIndent != indent) {
        this.decoFirst = first;
        this.decoIndent = indent;
      }
      return;
    }
    const start = this.decoFirst >= 0 && this.decoIndent == indent ? this.decoFirst : first;
    this.decoFirst = -1;
    let w = this.wordEnd(i);
    let word = this.text.substring(i, w);
    if (word == "async") {
      const j = this.skipBlanks(w);
      w = this.wordEnd(j);
      word = this.text.substring(j, w);
    }
    const isDef = word == "def";
    if (!isDef && word != "class") {
      if (indent == 0 && isWordOf(word, "import from")) this.out.addImport(first, this.line, 1);
      return;
    }
    const a = this.skipBlanks(w);
    const b = this.wordEnd(a);
    if (b == a) return;
    const name = this.text.substring(a, b);
    const depth = this.open.length;
    if (depth == 0 && indent == 0) {
      const sym = this.out.add(isDef ? "function" : "class", name, start, this.line, 0, -1);
      this.open.push(new OpenSymbol(sym, indent, !isDef));
    } else if (depth == 1 && this.open[0].isClass && indent == this.open[0].body) {
      const sym = this.out.add(isDef ? "method" : "class", name, start, this.line, 1, this.open[0].sym);
      this.open.push(new OpenSymbol(sym, indent, false));
    }
  }

  private wordEnd(i: i32): i32 {
    while (i < this.n && (isIdentChar(this.at(i)) || this.at(i) >= 0x80)) i++;
    return i;
  }

  private skipBlanks(i: i32): i32 {
    while (i < this.n && (this.at(i) == CharCode.SPACE || this.at(i) == CharCode.TAB)) i++;
    return i;
  }

  private lineEnd(i: i32): i32 {
    while (i < this.n && this.at(i) != CharCode.LF) i++;
    return i;
  }

  /** The '\n' that ends the logical line starting at i (or n); counts the lines it spans. */
  private logicalEnd(i: i32): i32 {
    let depth = 0;
    while (i < this.n) {
      const c = this.at(i);
      if (c == CharCode.HASH) {
        i = this.lineEnd(i);
        continue;
      }
      if (c == CharCode.BACKSLASH) {
        if (this.at(i + 1) == CharCode.LF) this.line++;
        else if (this.at(i + 1) == CharCode.CR && this.at(i + 2) == CharCode.LF) {
          this.line++;
          i++;
        }
        i += 2;
        continue;
      }
      if (c == CharCode.LF) {
        if (depth == 0) return i;
        this.line++;
      } else if (c == CharCode.DQUOTE || c == CharCode.SQUOTE) {
        i = this.stringEnd(i, c);
        continue;
      } else if ((ASC_SHRINK_LEVEL >= 2 ? isUnitOf(c, "([{") : c == 0x28 || c == CharCode.LBRACKET || c == CharCode.LBRACE)) depth++;
      else if (((ASC_SHRINK_LEVEL >= 2 ? isUnitOf(c, ")]}") : c == 0x29 || c == CharCode.RBRACKET || c == CharCode.RBRACE)) && depth > 0) depth--;
      i++;
    }
    return this.n;
  }

  /** Past a string at q; a one-quote string ends at its line if unterminated. */
  private stringEnd(q: i32, quote: i32): i32 {
    const triple = this.at(q + 1) == quote && this.at(q + 2) == quote;
    let i = triple ? q + 3 : q + 1;
    while (i < this.n) {
      const c = this.at(i);
      if (c == CharCode.BACKSLASH) {
        if (this.at(i + 1) == CharCode.LF) this.line++;
        i += 2;
        continue;
      }
      if (c == CharCode.LF) {
        if (!triple) return i;
        this.line++;
      } else if (c == quote) {
        if (!triple) return i + 1;
        if (this.at(i + 1) == quote && this.at(i + 2) == quote) return i + 3;
      }
      i++;
    }
    return this.n;
  }
}

export function scanPython(text: string): Outline {
  return new PythonScanner(text).run();
}
