// XML outline: the root element and the elements directly inside it, each
// with its line range and what tells it from its siblings (its first
// attribute, or its first text). Comments, CDATA, processing instructions and the
// DOCTYPE hold no elements; attribute values may hold '>'. One pass over
// the text; an element left open ends at the last line.
import { CharCode, isAlpha, isUnitOf } from "../util/chars";
// XML's white space is JSON's: space, tab, line feed and carriage return.
import { isJsonSpace as isBlankUnit } from "../json/scan";
import { unitAt } from "../util/lines";
import { startsWithAt } from "../util/scan";
import { Outline } from "./symbols";
import { detailOf } from "./text-lines";

/** Units after a tag looked at for the text that tells an element apart. */
const DETAIL_LOOK: i32 = 200;

class XmlScanner {
  out: Outline = new Outline();
  private i: i32 = 0;
  private line: i32 = 1;
  private n: i32;

  constructor(public text: string) {
    this.n = text.length;
  }

  private startsWith(lit: string): bool {
    if (ASC_SHRINK_LEVEL >= 2) return startsWithAt(this.text, this.i, this.n, lit);
    if (this.i + lit.length > this.n) return false;
    for (let k = 0; k < lit.length; k++) if (unitAt(this.text, this.i + k) != lit.charCodeAt(k)) return false;
    return true;
  }

  /** Moves past the next `lit`, counting lines; to the end when there is none. */
  private skipPast(lit: string): void {
    const first = lit.charCodeAt(0);
    while (this.i < this.n) {
      const c = unitAt(this.text, this.i);
      if (c == first && this.startsWith(lit)) {
        this.i += lit.length;
        return;
      }
      if (c == CharCode.LF) this.line++;
      this.i++;
    }
  }

  /** Moves past the '>' that ends a tag or declaration, over quoted values and `[…]` subsets. */
  private skipTag(): bool {
    let quote = 0;
    let bracket = 0;
    let slash = false;
    while (this.i < this.n) {
      const c = unitAt(this.text, this.i++);
      if (c == CharCode.LF) this.line++;
      if (quote != 0) {
        if (c == quote) quote = 0;
        continue;
      }
      if (c == CharCode.DQUOTE || c == CharCode.SQUOTE) quote = c;
      else if (c == CharCode.LBRACKET) bracket++;
      else if (c == CharCode.RBRACKET) bracket = max(0, bracket - 1);
      else if (c == CharCode.GT && bracket == 0) return slash;
      if (c != CharCode.SPACE && c != CharCode.TAB && c != CharCode.LF && c != CharCode.CR) slash = c == CharCode.SLASH;
    }
    return false;
  }

  private name(): string {
    const start = this.i;
    while (this.i < this.n) {
      const c = unitAt(this.text, this.i);
      if (ASC_SHRINK_LEVEL >= 2 ? isUnitOf(c, " \t\n\r>/") : c == CharCode.SPACE || c == CharCode.TAB || c == CharCode.LF || c == CharCode.CR || c == CharCode.GT || c == CharCode.SLASH) break;
      this.i++;
    }
    return this.text.substring(start, this.i);
  }

  /**
   * What tells one element from its siblings: its first attribute (`code="AF"`), else the text
   * it opens with or that of its first child (`<family>serif</family>` → `serif`). `attrs` is
   * where the tag's attributes start; the tag has just been read. Looks at most DETAIL_LOOK units.
   */
  private detailOf(attrs: i32, selfClosing: bool): string {
    const s = this.text;
    let a = attrs;
    while (a < this.i && isBlankUnit(unitAt(s, a))) a++;
    if (a < this.i && unitAt(s, a) != CharCode.GT && unitAt(s, a) != CharCode.SLASH) {
      // name="value": up to the value's closing quote.
      let q = a;
      while (q < this.i && unitAt(s, q) != CharCode.DQUOTE && unitAt(s, q) != CharCode.SQUOTE) q++;
      if (q >= this.i) return "";
      const quote = unitAt(s, q);
      let e = q + 1;
      while (e < this.i && unitAt(s, e) != quote) e++;
      return e < this.i ? detailOf(s, a, e + 1) : "";
    }
    if (selfClosing) return "";
    // Text right after the tag, or inside its first child.
    const stop = min(this.n, this.i + DETAIL_LOOK);
    let t = this.i;
    while (t < stop && isBlankUnit(unitAt(s, t))) t++;
    if (t < stop && unitAt(s, t) == CharCode.LT) {
      if (t + 1 < stop && (unitAt(s, t + 1) == CharCode.SLASH || unitAt(s, t + 1) == 0x21 || unitAt(s, t + 1) == 0x3f)) return "";
      while (t < stop && unitAt(s, t) != CharCode.GT) t++;
      t++;
    }
    let e = t;
    while (e < stop && unitAt(s, e) != CharCode.LT && unitAt(s, e) != CharCode.LF) e++;
    return e < stop && unitAt(s, e) == CharCode.LT ? detailOf(s, t, e) : "";
  }

  run(): Outline {
    let depth = 0;
    let root = -1;
    let child = -1;
    while (this.i < this.n) {
      const c = unitAt(this.text, this.i);
      if (c == CharCode.LF) {
        this.line++;
        this.i++;
        continue;
      }
      if (c != CharCode.LT) {
        this.i++;
        continue;
      }
      if (this.startsWith("<!--")) {
        this.i += 4;
        this.skipPast("-->");
      } else if (this.startsWith("<![CDATA[")) {
        this.i += 9;
        this.skipPast("]]>");
      } else if (this.startsWith("<?")) {
        this.i += 2;
        this.skipPast("?>");
      } else if (this.startsWith("<!")) {
        this.i += 2;
        this.skipTag();
      } else if (this.startsWith("</")) {
        this.i += 2;
        this.skipTag();
        if (depth == 2 && child >= 0) {
          this.out.symbols[child].last = this.line;
          child = -1;
        } else if (depth == 1 && root >= 0) this.out.symbols[root].last = this.line;
        depth = max(0, depth - 1);
      } else {
        const d = this.i + 1 < this.n ? unitAt(this.text, this.i + 1) : 0;
        if (!(isAlpha(d) || d == CharCode.UNDERSCORE || d == CharCode.COLON || d >= 0xc0)) {
          this.i++;
          continue;
        }
        const first = this.line;
        this.i++;
        const name = this.name();
        this.out.countTag(name);
        const tagStart = this.i;
        const selfClosing = this.skipTag();
        if (depth == 0) {
          if (root >= 0) continue; // a second root: not well-formed; only the first is outlined
          root = this.out.add("element", name, first, this.line, 0, -1);
        } else if (depth == 1) {
          child = this.out.add("element", name, first, this.line, 1, root);
          this.out.symbols[child].detail = this.detailOf(tagStart, selfClosing);
          if (selfClosing) child = -1;
        }
        if (!selfClosing) depth++;
      }
    }
    if (child >= 0) this.out.symbols[child].last = max(this.out.symbols[child].first, this.line);
    if (root >= 0 && depth > 0) this.out.symbols[root].last = max(this.out.symbols[root].first, this.line);
    return this.out;
  }
}

/** The outline of an XML text (see the file's header). */
export function scanXml(text: string): Outline {
  return new XmlScanner(text).run();
}
