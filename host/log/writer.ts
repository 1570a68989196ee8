// Appends records to the session log. Each record is one line written by one
// write(2) on a file opened O_APPEND, so records from several processes never
// interleave. The writer never throws into the caller's path: failures become
// an AbridgeError returned and emitted, and the caller carries on.
import { EventEmitter } from "node:events";
import { closeSync, existsSync, fstatSync, fsyncSync, mkdirSync, openSync, readSync, statSync, writeSync, writev, writevSync } from "../node-fs.js";
import { dirname } from "node:path";
import { AbridgeError } from "../errors.js";
import { isoTime } from "../iso-time.js";
import { chunkLine, escapeUtf8, isText } from "./chunk-line.js";
import { CORE_ESCAPE_FROM, CORE_ESCAPE_HELD_FROM, withCompletionLine, withOutputLine, type JsonEscaper } from "./output-line.js";
import { callRecordText, completionRecordText, referringCompletionText } from "./record-text.js";
import { validUtf8Text } from "./utf8-once.js";
import { rotateFiles } from "./rotation.js";
import { LOG_WRITER_DEFAULTS } from "./writer-defaults.js";
import {
  LOG_SCHEMA_VERSION,
  encodeOutput,
  serializeRecord,
  type CallInput,
  type CallRecord,
  type ChunkInput,
  type ChunkRecord,
  type CompletionInput,
  type CompletionRecord,
  type LogRecord,
  type LoggedOutput,
  type OutputSize,
} from "./schema.js";

export { LOG_WRITER_DEFAULTS };

export interface LogWriterOptions {
  path: string;
  sessionId: string;
  /** fsync after every record. @default false */
  fsync?: boolean;
  /** @default 64 MiB */
  maxBytes?: number;
  /** @default 5 */
  keep?: number;
  /** Applied to the logged output text and LLM content (e.g. secret redaction). */
  redact?: (text: string) => string;
  /**
   * With `redact`: whether UTF-8 bytes may hold what it replaces (false: they are logged as
   * they are, never decoded for it). Without it, text bytes are always decoded and redacted.
   */
  bytesMayNeedRedaction?: (bytes: Uint8Array) => boolean;
  /**
   * Escapes a long output for its record in one pass (the core's `withJsonEscaped`); without it
   * every record is serialised whole with JSON.stringify, which gives the same line more slowly.
   */
  escape?: JsonEscaper;
  /** Clock, for tests. */
  now?: () => Date;
}

/** Where a record landed: the file's inode survives rotation, the path does not. */
export interface RecordLocation {
  file: string;
  ino: number;
  /**
   * Byte offset of the record's first byte: exact while this writer alone appends to the file,
   * one record at a time; best effort when other processes append to it too, or a record lands
   * while one of this writer's long records is written in the background (readers verify before
   * trusting it).
   */
  offset: number;
  /** Bytes of the line, newline included. */
  bytes: number;
}

export type LogWriteResult = ({ ok: true } & RecordLocation) | { ok: false; error: AbridgeError };

export interface LogWriterEvents {
  error: [error: AbridgeError];
  /** `seq` is set for a chunk record. */
  written: [record: { type: LogRecord["type"]; callId: string; seq?: number } & RecordLocation];
  rotate: [event: { path: string; keep: number }];
}

interface WriteTarget {
  file: OpenFile;
  data: Uint8Array[];
  /** Bytes of the record's line. */
  length: number;
  /** Bytes written, a leading newline included. */
  total: number;
}

interface OpenFile {
  fd: number;
  ino: number;
  /** Bytes of the file as of the last read of its size, plus what this writer appended since. */
  size: number;
  /** Records written since the file's size was last read from the file. */
  unread: number;
  /** Records written between two reads of the size now (SIZE_READ_EVERY … SIZE_READ_RARELY). */
  readEvery: number;
}

/**
 * The file's size is read back (fstat) after every this many writes, not after each: the end of
 * a record this writer appended is the end it knew plus what it wrote, unless another process
 * appended meanwhile. The read bounds how stale a shared log's size gets, for rotation (maxBytes)
 * and for the locations announced; a stale location costs a reader a scan, not a wrong record.
 * Half a process() call's system calls were this fstat.
 */
const SIZE_READ_EVERY = 64;
/**
 * A read that finds the size this writer knew (no other appender since the last one) doubles
 * the writes until the next, up to this many; one that finds another size goes back to every
 * 64th. A log this process alone writes pays the read on one call in 4,096: read on one in 64, it
 * would be the slowest 1.6 % of a short output's calls, at their p99 (an fstat costs a few times
 * what the write costs in JS); a log another process starts sharing is read back every 64th
 * write again after at most one long interval.
 */
const SIZE_READ_RARELY = 4096;

const utf8 = new TextEncoder();

/** Records written at once (writeSync copies before it returns) are encoded here; most fit. */
const LINE_SCRATCH_BYTES = 64 * 1024;
let lineScratch: Buffer | undefined;

/**
 * A record's JSON as a UTF-8 line, valid until the next call (it may be the scratch buffer). Not
 * `Buffer.from(json + "\n")`: the concatenation has V8 copy a 10 MB record once more, and
 * TextEncoder encodes a string holding non-Latin-1 characters (a compiler's curly quotes) three
 * times faster than Buffer.from.
 */
function encodeLine(json: string): Buffer {
  // UTF-8 takes at most 3 bytes per UTF-16 unit: a record that surely fits is encoded into the
  // scratch buffer, without a pass to measure it or an allocation.
  const buffer = (json.length + 1) * 3 <= LINE_SCRATCH_BYTES ? (lineScratch ??= Buffer.allocUnsafe(LINE_SCRATCH_BYTES)) : Buffer.allocUnsafe(Buffer.byteLength(json, "utf8") + 1);
  const { written } = utf8.encodeInto(json, buffer);
  buffer[written] = 0x0a;
  return buffer.subarray(0, written + 1);
}

/**
 * A line of JSON text around an escaped body, as encodeLine() gives a line: in the scratch buffer
 * when it surely fits (UTF-8 takes at most 3 bytes per UTF-16 unit), valid until the next call.
 * The text is encoded straight into it, never into buffers of its own first.
 */
function lineAround(head: string, body: Uint8Array[], tail: string | readonly string[]): Buffer {
  let bodyBytes = 0;
  for (const p of body) bodyBytes += p.length;
  const tails = typeof tail === "string" ? [tail] : tail;
  let textUnits = head.length;
  for (const t of tails) textUnits += t.length;
  let buffer: Buffer;
  if (textUnits * 3 + bodyBytes <= LINE_SCRATCH_BYTES) buffer = lineScratch ??= Buffer.allocUnsafe(LINE_SCRATCH_BYTES);
  else {
    let bytes = Buffer.byteLength(head, "utf8") + bodyBytes;
    for (const t of tails) bytes += Buffer.byteLength(t, "utf8");
    buffer = Buffer.allocUnsafe(bytes);
  }
  // Buffer#write at an offset writes each piece where it goes: no view of the rest of the buffer
  // and no result object per piece.
  let at = buffer.write(head, 0);
  for (const p of body) {
    buffer.set(p, at);
    at += p.length;
  }
  for (const t of tails) at += buffer.write(t, at);
  return buffer.subarray(0, at);
}

/**
 * A short call's record, built (its output redacted and serialised) but not yet written: it goes
 * to the file with the call's completion in one write(2), or alone through writeHeldCall() when
 * something must happen first (a summary, an error). See holdCall().
 */
export interface HeldCall {
  readonly callId: string;
  /** The record's line as written: UTF-8, its newline included. Valid until the record is written. */
  readonly line: Buffer;
  /** Set once the record was written or could not be. */
  result?: LogWriteResult;
  /**
   * The logged output when it is text: a completion written with this record whose llmContent is
   * the same text (an output the model sees whole) refers to it instead of repeating it.
   */
  readonly output?: string;
}

/** Outputs from this long are written by the thread pool in appendCallAsync(); shorter ones at once. */
export const ASYNC_WRITE_FROM = 256 * 1024;
/** The largest held call line built in the writer's own reused buffer (holdCall()). */
const HELD_SCRATCH_BYTES = 128 * 1024;
/** The largest line buffer kept between appendCallAsync() calls. */
const ASYNC_SCRATCH_KEEP = 64 * 1024 * 1024;

function systemCode(err: unknown): string {
  return (err as NodeJS.ErrnoException)?.code ?? "EUNKNOWN";
}

/** The system error's message, prefixed with its code unless Node's message already starts with it. */
function withCode(err: unknown): string {
  const code = systemCode(err);
  const message = (err as Error)?.message ?? String(err);
  return message.startsWith(`${code}:`) ? message : `${code}: ${message}`;
}

export class LogWriter extends EventEmitter<LogWriterEvents> {
  readonly path: string;
  readonly sessionId: string;
  /** The session id as JSON, for the records whose text is made field by field (record-text.ts). */
  private readonly sessionJson: string;
  readonly fsync: boolean;
  readonly maxBytes: number;
  readonly keep: number;
  private readonly redact?: (text: string) => string;
  private readonly bytesMayNeedRedaction?: (bytes: Uint8Array) => boolean;
  private readonly escape?: JsonEscaper;
  /** The clock a test gave, else undefined: the system's, read by timestamp(). */
  private readonly now?: () => Date;
  /** The last timestamp written and the millisecond it is of: records of one millisecond share it. */
  private lastTime = "";
  private lastTimeMs = NaN;

  private file: OpenFile | undefined;
  /** The file may end in a torn line: the next record starts with a newline to close it. */
  private needsNewline = false;
  private closed = false;
  private failureCount = 0;
  private lastFailure: AbridgeError | undefined;
  /** Open streams: while any is open the file is not rotated, so no chunk of theirs is dropped. */
  private rotationHolds = 0;
  /** Writes in the thread pool (appendCallAsync): the descriptor stays open and unrotated until they land. */
  private pendingWrites = 0;
  /** The line of the last appendCallAsync, reused once its write has landed. */
  private asyncScratch: Buffer | undefined;
  /**
   * The buffer a held call's line is built in, reused once that call is written: a fresh buffer
   * per call would have Buffer's pool allocate a new slab every other call. While one held call
   * is unwritten, another gets a buffer of its own.
   */
  private heldScratch: Buffer | undefined;
  private heldScratchBusy = false;
  /** The last write failed: calls are then written at once, not held (see holdCall()). */
  private lastWriteFailed = false;

  constructor(options: LogWriterOptions) {
    super();
    if (typeof options.path !== "string" || options.path === "") {
      throw new AbridgeError("ABRIDGE_INVALID_OPTION", `log.path must be a non-empty string, got ${String(options.path)}`);
    }
    for (const name of ["maxBytes", "keep"] as const) {
      const v = options[name];
      if (v !== undefined && (!Number.isInteger(v) || v < 0)) {
        throw new AbridgeError("ABRIDGE_INVALID_OPTION", `log.${name} must be a non-negative integer, got ${String(v)}`);
      }
    }
    this.path = options.path;
    this.sessionId = options.sessionId;
    this.sessionJson = JSON.stringify(String(options.sessionId));
    this.fsync = options.fsync ?? LOG_WRITER_DEFAULTS.fsync;
    this.maxBytes = options.maxBytes ?? LOG_WRITER_DEFAULTS.maxBytes;
    this.keep = options.keep ?? LOG_WRITER_DEFAULTS.keep;
    this.redact = options.redact;
    this.bytesMayNeedRedaction = options.bytesMayNeedRedaction;
    this.escape = options.escape;
    this.now = options.now;
  }

  /**
   * A record's time, ISO 8601 to the millisecond. Formatted once per millisecond: a session
   * writes two records per call, a call every few tens of microseconds.
   */
  private timestamp(): string {
    if (this.now) return this.now().toISOString();
    const ms = Date.now();
    if (ms !== this.lastTimeMs) {
      this.lastTimeMs = ms;
      this.lastTime = isoTime(ms);
    }
    return this.lastTime;
  }

  /** Failed writes so far. */
  get failures(): number {
    return this.failureCount;
  }

  get lastError(): AbridgeError | undefined {
    return this.lastFailure;
  }

  /**
   * A short call's record built now, to be written with its completion in one write(2)
   * (appendCompletion() with it) instead of two: the record's output is redacted and serialised
   * here, so nothing about the output is left to fail at write time. Undefined when the call is
   * written at once instead (appendCall()): a long output, a streamed or aborted call, a closed
   * writer, or a log whose last write failed (the caller would otherwise digest every call twice,
   * once with a read hint for a record that then does not land). A failure to build the record is
   * returned as appendCall() would return it.
   */
  holdCall(input: CallInput): HeldCall | LogWriteResult | undefined {
    if (this.closed || this.lastWriteFailed || input.chunks || input.aborted !== undefined || input.output.length >= CORE_ESCAPE_FROM) return undefined;
    let held: HeldCall;
    try {
      const output = this.redacted(input.output);
      held = this.escapedCall(input, output) ?? { callId: String(input.callId), line: Buffer.from(encodeLine(serializeRecord({ ...this.callHead(input), ...encodeOutput(output) }))), output: typeof output === "string" ? output : undefined };
    } catch (err) {
      return this.encodeFailed(input.callId, err);
    }
    return held;
  }

  /**
   * A held record's line with its output escaped by the core (SIMD, straight to UTF-8), where
   * JSON.stringify of the record and encoding its JSON would each read the output once more;
   * undefined for a short output, bytes, or a core that cannot escape (even one that trapped).
   */
  private escapedCall(input: CallInput, output: string | Uint8Array): HeldCall | undefined {
    if (!this.escape || typeof output !== "string" || output.length < CORE_ESCAPE_HELD_FROM) return undefined;
    try {
      return this.escape(output, ({ parts: body, bytes, chars }) => {
        const text = callRecordText(this.timestamp(), this.sessionJson, input, { bytes, chars });
        if (text === undefined) return undefined;
        const { head, tail } = text;
        // Encoded straight into a buffer of its own (it outlives the scratch buffer), sized by
        // the bound UTF-8 allows (3 bytes per UTF-16 unit) rather than by a pass to measure.
        let bound = head.length;
        for (const t of tail) bound += t.length;
        bound *= 3;
        for (const p of body) bound += p.length;
        const room = this.heldLineBuffer(bound);
        let at = room.write(head, 0);
        for (const p of body) {
          room.set(p, at);
          at += p.length;
        }
        for (const t of tail) at += room.write(t, at);
        const line = room.subarray(0, at);
        return { callId: String(input.callId), line, output };
      });
    } catch {
      return undefined;
    }
  }

  /** A buffer for a held call's line of `bytes`: the reused one when no other held call holds it. */
  private heldLineBuffer(bytes: number): Buffer {
    if (this.heldScratchBusy || bytes > HELD_SCRATCH_BYTES) return Buffer.allocUnsafe(bytes);
    // Grown to the longest line so far, from a size most short outputs' lines fit in.
    if (!this.heldScratch || this.heldScratch.length < bytes) this.heldScratch = Buffer.allocUnsafeSlow(Math.max(bytes, 16 * 1024));
    this.heldScratchBusy = true;
    return this.heldScratch.subarray(0, bytes);
  }

  /** Sets a held call's result: its line is no longer needed, and the reused buffer it may be in is free. */
  private settleHeld(held: HeldCall, result: LogWriteResult): LogWriteResult {
    held.result = result;
    if (this.heldScratch !== undefined && held.line.buffer === this.heldScratch.buffer) this.heldScratchBusy = false;
    return result;
  }

  /** Writes a held call record alone (before a summary, or when the call ends without a completion). Never throws. */
  writeHeldCall(held: HeldCall): LogWriteResult {
    if (held.result) return held.result;
    if (this.closed) return this.settleHeld(held, this.fail(`the session log ${this.path} is closed`));
    return this.settleHeld(held, this.writeLine(held.line, "call", held.callId, undefined));
  }

  /** Logs a tool call and its full output. Never throws. */
  appendCall(input: CallInput): LogWriteResult {
    const base = () => this.callHead(input);
    const extras = (record: CallRecord): CallRecord => {
      if (input.chunks) record.chunks = input.chunks.count;
      if (input.aborted !== undefined) record.aborted = input.aborted;
      return record;
    };
    let output: string | Uint8Array;
    try {
      output = input.chunks ? "" : this.redacted(input.output);
    } catch (err) {
      return this.encodeFailed(input.callId, err);
    }
    const fast = this.writeWithOutput(output, (size) => extras({ ...base(), output: "", size }), "call", String(input.callId));
    if (fast) return fast;
    let record: CallRecord;
    try {
      const { output: logged, size } = input.chunks ? { output: "", size: input.chunks.size } : encodeOutput(output);
      record = extras({ ...base(), output: logged, size });
    } catch (err) {
      return this.encodeFailed(input.callId, err);
    }
    return this.append(record);
  }

  /**
   * appendCall() for a caller with work to do meanwhile: a long output's line is built now (the
   * output redacted and escaped, copied out of the core) and written by the thread pool, so the
   * caller can digest the output while the kernel copies it; the promise resolves once the line is
   * in the file (or could not be). Short outputs are written at once, as appendCall() does, and
   * their result returned as it is. Never throws or rejects. Records of one process keep their
   * order as long as each waits for its call record.
   */
  appendCallAsync(input: CallInput): LogWriteResult | Promise<LogWriteResult>;
  /**
   * With `over`: asked once, before anything is written or reported, with the UTF-8 bytes of the
   * output when the line was built from the output as given (the escape counts them; undefined
   * otherwise); when it says true nothing is written and the result is undefined. The session
   * tests a long string against streamBufferBytes so, without a pass of its own over the text.
   */
  appendCallAsync(input: CallInput, over: (bytes: number | undefined) => boolean): LogWriteResult | Promise<LogWriteResult> | undefined;
  appendCallAsync(input: CallInput, over?: (bytes: number | undefined) => boolean): LogWriteResult | Promise<LogWriteResult> | undefined {
    const escape = this.escape;
    if (!escape || this.closed || input.chunks || input.aborted !== undefined || input.output.length < ASYNC_WRITE_FROM) return over?.(undefined) ? undefined : this.appendCall(input);
    let output: string | Uint8Array;
    try {
      output = this.redacted(input.output);
    } catch (err) {
      return over?.(undefined) ? undefined : this.encodeFailed(input.callId, err);
    }
    if (typeof output !== "string" && !isText(output)) return over?.(undefined) ? undefined : this.appendCall({ ...input, output });
    const callId = String(input.callId);
    let line: Buffer | undefined;
    let bytes: number | undefined;
    try {
      line = withOutputLine(
        escape,
        output,
        (size) => {
          bytes = size.bytes;
          return this.emptyCallRecord(input, size);
        },
        serializeRecord,
        (parts) => this.ownedLine(parts),
      );
    } catch {
      line = undefined;
    }
    if (over?.(line !== undefined && output === input.output ? bytes : undefined)) return undefined;
    // A core that cannot escape: the record is serialised whole, and written at once.
    if (!line) return this.appendCall({ ...input, output });
    return this.writeLineAsync([line], "call", callId);
  }

  /**
   * callHead() with an empty output and its size, as one literal: a spread of the head would copy
   * it field by field on every call.
   */
  private emptyCallRecord(input: CallInput, size: OutputSize): CallRecord {
    return {
      v: LOG_SCHEMA_VERSION,
      type: "call",
      time: this.timestamp(),
      session: this.sessionId,
      callId: String(input.callId),
      tool: String(input.tool),
      args: input.args ?? null,
      exitCode: input.exitCode ?? null,
      output: "",
      size,
    };
  }

  /** A call record's fields before its output, in the order every record starts with. */
  private callHead(input: CallInput): Omit<CallRecord, "output" | "size"> {
    return {
      v: LOG_SCHEMA_VERSION,
      type: "call",
      time: this.timestamp(),
      session: this.sessionId,
      callId: String(input.callId),
      tool: String(input.tool),
      args: input.args ?? null,
      exitCode: input.exitCode ?? null,
    };
  }

  /** The parts of a line copied into one buffer the writer owns (the last part is a view of the core's memory). */
  private ownedLine(parts: Uint8Array[]): Buffer {
    const length = parts.reduce((n, p) => n + p.length, 0);
    // Reused while no write is in flight: a fresh 10 MB buffer costs its page faults on every call.
    let buffer = this.pendingWrites === 0 && this.asyncScratch && this.asyncScratch.length >= length ? this.asyncScratch : undefined;
    if (!buffer) {
      // With room to spare when it is kept: the next output is rarely exactly as long, and a
      // buffer one byte short would be given up for a fresh one with all its page faults.
      const keep = this.pendingWrites === 0 && length <= ASYNC_SCRATCH_KEEP;
      buffer = Buffer.allocUnsafeSlow(keep ? Math.min(ASYNC_SCRATCH_KEEP, length + (length >> 3)) : length);
      if (keep) this.asyncScratch = buffer;
    }
    let at = 0;
    for (const p of parts) {
      buffer.set(p, at);
      at += p.length;
    }
    return buffer.subarray(0, length);
  }

  /**
   * The output as it is logged: redacted when the writer redacts. Text bytes are decoded for it
   * (unless bytesMayNeedRedaction rules a secret out) and stay bytes when nothing was found;
   * bytes that are not UTF-8 are logged as they came (base64).
   */
  private redacted(output: string | Uint8Array): string | Uint8Array {
    if (!this.redact) return output;
    if (typeof output === "string") return this.redact(output);
    if (!isText(output)) return output;
    if (this.bytesMayNeedRedaction?.(output) === false) return output;
    const text = validUtf8Text(output);
    const redacted = this.redact(text);
    return redacted === text ? output : redacted;
  }

  /**
   * A record whose output is long enough to be worth it, escaped by the core and written
   * around the record's other fields (output-line.ts); undefined to serialise it whole (a
   * short output, bytes that are not UTF-8, or a core that cannot escape — even one that trapped).
   */
  private writeWithOutput(output: string | Uint8Array, record: (size: OutputSize) => CallRecord | ChunkRecord, type: LogRecord["type"], callId: string, seq?: number): LogWriteResult | undefined {
    if (!this.escape || this.closed || output.length < CORE_ESCAPE_FROM) return undefined;
    if (typeof output !== "string" && !isText(output)) return undefined;
    try {
      return withOutputLine(this.escape, output, record, serializeRecord, (parts) => this.writeLine(parts, type, callId, seq));
    } catch {
      return undefined;
    }
  }

  /** Logs one piece of a streamed output, as it arrived; says the size logged. Never throws. */
  appendChunk(input: ChunkInput): LogWriteResult & { size?: OutputSize } {
    if (this.closed) return this.fail(`the session log ${this.path} is closed`);
    const chunkRecord = (output: LoggedOutput, size: OutputSize): ChunkRecord => ({
      v: LOG_SCHEMA_VERSION,
      type: "chunk",
      time: this.timestamp(),
      session: this.sessionId,
      callId: String(input.callId),
      seq: input.seq,
      output,
      size,
    });
    let text: string | Uint8Array;
    try {
      text = this.redacted(input.output);
    } catch (err) {
      return this.fail(`cannot encode chunk ${input.seq} of ${String(input.callId)}: ${String(err)}`, err);
    }
    let logged: OutputSize | undefined;
    const fast = this.writeWithOutput(text, (size) => chunkRecord("", (logged = size)), "chunk", String(input.callId), input.seq);
    if (fast) return fast.ok ? { ...fast, size: logged! } : fast;
    if (text instanceof Uint8Array && isText(text)) {
      // Text bytes go to the log as they are, escaped for JSON, never decoded to a string.
      let line: Buffer[];
      let size: OutputSize;
      try {
        const escaped = escapeUtf8(text);
        size = escaped.size;
        line = chunkLine({ time: this.timestamp(), session: this.sessionId, callId: String(input.callId), seq: input.seq }, escaped.body, size);
      } catch (err) {
        return this.fail(`cannot encode chunk ${input.seq} of ${String(input.callId)}: ${String(err)}`, err);
      }
      const result = this.writeLine(line, "chunk", String(input.callId), input.seq);
      return result.ok ? { ...result, size } : result;
    }
    let record: ChunkRecord;
    try {
      const { output, size } = encodeOutput(text);
      record = chunkRecord(output, size);
    } catch (err) {
      return this.fail(`cannot encode chunk ${input.seq} of ${String(input.callId)}: ${String(err)}`, err);
    }
    const result = this.append(record);
    return result.ok ? { ...result, size: record.size } : result;
  }

  /**
   * Holds rotation while a stream writes its chunks: a streamed output is kept whole like a
   * single record larger than maxBytes. Returns the release (idempotent).
   */
  holdRotation(): () => void {
    this.rotationHolds++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.rotationHolds--;
    };
  }

  /**
   * Logs what the model was given for a call. With the call's held record (holdCall()) not yet
   * written, both go in one write(2), the call record first: the result then says whether both
   * landed (they land or fail together). Never throws.
   */
  appendCompletion(input: CompletionInput, held?: HeldCall): LogWriteResult {
    let record: CompletionRecord;
    try {
      record = {
        v: LOG_SCHEMA_VERSION,
        type: "completion",
        time: this.timestamp(),
        session: this.sessionId,
        callId: String(input.callId),
        category: String(input.category),
        llmContent: this.redact && input.llmContentRedacted !== true ? this.redact(input.llmContent) : input.llmContent,
        summary: input.summary,
        metadata: input.metadata ?? {},
        summarizer: input.summarizer ?? null,
      };
    } catch (err) {
      return this.fail(`cannot build the completion record for ${String(input.callId)}: ${String(err)}`, err);
    }
    if (held && !held.result) return this.appendWithHeld(held, record);
    if (this.closed) return this.fail(`the session log ${this.path} is closed`);
    let line: Buffer;
    try {
      line = this.completionLine(record, undefined, true);
    } catch (err) {
      return this.fail(`cannot serialize the completion record for ${record.callId}: ${String(err)}`, err);
    }
    return this.writeLine(line, "completion", record.callId, undefined);
  }

  /** A held call record and its completion, as two lines written by one write(2); sets the held record's result. */
  private appendWithHeld(held: HeldCall, record: CompletionRecord): LogWriteResult {
    if (this.closed) return this.writeHeldCall(held);
    let line: Buffer;
    try {
      line = this.completionLine(record, held, true);
    } catch (err) {
      // The completion cannot be serialised: the call record still goes in alone.
      this.writeHeldCall(held);
      return this.fail(`cannot serialize the completion record for ${record.callId}: ${String(err)}`, err);
    }
    let target: WriteTarget;
    let written: number;
    try {
      target = this.prepareWrite([held.line, line]);
      written = writevSync(target.file.fd, target.data);
    } catch (err) {
      return this.settleHeld(held, this.writeFailed(err));
    }
    return this.settleHeld(held, this.writeDone(target, written, "completion", record.callId, undefined, { callId: held.callId, bytes: held.line.length }));
  }

  /**
   * A completion record's line, valid until the next line is built: what the model saw escaped by
   * the core when it is a few KB (the escape writes UTF-8 in one pass, where JSON.stringify and
   * encoding its result read it twice), else serialised whole. The same bytes either way. With
   * the held call record it is written with, a completion whose llmContent is that record's output
   * refers to it instead (referringLine()). `own`: the writer made the record (appendCompletion),
   * its fields in CompletionRecord's order, so the text around llmContent is made field by field
   * (record-text.ts) rather than serialised.
   */
  private completionLine(record: CompletionRecord, held?: HeldCall, own = false): Buffer {
    if (held?.output !== undefined && record.llmContent === held.output) return this.referringLine(record);
    if (!(this.escape && record.llmContent.length >= CORE_ESCAPE_HELD_FROM)) return encodeLine(serializeRecord(record));
    const text = own ? completionRecordText(record, this.sessionJson) : undefined;
    try {
      const line = text ? this.escape!(record.llmContent, ({ parts }) => lineAround(text.head, parts, text.tail)) : withCompletionLine(this.escape!, record, serializeRecord, lineAround);
      if (line) return line;
    } catch {
      // a core that trapped: serialised whole below
    }
    return encodeLine(serializeRecord(record));
  }

  /**
   * The line of a completion written right after its call record, in the same write, whose
   * llmContent is that record's output: `"llmContent":"","llmContentIsOutput":true`, so the output
   * is in the log once (readers fill llmContent in: output-reference.ts). The empty text is kept so
   * that a reader unaware of the flag still reads a string there. Only a record the writer made
   * (appendCompletion) is held with its call, so its fields are in CompletionRecord's order and
   * its text is made field by field; serialised whole when a field does not serialise alone.
   */
  private referringLine(record: CompletionRecord): Buffer {
    const text = referringCompletionText(record, this.sessionJson);
    if (text) return lineAround(text.head, [], text.tail);
    const { v, type, time, session, callId, category, summary, metadata, summarizer } = record;
    return encodeLine(serializeRecord({ v, type, time, session, callId, category, llmContent: "", llmContentIsOutput: true, summary, metadata, summarizer }));
  }

  /** Writes an already-built record. Never throws. */
  append(record: LogRecord): LogWriteResult {
    if (this.closed) return this.fail(`the session log ${this.path} is closed`);
    let line: Buffer;
    try {
      // A record read back from a log may carry llmContentIsOutput with its text filled in: written
      // here on its own line, it holds that text and not the flag (which names the line before).
      line = record.type === "completion" ? this.completionLine(withoutReference(record)) : encodeLine(serializeRecord(record));
    } catch (err) {
      return this.fail(`cannot serialize the ${record.type} record for ${record.callId}: ${String(err)}`, err);
    }
    return this.writeLine(line, record.type, record.callId, record.type === "chunk" ? record.seq : undefined);
  }

  /** Writes one serialised record (newline included) with one write(2). Never throws. */
  private writeLine(line: Uint8Array | Uint8Array[], type: LogRecord["type"], callId: string, seq: number | undefined): LogWriteResult {
    let target: WriteTarget;
    try {
      target = this.prepareWrite(line);
    } catch (err) {
      return this.writeFailed(err);
    }
    let written: number;
    try {
      // One write(2) per record (writev(2) for a record in parts, as atomic under O_APPEND): never
      // split it, even when short (a short write leaves a torn line that the reader skips; the
      // next record starts on a fresh line).
      written = target.data.length === 1 ? writeSync(target.file.fd, target.data[0]!) : writevSync(target.file.fd, target.data);
    } catch (err) {
      return this.writeFailed(err);
    }
    return this.writeDone(target, written, type, callId, seq);
  }

  /**
   * writeLine() by the thread pool: the caller carries on (the core digests the output) while the
   * kernel copies the line. The parts must stay untouched until the promise resolves. Never rejects.
   */
  private writeLineAsync(parts: Uint8Array[], type: LogRecord["type"], callId: string): Promise<LogWriteResult> {
    let target: WriteTarget;
    try {
      target = this.prepareWrite(parts);
    } catch (err) {
      return Promise.resolve(this.writeFailed(err));
    }
    this.pendingWrites++;
    return new Promise<LogWriteResult>((resolve) => {
      writev(target.file.fd, target.data, (err, written) => {
        this.pendingWrites--;
        try {
          resolve(err ? this.writeFailed(err) : this.writeDone(target, written, type, callId, undefined));
        } finally {
          if (this.closed && this.pendingWrites === 0) this.closeFile();
        }
      });
    });
  }

  /** Opens (and rotates) the file for a line; the data to write, a newline first when the file ends torn. */
  private prepareWrite(line: Uint8Array | Uint8Array[]): WriteTarget {
    const parts = Array.isArray(line) ? line : [line];
    const length = parts.reduce((n, p) => n + p.length, 0);
    let file = this.openFile();
    // Never while a write is in flight: rotating closes the descriptor it writes to.
    if (this.maxBytes > 0 && this.rotationHolds === 0 && this.pendingWrites === 0 && file.size > 0 && file.size + length > this.maxBytes) {
      // The known size may be stale (read every file.readEvery writes): a file truncated or emptied from outside
      // is not rotated away.
      const known = file.size;
      file.size = fstatSync(file.fd).size;
      file.unread = 0;
      if (file.size !== known) file.readEvery = SIZE_READ_EVERY;
      if (file.size > 0 && file.size + length > this.maxBytes) file = this.rotate(file);
    }
    const data = this.needsNewline ? [Buffer.from("\n"), ...parts] : parts;
    return { file, data, length, total: this.needsNewline ? length + 1 : length };
  }

  /**
   * Checks a write and locates its record. `call` is set when the line was a held call record
   * (of that many bytes) followed by this record, its completion: each is located and announced.
   */
  private writeDone(target: WriteTarget, written: number, type: LogRecord["type"], callId: string, seq: number | undefined, call?: { callId: string; bytes: number }): LogWriteResult {
    const { file, length, total } = target;
    try {
      if (written !== total) {
        this.needsNewline = true;
        this.lastWriteFailed = true;
        file.size = fstatSync(file.fd).size;
        file.unread = 0;
        file.readEvery = SIZE_READ_EVERY;
        return this.fail(`short write to the session log ${this.path}: ${written} of ${total} bytes (disk full or file size limit?); the record for ${callId} is torn`);
      }
      this.needsNewline = false;
      this.lastWriteFailed = false;
      if (this.fsync) fsyncSync(file.fd);
      // The end of file right after our write locates the record (file.readEvery says when it
      // is read from the file; readers verify a location before trusting it). Writes that overlap
      // (a long record written in the background) land in an order neither the sum nor a read
      // of the size can know, but the sum of all of them is the file's end once they are done.
      if (++file.unread >= file.readEvery) {
        const known = file.size + total;
        file.size = fstatSync(file.fd).size;
        file.unread = 0;
        file.readEvery = file.size === known ? Math.min(file.readEvery * 2, SIZE_READ_RARELY) : SIZE_READ_EVERY;
      } else file.size += total;
      let offset = file.size - length;
      if (call) {
        this.emitQuietly("written", { type: "call", callId: call.callId, file: this.path, ino: file.ino, offset, bytes: call.bytes });
        offset += call.bytes;
      }
      // Literals, not spreads of one location: a spread copies by the slow path, on every call.
      const bytes = file.size - offset;
      if (this.listenerCount("written") > 0) {
        this.emitQuietly("written", seq === undefined ? { type, callId, file: this.path, ino: file.ino, offset, bytes } : { type, callId, seq, file: this.path, ino: file.ino, offset, bytes });
      }
      return { ok: true, file: this.path, ino: file.ino, offset, bytes };
    } catch (err) {
      return this.writeFailed(err);
    }
  }

  private encodeFailed(callId: unknown, err: unknown): LogWriteResult {
    return this.fail(`cannot encode the call record for ${String(callId)}: ${String(err)}`, err);
  }

  private writeFailed(err: unknown): LogWriteResult {
    this.lastWriteFailed = true;
    // After an error mid-write the file may end in a torn line, of a length the writer cannot
    // know: the next write reads the size back.
    if (this.file) {
      this.needsNewline = true;
      this.file.unread = this.file.readEvery = SIZE_READ_EVERY;
    }
    return this.fail(`cannot write the session log ${this.path}: ${withCode(err)}`, err);
  }

  /** Closes the file; later appends fail with ABRIDGE_LOG_WRITE. */
  close(): void {
    this.closed = true;
    // A write in flight closes the file when it lands.
    if (this.pendingWrites === 0) this.closeFile();
  }

  private openFile(): OpenFile {
    if (this.file) return this.file;
    makeDirs(dirname(this.path));
    const fd = openSync(this.path, "a", LOG_WRITER_DEFAULTS.fileMode);
    try {
      const st = fstatSync(fd);
      this.file = { fd, ino: st.ino, size: st.size, unread: 0, readEvery: SIZE_READ_EVERY };
      this.needsNewline = st.size > 0 && !endsWithNewline(this.path, st.size);
      return this.file;
    } catch (err) {
      closeSync(fd);
      throw err;
    }
  }

  private closeFile(): void {
    if (!this.file) return;
    try {
      closeSync(this.file.fd);
    } catch {
      // closing a descriptor whose writes failed can fail again; nothing left to do
    }
    this.file = undefined;
  }

  private rotate(file: OpenFile): OpenFile {
    // Another process may have rotated already: then our descriptor points at `.1`.
    let current: number | undefined;
    try {
      current = statSync(this.path).ino;
    } catch {
      current = undefined;
    }
    this.closeFile();
    if (current === file.ino) {
      try {
        rotateFiles(this.path, this.keep);
        this.emitQuietly("rotate", { path: this.path, keep: this.keep });
      } catch (err) {
        this.fail(`cannot rotate the session log ${this.path}: ${withCode(err)}`, err);
      }
    }
    return this.openFile();
  }

  private fail(message: string, cause?: unknown): LogWriteResult {
    const error = new AbridgeError("ABRIDGE_LOG_WRITE", message, cause === undefined ? undefined : { cause });
    this.failureCount++;
    this.lastFailure = error;
    this.emitQuietly("error", error);
    return { ok: false, error };
  }

  /** A throwing listener must not reach the caller's path (nor turn a good write into a failure). */
  // One argument, not a rest parameter: every event has one, and a rest parameter would make an
  // array (spread again into emit) for each event, two per call with "written".
  private emitQuietly<K extends keyof LogWriterEvents>(event: K, arg: LogWriterEvents[K][0]): void {
    if (this.listenerCount(event) === 0) return;
    try {
      (this.emit as (e: K, a: LogWriterEvents[K][0]) => boolean)(event, arg);
    } catch {
      // nowhere left to report it
    }
  }
}

/**
 * mkdir -p, one level at a time. Node's own `recursive: true` spins forever where the parent
 * exists but refuses children with ENOENT (seen under /proc on Node 20).
 */
function makeDirs(dir: string): void {
  const missing: string[] = [];
  for (let d = dir; !existsSync(d); d = dirname(d)) {
    missing.push(d);
    if (dirname(d) === d) break;
  }
  for (let i = missing.length - 1; i >= 0; i--) {
    try {
      mkdirSync(missing[i], { mode: LOG_WRITER_DEFAULTS.dirMode });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err; // created concurrently: fine
    }
  }
}

/** Whether the file's last byte is a newline (a crash can leave it torn). */
function endsWithNewline(path: string, size: number): boolean {
  const fd = openSync(path, "r");
  try {
    const b = Buffer.alloc(1);
    readSync(fd, b, 0, 1, size - 1);
    return b[0] === 0x0a;
  } finally {
    closeSync(fd);
  }
}

/** A completion as it is written on a line of its own: its text, without the flag that refers to the line before. */
function withoutReference(record: CompletionRecord): CompletionRecord {
  if (record.llmContentIsOutput === undefined) return record;
  const { llmContentIsOutput: _referred, ...own } = record;
  return own;
}
