// A whole output given at once (process(), compact()) that is past streamBufferBytes
// goes through bounded mode like a stream of it would: fed in slices that share the
// output's memory (subarray for bytes; a slice of a flat string is a view of it), so
// no copy of the whole is ever made, and the result is the one stream() gives.
import { MAX_INPUT_CHARS, residentUtf8Bytes } from "../core.js";
import { STREAM_DEFAULTS } from "./defaults.js";

/**
 * Bytes fed to bounded mode at a time. Each slice is decoded to a new string: small ones are
 * collected young, where slices of a MiB would pile up until a full collection.
 */
export const BYTE_SLICE = 64 * 1024;

/**
 * UTF-16 units of a string fed at a time, at least a log chunk's bytes, and ended at a line end
 * when one is near: the log then writes each slice as it is, with no copy of the text.
 */
export const STRING_SLICE = STREAM_DEFAULTS.chunkBytes;
const LINE_END_REACH = 64 * 1024;

/** UTF-16 units whose UTF-8 bytes are counted at a time when the length alone cannot tell. */
const COUNT_SLICE = 1 << 20;

/** True when the output is more than `limit` bytes (UTF-8 bytes of a string). */
export function outputOver(output: string | Uint8Array, limit: number): boolean {
  if (typeof output !== "string") return output.length > limit;
  // Between one and three bytes a unit: count only when the length alone cannot tell, and
  // stop as soon as the units left cannot change the answer (a 10 MB log is settled at 7 MB).
  const length = output.length;
  if (length > limit) return true;
  if (length * 3 <= limit) return false;
  let bytes = 0;
  for (let at = 0; at < length; ) {
    let end = Math.min(length, at + COUNT_SLICE);
    // Never between the halves of a pair: each would count as a lone surrogate's 3 bytes.
    if (end < length && isHighSurrogate(output.charCodeAt(end - 1))) end++;
    // A text resident in the core is counted there, on the copy the digest reads.
    bytes += residentUtf8Bytes(output, at, end) ?? Buffer.byteLength(output.slice(at, end), "utf8");
    at = end;
    const left = length - at;
    if (bytes + left > limit) return true;
    if (bytes + left * 3 <= limit) return false;
  }
  return bytes > limit;
}

/**
 * Whether outputOver() must count a string of this many units: its length alone does not tell.
 * Such a string is counted fastest by the core, inside a withResidentText() scope.
 */
export function lengthUndecided(length: number, limit: number): boolean {
  return length <= limit && length * 3 > limit;
}

function isHighSurrogate(unit: number): boolean {
  return unit >= 0xd800 && unit <= 0xdbff;
}

/**
 * True when a whole output goes through bounded mode: past `limit` bytes, and within the maximum
 * (bytes past it are refused with ABRIDGE_INPUT_TOO_LARGE before anything reads them).
 */
export function goesBounded(output: string | Uint8Array, limit: number): boolean {
  return outputOver(output, limit) && (typeof output === "string" || output.length <= MAX_INPUT_CHARS);
}

/** Where the string slice starting at `at` ends: after the first line end past STRING_SLICE units, else never inside a surrogate pair. */
function stringSliceEnd(text: string, at: number): number {
  const end = at + STRING_SLICE;
  if (end >= text.length) return text.length;
  // Searched in a bounded window: a search of the whole rest would make one huge line quadratic.
  const reach = Math.min(text.length, end + LINE_END_REACH);
  const nl = text.slice(end, reach).indexOf("\n");
  if (nl >= 0) return end + nl + 1;
  if (reach === text.length) return reach;
  const last = text.charCodeAt(reach - 1);
  return last >= 0xd800 && last <= 0xdbff ? reach - 1 : reach;
}

/** The output in slices (see BYTE_SLICE and STRING_SLICE), views of its memory. */
export function* slicesOf(output: string | Uint8Array): Generator<string | Uint8Array> {
  if (typeof output === "string") {
    for (let at = 0; at < output.length; ) {
      const end = stringSliceEnd(output, at);
      yield output.slice(at, end);
      at = end;
    }
    return;
  }
  for (let at = 0; at < output.length; at += BYTE_SLICE) yield output.subarray(at, Math.min(output.length, at + BYTE_SLICE));
}
