// Heavy dependencies loaded on first use, so that importing abridge stays
// cheap: the o200k tables take ~200 ms to load and undici ~100 ms, and most
// calls need neither (exact counts are lazy; the summarizer is opt-in).
import { createRequire } from "node:module";
import type * as Undici from "undici";

const require = createRequire(import.meta.url);

let tokenizer: { countTokens(text: string): number } | undefined;
let undici: typeof Undici | undefined;

/** Exact o200k token count (gpt-tokenizer). */
export function countExactTokens(text: string): number {
  tokenizer ??= require("gpt-tokenizer/encoding/o200k_base") as { countTokens(text: string): number };
  return tokenizer.countTokens(text);
}

/** The undici module, loaded on first use. */
export function loadUndici(): typeof Undici {
  return (undici ??= require("undici") as typeof Undici);
}
