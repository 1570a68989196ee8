// Runs every replayed tool result through abridge, as a harness would have,
// and totals raw tokens, sent tokens and error lines kept per tool, category
// and session. Each transcript session gets its own createAbridge session, with
// the project's config; with a log path its log holds the full outputs and the
// completions `abridge report` draws.
import { existsSync } from "node:fs";
import { AbridgeError } from "../errors.js";
import { createAbridge, type Abridge } from "../session.js";
import type { Level, ToolResultOutput } from "../types.js";
import { errorLines, keptCount } from "./errors.js";
import type { ReplayCall } from "./types.js";

export interface Bucket {
  calls: number;
  rawTokens: number;
  sentTokens: number;
  savedTokens: number;
  /** savedTokens / rawTokens × 100; 0 when nothing was raw. */
  savedPercent: number;
  /** Error lines in command outputs (compiler errors, tracebacks, failures). */
  errorLines: number;
  /** Of those, lines the model saw verbatim. */
  errorLinesKept: number;
}

export interface ReplayTotals {
  total: Bucket;
  tools: Record<string, Bucket>;
  categories: Record<string, Bucket>;
  sessions: Record<string, Bucket>;
}

export interface ReplayOptions {
  level?: Level;
  /** Write an abridge session log here (must not exist yet). */
  log?: string;
  /** Called after each result. */
  onProgress?: (done: number, total: number) => void;
}

const emptyBucket = (): Bucket => ({ calls: 0, rawTokens: 0, sentTokens: 0, savedTokens: 0, savedPercent: 0, errorLines: 0, errorLinesKept: 0 });

function add(b: Bucket, raw: number, sent: number, errors: number, kept: number): void {
  b.calls++;
  b.rawTokens += raw;
  b.sentTokens += sent;
  b.savedTokens = b.rawTokens - b.sentTokens;
  b.savedPercent = b.rawTokens > 0 ? (b.savedTokens / b.rawTokens) * 100 : 0;
  b.errorLines += errors;
  b.errorLinesKept += kept;
}

/** A session id the log accepts: letters, digits, '.', '_', '-'; at most 128. */
export function logSessionId(session: string): string {
  const id = session.replace(/[^A-Za-z0-9._-]+/g, "-").replace(/^[.-]+/, "").slice(0, 128);
  return id === "" ? "session" : id;
}

export async function replayCalls(calls: ReplayCall[], options: ReplayOptions = {}): Promise<ReplayTotals> {
  const totals: ReplayTotals = { total: emptyBucket(), tools: {}, categories: {}, sessions: {} };
  if (options.log !== undefined && existsSync(options.log)) throw new AbridgeError("ABRIDGE_USAGE", `${options.log} exists: replay writes a new log`);
  const sessions = new Map<string, Abridge>();
  const logErrors: AbridgeError[] = [];
  const sessionFor = (session: string): Abridge => {
    let s = sessions.get(session);
    if (!s) {
      // Deterministic: no summarizer, whatever the environment or a config file says; no rotation.
      const log = options.log === undefined ? false : { enabled: true, path: options.log, maxBytes: 0 };
      s = createAbridge({ sessionId: logSessionId(session), level: options.level, log, summarizer: { provider: "off" }, exactTokens: true, debug: false });
      s.on("error", (err) => logErrors.push(err));
      sessions.set(session, s);
    }
    return s;
  };
  try {
    let done = 0;
    for (const call of calls) {
      const input = { tool: call.tool, args: call.args, output: call.output, exitCode: call.exitCode, callId: call.callId };
      const result: ToolResultOutput = await sessionFor(call.session).process(input);
      const errors = result.category === "CommandOutput" ? errorLines(result.uiContent) : [];
      const kept = keptCount(errors, result.llmContent);
      const raw = result.metadata.rawTokens;
      const sent = result.metadata.llmTokens;
      for (const bucket of [totals.total, (totals.tools[call.tool] ??= emptyBucket()), (totals.categories[result.category] ??= emptyBucket()), (totals.sessions[call.session] ??= emptyBucket())]) {
        add(bucket, raw, sent, errors.length, kept);
      }
      options.onProgress?.(++done, calls.length);
    }
  } finally {
    for (const s of sessions.values()) await s.close();
  }
  if (logErrors.length > 0) {
    throw new AbridgeError("ABRIDGE_LOG_WRITE", `${logErrors.length} log write${logErrors.length === 1 ? "" : "s"} failed; first: ${logErrors[0]!.message}`, { cause: logErrors[0] });
  }
  return totals;
}
