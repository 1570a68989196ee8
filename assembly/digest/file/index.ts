// FileContent digest: what the model needs to work with a file it read.
//
//   Read Lib/textwrap.py (491 lines, 19 KB, python)
//   Outline: 6 symbols; 1 import L8
//     class TextWrapper  L17–368 (9 methods)
//     function wrap  L373–384
//     …
//   1: """Text wrapping and filling.
//   …
//   (showing lines 1-46 of 491 total; next: offset=47)
//
// A file that fits the budget is shown whole, numbered. A call that named a
// range (Read offset/limit, `sed -n 120,180p`) gets sections: the symbols
// before and after it, and the range itself verbatim as hashlines
// (`120:a3|code`) so an edit can anchor on them.
import { SUMMARY_MAX } from "../shared/summary";
import { addAnchor } from "../../hashline";
import { oneLine } from "../../oneline";
import { encodingShortName } from "../../encoding";
import { isDataLanguage, languageOf } from "../../outline/language";
import { hasOutline, outlineOf } from "../../outline/outline";
import { Outline, OutlineSymbol } from "../../outline/symbols";
import { CharCode } from "../../util/chars";
import { formatCount, StrBuf } from "../../util/strbuf";
import { utf8Length } from "../../util/utf8";
import { DEFAULT_VIEW_LIMIT } from "../../view";
import { FileRequest, fileRequest } from "./request";
import { addLines, countDigits, EN_DASH, FileText, footer, MAX_CHUNK_LINE, namesLine, Shown, writeLongest, writeNumbered } from "./text";
import { dataDigest } from "./data";
import { statementDigest } from "./statements";
import { longLinesNote } from "./minified";
import { stripLineNumbers } from "./numbered";
import { digestJson } from "../shared/record";
import { addClipped, addClippedAll, clippedAway, clippedLength, countDigitsWithCommas, LineIndex, plural, pluralS, writeHeadline, Writer } from "../shared/text";
import { Digest, DigestContext } from "../shared/types";
import { markdownOutlineText } from "../shared/heading-outline";
import { isWordOf } from "../../util/words";
import { sliceInts } from "../../util/int-slice";
import { lowerForAsciiTests } from "../../util/lower";
import { endsWithText } from "../../util/scan";

/** Share of the budget the outline may take when the file does not fit. */
const OUTLINE_SHARE: i32 = 40;
/**
 * Under SMALL_PAGE units a program's outline, or the statements of a text of no known format
 * (a shell library, a settings file), may take this share instead: a first page of a few lines
 * tells less about a long file than the names of what it defines.
 */
const OUTLINE_SHARE_SMALL: i32 = 70;
const SMALL_PAGE: i32 = 1200;
/** Units left unused after the page that are worth a second try with a larger outline. */
const REFILL_MIN: i32 = 48;
/** Share of the budget each of the before / after summaries may take in sections mode. */
const SIDE_SHARE: i32 = 15;
const MAX_NAME: i32 = 80;
/** Share (percent) of the outline's room the largest symbols take whole when not all fit; the rest are named. */
const WHOLE_SYMBOLS_SHARE: i32 = 50;

function readFile(text: string, ctx: DigestContext, req: FileRequest): FileText {
  const numbered = stripLineNumbers(text);
  const f = new FileText(numbered.text, ctx.plain);
  f.first = numbered.firstLine;
  // A range was asked for, yet the text holds more lines than the range: it is the whole file.
  f.whole = !numbered.numbered && req.rangeOnly && req.first > 0 && req.last >= req.first && f.lines.count >= req.last && f.lines.count > req.last - req.first + 1;
  // Else output of a range (sed -n 120,180p, Read offset=120) starts at the range's first line.
  if (!numbered.numbered && !f.whole && req.rangeOnly && req.first > 1) f.first = req.first;
  f.path = req.path;
  f.language = languageOf(req.path, f.text);
  // Text decoded from another encoding is as long as its bytes in that encoding.
  f.bytes = ctx.encodedBytes >= 0 && !numbered.numbered ? ctx.encodedBytes : utf8Length(f.text);
  return f;
}

function sizeText(bytes: i64): string {
  if (bytes < 1024) return pluralS(<i32>bytes, "byte");
  const out = new StrBuf(16);
  if (bytes < 10240) {
    const tenths = (bytes * 10 + 512) / 1024;
    out.addInt(tenths / 10).addChar(CharCode.DOT).addInt(tenths % 10);
  } else out.addCount((bytes + 512) / 1024);
  return out.add(" KB").toString();
}

function headline(f: FileText, range: bool): string {
  const out = new StrBuf(96);
  out.add("Read ").add(f.path.length > 0 ? f.path : "file");
  if (range) out.addLabelCount(" lines ", f.first).addChar(EN_DASH).addCount(f.last);
  out.add(" (").add(pluralS(f.lines.count, "line")).add(", ").add(sizeText(f.bytes));
  if (f.language.length > 0) out.add(", ").add(f.language);
  return out.addChar(0x29).toString();
}

function factsOf(f: FileText): string {
  const out = new StrBuf(128);
  out.addLabelJson('"path":', f.path);
  out.addLabelInt(',"lines":', f.lines.count);
  out.addLabelInt(',"bytes":', f.bytes);
  out.addLabelJson(',"language":', f.language);
  const o = hasOutline(f.language) ? f.outline : new Outline();
  out.addLabelInt(',"symbols":', o.topLevel);
  out.addLabelInt(',"imports":', o.imports);
  out.addLabelInt(',"firstLine":', f.first);
  return out.toString();
}

function summaryOf(f: FileText, ctx: DigestContext): string {
  if (ctx.exitCode > 0) return ""; // the pipeline writes "Error: …"
  const encoding = ctx.encoding.length > 0 ? ", " + encodingShortName(ctx.encoding) : "";
  return oneLine("Read " + (f.path.length > 0 ? f.path : "file") + " (" + formatCount(f.lines.count) + " lines" + encoding + ")", SUMMARY_MAX);
}

/** `function compact  L55–103 (3 methods)`. */
function symbolText(s: OutlineSymbol): string {
  const out = new StrBuf(48 + s.name.length);
  out.add(s.kind).addChar(CharCode.SPACE);
  addClippedAll(out, s.name, MAX_NAME);
  out.add("  ");
  addLines(out, s.first, s.last);
  if (s.members > 0) {
    const methods = isWordOf(s.kind, "class impl trait interface struct record");
    out.add(" (").add(plural(s.members, methods ? "method" : "member", methods ? "methods" : "members")).addChar(0x29);
  }
  return out.toString();
}

/**
 * The outline block, at most `share` units: the biggest top-level symbols
 * when they do not all fit, listed in source order, with a count of the rest.
 */
function writeOutline(w: Writer, o: Outline, share: i32): void {
  const top = new Array<i32>();
  for (let i = 0; i < o.symbols.length; i++) if (o.symbols[i].depth == 0) top.push(i);
  if (top.length == 0 && o.imports == 0) return;
  const head = new StrBuf(64);
  head.add("Outline: ").add(pluralS(top.length, "symbol"));
  if (o.imports > 0) addLines(head.add("; ").add(pluralS(o.imports, "import")).addChar(CharCode.SPACE), o.importFirst, o.importLast);
  const stop = w.out.length + share;
  if (head.length + 1 > share || !w.line(head.toString())) return;
  const texts = new Array<string>(top.length);
  let all = 0;
  for (let k = 0; k < top.length; k++) {
    texts[k] = "  " + symbolText(o.symbols[top[k]]);
    all += texts[k].length + 1;
  }
  if (w.out.length + all <= stop) {
    for (let k = 0; k < top.length; k++) w.line(texts[k]);
    return;
  }
  const sizes = new Array<i32>(top.length);
  for (let k = 0; k < top.length; k++) sizes[k] = o.symbols[top[k]].last - o.symbols[top[k]].first;
  // The largest symbols whole, in a part of the room; the others by name (restLine), so
  // that every symbol a reader may look for can be found by its name and line.
  const room = stop - w.out.length - (34 + countDigitsWithCommas(top.length));
  const chosen = new StaticArray<bool>(top.length);
  const shown = writeLongest(w, texts, sizes, room * WHOLE_SYMBOLS_SHARE / 100, chosen);
  if (shown < top.length) w.line(restLine(o, top, sizes, chosen, top.length - shown, min(stop - w.out.length, w.room) - 1));
}

/**
 * `  [+113 smaller symbols: function name L180, class Other L212, …, +90 not listed]`: the
 * symbols not shown whole, each by its kind, name and first line, the larger ones first while `room` units last,
 * listed in source order.
 */
function restLine(o: Outline, top: Array<i32>, sizes: Array<i32>, chosen: StaticArray<bool>, rest: i32, room: i32): string {
  const labels = new Array<string>(top.length);
  const firsts = new Array<i32>(top.length);
  const scores = new Array<i32>(top.length);
  for (let k = 0; k < top.length; k++) {
    const s = o.symbols[top[k]];
    const label = new StrBuf(16 + s.name.length);
    label.add(s.kind).addChar(CharCode.SPACE);
    addClippedAll(label, s.name, MAX_NAME);
    labels[k] = label.toString();
    firsts[k] = s.first;
    scores[k] = unchecked(chosen[k]) ? i32.MIN_VALUE : sizes[k];
  }
  const head = "  [+" + pluralS(rest, "smaller symbol");
  const line = namesLine(head, labels, firsts, scores, rest, room);
  return line.length > 0 ? line : head + " not shown]";
}

/** `12:a3|code`, clipped (the anchor's hash is the whole line's); false when it does not fit. */
function writeHashline(w: Writer, f: FileText, i: i32, shown: Shown): bool {
  const a = f.lines.start(i);
  const b = f.lines.end(i);
  const n = f.first + i;
  const cost = countDigits(n) + 4 + clippedLength(f.text, a, b, MAX_CHUNK_LINE) + 1;
  if (cost > w.room) return false;
  addAnchor(w.out, n, f.text, a, b);
  w.out.addChar(CharCode.PIPE);
  addClipped(w.out, f.text, a, b, MAX_CHUNK_LINE);
  w.out.addChar(CharCode.LF);
  shown.add(i, clippedAway(f.text, a, b, MAX_CHUNK_LINE));
  return true;
}

/** Whole file when it fits; else a note on long lines (file-minified.ts), outline, first chunk and the next offset. */
function isMarkdownPath(path: string): bool {
  const lower = lowerForAsciiTests(path);
  return endsWithText(lower, ".md") || endsWithText(lower, ".markdown") || endsWithText(lower, ".mdx");
}

/**
 * Whether every line, numbered (writeNumbered), fits `room` units: measured before any is
 * written, so that a file just over its budget is not written whole only to be cut back.
 * Read only up to the line that does not fit, as the writing would be.
 */
function wholeFits(f: FileText, room: i32): bool {
  const lines = f.lines;
  for (let i = 0, count = lines.count; i < count; i++) {
    room -= countDigits(f.first + i) + 3 + clippedLength(f.text, lines.start(i), lines.end(i), MAX_CHUNK_LINE);
    if (room < 0) return false;
  }
  return true;
}

function fileDigest(f: FileText, w: Writer, shown: Shown): void {
  const count = f.lines.count;
  const total = f.last;
  const footerMax = 48 + 3 * countDigitsWithCommas(total);
  if (!writeHeadline(w, headline(f, f.first > 1))) return;
  if (count == 0) {
    w.line("(empty file)");
    return;
  }
  // The whole file, when it fits: an outline adds nothing then.
  const mark = w.out.length;
  w.reserved = footerMax;
  let all = wholeFits(f, w.room);
  for (let i = 0; all && i < count; i++) {
    if (!writeNumbered(w, f, i, shown)) {
      all = false;
      break;
    }
  }
  if (all) {
    w.reserved = 0;
    w.closing(footer(f.first, total, total));
    return;
  }
  w.out.truncate(mark);
  shown.d.keptLines = [];
  shown.shownPoints = 0;
  w.reserved = 0;
  const share = max(w.room, 0) * OUTLINE_SHARE / 100;
  pageWithOutline(f, w, shown, share, footerMax);
  // The page stops at a line that does not fit and the footer takes less than was
  // held back for it: what is left goes to the outline, when that shows more.
  const left = w.budget - w.out.length;
  if (left < REFILL_MIN) return;
  const first = w.out.length;
  const kept = sliceInts(shown.d.keptLines, 0, shown.d.keptLines.length);
  const points = shown.shownPoints;
  const before = w.out.toString();
  w.out.truncate(mark);
  shown.d.keptLines = [];
  shown.shownPoints = 0;
  pageWithOutline(f, w, shown, share + left, footerMax);
  if (w.out.length > first) return;
  w.out.truncate(0);
  w.out.add(before);
  shown.d.keptLines = kept;
  shown.shownPoints = points;
}

/**
 * The outline within `share` units, then the first page and where to read on; a config or
 * data file (data.ts) and a text of no known format with statements worth an outline
 * (statements.ts) page their lines without comments.
 */
function pageWithOutline(f: FileText, w: Writer, shown: Shown, share: i32, footerMax: i32): void {
  const count = f.lines.count;
  const total = f.last;
  w.reserved = 0;
  if (isDataLanguage(f.language)) {
    dataDigest(f, w, shown, share, footerMax);
    return;
  }
  // Minified code's outline is a list of one-letter functions on a few lines: the note replaces it.
  const note = longLinesNote(f.lines, f.language, f.path);
  const outlineShare = w.budget < SMALL_PAGE ? max(share, max(w.room, 0) * OUTLINE_SHARE_SMALL / 100) : share;
  if (note.length > 0 && note.length + 1 + footerMax < w.room) w.line(note);
  else if (hasOutline(f.language)) writeOutline(w, f.outline, outlineShare);
  else if (isMarkdownPath(f.path) || f.language == "markdown") {
    // A document's outline is its headings, verbatim, with their line numbers.
    const block = markdownOutlineText(f.text, share, f.first);
    if (block.length > 0) w.line(block);
  } else if (f.language.length == 0 && statementDigest(f, w, shown, outlineShare, footerMax)) return;
  w.reserved = footerMax;
  let last = f.first - 1;
  for (let i = 0; i < count && i < DEFAULT_VIEW_LIMIT; i++) {
    if (!writeNumbered(w, f, i, shown)) break;
    last = f.first + i;
  }
  w.reserved = 0;
  w.closing(footer(f.first, last, total));
}

/**
 * Symbols (top-level) with a first line in [a, b], as one line of at most
 * `share` units; when not all fit, those nearest the range (`nearEnd`: the
 * last ones) are listed, in source order, and the others counted.
 */
function sideLine(label: string, o: Outline, a: i32, b: i32, share: i32, nearEnd: bool): string {
  const out = new StrBuf(128);
  out.add(label).addLabelCount(" lines ", a).addChar(EN_DASH).addCount(b).add(": ");
  const inRange = new Array<i32>();
  for (let i = 0; i < o.symbols.length; i++) {
    const s = o.symbols[i];
    if (s.depth == 0 && s.first >= a && s.first <= b) inRange.push(i);
  }
  const total = inRange.length;
  if (total == 0) return out.add(o.symbols.length == 0 ? "no outline" : "no symbols start here").toString();
  const texts = new Array<string>(total);
  const chosen = new StaticArray<bool>(total);
  let room = share - out.length - (16 + countDigitsWithCommas(total));
  let listed = 0;
  for (let r = 0; r < total; r++) {
    const k = nearEnd ? total - 1 - r : r;
    texts[k] = symbolText(o.symbols[inRange[k]]);
    if (texts[k].length + 2 > room) break;
    room -= texts[k].length + 2;
    chosen[k] = true;
    listed++;
  }
  const rest = total - listed;
  if (rest > 0 && nearEnd) out.addChar(CharCode.PLUS).addCount(rest).add(" earlier");
  let n = rest > 0 && nearEnd ? 1 : 0;
  for (let k = 0; k < total; k++) {
    if (!chosen[k]) continue;
    if (n++ > 0) out.add(", ");
    out.add(texts[k]);
  }
  if (rest > 0 && !nearEnd) out.add(listed > 0 ? ", +" : "+").addCount(rest).add(" more");
  return out.toString();
}

/** `Inside: class Lock  L10–220 › method acquire  L118–150` for the symbols that contain line `at`. */
function insideLine(o: Outline, at: i32): string {
  const out = new StrBuf(96);
  for (let i = 0; i < o.symbols.length; i++) {
    const s = o.symbols[i];
    if (s.first >= at || s.last < at) continue;
    out.add(out.length == 0 ? "Inside: " : " › ").add(symbolText(s));
  }
  return out.toString();
}

/**
 * Sections: the symbols before and after lines a..b (file numbers), and the
 * range verbatim as hashlines, cut to the budget with the offset to go on from.
 */
function sectionsDigest(f: FileText, w: Writer, shown: Shown, a: i32, b: i32, range: bool): void {
  if (!writeHeadline(w, headline(f, range))) return;
  const o = hasOutline(f.language) ? f.outline : new Outline();
  const budget = w.budget;
  const side = max(budget * SIDE_SHARE / 100, 0);
  if (a > f.first) {
    w.line(sideLine("Before", o, f.first, a - 1, side, true));
    const inside = insideLine(o, a);
    if (inside.length > 0 && inside.length <= side) w.line(inside);
  }
  const after = b < f.last ? sideLine("After", o, b + 1, f.last, side, false) : "";
  const cutMax = 48 + 2 * countDigitsWithCommas(f.last);
  w.reserved = (after.length > 0 ? after.length + 1 : 0) + cutMax;
  let last = a - 1;
  for (let n = a; n <= b; n++) {
    if (!writeHashline(w, f, n - f.first, shown)) break;
    last = n;
  }
  w.reserved = 0;
  if (last < b) {
    const out = new StrBuf(64);
    out.addLabelCount("[...lines ", last + 1).addChar(EN_DASH).addCount(b).addLabelInt(" not shown; next: offset=", last + 1).addChar(CharCode.RBRACKET);
    w.closing(out.toString());
  }
  if (after.length > 0) w.closing(after);
}

function run(text: string, budget: i32, ctx: DigestContext, req: FileRequest, start: i32, end: i32, forceSections: bool): Digest {
  const f = readFile(text, ctx, req);
  const d = new Digest();
  d.summary = summaryOf(f, ctx);
  d.facts = factsOf(f);
  const w = new Writer(max(budget, 0));
  const shown = new Shown(d, f);
  if (forceSections || f.whole) {
    // The text is the whole file and a range was asked for: sections.
    let a = forceSections ? start : req.first;
    let b = forceSections ? end : req.last;
    if (a <= 0 && b <= 0) {
      const third = f.lines.count / 3;
      a = f.first + third;
      b = f.last - third;
    }
    a = max(a, f.first);
    b = b <= 0 ? f.last : min(b, f.last);
    if (a > b) {
      const t = a;
      a = max(b, f.first);
      b = min(t, f.last);
    }
    sectionsDigest(f, w, shown, a, b, false);
  } else if (req.rangeOnly && f.lines.count > 0) {
    sectionsDigest(f, w, shown, f.first, f.last, true);
  } else {
    fileDigest(f, w, shown);
  }
  d.llm = w.finish();
  shown.settle();
  return d;
}

/**
 * The FileContent digest of `text` (a file's content as a tool returned it,
 * line-number prefixes allowed) within `budget` UTF-16 units. `hint` is not
 * used: the digest says itself which offset to read next.
 */
export function digestFile(text: string, budget: i32, ctx: DigestContext, hint: string): Digest {
  return run(text, budget, ctx, fileRequest(ctx.call), 0, 0, false);
}

/** Sections mode on demand: lines start..end (1-based; both <= 0: the middle third) verbatim as hashlines. */
export function digestFileSections(text: string, budget: i32, start: i32, end: i32, ctx: DigestContext): Digest {
  return run(text, budget, ctx, fileRequest(ctx.call), start, end, true);
}

export function digestFileJson(text: string, budget: i32, tool: string, argsJson: string, exitCode: i32): string {
  return digestJson(digestFile(text, budget, new DigestContext(tool, argsJson, exitCode), ""));
}

export function digestFileSectionsJson(text: string, budget: i32, start: i32, end: i32, tool: string, argsJson: string, exitCode: i32): string {
  return digestJson(digestFileSections(text, budget, start, end, new DigestContext(tool, argsJson, exitCode)));
}
