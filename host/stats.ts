// Token and cost savings per call and per session, from completion records
// (read back from the log) or fed live as calls complete.
import { Column, Interner, NumberColumn, RowIndex } from "./call-table.js";
import { AbridgeError } from "./errors.js";
import { readLogSync } from "./log/reader.js";
import type { CompletionRecord } from "./log/schema.js";
import { DEFAULT_PRICES, type Prices } from "./prices.js";

export { DEFAULT_PRICES, type Prices };

export interface CallSample {
  callId: string;
  session: string;
  tool?: string;
  category?: string;
  /** Tokens of the raw output. */
  rawTokens: number;
  /** Tokens of what the model was given. */
  llmTokens: number;
  summarizerUsage?: { inputTokens: number; outputTokens: number } | null;
}

export interface CallStats extends CallSample {
  sentTokens: number;
  /** rawTokens − sentTokens; negative when the result grew (a marker on a tiny output). */
  savedTokens: number;
  /** savedTokens at the main model's input price. */
  costSaved: number;
  /** What the summarizer cost for this call. */
  summarizerCost: number;
}

export interface StatsTotals {
  calls: number;
  rawTokens: number;
  sentTokens: number;
  savedTokens: number;
  /** savedTokens / rawTokens × 100 (0 when nothing was raw). */
  savedPercent: number;
  costSaved: number;
  summarizerCost: number;
  /** costSaved − summarizerCost. */
  netCostSaved: number;
}

export interface StatsReport {
  calls: CallStats[];
  sessions: Record<string, StatsTotals>;
  total: StatsTotals;
}

function checkTokens(name: string, value: unknown): number {
  if (typeof value !== "number" || !Number.isFinite(value) || value < 0) {
    throw new AbridgeError("ABRIDGE_INVALID_INPUT", `${name} must be a non-negative number of tokens, got ${String(value)}`);
  }
  return value;
}

function emptyTotals(): StatsTotals {
  return { calls: 0, rawTokens: 0, sentTokens: 0, savedTokens: 0, savedPercent: 0, costSaved: 0, summarizerCost: 0, netCostSaved: 0 };
}

function addTo(t: StatsTotals, c: CallStats): void {
  t.calls++;
  t.rawTokens += c.rawTokens;
  t.sentTokens += c.sentTokens;
  t.savedTokens += c.savedTokens;
  t.costSaved += c.costSaved;
  t.summarizerCost += c.summarizerCost;
  t.netCostSaved = t.costSaved - t.summarizerCost;
  t.savedPercent = t.rawTokens > 0 ? (t.savedTokens / t.rawTokens) * 100 : 0;
}

export class SessionStats {
  readonly prices: Readonly<Prices>;
  /**
   * The row of each (session, call id): a call recorded twice counts once, in its first row,
   * with the latest figures. Filed by file(), at the next report, not as a call is added.
   */
  private readonly rows = new RowIndex();
  /** One per column, so that each remembers its own last value. */
  private readonly sessionNames = new Interner();
  private readonly toolNames = new Interner();
  private readonly categoryNames = new Interner();
  /** One entry per sample, in the order they came: each is its call's row unless filed as a repeat. */
  private readonly callIds = new Column<string>();
  private readonly sessions = new Column<string>();
  private readonly tools = new Column<string | undefined>();
  private readonly categories = new Column<string | undefined>();
  private readonly usages = new Column<CallSample["summarizerUsage"]>();
  private readonly rawTokens = new NumberColumn();
  private readonly llmTokens = new NumberColumn();
  private entries = 0;
  /** Entries before this one are filed (file()). */
  private filed = 0;
  /** Entries of a call recorded before: their figures moved to its first row, they are no row. */
  private readonly repeats = new Column<true>();
  private repeatCount = 0;

  constructor(prices: Partial<Prices> = {}) {
    for (const [k, v] of Object.entries(prices)) {
      if (v !== undefined && (typeof v !== "number" || !Number.isFinite(v) || v < 0)) {
        throw new AbridgeError("ABRIDGE_INVALID_OPTION", `prices.${k} must be a non-negative number, got ${String(v)}`);
      }
    }
    this.prices = Object.freeze({ ...DEFAULT_PRICES, ...stripUndefined(prices) });
  }

  /** Totals of every completion record in a log (rotated files included). */
  static fromLog(path: string, prices: Partial<Prices> = {}): SessionStats {
    const stats = new SessionStats(prices);
    for (const record of readLogSync(path).records) {
      if (record.type === "completion") stats.addCompletion(record);
    }
    return stats;
  }

  record(sample: CallSample): CallStats {
    this.add(sample);
    return this.callAt(this.file());
  }

  /**
   * record() without the figures it returns (an object a session would make per call for
   * nothing). The sample is stored where it will stay, and its call's row is found at the next
   * report (file()): a lookup of the id per call that only a report needs, and a table of ids
   * that would otherwise grow on the call's path.
   */
  add(sample: CallSample): void {
    const rawTokens = checkTokens("rawTokens", sample.rawTokens);
    const llmTokens = checkTokens("llmTokens", sample.llmTokens);
    const at = this.entries++;
    this.callIds.set(at, sample.callId);
    this.sessions.set(at, this.sessionNames.intern(sample.session));
    this.tools.set(at, this.toolNames.intern(sample.tool));
    this.categories.set(at, this.categoryNames.intern(sample.category));
    this.usages.set(at, sample.summarizerUsage);
    this.rawTokens.set(at, rawTokens);
    this.llmTokens.set(at, llmTokens);
  }

  /**
   * Gives the entries added since the last report their rows, oldest first: an entry of a call
   * recorded before moves its figures to that call's row. Nothing is copied for a new call. The
   * row of the last entry.
   */
  private file(): number {
    let row = -1;
    for (let at = this.filed; at < this.entries; at++) {
      row = this.rows.rowFor(this.sessions.get(at)!, this.callIds.get(at)!, at);
      if (row === at) continue;
      this.tools.set(row, this.tools.get(at));
      this.categories.set(row, this.categories.get(at));
      this.usages.set(row, this.usages.get(at));
      this.rawTokens.set(row, this.rawTokens.get(at));
      this.llmTokens.set(row, this.llmTokens.get(at));
      this.repeats.set(at, true);
      this.repeatCount++;
    }
    this.filed = this.entries;
    return row;
  }

  /** The figures of one row, costs at this session's prices. */
  private callAt(row: number): CallStats {
    const usage = this.usages.get(row);
    const rawTokens = this.rawTokens.get(row);
    const sentTokens = this.llmTokens.get(row);
    const savedTokens = rawTokens - sentTokens;
    const summarizerCost = usage
      ? (usage.inputTokens * this.prices.summarizerInputPerMTok + usage.outputTokens * this.prices.summarizerOutputPerMTok) / 1e6
      : 0;
    // One literal, so every row's object shares one shape; absent fields stay undefined.
    return {
      callId: this.callIds.get(row)!,
      session: this.sessions.get(row)!,
      tool: this.tools.get(row),
      category: this.categories.get(row),
      rawTokens,
      llmTokens: sentTokens,
      summarizerUsage: usage,
      sentTokens,
      savedTokens,
      costSaved: (savedTokens * this.prices.inputPerMTok) / 1e6,
      summarizerCost,
    };
  }

  /** Reads rawTokens / llmTokens from the record's metadata; returns null when they are missing. */
  addCompletion(record: CompletionRecord): CallStats | null {
    const { rawTokens, llmTokens } = record.metadata ?? {};
    if (typeof rawTokens !== "number" || typeof llmTokens !== "number") return null;
    return this.record({
      callId: record.callId,
      session: record.session,
      category: record.category,
      rawTokens,
      llmTokens,
      summarizerUsage: record.summarizer?.usage ?? null,
    });
  }

  stats(): StatsReport {
    this.file();
    const calls: CallStats[] = new Array(this.entries - this.repeatCount);
    let n = 0;
    for (let row = 0; row < this.entries; row++) if (this.repeats.get(row) !== true) calls[n++] = this.callAt(row);
    const sessions: Record<string, StatsTotals> = {};
    const total = emptyTotals();
    for (const c of calls) {
      addTo((sessions[c.session] ??= emptyTotals()), c);
      addTo(total, c);
    }
    return { calls, sessions, total };
  }
}

function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
