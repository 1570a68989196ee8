// YAML outline by indentation: the top-level keys (or the items of a
// top-level sequence) with their line ranges and short values, and the keys
// or items one level below each. A file of several documents (`---`) lists
// its documents, each with its keys. Comments, blank lines and the bodies of
// block scalars (`run: |`) are not keys; a range ends at the last line of
// content before the next entry.
import { CharCode, isSpaceOrTab, isUnitOf } from "../util/chars";
import { unitAt } from "../util/lines";
import { Outline } from "./symbols";
import { detailOf, Lines, trimmed } from "./text-lines";

/** A `---` document marker at the start of the line. */
function isMarker(l: Lines, lit: string): bool {
  return l.startsWith(l.start, lit) && (l.start + 3 == l.end || isSpaceOrTab(l.at(l.start + 3)));
}

/** `- x` or a lone `-` at i. */
function isItem(l: Lines, i: i32): bool {
  return l.at(i) == CharCode.MINUS && (i + 1 >= l.end || isSpaceOrTab(l.at(i + 1)));
}

/** The key of a `key: value` line whose key starts at i; "" when the line is no mapping entry. `valueAt` gets where the value starts. */
let valueAt: i32 = 0;
function keyAt(l: Lines, i: i32): string {
  const s = l.text;
  const c = l.at(i);
  if (c == CharCode.DQUOTE || c == CharCode.SQUOTE) {
    let j = i + 1;
    while (j < l.end && unitAt(s, j) != c) j += unitAt(s, j) == CharCode.BACKSLASH && c == CharCode.DQUOTE ? 2 : 1;
    if (j >= l.end || l.at(j + 1) != CharCode.COLON) return "";
    if (j + 2 < l.end && !isSpaceOrTab(l.at(j + 2))) return "";
    valueAt = j + 2;
    return s.substring(i + 1, j);
  }
  if (ASC_SHRINK_LEVEL >= 2 ? isUnitOf(c, "{[#?|>") : c == CharCode.LBRACE || c == CharCode.LBRACKET || c == CharCode.HASH || c == 0x3f || c == 0x7c || c == CharCode.GT) return "";
  for (let j = i; j < l.end; j++) {
    const d = unitAt(s, j);
    if (d == CharCode.HASH && j > i && isSpaceOrTab(unitAt(s, j - 1))) return "";
    if (d == CharCode.COLON && (j + 1 >= l.end || isSpaceOrTab(unitAt(s, j + 1)))) {
      if (j == i) return "";
      valueAt = j + 1;
      return trimmed(s, i, j);
    }
  }
  return "";
}

/** End of the value at [a, end) without a trailing ` # comment` (outside quotes). */
function valueEnd(l: Lines, a: i32): i32 {
  const s = l.text;
  let quote = 0;
  for (let j = a; j < l.end; j++) {
    const d = unitAt(s, j);
    if (quote != 0) {
      if (d == quote) quote = 0;
    } else if (d == CharCode.DQUOTE || d == CharCode.SQUOTE) quote = d;
    else if (d == CharCode.HASH && j > a && isSpaceOrTab(unitAt(s, j - 1))) return j;
  }
  return l.end;
}

/** `|`, `>-`, `|2+`: a block scalar starts on the next lines. */
function isBlockIndicator(v: string): bool {
  if (v.length == 0) return false;
  const c = v.charCodeAt(0);
  if (c != 0x7c && c != CharCode.GT) return false;
  for (let k = 1; k < v.length; k++) {
    const d = v.charCodeAt(k);
    if (!(d == CharCode.MINUS || d == CharCode.PLUS || (d >= CharCode._0 && d <= CharCode._9))) return false;
  }
  return true;
}

class YamlScanner {
  out: Outline = new Outline();
  private doc: i32 = -1;
  private top: i32 = -1;
  private child: i32 = -1;
  private childIndent: i32 = -1;
  /** Lines indented deeper than this belong to a block scalar; -1 outside one. */
  private blockIndent: i32 = -1;
  /** -1 until the document's first entry, then 1 when its root is a sequence. */
  private rootSeq: i32 = -1;
  /** The last line of content seen. */
  private last: i32 = 0;

  constructor(public text: string, private multi: bool) {}

  private closeChild(): void {
    if (this.child >= 0) this.out.symbols[this.child].last = max(this.out.symbols[this.child].first, this.last);
    this.child = -1;
  }

  private closeTop(): void {
    this.closeChild();
    if (this.top >= 0) this.out.symbols[this.top].last = max(this.out.symbols[this.top].first, this.last);
    this.top = -1;
    this.childIndent = -1;
    this.blockIndent = -1;
  }

  private closeDoc(): void {
    this.closeTop();
    if (this.doc >= 0) this.out.symbols[this.doc].last = max(this.out.symbols[this.doc].first, this.last);
    this.doc = -1;
    this.rootSeq = -1;
  }

  private openDoc(line: i32): void {
    if (this.multi && this.doc < 0) this.doc = this.out.add("document", "", line, line, 0, -1);
  }

  /** A key or item entry at depth `depth` under `parent`, from the line's content at i. */
  private entry(l: Lines, i: i32, depth: i32, parent: i32, indent: i32): i32 {
    if (isItem(l, i)) return this.out.add("item", detailOf(l.text, min(i + 2, l.end), valueEnd(l, min(i + 2, l.end))), l.number, l.number, depth, parent);
    const key = keyAt(l, i);
    if (key.length == 0) return -1;
    const at = valueAt;
    const value = trimmed(l.text, at, valueEnd(l, at));
    const k = this.out.add("key", key, l.number, l.number, depth, parent);
    if (isBlockIndicator(value)) this.blockIndent = indent;
    else if (value.length > 0 && value.charCodeAt(0) != 0x26 && value.charCodeAt(0) != 0x21) this.out.symbols[k].detail = detailOf(value, 0, value.length);
    return k;
  }

  run(): Outline {
    const l = new Lines(this.text);
    const base = this.multi ? 1 : 0;
    while (l.advance()) {
      const fnb = l.firstNonBlank();
      if (fnb >= l.end) continue;
      const indent = fnb - l.start - (l.at(l.start) == 0xfeff ? 1 : 0);
      if (this.blockIndent >= 0) {
        if (indent > this.blockIndent) {
          this.last = l.number;
          continue;
        }
        this.blockIndent = -1;
      }
      const c = l.at(fnb);
      if (c == CharCode.HASH) continue;
      if (indent == 0 && isMarker(l, "---")) {
        if (this.multi) this.closeDoc();
        else this.closeTop();
        this.openDoc(l.number);
        const rest = l.firstNonBlankFrom(l.start + 3);
        if (rest < l.end && l.at(rest) != CharCode.HASH) this.last = l.number;
        continue;
      }
      if (indent == 0 && isMarker(l, "...")) {
        this.closeTop();
        continue;
      }
      if (indent == 0 && c == 0x25) continue; // %YAML, %TAG directives
      this.openDoc(l.number);
      // `this.last` is still the content before this line: what an entry closed here ends at.
      if (indent == 0) {
        const item = isItem(l, fnb);
        if (this.rootSeq < 0) this.rootSeq = item ? 1 : 0;
        // `key:` followed by `- item` lines at column 0 is the key's own sequence: read below.
        if (!item || this.rootSeq == 1) {
          if (opensEntry(l, fnb)) {
            this.closeTop();
            this.top = this.entry(l, fnb, base, this.doc, 0);
          }
          this.last = l.number;
          continue;
        }
      }
      if (this.top >= 0) {
        if (this.childIndent < 0) this.childIndent = indent;
        if (indent == this.childIndent && opensEntry(l, fnb)) {
          this.closeChild();
          this.child = this.entry(l, fnb, base + 1, this.top, indent);
        }
      }
      this.last = l.number;
    }
    this.closeDoc();
    return this.out;
  }
}

/** Whether the line's content at i starts an entry: an item, or a key. */
function opensEntry(l: Lines, i: i32): bool {
  return isItem(l, i) || keyAt(l, i).length > 0;
}

/** The outline of a YAML text (see the file's header). */
export function scanYaml(text: string): Outline {
  return new YamlScanner(text, countDocuments(text) > 1).run();
}

/** Documents with content: `---` separates them. */
function countDocuments(text: string): i32 {
  const l = new Lines(text);
  let docs = 0;
  let content = false;
  while (l.advance()) {
    const fnb = l.firstNonBlank();
    if (fnb >= l.end || l.at(fnb) == CharCode.HASH) continue;
    if (fnb == l.start && isMarker(l, "---")) {
      if (content) docs++;
      content = false;
      const rest = l.firstNonBlankFrom(l.start + 3);
      if (rest < l.end && l.at(rest) != CharCode.HASH) content = true;
      continue;
    }
    if (fnb == l.start && (isMarker(l, "...") || l.at(fnb) == 0x25)) continue;
    content = true;
  }
  if (content) docs++;
  return docs;
}
