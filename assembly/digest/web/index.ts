// WebContent digest. HTML becomes readable text (web/html-text.ts), under a
// "Title: …" line when the page's <title> says more than its first line;
// Markdown stays as it is. When the text is longer than the budget, the heading
// outline comes first (Markdown headings with their line numbers), then the
// head and tail of the body (head ratio 0.5) with the usual marker.
//
//   Outline: 23 headings in 1,204 lines
//     1: # undici
//     40: ## Install
//     +12 more headings
//   <head of the body>
//   [...N chars omitted...] lines 60–1,150 of 1,204
//   <tail>
//
// Markers in text converted from HTML count the lines of the converted text,
// which a caller cannot page into, so they carry no retrieval hint.
import { SUMMARY_MAX } from "../shared/summary";
import { Category, headRatio } from "../../category";
import { oneLine } from "../../oneline";
import { CharCode, toLower } from "../../util/chars";
import { codePoints, safeEnd, unitAt } from "../../util/lines";
import { StrBuf } from "../../util/strbuf";
import { markdownOutline } from "../shared/markdown";
import { clipped, headingsCount, MIN_OUTLINE, OutlineBlock, outlineBlock, outlineHeader, outlineItems } from "../shared/heading-outline";
import { htmlToText } from "./html-text";
import { truncateDigest } from "../shared/generic";
import { LineIndex } from "../shared/text";
import { includesOneOf } from "../../util/scan";
import { Digest, DigestContext } from "../shared/types";
import { lowerForAsciiTests } from "../../util/lower";
import { sortI64 } from "../../util/sort-ints";

/** Share of the budget the outline may take. */
const OUTLINE_SHARE: f64 = 0.35;
/** Longest page title shown on the "Title:" line. */
const MAX_TITLE: i32 = 160;
/** Units searched for the marks of an HTML document. */
const SNIFF: i32 = 4096;


/** Starts with a tag, or names <html>, <body> or a doctype early on. */
export function looksLikeHtml(text: string): bool {
  const n = text.length;
  let i = 0;
  while (i < n && (unitAt(text, i) == 0xfeff || unitAt(text, i) == CharCode.SPACE || unitAt(text, i) == CharCode.LF || unitAt(text, i) == CharCode.CR || unitAt(text, i) == CharCode.TAB)) i++;
  if (i + 1 < n && unitAt(text, i) == CharCode.LT) {
    const c = toLower(unitAt(text, i + 1));
    if (c == 0x21 || (c >= CharCode.a && c <= CharCode.z)) return true;
  }
  const head = lowerForAsciiTests(text.substring(0, min(n, SNIFF)));
  if (ASC_SHRINK_LEVEL >= 2) return includesOneOf(head, "<!doctype html|<html|<body");
  return head.includes("<!doctype html") || head.includes("<html") || head.includes("<body");
}

function summaryOf(ctx: DigestContext, title: string): string {
  const url = ctx.call.url;
  if (url.length > 0) return oneLine(title.length > 0 ? "Fetched " + url + " (" + title + ")" : "Fetched " + url, SUMMARY_MAX);
  return title.length > 0 ? oneLine(title, SUMMARY_MAX) : "";
}

function factsOf(format: string, title: string, headings: i32, links: i32, textChars: i32): string {
  const out = new StrBuf(96 + title.length);
  out.add('"format":"').add(format).addLabelJson('","title":', title);
  out.addLabelInt(',"headings":', headings).addLabelInt(',"links":', links);
  out.addLabelInt(',"textChars":', textChars);
  return out.toString();
}


export function digestWeb(text: string, budget: i32, ctx: DigestContext, hint: string): Digest {
  budget = max(budget, 0);
  // The markers count lines of the converted text: read() pages that same text (compact.ts).
  if (looksLikeHtml(text)) return htmlDigest(text, budget, ctx, hint);
  return markdownDigest(text, budget, ctx, hint);
}

/**
 * "Title: …" for a page whose <title> the converted text does not already
 * start with: the title lives in <head>, which the text leaves out, yet it
 * is often the one line that says what the page is (name, version).
 */
function titleLine(title: string, body: string, budget: i32): string {
  if (title.length == 0) return "";
  const nl = body.indexOf("\n");
  const first = nl < 0 ? body : body.substring(0, nl);
  if (first.includes(title)) return "";
  const line = "Title: " + oneLine(title, MAX_TITLE);
  // A budget that small is better spent on the text itself.
  return line.length * 4 <= budget ? line : "";
}

function htmlDigest(text: string, budget: i32, ctx: DigestContext, hint: string): Digest {
  const h = htmlToText(text);
  const body = h.text;
  let heading = titleLine(h.title, body, budget);
  // A text that fits whole stays whole: the title only comes with room to spare.
  if (body.length <= budget && body.length + heading.length + 1 > budget) heading = "";
  if (heading.length > 0) budget -= heading.length + 1;
  let d: Digest;
  if (body.length <= budget) {
    d = new Digest();
    d.llm = body;
  } else {
    const items = new Array<string>();
    const levels = new Array<i32>();
    for (let k = 0; k < h.headings.length; k++) {
      const heading = h.headings[k];
      items.push("  " + clipped(heading));
      let level = 0;
      while (level < heading.length && heading.charCodeAt(level) == CharCode.HASH) level++;
      levels.push(level);
    }
    d = withOutline(body, budget, items, levels, "", hint, new OutlineBlock());
    // Line ranges of the converted text do not locate anything in the input.
    d.keptLines = [];
  }
  if (heading.length > 0) d.llm = heading + "\n" + d.llm;
  d.truncated = true;
  d.omittedChars = max(0, codePoints(text, 0, text.length) - codePoints(d.llm, 0, d.llm.length));
  d.summary = summaryOf(ctx, h.title);
  d.facts = factsOf("html", h.title, h.headings.length, h.links, body.length);
  return d;
}

function markdownDigest(text: string, budget: i32, ctx: DigestContext, hint: string): Digest {
  const lines = new LineIndex(text);
  const o = markdownOutline(text, lines);
  let title = "";
  for (let k = 0; k < o.texts.length && title.length == 0; k++) if (o.levels[k] == 1) title = o.texts[k];
  if (title.length == 0 && o.texts.length > 0) title = o.texts[0];
  let d: Digest;
  if (text.length <= budget) {
    d = new Digest();
    d.llm = text;
    if (lines.count > 0) d.keep(1, lines.count);
  } else {
    const items = outlineItems(o, lines, 1);
    d = withOutlineLines(text, budget, items, o.levels, o.lines, lines, outlineHeader(o, lines), hint);
  }
  d.summary = summaryOf(ctx, oneLine(title, SUMMARY_MAX));
  d.facts = factsOf("markdown", title, o.lines.length, o.links, text.length);
  return d;
}

/** `  16: ## Install` per heading, numbered from `firstLine`. */
/** Outline (when there are enough headings) and the head and tail of `body` within the budget. */
function withOutline(body: string, budget: i32, items: Array<string>, levels: Array<i32>, header: string, hint: string, block: OutlineBlock): Digest {
  if (items.length >= MIN_OUTLINE) {
    const head = header.length > 0 ? header : "Outline: " + headingsCount(items.length);
    const cap = <i32>Math.floor(<f64>budget * OUTLINE_SHARE);
    const b = outlineBlock(head, items, levels, cap);
    // A budget too small for an outline line and its "+K more" line gets none.
    if (b.text.length <= cap && b.shown > 0) block.text = b.text;
    else b.shown = 0;
    block.shown = b.shown;
    block.shownIndices = b.shownIndices;
  }
  const outline = block.text;
  const room = outline.length > 0 ? budget - outline.length - 1 : budget;
  const d = truncateDigest(body, room, headRatio(Category.WebContent), hint);
  if (outline.length > 0) d.llm = outline + "\n" + d.llm;
  d.truncated = true;
  return d;
}

/** withOutline for Markdown: the heading lines the outline shows count as kept lines of the input. */
function withOutlineLines(text: string, budget: i32, items: Array<string>, levels: Array<i32>, headingLines: Array<i32>, lines: LineIndex, header: string, hint: string): Digest {
  const block = new OutlineBlock();
  const d = withOutline(text, budget, items, levels, header, hint, block);
  if (block.shown == 0) return d;
  const ranges = new Array<i64>();
  for (let k = 0; k + 1 < d.keptLines.length; k += 2) ranges.push((<i64>d.keptLines[k] << 32) | <i64>d.keptLines[k + 1]);
  let hidden = d.omittedChars;
  for (let k = 0; k < block.shown; k++) {
    const line = headingLines[block.shownIndices[k]] + 1;
    let inside = false;
    for (let r = 0; r < ranges.length; r++) {
      if (<i32>(ranges[r] >> 32) <= line && line <= <i32>(ranges[r] & 0xffffffff)) inside = true;
    }
    if (inside) continue;
    ranges.push((<i64>line << 32) | <i64>line);
    hidden -= codePoints(text, lines.start(line - 1), lines.end(line - 1));
  }
  sortI64(ranges);
  d.keptLines = [];
  for (let r = 0; r < ranges.length; r++) d.keep(<i32>(ranges[r] >> 32), <i32>(ranges[r] & 0xffffffff));
  d.omittedChars = max(0, hidden);
  return d;
}
