// Bounded mode of a stream: what is kept of an output too large to hold whole.
// Text is fed as it arrives; memory stays at a head, a tail window, a capped set
// of important lines from the middle with a little context, and exact counts.
// At the end the kept pieces become one text, every gap marked with what it left out.
import type { StreamLimits } from "./defaults.js";

/**
 * The cheap check made on every line of the middle: words that mark a failure. The core makes
 * the real decision on what is kept; this only decides what it gets to see.
 */
const IMPORTANT = /error|fatal|panic|fail|exception|traceback|abort|segmentation fault/gi;

/** A kept line of the middle: its number, where it starts, and its text (cut when very long). */
interface KeptLine {
  line: number;
  /** Absolute UTF-16 offset of the line's first unit. */
  start: number;
  /** UTF-16 units of the whole line, newline excluded. */
  length: number;
  text: string;
}

/** An important line and its context, in line order. */
type Group = KeptLine[];

/** One piece of the text built for the core, for mapping its line numbers back. */
export interface Piece {
  /** Lines of the built text this piece covers (1-based, inclusive). */
  builtFirst: number;
  builtLast: number;
  /** The true line number of builtFirst. */
  first: number;
  /** Set for a gap marker: the true lines it stands for and the UTF-16 units it left out. */
  gap?: {
    last: number;
    omitted: number;
    /** The marker's text, and its length. */
    marker: string;
    markerChars: number;
    /** The line before the marker was cut inside: the newline ending it is the built text's, not the output's. */
    afterCut: boolean;
  };
}

export interface BoundedTotals {
  /** UTF-16 units of the whole output's text. */
  chars: number;
  /** Lines of the whole output (a final newline does not start another). */
  lines: number;
}

export interface BuiltText extends BoundedTotals {
  /**
   * The head, the kept middle lines and the tail, each gap marked `[...N chars omitted...] line C of T`
   * where C is the marker's own line here (remap.ts maps it to the lines it stands for).
   */
  text: string;
  pieces: Piece[];
  /** UTF-16 units left out in the gaps. */
  omitted: number;
}

const count = (n: number): string => n.toLocaleString("en-US");

function countNewlines(text: string, from = 0, to = text.length): number {
  let n = 0;
  for (let i = text.indexOf("\n", from); i >= 0 && i < to; i = text.indexOf("\n", i + 1)) n++;
  return n;
}

/** Where the line that ends at `end` (a newline's index, or the window's end) starts. */
function lineStartBefore(window: string, end: number): number {
  return end <= 0 ? 0 : window.lastIndexOf("\n", end - 1) + 1;
}

/** A flat copy of a short string that shares no storage with the one it was sliced from. */
function copyString(text: string): string {
  return text.length === 0 ? "" : Buffer.from(text, "utf16le").toString("utf16le");
}

/** `at`, or one more when `at` would start the text with the second half of a surrogate pair. */
function safeStart(text: string, at: number): number {
  const c = text.charCodeAt(at);
  return c >= 0xdc00 && c <= 0xdfff ? at + 1 : at;
}

/** `max` units of `text`, one less when that would split a surrogate pair. */
function safeCut(text: string, max: number): number {
  if (text.length <= max) return text.length;
  const c = text.charCodeAt(max - 1);
  return c >= 0xd800 && c <= 0xdbff ? max - 1 : max;
}

export class BoundedText {
  private chars = 0;
  private newlines = 0;
  private endsWithNewline = false;

  private head = "";
  private headDone = false;

  /** Text after the head, newest last; trimmed to the last tailChars now and then. */
  private tail: string[] = [];
  private tailLength = 0;

  /** The current line, not yet ended by a newline (its first part only, when very long). */
  private partial = "";
  /** Inside a line too long to keep whole for the checks (partial is then ""). */
  private inLongLine = false;
  /** Where the current window's first whole line starts (after the rest of a long line). */
  private floor = 0;
  private partialLine = 1;
  /** The last complete lines before `partial`, for context. */
  private recent: KeptLine[] = [];
  private readonly firstGroups: Group[] = [];
  private readonly lastGroups: Group[] = [];
  /** The group still waiting for lines after its important line. */
  private open: { group: Group; needed: number } | null = null;

  constructor(private readonly limits: StreamLimits) {}

  get totals(): BoundedTotals {
    return { chars: this.chars, lines: this.newlines + (this.chars > 0 && !this.endsWithNewline ? 1 : 0) };
  }

  /** Feeds the next piece of text. */
  push(text: string): void {
    if (text.length === 0) return;
    this.chars += text.length;
    this.endsWithNewline = text.charCodeAt(text.length - 1) === 0x0a;
    if (!this.headDone) {
      const room = this.limits.headChars - this.head.length;
      if (text.length < room) {
        this.head += text;
        this.newlines += countNewlines(text);
        return;
      }
      const combined = this.head + text;
      const nl = combined.lastIndexOf("\n", this.limits.headChars - 1);
      const cut = nl >= 0 ? nl + 1 : safeCut(combined, this.limits.headChars);
      this.head = combined.slice(0, cut);
      this.headDone = true;
      // The rest of `combined` is counted as the middle is fed.
      this.newlines = countNewlines(this.head);
      this.partialLine = this.newlines + 1;
      // A head cut inside its first line: the rest of that line is not checked again.
      this.inLongLine = !this.head.endsWith("\n");
      this.feedMiddle(combined.slice(cut));
      return;
    }
    this.feedMiddle(text);
  }

  private feedMiddle(text: string): void {
    if (text.length === 0) return;
    // Whole pieces are dropped from the front of the tail window, never re-joined: a join of
    // the window on every few writes would copy it again and again.
    this.tail.push(text);
    this.tailLength += text.length;
    while (this.tail.length > 1 && this.tailLength - this.tail[0]!.length >= this.limits.tailChars) this.tailLength -= this.tail.shift()!.length;
    // Every scan runs on `text` itself: joining it to the line before would build a new string
    // of the chunk's size on every write, which costs more than all the checks together.
    const textStart = this.chars - text.length;
    const added = countNewlines(text);
    this.newlines += added;
    const firstEnd = text.indexOf("\n");
    if (firstEnd < 0) {
      if (!this.inLongLine) this.partial += text;
      this.capPartial();
      return;
    }
    // 1. The line that began before this text ends in it.
    let line = this.partialLine;
    if (this.inLongLine) {
      this.inLongLine = false;
      this.open = null;
      this.recent = []; // the line before the next one was not kept: no context across it
    } else {
      const head = text.slice(0, firstEnd);
      const whole = this.partial + head;
      const kept = this.keptLine(whole, textStart - this.partial.length, line);
      if (this.open) this.addAfter(kept);
      else {
        IMPORTANT.lastIndex = 0;
        if (IMPORTANT.test(whole)) this.keepGroup(kept, this.recent);
      }
      this.recent = [...this.recent, kept].slice(-this.limits.contextLines);
    }
    line++;
    // 2. The lines wholly inside this text.
    let from = firstEnd + 1;
    this.floor = from;
    let scanned = from;
    if (this.open) {
      from = this.fillOpen(text, textStart, line, from);
      line += countNewlines(text, scanned, from);
      scanned = from;
    }
    IMPORTANT.lastIndex = from;
    for (let m = IMPORTANT.exec(text); m !== null; m = IMPORTANT.exec(text)) {
      const lineStart = text.lastIndexOf("\n", m.index) + 1;
      const lineEnd = text.indexOf("\n", m.index);
      if (lineEnd < 0) break; // the line goes on: checked when it ends
      line += countNewlines(text, scanned, lineStart);
      scanned = lineStart;
      this.keep(text, textStart, lineStart, lineEnd, line);
      from = this.fillOpen(text, textStart, line + 1, lineEnd + 1);
      line += countNewlines(text, scanned, from);
      scanned = from;
      IMPORTANT.lastIndex = from;
    }
    const last = text.lastIndexOf("\n");
    this.rememberRecent(text, textStart, last, this.partialLine + added - 1);
    this.partialLine += added;
    this.partial = text.slice(last + 1);
    this.capPartial();
  }

  /** A line longer than this is not checked: memory stays bounded whatever its length. */
  private capPartial(): void {
    if (this.partial.length > 4 * this.limits.maxLineChars) {
      this.partial = "";
      this.inLongLine = true;
    }
  }

  /** Remembers the last complete lines of the text (up to `end`, the last newline) for context. */
  private rememberRecent(window: string, windowStart: number, end: number, endLine: number): void {
    const want = this.limits.contextLines;
    const found: KeptLine[] = [];
    let lineEnd = end;
    let line = endLine;
    while (found.length < want && lineEnd >= this.floor) {
      const start = lineStartBefore(window, lineEnd);
      found.unshift(this.lineOf(window, windowStart, start, lineEnd, line));
      lineEnd = start - 1;
      line--;
    }
    this.recent = [...this.recent, ...found].slice(-want);
  }

  private lineOf(window: string, windowStart: number, start: number, end: number, line: number): KeptLine {
    return this.keptLine(window.slice(start, end), windowStart + start, line);
  }

  private keptLine(whole: string, start: number, line: number): KeptLine {
    const length = whole.length;
    const text = length > this.limits.maxLineChars ? whole.slice(0, safeCut(whole, this.limits.maxLineChars)) : whole;
    // A copy: a slice would keep the whole chunk alive for as long as the line is kept.
    return { line, start, length, text: copyString(text) };
  }

  /** Keeps the important line at [start, end) with the lines before it. */
  private keep(window: string, windowStart: number, start: number, end: number, line: number): void {
    const before: KeptLine[] = [];
    // Context before: from this text, then from the lines remembered from earlier ones.
    let s = start;
    let l = line;
    while (before.length < this.limits.contextLines && s > this.floor) {
      const prevStart = lineStartBefore(window, s - 1);
      before.unshift(this.lineOf(window, windowStart, prevStart, s - 1, --l));
      s = prevStart;
    }
    if (s === this.floor) before.unshift(...this.recent.filter((k) => k.line < l));
    this.keepGroup(this.lineOf(window, windowStart, start, end, line), before.slice(-this.limits.contextLines));
  }

  private keepGroup(kept: KeptLine, before: readonly KeptLine[]): void {
    const group: Group = [...before.slice(-this.limits.contextLines), kept];
    const half = Math.max(1, Math.floor(this.limits.maxImportantLines / 2));
    if (this.firstGroups.length < half) this.firstGroups.push(group);
    else {
      this.lastGroups.push(group);
      if (this.lastGroups.length > half) this.lastGroups.shift();
    }
    this.open = { group, needed: this.limits.contextLines };
    if (this.open.needed === 0) this.open = null;
  }

  private addAfter(kept: KeptLine): void {
    this.open!.group.push(kept);
    if (--this.open!.needed <= 0) this.open = null;
  }

  /** Adds the lines after the open group's important line; returns where the scan resumes. */
  private fillOpen(window: string, windowStart: number, line: number, from = 0): number {
    let pos = from;
    while (this.open && this.open.needed > 0) {
      const end = window.indexOf("\n", pos);
      if (end < 0) return pos; // finished in a later text
      this.addAfter(this.lineOf(window, windowStart, pos, end, line++));
      pos = end + 1;
    }
    this.open = null;
    return pos;
  }

  /** The text the core sees: head, kept middle lines, tail; each gap marked with true counts. */
  build(hint: (first: number, last: number) => string): BuiltText {
    const { chars, lines } = this.totals;
    if (!this.headDone) return { text: this.head, pieces: lines > 0 ? [{ builtFirst: 1, builtLast: lines, first: 1 }] : [], omitted: 0, chars, lines };
    let tail = this.tail.join("");
    if (tail.length > this.limits.tailChars && tail.length > 0) tail = tail.slice(safeStart(tail, tail.length - this.limits.tailChars));
    let tailStart = chars - tail.length;
    const headEnd = this.head.length;
    // Nothing left out (the middle fits in the tail window): the text as it came.
    if (tailStart === headEnd) return { text: this.head + tail, pieces: lines > 0 ? [{ builtFirst: 1, builtLast: lines, first: 1 }] : [], omitted: 0, chars, lines };
    // The tail starts on a whole line, unless its window holds no line start at all.
    const nl = tail.indexOf("\n");
    const tailPartial = nl < 0 || nl + 1 === tail.length;
    if (!tailPartial) {
      tail = tail.slice(nl + 1);
      tailStart += nl + 1;
    }
    const tailLine = this.newlines - countNewlines(tail) + 1;
    const headLines = countNewlines(this.head);
    // Kept middle lines strictly between head and tail, in order, each once.
    const byLine = new Map<number, KeptLine>();
    for (const g of [...this.firstGroups, ...this.lastGroups]) {
      for (const k of g) if (k.start >= headEnd && k.start + k.length < tailStart && !byLine.has(k.line)) byLine.set(k.line, k);
    }
    const middle = [...byLine.values()].sort((a, b) => a.line - b.line);

    const out: string[] = [];
    const pieces: Piece[] = [];
    let built = 0; // lines of the built text so far
    let omitted = 0;
    const addText = (text: string, first: number): void => {
      const n = countNewlines(text) + (text.endsWith("\n") ? 0 : 1);
      pieces.push({ builtFirst: built + 1, builtLast: built + n, first });
      out.push(text.endsWith("\n") ? text : `${text}\n`);
      built += n;
    };
    // A gap's marker names its own line of the built text, like every marker the core writes
    // there; mapping the digest's markers back (remap.ts) turns it into the true range.
    const addGap = (from: number, to: number, firstLine: number, lastLine: number, partial: boolean, afterCut: boolean): void => {
      if (to <= from) return;
      const self = built + 1;
      const marker = `[...${count(to - from)} chars omitted...] line ${count(self)} of ${count(lines)}${partial ? " (partial)" : ""}${hint(self, self)}`;
      pieces.push({ builtFirst: built + 1, builtLast: built + 1, first: firstLine, gap: { last: lastLine, omitted: to - from, marker, markerChars: marker.length, afterCut } });
      out.push(`${marker}\n`);
      omitted += to - from;
      built++;
    };
    if (headEnd > 0) addText(this.head, 1);
    let pos = headEnd;
    let nextLine = headLines + 1;
    // The head ends inside a line when its first line is longer than headChars.
    let partial = headEnd > 0 && !this.head.endsWith("\n");
    // Consecutive kept lines form one run; a run ends where lines were skipped.
    for (let i = 0; i < middle.length; ) {
      let j = i;
      while (j + 1 < middle.length && middle[j + 1]!.line === middle[j]!.line + 1) j++;
      const run = middle.slice(i, j + 1);
      addGap(pos, run[0]!.start, nextLine, run[0]!.line - 1, partial, partial);
      partial = false;
      // Line by line: a run may end with an empty line, which a text ending in "\n" would not show.
      pieces.push({ builtFirst: built + 1, builtLast: built + run.length, first: run[0]!.line });
      out.push(run.map((k) => `${k.text.length < k.length ? `${k.text}… [+${count(k.length - k.text.length)} chars]` : k.text}\n`).join(""));
      built += run.length;
      const end = run[run.length - 1]!;
      pos = end.start + end.length + 1;
      nextLine = end.line + 1;
      i = j + 1;
    }
    addGap(pos, tailStart, nextLine, tailPartial ? tailLine : tailLine - 1, partial || tailPartial, partial);
    if (tail.length > 0) {
      out.push(tail);
      const n = countNewlines(tail) + (tail.endsWith("\n") ? 0 : 1);
      pieces.push({ builtFirst: built + 1, builtLast: built + n, first: tailLine });
    }
    return { text: out.join(""), pieces, omitted, chars, lines };
  }
}
