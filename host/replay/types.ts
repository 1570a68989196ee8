// What the transcript readers produce: tool calls paired with their results,
// in the order the results arrived, and counts of everything they skipped.

/** One tool result with the call that produced it. */
export interface ReplayCall {
  session: string;
  callId: string;
  tool: string;
  args: Record<string, unknown> | string | undefined;
  /** The tool's output as the harness got it, harness framing (exit-code headers) removed. */
  output: string;
  exitCode: number | undefined;
  /** Where the result was read: `file:line`. */
  source: string;
}

export type TranscriptFormat = "claude-code" | "codex" | "generic";

/** Counts of one or more transcripts, so that nothing is skipped silently. */
export interface TranscriptStats {
  files: number;
  lines: number;
  /** Lines per format that a reader recognised. */
  formats: Record<TranscriptFormat, number>;
  /** Tool calls seen. */
  calls: number;
  /** Tool results paired with their call. */
  results: number;
  /** Lines that are not JSON objects (torn writes, garbage). */
  malformed: number;
  /** JSON objects no reader recognises. */
  unknownShape: number;
  /** Results whose call was never seen: skipped (the tool is unknown). */
  orphanResults: number;
  /** Calls that never got a result (interrupted sessions). */
  unanswered: number;
  /** Results with no text (images only): skipped. */
  nonText: number;
}

export function emptyStats(): TranscriptStats {
  return { files: 0, lines: 0, formats: { "claude-code": 0, codex: 0, generic: 0 }, calls: 0, results: 0, malformed: 0, unknownShape: 0, orphanResults: 0, unanswered: 0, nonText: 0 };
}

/** A call waiting for its result. */
export interface PendingCall {
  tool: string;
  args: Record<string, unknown> | string | undefined;
}

/**
 * State shared by the readers of one file: calls by id, the session, and where
 * results go. A reader returns false when a record is not its format.
 */
export interface ReaderContext {
  file: string;
  line: number;
  session: string;
  pending: Map<string, PendingCall>;
  stats: TranscriptStats;
  /** A result arrived: pairs it with its call, or counts it as an orphan. */
  result(callId: string, output: string | null, exitCode: number | undefined): void;
  /** A call was made. */
  call(callId: string, tool: string, args: PendingCall["args"]): void;
}

export const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** Arguments given as JSON text become an object when they parse to one. */
export function parseArgs(value: unknown): PendingCall["args"] {
  if (isObject(value)) return value;
  if (typeof value !== "string") return undefined;
  try {
    const parsed: unknown = JSON.parse(value);
    return isObject(parsed) ? parsed : value;
  } catch {
    return value;
  }
}
