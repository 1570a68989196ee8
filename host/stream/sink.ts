// The sink `createAbridge().stream()` returns: output is written as it arrives,
// logged as it arrives, and digested at end(). Up to bufferBytes the whole output
// is kept and end() is process() on it, byte for byte; past that the stream
// switches to bounded mode (bounded-output.ts) and memory stays flat whatever the size.
import { AbridgeError } from "../errors.js";
import type { LogWriter } from "../log/writer.js";
import { validateInput } from "../pipeline.js";
import type { ToolResultInput } from "../types.js";
import { BoundedOutput, type BoundedDigest } from "./bounded-output.js";
import { ChunkLog } from "./chunk-log.js";
import type { StreamLimits } from "./defaults.js";

export type { BoundedDigest, StreamInfo } from "./bounded-output.js";

export interface StreamInput {
  /** Tool name as the harness calls it. */
  tool: string;
  /** The call's arguments: an object, or its JSON text. */
  args?: Record<string, unknown> | string;
  /** The harness's id for the call; generated when absent. */
  callId?: string;
  /** Bytes kept whole for an exact digest; past them the stream is bounded. @default the session's (16 MiB) */
  streamBufferBytes?: number;
}

export interface StreamEndOptions {
  exitCode?: number;
  /** Cancels a summary in flight; the digest is used instead. */
  signal?: AbortSignal;
  /** Tokens left in the model's context now: this result takes at most a quarter of them. */
  remainingContextTokens?: number;
}

/** What the session lends a stream. */
export interface StreamHost<R> {
  writer?: LogWriter;
  bufferBytes: number;
  chunkBytes: number;
  limits: StreamLimits;
  /** The session's read hint for a call, `{first}`/`{last}` left in. */
  readHint(callId: string): string;
  /** Steps 2–4 of process() for an output whose log record is written (or failed: `logged` false). */
  complete(input: ToolResultInput, logged: boolean, options: StreamEndOptions, bounded?: BoundedDigest): Promise<R>;
}

type State = "open" | "ended" | "aborted";

/** Buffered bytes are kept in blocks of this size. */
const BLOCK_BYTES = 1024 * 1024;

/** Units of buffered text that decide whether a text stream is binary (the core's sample). */
const START_UNITS = 8192;

/** UTF-8 bytes of a string piece; `afterHigh`: the previous piece ended with a high surrogate. */
function utf8Length(text: string, afterHigh: boolean): number {
  const n = Buffer.byteLength(text, "utf8");
  // A pair split across two pieces is 4 bytes, not two lone 3-byte replacements.
  if (afterHigh) {
    const c = text.charCodeAt(0);
    if (c >= 0xdc00 && c <= 0xdfff) return n - 2;
  }
  return n;
}

/** The first units of buffered text, enough to tell binary from text. */
function textStart(pieces: readonly string[]): string {
  let start = "";
  for (const piece of pieces) {
    start += piece.length > START_UNITS ? piece.slice(0, START_UNITS) : piece;
    if (start.length >= START_UNITS) break;
  }
  return start;
}

export class StreamSink<R = unknown> {
  readonly callId: string;
  private state: State = "open";
  private kind: "string" | "bytes" | undefined;
  private afterHigh = false;
  private bytes = 0;
  /** The whole output while it fits in bufferBytes (strings, or blocks of bytes); null in bounded mode. */
  private buffer: Array<string | Buffer> | null = [];
  /** Bytes used in the last block of `buffer`. */
  private blockUsed = 0;
  private bounded: BoundedOutput | null = null;
  private readonly log: ChunkLog | null;

  constructor(
    private readonly input: StreamInput & { callId: string },
    private readonly host: StreamHost<R>,
  ) {
    this.callId = input.callId;
    this.log = host.writer ? new ChunkLog(host.writer, { callId: input.callId, tool: input.tool, args: input.args ?? null }, host.chunkBytes) : null;
  }

  /** Bytes written so far (UTF-8 bytes of text). */
  get bytesWritten(): number {
    return this.bytes;
  }

  /** True once the output passed streamBufferBytes and only its head, tail and important lines are kept. */
  get isBounded(): boolean {
    return this.bounded !== null;
  }

  /** Takes the next piece of output. Strings or bytes, not both in one stream. */
  write(chunk: string | Uint8Array): void {
    if (this.state !== "open") {
      throw new AbridgeError("ABRIDGE_CLOSED", `write() after ${this.state === "ended" ? "end()" : "abort()"} on stream ${this.callId}: start a new stream for more output`);
    }
    const kind = typeof chunk === "string" ? "string" : chunk instanceof Uint8Array ? "bytes" : undefined;
    if (kind === undefined) throw new AbridgeError("ABRIDGE_INVALID_INPUT", `write() takes a string or a Uint8Array, got ${chunk === null ? "null" : typeof chunk}`);
    if (this.kind !== undefined && kind !== this.kind) {
      throw new AbridgeError("ABRIDGE_INVALID_INPUT", `stream ${this.callId} started with ${this.kind === "string" ? "strings" : "bytes"}: write ${this.kind === "string" ? "strings" : "bytes"} only (decode or encode the output one way)`);
    }
    this.kind = kind;
    if (chunk.length === 0) return;
    let bytes: number;
    if (typeof chunk === "string") {
      bytes = utf8Length(chunk, this.afterHigh);
      const last = chunk.charCodeAt(chunk.length - 1);
      this.afterHigh = last >= 0xd800 && last <= 0xdbff;
    } else bytes = chunk.byteLength;
    this.bytes += bytes;
    // The log and the buffer copy bytes, and bounded mode decodes them at once: a caller may
    // reuse its read buffer as soon as write() returns.
    this.log?.add(chunk, bytes);
    if (this.buffer) {
      if (typeof chunk === "string") this.buffer.push(chunk);
      else this.keepBytes(chunk);
      if (this.bytes > this.host.bufferBytes) this.becomeBounded();
    } else this.feed(chunk);
  }

  /** Copies bytes into blocks of at least 1 MiB (few large allocations, returned whole when freed). */
  private keepBytes(chunk: Uint8Array): void {
    const buffer = this.buffer as Buffer[];
    for (let at = 0; at < chunk.length; ) {
      let block = buffer[buffer.length - 1];
      if (!block || this.blockUsed === block.length) {
        block = Buffer.allocUnsafeSlow(Math.max(BLOCK_BYTES, chunk.length - at));
        buffer.push(block);
        this.blockUsed = 0;
      }
      const n = Math.min(chunk.length - at, block.length - this.blockUsed);
      block.set(chunk.subarray(at, at + n), this.blockUsed);
      this.blockUsed += n;
      at += n;
    }
  }

  /** The buffered bytes, each block cut to what it holds. */
  private bufferedBytes(): Buffer[] {
    const buffer = this.buffer as Buffer[];
    return buffer.map((b, i) => (i === buffer.length - 1 ? b.subarray(0, this.blockUsed) : b));
  }

  private becomeBounded(): void {
    const buffered = this.kind === "bytes" ? this.bufferedBytes() : this.buffer!;
    this.buffer = null;
    // What the output is (binary, text, which encoding) is decided from what was buffered.
    this.bounded = new BoundedOutput(this.host.limits, this.kind === "bytes" ? (buffered[0] as Buffer) : textStart(buffered as string[]));
    for (const piece of buffered) this.feed(piece);
  }

  private feed(piece: string | Uint8Array): void {
    this.bounded!.push(piece);
  }

  /** Ends the output: resolves with the same result process() gives for it. */
  async end(options: StreamEndOptions = {}): Promise<R> {
    if (this.state !== "open") throw new AbridgeError("ABRIDGE_CLOSED", `end() after ${this.state === "ended" ? "end()" : "abort()"} on stream ${this.callId}`);
    const exitCode = options.exitCode;
    const call: ToolResultInput = { tool: this.input.tool, args: this.input.args, output: "", exitCode, callId: this.callId };
    validateInput(call);
    this.state = "ended";
    const logged = this.log ? this.log.finish(exitCode ?? null) : false;
    if (this.buffer) {
      const output = this.kind === "bytes" ? Buffer.concat(this.bufferedBytes()) : (this.buffer as string[]).join("");
      this.buffer = null;
      return this.host.complete({ ...call, output }, logged, options);
    }
    return this.endBounded(call, logged, options);
  }

  private endBounded(call: ToolResultInput, logged: boolean, options: StreamEndOptions): Promise<R> {
    const bounded = this.bounded!;
    this.bounded = null;
    // The hint as the core is given it (session.ts), so that the gap markers read like its own.
    const { text, digest } = bounded.finish(this.bytes, logged ? `; ${this.host.readHint(this.callId)}` : "");
    return this.host.complete({ ...call, output: text }, logged, options, digest);
  }

  /** Ends the call without a result: the log's call record says it was aborted, and why. */
  abort(reason = "aborted"): void {
    if (this.state !== "open") return;
    this.state = "aborted";
    this.buffer = null;
    this.bounded = null;
    this.log?.finish(null, String(reason));
  }
}
