// Writes a stream's output to the session log as it arrives, in chunk records
// of about chunkBytes, each cut at a line end (else at a character boundary) so
// that valid UTF-8 stays valid in every piece and a secret within a line is
// redacted whole. A stream that ends before its first chunk is written gets an
// ordinary call record with the whole output, exactly as process() writes it.
import type { LogWriter } from "../log/writer.js";
import { joinedSize, type OutputSize } from "../log/schema.js";

export interface CallFields {
  callId: string;
  tool: string;
  args: unknown;
}

/** Where a character that is not complete before `end` starts, or `end` when the bytes end on a boundary. */
export function utf8Boundary(bytes: Uint8Array, end: number): number {
  for (let i = end - 1; i >= Math.max(0, end - 4); i--) {
    const b = bytes[i]!;
    if ((b & 0xc0) === 0x80) continue; // a continuation byte
    const need = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc0 ? 2 : 1;
    return i + need > end ? i : end;
  }
  return end;
}

/** Where a chunk of text is cut: after its last line end, else at its end but never inside a surrogate pair. */
function cutText(text: string): number {
  const nl = text.lastIndexOf("\n");
  if (nl >= 0) return nl + 1;
  const last = text.charCodeAt(text.length - 1);
  return last >= 0xd800 && last <= 0xdbff ? text.length - 1 : text.length;
}

/** Where a chunk of bytes is cut: after its last line end, else at a character boundary. */
function cutBytes(bytes: Uint8Array): number {
  const nl = bytes.lastIndexOf(0x0a);
  return nl >= 0 ? nl + 1 : utf8Boundary(bytes, bytes.length);
}

export class ChunkLog {
  /** Text waiting for the next chunk record. */
  private pending: string[] = [];
  private pendingBytes = 0;
  /**
   * Bytes waiting for the next chunk record, in one block allocated once: many small buffers
   * would leave the allocator's heap fragmented, and the process's memory high, long after.
   */
  private block: Buffer | null = null;
  private blockLength = 0;
  private readonly sizes: OutputSize[] = [];
  private failed = false;
  private releaseRotation: (() => void) | null = null;

  constructor(
    private readonly writer: LogWriter,
    private readonly call: CallFields,
    private readonly chunkBytes: number,
  ) {}

  /** Chunk records written so far. */
  get chunks(): number {
    return this.sizes.length;
  }

  /** False once a write failed: the log cannot hold this output whole any more. */
  get ok(): boolean {
    return !this.failed;
  }

  /** Queues a piece of output (`bytes` long); writes a chunk when enough has gathered. Bytes are copied. */
  add(piece: string | Uint8Array, bytes: number): void {
    if (this.failed) return;
    if (typeof piece === "string") {
      this.pending.push(piece);
      this.pendingBytes += bytes;
      if (this.pendingBytes >= this.chunkBytes) this.flushText(false);
      return;
    }
    this.block ??= Buffer.allocUnsafeSlow(2 * this.chunkBytes);
    for (let at = 0; at < piece.length && !this.failed; ) {
      const n = Math.min(piece.length - at, this.block.length - this.blockLength);
      this.block.set(piece.subarray(at, at + n), this.blockLength);
      this.blockLength += n;
      at += n;
      if (this.blockLength >= this.chunkBytes) this.flushBytes(false);
    }
  }

  private flushText(final: boolean): void {
    const all = this.pending.join("");
    const cut = final ? all.length : cutText(all);
    const rest = all.slice(cut);
    this.pending = rest.length > 0 ? [rest] : [];
    this.pendingBytes = Buffer.byteLength(rest);
    this.write(all.slice(0, cut));
  }

  private flushBytes(final: boolean): void {
    const block = this.block!;
    const cut = final ? this.blockLength : cutBytes(block.subarray(0, this.blockLength));
    // The writer copies (escapes or encodes) the bytes before this returns: the block is reused.
    this.write(block.subarray(0, cut));
    block.copyWithin(0, cut, this.blockLength);
    this.blockLength -= cut;
  }

  private write(piece: string | Uint8Array): void {
    if (piece.length === 0 || this.failed) return;
    const written = this.writer.appendChunk({ callId: this.call.callId, seq: this.sizes.length, output: piece });
    if (!written.ok) {
      // Reported by the writer; the log would hold a hole, so nothing more is written for this call.
      this.failed = true;
      this.pending = [];
      this.block = null;
      this.stopHolding();
      return;
    }
    this.sizes.push(written.size!);
    // Keep this call's chunks in one file from here on.
    this.releaseRotation ??= this.writer.holdRotation();
  }

  /** Writes what is left and the call record; true when the whole output is in the log. */
  finish(exitCode: number | null, aborted?: string): boolean {
    if (this.failed) return false;
    try {
      const base = { callId: this.call.callId, tool: this.call.tool, args: this.call.args, exitCode, aborted };
      if (this.sizes.length === 0) {
        // Never more than one chunk: an ordinary call record, exactly as process() writes it.
        const output = this.block ? Buffer.from(this.block.subarray(0, this.blockLength)) : this.pending.join("");
        return this.writer.appendCall({ ...base, output }).ok;
      }
      if (this.block) this.flushBytes(true);
      else this.flushText(true);
      if (this.failed) return false;
      return this.writer.appendCall({ ...base, output: "", chunks: { count: this.sizes.length, size: joinedSize(this.sizes) } }).ok;
    } finally {
      this.pending = [];
      this.block = null;
      this.stopHolding();
    }
  }

  private stopHolding(): void {
    this.releaseRotation?.();
    this.releaseRotation = null;
  }
}
