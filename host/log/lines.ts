// Splits a file into newline-terminated lines while remembering each line's
// byte offset. Lines can be far larger than a chunk (one record holds a
// whole tool output), so a line is assembled from pieces only when wanted.
import { closeSync, openSync, readSync } from "../node-fs.js";
import { openFileHandle as open } from "../lazy.js";

const NEWLINE = 0x0a;
export const CHUNK_BYTES = 1 << 20;

/** One complete line (its terminating newline excluded). */
export interface Line {
  /** Byte offset of the line's first byte in the file. */
  offset: number;
  /** Bytes, newline excluded. */
  length: number;
  /** The line's bytes: all of them in "whole" mode, at most `headBytes` in "head" mode. */
  bytes: Buffer;
}

export interface SplitOptions {
  /** Keep only the first N bytes of each line (enough to read a record's leading fields). */
  headBytes?: number;
}

/** Feeds chunks in file order; calls `onLine` for every complete line. */
export class LineSplitter {
  private pieces: Buffer[] = [];
  private kept = 0;
  private lineStart: number;
  private pos: number;
  private readonly headBytes: number;

  constructor(startOffset: number, options: SplitOptions = {}) {
    this.lineStart = startOffset;
    this.pos = startOffset;
    this.headBytes = options.headBytes ?? Infinity;
  }

  push(chunk: Buffer, onLine: (line: Line) => void): void {
    let from = 0;
    for (;;) {
      const nl = chunk.indexOf(NEWLINE, from);
      if (nl < 0) break;
      this.keep(chunk.subarray(from, nl));
      const end = this.pos + nl;
      const bytes = this.pieces.length === 1 ? this.pieces[0] : Buffer.concat(this.pieces);
      onLine({ offset: this.lineStart, length: end - this.lineStart, bytes });
      this.pieces = [];
      this.kept = 0;
      this.lineStart = end + 1;
      from = nl + 1;
    }
    this.keep(chunk.subarray(from));
    this.pos += chunk.length;
  }

  /** The unterminated tail (a torn or in-progress line), or null when the input ended on a newline. */
  rest(): Line | null {
    if (this.pos === this.lineStart) return null;
    return { offset: this.lineStart, length: this.pos - this.lineStart, bytes: Buffer.concat(this.pieces) };
  }

  /** Offset just past the last complete line. */
  get committed(): number {
    return this.lineStart;
  }

  private keep(piece: Buffer): void {
    if (piece.length === 0) return;
    const room = this.headBytes - this.kept;
    if (room <= 0) return;
    // Copy: the chunk buffer is reused by the next read.
    const take = Buffer.from(piece.subarray(0, Math.min(room, piece.length)));
    this.pieces.push(take);
    this.kept += take.length;
  }
}

/** Reads `file` from `startOffset` to its current end, synchronously. */
export function scanFileSync(file: string, startOffset: number, onLine: (line: Line) => void, options: SplitOptions = {}): { rest: Line | null; committed: number } {
  const fd = openSync(file, "r");
  try {
    const splitter = new LineSplitter(startOffset, options);
    const chunk = Buffer.allocUnsafe(CHUNK_BYTES);
    let position = startOffset;
    for (;;) {
      const n = readSync(fd, chunk, 0, chunk.length, position);
      if (n === 0) break;
      splitter.push(chunk.subarray(0, n), onLine);
      position += n;
    }
    return { rest: splitter.rest(), committed: splitter.committed };
  } finally {
    closeSync(fd);
  }
}

/** Async variant of `scanFileSync` that yields lines as it reads. */
export async function* scanFile(file: string, startOffset = 0, options: SplitOptions = {}): AsyncGenerator<Line, Line | null> {
  const handle = await open(file, "r");
  try {
    const splitter = new LineSplitter(startOffset, options);
    const chunk = Buffer.allocUnsafe(CHUNK_BYTES);
    let position = startOffset;
    for (;;) {
      const { bytesRead } = await handle.read(chunk, 0, chunk.length, position);
      if (bytesRead === 0) break;
      const lines: Line[] = [];
      splitter.push(chunk.subarray(0, bytesRead), (line) => lines.push(line));
      yield* lines;
      position += bytesRead;
    }
    return splitter.rest();
  } finally {
    await handle.close();
  }
}

/** Reads `length` bytes at `offset`. */
export function readRangeSync(file: string, offset: number, length: number): Buffer {
  const fd = openSync(file, "r");
  try {
    const buf = Buffer.allocUnsafe(length);
    let done = 0;
    while (done < length) {
      const n = readSync(fd, buf, done, length - done, offset + done);
      if (n === 0) break;
      done += n;
    }
    return done === length ? buf : buf.subarray(0, done);
  } finally {
    closeSync(fd);
  }
}
