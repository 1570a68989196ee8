// Keeps the lines that carry a command's outcome wherever they are (errors,
// tracebacks, failed tests, summaries, non-zero exits) together with a head
// and a tail, inside one budget.
//
// Output: head, then for every gap a marker line (marker.ts) stating the exact
// code points and lines left out, then the next kept block, and so on to the
// tail. Markers label the blocks: the block after "lines 41–2,399 of 5,000"
// starts at line 2,400. Flagged lines are offered the budget alone first, in
// this order: the first and the last error, summaries and exit lines (three
// from each end), the other errors from both ends inwards, warnings (three
// from each end); then their context and frames while the share lasts. Each
// marker counts the flagged lines its gap holds ("; incl. 3 error, 228 warning lines").
import { Cut, Flagged } from "./cut";
import { HiddenCounts, markerBound } from "./marker";
import { Block, blockOf } from "./important/blocks";
import { Kind, kindName, rankOf } from "./important/kinds";
import { Scan, scanImportant } from "./important/scan";
import { planToCut, planTruncateWithStats, renderTruncatePlan } from "./truncate";
import { CharCode } from "./util/chars";
import { countNewlines, headCut, safeEnd, tailCut, unitAt } from "./util/lines";
import { StrBuf } from "./util/strbuf";

/** Share of the content room (budget minus markers) flagged blocks may take; head and tail get the rest. */
const IMPORTANT_SHARE: f64 = 0.7;
/** Summaries and warnings considered: this many from each end. */
const FLOOD_ENDS: i32 = 3;
/** A flagged line is cut to a prefix only when at least this much of it fits. */
const MIN_PARTIAL: i32 = 48;

export class KeepResult {
  constructor(public output: string, public cut: Cut | null) {}
}

function clampRatio(r: f64): f64 {
  if (r >= 0.0 && r <= 1.0) return r;
  if (r > 1.0) return 1.0;
  if (r < 0.0) return 0.0;
  return 0.5;
}

/** Hit indices in the order they are offered the budget. */
function selectionOrder(scan: Scan): i32[] {
  const errors = new Array<i32>();
  const summaries = new Array<i32>();
  const warnings = new Array<i32>();
  for (let i = 0; i < scan.count; i++) {
    const r = rankOf(unchecked(scan.kinds[i]));
    if (r == 3) errors.push(i);
    else if (r == 2) summaries.push(i);
    else if (r == 1) warnings.push(i);
  }
  const order = new Array<i32>();
  const ne = errors.length;
  if (ne > 0) order.push(unchecked(errors[0]));
  if (ne > 1) order.push(unchecked(errors[ne - 1]));
  fromBothEnds(summaries, 0, summaries.length, FLOOD_ENDS, order);
  if (ne > 2) fromBothEnds(errors, 1, ne - 1, ne, order);
  fromBothEnds(warnings, 0, warnings.length, FLOOD_ENDS, order);
  return order;
}

/** list[lo, hi) alternately from the front and the back, at most `perEnd` from each end. */
function fromBothEnds(list: i32[], lo: i32, hi: i32, perEnd: i32, out: i32[]): void {
  let front = lo;
  let back = hi - 1;
  let taken = 0;
  while (front <= back && taken < perEnd) {
    out.push(unchecked(list[front++]));
    if (front <= back) out.push(unchecked(list[back--]));
    taken++;
  }
}

function flaggedOf(scan: Scan): Flagged {
  const f = new Flagged();
  f.starts = scan.lineStarts;
  const ranks = new Array<i32>(scan.count);
  for (let i = 0; i < scan.count; i++) unchecked((ranks[i] = rankOf(unchecked(scan.kinds[i]))));
  f.ranks = ranks;
  return f;
}

function hiddenBound(scan: Scan): HiddenCounts {
  const h = new HiddenCounts();
  for (let i = 0; i < scan.count; i++) {
    const r = rankOf(unchecked(scan.kinds[i]));
    if (r == 3) h.errors++;
    else if (r == 2) h.summaries++;
    else h.warnings++;
  }
  return h;
}

class Chosen {
  starts: i32[] = [];
  ends: i32[] = [];
  firstLines: i32[] = [];

  /** The flagged line (scan index) each range was chosen for. */
  hits: i32[] = [];

  covers(start: i32, end: i32): bool {
    for (let i = 0; i < this.starts.length; i++) {
      if (unchecked(this.starts[i]) <= start && end <= unchecked(this.ends[i])) return true;
    }
    return false;
  }

  /** Units of [start, end) that no chosen range covers. */
  uncovered(start: i32, end: i32): i32 {
    const parts = new Array<i64>();
    for (let i = 0; i < this.starts.length; i++) {
      const s = max(start, unchecked(this.starts[i]));
      const e = min(end, unchecked(this.ends[i]));
      if (e > s) parts.push((<i64>s << 32) | <i64>e);
    }
    return end - start - unionLength(parts);
  }

  /** What adding [start, end) costs: its new units, plus a gap's marker unless it touches a chosen range. */
  cost(start: i32, end: i32, perGap: i32): i32 {
    let touches = false;
    for (let i = 0; i < this.starts.length; i++) {
      if (max(start, unchecked(this.starts[i])) <= min(end, unchecked(this.ends[i]))) touches = true;
    }
    return this.uncovered(start, end) + (touches ? 0 : perGap);
  }

  /** Exact units and markers the first `take` ranges need: their union, and one marker per separate group. */
  spent(take: i32, perGap: i32): i32 {
    const parts = new Array<i64>(take);
    for (let i = 0; i < take; i++) unchecked((parts[i] = (<i64>unchecked(this.starts[i]) << 32) | <i64>unchecked(this.ends[i])));
    parts.sort();
    let total = 0;
    let curEnd = -1;
    for (let i = 0; i < take; i++) {
      const s = <i32>(unchecked(parts[i]) >> 32);
      const e = <i32>(unchecked(parts[i]) & 0xffffffff);
      if (s > curEnd) {
        total += e - s + perGap;
        curEnd = e;
      } else if (e > curEnd) {
        total += e - curEnd;
        curEnd = e;
      }
    }
    return total;
  }
}

/** Length of the union of ranges packed as (start << 32) | end. */
function unionLength(parts: i64[]): i32 {
  parts.sort();
  let total = 0;
  let curEnd = -1;
  for (let i = 0; i < parts.length; i++) {
    const s = <i32>(unchecked(parts[i]) >> 32);
    const e = <i32>(unchecked(parts[i]) & 0xffffffff);
    if (s >= curEnd) {
      total += e - s;
      curEnd = e;
    } else if (e > curEnd) {
      total += e - curEnd;
      curEnd = e;
    }
  }
  return total;
}

/** Builds the cut for the first `take` chosen ranges plus head and tail over `rest` units. */
function cutWith(text: string, scan: Scan, chosen: Chosen, take: i32, rest: i32, ratio: f64): Cut {
  const n = text.length;
  const headEnd = headCut(text, <i32>Math.floor(<f64>rest * ratio));
  const tailStart = max(tailCut(text, rest - headEnd), headEnd);
  // Ranges sorted by start; keys pack start and index.
  const keys = new Array<i64>(take);
  for (let i = 0; i < take; i++) unchecked((keys[i] = (<i64>unchecked(chosen.starts[i]) << 32) | <i64>i));
  keys.sort();
  const cut = new Cut(text, scan.totalLines);
  cut.keep(0, headEnd, 1);
  for (let k = 0; k < take; k++) {
    const i = <i32>(unchecked(keys[k]) & 0xffffffff);
    const s = unchecked(chosen.starts[i]);
    if (s >= tailStart) break;
    cut.keep(s, unchecked(chosen.ends[i]), unchecked(chosen.firstLines[i]));
  }
  if (tailStart < n) {
    const totalNewlines = scan.totalLines - (unitAt(text, n - 1) == CharCode.LF ? 0 : 1);
    cut.keep(tailStart, n, 1 + totalNewlines - countNewlines(text, tailStart, n));
  }
  return cut;
}

/** keepImportant, also returning the cut (kept ranges, omitted code points) for callers in the core. */
export function keepImportantResult(text: string, budget: i32, headRatio: f64, hint: string): KeepResult {
  const n = text.length;
  if (n <= budget) return new KeepResult(text, null);
  const scan = scanImportant(text);
  return keepWithScan(text, scan, budget, headRatio, hint);
}

function plainTruncation(text: string, scan: Scan, budget: i32, ratio: f64, hint: string): KeepResult {
  const plan = planTruncateWithStats(text, budget, ratio, hint, scan.totalLines, scan.pairs);
  const out = renderTruncatePlan(text, plan);
  const cut = planToCut(text, plan);
  cut.omittedChars = plan.omittedChars;
  return new KeepResult(out, cut);
}

export function keepWithScan(text: string, scan: Scan, budget: i32, headRatio: f64, hint: string): KeepResult {
  const n = text.length;
  const ratio = clampRatio(headRatio);
  if (scan.count == 0 || budget <= 0) return plainTruncation(text, scan, budget, ratio, hint);
  // Every gap costs at most one marker, its two newlines and its "; incl. …" counts.
  const perGap = markerBound(n, scan.totalLines, hint, hiddenBound(scan)) + 2;
  const room = budget - perGap;
  if (room < perGap + MIN_PARTIAL) return plainTruncation(text, scan, budget, ratio, hint);
  const cap = <i32>Math.floor(<f64>room * IMPORTANT_SHARE);
  // What head and tail keep whatever is chosen: flagged blocks inside cost nothing.
  // Head and tail only grow when fewer units go to blocks, so these are kept in any case.
  const minRest = room - cap;
  const freeHeadEnd = headCut(text, <i32>Math.floor(<f64>minRest * ratio));
  const freeTailStart = max(tailCut(text, minRest - freeHeadEnd), freeHeadEnd);

  // First every flagged line alone, in order of rank; then their blocks (context,
  // frames) while the share lasts, so that context never crowds out a flagged line.
  const order = selectionOrder(scan);
  const chosen = new Chosen();
  let used = 0;
  for (let o = 0; o < order.length; o++) {
    const left = cap - used;
    if (left < perGap + 8) break;
    const h = unchecked(order[o]);
    const ls = unchecked(scan.lineStarts[h]);
    const le = unchecked(scan.lineEnds[h]);
    // A flagged line that head or tail shows anyway costs nothing.
    if (le < freeHeadEnd || ls >= freeTailStart) continue;
    // Already shown inside a range chosen before.
    if (chosen.covers(ls, le)) continue;
    let e = le < n ? le + 1 : n;
    let cost = chosen.cost(ls, e, perGap);
    if (cost > left) {
      // The start of the line.
      if (left - perGap < MIN_PARTIAL) continue;
      e = safeEnd(text, ls + left - perGap - 1);
      cost = e - ls + perGap;
    }
    chosen.starts.push(ls);
    chosen.ends.push(e);
    chosen.firstLines.push(unchecked(scan.lineNumbers[h]));
    chosen.hits.push(h);
    used += cost;
  }
  const block = new Block();
  for (let i = 0; i < chosen.starts.length; i++) {
    const h = unchecked(chosen.hits[i]);
    blockOf(text, unchecked(scan.lineStarts[h]), unchecked(scan.lineEnds[h]), unchecked(scan.lineNumbers[h]), unchecked(scan.kinds[h]), block);
    // The range only grows and still touches what it touched: the new units are the whole cost.
    const grown = used + chosen.uncovered(block.start, block.end);
    if (grown > cap) continue;
    unchecked((chosen.starts[i] = block.start));
    unchecked((chosen.ends[i] = block.end));
    unchecked((chosen.firstLines[i] = block.firstLine));
    used = grown;
  }

  const flagged = flaggedOf(scan);
  // The bounds make the first attempt fit; dropping the last choice is a safety net.
  for (let take = chosen.starts.length; take >= 0; take--) {
    const spent = chosen.spent(take, perGap);
    const cut = cutWith(text, scan, chosen, take, room - spent, ratio);
    const out = cut.render(hint, flagged, scan.pairs, budget);
    if (out.length > budget) continue;
    // The bounds assumed the longest markers: offer what is left to head and tail once.
    const slack = budget - out.length;
    if (slack > 0) {
      const wider = cutWith(text, scan, chosen, take, room - spent + slack, ratio);
      const wideOut = wider.render(hint, flagged, scan.pairs, budget);
      if (wideOut.length <= budget) return new KeepResult(wideOut, wider);
    }
    return new KeepResult(out, cut);
  }
  return plainTruncation(text, scan, budget, ratio, hint);
}

/**
 * Head, the flagged blocks and tail within `budget` UTF-16 units, a marker
 * for every gap. A text that fits is returned as is.
 */
export function keepImportant(text: string, budget: i32, headRatio: f64, hint: string): string {
  return keepImportantResult(text, budget, headRatio, hint).output;
}

/**
 * What keepImportant keeps, as JSON (offsets in UTF-16 units, lines 1-based):
 * {"kept":[[start,end,firstLine,lastLine],…],"omittedChars":N,"totalLines":T};
 * a text that fits gives one range over all of it.
 */
export function keepImportantPlan(text: string, budget: i32, headRatio: f64, hint: string): string {
  const r = keepImportantResult(text, budget, headRatio, hint);
  let cut = r.cut;
  if (cut === null) {
    const total = scanImportant(text).totalLines;
    cut = new Cut(text, total);
    cut.keep(0, text.length, 1);
  }
  return cut.toJson();
}

/**
 * The flagged blocks of a text, merged when they touch, as JSON:
 * [{"first":12,"last":15,"rank":3,"kind":"error","flagged":[13]},…]
 * (lines 1-based and inclusive; rank 3 error, 2 summary or exit, 1 warning).
 */
export function importantLines(text: string): string {
  const scan = scanImportant(text);
  const out = new StrBuf(64 + scan.count * 64);
  out.addChar(CharCode.LBRACKET);
  const block = new Block();
  let open = false;
  let first = 0;
  let last = 0;
  let bestKind = 0;
  let flagged = new Array<i32>();
  let written = 0;
  for (let i = 0; i <= scan.count; i++) {
    if (i < scan.count) {
      const kind = unchecked(scan.kinds[i]);
      blockOf(text, unchecked(scan.lineStarts[i]), unchecked(scan.lineEnds[i]), unchecked(scan.lineNumbers[i]), kind, block);
      if (open && block.firstLine <= last + 1) {
        if (block.lastLine > last) last = block.lastLine;
        if (rankOf(kind) > rankOf(bestKind) || (rankOf(kind) == rankOf(bestKind) && kind > bestKind)) bestKind = kind;
        flagged.push(unchecked(scan.lineNumbers[i]));
        continue;
      }
    }
    if (open) {
      if (written++ > 0) out.addChar(CharCode.COMMA);
      out.add("{\"first\":").addInt(first).add(",\"last\":").addInt(last);
      out.add(",\"rank\":").addInt(rankOf(bestKind)).add(",\"kind\":\"").add(kindName(bestKind)).add("\",\"flagged\":[");
      for (let j = 0; j < flagged.length; j++) {
        if (j > 0) out.addChar(CharCode.COMMA);
        out.addInt(unchecked(flagged[j]));
      }
      out.add("]}");
    }
    if (i == scan.count) break;
    open = true;
    first = block.firstLine;
    last = block.lastLine;
    bestKind = unchecked(scan.kinds[i]);
    flagged = [unchecked(scan.lineNumbers[i])];
  }
  out.addChar(CharCode.RBRACKET);
  return out.toString();
}

// Kind is re-exported for digests that want to name what they keep.
export { Kind };
