// The session log's record schema (version 1). docs/log-format.md is the
// normative description; keep the two in step.
import { isUtf8 } from "node:buffer";

export const LOG_SCHEMA_VERSION = 1;

/** A tool's full output as logged: text, or base64 when the bytes are not valid UTF-8. */
export type LoggedOutput = string | { bytes: string };

export interface OutputSize {
  /** Bytes of the output: UTF-8 bytes of text, or the raw byte count. */
  bytes: number;
  /** UTF-16 code units of the text (absent for base64 output). */
  chars?: number;
}

/** Written first, before anything else about the call can fail. */
export interface CallRecord {
  v: 1;
  type: "call";
  /** ISO 8601 time the record was made. */
  time: string;
  session: string;
  callId: string;
  tool: string;
  /** The call's arguments as the harness gave them (object or string); null when none. */
  args: unknown;
  exitCode: number | null;
  output: LoggedOutput;
  size: OutputSize;
  /**
   * Set on a streamed call whose output went to the log as it arrived: `output` is "" and the
   * output is the `chunk` records of this call id, seq 0 … chunks − 1, written before this record.
   */
  chunks?: number;
  /** Set when the stream was aborted: why. No completion follows. */
  aborted?: string;
}

/** One piece of a streamed call's output, written as it arrived (before the call record). */
export interface ChunkRecord {
  v: 1;
  type: "chunk";
  time: string;
  session: string;
  callId: string;
  /** 0-based position of this piece in the call's output. */
  seq: number;
  output: LoggedOutput;
  size: OutputSize;
}

export interface SummarizerUsage {
  inputTokens: number;
  outputTokens: number;
}

export interface SummarizerInfo {
  provider: string;
  model: string;
  latencyMs: number;
  usage: SummarizerUsage | null;
  /** Why the deterministic digest was used instead of a summary; null when the summary was used. */
  fallbackReason: string | null;
}

/** Written after processing: what the model was given. */
export interface CompletionRecord {
  v: 1;
  type: "completion";
  time: string;
  session: string;
  callId: string;
  category: string;
  /** What the model saw. As read back it is always text: for a line that refers to its call's output, that output. */
  llmContent: string;
  /**
   * Set beside an empty llmContent on a completion written in one write with its call record
   * (the line right before it) when what the model saw is exactly that record's output: the line
   * does not repeat the output, and readers fill llmContent in from that call record
   * (output-reference.ts). A line that holds a text keeps it.
   */
  llmContentIsOutput?: true;
  summary: string;
  metadata: Record<string, unknown>;
  /** Null when no summarizer was involved. */
  summarizer: SummarizerInfo | null;
}

export type LogRecord = CallRecord | CompletionRecord | ChunkRecord;

/** What a harness hands the writer for a call record. */
export interface CallInput {
  callId: string;
  tool: string;
  args?: unknown;
  exitCode?: number | null;
  output: string | Uint8Array;
  /** A streamed call: its output is in this many chunk records already written; `output` is ignored. */
  chunks?: { count: number; size: OutputSize };
  /** The stream was aborted: why. */
  aborted?: string;
}

/** What a stream hands the writer for one piece of its output. */
export interface ChunkInput {
  callId: string;
  seq: number;
  output: string | Uint8Array;
}

/** What the pipeline hands the writer for a completion record. */
export interface CompletionInput {
  callId: string;
  category: string;
  llmContent: string;
  summary: string;
  metadata?: Record<string, unknown>;
  summarizer?: SummarizerInfo | null;
  /** The caller already redacted llmContent as the writer would (it is what the model saw): not redacted again. */
  llmContentRedacted?: boolean;
}

const lenientUtf8 = new TextDecoder("utf-8", { fatal: false, ignoreBOM: true });

/** Text stays text; bytes become text when they are valid UTF-8, base64 otherwise. */
export function encodeOutput(output: string | Uint8Array): { output: LoggedOutput; size: OutputSize } {
  if (typeof output === "string") {
    return { output, size: { bytes: Buffer.byteLength(output, "utf8"), chars: output.length } };
  }
  const buffer = Buffer.from(output.buffer, output.byteOffset, output.byteLength);
  // isUtf8 and toString run at memory speed; a fatal TextDecoder is several times slower on non-ASCII text.
  if (isUtf8(buffer)) {
    const text = buffer.toString("utf8");
    return { output: text, size: { bytes: output.byteLength, chars: text.length } };
  }
  return { output: { bytes: buffer.toString("base64") }, size: { bytes: output.byteLength } };
}

/**
 * The logged output as text; `lossy` when invalid UTF-8 was replaced by U+FFFD. `encoding` is the
 * one the call's completion record names (`metadata.encoding`, decided when the output was
 * compacted): bytes in it are decoded as they were then, and nothing is lost.
 */
export function decodeLoggedOutput(output: LoggedOutput, encoding = ""): { text: string; lossy: boolean } {
  if (typeof output === "string") return { text: output, lossy: false };
  const bytes = Buffer.from(output.bytes, "base64");
  if (encoding !== "") {
    try {
      return { text: new TextDecoder(encoding, { fatal: false }).decode(bytes), lossy: false };
    } catch {
      // An encoding this runtime does not know: UTF-8 as before.
    }
  }
  return { text: lenientUtf8.decode(bytes), lossy: true };
}

/** The raw bytes of a logged output (UTF-8 for text). */
export function outputBytes(output: LoggedOutput): Buffer {
  return typeof output === "string" ? Buffer.from(output, "utf8") : Buffer.from(output.bytes, "base64");
}

/**
 * The largest streamed output joined into one string: its base64 (for bytes) still fits in
 * V8's longest string (2^29 − 24 units). A larger one stays in its chunk records.
 */
export const MAX_JOINED_BYTES = 384 * 1024 * 1024;

/**
 * The pieces of a streamed output joined into what a whole-output call record would hold: text
 * when every piece is text (pieces are cut at character boundaries, so valid UTF-8 stays valid),
 * otherwise the base64 of all the bytes.
 */
export function joinLoggedOutputs(pieces: readonly LoggedOutput[]): LoggedOutput {
  if (pieces.every((p) => typeof p === "string")) return (pieces as string[]).join("");
  return { bytes: Buffer.concat(pieces.map(outputBytes)).toString("base64") };
}

/** The size of joined pieces: bytes summed; chars only when every piece is text. */
export function joinedSize(sizes: readonly OutputSize[]): OutputSize {
  let bytes = 0;
  let chars: number | undefined = 0;
  for (const s of sizes) {
    bytes += s.bytes;
    chars = chars === undefined || s.chars === undefined ? undefined : chars + s.chars;
  }
  return chars === undefined ? { bytes } : { bytes, chars };
}

/** A record's JSON (no newline), bigint as a decimal string, so arguments can never make a record unwritable. */
export function serializeRecord(record: LogRecord): string {
  try {
    // Without a replacer first: V8 serialises a record holding a 10 MB output much faster then,
    // and only arguments that hold a bigint need one.
    return JSON.stringify(record);
  } catch {
    // a bigint, or arguments that cannot be serialised at all: handled below
  }
  try {
    return JSON.stringify(record, bigintReplacer);
  } catch (err) {
    // Circular or otherwise unserializable arguments: keep the output, describe the args.
    if (record.type !== "call") throw err;
    const args = `[unserializable arguments: ${String((err as Error).message)}]`;
    return JSON.stringify({ ...record, args }, bigintReplacer);
  }
}

function bigintReplacer(_key: string, value: unknown): unknown {
  return typeof value === "bigint" ? value.toString() : value;
}

/** Why a line is not a record, or null when it is one. */
export function validateRecord(value: unknown): string | null {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return "not a JSON object";
  const r = value as Record<string, unknown>;
  if (r.v !== LOG_SCHEMA_VERSION) return `unsupported schema version ${JSON.stringify(r.v)}`;
  if (r.type !== "call" && r.type !== "completion" && r.type !== "chunk") return `unknown record type ${JSON.stringify(r.type)}`;
  if (typeof r.callId !== "string") return "callId is not a string";
  if (r.type === "chunk" && (!Number.isInteger(r.seq) || (r.seq as number) < 0)) return "seq is not a non-negative integer";
  if (r.type === "call" && r.chunks !== undefined && (!Number.isInteger(r.chunks) || (r.chunks as number) < 0)) return "chunks is not a non-negative integer";
  if (r.type === "call" || r.type === "chunk") {
    const out = r.output;
    const okOutput = typeof out === "string" || (typeof out === "object" && out !== null && typeof (out as { bytes?: unknown }).bytes === "string");
    if (!okOutput) return "output is neither text nor { bytes }";
  }
  if (r.type === "completion") {
    if (r.llmContentIsOutput !== undefined && r.llmContentIsOutput !== true) return "llmContentIsOutput is not true";
    if (r.llmContentIsOutput !== true && typeof r.llmContent !== "string") return "llmContent is not a string";
  }
  return null;
}

/** Parses one line; returns the record or the reason it is not one. */
export function parseRecord(line: string): { record: LogRecord } | { error: string } {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch (err) {
    return { error: `unparsable JSON (${(err as Error).message})` };
  }
  const problem = validateRecord(value);
  return problem ? { error: problem } : { record: value as LogRecord };
}
