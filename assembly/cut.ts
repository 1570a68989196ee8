// A cut of a text: the ranges that are kept, in order. Rendering writes the
// kept ranges verbatim and one marker line (marker.ts) for every gap, so the
// truncation and the important-lines paths describe what they left out the same
// way; a numbered cut writes one marker and each kept line after its number.
import { HiddenCounts, writeMarker, writeNumberedMarker } from "./marker";
import { CharCode } from "./util/chars";
import { blanksEnd, codePoints, countNewlines, findNewline, lineStartAt, unitAt } from "./util/lines";
import { StrBuf } from "./util/strbuf";

/** Flagged lines of a text, for the "; incl. …" counts: start offsets in order and class ranks (3, 2, 1). */
export class Flagged {
  starts: i32[] = [];
  ranks: i32[] = [];
}

/**
 * Groups of alike blocks (thread dumps, repeated reports): each group's first
 * block stands for the others, and a marker whose gap holds some of them says
 * how many ("; 23 blocks like lines 31–35").
 */
export class AlikeBlocks {
  /** Per group: its first block's first and last line (1-based). */
  firstLines: i32[] = [];
  lastLines: i32[] = [];
  /** Every other block of every group, in text order: [start, end) in units, and its group. */
  starts: i32[] = [];
  ends: i32[] = [];
  groups: i32[] = [];

  get count(): i32 {
    return this.firstLines.length;
  }

  /** Index of the first block that ends after `at` (blocks are in text order). */
  private firstEndingAfter(at: i32): i32 {
    let lo = 0;
    let hi = this.starts.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (unchecked(this.ends[mid]) <= at) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** The unit offset `at` lies in a block its group's first block stands for. */
  covers(at: i32): bool {
    const k = this.firstEndingAfter(at);
    return k < this.starts.length && unchecked(this.starts[k]) <= at;
  }

  /**
   * The group with the most blocks inside the gap [a, b) (lines first–last)
   * into `h` (none: h.alike stays 0). A group whose first block is in the gap
   * too is counted whole, with no line range to point at.
   */
  note(a: i32, b: i32, first: i32, last: i32, h: HiddenCounts): void {
    const groups = this.firstLines.length;
    const inside = new StaticArray<i32>(groups);
    for (let k = this.firstEndingAfter(a); k < this.starts.length && unchecked(this.starts[k]) < b; k++) {
      if (unchecked(this.starts[k]) >= a && unchecked(this.ends[k]) <= b) unchecked((inside[unchecked(this.groups[k])] += 1));
    }
    for (let g = 0; g < groups; g++) {
      let n = unchecked(inside[g]);
      const gf = unchecked(this.firstLines[g]);
      const gl = unchecked(this.lastLines[g]);
      const hiddenToo = gf >= first && gl <= last;
      if (hiddenToo && n > 0) n++;
      if (n > h.alike) {
        h.alike = n;
        h.alikeFirst = hiddenToo ? 0 : gf;
        h.alikeLast = hiddenToo ? 0 : gl;
      }
    }
  }
}

export class Cut {
  /** Kept ranges [start, end) in UTF-16 units, sorted and disjoint. */
  starts: i32[] = [];
  ends: i32[] = [];
  /** 1-based line of each range's first unit. */
  firstLines: i32[] = [];
  /** Code points left out, filled by render(). */
  omittedChars: i32 = 0;
  /** Rendered numbered (important/numbered.ts): one marker up front, each kept line after its number. */
  numbered: bool = false;
  /**
   * Numbered, its blank lines are kept but not written: under a small budget a number over
   * nothing takes room a line that says something could have.
   */
  blankless: bool = false;
  /** Alike blocks the markers name, when the caller found any. */
  alike: AlikeBlocks | null = null;

  constructor(public text: string, public totalLines: i32) {}

  get count(): i32 {
    return this.starts.length;
  }

  /** Adds a kept range after the last one, merging when they touch or overlap. */
  keep(start: i32, end: i32, firstLine: i32): void {
    if (end <= start) return;
    const n = this.starts.length;
    if (n > 0 && start <= unchecked(this.ends[n - 1])) {
      if (end > unchecked(this.ends[n - 1])) unchecked((this.ends[n - 1] = end));
      return;
    }
    this.starts.push(start);
    this.ends.push(end);
    this.firstLines.push(firstLine);
  }

  /** A kept range holds unit `at`. */
  keeps(at: i32): bool {
    for (let k = 0; k < this.starts.length; k++) if (unchecked(this.starts[k]) <= at && at < unchecked(this.ends[k])) return true;
    return false;
  }

  /** 1-based line of the last unit of kept range k. */
  lastLine(k: i32): i32 {
    const s = unchecked(this.starts[k]);
    const e = unchecked(this.ends[k]);
    const nl = countNewlines(this.text, s, e);
    return unchecked(this.firstLines[k]) + nl - (unitAt(this.text, e - 1) == CharCode.LF ? 1 : 0);
  }

  /**
   * The kept text with a marker line for every gap. `pairs` is the number of
   * surrogate pairs in the whole text: with none, code points = units and the
   * gaps need no counting pass.
   */
  render(hint: string, flagged: Flagged | null, pairs: i32, capacity: i32): string {
    if (this.numbered) return this.renderNumbered(hint, flagged, pairs, capacity);
    const text = this.text;
    const n = text.length;
    const out = new StrBuf(capacity);
    let pos = 0;
    let flag = 0;
    this.omittedChars = 0;
    const count = this.starts.length;
    for (let k = 0; k <= count; k++) {
      const segStart = k < count ? unchecked(this.starts[k]) : n;
      if (segStart > pos) {
        // The gap [pos, segStart).
        const first = this.gapFirst(k, pos);
        const last = this.gapLast(k, segStart);
        const partial = (pos > 0 && unitAt(text, pos - 1) != CharCode.LF) || (segStart < n && unitAt(text, segStart - 1) != CharCode.LF);
        const omitted = pairs > 0 ? codePoints(text, pos, segStart) : segStart - pos;
        this.omittedChars += omitted;
        let hidden: HiddenCounts | null = null;
        if (flagged !== null || this.alike !== null) {
          hidden = new HiddenCounts();
          flag = this.hiddenIn(pos, segStart, first, last, flagged, flag, hidden);
        }
        if (out.length > 0 && out.charAt(out.length - 1) != CharCode.LF) out.addChar(CharCode.LF);
        writeMarker(out, omitted, first, last, this.totalLines, partial, hidden, hint);
        if (k < count) out.addChar(CharCode.LF);
      }
      if (k == count) break;
      const segEnd = unchecked(this.ends[k]);
      out.addRange(text, segStart, segEnd);
      pos = segEnd;
    }
    return out.toString();
  }

  /** First line of the gap that ends before kept range k and starts at `pos`. */
  private gapFirst(k: i32, pos: i32): i32 {
    return k == 0 ? 1 : unchecked(this.firstLines[k - 1]) + countNewlines(this.text, unchecked(this.starts[k - 1]), pos);
  }

  /** Last line of the gap that ends at `segStart`, before kept range k (k == count: the text's end). */
  private gapLast(k: i32, segStart: i32): i32 {
    if (k == this.starts.length) return this.totalLines;
    return unchecked(this.firstLines[k]) - (unitAt(this.text, segStart - 1) == CharCode.LF ? 1 : 0);
  }

  /** What the gap [a, b) (from line `first`) hides: flagged lines from index `flag` on, and alike blocks. */
  private hiddenIn(a: i32, b: i32, first: i32, last: i32, flagged: Flagged | null, flag: i32, into: HiddenCounts): i32 {
    if (flagged !== null) {
      const fs = flagged.starts;
      while (flag < fs.length && unchecked(fs[flag]) < a) flag++;
      while (flag < fs.length && unchecked(fs[flag]) < b) {
        const r = unchecked(flagged.ranks[flag]);
        if (r >= 3) into.errors++;
        else if (r == 2) into.summaries++;
        else into.warnings++;
        flag++;
      }
    }
    const alike = this.alike;
    if (alike !== null) {
      // The gap holding the most alike blocks names them.
      const h = new HiddenCounts();
      alike.note(a, b, first, last, h);
      if (h.alike > into.alike) {
        into.alike = h.alike;
        into.alikeFirst = h.alikeFirst;
        into.alikeLast = h.alikeLast;
      }
    }
    return flag;
  }

  /**
   * The kept lines, each after its line number, under one marker that states
   * every code point left out; a line cut short ends in its own inline marker.
   */
  private renderNumbered(hint: string, flagged: Flagged | null, pairs: i32, capacity: i32): string {
    const text = this.text;
    const n = text.length;
    const body = new StrBuf(capacity);
    const hidden = new HiddenCounts();
    let pos = 0;
    let flag = 0;
    let shown = 0;
    let hintFirst = 0;
    let hintLast = 0;
    this.omittedChars = 0;
    const count = this.starts.length;
    for (let k = 0; k <= count; k++) {
      const segStart = k < count ? unchecked(this.starts[k]) : n;
      if (segStart > pos) {
        const first = this.gapFirst(k, pos);
        const last = this.gapLast(k, segStart);
        this.omittedChars += pairs > 0 ? codePoints(text, pos, segStart) : segStart - pos;
        flag = this.hiddenIn(pos, segStart, first, last, flagged, flag, hidden);
        if (hintFirst == 0) {
          hintFirst = first;
          hintLast = max(last, first);
        }
      }
      if (k == count) break;
      const segEnd = unchecked(this.ends[k]);
      const next = k + 1 < count ? unchecked(this.starts[k + 1]) : n;
      let line = unchecked(this.firstLines[k]);
      let p = segStart;
      while (p < segEnd) {
        const nl = findNewline(text, p, segEnd);
        // A blank line stays kept (its number's gap says where it is) but is not written.
        if (this.blankless && blanksEnd(text, p, nl) == nl && (nl < segEnd || segEnd == n) && (p == 0 || unitAt(text, p - 1) == CharCode.LF)) {
          line++;
          p = nl + 1;
          continue;
        }
        body.addInt(line).addChar(CharCode.COLON).addChar(CharCode.SPACE);
        if (p > 0 && unitAt(text, p - 1) != CharCode.LF) {
          // The line began in the gap before.
          const from = max(lineStartAt(text, p), pos);
          body.addLabelCount("[...", pairs > 0 ? codePoints(text, from, p) : p - from).add(" chars omitted...] ");
        }
        body.addRange(text, p, nl);
        if (nl == segEnd && segEnd < n && unitAt(text, segEnd) != CharCode.LF) {
          // The line goes on in the gap after.
          const to = min(findNewline(text, segEnd, n), next);
          body.addLabelCount(" [...", pairs > 0 ? codePoints(text, segEnd, to) : to - segEnd).add(" chars omitted...]");
        }
        shown++;
        line++;
        if (nl < segEnd || segEnd < n) body.addChar(CharCode.LF);
        p = nl + 1;
      }
      pos = segEnd;
    }
    const out = new StrBuf(body.length + 128 + hint.length);
    writeNumberedMarker(out, this.omittedChars, shown, this.totalLines, hidden, hint, hintFirst, hintLast);
    out.addChar(CharCode.LF);
    return out.add(body.toString()).toString();
  }

  /** {"kept":[[start,end,firstLine,lastLine],…],"omittedChars":N,"totalLines":T} (after render). */
  toJson(): string {
    const out = new StrBuf(64 + this.starts.length * 32);
    out.add("{\"kept\":[");
    for (let k = 0; k < this.starts.length; k++) {
      if (k > 0) out.addChar(CharCode.COMMA);
      out.addChar(CharCode.LBRACKET).addInt(unchecked(this.starts[k])).addChar(CharCode.COMMA).addInt(unchecked(this.ends[k]));
      out.addChar(CharCode.COMMA).addInt(unchecked(this.firstLines[k])).addChar(CharCode.COMMA).addInt(this.lastLine(k));
      out.addChar(CharCode.RBRACKET);
    }
    out.add("],\"omittedChars\":").addInt(this.omittedChars).add(",\"totalLines\":").addInt(this.totalLines).addChar(CharCode.RBRACE);
    return out.toString();
  }
}
