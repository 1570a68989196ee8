// HTML turned into readable text, in one pass without a DOM:
//   headings        → "# Title", "## Section" (their text is also listed for the outline)
//   p, div, …       → paragraphs separated by a blank line
//   li              → "- item" ("1. item" in <ol>), nested lists indented by two spaces
//   tr / td, th     → one line per row, cells separated by " | "
//   a               → its text; " (url)" after it when the URL is absolute http(s)
//                     and at most 80 chars (relative and in-page links add noise, not facts)
//   pre             → verbatim between ``` fences; code → `code`
//   img             → "[image: alt]" when it has alt text
// Dropped with their content: script, style, template, noscript, svg, math,
// iframe, object, canvas, form, select, button, nav, and header/footer outside
// an article or main (site chrome). Comments, doctype and processing
// instructions are dropped. Entities are decoded (entities.ts); whitespace is
// collapsed outside <pre>; never more than one blank line in a row.
import { CharCode, isAlpha, isDigit, isSpace, toLower } from "../../util/chars";
import { unitAt } from "../../util/lines";
import { trim } from "../../util/trim";
import { StrBuf } from "../../util/strbuf";
import { decodeEntityAt, Entity } from "./entities";
import { isWordOf } from "../../util/words";

/** Longest URL shown after a link's text. */
const MAX_SHOWN_URL: i32 = 80;

export class HtmlText {
  text: string = "";
  title: string = "";
  /** Heading lines as written in `text` ("## Install"). */
  headings: Array<string> = new Array<string>();
  links: i32 = 0;
}

class Tag {
  name: string = "";
  end: bool = false;
  selfClosing: bool = false;
  /** Index after the tag's '>'. */
  next: i32 = 0;
  href: string = "";
  alt: string = "";
  /** role="navigation", "banner" or "contentinfo": site chrome, whatever the element. */
  chrome: bool = false;
}

function isDropped(name: string): bool {
  return isWordOf(name, "script style template noscript svg math iframe object canvas form select button nav");
}

function isBlock(name: string): bool {
  return isWordOf(name, "p div section article main aside blockquote figure figcaption address details summary center dl table caption header footer body hr fieldset legend");
}

function headingLevel(name: string): i32 {
  if (name.length == 2 && unitAt(name, 0) == 0x68 && unitAt(name, 1) >= 0x31 && unitAt(name, 1) <= 0x36) return unitAt(name, 1) - 0x30;
  return 0;
}

/** Index of the next '>' outside quoted attribute values, or -1. */
function tagEnd(s: string, i: i32, n: i32): i32 {
  let quote = 0;
  for (let j = i; j < n; j++) {
    const c = unitAt(s, j);
    if (quote != 0) {
      if (c == quote) quote = 0;
    } else if (c == CharCode.DQUOTE || c == CharCode.SQUOTE) {
      // Quotes count only as attribute values (after '='), so a stray apostrophe cannot swallow the page.
      let k = j - 1;
      while (k > i && isSpace(unitAt(s, k))) k--;
      if (unitAt(s, k) == 0x3d) quote = c;
    } else if (c == CharCode.GT) return j;
  }
  return -1;
}

/** Reads the tag at s[i] ('<'); false when it is not a tag (a literal '<'). */
function readTag(s: string, i: i32, n: i32, tag: Tag): bool {
  let j = i + 1;
  tag.end = false;
  if (j < n && unitAt(s, j) == CharCode.SLASH) {
    tag.end = true;
    j++;
  }
  if (j >= n || !isAlpha(unitAt(s, j))) return false;
  const nameStart = j;
  while (j < n && (isAlpha(unitAt(s, j)) || isDigit(unitAt(s, j)) || unitAt(s, j) == CharCode.MINUS || unitAt(s, j) == 0x3a)) j++;
  const close = tagEnd(s, j, n);
  if (close < 0) return false;
  tag.name = lowerRange(s, nameStart, j);
  tag.selfClosing = close > j && unitAt(s, close - 1) == CharCode.SLASH;
  tag.next = close + 1;
  tag.href = "";
  tag.alt = "";
  if (!tag.end && tag.name == "a") tag.href = attribute(s, j, close, "href");
  if (!tag.end && tag.name == "img") tag.alt = attribute(s, j, close, "alt");
  tag.chrome = false;
  if (!tag.end && close > j + 5) {
    const role = attribute(s, j, close, "role");
    tag.chrome = isWordOf(role, "navigation banner contentinfo");
  }
  return true;
}

function lowerRange(s: string, start: i32, end: i32): string {
  const out = new StrBuf(end - start);
  for (let k = start; k < end; k++) out.addChar(toLower(unitAt(s, k)));
  return out.toString();
}

/** The value of attribute `name` in s[start, end), entities decoded; "" when absent. */
function attribute(s: string, start: i32, end: i32, name: string): string {
  let j = start;
  while (j < end) {
    while (j < end && (isSpace(unitAt(s, j)) || unitAt(s, j) == CharCode.SLASH)) j++;
    const ns = j;
    while (j < end && !isSpace(unitAt(s, j)) && unitAt(s, j) != 0x3d && unitAt(s, j) != CharCode.GT) j++;
    const ne = j;
    if (ne == ns) {
      j++;
      continue;
    }
    while (j < end && isSpace(unitAt(s, j))) j++;
    let vs = j;
    let ve = j;
    if (j < end && unitAt(s, j) == 0x3d) {
      j++;
      while (j < end && isSpace(unitAt(s, j))) j++;
      const q = j < end ? unitAt(s, j) : 0;
      if (q == CharCode.DQUOTE || q == CharCode.SQUOTE) {
        vs = j + 1;
        ve = vs;
        while (ve < end && unitAt(s, ve) != q) ve++;
        j = ve + 1;
      } else {
        vs = j;
        while (j < end && !isSpace(unitAt(s, j))) j++;
        ve = j;
      }
    }
    if (ne - ns == name.length && lowerRange(s, ns, ne) == name) return decodeText(s, vs, ve);
  }
  return "";
}

/** s[start, end) with entities decoded and whitespace collapsed to single spaces, trimmed. */
export function decodeText(s: string, start: i32, end: i32): string {
  const out = new StrBuf(end - start);
  const e = new Entity();
  let space = false;
  for (let j = start; j < end; j++) {
    let c = unitAt(s, j);
    if (c == 0x26 && decodeEntityAt(s, j, end, e)) {
      j = e.next - 1;
      c = e.codePoint;
    }
    if (isSpace(c) || c == 0xa0) {
      space = out.length > 0;
      continue;
    }
    if (space) out.addChar(CharCode.SPACE);
    space = false;
    addCodePoint(out, c);
  }
  return out.toString();
}

function addCodePoint(out: StrBuf, c: i32): void {
  if (c >= 0x10000) {
    const v = c - 0x10000;
    out.addChar(0xd800 + (v >> 10)).addChar(0xdc00 + (v & 0x3ff));
  } else out.addChar(c);
}

/** Index of "</name" (any case) from i, or n. */
function findClose(s: string, i: i32, n: i32, name: string): i32 {
  const len = name.length;
  for (let j = i; j + len + 2 <= n; j++) {
    if (unitAt(s, j) != CharCode.LT || unitAt(s, j + 1) != CharCode.SLASH) continue;
    let same = true;
    for (let k = 0; k < len; k++) {
      if (toLower(unitAt(s, j + 2 + k)) != unitAt(name, k)) {
        same = false;
        break;
      }
    }
    if (same && (j + 2 + len >= n || !isAlpha(unitAt(s, j + 2 + len)))) return j;
  }
  return n;
}

/** Writes text with collapsed whitespace and the pending line breaks. */
class TextWriter {
  out: StrBuf;
  /** Line breaks owed before the next text: 0, 1 (new line) or 2 (blank line). */
  breaks: i32 = 0;
  space: bool = false;
  pre: i32 = 0;
  /** Written before the next text on a new line (list bullets, heading marks). */
  prefix: string = "";

  constructor(capacity: i32) {
    this.out = new StrBuf(capacity);
  }

  block(n: i32): void {
    if (this.out.length == 0) return;
    if (n > this.breaks) this.breaks = n;
    this.space = false;
  }

  /** Writes the owed breaks and the prefix now (a list item or heading starts here). */
  flush(): void {
    if (this.breaks > 0 && this.out.length > 0) {
      const last = this.out.charAt(this.out.length - 1);
      let have = last == CharCode.LF ? 1 : 0;
      if (have == 1 && this.out.length > 1 && this.out.charAt(this.out.length - 2) == CharCode.LF) have = 2;
      for (let k = have; k < this.breaks; k++) this.out.addChar(CharCode.LF);
    }
    this.breaks = 0;
    this.space = false;
    if (this.prefix.length > 0) {
      this.out.add(this.prefix);
      this.prefix = "";
    }
  }

  char(c: i32): void {
    if (this.pre > 0) {
      if (this.breaks > 0 || this.prefix.length > 0) this.flush();
      addCodePoint(this.out, c);
      return;
    }
    if (isSpace(c) || c == 0xa0) {
      this.space = true;
      return;
    }
    if (c == 0xad || c == 0x200b) return; // soft hyphen, zero-width space
    if (this.breaks > 0 || this.prefix.length > 0) this.flush();
    else if (this.space && this.out.length > 0 && !isSpace(this.out.charAt(this.out.length - 1))) this.out.addChar(CharCode.SPACE);
    this.space = false;
    addCodePoint(this.out, c);
  }

  /** Markup the converter adds (" | ", "`"): written like text, keeping a pending space. */
  mark(s: string): void {
    for (let k = 0; k < s.length; k++) {
      const c = unitAt(s, k);
      if (c == CharCode.SPACE) {
        if (this.pre == 0) this.space = true;
      } else this.char(c);
    }
  }

  get lastChar(): i32 {
    return this.out.length > 0 ? this.out.charAt(this.out.length - 1) : 0;
  }
}

export function htmlToText(s: string): HtmlText {
  const r = new HtmlText();
  const n = s.length;
  const w = new TextWriter(min(n, 1 << 20) + 16);
  const tag = new Tag();
  const entity = new Entity();
  const lists = new Array<i32>(); // 0 for <ul>, else the next number of an <ol>
  let article = 0; // open <article>/<main>: their header/footer are content
  let cell = 0; // cells written in the current row
  let headingStart = -1;
  let headingLevelOpen = 0;
  let href = "";
  let linkStart = -1;
  let firstH1 = "";
  let i = 0;
  while (i < n) {
    const c = unitAt(s, i);
    if (c != CharCode.LT) {
      if (c == 0x26 && decodeEntityAt(s, i, n, entity)) {
        w.char(entity.codePoint);
        i = entity.next;
        continue;
      }
      if (w.pre > 0 && c == CharCode.CR) {
        i++;
        continue;
      }
      w.char(c);
      i++;
      continue;
    }
    // Comments, doctype, CDATA and processing instructions.
    if (i + 1 < n && (unitAt(s, i + 1) == 0x21 || unitAt(s, i + 1) == 0x3f)) {
      if (i + 3 < n && unitAt(s, i + 2) == CharCode.MINUS && unitAt(s, i + 3) == CharCode.MINUS) {
        const e = s.indexOf("-->", i + 4);
        i = e < 0 ? n : e + 3;
      } else {
        const e = s.indexOf(">", i + 2);
        i = e < 0 ? n : e + 1;
      }
      continue;
    }
    if (!readTag(s, i, n, tag)) {
      w.char(c);
      i++;
      continue;
    }
    i = tag.next;
    const name = tag.name;
    if (!tag.end) {
      if (name == "title") {
        const close = findClose(s, i, n, "title");
        if (r.title.length == 0) r.title = decodeText(s, i, close);
        i = skipPast(s, close, n);
        continue;
      }
      if (isWordOf(name, "script style")) {
        i = skipPast(s, findClose(s, i, n, name), n);
        continue;
      }
      if (!tag.selfClosing && (isDropped(name) || tag.chrome || (isWordOf(name, "header footer") && article == 0))) {
        i = skipElement(s, i, n, name);
        continue;
      }
    }
    if (isWordOf(name, "article main")) article = max(0, article + (tag.end ? -1 : 1));
    const level = headingLevel(name);
    if (level > 0) {
      if (!tag.end) {
        w.block(2);
        w.flush();
        headingStart = w.out.length;
        headingLevelOpen = level;
        for (let k = 0; k < level; k++) w.out.addChar(CharCode.HASH);
        w.out.addChar(CharCode.SPACE);
      } else if (headingStart >= 0) {
        // Permalink marks (Sphinx's "¶") are not part of a heading.
        while (w.out.length > headingStart && (w.out.charAt(w.out.length - 1) == 0xb6 || w.out.charAt(w.out.length - 1) == CharCode.SPACE)) w.out.truncate(w.out.length - 1);
        const line = tailOf(w.out, headingStart);
        if (line.length > headingLevelOpen + 1) {
          r.headings.push(line);
          if (headingLevelOpen == 1 && firstH1.length == 0) firstH1 = line.substring(2);
        }
        headingStart = -1;
        w.block(2);
      }
      continue;
    }
    if (name == "br") {
      if (w.pre > 0) w.out.addChar(CharCode.LF);
      else {
        w.block(1);
        // Two <br> in a row make a blank line.
        if (w.lastChar == CharCode.LF) w.breaks = 2;
      }
      continue;
    }
    if (name == "pre") {
      if (!tag.end) {
        w.block(2);
        w.flush();
        w.out.add("```\n");
        w.pre++;
        // A newline right after <pre> is not content.
        if (i < n && unitAt(s, i) == CharCode.LF) i++;
        else if (i + 1 < n && unitAt(s, i) == CharCode.CR && unitAt(s, i + 1) == CharCode.LF) i += 2;
      } else if (w.pre > 0) {
        w.pre--;
        if (w.lastChar != CharCode.LF) w.out.addChar(CharCode.LF);
        w.out.add("```");
        w.block(2);
      }
      continue;
    }
    if (isWordOf(name, "code kbd samp tt")) {
      if (w.pre == 0) {
        if (tag.end) {
          w.space = false;
          w.mark("`");
        } else {
          w.mark("`");
          w.space = false;
        }
      }
      continue;
    }
    if (isWordOf(name, "ul ol")) {
      if (!tag.end) lists.push(name == "ol" ? 1 : 0);
      else if (lists.length > 0) lists.pop();
      w.block(lists.length == 0 ? 2 : 1);
      continue;
    }
    if (name == "li") {
      w.block(1);
      if (!tag.end) {
        const depth = lists.length;
        const pad = new StrBuf(16);
        for (let k = 1; k < depth; k++) pad.add("  ");
        if (depth > 0 && lists[depth - 1] > 0) {
          pad.addInt(lists[depth - 1]).add(". ");
          lists[depth - 1] = lists[depth - 1] + 1;
        } else pad.add("- ");
        w.prefix = pad.toString();
      }
      continue;
    }
    if (name == "tr") {
      w.block(1);
      cell = 0;
      continue;
    }
    if (isWordOf(name, "td th")) {
      if (!tag.end) {
        if (cell > 0) w.mark(" | ");
        cell++;
      }
      continue;
    }
    if (isWordOf(name, "dt dd")) {
      w.block(1);
      if (!tag.end && name == "dd") w.prefix = "  ";
      continue;
    }
    if (name == "a") {
      if (!tag.end) {
        if (tag.href.length > 0) r.links++;
        href = tag.href;
        linkStart = w.out.length;
      } else {
        if (href.length > 0 && href.length <= MAX_SHOWN_URL && (href.startsWith("http://") || href.startsWith("https://")) && w.out.length > linkStart) {
          const text = trim(tailOf(w.out, linkStart));
          if (text != href) {
            w.mark(" (");
            w.space = false;
            w.mark(href);
            w.mark(")");
          }
        }
        href = "";
        linkStart = -1;
      }
      continue;
    }
    if (name == "img") {
      if (tag.alt.length > 0) {
        w.mark("[image: ");
        w.space = false;
        w.mark(tag.alt);
        w.mark("]");
      }
      continue;
    }
    // Paragraphs inside list items stay on the item's lines.
    if (isBlock(name)) w.block(lists.length > 0 ? 1 : 2);
  }
  w.out.truncate(trimmedLength(w.out));
  r.text = w.out.toString();
  if (r.title.length == 0) r.title = firstH1;
  return r;
}

/** What was written from `from` on, without copying the rest of the buffer. */
function tailOf(out: StrBuf, from: i32): string {
  const t = new StrBuf(out.length - from);
  for (let k = from; k < out.length; k++) t.addChar(out.charAt(k));
  return t.toString();
}

function trimmedLength(out: StrBuf): i32 {
  let k = out.length;
  while (k > 0 && isSpace(out.charAt(k - 1))) k--;
  return k;
}

/** Index after the end tag that starts at `close` ("</name …>"), or n. */
function skipPast(s: string, close: i32, n: i32): i32 {
  if (close >= n) return n;
  const e = s.indexOf(">", close);
  return e < 0 ? n : e + 1;
}

/** Index after the end of element `name` whose start tag ended before i, nested ones included. */
function skipElement(s: string, i: i32, n: i32, name: string): i32 {
  const tag = new Tag();
  let depth = 1;
  let j = i;
  while (j < n) {
    const lt = s.indexOf("<", j);
    if (lt < 0) return n;
    if (lt + 3 < n && unitAt(s, lt + 1) == 0x21 && unitAt(s, lt + 2) == CharCode.MINUS && unitAt(s, lt + 3) == CharCode.MINUS) {
      const e = s.indexOf("-->", lt + 4);
      if (e < 0) return n;
      j = e + 3;
      continue;
    }
    if (!readTag(s, lt, n, tag)) {
      j = lt + 1;
      continue;
    }
    j = tag.next;
    // Scripts inside (an inline handler in a form) may hold "</form>" in a string.
    if (!tag.end && isWordOf(tag.name, "script style")) {
      j = skipPast(s, findClose(s, j, n, tag.name), n);
      continue;
    }
    if (tag.name != name || tag.selfClosing) continue;
    depth += tag.end ? -1 : 1;
    if (depth == 0) return j;
  }
  return n;
}
