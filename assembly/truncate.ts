// Head/tail truncation at line boundaries, with one marker line (marker.ts)
// that states exactly what was left out.
//
// Guarantees: the result, marker included, is at most `budget` UTF-16 units;
// a text that fits is returned as is (the same string), so truncating twice
// changes nothing; cuts fall after a '\n' when that keeps at least half of the
// head's (tail's) share, else inside the line at a code-point boundary (the
// marker then says "(partial)"); a surrogate pair is never split.
//
// Budgets too small for a full marker degrade in this order: the marker without
// the hint; the marker alone for the whole text ("[...N chars omitted...] lines
// 1–T of T"); the bare "[...N chars omitted...]"; "" (budget 0, or below that).
import { Cut } from "./cut";
import { markerBound, writeBareMarker, writeMarker } from "./marker";
import { CharCode } from "./util/chars";
import { countNewlines, headCut, lineCount, pairsEndingIn, tailCut, textStats, unitAt } from "./util/lines";
import { StrBuf } from "./util/strbuf";

/** Where a text is cut, in UTF-16 offsets; `marker` is the marker line without newlines. */
export class TruncatePlan {
  fits: bool = true;
  headEnd: i32 = 0;
  tailStart: i32 = 0;
  omittedChars: i32 = 0;
  firstOmittedLine: i32 = 0;
  lastOmittedLine: i32 = 0;
  totalLines: i32 = 0;
  partial: bool = false;
  marker: string = "";
}

/** Plans the cut without copying the text. `hint` is appended to the marker (see marker.ts). */
export function planTruncate(text: string, budget: i32, headRatio: f64, hint: string): TruncatePlan {
  if (text.length <= budget) return new TruncatePlan();
  // One pass: lines, and surrogate pairs so that code points need no second pass.
  const stats = textStats(text);
  return planTruncateWithStats(text, budget, headRatio, hint, lineCount(text, stats.newlines), stats.pairs);
}

/** planTruncate for a caller that already knows the text's line count and surrogate pairs. */
export function planTruncateWithStats(text: string, budget: i32, headRatio: f64, hint: string, totalLines: i32, pairs: i32): TruncatePlan {
  const plan = new TruncatePlan();
  const n = text.length;
  plan.headEnd = n;
  plan.tailStart = n;
  if (n <= budget) return plan;
  plan.fits = false;
  plan.totalLines = totalLines;
  plan.headEnd = 0;
  plan.tailStart = n;
  if (budget <= 0) {
    plan.omittedChars = n - pairs;
    plan.firstOmittedLine = 1;
    plan.lastOmittedLine = plan.totalLines;
    return plan;
  }
  const ratio = clampRatio(headRatio);
  // Two newlines around the marker (one only if the head ends mid-line, but reserve both).
  let useHint = hint;
  let room = budget - markerBound(n, plan.totalLines, useHint, null) - 2;
  if (room < 0 && hint.length > 0) {
    useHint = "";
    room = budget - markerBound(n, plan.totalLines, useHint, null) - 2;
  }
  if (room < 0) return markerOnly(text, budget, pairs, plan);
  fillCut(text, room, ratio, useHint, pairs, plan);
  // The bound assumed the largest numbers; give the slack back once if the result still fits.
  const used = plan.headEnd + (n - plan.tailStart) + plan.marker.length + 2;
  if (used < budget) {
    const second = new TruncatePlan();
    second.fits = false;
    second.totalLines = plan.totalLines;
    fillCut(text, room + budget - used, ratio, useHint, pairs, second);
    if (renderedLength(text, second) <= budget) return second;
  }
  return plan;
}

function clampRatio(r: f64): f64 {
  // NaN fails both comparisons and becomes an even split.
  if (r >= 0.0 && r <= 1.0) return r;
  if (r > 1.0) return 1.0;
  if (r < 0.0) return 0.0;
  return 0.5;
}

function fillCut(text: string, room: i32, ratio: f64, hint: string, pairs: i32, plan: TruncatePlan): void {
  const n = text.length;
  const headRoom = <i32>Math.floor(<f64>room * ratio);
  const headEnd = headCut(text, headRoom);
  const tailStart = max(tailCut(text, room - headEnd), headEnd);
  plan.headEnd = headEnd;
  plan.tailStart = tailStart;
  // Cuts never split a pair, so the gap holds the pairs that head and tail do not.
  const gapPairs = pairs - pairsEndingIn(text, 1, headEnd) - pairsEndingIn(text, tailStart + 1, n);
  plan.omittedChars = tailStart - headEnd - gapPairs;
  plan.firstOmittedLine = 1 + countNewlines(text, 0, headEnd);
  const newlinesAfter = countNewlines(text, tailStart, n);
  // The line of unit tailStart - 1, counted from the end.
  const totalNewlines = plan.totalLines - (unitAt(text, n - 1) == CharCode.LF ? 0 : 1);
  plan.lastOmittedLine = totalNewlines - newlinesAfter + (unitAt(text, tailStart - 1) == CharCode.LF ? 0 : 1);
  plan.partial = (headEnd > 0 && unitAt(text, headEnd - 1) != CharCode.LF) || (tailStart < n && unitAt(text, tailStart - 1) != CharCode.LF);
  const out = new StrBuf(96 + hint.length);
  writeMarker(out, plan.omittedChars, plan.firstOmittedLine, plan.lastOmittedLine, plan.totalLines, plan.partial, null, hint);
  plan.marker = out.toString();
}

function markerOnly(text: string, budget: i32, pairs: i32, plan: TruncatePlan): TruncatePlan {
  const n = text.length;
  plan.omittedChars = n - pairs;
  plan.firstOmittedLine = 1;
  plan.lastOmittedLine = plan.totalLines;
  const out = new StrBuf(64);
  writeMarker(out, plan.omittedChars, 1, plan.totalLines, plan.totalLines, false, null, "");
  if (out.length > budget) {
    out.truncate(0);
    writeBareMarker(out, plan.omittedChars);
  }
  if (out.length <= budget) plan.marker = out.toString();
  return plan;
}

function renderedLength(text: string, plan: TruncatePlan): i32 {
  if (plan.fits) return text.length;
  const n = text.length;
  let len = plan.headEnd + plan.marker.length + (n - plan.tailStart);
  if (plan.headEnd > 0 && unitAt(text, plan.headEnd - 1) != CharCode.LF) len++;
  if (plan.tailStart < n) len++;
  return len;
}

/** The text a plan describes: head, marker line, tail. */
export function renderTruncatePlan(text: string, plan: TruncatePlan): string {
  if (plan.fits) return text;
  const n = text.length;
  if (plan.marker.length == 0) return "";
  const out = new StrBuf(renderedLength(text, plan));
  out.addRange(text, 0, plan.headEnd);
  if (plan.headEnd > 0 && unitAt(text, plan.headEnd - 1) != CharCode.LF) out.addChar(CharCode.LF);
  out.add(plan.marker);
  if (plan.tailStart < n) {
    out.addChar(CharCode.LF);
    out.addRange(text, plan.tailStart, n);
  }
  return out.toString();
}

/** Head and tail at line boundaries with a marker between; never longer than `budget`. */
export function truncate(text: string, budget: i32, headRatio: f64): string {
  return truncateWithHint(text, budget, headRatio, "");
}

/** As truncate, with `hint` appended inside the marker line and counted in the budget. */
export function truncateWithHint(text: string, budget: i32, headRatio: f64, hint: string): string {
  if (text.length <= budget) return text;
  return renderTruncatePlan(text, planTruncate(text, budget, headRatio, hint));
}

/**
 * The plan as JSON, offsets in UTF-16 units:
 * {"fits":false,"headEnd":…,"tailStart":…,"omittedChars":…,"firstOmittedLine":…,
 *  "lastOmittedLine":…,"totalLines":…,"partial":false,"marker":"[...]"}.
 * The host keeps text.slice(0, headEnd) + ("\n" if the head ends mid-line) + marker + "\n" + text.slice(tailStart).
 */
export function truncatePlan(text: string, budget: i32, headRatio: f64, hint: string): string {
  const p = planTruncate(text, budget, headRatio, hint);
  const out = new StrBuf(256 + p.marker.length);
  out.add("{\"fits\":").add(p.fits ? "true" : "false");
  out.add(",\"headEnd\":").addInt(p.headEnd);
  out.add(",\"tailStart\":").addInt(p.tailStart);
  out.add(",\"omittedChars\":").addInt(p.omittedChars);
  out.add(",\"firstOmittedLine\":").addInt(p.firstOmittedLine);
  out.add(",\"lastOmittedLine\":").addInt(p.lastOmittedLine);
  out.add(",\"totalLines\":").addInt(p.totalLines);
  out.add(",\"partial\":").add(p.partial ? "true" : "false");
  out.add(",\"marker\":").addJson(p.marker);
  out.addChar(CharCode.RBRACE);
  return out.toString();
}

/** Cut form of a plan, for callers that combine it with other kept ranges. */
export function planToCut(text: string, plan: TruncatePlan): Cut {
  const cut = new Cut(text, plan.totalLines);
  cut.keep(0, plan.headEnd, 1);
  if (plan.tailStart < text.length) cut.keep(plan.tailStart, text.length, plan.lastOmittedLine + (unitAt(text, plan.tailStart - 1) == CharCode.LF ? 1 : 0));
  return cut;
}
