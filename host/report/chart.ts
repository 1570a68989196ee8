// An inline SVG chart of raw vs sent tokens per call, on a log scale (one
// 200 KB output next to forty 300-token ones would flatten a linear chart).
// Each pair of bars links to its call's row and says its numbers in a <title>.
import { escapeHtml } from "./ansi-html.js";

export interface ChartCall {
  /** Anchor of the call's row in the page. */
  anchor: string;
  label: string;
  raw: number;
  sent: number;
}

const HEIGHT = 220;
const TOP = 12;
const BOTTOM = 28;
const RIGHT = 12;
/** Narrowest slot per call; wider when there are few calls, so the chart fills its box. */
const SLOT = 14;
/** Plot width the chart stretches to before it needs to scroll. */
const MIN_PLOT = 900;
/** The chart shrinks to fit its box down to this share of its size, then scrolls sideways. */
const MIN_SCALE = 0.85;
const n = (x: number) => Math.round(x).toLocaleString("en-US");

export function tokenChart(calls: ChartCall[]): string {
  if (calls.length === 0) return `<p class="empty">No completed calls to chart.</p>`;
  const max = Math.max(10, ...calls.map((c) => Math.max(c.raw, c.sent)));
  const decades = Math.ceil(Math.log10(max));
  const plot = HEIGHT - TOP - BOTTOM;
  // log10(1 + x) so that 0 sits on the axis and 1 token is not −∞.
  const y = (v: number) => TOP + plot - (Math.log10(1 + Math.max(0, v)) / decades) * plot;
  // Room for the longest tick label ("1,000,000") at ~7 px a character.
  const LEFT = 14 + 7 * n(10 ** decades).length;
  const slot = Math.max(SLOT, Math.min(48, MIN_PLOT / calls.length));
  const width = LEFT + RIGHT + Math.max(calls.length * slot, MIN_PLOT);
  const parts: string[] = [];
  for (let d = 0; d <= decades; d++) {
    const gy = y(10 ** d - 1).toFixed(1);
    parts.push(`<line class="grid" x1="${LEFT}" x2="${width - RIGHT}" y1="${gy}" y2="${gy}"/><text class="tick" x="${LEFT - 6}" y="${gy}" dy="4" text-anchor="end">${d === 0 ? "0" : n(10 ** d)}</text>`);
  }
  const bar = Math.min(16, (slot - 4) / 2);
  calls.forEach((c, i) => {
    const x = LEFT + i * slot + (slot - 2 * bar) / 2;
    const saved = c.raw > 0 ? Math.round((1 - c.sent / c.raw) * 100) : 0;
    const title = escapeHtml(`${c.label}: ${n(c.raw)} raw → ${n(c.sent)} sent tokens (${saved}% saved)`);
    const rawY = y(c.raw);
    const sentY = y(c.sent);
    parts.push(
      `<a href="#${c.anchor}"><title>${title}</title>` +
        `<rect class="raw" x="${x}" y="${rawY.toFixed(1)}" width="${bar}" height="${(TOP + plot - rawY).toFixed(1)}"/>` +
        `<rect class="sent" x="${x + bar}" y="${sentY.toFixed(1)}" width="${bar}" height="${(TOP + plot - sentY).toFixed(1)}"/></a>`,
    );
  });
  parts.push(`<text class="axis" x="${LEFT}" y="${HEIGHT - 8}">calls in log order →</text>`);
  const label = `Raw and sent tokens for each of ${calls.length} calls, log scale`;
  return (
    `<svg class="chart" role="img" aria-label="${label}" viewBox="0 0 ${width} ${HEIGHT}" style="min-width:${Math.round(width * MIN_SCALE)}px" preserveAspectRatio="xMinYMin meet">` +
    `<title>${label}</title>${parts.join("")}</svg>`
  );
}
