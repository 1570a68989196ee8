// A numbered cut (important/numbered.ts) is made from bounds that assume the longest
// marker and the longest line numbers, and a line that does not fit the share it is
// offered in is passed over: a result can end well short of its budget while lines
// it left out would fit whole. The fill spends what is left, on the rendered result's
// true length, on whole lines in the order they are worth: the flagged lines in the
// order they were offered (a repeat the choice passed over included: shown, it says
// more than room left unused; not a line that only names a section or introduces the
// next, which alone says nothing), then the output's last lines: a tail says how a run
// ended, where the first lines are a banner. An output that ends in a run of encoded
// bytes states no outcome there: the run is left to the marker. A line without a letter
// or a digit ("   |", "      ^", "}") says nothing apart from the lines around it and is
// passed over.
import { Cut, Flagged } from "../cut";
import { CharCode, isAlpha, isDigit, isSpaceOrTab } from "../util/chars";
import { unitAt } from "../util/lines";
import { placeHeadOf } from "../important";
import { Scan } from "./scan";
import { Shapes } from "./shapes";

/** Renders tried at most per fill: each costs a pass over the result, not over the output. */
const MAX_TRIES: i32 = 48;
/** Lines too long for the room left that the tail passes over before it stops: beyond them it is no tail. */
const MAX_PASSED: i32 = 8;

/** The line [start, end) ends in a colon: it introduces the lines after it, and alone says nothing ("  Stack:"). */
export function introduces(text: string, start: i32, end: i32): bool {
  let e = end;
  while (e > start && (unitAt(text, e - 1) == CharCode.SPACE || unitAt(text, e - 1) == CharCode.CR)) e--;
  return e > start && unitAt(text, e - 1) == CharCode.COLON;
}

/**
 * The line [start, end) holds no letter or digit ("   |", "      ^", "}", a gutter drawn with
 * box-drawing characters, "  │", "  ╰──"): alone it says nothing. Other non-ASCII units may be
 * letters.
 */
export function saysNothing(text: string, start: i32, end: i32): bool {
  for (let i = start; i < end; i++) {
    const c = unitAt(text, i);
    if (c >= 0x80 ? c != 0xa0 && (c < 0x2500 || c >= 0x25a0) : isAlpha(c) || isDigit(c)) return false;
  }
  return true;
}

/** `cut` with the whole line [start, end) (its '\n' included) kept too; null when any of it is kept already. */
export function withLine(cut: Cut, start: i32, end: i32, firstLine: i32): Cut | null {
  const count = cut.count;
  const out = new Cut(cut.text, cut.totalLines);
  out.numbered = cut.numbered;
  out.blankless = cut.blankless;
  out.alike = cut.alike;
  let placed = false;
  for (let k = 0; k < count; k++) {
    const s = unchecked(cut.starts[k]);
    const e = unchecked(cut.ends[k]);
    // Part of the line shown already (a line cut short): not offered again.
    if (s < end && e > start) return null;
    if (!placed && s >= end) {
      out.keep(start, end, firstLine);
      placed = true;
    }
    out.keep(s, e, unchecked(cut.firstLines[k]));
  }
  if (!placed) out.keep(start, end, firstLine);
  return out;
}

/** A cut filled up to a budget: what it renders to and its kept ranges. */
export class Filled {
  tries: i32 = 0;
  /** Each line's header found so far (headerOf), made when a line first needs one. */
  private headers: StaticArray<i32> | null = null;
  constructor(public output: string, public cut: Cut, public budget: i32, public hint: string, public flagged: Flagged | null, public pairs: i32, public perLine: i32) {}

  /** Too little room is left for any line and its number, or the renders allowed are spent. */
  get spent(): bool {
    return this.tries >= MAX_TRIES || this.budget - this.output.length < this.perLine + 2;
  }

  /** Keeps the line [start, lineEnd) (lineEnd at its '\n' or the end) when the result still fits; whether it did. */
  offer(start: i32, lineEnd: i32, firstLine: i32): bool {
    const text = this.cut.text;
    const end = lineEnd < text.length ? lineEnd + 1 : lineEnd;
    // Its units and its number: the marker's counts change by a digit or so, which the render settles.
    if (lineEnd - start + 1 + this.perLine > this.budget - this.output.length || this.spent) return false;
    if (introduces(text, start, lineEnd) || saysNothing(text, start, lineEnd)) return false;
    const wider = withLine(this.cut, start, end, firstLine);
    if (wider === null) return false;
    this.tries++;
    const out = wider.render(this.hint, this.flagged, this.pairs, this.budget);
    if (out.length > this.budget) return false;
    this.output = out;
    this.cut = wider;
    return true;
  }

  /**
   * Offers the line [start, lineEnd) of `scan`'s text (line `line`, 1-based); a finding whose
   * block's head says where it is (placeHeadOf) together with that head, or not at all.
   */
  offerPlaced(scan: Scan | null, shapes: Shapes | null, start: i32, lineEnd: i32, line: i32): bool {
    if (scan !== null && shapes !== null && line <= shapes.count && isSpaceOrTab(unitAt(this.cut.text, start))) {
      let known = this.headers;
      if (known === null) this.headers = known = new StaticArray<i32>(shapes.count);
      const head = placeHeadOf(this.cut.text, scan, shapes, known, start, line);
      const hs = head >= 0 ? unchecked(shapes.starts[head]) : 0;
      if (head >= 0 && !this.cut.keeps(hs)) return this.offer(hs, lineEnd, head + 1);
    }
    return this.offer(start, lineEnd, line);
  }

  /**
   * Offers the output's last lines, from the end up, until MAX_PASSED of them did not fit,
   * each as offerPlaced() offers it (each line alone without a scan).
   */
  offerTail(scan: Scan | null, shapes: Shapes | null): void {
    const text = this.cut.text;
    const n = text.length;
    let e = n > 0 && unitAt(text, n - 1) == CharCode.LF ? n - 1 : n;
    let line = this.cut.totalLines;
    let passed = 0;
    while (e > 0 && !this.spent && passed < MAX_PASSED) {
      let s = e;
      while (s > 0 && unitAt(text, s - 1) != CharCode.LF) s--;
      // A blank line says nothing: passed over. A line too long for the room left is passed
      // over too; offer() turns down one already kept.
      if (e - s + 1 + this.perLine > this.budget - this.output.length) passed++;
      else if (s < e) this.offerPlaced(scan, shapes, s, e, line);
      if (s == 0) return;
      e = s - 1;
      line--;
    }
  }
}
