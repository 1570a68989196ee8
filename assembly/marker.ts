// The one line that stands in for omitted text. Every cut in the core writes
// it through this file, so the model always sees the same shape:
//
//   [...12,345 chars omitted...] lines 41–4,960 of 5,000
//   [...80 chars omitted...] line 3 of 3 (partial)
//   [...9,000 chars omitted...] lines 2–700 of 900; incl. 2 error, 31 warning lines; read more: … offset=2
//
// N counts Unicode code points of exactly what was left out. Line numbers are
// 1-based and inclusive. " (partial)" says that the first or the last line of
// the range is partly kept. The "; incl. …" part counts flagged lines inside the
// range that are not shown (a numbered cut's one marker leaves this out), and
// "; N blocks like lines A–B" the repeated blocks
// (thread dumps, alike reports) the kept block at A–B stands for. The hint comes last, as the caller wrote it, with
// "{first}" and "{last}" replaced by the range's first and last line (plain digits,
// so a tool call can use them).
import { StrBuf } from "./util/strbuf";

const EN_DASH: i32 = 0x2013;

/** Flagged lines left out of one gap, by class. */
export class HiddenCounts {
  errors: i32 = 0;
  summaries: i32 = 0;
  warnings: i32 = 0;
  /** Blocks left out that are like the block at lines alikeFirst–alikeLast (0 when that one is left out too). */
  alike: i32 = 0;
  alikeFirst: i32 = 0;
  alikeLast: i32 = 0;

  get any(): bool {
    return this.errors + this.summaries + this.warnings + this.alike > 0;
  }
}

export function writeMarker(
  out: StrBuf,
  omitted: i32,
  first: i32,
  last: i32,
  total: i32,
  partial: bool,
  hidden: HiddenCounts | null,
  hint: string,
): void {
  out.addLabelCount("[...", omitted).add(" chars omitted...] ");
  if (first == last) out.addLabelCount("line ", first);
  else out.addLabelCount("lines ", first).addChar(EN_DASH).addCount(last);
  out.addLabelCount(" of ", total);
  if (partial) out.add(" (partial)");
  if (hidden !== null && hidden.any) writeHidden(out, hidden);
  writeHint(out, hint, first, last);
}

/**
 * The one marker of a numbered cut (important/numbered.ts), before its lines:
 * "[...N chars omitted...] 12 of 121 lines shown, numbered; hint", the hint's
 * "{first}" and "{last}" naming the first gap. It carries no "; incl. …" tally:
 * a numbered cut serves a small budget, whose status line states the totals, and
 * the tally's 30 chars are a line more of the output. Alike blocks are still named.
 */
export function writeNumberedMarker(out: StrBuf, omitted: i32, shown: i32, total: i32, hidden: HiddenCounts | null, hint: string, first: i32, last: i32): void {
  out.addLabelCount("[...", omitted).addLabelCount(" chars omitted...] ", shown).addLabelCount(" of ", total).add(" lines shown, numbered");
  if (hidden !== null && hidden.alike > 0) writeAlike(out, hidden);
  writeHint(out, hint, first, last);
}

/** Longest numbered marker a cut of `units` units and `total` lines can need. */
export function numberedMarkerBound(units: i32, total: i32, hint: string, hidden: HiddenCounts | null): i32 {
  const out = new StrBuf(96 + hint.length);
  writeNumberedMarker(out, units, total, total, hidden, hint, total, total);
  return out.length;
}

/** "[...N chars omitted...]" alone: for budgets too small for the line range. */
export function writeBareMarker(out: StrBuf, omitted: i32): void {
  out.addLabelCount("[...", omitted).add(" chars omitted...]");
}

function writeHidden(out: StrBuf, h: HiddenCounts): void {
  if (h.errors + h.summaries + h.warnings > 0) writeIncluded(out, h);
  if (h.alike > 0) writeAlike(out, h);
}

/** "; 23 blocks like lines 31–35": the kept block stands for them; "; 6 alike blocks" when none is kept. */
function writeAlike(out: StrBuf, h: HiddenCounts): void {
  out.addLabelCount("; ", h.alike);
  if (h.alikeFirst == 0) out.add(" alike blocks");
  else {
    out.add(h.alike == 1 ? " block like lines " : " blocks like lines ");
    out.addCount(h.alikeFirst).addChar(EN_DASH).addCount(h.alikeLast);
  }
}

function writeIncluded(out: StrBuf, h: HiddenCounts): void {
  out.add("; incl. ");
  let parts = 0;
  if (h.errors > 0) {
    out.addCount(h.errors).add(" error");
    parts++;
  }
  if (h.summaries > 0) {
    if (parts++ > 0) out.add(", ");
    out.addCount(h.summaries).add(" summary");
  }
  if (h.warnings > 0) {
    if (parts++ > 0) out.add(", ");
    out.addCount(h.warnings).add(" warning");
  }
  out.add(h.errors + h.summaries + h.warnings == 1 ? " line" : " lines");
}

/** `hint` with every "{first}" and "{last}" replaced by the line numbers. */
export function writeHint(out: StrBuf, hint: string, first: i32, last: i32): void {
  const n = hint.length;
  let run = 0;
  for (let i = 0; i < n; i++) {
    if (hint.charCodeAt(i) != 0x7b) continue; // "{"
    let value = -1;
    let skip = 0;
    if (matchAt(hint, i, "{first}")) {
      value = first;
      skip = 7;
    } else if (matchAt(hint, i, "{last}")) {
      value = last;
      skip = 6;
    }
    if (value < 0) continue;
    out.addRange(hint, run, i);
    out.addInt(value);
    i += skip - 1;
    run = i + 1;
  }
  out.addRange(hint, run, n);
}

function matchAt(s: string, at: i32, lit: string): bool {
  if (at + lit.length > s.length) return false;
  for (let j = 0; j < lit.length; j++) if (s.charCodeAt(at + j) != lit.charCodeAt(j)) return false;
  return true;
}

/**
 * Longest marker line (without its newlines) that a cut of a text of
 * `units` UTF-16 units and `total` lines can need; formatted numbers only
 * grow with their value, so the largest values give the bound.
 */
export function markerBound(units: i32, total: i32, hint: string, hidden: HiddenCounts | null): i32 {
  const out = new StrBuf(96 + hint.length);
  // last = total + 1 forces the "lines A–B" form and can only over-count.
  writeMarker(out, units, total, total + 1, total, true, hidden, hint);
  return out.length;
}

export function markerText(omitted: i32, first: i32, last: i32, total: i32, partial: bool, hidden: HiddenCounts | null, hint: string): string {
  const out = new StrBuf(96 + hint.length);
  writeMarker(out, omitted, first, last, total, partial, hidden, hint);
  return out.toString();
}
