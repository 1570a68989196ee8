// The heading outline of a Markdown text: ATX ("## Install") and setext
// ("Install" underlined with === or ---) headings, outside fenced code blocks,
// with their line numbers; and the count of inline links ("](").
import { LineIndex } from "./text";
import { CharCode } from "../../util/chars";
import { blanksEnd, blanksStart, unitAt } from "../../util/lines";

export class MarkdownOutline {
  /** 0-based line of each heading. */
  lines: Array<i32> = new Array<i32>();
  levels: Array<i32> = new Array<i32>();
  /** The heading's text, without its marks. */
  texts: Array<string> = new Array<string>();
  links: i32 = 0;
}

function indentEnd(s: string, start: i32, end: i32): i32 {
  let j = start;
  while (j < end && j - start < 4 && unitAt(s, j) == CharCode.SPACE) j++;
  return j;
}

/** A ``` or ~~~ fence line. */
function isFence(s: string, start: i32, end: i32): bool {
  const j = indentEnd(s, start, end);
  if (j - start > 3 || j + 3 > end) return false;
  const c = unitAt(s, j);
  return (c == 0x60 || c == 0x7e) && unitAt(s, j + 1) == c && unitAt(s, j + 2) == c;
}

/** Level of an ATX heading line, or 0. */
function atxLevel(s: string, start: i32, end: i32): i32 {
  const j = indentEnd(s, start, end);
  if (j - start > 3) return 0;
  let k = j;
  while (k < end && unitAt(s, k) == CharCode.HASH) k++;
  const level = k - j;
  if (level < 1 || level > 6) return 0;
  return k == end || unitAt(s, k) == CharCode.SPACE || unitAt(s, k) == CharCode.TAB ? level : 0;
}

/** 1 for a "===" underline, 2 for "---", else 0. */
function setextLevel(s: string, start: i32, end: i32): i32 {
  const j = indentEnd(s, start, end);
  if (j - start > 3 || j >= end) return 0;
  const c = unitAt(s, j);
  if (c != 0x3d && c != CharCode.MINUS) return 0;
  let k = j;
  while (k < end && unitAt(s, k) == c) k++;
  const run = k - j;
  k = blanksEnd(s, k, end);
  if (k != end || run < 3) return 0;
  return c == 0x3d ? 1 : 2;
}

function trimmed(s: string, start: i32, end: i32): string {
  start = blanksEnd(s, start, end);
  end = blanksStart(s, start, end);
  return s.substring(start, end);
}

function countLinks(s: string, start: i32, end: i32): i32 {
  let n = 0;
  for (let j = start; j + 1 < end; j++) if (unitAt(s, j) == CharCode.RBRACKET && unitAt(s, j + 1) == 0x28) n++;
  return n;
}

export function markdownOutline(text: string, lines: LineIndex): MarkdownOutline {
  const o = new MarkdownOutline();
  let inFence = false;
  // A paragraph line that an underline below may turn into a heading.
  let candidate = -1;
  for (let i = 0; i < lines.count; i++) {
    const s = lines.start(i);
    const e = lines.end(i);
    if (isFence(text, s, e)) {
      inFence = !inFence;
      candidate = -1;
      continue;
    }
    if (inFence) continue;
    o.links += countLinks(text, s, e);
    const level = atxLevel(text, s, e);
    if (level > 0) {
      let k = indentEnd(text, s, e) + level;
      let te = e;
      // Closing hashes ("## Title ##") are not part of the text.
      while (te > k && (unitAt(text, te - 1) == CharCode.HASH || unitAt(text, te - 1) == CharCode.SPACE)) te--;
      o.lines.push(i);
      o.levels.push(level);
      o.texts.push(trimmed(text, k, te));
      candidate = -1;
      continue;
    }
    const under = candidate >= 0 ? setextLevel(text, s, e) : 0;
    if (under > 0) {
      o.lines.push(candidate);
      o.levels.push(under);
      o.texts.push(trimmed(text, lines.start(candidate), lines.end(candidate)));
      candidate = -1;
      continue;
    }
    if (lines.isBlank(i)) {
      candidate = -1;
      continue;
    }
    // Only a single-line paragraph start can be a setext heading; list items and quotes cannot.
    const first = unitAt(text, indentEnd(text, s, e));
    const prevBlank = i == 0 || lines.isBlank(i - 1);
    candidate = prevBlank && first != CharCode.MINUS && first != 0x2a && first != CharCode.PLUS && first != CharCode.GT && first != CharCode.PIPE ? i : -1;
  }
  return o;
}
