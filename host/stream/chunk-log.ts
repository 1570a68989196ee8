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

/** Split `text` before `final`: at the last line end, else not between a surrogate pair. */
function cutText(text: string): number {
  const nl = text.lastIndexOf("\n");
  if (nl >= 0) return nl + 1;
  const last = text.charCodeAt(text.length - 1);
  return last >= 0xd800 && last <= 0xdbff ? text.length - 1 : text.length;
}

function cutBytes(bytes: Uint8Array): number {
  const nl = bytes.lastIndexOf(0x0a);
  return nl >= 0 ? nl + 1 : utf8Boundary(bytes, bytes.length);
}

export class ChunkLog {
  private pending: Array<string | Uint8Array> = [];
  private pendingBytes = 0;
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

  /** Queues a piece of output (`bytes` long); writes a chunk when enough has gathered. */
  add(piece: string | Uint8Array, bytes: number): void {
    if (this.failed) return;
    this.pending.push(piece);
    this.pendingBytes += bytes;
    if (this.pendingBytes >= this.chunkBytes) this.flush(false);
  }

  private joined(): string | Uint8Array {
    if (this.pending.length === 0) return "";
    if (typeof this.pending[0] === "string") return (this.pending as string[]).join("");
    return Buffer.concat(this.pending as Uint8Array[]);
  }

  private flush(final: boolean): void {
    const all = this.joined();
    const cut = final ? all.length : typeof all === "string" ? cutText(all) : cutBytes(all);
    const piece = all.slice(0, cut);
    const rest = all.slice(cut);
    this.pending = rest.length > 0 ? [rest] : [];
    this.pendingBytes = typeof rest === "string" ? Buffer.byteLength(rest) : rest.length;
    if (piece.length === 0) return;
    const written = this.writer.appendChunk({ callId: this.call.callId, seq: this.sizes.length, output: piece });
    if (!written.ok) {
      // Reported by the writer; the log would hold a hole, so nothing more is written for this call.
      this.failed = true;
      this.pending = [];
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
      if (this.sizes.length === 0) return this.writer.appendCall({ ...base, output: this.joined() }).ok;
      this.flush(true);
      if (this.failed) return false;
      return this.writer.appendCall({ ...base, output: "", chunks: { count: this.sizes.length, size: joinedSize(this.sizes) } }).ok;
    } finally {
      this.pending = [];
      this.stopHolding();
    }
  }

  private stopHolding(): void {
    this.releaseRotation?.();
    this.releaseRotation = null;
  }
}
