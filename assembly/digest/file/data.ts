// Config and data files in the FileContent digest, when they do not fit:
// their structure first, then what they say.
//
//   Read deploy.yaml (412 lines, 12 KB, yaml)
//   Outline: 4 top-level keys
//     name: deploy  L1
//     on  L3–9 (2 keys: push, workflow_dispatch)
//     jobs  L11–412 (3 keys: build, test, release)
//   1: name: deploy
//   …
//   (showing lines 1-120 of 412 total without comments and blank lines; next: offset=121)
//
// YAML lists its top-level keys (or items, or documents), INI and TOML their
// sections, XML the elements inside its root, each with its line range and
// the keys inside it as far as the budget goes. Comment lines are left out
// of the page that follows: many config files are mostly comments. A CSV or
// TSV file says its shape (header, rows, columns, delimiter) and shows its
// first and last rows.
import { contentLines } from "../../outline/comments";
import { Outline, OutlineSymbol } from "../../outline/symbols";
import { scanTable, sniffDelimiter } from "../../outline/table";
import { CharCode } from "../../util/chars";
import { formatCount, StrBuf } from "../../util/strbuf";
import { DEFAULT_VIEW_LIMIT } from "../../view";
import { addClippedAll, clippedLength, countDigitsWithCommas, plural, pluralS, Writer } from "../shared/text";
import { addLines, countDigits, FileText, footer, MAX_CHUNK_LINE, namesLine, Shown, writeLongest, writeNumbered } from "./text";
import { isWordOf } from "../../util/words";

/** Units a footer here may take beyond view's: ` and 1903-1905`, ` without comments and blank lines`. */
const FOOTER_EXTRA: i32 = 40;
/** Entries few enough for the entries inside them to get lines of their own. */
const EXPAND_MAX: i32 = 4;
/** Room kept for a `…+N more` line under an expanded entry. */
const MORE_LINE: i32 = 20;
/** Longest outline line: an entry and the keys inside it. */
const MAX_ENTRY: i32 = 240;
/** Longest name or value shown in an outline line. */
const MAX_NAME: i32 = 80;
/** Share (percent) of an outline's room its largest entries take whole when not all fit; the rest are named. */
const WHOLE_ENTRIES_SHARE: i32 = 50;
/** Last lines of a table shown after its first ones, and the share of the budget they may take. */
const TAIL_LINES: i32 = 3;
const TAIL_SHARE: i32 = 15;

/** One line of the outline: a top-level entry, or a run of entries of the same name (`<entry> ×249`). */
class Entry {
  count: i32 = 1;
  /** The symbols of a run, the first one included. */
  run: Array<i32> = new Array<i32>();
  constructor(public sym: i32, public first: i32, public last: i32) {
    this.run.push(sym);
  }
}

function label(s: OutlineSymbol, language: string): string {
  const out = new StrBuf(s.name.length + s.detail.length + 8);
  if (s.kind == "document") return "---";
  if (s.kind == "comment") return "(comment)";
  if (s.kind == "element") {
    out.addChar(CharCode.LT);
    addClippedAll(out, s.name, MAX_NAME);
    // An attribute goes in the tag; text after it.
    if (s.detail.length > 0 && isAttribute(s.detail)) out.addChar(CharCode.SPACE).add(s.detail).addChar(CharCode.GT);
    else {
      out.addChar(CharCode.GT);
      if (s.detail.length > 0) out.add(" ").add(s.detail);
    }
    return out.toString();
  }
  if (isWordOf(s.kind, "table section")) {
    out.addChar(CharCode.LBRACKET);
    addClippedAll(out, s.name, MAX_NAME);
    return out.addChar(CharCode.RBRACKET).toString();
  }
  if (s.kind == "array table") {
    out.add("[[");
    addClippedAll(out, s.name, MAX_NAME);
    return out.add("]]").toString();
  }
  if (s.kind == "item") {
    out.add("- ");
    addClippedAll(out, s.name, MAX_NAME);
    return out.toString();
  }
  addClippedAll(out, s.name, MAX_NAME);
  // A key of a text of no known format keeps its own separator in its detail.
  if (s.detail.length > 0 && language.length > 0) out.add(language == "yaml" ? ": " : " = ");
  out.add(s.detail);
  return out.toString();
}

/** `name="value"`: a detail taken from an attribute. */
function isAttribute(detail: string): bool {
  const eq = detail.indexOf("=");
  return eq > 0 && eq + 1 < detail.length && (detail.charCodeAt(eq + 1) == CharCode.DQUOTE || detail.charCodeAt(eq + 1) == CharCode.SQUOTE);
}

/** The value of a detail: an attribute's without its name and quotes. */
function detailValue(detail: string): string {
  if (!isAttribute(detail)) return detail;
  const eq = detail.indexOf("=");
  const end = detail.charCodeAt(detail.length - 1) == detail.charCodeAt(eq + 1) ? detail.length - 1 : detail.length;
  return detail.substring(eq + 2, end);
}

/** What an entry's members are called. */
function memberWords(o: Outline, children: Array<i32>, language: string): string {
  if (language == "xml") return "element";
  if (children.length > 0 && o.symbols[children[0]].kind == "item") return "item";
  return "key";
}

/**
 * The outline line of entry `e` at detail `level`: 0 its range and how many
 * keys it holds, 1 also their names, 2 their names and values.
 */
function entryText(o: Outline, e: Entry, children: Array<i32>, language: string, level: i32): string {
  const s = o.symbols[e.sym];
  const out = new StrBuf(96);
  if (e.count > 1) {
    // A run of one name: its count, and what tells its entries apart as far as room goes.
    const plain = new OutlineSymbol(s.kind, s.name, s.first, s.last, s.depth, s.parent);
    out.add("  ").add(label(plain, language)).addLabelCount(" \u00d7", e.count).add("  ");
    addLines(out, e.first, e.last);
    if (level > 0 && s.detail.length > 0) {
      out.add(" (");
      let listed = 0;
      for (let k = 0; k < e.count; k++) {
        const v = detailValue(o.symbols[e.run[k]].detail);
        if (out.length + v.length + 2 + 12 > MAX_ENTRY && listed > 0) break;
        if (listed > 0) out.add(", ");
        addClippedAll(out, v, MAX_NAME);
        listed++;
      }
      if (listed < e.count) out.addLabelCount(", …+", e.count - listed);
      out.addChar(0x29);
    }
    return out.toString();
  }
  out.add("  ").add(label(s, language));
  out.add("  ");
  addLines(out, e.first, e.last);
  const members = children.length;
  if (members == 0) return out.toString();
  const word = memberWords(o, children, language);
  out.add(" (").add(plural(members, word, word + "s"));
  if (level > 0) {
    out.add(": ");
    let listed = 0;
    for (let k = 0; k < children.length; k++) {
      const c = o.symbols[children[k]];
      const text = level > 1 || c.kind == "item" ? label(c, language) : c.name;
      // Room for this name and a closing "…+N)".
      if (out.length + text.length + 2 + 12 > MAX_ENTRY && listed > 0) break;
      if (listed > 0) out.add(", ");
      addClippedAll(out, text, MAX_NAME);
      listed++;
    }
    if (listed < members) out.addLabelCount(", …+", members - listed);
  }
  return out.addChar(0x29).toString();
}

/** What the outline's entries are, by the first one: `section`, `table`, `element`, `key`, `item`, `document`. */
function entryWord(o: Outline, e: Entry, language: string): string {
  const kind = o.symbols[e.sym].kind;
  if (kind == "array table") return "table";
  if (kind == "key" && language == "yaml") return "key";
  if (isWordOf(kind, "key section table element item document")) return kind;
  return "entry";
}

/**
 * "; at every depth: <path> ×59": the name the most elements at any depth have, when they are
 * more than the root's children of that name (which the outline counts itself): the outline
 * shows only the root's children, and counting the elements nested in them is what a model
 * would do by hand.
 */
function addTagTotals(out: StrBuf, o: Outline): void {
  const counts = o.tagCounts;
  let best = -1;
  for (let k = 0; k < counts.length; k++) if (best < 0 || unchecked(counts[k]) > unchecked(counts[best])) best = k;
  if (best < 0) return;
  const name = o.tagNames[best];
  let outlined = 0;
  for (let i = 0; i < o.symbols.length; i++) if (o.symbols[i].name == name) outlined++;
  if (counts[best] > outlined) out.add("; at every depth: <").add(name).addLabelCount("> \u00d7", counts[best]);
}

/** The outline's first line. */
function headerText(o: Outline, entries: Array<Entry>, language: string, root: i32): string {
  const out = new StrBuf(96);
  out.add("Outline: ");
  if (language == "xml") {
    const r = o.symbols[root];
    out.add(label(r, language)).add("  ");
    addLines(out, r.first, r.last);
    out.add(" (").add(pluralS(r.members, "element"));
    addTagTotals(out, o);
    return out.addChar(0x29).toString();
  }
  let sections = 0;
  let keys = 0;
  let items = 0;
  let documents = 0;
  let firstKey = 0;
  let lastKey = 0;
  for (let k = 0; k < entries.length; k++) {
    const s = o.symbols[entries[k].sym];
    const n = entries[k].count;
    if (s.kind == "document") documents += n;
    else if (s.kind == "item") items += n;
    else if (s.kind == "key") {
      if (keys == 0) firstKey = s.first;
      lastKey = s.last;
      keys += n;
    } else sections += n;
  }
  if (documents > 0) return out.add(pluralS(documents, "document")).toString();
  if (items > 0 && keys == 0) return out.add(pluralS(items, "item")).toString();
  if (sections == 0) return out.add(plural(keys, language == "yaml" ? "top-level key" : "key", language == "yaml" ? "top-level keys" : "keys")).toString();
  out.add(plural(sections, language == "toml" ? "table" : "section", language == "toml" ? "tables" : "sections"));
  if (keys > 0) {
    out.add("; ").add(pluralS(keys, "key")).add(" before the first ");
    addLines(out, firstKey, lastKey);
  }
  return out.toString();
}

/**
 * The outline block, at most `share` units: every entry at the most detail
 * that fits (entries in source order get one level more while room lasts);
 * when not even their ranges fit, the longest entries, with a count of the rest.
 * `header` replaces the first line this function would write.
 */
export function writeConfigOutline(w: Writer, o: Outline, language: string, share: i32, header: string = "", pageLast: i32 = 0): void {
  // Entries: the root's children for XML, else the top-level symbols; runs of one name merge.
  let root = -1;
  const entryDepth = language == "xml" ? 1 : 0;
  if (language == "xml") {
    for (let i = 0; i < o.symbols.length; i++) {
      if (o.symbols[i].depth == 0) {
        root = i;
        break;
      }
    }
    if (root < 0) return;
  }
  // One empty list shared by the symbols without children: an outline may have tens of thousands.
  const none = new Array<i32>();
  const children = new Array<Array<i32>>(o.symbols.length);
  for (let i = 0; i < o.symbols.length; i++) children[i] = none;
  const entries = new Array<Entry>();
  for (let i = 0; i < o.symbols.length; i++) {
    const s = o.symbols[i];
    if (s.depth == entryDepth + 1 && s.parent >= 0) {
      if (children[s.parent] === none) children[s.parent] = new Array<i32>();
      children[s.parent].push(i);
      continue;
    }
    if (s.depth != entryDepth) continue;
    const merges = s.kind == "element" || s.kind == "statement" || s.kind == "array table";
    if (merges && entries.length > 0) {
      const prev = entries[entries.length - 1];
      const p = o.symbols[prev.sym];
      if (p.kind == s.kind && p.name == s.name) {
        prev.count++;
        prev.last = s.last;
        prev.run.push(i);
        continue;
      }
    }
    entries.push(new Entry(i, s.first, s.last));
  }
  if (entries.length == 0) return;
  const head = header.length > 0 ? header : headerText(o, entries, language, root);
  const stop = w.out.length + share;
  if (head.length + 1 > share || !w.line(head)) return;
  const n = entries.length;
  const texts = new Array<string>(n);
  let level = 2;
  let all = 0;
  for (; level >= 0; level--) {
    all = 0;
    for (let k = 0; k < n; k++) {
      texts[k] = entryText(o, entries[k], children[entries[k].sym], language, level);
      all += texts[k].length + 1;
    }
    if (w.out.length + all <= stop) break;
  }
  if (level < 0) {
    // Not even the ranges fit: the longest entries whole, in part of the room and in source
    // order, and the others by their first words and line (restEntries), so that a setting or
    // a definition a reader looks for is found by its name wherever it is.
    const sizes = new Array<i32>(n);
    for (let k = 0; k < n; k++) sizes[k] = entries[k].last - entries[k].first;
    const chosen = new StaticArray<bool>(n);
    // The entries of the lines the page below shows anyway are left to it.
    const onPage = new StaticArray<bool>(n);
    for (let k = 0; k < n; k++) unchecked((onPage[k] = entries[k].last <= pageLast && o.symbols[entries[k].sym].kind != "comment"));
    const room = stop - w.out.length - (30 + countDigitsWithCommas(n));
    const shown = writeLongest(w, texts, sizes, room * WHOLE_ENTRIES_SHARE / 100, chosen, onPage);
    let word = "key";
    for (let k = 0; k < n && word == "key"; k++) word = entryWord(o, entries[k], language);
    const words = word == "entry" ? "entries" : word + "s";
    let paged = 0;
    for (let k = 0; k < n; k++) {
      if (!unchecked(onPage[k])) continue;
      unchecked((chosen[k] = true));
      paged++;
    }
    w.line(restEntries(o, entries, language, chosen, n - shown, paged, word, words, min(stop - w.out.length, w.room) - 1));
    return;
  }
  // One level more for entries in source order while the room lasts.
  if (level < 2) {
    for (let k = 0; k < n; k++) {
      const richer = entryText(o, entries[k], children[entries[k].sym], language, level + 1);
      if (w.out.length + all - texts[k].length + richer.length > stop) break;
      all += richer.length - texts[k].length;
      texts[k] = richer;
    }
  }
  if (n <= EXPAND_MAX) expandEntries(o, entries, children, texts, language, stop - w.out.length - all);
  for (let k = 0; k < n; k++) w.line(texts[k]);
}

/**
 * `  [+39 more keys: securerandom.source=file:/dev/random L120, …, +20 not listed]`: the `rest`
 * entries not shown whole, each not in `chosen` (neither whole nor on the page) by its label
 * and its first line, the larger ones first while `room` units last,
 * listed in source order; `  [+39 keys not shown]` when none fits (`  [+5 keys in the lines
 * below]` when the `paged` entries the page shows are all there are).
 */
function restEntries(o: Outline, entries: Array<Entry>, language: string, chosen: StaticArray<bool>, rest: i32, paged: i32, word: string, words: string, room: i32): string {
  const n = entries.length;
  const labels = new Array<string>(n);
  const firsts = new Array<i32>(n);
  // The shortest labels first: the line names as many entries as its room holds. A comment
  // block or a statement of one word (`endif`, `else`, `then`, a run of them) names nothing a
  // reader would look for.
  const shortness = new Array<i32>(n);
  for (let k = 0; k < n; k++) {
    const e = entries[k];
    const s = o.symbols[e.sym];
    labels[k] = "";
    firsts[k] = e.first;
    shortness[k] = i32.MIN_VALUE;
    if (unchecked(chosen[k]) || s.kind == "comment" || (s.kind == "statement" && s.name.indexOf(" ") < 0)) continue;
    labels[k] = e.count > 1 ? label(new OutlineSymbol(s.kind, s.name, s.first, s.last, s.depth, s.parent), language) + " \u00d7" + e.count.toString() : label(s, language);
    shortness[k] = -labels[k].length;
  }
  const line = namesLine("  [+" + formatCount(rest) + " more " + (rest == 1 ? word : words), labels, firsts, shortness, rest, room);
  return line.length > 0 ? line : "  [+" + plural(rest, word, words) + (paged == rest ? " in the lines below]" : " not shown]");
}

/**
 * A few entries (`integrations:` holding the whole file): the entries inside each, when most of
 * them are blocks of several lines, get lines of their own with their ranges, so a model can read
 * one of them by its line numbers. Uses at most `room` units more; an entry listed this way
 * drops the names from its own line.
 */
function expandEntries(o: Outline, entries: Array<Entry>, children: Array<Array<i32>>, texts: Array<string>, language: string, room: i32): void {
  for (let k = 0; k < entries.length; k++) {
    const kids = children[entries[k].sym];
    if (entries[k].count > 1 || kids.length < 2) continue;
    // Blocks (jobs, list items) are worth a line each; one-line keys read better as names.
    let blocks = 0;
    for (let c = 0; c < kids.length; c++) if (o.symbols[kids[c]].last > o.symbols[kids[c]].first) blocks++;
    if (blocks * 2 <= kids.length) continue;
    const plain = entryText(o, entries[k], kids, language, 0);
    let left = room + texts[k].length - plain.length - MORE_LINE;
    const block = new StrBuf(256);
    block.add(plain);
    let listed = 0;
    for (let c = 0; c < kids.length; c++) {
      const kid = o.symbols[kids[c]];
      const line = new StrBuf(64);
      line.add("\n    ").add(label(kid, language)).add("  ");
      addLines(line, kid.first, kid.last);
      if (line.length > left) break;
      left -= line.length;
      block.add(line.toString());
      listed++;
    }
    if (listed == 0) continue;
    if (listed < kids.length) block.addLabelCount("\n    …+", kids.length - listed).add(" more");
    const text = block.toString();
    room -= text.length - texts[k].length;
    texts[k] = text;
  }
}

/**
 * `(showing lines 1-180 of 1903 total without comments and blank lines; next: offset=181)`;
 * with lines shown apart at the end, `(showing lines 1-180 and 1901-1903 of 1903 total …)`
 * (`tail` to `tailLast`; `tail` -1 when there are none).
 */
function rangesFooter(first: i32, last: i32, tail: i32, tailLast: i32, total: i32, skipped: bool): string {
  if (last < first) return footer(first, last, total);
  if (!skipped && tail < 0) return footer(first, last, total);
  const out = new StrBuf(112);
  out.addLabelInt("(showing lines ", first).addChar(CharCode.MINUS).addInt(last);
  if (tail >= 0) {
    out.addLabelInt(" and ", tail);
    if (tailLast > tail) out.addChar(CharCode.MINUS).addInt(tailLast);
  }
  out.addLabelInt(" of ", total).add(" total");
  if (skipped) out.add(" without comments and blank lines");
  out.add("; ");
  const next = tail == last + 1 ? tailLast + 1 : last + 1;
  if (next <= total) out.addLabelInt("next: offset=", next).addChar(0x29);
  else out.add("end of file)");
  return out.toString();
}

/** Index (0-based) of the line that closes an XML file's root element, or -1. */
function rootCloseLine(f: FileText): i32 {
  if (f.language != "xml") return -1;
  const o = f.outline;
  for (let i = 0; i < o.symbols.length; i++) {
    const s = o.symbols[i];
    if (s.depth == 0) return s.last > s.first ? s.last - f.first : -1;
  }
  return -1;
}

/**
 * A config file: its outline, then its lines with content (comments left
 * out); when all of those fit, the room left goes to the comment lines from
 * the top, so the page starts as the file does. XML also shows the line that
 * closes its root. Then where to read on.
 */
function configDigest(f: FileText, w: Writer, shown: Shown, share: i32, footerMax: i32): void {
  const flags = contentLines(f.text, f.language);
  const closing = rootCloseLine(f);
  const closingCost = closing >= 0 && closing < f.lines.count ? numberedCost(f, closing) : 0;
  writeConfigOutline(w, f.outline, f.language, share, "", pageReach(f, flags, w.room - share - footerMax - closingCost));
  contentPage(f, w, shown, flags, closing, footerMax);
}

/**
 * The last line (as the file numbers it) that a page of the lines `flags` marks as content, from
 * the top, shows for sure in `room` units (contentPage's first lines); f.first - 1 for none.
 */
export function pageReach(f: FileText, flags: Array<i32>, room: i32): i32 {
  let last = f.first - 1;
  let lines = 0;
  for (let i = 0, count = f.lines.count; i < count && lines < DEFAULT_VIEW_LIMIT; i++) {
    if (i < flags.length && !flags[i]) continue;
    room -= numberedCost(f, i);
    if (room < 0) break;
    last = f.first + i;
    lines++;
  }
  return last;
}

/**
 * The page after an outline: the lines `flags` marks as content, from the top, while they fit;
 * when all of them do, the other lines from the top as well. `closing` (0-based, or -1) is a line
 * shown at the end whatever comes before it (the one that closes an XML root). Then where to read on.
 */
export function contentPage(f: FileText, w: Writer, shown: Shown, flags: Array<i32>, closing: i32, footerMax: i32): void {
  const count = f.lines.count;
  const closingCost = closing >= 0 && closing < count ? numberedCost(f, closing) : 0;
  w.reserved = footerMax + closingCost;
  // What the lines with content cost, up to the room and the page's line limit.
  let room = w.room;
  let lines = 0;
  let reachedEnd = true;
  for (let i = 0; i < count; i++) {
    if (i == closing || (i < flags.length && !flags[i])) continue;
    const cost = numberedCost(f, i);
    if (cost > room || lines >= DEFAULT_VIEW_LIMIT) {
      reachedEnd = false;
      break;
    }
    room -= cost;
    lines++;
  }
  // Every line with content fits: comment lines from the top as well, while they fit.
  let prefix = 0;
  if (reachedEnd) {
    while (prefix < count) {
      if (prefix != closing && prefix < flags.length && !flags[prefix]) {
        const cost = numberedCost(f, prefix);
        if (cost > room) break;
        room -= cost;
      }
      prefix++;
    }
  }
  let last = f.first - 1;
  let skipped = false;
  lines = 0;
  let i = 0;
  for (; i < count && (lines < DEFAULT_VIEW_LIMIT || i < prefix); i++) {
    if (i == closing) break;
    if (i >= prefix && i < flags.length && !flags[i]) {
      skipped = true;
      continue;
    }
    if (!writeNumbered(w, f, i, shown)) break;
    last = f.first + i;
    lines++;
  }
  w.reserved = footerMax;
  let tail = -1;
  if (closing >= 0 && closing < count) {
    if (i == closing) {
      // The page reached the root's closing line: it is the page's last line.
      if (writeNumbered(w, f, closing, shown)) last = f.first + closing;
    } else if (writeNumbered(w, f, closing, shown)) tail = f.first + closing;
  }
  w.reserved = 0;
  w.closing(rangesFooter(f.first, last, tail, tail, f.last, skipped && last >= f.first));
}

function delimiterName(d: i32): string {
  if (d == CharCode.TAB) return "tab-separated";
  if (d == CharCode.SEMICOLON) return "semicolon-separated";
  if (d == CharCode.PIPE) return "pipe-separated";
  return "comma-separated";
}

/** `Table: header + 2,500 rows × 7 columns, comma-separated; 227 rows span several lines`. */
function tableLine(f: FileText): string {
  let delimiter = f.language == "tsv" ? CharCode.TAB : sniffDelimiter(f.text);
  if (delimiter < 0) delimiter = CharCode.COMMA;
  const t = scanTable(f.text, delimiter);
  const out = new StrBuf(96);
  out.add("Table: ");
  if (t.header) out.add("header + ").add(pluralS(t.rows - 1, "row"));
  else out.add(pluralS(t.rows, "row"));
  out.add(" \u00d7 ");
  if (t.minColumns != t.maxColumns) out.addCount(t.minColumns).addChar(0x2013).addCount(t.maxColumns).add(" columns");
  else out.add(pluralS(t.columns, "column"));
  out.add(", ").add(delimiterName(delimiter));
  if (!t.header && t.rows > 1) out.add(", no header");
  if (t.multiLine > 0) out.add("; ").add(plural(t.multiLine, "row spans", "rows span")).add(" several lines");
  if (t.comments > 0) out.add("; ").add(pluralS(t.comments, "comment line"));
  return out.toString();
}

/** Units writeNumbered takes for line i. */
function numberedCost(f: FileText, i: i32): i32 {
  return countDigits(f.first + i) + 2 + clippedLength(f.text, f.lines.start(i), f.lines.end(i), MAX_CHUNK_LINE) + 1;
}

/** A table: its shape, its first rows (`#` comment lines left out), its last few lines, and where to read on. */
function tableDigest(f: FileText, w: Writer, shown: Shown, footerMax: i32): void {
  w.line(tableLine(f));
  const count = f.lines.count;
  const flags = contentLines(f.text, f.language);
  // The last rows, as many of TAIL_LINES as fit their share (trailing comments aside).
  let tailEnd = count;
  while (tailEnd > 1 && tailEnd - 1 < flags.length && !flags[tailEnd - 1]) tailEnd--;
  let tailFirst = tailEnd;
  let tailCost = 0;
  const tailRoom = max(w.budget, 0) * TAIL_SHARE / 100;
  while (tailFirst > 1 && tailEnd - tailFirst < TAIL_LINES && (tailFirst - 1 >= flags.length || flags[tailFirst - 1])) {
    const cost = numberedCost(f, tailFirst - 1);
    if (tailCost + cost > tailRoom) break;
    tailCost += cost;
    tailFirst--;
  }
  if (tailFirst == tailEnd) tailFirst = tailEnd = count;
  w.reserved = footerMax + tailCost;
  let last = f.first - 1;
  let skipped = false;
  let lines = 0;
  let i = 0;
  for (; i < tailFirst && lines < DEFAULT_VIEW_LIMIT; i++) {
    if (i < flags.length && !flags[i]) {
      skipped = true;
      continue;
    }
    if (!writeNumbered(w, f, i, shown)) break;
    last = f.first + i;
    lines++;
  }
  w.reserved = footerMax;
  if (i == tailFirst) {
    // The first rows reach the last lines: one run to the end.
    for (; i < count; i++) {
      if (!writeNumbered(w, f, i, shown)) break;
      last = f.first + i;
    }
    w.reserved = 0;
    w.closing(rangesFooter(f.first, last, -1, -1, f.last, skipped && last >= f.first));
    return;
  }
  let tailShown = -1;
  let tailLast = -1;
  for (let k = tailFirst; k < tailEnd; k++) {
    if (!writeNumbered(w, f, k, shown)) break;
    if (tailShown < 0) tailShown = f.first + k;
    tailLast = f.first + k;
  }
  w.reserved = 0;
  w.closing(rangesFooter(f.first, last, tailShown, tailLast, f.last, skipped && last >= f.first));
}

/** Room for a footer that names a second range or the left-out comments, beyond view's `footerMax`. */
export function rangesFooterMax(f: FileText, footerMax: i32): i32 {
  return footerMax + FOOTER_EXTRA + 2 * countDigitsWithCommas(f.last);
}

/** The digest of a config or data file that does not fit `w` (its headline written): see the file's header. */
export function dataDigest(f: FileText, w: Writer, shown: Shown, share: i32, footerMax: i32): void {
  const reserve = rangesFooterMax(f, footerMax);
  if (isWordOf(f.language, "csv tsv")) tableDigest(f, w, shown, reserve);
  else configDigest(f, w, shown, share, reserve);
}
