// NDJSON (one JSON value per line): the exact record count and the keys seen
// (a key with few short values counted by value), then the lines that carry
// errors and the records stating what a failure expected, then the first and
// the last record, the first records with a rare value of such a key, and as
// many more records as fit, in their order, with a marker for every gap (the
// record just before a shown failure's first: its context); under
// a small budget the records are numbered under one marker instead. Records
// longer than their share are shortened as JSON, so every record line shown
// still parses; a failure's record is focused on its message (focus.ts) rather
// than cut by position. Lines that are not JSON (a tool's progress on stderr)
// are counted and kept when flagged.
//
//   NDJSON, 875 records; keys: path (875), version (875), dev (875: true 873, false 2)
//   {"path":"node_modules/@a2a-js/sdk","version":"0.3.11","dev":true}
//   [...64,880 chars omitted...] lines 2–874 of 875
//   {"path":"node_modules/zod","version":"3.25.76","dev":true}
import { errorSummary, SUMMARY_MAX } from "../shared/summary";
import { isAssertion } from "../../important/frames";
import { Kind, rankOf } from "../../important/kinds";
import { scanImportant } from "../../important/scan";
import { markerBound, numberedMarkerBound, writeMarker, writeNumberedMarker } from "../../marker";
import { NUMBERED_BELOW, prefixWidth } from "../../important/numbered";
import { oneLine } from "../../oneline";
import { CharCode } from "../../util/chars";
import { indexJson, JsonIndex } from "../../json";
import { blanksEnd, blanksStart, codePoints, unitAt } from "../../util/lines";
import { StrBuf } from "../../util/strbuf";
import { focusRecord } from "./focus";
import { LEVEL_COUNT, shortenToFit } from "./ladder";
import { colonOf } from "./shorten";
import { addClipped, clippedLength, LineIndex, MAX_SHOWN_LINE } from "../shared/text";
import { Digest, DigestContext } from "../shared/types";
import { RecordKeys } from "./record-keys";

/** The first and last record may take this share of the budget each before they are shortened. */
const END_RECORD_SHARE: f64 = 0.35;
/** Other records: this share. */
const RECORD_SHARE: f64 = 0.15;
/** Share of the budget for the keys in the header. */
const HEADER_SHARE: f64 = 0.25;

const LINE_BLANK: u8 = 0;
const LINE_RECORD: u8 = 1;
const LINE_OTHER: u8 = 2;

export class Ndjson extends RecordKeys {
  lines: LineIndex;
  kind: StaticArray<u8>;
  records: i32 = 0;
  others: i32 = 0;
  firstRecord: i32 = -1;
  lastRecord: i32 = -1;

  constructor(text: string) {
    super();
    const lines = new LineIndex(text);
    this.kind = new StaticArray<u8>(lines.count);
    this.lines = lines;
  }
}

function trimmedStart(s: string, start: i32, end: i32): i32 {
  start = blanksEnd(s, start, end);
  return start;
}

function trimmedEnd(s: string, start: i32, end: i32): i32 {
  end = blanksStart(s, start, end);
  return end;
}

/** The record on line i, or null. Only objects and arrays count: a line "42" is more likely text. */
function recordAt(text: string, lines: LineIndex, i: i32): JsonIndex | null {
  const s = trimmedStart(text, lines.start(i), lines.end(i));
  const e = trimmedEnd(text, s, lines.end(i));
  if (s >= e) return null;
  const c = unitAt(text, s);
  if (c != CharCode.LBRACE && c != CharCode.LBRACKET) return null;
  return indexJson(text, s, e);
}

export function parseNdjson(text: string): Ndjson {
  const nd = new Ndjson(text);
  const lines = nd.lines;
  for (let i = 0; i < lines.count; i++) {
    if (lines.isBlank(i)) continue;
    const idx = recordAt(text, lines, i);
    if (idx === null) {
      unchecked((nd.kind[i] = LINE_OTHER));
      nd.others++;
      continue;
    }
    unchecked((nd.kind[i] = LINE_RECORD));
    nd.records++;
    if (nd.firstRecord < 0) nd.firstRecord = i;
    nd.lastRecord = i;
    if (unitAt(text, idx.start) == CharCode.LBRACE) {
      nd.countKeys(text, idx, i);
    }
  }
  return nd;
}

function headerOf(nd: Ndjson, cap: i32): string {
  const out = new StrBuf(128);
  out.addLabelCount("NDJSON, ", nd.records).add(nd.records == 1 ? " record" : " records");
  if (nd.others > 0) out.addLabelCount(" and ", nd.others).add(nd.others == 1 ? " other line" : " other lines");
  return nd.withKeys(out.toString(), cap);
}

/** What line i shows, within `cap` units: the record, shortened as JSON when longer; other lines clipped. */
function renderLine(text: string, nd: Ndjson, i: i32, cap: i32): string {
  const lines = nd.lines;
  if (cap <= 0) return "";
  const s = trimmedStart(text, lines.start(i), lines.end(i));
  const e = trimmedEnd(text, s, lines.end(i));
  if (unchecked(nd.kind[i]) == LINE_RECORD) {
    if (e - lines.start(i) <= cap) return lines.line(i);
    const idx = indexJson(text, s, e);
    if (idx === null) return "";
    const shortened = shortenToFit(text, idx, cap, "", colonOf(text, idx));
    // {"…":"object with 6 keys"} says no more than the header's keys.
    return shortened.level > LEVEL_COUNT ? "" : shortened.json;
  }
  const width = min(cap, MAX_SHOWN_LINE);
  if (clippedLength(text, lines.start(i), lines.end(i), width) > cap) return "";
  const out = new StrBuf(width + 32);
  addClipped(out, text, lines.start(i), lines.end(i), width);
  return out.toString();
}

function pushCandidate(candidates: Array<i32>, failures: Array<i32>, line: i32, failure: bool): void {
  candidates.push(line);
  failures.push(failure);
}

/** Record line i focused on its message within `room` (focus.ts), or "". */
function focusedLine(text: string, nd: Ndjson, i: i32, room: i32): string {
  const s = trimmedStart(text, nd.lines.start(i), nd.lines.end(i));
  const idx = indexJson(text, s, trimmedEnd(text, s, nd.lines.end(i)));
  if (idx === null) return "";
  return focusRecord(text, idx, room);
}

/**
 * A failure's record within `room`: focused on its message, or whole when that
 * fits and focusing would save little. The few members focusing drops then
 * cost less than what they say (the queue, the job's duration), and the
 * record's own text is what a reader searches the output for.
 */
function failureLine(text: string, nd: Ndjson, i: i32, room: i32): string {
  const focused = focusedLine(text, nd, i, room);
  const whole = nd.lines.end(i) - nd.lines.start(i);
  return whole <= room && whole * FOCUS_SAVES_DEN <= focused.length * FOCUS_SAVES_NUM ? nd.lines.line(i) : focused;
}

/** Focusing is worth its dropped members when the whole record is more than NUM/DEN times the focused one (a fifth of it saved). */
const FOCUS_SAVES_NUM: i32 = 5;
const FOCUS_SAVES_DEN: i32 = 4;

/** Records stating what was expected and what came instead, at most this many. */
const MAX_ASSERTION_RECORDS: i32 = 16;
/** Records longer than this are not read for an assertion (a bulk payload, not an event). */
const MAX_ASSERTION_RECORD: i32 = 1000;

/**
 * Records that state an expectation and what came instead (a test's output event:
 * "inventory_test.go:61: … = 2378, want 2379"): a failure's own words, which carry
 * no error keyword, in an event stream whose failing test is flagged elsewhere.
 */
function assertionRecords(text: string, nd: Ndjson): Array<i32> {
  const lines = nd.lines;
  const found = new Array<i32>();
  for (let i = 0; i < lines.count && found.length < MAX_ASSERTION_RECORDS; i++) {
    if (unchecked(nd.kind[i]) != LINE_RECORD) continue;
    const a = lines.start(i);
    const b = lines.end(i);
    if (b - a <= MAX_ASSERTION_RECORD && isAssertion(text, a, b)) found.push(i);
  }
  return found;
}

/** Flagged lines, errors first (first, last, then the rest), then summaries; the errors in their order go to `errors`. */
function flaggedOrder(text: string, nd: Ndjson, errors: Array<i32>): Array<i32> {
  const scan = scanImportant(text);
  const summaries = new Array<i32>();
  for (let k = 0; k < scan.count; k++) {
    const r = rankOf(unchecked(scan.kinds[k]));
    const line = unchecked(scan.lineNumbers[k]) - 1;
    if (r == 3) errors.push(line);
    else if (r == 2) summaries.push(line);
  }
  const order = new Array<i32>();
  if (errors.length > 0) order.push(errors[0]);
  if (errors.length > 1) order.push(errors[errors.length - 1]);
  for (let k = 1; k < errors.length - 1; k++) order.push(errors[k]);
  for (let k = 0; k < summaries.length; k++) order.push(summaries[k]);
  return order;
}

/** Context records offered, at most: each is measured by rendering the digest. */
const MAX_CONTEXT: i32 = 16;

/**
 * Shows the record before each shown error record, whole, where it fits (measured
 * exactly): a failure's context, as a block's is in text (go test -json prints a
 * failing test's message, "inventory_test.go:71: Reserve: insufficient stock …",
 * just before its "--- FAIL"). Returns what the digest then uses.
 */
function withContext(text: string, nd: Ndjson, header: string, shown: Array<string | null>, hint: string, numbered: bool, errors: Array<i32>, budget: i32, used: i32): i32 {
  let offered = 0;
  for (let k = 0; k < errors.length && offered < MAX_CONTEXT; k++) {
    const e = unchecked(errors[k]);
    const i = e - 1;
    if (i < 0 || shown[e] === null || shown[i] !== null || unchecked(nd.kind[i]) != LINE_RECORD) continue;
    const r = nd.lines.line(i);
    if (used + r.length + 1 > budget) continue;
    offered++;
    shown[i] = r;
    const now = render(text, nd, header, shown, hint, new Digest(), numbered).length;
    if (now > budget) shown[i] = null;
    else used = now;
  }
  return used;
}

/** The first error line that is not a record (a tool's own message), or "". */
function firstErrorText(text: string, nd: Ndjson): string {
  const scan = scanImportant(text);
  for (let k = 0; k < scan.count; k++) {
    const line = unchecked(scan.lineNumbers[k]) - 1;
    if (rankOf(unchecked(scan.kinds[k])) == 3 && line < nd.lines.count && unchecked(nd.kind[line]) == LINE_OTHER && unchecked(scan.kinds[k]) >= Kind.Failure) {
      return nd.lines.line(line);
    }
  }
  return "";
}

function factsOf(nd: Ndjson): string {
  const out = new StrBuf(96);
  out.addLabelInt('"type":"ndjson","records":', nd.records);
  out.addLabelInt(',"items":', nd.records);
  out.addLabelInt(',"objects":', nd.objects);
  out.addLabelInt(',"keys":', nd.keyNames.length + nd.moreKeys);
  out.addLabelInt(',"otherLines":', nd.others);
  return out.toString();
}

export function digestNdjson(text: string, nd: Ndjson, budget: i32, ctx: DigestContext, hint: string): Digest {
  const d = new Digest();
  const lines = nd.lines;
  d.facts = factsOf(nd);
  d.summary = oneLine("NDJSON, " + (nd.records == 1 ? "1 record" : formatRecords(nd.records)), SUMMARY_MAX);
  if (ctx.exitCode > 0) {
    const err = firstErrorText(text, nd);
    if (err.length > 0) d.summary = errorSummary(err);
  }
  if (text.length <= budget) {
    d.llm = text;
    if (lines.count > 0) d.keep(1, lines.count);
    return d;
  }
  const header = headerOf(nd, <i32>Math.floor(<f64>budget * HEADER_SHARE));
  if (header.length > budget) {
    d.llm = oneLine(header, budget);
    d.truncated = true;
    d.omittedChars = lines.codePoints;
    return d;
  }
  // Under a small budget the records are numbered: one marker, and a number before each.
  const numbered = budget < NUMBERED_BELOW;
  const perGap = numbered ? prefixWidth(lines.count) : markerBound(text.length, lines.count, hint, null) + 1;
  const shown = new Array<string | null>(lines.count);
  // Every gap costs at most perGap. One is paid for up front: the whole text,
  // before anything is shown. A line at either end of the text leaves the
  // number of gaps as it is; any other line splits a gap, one more marker.
  let used = header.length + (numbered ? numberedMarkerBound(text.length, lines.count, hint, null) + 1 : perGap);
  const endCap = <i32>Math.floor(<f64>budget * END_RECORD_SHARE);
  const otherCap = <i32>Math.floor(<f64>budget * RECORD_SHARE);
  const errors = new Array<i32>();
  const flagged = flaggedOrder(text, nd, errors);
  const asserted = flagged.length > 0 ? assertionRecords(text, nd) : new Array<i32>();
  // What a failure says first, then the first and the last record: the first and the
  // last flagged line, the records stating what a failure expected (only where something
  // failed: in a passing run they are just output), the other flagged lines. A record of
  // a failure longer than its share is focused on its message (focus.ts).
  const candidates = new Array<i32>();
  const failures = new Array<i32>();
  for (let k = 0; k < min(2, flagged.length); k++) pushCandidate(candidates, failures, flagged[k], true);
  for (let k = 0; k < asserted.length; k++) pushCandidate(candidates, failures, asserted[k], true);
  for (let k = 2; k < flagged.length; k++) pushCandidate(candidates, failures, flagged[k], true);
  const endsFrom = candidates.length;
  pushCandidate(candidates, failures, nd.firstRecord, false);
  pushCandidate(candidates, failures, nd.lastRecord, false);
  const rareFrom = candidates.length;
  const rare = nd.rareRecords();
  for (let k = 0; k < rare.length; k++) pushCandidate(candidates, failures, rare[k], false);
  for (let k = 0; k < candidates.length; k++) {
    const i = candidates[k];
    if (i < 0 || i >= lines.count || shown[i] !== null) continue;
    const isEnd = k >= endsFrom && k < rareFrom;
    // The first failure may take an end's share whole; the others are focused past their own.
    const cap = isEnd || (k == 0 && !numbered) ? endCap : otherCap;
    const atEnd = i == 0 || i == lines.count - 1;
    const extra = atEnd && !numbered ? 0 : perGap;
    const room = min(cap, budget - used - 1 - extra);
    let r = "";
    const long = lines.end(i) - lines.start(i) > room;
    // A failure's record cut by position would keep its timestamp and lose its message: focused or not at all.
    if (failures[k] && unchecked(nd.kind[i]) == LINE_RECORD && long) r = failureLine(text, nd, i, min(endCap, budget - used - 1 - extra));
    else if (k >= rareFrom && long) continue;
    else r = renderLine(text, nd, i, room);
    if (r.length == 0) continue;
    shown[i] = r;
    used += r.length + 1 + extra;
  }
  // Then more records from the head, while they fit. They continue the lines shown
  // before them, so each costs its own length only: measure what is used exactly first.
  used = render(text, nd, header, shown, hint, new Digest(), numbered).length;
  used = withContext(text, nd, header, shown, hint, numbered, errors, budget, used);
  for (let i = nd.firstRecord + 1; i < nd.lastRecord; i++) {
    if (shown[i] !== null) continue;
    const contiguous = shown[i - 1] !== null;
    // Contiguous, the next marker's first line number grows by one: a digit more at 9, 99, ….
    const room = budget - used - 1 - (numbered ? perGap + 1 : contiguous ? 1 : perGap);
    if (room <= 0) break;
    // Only whole lines here: a shortened record in the middle would say less than the next one whole.
    const r = unchecked(nd.kind[i]) == LINE_BLANK ? "" : nd.lines.line(i);
    if (r.length > min(otherCap, room)) break;
    shown[i] = r;
    used += r.length + 1 + (numbered ? perGap : contiguous ? 0 : perGap);
  }
  d.llm = render(text, nd, header, shown, hint, d, numbered);
  d.truncated = true;
  if (d.llm.length > budget) {
    // Too small for the header and one marker: the header says the most.
    d.llm = oneLine(header, budget);
    d.keptLines = [];
    d.omittedChars = lines.codePoints;
  }
  return d;
}

function formatRecords(n: i32): string {
  const out = new StrBuf(24);
  out.addCount(n).add(" records");
  return out.toString();
}

function render(text: string, nd: Ndjson, header: string, shown: Array<string | null>, hint: string, d: Digest, numbered: bool): string {
  if (numbered) return renderNumbered(text, nd, header, shown, hint, d);
  const lines = nd.lines;
  const out = new StrBuf(header.length + 1024);
  out.add(header);
  let gapStart = -1;
  let omitted = 0;
  for (let i = 0; i <= lines.count; i++) {
    const r = i < lines.count ? shown[i] : null;
    if (i < lines.count && r === null) {
      if (gapStart < 0) gapStart = i;
      continue;
    }
    if (gapStart >= 0) {
      const gap = codePoints(text, lines.start(gapStart), i < lines.count ? lines.start(i) : text.length);
      omitted += gap;
      out.addChar(CharCode.LF);
      writeMarker(out, gap, gapStart + 1, i, lines.count, false, null, hint);
      gapStart = -1;
    }
    if (i == lines.count) break;
    const line = <string>r;
    out.addChar(CharCode.LF).add(line);
    const full = lines.line(i);
    if (line == full) d.keep(i + 1, i + 1);
    else omitted += max(0, codePoints(full, 0, full.length) - codePoints(line, 0, line.length));
  }
  d.omittedChars = omitted;
  return out.toString();
}

/** The header, one marker for every gap, then each shown line after its number ("96: {…}"). */
function renderNumbered(text: string, nd: Ndjson, header: string, shown: Array<string | null>, hint: string, d: Digest): string {
  const lines = nd.lines;
  let omitted = 0;
  let count = 0;
  let firstGap = -1;
  let firstGapEnd = -1;
  const body = new StrBuf(1024);
  for (let i = 0; i < lines.count; i++) {
    const r = shown[i];
    if (r === null) {
      omitted += codePoints(text, lines.start(i), i + 1 < lines.count ? lines.start(i + 1) : text.length);
      if (firstGap < 0) firstGap = i;
      if (firstGapEnd < 0 || firstGapEnd == i) firstGapEnd = i + 1;
      continue;
    }
    count++;
    body.addChar(CharCode.LF).addInt(i + 1).add(": ").add(r);
    const full = lines.line(i);
    if (r == full) d.keep(i + 1, i + 1);
    else omitted += max(0, codePoints(full, 0, full.length) - codePoints(r, 0, r.length));
  }
  d.omittedChars = omitted;
  const out = new StrBuf(header.length + body.length + 160);
  out.add(header);
  if (omitted > 0 || count < lines.count) {
    out.addChar(CharCode.LF);
    writeNumberedMarker(out, omitted, count, lines.count, null, hint, firstGap < 0 ? 1 : firstGap + 1, firstGapEnd < 0 ? 1 : firstGapEnd);
  }
  out.add(body.toString());
  return out.toString();
}
