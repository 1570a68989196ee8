// Plain-text tables and optional colour for the terminal commands (demo,
// report, replay). Colour only on a TTY, never with NO_COLOR or TERM=dumb;
// FORCE_COLOR turns it on where there is no TTY.

export interface Style {
  bold(s: string): string;
  dim(s: string): string;
  green(s: string): string;
  red(s: string): string;
  yellow(s: string): string;
  cyan(s: string): string;
}

/** Whether to colour what goes to `stream`, from the stream and the environment. */
export function wantsColour(stream: { isTTY?: boolean }, env: Record<string, string | undefined> = process.env): boolean {
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== "") return false;
  if (env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== "" && env.FORCE_COLOR !== "0") return true;
  return stream.isTTY === true && env.TERM !== "dumb";
}

const sgr = (open: number, close: number) => (s: string) => `\x1b[${open}m${s}\x1b[${close}m`;
const identity = (s: string) => s;

export function style(colour: boolean): Style {
  if (!colour) return { bold: identity, dim: identity, green: identity, red: identity, yellow: identity, cyan: identity };
  return { bold: sgr(1, 22), dim: sgr(2, 22), green: sgr(32, 39), red: sgr(31, 39), yellow: sgr(33, 39), cyan: sgr(36, 39) };
}

const SGR = /\x1b\[[0-9;]*m/g;

/** Columns a string takes: SGR sequences take none; wide CJK and emoji take two. */
export function displayWidth(s: string): number {
  let width = 0;
  for (const ch of s.replace(SGR, "")) {
    const cp = ch.codePointAt(0)!;
    if (cp < 0x20 || (cp >= 0x300 && cp < 0x370)) continue;
    width += (cp >= 0x1100 && cp <= 0x115f) || (cp >= 0x2e80 && cp <= 0xa4cf) || (cp >= 0xac00 && cp <= 0xd7a3) || (cp >= 0xf900 && cp <= 0xfaff) || (cp >= 0xfe30 && cp <= 0xfe4f) || (cp >= 0xff00 && cp <= 0xff60) || (cp >= 0xffe0 && cp <= 0xffe6) || (cp >= 0x1f300 && cp <= 0x1faff) || (cp >= 0x20000 && cp <= 0x3fffd) ? 2 : 1;
  }
  return width;
}

/** Cuts plain text to `max` columns with "…" (never inside a surrogate pair). */
export function fit(s: string, max: number): string {
  if (displayWidth(s) <= max) return s;
  let out = "";
  let width = 0;
  for (const ch of s) {
    const w = displayWidth(ch);
    if (width + w > max - 1) break;
    out += ch;
    width += w;
  }
  return out + "…";
}

export function count(n: number): string {
  return Math.round(n).toLocaleString("en-US");
}

export function percent(part: number, whole: number): string {
  return whole > 0 ? `${Math.round((part / whole) * 100)}%` : "–";
}

/** A bar of `cells` cells, the filled part proportional to `part / whole`. */
export function bar(part: number, whole: number, cells = 10): string {
  const filled = whole > 0 ? Math.max(0, Math.min(cells, Math.round((part / whole) * cells))) : 0;
  return "█".repeat(filled) + "░".repeat(cells - filled);
}

export interface Column {
  header: string;
  align?: "left" | "right";
}

/** Rows under a header and a rule; cells may carry SGR colour. */
export function table(columns: Column[], rows: string[][], options: { indent?: string; footer?: string[] } = {}): string {
  const all = options.footer ? [...rows, options.footer] : rows;
  const widths = columns.map((c, i) => Math.max(displayWidth(c.header), ...all.map((r) => displayWidth(r[i] ?? ""))));
  const pad = (cell: string, i: number) => {
    const gap = " ".repeat(widths[i]! - displayWidth(cell));
    return columns[i]!.align === "right" ? gap + cell : cell + gap;
  };
  const line = (cells: string[]) => (options.indent ?? "") + cells.map(pad).join("  ").trimEnd();
  const rule = ((options.indent ?? "") + widths.map((w) => "─".repeat(w)).join("  ")).trimEnd();
  const out = [line(columns.map((c) => c.header)), rule, ...rows.map(line)];
  if (options.footer) out.push(rule, line(options.footer));
  return out.join("\n");
}
