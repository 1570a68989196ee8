// The file as the FileContent digest sees it, and the pieces every view of
// it writes with: numbered lines, the footer that names the next offset, the
// lines shown and what they cover.
import { PlainCounts } from "../../util/plain-counts";
import { outlineOf } from "../../outline/outline";
import { Outline } from "../../outline/symbols";
import { CharCode } from "../../util/chars";
import { StrBuf } from "../../util/strbuf";
import { addClipped, clippedAway, clippedLength, countDigitsWithCommas, LineIndex, pluralS, rankByScore, Writer } from "../shared/text";
import { Digest } from "../shared/types";

/** Longest line shown whole in a chunk; longer ones are clipped with a count. */
export const MAX_CHUNK_LINE: i32 = 500;
export const EN_DASH: i32 = 0x2013;

/** The file as the digest sees it: code without line-number prefixes, numbered from `first`. */
export class FileText {
  lines: LineIndex;
  /** File line number of the text's first line. */
  first: i32 = 1;
  path: string = "";
  language: string = "";
  bytes: i64 = 0;
  /** The text is the whole file although the call named a range. */
  whole: bool = false;
  private cached: Outline | null = null;

  /** `counts`: what cleaning counted of its text (util/plain-counts.ts), used when `text` is that text. */
  constructor(public text: string, counts: PlainCounts | null = null) {
    this.lines = new LineIndex(text, counts);
  }

  get last(): i32 {
    return this.first + this.lines.count - 1;
  }

  /** The outline, in file line numbers, computed once. */
  get outline(): Outline {
    let o = this.cached;
    if (o === null) {
      o = outlineOf(this.text, this.language);
      shiftOutline(o, this.first - 1);
      this.cached = o;
    }
    return o;
  }
}

/** Moves an outline of the text's lines to the file's: `shift` lines on. */
export function shiftOutline(o: Outline, shift: i32): void {
  if (shift == 0) return;
  for (let i = 0; i < o.symbols.length; i++) {
    o.symbols[i].first += shift;
    o.symbols[i].last += shift;
  }
  if (o.imports > 0) {
    o.importFirst += shift;
    o.importLast += shift;
  }
}

/**
 * The longest of `texts` (by `sizes`) that fit `room` units, each on a line of its own, in
 * their order, none that `skip` marks; how many were written (and which, in `chosen`).
 */
export function writeLongest(w: Writer, texts: Array<string>, sizes: Array<i32>, room: i32, chosen: StaticArray<bool> = new StaticArray<bool>(texts.length), skip: StaticArray<bool> | null = null): i32 {
  const n = texts.length;
  const order = rankByScore(sizes, n);
  let shown = 0;
  for (let r = 0; r < n; r++) {
    const k = order[r];
    if (texts[k].length + 1 > room || (skip !== null && unchecked(skip[k]))) continue;
    room -= texts[k].length + 1;
    chosen[k] = true;
    shown++;
  }
  for (let k = 0; k < n; k++) if (chosen[k]) w.line(texts[k]);
  return shown;
}

/**
 * `head` then `: label L12, label L40, …, +K not listed]`: the entries whose `scores` are above
 * i32.MIN_VALUE, the highest first while `room` units last, listed in index order, each by its
 * label and first line; "" when none fits. `rest` is how many entries `head` counts.
 */
export function namesLine(head: string, labels: Array<string>, firsts: Array<i32>, scores: Array<i32>, rest: i32, room: i32): string {
  const n = labels.length;
  const out = new StrBuf(max(room, 64));
  out.add(head);
  // What closes the line when some names are left out: ", +N not listed]".
  const closing = 16 + countDigitsWithCommas(rest);
  const order = rankByScore(scores, n);
  const named = new StaticArray<bool>(n);
  let left = room - out.length - 1;
  let listed = 0;
  for (let r = 0; r < n; r++) {
    const k = order[r];
    if (scores[k] == i32.MIN_VALUE) break;
    const cost = 2 + labels[k].length + 2 + countDigits(firsts[k]);
    if (cost + (listed + 1 == rest ? 0 : closing) > left) continue;
    left -= cost;
    unchecked((named[k] = true));
    listed++;
  }
  if (listed == 0) return "";
  let m = 0;
  for (let k = 0; k < n; k++) {
    if (!unchecked(named[k])) continue;
    out.add(m++ == 0 ? ": " : ", ").add(labels[k]).addLabelInt(" L", firsts[k]);
  }
  if (listed < rest) out.addLabelCount(", +", rest - listed).add(" not listed");
  return out.addChar(CharCode.RBRACKET).toString();
}

/** `L55–103`, or `L7` for one line. */
export function addLines(out: StrBuf, first: i32, last: i32): void {
  out.addChar(0x4c).addInt(first);
  if (last != first) out.addChar(EN_DASH).addInt(last);
}

/** Tracks the lines a digest shows and the code points they cover. */
export class Shown {
  shownPoints: i32 = 0;
  constructor(public d: Digest, public f: FileText) {}

  /** Text line i (0-based) shown, less `clipped` code points. */
  add(i: i32, clipped: i32): void {
    this.d.keep(i + 1, i + 1);
    this.shownPoints += this.f.lines.weight(i) - clipped;
  }

  settle(): void {
    this.d.omittedChars = max(0, this.f.lines.codePoints - this.shownPoints);
    this.d.truncated = this.d.omittedChars > 0;
  }
}

/** `12: code`, clipped; returns false when it does not fit the room. */
export function writeNumbered(w: Writer, f: FileText, i: i32, shown: Shown): bool {
  const a = f.lines.start(i);
  const b = f.lines.end(i);
  const n = f.first + i;
  const cost = countDigits(n) + 2 + clippedLength(f.text, a, b, MAX_CHUNK_LINE) + 1;
  if (cost > w.room) return false;
  w.out.addInt(n).add(": ");
  addClipped(w.out, f.text, a, b, MAX_CHUNK_LINE);
  w.out.addChar(CharCode.LF);
  shown.add(i, clippedAway(f.text, a, b, MAX_CHUNK_LINE));
  return true;
}

export function countDigits(n: i32): i32 {
  let d = 1;
  while (n >= 10) {
    n /= 10;
    d++;
  }
  return d;
}

/** view's footer: `(showing lines X-Y of Z total; next: offset=Y+1)`. */
export function footer(first: i32, last: i32, total: i32): string {
  const out = new StrBuf(64);
  if (last < first) return out.add("(no lines shown; ").add(pluralS(total, "line")).addLabelInt(" total; read with offset=", first).addChar(0x29).toString();
  out.addLabelInt("(showing lines ", first).addChar(CharCode.MINUS).addInt(last).addLabelInt(" of ", total).add(" total; ");
  if (last < total) out.addLabelInt("next: offset=", last + 1).addChar(0x29);
  else out.add("end of file)");
  return out.toString();
}

