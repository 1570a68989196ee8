// A stream of JSON values one after another, each over many lines (`jq '.a, .b'`,
// `kubectl get -o json` per item, a tool that prints one pretty object per event): not
// one document, and not NDJSON either. Digested value by value: the exact count first
// (with many objects, their keys counted as NDJSON's are, record-keys.ts), then every
// value shortened as JSON to an equal share of the budget when they all fit that way,
// else the last one, the objects holding a rare value of a key with few values (the one
// "failed" among "ok"s), and the first values, with a marker for those between.
//
//   JSON stream, 4 objects
//   {
//     "version": "7.30.2",
//     …
//   }
//   [...2,569 chars omitted...] lines 11–113 of 132
//   { …the last… }
import { markerBound, writeMarker } from "../../marker";
import { oneLine } from "../../oneline";
import { CharCode } from "../../util/chars";
import { indexJsonPrefix, JsonIndex, skipJsonSpace } from "../../json";
import { codePoints, countNewlines, lineCount, unitAt } from "../../util/lines";
import { StrBuf } from "../../util/strbuf";
import { SUMMARY_MAX } from "../shared/summary";
import { Digest } from "../shared/types";
import { shortenToFit } from "./ladder";
import { colonOf, indentOf } from "./shorten";
import { RecordKeys } from "./record-keys";
import { focusRecord } from "./focus";

/** Values read at most; a longer stream is not taken for one (its text digest cuts it). */
const MAX_VALUES: i32 = 100000;
/** A value shown shortened gets at least this many units, or is left to a marker. */
const MIN_SHARE: i32 = 80;
/** Share of the budget for the keys in the header. */
const HEADER_SHARE: f64 = 0.25;

export class JsonStream extends RecordKeys {
  values: Array<JsonIndex> = new Array<JsonIndex>();
  /** 1-based first and last line of each value. */
  firstLines: Array<i32> = new Array<i32>();
  lastLines: Array<i32> = new Array<i32>();
  totalLines: i32 = 0;
}

/**
 * The values of `text` when it holds two or more JSON objects or arrays and nothing
 * else but white space, at least one of them over more than one line; else null.
 */
export function parseJsonStream(text: string): JsonStream | null {
  const n = text.length;
  const st = new JsonStream();
  let i = skipJsonSpace(text, 0, n);
  let line = 1 + countNewlines(text, 0, i);
  let multiline = false;
  while (i < n) {
    const c = unitAt(text, i);
    if ((c != CharCode.LBRACE && c != CharCode.LBRACKET) || st.values.length >= MAX_VALUES) return null;
    const idx = indexJsonPrefix(text, i, n);
    if (idx === null) return null;
    const inner = countNewlines(text, idx.start, idx.end);
    if (inner > 0) multiline = true;
    // One value per line so far: NDJSON, which has a digest of its own.
    else if (!multiline && st.values.length >= 3) return null;
    if (c == CharCode.LBRACE) st.countKeys(text, idx, st.values.length);
    st.values.push(idx);
    st.firstLines.push(line);
    st.lastLines.push(line + inner);
    const next = skipJsonSpace(text, idx.end, n);
    line += inner + countNewlines(text, idx.end, next);
    i = next;
  }
  if (st.values.length < 2 || !multiline) return null;
  st.totalLines = lineCount(text, countNewlines(text, 0, n));
  return st;
}

function headerOf(st: JsonStream): string {
  const out = new StrBuf(48);
  const n = st.values.length;
  out.addLabelCount("JSON stream, ", n);
  if (st.objects == n) out.add(n == 1 ? " object" : " objects");
  else if (st.objects == 0) out.add(n == 1 ? " array" : " arrays");
  else out.addLabelCount(" values (", st.objects).add(st.objects == 1 ? " object)" : " objects)");
  return out.toString();
}

function factsOf(st: JsonStream): string {
  const out = new StrBuf(64);
  out.addLabelInt('"type":"stream","values":', st.values.length).addLabelInt(',"objects":', st.objects).addLabelInt(',"items":', st.values.length);
  return out.toString();
}

/** Value k within `cap` units: verbatim, or shortened as JSON; "" when not even that fits. */
function render(text: string, idx: JsonIndex, cap: i32): string {
  if (cap <= 0) return "";
  return shortenToFit(text, idx, cap, indentOf(text, idx), colonOf(text, idx)).json;
}

export function digestJsonStream(text: string, st: JsonStream, budget: i32, hint: string): Digest {
  const d = new Digest();
  const n = st.values.length;
  const count = headerOf(st);
  d.summary = oneLine(count, SUMMARY_MAX);
  d.facts = factsOf(st);
  if (text.length <= budget) {
    d.llm = text;
    d.keep(1, st.totalLines);
    return d;
  }
  d.truncated = true;
  const header = st.manyObjects ? st.withKeys(count, <i32>Math.floor(<f64>budget * HEADER_SHARE)) : count;
  if (header.length + 1 >= budget) {
    d.llm = oneLine(header, budget);
    d.omittedChars = codePoints(text, 0, text.length);
    return d;
  }
  const room = budget - header.length - 1;
  const perGap = markerBound(text.length, st.totalLines, hint, null) + 1;
  // Every value at an equal share, or the first ones and the last at MIN_SHARE or more.
  let shownHead = n - 1;
  let share = (room - (n - 1)) / n;
  if (share < MIN_SHARE) {
    share = max(MIN_SHARE, room / 4);
    shownHead = max(0, (room - perGap - share) / (share + 1));
    shownHead = min(shownHead, n - 1);
    if (shownHead == 0) share = max(0, room - perGap - 1);
  }
  const parts = new Array<string | null>(n);
  let used = header.length;
  const last = n - 1;
  // The last value first: it closes the stream, and the first ones fill what it leaves.
  const lastText = render(text, st.values[last], min(share, room - perGap));
  parts[last] = lastText;
  used += lastText.length + 1;
  // Then the objects a rare value sets apart, each at most one more gap: whole when that fits
  // their share, else focused on what they say (focus.ts: their message, with the short
  // values beside it, such as the rare one), else shortened.
  const rare = st.rareRecords();
  for (let j = 0; j < rare.length; j++) {
    const k = rare[j];
    if (k == last) continue;
    const cap = min(max(share, MIN_SHARE), budget - used - 1 - 2 * perGap);
    const idx = st.values[k];
    let r = idx.end - idx.start > cap ? focusRecord(text, idx, cap) : "";
    if (r.length == 0) r = render(text, idx, cap);
    if (r.length == 0) continue;
    parts[k] = r;
    used += r.length + 1 + perGap;
  }
  for (let k = 0; k < shownHead; k++) {
    if (parts[k] !== null) continue;
    const left = budget - used - 1 - (k + 1 < last ? perGap : 0);
    const r = render(text, st.values[k], min(share, left));
    if (r.length == 0) break;
    parts[k] = r;
    used += r.length + 1;
  }
  const out = new StrBuf(budget + 16);
  out.add(header);
  let gapFrom = -1;
  let omitted = 0;
  for (let k = 0; k <= n; k++) {
    const part = k < n ? parts[k] : null;
    const shown = part !== null && part.length > 0;
    if (k < n && !shown) {
      if (gapFrom < 0) gapFrom = k;
      continue;
    }
    if (gapFrom >= 0) {
      const from = st.firstLines[gapFrom];
      const to = st.lastLines[k - 1];
      const start = st.values[gapFrom].start;
      const end = st.values[k - 1].end;
      const gap = codePoints(text, start, end);
      omitted += gap;
      out.addChar(CharCode.LF);
      writeMarker(out, gap, from, to, st.totalLines, false, null, hint);
      gapFrom = -1;
    }
    if (k == n) break;
    const p = <string>part;
    out.addChar(CharCode.LF).add(p);
    const idx = st.values[k];
    if (p.length == idx.end - idx.start) d.keep(st.firstLines[k], st.lastLines[k]);
    else omitted += max(0, codePoints(text, idx.start, idx.end) - codePoints(p, 0, p.length));
  }
  d.llm = out.toString();
  d.omittedChars = omitted;
  if (d.llm.length > budget) {
    d.llm = oneLine(header, budget);
    d.keptLines = [];
    d.omittedChars = codePoints(text, 0, text.length);
  }
  return d;
}
