// What each wire format supplies: where to POST, which headers, the body, and
// how to read the answer. No I/O here: request.ts sends, the summarizer decides.
import type { ProviderName } from "../options.js";

export interface TokenUsage {
  inputTokens: number;
  outputTokens: number;
}

export interface ProviderRequest {
  model: string;
  /** Instructions: only here, never in the user message. */
  system: string;
  /** The fenced, labelled tool output. */
  user: string;
  maxTokens: number;
}

export type ParsedAnswer =
  | {
      ok: true;
      text: string;
      usage: TokenUsage;
      /** The model stopped at max tokens: the answer is cut off. */
      truncated: boolean;
    }
  | { ok: false; detail: string };

export interface Provider {
  readonly name: ProviderName;
  url(baseURL: string): string;
  headers(apiKey: string | null): Record<string, string>;
  body(req: ProviderRequest): unknown;
  parse(json: unknown): ParsedAnswer;
}

/** Appends `path` (which starts with /v1/) to a base URL that may already end in /v1. */
export function joinV1(baseURL: string, path: string): string {
  return baseURL.endsWith("/v1") ? baseURL + path.slice(3) : baseURL + path;
}

export function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

export function count(v: unknown): number {
  return typeof v === "number" && Number.isFinite(v) && v >= 0 ? v : 0;
}
