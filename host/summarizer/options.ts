// Summarizer options: every default in SUMMARIZER_DEFAULTS, validated up front
// with messages that name the option and the bad value.
import { AbridgeError } from "../errors.js";
import { SUMMARIZER_DEFAULTS } from "./defaults.js";

export type ProviderName = "anthropic" | "openai" | "openai-compatible";

/** Prices in US dollars per million tokens. */
export interface SummarizerPrices {
  inputPerMTok: number;
  outputPerMTok: number;
}

export interface SummarizerOptions {
  /** Which wire format and default endpoint. `"off"` (or no options) disables summarization. */
  provider: ProviderName | "off";
  /** @default claude-haiku-4-5-20251001 (anthropic), gpt-4.1-mini (openai); required for openai-compatible */
  model?: string | null;
  /** @default ANTHROPIC_API_KEY or OPENAI_API_KEY from the environment; optional for openai-compatible */
  apiKey?: string | null;
  /** @default https://api.anthropic.com or https://api.openai.com; required for openai-compatible (e.g. http://127.0.0.1:11434/v1) */
  baseURL?: string | null;
  /** The whole call, retries included. @default 15_000 */
  timeoutMs?: number;
  /** Retries after a 429, a 5xx or a reset connection. @default 2 */
  maxRetries?: number;
  /** Chars of tool output sent; longer outputs are cut head + tail with a marker. @default 50_000 */
  maxInputChars?: number;
  /** Longer answers are rejected (the caller falls back to the digest). @default 800 */
  maxSummaryChars?: number;
  /** Outputs up to this many chars are not worth a summary (see `Summarizer.wants`). @default 1_500 */
  trigger?: number;
  /** @default the provider's list price for the default model; unknown for other models */
  prices?: SummarizerPrices;
  /** Redact secrets from everything sent. @default true */
  redact?: boolean;
  /** Larger response bodies are refused. @default 1_048_576 */
  maxResponseBytes?: number;
  /** Identical requests answered from memory; 0 disables the cache. @default 256 */
  cacheEntries?: number;
}

export { SUMMARIZER_DEFAULTS };

/** Options after defaults and validation; `apiKey` null means none. */
export interface ResolvedSummarizerOptions {
  provider: ProviderName;
  model: string;
  apiKey: string | null;
  /** Origin plus base path, no trailing slash. */
  baseURL: string;
  timeoutMs: number;
  maxRetries: number;
  maxInputChars: number;
  maxSummaryChars: number;
  trigger: number;
  /** Null when the price of `model` is unknown: costs are then reported as null. */
  prices: SummarizerPrices | null;
  redact: boolean;
  maxResponseBytes: number;
  cacheEntries: number;
}

function invalid(name: string, value: unknown, expected: string): never {
  const shown = typeof value === "string" ? JSON.stringify(value) : String(value);
  throw new AbridgeError("ABRIDGE_INVALID_OPTION", `summarizer.${name} must be ${expected}, got ${shown}`);
}

function int(name: string, value: unknown, min: number, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || (value as number) < min) invalid(name, value, `an integer ≥ ${min}`);
  return value as number;
}

function optionalString(name: string, value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== "string" || value === "") invalid(name, value, "a non-empty string");
  return value;
}

function baseUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return invalid("baseURL", value, "an http(s) URL");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") invalid("baseURL", value, "an http(s) URL");
  if (url.username || url.password) invalid("baseURL", "<with credentials>", "a URL without user:password (pass apiKey instead)");
  return (url.origin + url.pathname).replace(/\/+$/, "");
}

function prices(value: unknown): SummarizerPrices {
  if (typeof value !== "object" || value === null) return invalid("prices", value, "an object { inputPerMTok, outputPerMTok }");
  const p = value as Record<string, unknown>;
  for (const key of ["inputPerMTok", "outputPerMTok"]) {
    const v = p[key];
    if (typeof v !== "number" || !Number.isFinite(v) || v < 0) invalid(`prices.${key}`, v, "a non-negative number");
  }
  return { inputPerMTok: p.inputPerMTok as number, outputPerMTok: p.outputPerMTok as number };
}

/**
 * Validates options and fills defaults. Returns null when summarization is off.
 * Throws AbridgeError ABRIDGE_INVALID_OPTION naming the option.
 */
export function resolveSummarizerOptions(
  options: SummarizerOptions | undefined | null,
  env: Record<string, string | undefined>,
): ResolvedSummarizerOptions | null {
  if (options === undefined || options === null) return null;
  if (typeof options !== "object") return invalid("", options, "an object");
  const provider = options.provider;
  if (provider === "off") return null;
  if (provider !== "anthropic" && provider !== "openai" && provider !== "openai-compatible") {
    return invalid("provider", provider, `one of "anthropic", "openai", "openai-compatible", "off"`);
  }

  const model = optionalString("model", options.model);
  const explicitBase = optionalString("baseURL", options.baseURL);
  const explicitKey = options.apiKey === undefined || options.apiKey === null ? null : optionalString("apiKey", options.apiKey);

  let resolvedModel: string;
  let resolvedBase: string;
  let apiKey: string | null;
  let defaultPrices: SummarizerPrices | null = null;
  if (provider === "openai-compatible") {
    if (explicitBase === null) invalid("baseURL", explicitBase, `an http(s) URL when provider is "openai-compatible" (e.g. http://127.0.0.1:11434/v1)`);
    if (model === null) invalid("model", model, `a model name when provider is "openai-compatible"`);
    resolvedModel = model;
    resolvedBase = baseUrl(explicitBase);
    apiKey = explicitKey; // local servers usually need none
  } else {
    const d = SUMMARIZER_DEFAULTS.providers[provider];
    resolvedModel = model ?? d.model;
    resolvedBase = baseUrl(explicitBase ?? d.baseURL);
    apiKey = explicitKey ?? (env[d.keyVariable]?.trim() || null);
    if (resolvedModel === d.model) defaultPrices = { ...d.prices };
  }

  const maxSummaryChars = int("maxSummaryChars", options.maxSummaryChars, 1, SUMMARIZER_DEFAULTS.maxSummaryChars);
  if (options.redact !== undefined && typeof options.redact !== "boolean") invalid("redact", options.redact, "true or false");

  return {
    provider,
    model: resolvedModel,
    apiKey,
    baseURL: resolvedBase,
    timeoutMs: int("timeoutMs", options.timeoutMs, 1, SUMMARIZER_DEFAULTS.timeoutMs),
    maxRetries: int("maxRetries", options.maxRetries, 0, SUMMARIZER_DEFAULTS.maxRetries),
    maxInputChars: int("maxInputChars", options.maxInputChars, 1, SUMMARIZER_DEFAULTS.maxInputChars),
    maxSummaryChars,
    trigger: int("trigger", options.trigger, 0, SUMMARIZER_DEFAULTS.trigger),
    prices: options.prices === undefined ? defaultPrices : prices(options.prices),
    redact: options.redact ?? SUMMARIZER_DEFAULTS.redact,
    maxResponseBytes: int("maxResponseBytes", options.maxResponseBytes, 1024, SUMMARIZER_DEFAULTS.maxResponseBytes),
    cacheEntries: int("cacheEntries", options.cacheEntries, 0, SUMMARIZER_DEFAULTS.cacheEntries),
  };
}
