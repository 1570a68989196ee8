// ANSI SGR colour to HTML, line by line, for the report's full-output pane.
// Text is always escaped; every other escape sequence and control character
// is dropped; "\r" keeps what a terminal would finally show on the line.

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

// xterm's default 16 colours, tuned for a dark background.
const BASIC = ["#3b3b3b", "#ff6b6b", "#5fd75f", "#e5c07b", "#61afef", "#c678dd", "#56b6c2", "#dcdfe4", "#7f848e", "#ff8787", "#87ff87", "#ffd787", "#87afff", "#d7afff", "#87d7d7", "#ffffff"];

function xterm256(n: number): string {
  if (n < 16) return BASIC[n]!;
  if (n >= 232) {
    const v = 8 + (n - 232) * 10;
    return `rgb(${v},${v},${v})`;
  }
  const i = n - 16;
  const level = (x: number) => (x === 0 ? 0 : 55 + x * 40);
  return `rgb(${level(Math.floor(i / 36))},${level(Math.floor(i / 6) % 6)},${level(i % 6)})`;
}

interface State {
  fg: string | null;
  bg: string | null;
  bold: boolean;
  dim: boolean;
  italic: boolean;
  underline: boolean;
}

const SEQUENCE = /\x1b\[([0-9;:?]*)([@-~])|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)?|\x1b[@-Z\\-_]?/g;
const CONTROL = /[\x00-\x08\x0b-\x1f\x7f]/g;

/** Renders lines one at a time, carrying colour from one line to the next as a terminal does. */
export class AnsiRenderer {
  private state: State = { fg: null, bg: null, bold: false, dim: false, italic: false, underline: false };

  /** True when a text contains any escape sequence. */
  static hasAnsi(text: string): boolean {
    return text.includes("\x1b");
  }

  line(raw: string): string {
    const line = raw.endsWith("\r") ? raw.slice(0, -1) : raw;
    const parts = line.split("\r");
    // Overwritten parts still change the colour state; only the last part is shown.
    for (let i = 0; i < parts.length - 1; i++) this.render(parts[i]!, false);
    return this.render(parts[parts.length - 1]!, true);
  }

  private render(text: string, emit: boolean): string {
    let out = "";
    let open = this.openTag();
    let last = 0;
    const flush = (chunk: string) => {
      const clean = chunk.replace(CONTROL, (c) => (c === "\t" ? c : ""));
      if (clean === "") return;
      out += open ? `${open}${escapeHtml(clean)}</span>` : escapeHtml(clean);
    };
    SEQUENCE.lastIndex = 0;
    for (let m = SEQUENCE.exec(text); m !== null; m = SEQUENCE.exec(text)) {
      flush(text.slice(last, m.index));
      last = m.index + m[0].length;
      if (m[2] === "m") {
        this.apply(m[1] ?? "");
        open = this.openTag();
      }
    }
    flush(text.slice(last));
    return emit ? out : "";
  }

  private apply(params: string): void {
    const codes = params === "" ? [0] : params.split(/[;:]/).map((p) => (p === "" ? 0 : Number(p)));
    let s = this.state;
    for (let i = 0; i < codes.length; i++) {
      const c = codes[i]!;
      if (c === 0) s = { fg: null, bg: null, bold: false, dim: false, italic: false, underline: false };
      else if (c === 1) s.bold = true;
      else if (c === 2) s.dim = true;
      else if (c === 3) s.italic = true;
      else if (c === 4) s.underline = true;
      else if (c === 22) s.bold = s.dim = false;
      else if (c === 23) s.italic = false;
      else if (c === 24) s.underline = false;
      else if (c >= 30 && c <= 37) s.fg = BASIC[c - 30]!;
      else if (c >= 90 && c <= 97) s.fg = BASIC[c - 90 + 8]!;
      else if (c === 39) s.fg = null;
      else if (c >= 40 && c <= 47) s.bg = BASIC[c - 40]!;
      else if (c >= 100 && c <= 107) s.bg = BASIC[c - 100 + 8]!;
      else if (c === 49) s.bg = null;
      else if (c === 38 || c === 48) {
        let colour: string | null = null;
        if (codes[i + 1] === 5 && codes[i + 2] !== undefined) {
          colour = xterm256(Math.min(255, codes[i + 2]!));
          i += 2;
        } else if (codes[i + 1] === 2 && codes[i + 4] !== undefined) {
          const [r, g, b] = [codes[i + 2]!, codes[i + 3]!, codes[i + 4]!].map((x) => Math.min(255, x));
          colour = `rgb(${r},${g},${b})`;
          i += 4;
        }
        if (c === 38) s.fg = colour;
        else s.bg = colour;
      }
    }
    this.state = s;
  }

  private openTag(): string {
    const s = this.state;
    const css: string[] = [];
    if (s.fg) css.push(`color:${s.fg}`);
    if (s.bg) css.push(`background:${s.bg}`);
    if (s.bold) css.push("font-weight:bold");
    if (s.dim) css.push("opacity:.7");
    if (s.italic) css.push("font-style:italic");
    if (s.underline) css.push("text-decoration:underline");
    return css.length ? `<span style="${css.join(";")}">` : "";
  }
}
