// Heavy dependencies loaded on first use, so that importing abridge stays
// cheap: the o200k tables take ~200 ms to load, undici ~100 ms and node:crypto
// ~10 ms, and most calls need none of them (exact counts are lazy; the summarizer
// is opt-in).
import { createRequire } from "node:module";
import type * as Crypto from "node:crypto";
import type * as FsPromises from "node:fs/promises";
import type * as StringDecoders from "node:string_decoder";
import type * as TimersPromises from "node:timers/promises";
import type * as Undici from "undici";
import type * as V8 from "node:v8";

const require = createRequire(import.meta.url);

let tokenizer: { countTokens(text: string): number } | undefined;
let undici: typeof Undici | undefined;
let crypto: typeof Crypto | undefined;
let fsPromises: typeof FsPromises | undefined;
let timersPromises: typeof TimersPromises | undefined;
let stringDecoders: typeof StringDecoders | undefined;

/** Exact o200k token count (gpt-tokenizer). */
export function countExactTokens(text: string): number {
  tokenizer ??= require("gpt-tokenizer/encoding/o200k_base") as { countTokens(text: string): number };
  return tokenizer.countTokens(text);
}

/** The undici module, loaded on first use. */
export function loadUndici(): typeof Undici {
  return (undici ??= require("undici") as typeof Undici);
}

/** Random bytes from node:crypto, loaded on first use (a hook answering a PostToolUse never needs it). */
export function randomBytes(size: number): Buffer {
  crypto ??= require("node:crypto") as typeof Crypto;
  return crypto.randomBytes(size);
}

/**
 * fs/promises' open, loaded on first use: only reading a log asynchronously needs it, and under
 * require it pulls in readline and the file watchers (11 built-in modules, ~1 ms of start-up).
 */
export function openFileHandle(path: string, flags: string): Promise<FsPromises.FileHandle> {
  fsPromises ??= require("node:fs/promises") as typeof FsPromises;
  return fsPromises.open(path, flags);
}

/** A fresh SHA-256 hash (node:crypto loaded on first use). */
export function sha256(): Crypto.Hash {
  crypto ??= require("node:crypto") as typeof Crypto;
  return crypto.createHash("sha256");
}

/**
 * Sets V8 flags for the rest of the process (node:v8 loaded on first use: it pulls in Node's
 * stream modules, which a command that already read stdin has loaded anyway).
 */
export function setV8Flags(flags: string): void {
  (require("node:v8") as typeof V8).setFlagsFromString(flags);
}

/** A wait that the signal cuts short (node:timers/promises, loaded on the summarizer's first retry). */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  timersPromises ??= require("node:timers/promises") as typeof TimersPromises;
  return timersPromises.setTimeout(ms, undefined, { signal });
}

/** A UTF-8 StringDecoder (node:string_decoder, loaded when a bounded output first decodes bytes). */
export function utf8Decoder(): StringDecoders.StringDecoder {
  stringDecoders ??= require("node:string_decoder") as typeof StringDecoders;
  return new stringDecoders.StringDecoder("utf8");
}
