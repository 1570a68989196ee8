// Savings of a session log, per session, per tool and per category: the
// completion records joined with their call records.
import { pagingOf } from "../log/paging.js";
import type { Paging } from "../core-api.js";
import { readLogSync, type CallRecord, type CompletionRecord, type LoggedOutput, type SummarizerInfo } from "../log/index.js";
import { AbridgeError } from "../errors.js";
import { existsSync } from "node:fs";

export interface Totals {
  calls: number;
  rawTokens: number;
  sentTokens: number;
  /** rawTokens − sentTokens (negative when markers outweighed a tiny output). */
  savedTokens: number;
  /** savedTokens / rawTokens × 100; 0 when nothing was raw. */
  savedPercent: number;
}

export interface ReportCall {
  session: string;
  callId: string;
  time: string;
  tool: string;
  args: unknown;
  exitCode: number | null;
  category: string;
  /** Estimated o200k tokens of the raw output (metadata.rawTokens). */
  rawTokens: number;
  /** o200k tokens of what the model was given (metadata.llmTokens). */
  sentTokens: number;
  savedTokens: number;
  summary: string;
  llmContent: string;
  /** Line ranges of the cleaned output the model saw verbatim. */
  keptLines: Array<[number, number]>;
  /** The numbering keptLines and the markers use. */
  paging: Paging;
  totalLines: number;
  summarizer: SummarizerInfo | null;
  /** The full output as logged; null when its call record is missing. */
  output: LoggedOutput | null;
}

export interface LogReport {
  log: string;
  files: string[];
  total: Totals;
  sessions: Record<string, Totals>;
  tools: Record<string, Totals>;
  categories: Record<string, Totals>;
  calls: ReportCall[];
  /** Call records that have no completion (still running, or the process died). */
  unfinished: number;
  /** Lines of the log that are not records (torn or foreign). */
  skippedLines: number;
}

function empty(): Totals {
  return { calls: 0, rawTokens: 0, sentTokens: 0, savedTokens: 0, savedPercent: 0 };
}

function add(t: Totals, c: ReportCall): void {
  t.calls++;
  t.rawTokens += c.rawTokens;
  t.sentTokens += c.sentTokens;
  t.savedTokens += c.savedTokens;
  t.savedPercent = t.rawTokens > 0 ? (t.savedTokens / t.rawTokens) * 100 : 0;
}

const num = (v: unknown): number | undefined => (typeof v === "number" && Number.isFinite(v) && v >= 0 ? v : undefined);

function ranges(v: unknown): Array<[number, number]> {
  if (!Array.isArray(v)) return [];
  return v.filter((r): r is [number, number] => Array.isArray(r) && r.length === 2 && Number.isInteger(r[0]) && Number.isInteger(r[1]));
}

function toCall(done: CompletionRecord, call: CallRecord | undefined): ReportCall {
  const m = done.metadata ?? {};
  // Completions written by abridge carry both counts; others get a chars/4 estimate.
  const rawTokens = num(m.rawTokens) ?? Math.ceil((call?.size.chars ?? call?.size.bytes ?? 0) / 4);
  const sentTokens = num(m.llmTokens) ?? Math.ceil(done.llmContent.length / 4);
  return {
    session: done.session,
    callId: done.callId,
    time: done.time,
    tool: call?.tool ?? (typeof m.tool === "string" ? m.tool : "unknown"),
    args: call?.args ?? null,
    exitCode: call?.exitCode ?? null,
    category: done.category,
    rawTokens,
    sentTokens,
    savedTokens: rawTokens - sentTokens,
    summary: done.summary,
    llmContent: done.llmContent,
    keptLines: ranges(m.keptLines),
    paging: pagingOf(done),
    totalLines: num(m.totalLines) ?? 0,
    summarizer: done.summarizer,
    output: call?.output ?? null,
  };
}

/** Reads a log (rotated files included) and totals its completed calls. */
export function reportLog(path: string): LogReport {
  if (!existsSync(path)) throw new AbridgeError("ABRIDGE_LOG_READ", `no log at ${path}`);
  let read;
  try {
    read = readLogSync(path);
  } catch (cause) {
    throw new AbridgeError("ABRIDGE_LOG_READ", `cannot read ${path}: ${(cause as Error).message}`, { cause });
  }
  const key = (r: { session: string; callId: string }) => `${r.session}\u0000${r.callId}`;
  const pending = new Map<string, CallRecord>();
  const calls: ReportCall[] = [];
  for (const record of read.records) {
    if (record.type === "call") {
      pending.set(key(record), record); // a reused id: the newest call is the one completed next
    } else if (record.type === "completion") {
      const call = pending.get(key(record));
      pending.delete(key(record));
      calls.push(toCall(record, call));
    }
  }
  const report: LogReport = {
    log: path,
    files: read.files,
    total: empty(),
    sessions: {},
    tools: {},
    categories: {},
    calls,
    unfinished: pending.size,
    skippedLines: read.warnings.length,
  };
  for (const c of calls) {
    add(report.total, c);
    add((report.sessions[c.session] ??= empty()), c);
    add((report.tools[c.tool] ??= empty()), c);
    add((report.categories[c.category] ??= empty()), c);
  }
  return report;
}
