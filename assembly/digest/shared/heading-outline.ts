// The heading outline a cut Markdown text is shown with ("Outline: 12 headings in 840 lines"
// and the headings with their line numbers), for web pages and Markdown files alike.
import { CharCode } from "../../util/chars";
import { safeEnd } from "../../util/lines";
import { trim } from "../../util/trim";
import { decimal, StrBuf } from "../../util/strbuf";
import { MarkdownOutline, markdownOutline } from "./markdown";
import { LineIndex } from "./text";

/** Longest heading line shown in the outline. */
const MAX_HEADING: i32 = 100;
/** Fewer headings than this give no outline: the body says as much. */
export const MIN_OUTLINE: i32 = 2;

/** A header line and as many heading lines as fit `cap`, then "+K more headings". */
export class OutlineBlock {
  text: string = "";
  /** Heading lines written, and which items they were. */
  shown: i32 = 0;
  shownIndices: Array<i32> = new Array<i32>();
}

export function outlineBlock(header: string, items: Array<string>, levels: Array<i32>, cap: i32): OutlineBlock {
  const block = new OutlineBlock();
  if (header.length > cap) return block;
  const n = items.length;
  // The deepest heading level whose headings, with all shallower ones, fit: a
  // long outline keeps its top levels rather than its first lines.
  let total = header.length;
  for (let k = 0; k < n; k++) total += 1 + items[k].length;
  // Room for the "+K more headings (level N and deeper)" line when some are left out.
  const moreLine = 48;
  const allFit = total <= cap;
  let maxLevel = 6;
  if (!allFit) {
    while (maxLevel > 1 && total + moreLine > cap) {
      for (let k = 0; k < n; k++) if (levels[k] == maxLevel) total -= 1 + items[k].length;
      maxLevel--;
    }
  }
  // What the levels kept leave over goes to the first headings of the next level, in order: a
  // README with one title and twenty sections shows the sections that fit, not the title alone.
  let spare = allFit ? 0 : cap - total - moreLine;
  const out = new StrBuf(min(cap, 1 << 14) + 32);
  out.add(header);
  for (let k = 0; k < n; k++) {
    if (levels[k] > maxLevel + 1) continue;
    const item = items[k];
    if (levels[k] == maxLevel + 1) {
      if (spare < 1 + item.length) {
        spare = 0; // a prefix of the next level, never a scattering
        continue;
      }
      spare -= 1 + item.length;
    }
    // Room for this line and, unless all will fit, the "+K more" line.
    if (out.length + 1 + item.length + (allFit ? 0 : moreLine) > cap) break;
    out.addChar(CharCode.LF).add(item);
    block.shown++;
    block.shownIndices.push(k);
  }
  const left = n - block.shown;
  if (left > 0) {
    out.addLabelCount("\n  +", left).add(left == 1 ? " more heading" : " more headings");
    if (maxLevel < 6 && total + moreLine <= cap) out.addLabelInt(" (level ", maxLevel + 1).add(" and deeper)");
  }
  block.text = out.toString();
  return block;
}

export function clipped(line: string): string {
  if (line.length <= MAX_HEADING) return line;
  return line.substring(0, safeEnd(line, MAX_HEADING - 1)) + "\u2026";
}

export function outlineItems(o: MarkdownOutline, lines: LineIndex, firstLine: i32): Array<string> {
  const items = new Array<string>();
  for (let k = 0; k < o.lines.length; k++) {
    const i = o.lines[k];
    items.push("  " + decimal(i + firstLine) + ": " + clipped(trim(lines.line(i))));
  }
  return items;
}

export function outlineHeader(o: MarkdownOutline, lines: LineIndex): string {
  return "Outline: " + headingsCount(o.lines.length) + " in " + linesCount(lines.count);
}

/**
 * The heading outline of a Markdown text as the WebContent digest writes it
 * before a cut body, within `cap` units, lines numbered from `firstLine`; ""
 * when the text has fewer than two headings or `cap` holds none of them. For
 * a digest that reads a Markdown file (FileContent) and cuts it: the
 * headings, verbatim, say what the cut part is about.
 */
export function markdownOutlineText(text: string, cap: i32, firstLine: i32 = 1): string {
  const lines = new LineIndex(text);
  const o = markdownOutline(text, lines);
  if (o.lines.length < MIN_OUTLINE) return "";
  const b = outlineBlock(outlineHeader(o, lines), outlineItems(o, lines, firstLine), o.levels, max(cap, 0));
  return b.shown > 0 && b.text.length <= cap ? b.text : "";
}

export function headingsCount(n: i32): string {
  return new StrBuf(24).addCount(n).add(n == 1 ? " heading" : " headings").toString();
}

function linesCount(n: i32): string {
  return new StrBuf(24).addCount(n).add(n == 1 ? " line" : " lines").toString();
}

