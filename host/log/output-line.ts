// The line of a record that carries an output (a call or a chunk), with the output
// escaped once by the core instead of serialised a second time inside the whole
// record: the record is serialised with `output: ""` (a few hundred bytes), and the
// escaped body is written between its quotes. The line is byte for byte what
// JSON.stringify of the whole record gives, so every reader reads it as before.
import type { CallRecord, ChunkRecord, CompletionRecord, OutputSize } from "./schema.js";

/** The escaped JSON string body of one output, in parts to write in order (views valid only inside `use`). */
export interface JsonEscaped {
  parts: Uint8Array[];
  /** UTF-8 bytes of the text (a lone surrogate counted as the 3 of U+FFFD, as Buffer.byteLength does). */
  bytes: number;
  /** UTF-16 units of the text. */
  chars: number;
}

/**
 * Escapes a text, or bytes that are valid UTF-8, as the body of a JSON string exactly as
 * JSON.stringify would, and hands it to `use`; undefined when it cannot (the record is then
 * serialised whole). The core's `withJsonEscaped` (host/core.ts): the log modules do not load
 * the core themselves, so they run without it.
 */
export type JsonEscaper = <T>(output: string | Uint8Array, use: (escaped: JsonEscaped) => T) => T | undefined;

/**
 * A record written at once serialises an output shorter than this with the record (a held
 * one: CORE_ESCAPE_HELD_FROM). From here the line is written around the core's escaped body,
 * never copied into a JS string.
 */
export const CORE_ESCAPE_FROM = 16 * 1024;

/**
 * A held call record (one written with its completion) escapes its output in the core from
 * this long: the escape is one SIMD pass straight to UTF-8, where JSON.stringify of a few KB
 * of text holding non-Latin-1 characters and encoding the result cost several times more.
 * Shorter outputs cost less than the crossing.
 */
export const CORE_ESCAPE_HELD_FROM = 512;

const EMPTY_OUTPUT = '"output":""';
const OPEN = EMPTY_OUTPUT.length - 1;

/**
 * Escapes `output` (a string, or bytes the caller checked are valid UTF-8) with `escape` and
 * writes the line made by `record(size)` around it through `write`. Undefined when it cannot
 * escape (no such export in the loaded core): the caller serialises the record whole.
 * Throws what the escape or `serialize` throws; `write` must not throw.
 */
export function withOutputLine<R>(
  escape: JsonEscaper,
  output: string | Uint8Array,
  record: (size: OutputSize) => CallRecord | ChunkRecord,
  serialize: (record: CallRecord | ChunkRecord) => string,
  write: (parts: Uint8Array[]) => R,
): R | undefined {
  return withOutputLineAround(escape, output, record, serialize, (head, body, tail) => write([Buffer.from(head, "utf8"), ...body, Buffer.from(tail, "utf8")]));
}

/**
 * withOutputLine() for a writer that encodes the line's text itself: `write` gets the record's
 * JSON before the escaped body, the body's parts, and the rest with the line's newline.
 */
export function withOutputLineAround<R>(
  escape: JsonEscaper,
  output: string | Uint8Array,
  record: (size: OutputSize) => CallRecord | ChunkRecord,
  serialize: (record: CallRecord | ChunkRecord) => string,
  write: (head: string, body: Uint8Array[], tail: string) => R,
): R | undefined {
  return escape(output, (escaped: JsonEscaped) => {
    const json = serialize(record({ bytes: escaped.bytes, chars: escaped.chars }));
    // The last `"output":""` is the record's own: fields after it (size, chunks, aborted) are
    // numbers or JSON strings, whose quotes are escaped; earlier ones (args) come before it.
    const at = json.lastIndexOf(EMPTY_OUTPUT) + OPEN;
    if (at < OPEN) throw new Error("the serialised record has no empty output field");
    return write(json.slice(0, at), escaped.parts, `${json.slice(at)}\n`);
  });
}

const EMPTY_LLM_CONTENT = '"llmContent":""';
const OPEN_LLM_CONTENT = EMPTY_LLM_CONTENT.length - 1;

/**
 * A completion record's line with what the model saw (`llmContent`, a few KB) escaped by the core
 * as withOutputLine() escapes an output: the record is serialised with `llmContent: ""` and the
 * escaped body written between its quotes, byte for byte the line JSON.stringify gives. Undefined
 * when it cannot escape. Throws what the escape or `serialize` throws; `write` must not throw.
 */
export function withCompletionLine<R>(
  escape: JsonEscaper,
  record: CompletionRecord,
  serialize: (record: CompletionRecord) => string,
  write: (head: string, body: Uint8Array[], tail: string) => R,
): R | undefined {
  return escape(record.llmContent, (escaped: JsonEscaped) => completionLineAround(record, escaped.parts, serialize, write));
}

/**
 * A completion record's line around `body`, the escaped JSON string body of its llmContent (from
 * the core's escape): the record's JSON before the body, the body, and the rest of it with the
 * line's newline. Throws what `serialize` throws.
 */
export function completionLineAround<R>(
  record: CompletionRecord,
  body: Uint8Array[],
  serialize: (record: CompletionRecord) => string,
  write: (head: string, body: Uint8Array[], tail: string) => R,
): R {
  const json = serialize({ ...record, llmContent: "" });
  // The first `"llmContent":""` is the record's own: every field before it is one of the
  // record's head (v, type, time, session, callId, category), whose strings have their quotes
  // escaped; later ones (summary, metadata) may hold anything.
  const at = json.indexOf(EMPTY_LLM_CONTENT) + OPEN_LLM_CONTENT;
  if (at < OPEN_LLM_CONTENT) throw new Error("the serialised record has no empty llmContent field");
  return write(json.slice(0, at), body, `${json.slice(at)}\n`);
}
