// The "full output" pane of the HTML report: the call's output line by line,
// numbered as the markers count lines (the cleaned text), kept ranges flagged,
// ANSI colour shown when the raw lines line up with the cleaned ones.
import type { LoggedOutput } from "../log/index.js";
import { AnsiRenderer, escapeHtml } from "./ansi-html.js";
import { pagedText } from "./cleaned.js";
import type { Paging } from "../core-api.js";

/** Lines a pane shows at most; longer outputs show head, tail and the kept ranges. */
export const PANE_MAX_LINES = 2000;
const HEAD_LINES = 150;
const TAIL_LINES = 150;
/** Lines shown around each kept range when an output is cut. */
const KEPT_CONTEXT = 2;
/** Characters of one line shown at most. */
const LINE_MAX_CHARS = 1000;

export interface PaneLine {
  /** 1-based line number in the cleaned output. */
  n: number;
  /** Rendered HTML (escaped, colour as spans). */
  html: string;
  kept: boolean;
}

/** A run of lines, or a gap of lines not shown. */
export type PaneItem = PaneLine | { gap: [first: number, last: number] };

export interface Pane {
  items: PaneItem[];
  totalLines: number;
  /** Colour comes from the raw output's ANSI sequences. */
  coloured: boolean;
  /** Why the pane is not the raw text (cleaned, binary, missing), or "". */
  note: string;
}

function splitLines(text: string): string[] {
  if (text === "") return [];
  const lines = text.split("\n");
  if (text.endsWith("\n")) lines.pop();
  return lines;
}

function capLine(line: string): string {
  if (line.length <= LINE_MAX_CHARS) return line;
  const cut = /[\ud800-\udbff]/.test(line[LINE_MAX_CHARS - 1]!) ? LINE_MAX_CHARS - 1 : LINE_MAX_CHARS;
  return `${line.slice(0, cut)}… [+${(line.length - cut).toLocaleString("en-US")} chars]`;
}

/** Which lines to show: all of them, or head, tail and kept ranges with a little context. */
export function visibleLines(total: number, kept: Array<[number, number]>, max = PANE_MAX_LINES): boolean[] {
  const show = new Array<boolean>(total + 1).fill(total <= max);
  if (total <= max) return show;
  let budget = max;
  const mark = (first: number, last: number) => {
    for (let n = Math.max(1, first); n <= Math.min(total, last) && budget > 0; n++) {
      if (!show[n]) {
        show[n] = true;
        budget--;
      }
    }
  };
  mark(1, HEAD_LINES);
  mark(total - TAIL_LINES + 1, total);
  for (const [first, last] of kept) mark(first - KEPT_CONTEXT, last + KEPT_CONTEXT);
  return show;
}

function isKept(kept: Array<[number, number]>): (n: number) => boolean {
  return (n) => kept.some(([first, last]) => n >= first && n <= last);
}

export function buildPane(output: LoggedOutput | null, paging: Paging, kept: Array<[number, number]>): Pane {
  if (output === null) return { items: [], totalLines: 0, coloured: false, note: "the call record is missing from the log: only what the model saw is known" };
  const paged = pagedText(output, paging);
  if (paged.binary !== "") return { items: [{ n: 1, html: escapeHtml(paged.binary), kept: true }], totalLines: 1, coloured: false, note: "binary output: shown as its description" };
  const cleaned = splitLines(paged.cleaned);
  const raw = AnsiRenderer.hasAnsi(paged.raw) ? splitLines(paged.raw) : null;
  // Raw lines carry the colour; they can stand for the cleaned ones only when cleaning kept every line.
  const coloured = raw !== null && raw.length === cleaned.length;
  const show = visibleLines(cleaned.length, kept);
  const keptAt = isKept(kept);
  const renderer = coloured ? new AnsiRenderer() : null;
  const items: PaneItem[] = [];
  for (let n = 1; n <= cleaned.length; n++) {
    // The renderer sees every line, shown or not, so colour carries over a gap as in a terminal.
    const html = renderer ? renderer.line(capLine(raw![n - 1]!)) : null;
    if (!show[n]) {
      const last = items[items.length - 1];
      if (last && "gap" in last) last.gap[1] = n;
      else items.push({ gap: [n, n] });
      continue;
    }
    items.push({ n, html: html ?? escapeHtml(capLine(cleaned[n - 1]!)), kept: keptAt(n) });
  }
  let note = "";
  if (raw !== null && !coloured) note = "shown cleaned (repeated lines collapsed, escape sequences removed) so that line numbers match the markers";
  else if (paged.raw !== paged.cleaned && !coloured) note = "shown cleaned (progress redraws applied, repeated lines collapsed) so that line numbers match the markers";
  return { items, totalLines: cleaned.length, coloured, note };
}
