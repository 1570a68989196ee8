// Line-by-line reading for the config and data scanners: where each line
// starts and ends, its indentation, and short values cut for an outline.
import { CharCode } from "../util/chars";
import { blanksEnd, blanksStart, findNewline, unitAt } from "../util/lines";
import { startsWithAt } from "../util/scan";

/** Longest value an outline keeps beside its key (`kind: Service`). */
export const MAX_DETAIL: i32 = 60;

/** A cursor over the lines of a text: [start, end) is the current line without its "\n" (and "\r"). */
export class Lines {
  start: i32 = 0;
  end: i32 = 0;
  /** 1-based number of the current line. */
  number: i32 = 0;
  private next: i32 = 0;
  private n: i32;

  constructor(public text: string) {
    this.n = text.length;
  }

  /** Moves to the next line; false at the end of the text. */
  advance(): bool {
    if (this.next >= this.n) return false;
    this.start = this.next;
    const nl = findNewline(this.text, this.start, this.n);
    let e = nl;
    if (e > this.start && unitAt(this.text, e - 1) == CharCode.CR) e--;
    this.end = e;
    this.next = nl + 1;
    this.number++;
    return true;
  }

  /** Index of the first unit that is not a space or tab (a BOM at the start is skipped too). */
  firstNonBlank(): i32 {
    return this.firstNonBlankFrom(this.start);
  }

  /** firstNonBlank from index i of the line. */
  firstNonBlankFrom(i: i32): i32 {
    while (i < this.end) {
      const c = unitAt(this.text, i);
      if (c != CharCode.SPACE && c != CharCode.TAB && c != 0xfeff) break;
      i++;
    }
    return i;
  }

  at(i: i32): i32 {
    return i < this.end ? unitAt(this.text, i) : -1;
  }

  startsWith(i: i32, lit: string): bool {
    if (ASC_SHRINK_LEVEL >= 2) return startsWithAt(this.text, i, this.end, lit);
    if (i + lit.length > this.end) return false;
    for (let k = 0; k < lit.length; k++) if (unitAt(this.text, i + k) != lit.charCodeAt(k)) return false;
    return true;
  }
}

/** s[a, b) with spaces and tabs trimmed at both ends. */
export function trimmed(s: string, a: i32, b: i32): string {
  a = blanksEnd(s, a, b);
  b = blanksStart(s, a, b);
  return s.substring(a, b);
}

/** A value for an outline: trimmed, at most MAX_DETAIL units (cut with "…" at a code-point boundary). */
export function detailOf(s: string, a: i32, b: i32): string {
  const v = trimmed(s, a, b);
  if (v.length <= MAX_DETAIL) return v;
  let cut = MAX_DETAIL - 1;
  if ((v.charCodeAt(cut - 1) & 0xfc00) == 0xd800) cut--;
  return v.substring(0, cut) + "…";
}
