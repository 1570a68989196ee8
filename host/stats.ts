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
  /** One row per (session, call id): a call recorded twice counts once (the latest). */
  private readonly rows = new RowIndex();
  /** One per column, so that each remembers its own last value. */
  private readonly sessionNames = new Interner();
  private readonly toolNames = new Interner();
  private readonly categoryNames = new Interner();
  private readonly callIds = new Column<string>();
  private readonly sessions = new Column<string>();
  private readonly tools = new Column<string | undefined>();
  private readonly categories = new Column<string | undefined>();
  private readonly usages = new Column<CallSample["summarizerUsage"]>();
  private readonly rawTokens = new NumberColumn();
  private readonly llmTokens = new NumberColumn();

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
    return this.callAt(this.add(sample));
  }

  /** record() without the figures it returns (an object a session would make per call for nothing); the row. */
  add(sample: CallSample): number {
    const rawTokens = checkTokens("rawTokens", sample.rawTokens);
    const llmTokens = checkTokens("llmTokens", sample.llmTokens);
    const { row } = this.rows.rowOf(sample.session, sample.callId);
    this.callIds.set(row, sample.callId);
    this.sessions.set(row, this.sessionNames.intern(sample.session));
    this.tools.set(row, this.toolNames.intern(sample.tool));
    this.categories.set(row, this.categoryNames.intern(sample.category));
    this.usages.set(row, sample.summarizerUsage);
    this.rawTokens.set(row, rawTokens);
    this.llmTokens.set(row, llmTokens);
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
    const calls = Array.from({ length: this.rows.size }, (_, row) => this.callAt(row));
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
