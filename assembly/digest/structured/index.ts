// StructuredData digest: JSON stays valid JSON, shortened by its structure
// (json-shorten.ts) at the loosest level that fits the budget; a stream of
// pretty-printed values is digested value by value (stream.ts), NDJSON record
// by record (ndjson.ts); anything else is cut as text.
//
// Tools often print a line or two around the document (npm's warnings before
// it, "npm error …" lines after a failed `npm ls --json`): those lines are kept
// apart from the JSON, errors first, so the JSON part still parses on its own.
import { rankedUnits } from "../../important/ranked-units";
import { errorSummary, SUMMARY_MAX } from "../shared/summary";
import { Category, headRatio } from "../../category";
import { keepImportantResult } from "../../important";
import { Kind, rankOf } from "../../important/kinds";
import { scanImportant } from "../../important/scan";
import { oneLine } from "../../oneline";
import { argString } from "../../json/args";
import { CharCode } from "../../util/chars";
import { indexJson, indexJsonPrefix, JsonIndex, skipJsonSpace } from "../../json";
import { codePoints, countNewlines, findNewline, lineCount, unitAt } from "../../util/lines";
import { decimal, StrBuf } from "../../util/strbuf";
import { keepCut, truncateDigest } from "../shared/generic";
import { shortenToFit } from "./ladder";
import { lockfilePicks } from "./lockfile";
import { rarePicks } from "./rare";
import { colonOf, describeValue, indentOf, Picks } from "./shorten";
import { digestNdjson, parseNdjson } from "./ndjson";
import { digestJsonStream, parseJsonStream } from "./stream";
import { Digest, DigestContext } from "../shared/types";
import { sortI64 } from "../../util/sort-ints";

/** Share of the budget the lines around a document may take. */
const AROUND_SHARE: f64 = 0.3;
/**
 * Share they may take when the command failed and their error lines need more: the
 * errors are its outcome ("npm error invalid: …" around `npm ls --json`), the
 * document's shortened structure says less.
 */
const AROUND_ERRORS_SHARE: f64 = 0.75;
/** What the cut of the lines around costs besides its lines, at most: its marker, a number per line. */
const AROUND_FRAMING: i32 = 64;
/** Lines searched for the start of a document printed after some text. */
const MAX_LEADING_LINES: i32 = 200;

/** A JSON document inside a text: its index, and the text before and after it. */
class Document {
  constructor(public idx: JsonIndex, public trailStart: i32) {}
}

export function digestStructured(text: string, budget: i32, ctx: DigestContext, hint: string): Digest {
  budget = max(budget, 0);
  const doc = findDocument(text);
  if (doc !== null) return documentDigest(text, doc, budget, ctx, hint);
  const stream = parseJsonStream(text);
  if (stream !== null) return digestJsonStream(text, stream, budget, hint);
  const nd = parseNdjson(text);
  if (nd.records >= 2) return digestNdjson(text, nd, budget, ctx, hint);
  return textDigest(text, budget, ctx, hint);
}

/** Invalid JSON: head and tail as text, never an exception. */
function textDigest(text: string, budget: i32, ctx: DigestContext, hint: string): Digest {
  const d = truncateDigest(text, budget, headRatio(Category.StructuredData), hint);
  const lines = lineCount(text, countNewlines(text, 0, text.length));
  d.facts = '"type":"text","parsed":false,"lines":' + decimal(lines);
  const err = firstErrorLine(text, 0, text.length);
  if (ctx.exitCode > 0 && err.length > 0) d.summary = errorSummary(err);
  return d;
}

/** Offset where a line starts with '{' or '[' (after spaces), within the first lines; -1 when none. */
function documentStart(text: string): i32 {
  const n = text.length;
  let lineStart = 0;
  for (let line = 0; line < MAX_LEADING_LINES && lineStart < n; line++) {
    const i = skipSpacesOnLine(text, lineStart);
    if (i < n) {
      const c = unitAt(text, i);
      if (c == CharCode.LBRACE || c == CharCode.LBRACKET) return i;
    }
    const nl = findNewline(text, lineStart, text.length);
    if (nl == text.length) break;
    lineStart = nl + 1;
  }
  return -1;
}

function skipSpacesOnLine(text: string, i: i32): i32 {
  while (i < text.length && (unitAt(text, i) == CharCode.SPACE || unitAt(text, i) == CharCode.TAB || unitAt(text, i) == CharCode.CR)) i++;
  return i;
}

function findDocument(text: string): Document | null {
  const n = text.length;
  // A whole-text scalar ("a string", 42, true) is a document too.
  const whole = indexJson(text, 0, n);
  if (whole !== null) return new Document(whole, n);
  const start = documentStart(text);
  if (start < 0) return null;
  const idx = indexJsonPrefix(text, start, n);
  if (idx === null) return null;
  const rest = skipJsonSpace(text, idx.end, n);
  if (rest < n) {
    // Another value right after the first: one record per line (NDJSON), not a document.
    const c = unitAt(text, rest);
    if (c == CharCode.LBRACE || c == CharCode.LBRACKET) return null;
  }
  return new Document(idx, idx.end);
}

/** Members a document's own shape says to show wherever they are: a lockfile's direct dependencies, an array's rare records. */
function picksOf(text: string, idx: JsonIndex): Picks | null {
  const lock = lockfilePicks(text, idx);
  return lock !== null ? lock : rarePicks(text, idx);
}

/** The first line in text[start, end) flagged as an error (errors, failures, traces), or "". */
export function firstErrorLine(text: string, start: i32, end: i32): string {
  if (end <= start) return "";
  const part = start == 0 && end == text.length ? text : text.substring(start, end);
  const scan = scanImportant(part);
  let firstSevere = "";
  for (let i = 0; i < scan.count; i++) {
    const kind = unchecked(scan.kinds[i]);
    if (rankOf(kind) < 3) continue;
    const line = part.substring(unchecked(scan.lineStarts[i]), min(unchecked(scan.lineEnds[i]), unchecked(scan.lineStarts[i]) + 400));
    if (kind == Kind.Error) return line;
    if (firstSevere.length == 0) firstSevere = line;
  }
  return firstSevere;
}

/** The JSON text of the container that spans s[open, close]. */
function containerText(s: string, open: i32, close: i32): string {
  return s.substring(open, close + 1);
}

/** name and version of an npm-like document: the top object, or the last object of a top array. */
function nameAndVersion(s: string, idx: JsonIndex): string[] {
  if (idx.opens.length == 0) return ["", ""];
  let k = 0;
  if (unitAt(s, unchecked(idx.opens[0])) == CharCode.LBRACKET) {
    // Direct children of the array follow one another through `nexts`.
    let child = 1;
    let last = -1;
    const close = unchecked(idx.closes[0]);
    while (child < idx.opens.length && unchecked(idx.opens[child]) < close) {
      last = child;
      child = unchecked(idx.nexts[child]);
    }
    if (last < 0 || unitAt(s, unchecked(idx.opens[last])) != CharCode.LBRACE) return ["", ""];
    // Only when it is the last item: nothing but spaces between it and the closing ']'.
    if (skipJsonSpace(s, unchecked(idx.closes[last]) + 1, close) != close) return ["", ""];
    k = last;
  }
  const obj = containerText(s, unchecked(idx.opens[k]), unchecked(idx.closes[k]));
  // Both, or it is not a package document: a record's "name" alone says nothing.
  const name = argString(obj, "name");
  const version = argString(obj, "version");
  return name.length > 0 && version.length > 0 ? [name, version] : ["", ""];
}

function documentFacts(text: string, idx: JsonIndex, nv: string[], before: i32, after: i32, level: i32): string {
  const out = new StrBuf(160);
  const c = unitAt(text, idx.start);
  if (c == CharCode.LBRACE) out.addLabelInt('"type":"object","keys":', unchecked(idx.counts[0]));
  else if (c == CharCode.LBRACKET) out.addLabelInt('"type":"array","items":', unchecked(idx.counts[0]));
  else out.add('"type":"scalar"');
  if (nv[0].length > 0) out.addLabelJson(',"name":', nv[0]);
  if (nv[1].length > 0) out.addLabelJson(',"version":', nv[1]);
  if (before > 0) out.addLabelInt(',"linesBefore":', before);
  if (after > 0) out.addLabelInt(',"linesAfter":', after);
  out.addLabelInt(',"level":', level);
  return out.toString();
}

function documentSummary(text: string, idx: JsonIndex, nv: string[]): string {
  const out = new StrBuf(96);
  out.add("JSON ").add(describeValue(text, idx));
  if (nv[0].length > 0) {
    out.add(" (").add(nv[0]);
    if (nv[1].length > 0) out.add("@").add(nv[1]);
    out.add(")");
  }
  return oneLine(out.toString(), SUMMARY_MAX);
}

/** Text around the document: trimmed of the blank lines next to it. */
class Around {
  start: i32 = 0;
  end: i32 = 0;
  /** 1-based line of `start` in the whole text (counted for a part with text only). */
  firstLine: i32 = 1;

  get length(): i32 {
    return this.end - this.start;
  }
}

function around(text: string, start: i32, end: i32): Around {
  const a = new Around();
  let s = start;
  while (s < end && (unitAt(text, s) == CharCode.LF || unitAt(text, s) == CharCode.CR || unitAt(text, s) == CharCode.SPACE || unitAt(text, s) == CharCode.TAB)) s++;
  // Back to the line start so that indentation survives.
  while (s > start && unitAt(text, s - 1) != CharCode.LF) s--;
  let e = end;
  while (e > s && (unitAt(text, e - 1) == CharCode.LF || unitAt(text, e - 1) == CharCode.CR || unitAt(text, e - 1) == CharCode.SPACE || unitAt(text, e - 1) == CharCode.TAB)) e--;
  a.start = s;
  a.end = e;
  // Only a part with text is rendered: counting the lines before an empty one (after a
  // document that ends the output) would read the whole output for nothing.
  if (e > s) a.firstLine = 1 + countNewlines(text, 0, s);
  return a;
}

/** What the error lines of text[a.start, a.end) need to be kept whole, their cut's framing included; 0 when none. */
function errorUnits(text: string, a: Around): i32 {
  if (a.length == 0) return 0;
  const scan = scanImportant(text.substring(a.start, a.end));
  const units = rankedUnits(scan, 3);
  return units > 0 ? units + AROUND_FRAMING : 0;
}

/** Renders text[a.start, a.end) within `room`, errors first; records its kept lines in d. */
function renderAround(text: string, a: Around, room: i32, d: Digest): string {
  if (a.length == 0 || room <= 0) return "";
  const part = text.substring(a.start, a.end);
  const kept = keepImportantResult(part, room, 0.5, "");
  const cut = kept.cut;
  if (cut === null) {
    const lines = lineCount(part, countNewlines(part, 0, part.length));
    d.keep(a.firstLine, a.firstLine + lines - 1);
  } else {
    // Kept ranges of the part, moved to the lines of the whole text.
    const local = new Digest();
    keepCut(part, cut, local);
    for (let i = 0; i < local.keptLines.length; i += 2) d.keep(local.keptLines[i] + a.firstLine - 1, local.keptLines[i + 1] + a.firstLine - 1);
  }
  return kept.output;
}

function documentDigest(text: string, doc: Document, budget: i32, ctx: DigestContext, hint: string): Digest {
  const d = new Digest();
  const idx = doc.idx;
  const n = text.length;
  const pre = around(text, 0, idx.start);
  const post = around(text, doc.trailStart, n);
  const before = pre.length > 0 ? lineCount(text.substring(pre.start, pre.end), countNewlines(text, pre.start, pre.end)) : 0;
  const after = post.length > 0 ? 1 + countNewlines(text, post.start, post.end) : 0;
  const nv = nameAndVersion(text, idx);
  d.summary = documentSummary(text, idx, nv);
  if (ctx.exitCode > 0) {
    let err = firstErrorLine(text, pre.start, pre.end);
    if (err.length == 0) err = firstErrorLine(text, post.start, post.end);
    if (err.length > 0) d.summary = errorSummary(err);
  }
  if (n <= budget) {
    d.llm = text;
    d.facts = documentFacts(text, idx, nv, before, after, 0);
    const lines = lineCount(text, countNewlines(text, 0, n));
    if (lines > 0) d.keep(1, lines);
    return d;
  }
  // The lines around first take what they need up to their share; the JSON gets the rest.
  let aroundRoom = <i32>Math.floor(<f64>budget * AROUND_SHARE);
  if (ctx.exitCode > 0) aroundRoom = max(aroundRoom, min(errorUnits(text, pre) + errorUnits(text, post), <i32>Math.floor(<f64>budget * AROUND_ERRORS_SHARE)));
  // The text after the document takes at most half, and only what it needs.
  const preRoom = aroundRoom - min(post.length + 1, aroundRoom >> 1);
  const preText = renderAround(text, pre, min(pre.length, preRoom), d);
  const postText = renderAround(text, post, min(post.length, aroundRoom - preText.length), d);
  let jsonRoom = budget - preText.length - postText.length;
  if (preText.length > 0) jsonRoom--;
  if (postText.length > 0) jsonRoom--;
  const indent = indentOf(text, idx);
  // Picks matter only to a document that is cut: one that fits its room is shown as it is.
  const picks: Picks | null = idx.end - idx.start <= jsonRoom ? null : picksOf(text, idx);
  const shortened = shortenToFit(text, idx, jsonRoom, indent, colonOf(text, idx), picks);
  if (shortened.level == 0) {
    const first = 1 + countNewlines(text, 0, idx.start);
    d.keep(first, first + countNewlines(text, idx.start, idx.end));
  }
  // Kept ranges must be in order: pre, JSON, post were added in that order except the JSON's.
  sortKept(d);
  const out = new StrBuf(budget + 2);
  if (preText.length > 0) out.add(preText);
  if (shortened.json.length > 0) {
    if (out.length > 0) out.addChar(CharCode.LF);
    out.add(shortened.json);
  }
  if (postText.length > 0) {
    if (out.length > 0) out.addChar(CharCode.LF);
    out.add(postText);
  }
  d.llm = out.toString();
  d.facts = documentFacts(text, idx, nv, before, after, shortened.level);
  d.omittedChars = max(0, ctx.plain.codePointsOf(text) - codePoints(d.llm, 0, d.llm.length));
  d.truncated = true;
  return d;
}

function sortKept(d: Digest): void {
  const n = d.keptLines.length >> 1;
  if (n < 2) return;
  const keys = new Array<i64>(n);
  for (let i = 0; i < n; i++) keys[i] = (<i64>d.keptLines[2 * i] << 32) | <i64>d.keptLines[2 * i + 1];
  sortI64(keys);
  d.keptLines = [];
  for (let i = 0; i < n; i++) d.keep(<i32>(keys[i] >> 32), <i32>(keys[i] & 0xffffffff));
}

