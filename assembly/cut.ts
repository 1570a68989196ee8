// A cut of a text: the ranges that are kept, in order. Rendering writes the
// kept ranges verbatim and one marker line (marker.ts) for every gap, so the
// truncation and the important-lines paths describe what they left out the same way.
import { HiddenCounts, writeMarker } from "./marker";
import { CharCode } from "./util/chars";
import { codePoints, countNewlines, unitAt } from "./util/lines";
import { StrBuf } from "./util/strbuf";

/** Flagged lines of a text, for the "; incl. …" counts: start offsets in order and class ranks (3, 2, 1). */
export class Flagged {
  starts: i32[] = [];
  ranks: i32[] = [];
}

export class Cut {
  /** Kept ranges [start, end) in UTF-16 units, sorted and disjoint. */
  starts: i32[] = [];
  ends: i32[] = [];
  /** 1-based line of each range's first unit. */
  firstLines: i32[] = [];
  /** Code points left out, filled by render(). */
  omittedChars: i32 = 0;

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
        const first = k == 0 ? 1 : unchecked(this.firstLines[k - 1]) + countNewlines(text, unchecked(this.starts[k - 1]), pos);
        const endsLine = unitAt(text, segStart - 1) == CharCode.LF;
        const last = k == count ? this.totalLines : unchecked(this.firstLines[k]) - (endsLine ? 1 : 0);
        const partial = (pos > 0 && unitAt(text, pos - 1) != CharCode.LF) || (segStart < n && !endsLine);
        const omitted = pairs > 0 ? codePoints(text, pos, segStart) : segStart - pos;
        this.omittedChars += omitted;
        let hidden: HiddenCounts | null = null;
        if (flagged !== null) {
          const fs = flagged.starts;
          while (flag < fs.length && unchecked(fs[flag]) < pos) flag++;
          const h = new HiddenCounts();
          while (flag < fs.length && unchecked(fs[flag]) < segStart) {
            const r = unchecked(flagged.ranks[flag]);
            if (r >= 3) h.errors++;
            else if (r == 2) h.summaries++;
            else h.warnings++;
            flag++;
          }
          hidden = h;
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
