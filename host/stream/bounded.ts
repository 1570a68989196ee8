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
  gap?: { last: number; omitted: number; markerChars: number };
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
    this.tail.push(text);
    this.tailLength += text.length;
    if (this.tailLength > 2 * this.limits.tailChars) {
      const joined = this.tail.join("");
      const kept = joined.slice(joined.length - this.limits.tailChars);
      this.tail = [kept];
      this.tailLength = kept.length;
    }
    // `partial` is the text since the last newline, so the window ends where the output does.
    const window = this.partial + text;
    const windowStart = this.chars - window.length;
    let line = this.partialLine;
    let from = 0;
    if (this.inLongLine) {
      // The rest of a line too long to check: the scan starts after it.
      const end = window.indexOf("\n");
      if (end < 0) return;
      this.inLongLine = false;
      this.open = null;
      from = end + 1;
      line++;
    }
    this.floor = from;
    let scanned = from;
    // Lines still owed to the last group come first.
    if (this.open) {
      from = this.fillOpen(window, windowStart, line, from);
      line += countNewlines(window, scanned, from);
      scanned = from;
    }
    IMPORTANT.lastIndex = from;
    for (let m = IMPORTANT.exec(window); m !== null; m = IMPORTANT.exec(window)) {
      const lineStart = window.lastIndexOf("\n", m.index) + 1;
      const lineEnd = window.indexOf("\n", m.index);
      if (lineEnd < 0) break; // the line goes on: checked again when it ends
      line += countNewlines(window, scanned, lineStart);
      scanned = lineStart;
      this.keep(window, windowStart, lineStart, lineEnd, line);
      from = this.fillOpen(window, windowStart, line + 1, lineEnd + 1);
      line += countNewlines(window, scanned, from);
      scanned = from;
      IMPORTANT.lastIndex = from;
    }
    const last = window.lastIndexOf("\n");
    // `partial` holds no newline: every newline of the window is in `text`.
    const added = countNewlines(text);
    this.newlines += added;
    if (last >= from - 1 && last >= 0) {
      this.rememberRecent(window, windowStart, last, this.partialLine + added - 1);
      this.partialLine += added;
    }
    this.partial = last < 0 ? window : window.slice(last + 1);
    // A line longer than this is not checked: memory stays bounded whatever its length.
    if (this.partial.length > 4 * this.limits.maxLineChars) {
      this.partial = "";
      this.inLongLine = true;
    }
  }

  /** Remembers the last complete lines of the window (up to `end`, the last newline) for context. */
  private rememberRecent(window: string, windowStart: number, end: number, endLine: number): void {
    const want = this.limits.contextLines;
    const found: KeptLine[] = [];
    let lineEnd = end;
    let line = endLine;
    while (found.length < want) {
      const start = lineStartBefore(window, lineEnd);
      if (start < this.floor) {
        found.length = 0; // the line before is one too long to keep: no context from before it
        break;
      }
      found.unshift(this.lineOf(window, windowStart, start, lineEnd, line));
      if (start === this.floor) break;
      lineEnd = start - 1;
      line--;
    }
    this.recent = this.floor > 0 ? found : [...this.recent, ...found].slice(-want);
  }

  private lineOf(window: string, windowStart: number, start: number, end: number, line: number): KeptLine {
    const length = end - start;
    const text = length > this.limits.maxLineChars ? window.slice(start, start + safeCut(window.slice(start, end), this.limits.maxLineChars)) : window.slice(start, end);
    // A copy: a slice would keep the whole window alive for as long as the line is kept.
    return { line, start: windowStart + start, length, text: copyString(text) };
  }

  /** Keeps the important line at [start, end) with the lines before it. */
  private keep(window: string, windowStart: number, start: number, end: number, line: number): void {
    const group: Group = [];
    // Context before: from this window, then from the lines remembered from earlier windows.
    let s = start;
    let l = line;
    while (group.length < this.limits.contextLines && s > this.floor) {
      const prevStart = lineStartBefore(window, s - 1);
      group.unshift(this.lineOf(window, windowStart, prevStart, s - 1, --l));
      s = prevStart;
    }
    if (s === 0) {
      for (let i = this.recent.length - 1; i >= 0 && group.length < this.limits.contextLines; i--) {
        if (this.recent[i]!.line < l) group.unshift(this.recent[i]!);
      }
    }
    group.push(this.lineOf(window, windowStart, start, end, line));
    const half = Math.max(1, Math.floor(this.limits.maxImportantLines / 2));
    if (this.firstGroups.length < half) this.firstGroups.push(group);
    else {
      this.lastGroups.push(group);
      if (this.lastGroups.length > half) this.lastGroups.shift();
    }
    this.open = { group, needed: this.limits.contextLines };
  }

  /** Adds the lines after the open group's important line; returns where the scan resumes. */
  private fillOpen(window: string, windowStart: number, line: number, from = 0): number {
    let pos = from;
    while (this.open && this.open.needed > 0) {
      const end = window.indexOf("\n", pos);
      if (end < 0) return pos; // finished in a later window
      this.open.group.push(this.lineOf(window, windowStart, pos, end, line++));
      this.open.needed--;
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
    const addGap = (from: number, to: number, firstLine: number, lastLine: number, partial: boolean): void => {
      if (to <= from) return;
      const self = built + 1;
      const marker = `[...${count(to - from)} chars omitted...] line ${count(self)} of ${count(lines)}${partial ? " (partial)" : ""}${hint(self, self)}`;
      pieces.push({ builtFirst: built + 1, builtLast: built + 1, first: firstLine, gap: { last: lastLine, omitted: to - from, markerChars: marker.length } });
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
      addGap(pos, run[0]!.start, nextLine, run[0]!.line - 1, partial);
      partial = false;
      addText(run.map((k) => (k.text.length < k.length ? `${k.text}… [+${count(k.length - k.text.length)} chars]` : k.text)).join("\n"), run[0]!.line);
      const end = run[run.length - 1]!;
      pos = end.start + end.length + 1;
      nextLine = end.line + 1;
      i = j + 1;
    }
    addGap(pos, tailStart, nextLine, tailPartial ? tailLine : tailLine - 1, partial || tailPartial);
    if (tail.length > 0) {
      out.push(tail);
      const n = countNewlines(tail) + (tail.endsWith("\n") ? 0 : 1);
      pieces.push({ builtFirst: built + 1, builtLast: built + n, first: tailLine });
    }
    return { text: out.join(""), pieces, omitted, chars, lines };
  }
}
