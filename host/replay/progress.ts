// A progress bar for long replays, on stderr and only on a terminal: it
// appears once the work has taken a while (short runs print nothing) and is
// redrawn at most ten times a second, then erased.
import { bar } from "../report/terminal.js";

export interface ProgressStream {
  isTTY?: boolean;
  columns?: number;
  write(chunk: string): unknown;
}

export interface ProgressOptions {
  /** Show nothing before this many ms. @default 500 */
  delayMs?: number;
  /** Least time between two redraws. @default 100 */
  intervalMs?: number;
  now?: () => number;
  /** @default process.env (TERM=dumb turns the bar off: it cannot erase a line) */
  env?: Record<string, string | undefined>;
}

export class Progress {
  private readonly start: number;
  private last = -Infinity;
  private shown = false;
  private readonly delayMs: number;
  private readonly intervalMs: number;
  private readonly now: () => number;
  private readonly env: Record<string, string | undefined>;

  constructor(
    private readonly stream: ProgressStream,
    private readonly label: string,
    options: ProgressOptions = {},
  ) {
    this.now = options.now ?? (() => performance.now());
    this.delayMs = options.delayMs ?? 500;
    this.intervalMs = options.intervalMs ?? 100;
    this.env = options.env ?? process.env;
    this.start = this.now();
  }

  /** Whether a bar may be drawn at all: a terminal that can erase a line. */
  get enabled(): boolean {
    return this.stream.isTTY === true && this.env.TERM !== "dumb";
  }

  update(done: number, total: number): void {
    if (!this.enabled || total <= 0) return;
    const t = this.now();
    if (t - this.start < this.delayMs || (t - this.last < this.intervalMs && done < total)) return;
    this.last = t;
    this.shown = true;
    const pct = Math.floor((done / total) * 100);
    const line = `${this.label} ${bar(done, total, 24)} ${String(pct).padStart(3)}% ${done.toLocaleString("en-US")}/${total.toLocaleString("en-US")}`;
    const width = this.stream.columns || 80; // 0 when the terminal does not say
    this.stream.write(`\r${line.length >= width ? line.slice(0, width - 1) : line}\x1b[K`);
  }

  /** Erases the bar, if one was drawn. */
  done(): void {
    if (this.shown) this.stream.write("\r\x1b[K");
    this.shown = false;
  }
}
