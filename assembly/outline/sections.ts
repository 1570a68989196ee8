// INI and TOML outline: the `[section]` headers (TOML's `[table]` and
// `[[array of tables]]`) with their line ranges, and each one's keys with
// short values; keys before the first header are top-level. Comments (`#`,
// and `;` in INI), TOML's multi-line strings and arrays or inline tables that
// span lines hold no headers and no keys. A range ends at its last line of
// content before the next header.
import { CharCode } from "../util/chars";
import { unitAt } from "../util/lines";
import { Outline } from "./symbols";
import { detailOf, Lines, trimmed } from "./text-lines";

const EQUALS: i32 = 0x3d;

class SectionScanner {
  out: Outline = new Outline();
  private section: i32 = -1;
  private last: i32 = 0;
  /** The closing delimiter of an open TOML multi-line string (0x22 or 0x27), else 0. */
  private longString: i32 = 0;
  /** Open brackets and braces of a value that spans lines. */
  private depth: i32 = 0;

  constructor(public text: string, private toml: bool) {}

  private close(): void {
    if (this.section >= 0) this.out.symbols[this.section].last = max(this.out.symbols[this.section].first, this.last);
    this.section = -1;
  }

  /** Reads a value from i to the line's end: tracks strings, brackets and TOML's long strings; returns where a comment starts (or the end). */
  private readValue(l: Lines, i: i32): i32 {
    const s = l.text;
    let quote = 0;
    let end = l.end;
    while (i < l.end) {
      const c = unitAt(s, i);
      if (this.longString != 0) {
        if (c == this.longString && l.at(i + 1) == c && l.at(i + 2) == c) {
          this.longString = 0;
          i += 3;
          continue;
        }
        i += c == CharCode.BACKSLASH && this.longString == CharCode.DQUOTE ? 2 : 1;
        continue;
      }
      if (quote != 0) {
        if (c == CharCode.BACKSLASH && quote == CharCode.DQUOTE) i++;
        else if (c == quote) quote = 0;
        i++;
        continue;
      }
      if (this.toml && (c == CharCode.DQUOTE || c == CharCode.SQUOTE) && l.at(i + 1) == c && l.at(i + 2) == c) {
        this.longString = c;
        i += 3;
        continue;
      }
      if (c == CharCode.DQUOTE || (this.toml && c == CharCode.SQUOTE)) quote = c;
      else if (this.toml && (c == CharCode.LBRACKET || c == CharCode.LBRACE)) this.depth++;
      else if (this.toml && (c == CharCode.RBRACKET || c == CharCode.RBRACE)) this.depth = max(0, this.depth - 1);
      else if ((c == CharCode.HASH || (!this.toml && c == CharCode.SEMICOLON)) && (this.toml || i == l.start || isBlankAt(l, i - 1))) {
        // TOML: `#` ends the value; INI: `#` or `;` after white space (`dir = ./demoCA  # where …`).
        end = i;
        break;
      }
      i++;
    }
    return end;
  }

  run(): Outline {
    const l = new Lines(this.text);
    const s = this.text;
    while (l.advance()) {
      const fnb = l.firstNonBlank();
      if (fnb >= l.end) continue;
      if (this.longString != 0 || this.depth > 0) {
        this.readValue(l, fnb);
        this.last = l.number;
        continue;
      }
      const c = l.at(fnb);
      if (c == CharCode.HASH || (!this.toml && c == CharCode.SEMICOLON)) continue;
      if (c == CharCode.LBRACKET) {
        const double = l.at(fnb + 1) == CharCode.LBRACKET;
        const open = fnb + (double ? 2 : 1);
        let close = open;
        while (close < l.end && unitAt(s, close) != CharCode.RBRACKET) close++;
        if (close < l.end && (!double || l.at(close + 1) == CharCode.RBRACKET)) {
          this.close();
          const kind = this.toml ? (double ? "array table" : "table") : "section";
          this.section = this.out.add(kind, trimmed(s, open, close), l.number, l.number, 0, -1);
          this.last = l.number;
          continue;
        }
      }
      // `key = value` (INI also `key: value`, or a bare key such as `skip-networking`).
      let sep = fnb;
      while (sep < l.end) {
        const d = unitAt(s, sep);
        if (d == EQUALS || (!this.toml && d == CharCode.COLON)) break;
        if (this.toml && (d == CharCode.DQUOTE || d == CharCode.SQUOTE)) {
          // A quoted key: its '=' and ':' are not separators.
          const q = d;
          sep++;
          while (sep < l.end && unitAt(s, sep) != q) sep++;
        }
        sep++;
      }
      const depth = this.section >= 0 ? 1 : 0;
      if (sep < l.end) {
        const key = trimmed(s, fnb, sep);
        if (key.length > 0) {
          const k = this.out.add("key", key, l.number, l.number, depth, this.section);
          const end = this.readValue(l, sep + 1);
          this.out.symbols[k].detail = detailOf(s, sep + 1, end);
        }
      } else if (!this.toml && fnb == l.start && !hasSpace(s, fnb, l.end)) {
        this.out.add("key", trimmed(s, fnb, l.end), l.number, l.number, depth, this.section);
      }
      this.last = l.number;
    }
    this.close();
    return this.out;
  }
}

function isBlankAt(l: Lines, i: i32): bool {
  const c = l.at(i);
  return c == CharCode.SPACE || c == CharCode.TAB;
}

function hasSpace(s: string, a: i32, b: i32): bool {
  for (let i = a; i < b; i++) {
    const c = unitAt(s, i);
    if (c == CharCode.SPACE || c == CharCode.TAB) return true;
  }
  return false;
}

/** The outline of an INI text, or of a TOML text with `toml` (see the file's header). */
export function scanSections(text: string, toml: bool): Outline {
  return new SectionScanner(text, toml).run();
}
