// Bounded mode of one output, whatever feeds it: a stream past streamBufferBytes
// (sink.ts), or a process()/compact() of an output past it, fed in slices (whole.ts).
// What the output is gets decided once, from its first bytes or units, as process()
// decides it for a whole output: binary is only counted (the log keeps its bytes),
// bytes of text are decoded as they come in the encoding they are in, and text
// goes to BoundedText. finish() gives the text the core digests and how its digest
// becomes the whole output's.
import { StringBytes, binaryRawTokens, describeBinaryStart, textEncoding } from "../core-api.js";
import { utf8Decoder } from "../lazy.js";
import { defineLazy } from "../lazy-props.js";
import type { KnownInput } from "../pipeline.js";
import type { ToolResultOutput } from "../types.js";
import { BoundedText } from "./bounded.js";
import type { StreamLimits } from "./defaults.js";
import { LineMap, builtNumbering, remapMarkers, trueHeadline, trueMetadata } from "./remap.js";

/** Set on a result whose output passed streamBufferBytes: the digest was made from the kept pieces. */
export interface StreamInfo {
  bounded: true;
  /** Bytes of the whole output (UTF-8 bytes of text). */
  bytes: number;
  /** UTF-16 units of the whole output's text (0 for binary output: none of it is text). */
  chars: number;
  /** Lines of the whole output's text (0 for binary output). */
  lines: number;
  /** UTF-16 units of the output the core never saw (the gaps between head, kept lines and tail). */
  omittedChars: number;
}

/** A digest of a bounded output, ready to be finished like any other. */
export interface BoundedDigest {
  /** What the core is told of the output beyond the text it is given (its bytes, encoding, binary). */
  known: KnownInput;
  adjust(digest: ToolResultOutput): ToolResultOutput;
  info: StreamInfo;
}

/** The text the core digests for a bounded output, and how its digest becomes the whole's. */
export interface BoundedFinish {
  text: string;
  digest: BoundedDigest;
}

interface Decoder {
  write(bytes: Uint8Array): string;
  end(): string;
}

/** Decodes bytes that arrive in pieces: a character split between two pieces is decoded whole. */
function decoderFor(encoding: string): Decoder {
  if (encoding === "") {
    // Invalid UTF-8 becomes U+FFFD; the log keeps the bytes as they were.
    const utf8 = utf8Decoder();
    return { write: (b) => utf8.write(b), end: () => utf8.end() };
  }
  const decoder = new TextDecoder(encoding, { fatal: false });
  return { write: (b) => decoder.decode(b, { stream: true }), end: () => decoder.decode() };
}

/** What is known of a binary output before its end: its start, and its size so far. */
interface BinarySeen {
  /** A copy of its first bytes, or its first units. */
  start: string | Uint8Array;
  /** A string's bytes as describeBinary counts them (one per unit, or UTF-8). */
  stringBytes: StringBytes | null;
  units: number;
}

/** Bytes (or units) of a binary output's start kept to estimate its raw tokens (scaled to the whole). */
const BINARY_TOKEN_SAMPLE = 64 * 1024;

export class BoundedOutput {
  private text: BoundedText | null = null;
  private decoder: Decoder | null = null;
  private binary: BinarySeen | null = null;
  private readonly encoding: string = "";

  /**
   * `start` is the output's beginning (at least the first piece pushed): binary or text, and the
   * encoding of bytes, are decided from it, as process() decides them from a whole output's start.
   */
  constructor(limits: StreamLimits, start: string | Uint8Array) {
    if (describeBinaryStart(start, 0) !== "") {
      const copy = typeof start === "string" ? start.slice(0, BINARY_TOKEN_SAMPLE) : Uint8Array.prototype.slice.call(start, 0, BINARY_TOKEN_SAMPLE);
      this.binary = { start: copy, stringBytes: typeof start === "string" ? new StringBytes() : null, units: 0 };
      return;
    }
    this.text = new BoundedText(limits);
    if (typeof start !== "string") {
      this.encoding = textEncoding(start);
      this.decoder = decoderFor(this.encoding);
    }
  }

  /** Takes the next piece; the caller may reuse a byte piece once this returns. */
  push(piece: string | Uint8Array): void {
    if (this.binary) {
      if (typeof piece === "string") {
        this.binary.stringBytes!.add(piece);
        this.binary.units += piece.length;
      }
      return;
    }
    this.text!.push(typeof piece === "string" ? piece : this.decoder!.write(piece));
  }

  /**
   * The text for the core and how to finish its digest. `bytes`: the whole output's size in bytes
   * (UTF-8 bytes of text). `hint`: the hint the core is given, `{first}`/`{last}` left in, filled
   * here in the gap markers.
   */
  finish(bytes: number, hint: string): BoundedFinish {
    if (this.binary) return this.finishBinary(bytes);
    const bounded = this.text!;
    if (this.decoder) bounded.push(this.decoder.end());
    this.text = null;
    this.decoder = null;
    const fill = (first: number, last: number): string => hint.replaceAll("{first}", String(first)).replaceAll("{last}", String(last));
    const built = bounded.build(fill);
    const info: StreamInfo = { bounded: true, bytes, chars: built.chars, lines: built.lines, omittedChars: built.omitted };
    const builtLines = built.pieces.length > 0 ? built.pieces[built.pieces.length - 1]!.builtLast : 0;
    const adjust = (digest: ToolResultOutput): ToolResultOutput => {
      const map = new LineMap(built.pieces, built.lines, builtNumbering(built.text, digest.metadata.paging));
      const llmContent = trueHeadline(remapMarkers(digest.llmContent, map, hint), digest.metadata.totalLines || builtLines, map);
      const metadata = { ...trueMetadata(digest.metadata, map, { chars: built.chars, llm: digest.llmContent }), llmChars: llmContent.length };
      return defineLazy({ category: digest.category, llmContent, summary: digest.summary, truncated: true, metadata } as ToolResultOutput, {
        uiContent: () => remapMarkers(digest.uiContent, map, hint),
      });
    };
    const known: KnownInput = { binary: false, encoding: this.encoding, bytes, rawTokens: -1 };
    return { text: built.text, digest: { known, adjust, info } };
  }

  /** Binary output: the core is given its description, with the whole output's size, as process() does. */
  private finishBinary(bytes: number): BoundedFinish {
    const { start, stringBytes, units } = this.binary!;
    this.binary = null;
    const size = stringBytes ? stringBytes.total : bytes;
    const description = describeBinaryStart(start, size);
    const rawTokens = binaryRawTokens(start, stringBytes ? units : bytes);
    return {
      text: description,
      digest: {
        // A string's size is its length, as for any string process() is given.
        known: { binary: true, encoding: "", bytes: stringBytes ? units : bytes, rawTokens },
        adjust: (digest) => digest,
        info: { bounded: true, bytes, chars: 0, lines: 0, omittedChars: 0 },
      },
    };
  }
}
