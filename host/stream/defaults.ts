// Every default of the streaming entry in one place.
import { AbridgeError } from "../errors.js";

export const STREAM_DEFAULTS = Object.freeze({
  /**
   * Output up to this many bytes is kept whole and digested exactly as process() would; past it
   * the stream keeps a head, a tail window and the important lines of the middle (bounded mode).
   */
  bufferBytes: 16 * 1024 * 1024,
  /** Pieces of output are written to the log in chunk records of about this many bytes. */
  chunkBytes: 1024 * 1024,
  /** Bounded mode: UTF-16 units kept from the start (cut back to a line end). */
  headChars: 64 * 1024,
  /** Bounded mode: UTF-16 units kept from the end (cut forward to a line start). */
  tailChars: 256 * 1024,
  /** Bounded mode: important lines kept from the middle (the first half and the last half seen). */
  maxImportantLines: 200,
  /** Bounded mode: lines of context kept before and after each important line. */
  contextLines: 2,
  /** Bounded mode: a kept middle line longer than this is cut, saying how much. */
  maxLineChars: 2000,
});

export interface StreamLimits {
  headChars: number;
  tailChars: number;
  maxImportantLines: number;
  contextLines: number;
  maxLineChars: number;
}

/** A streamBufferBytes option, checked once wherever it is given (createAbridge, stream(), compact()). */
export function checkBufferBytes(value: number): number {
  if (!Number.isSafeInteger(value) || value < 0) throw new AbridgeError("ABRIDGE_INVALID_OPTION", `streamBufferBytes must be a non-negative integer, got ${String(value)}`);
  return value;
}
