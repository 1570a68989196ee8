// One JSON POST with retries, over undici. Retries a 408, 429, 5xx or a broken
// connection with exponential backoff and jitter, honouring `retry-after`
// (seconds or an HTTP date) and `retry-after-ms`. Never throws: every failure
// becomes a `reason` the caller records. The whole call is bounded by the
// caller's signal, which the summarizer aborts at its deadline or when the
// caller gives up; this module only tells the two apart by the abort reason.
import type { Dispatcher } from "undici";
import { loadUndici, sleep } from "../lazy.js";
import { SUMMARIZER_DEFAULTS } from "./options.js";

/** Why a summary could not be had. Stable strings: they are written to the log. */
export type FailureReason =
  | "no-key"
  | "timeout"
  | "network"
  | "http-429"
  | "http-4xx"
  | "http-5xx"
  | "malformed"
  | "empty"
  | "too-long"
  | "unverified"
  | "aborted";

/** Abort reasons the summarizer passes to its AbortController. */
export const ABORT_TIMEOUT = Object.freeze(new Error("summarizer deadline reached"));
export const ABORT_CALLER = Object.freeze(new Error("summarizer call aborted by the caller"));

export interface PostJsonOptions {
  dispatcher: Dispatcher;
  signal: AbortSignal;
  /** Epoch ms after which no new attempt or wait starts. */
  deadline: number;
  maxRetries: number;
  maxResponseBytes: number;
  /** Per-request socket timeouts (undici's own defaults are minutes). */
  timeoutMs: number;
}

export type PostJsonResult =
  | { ok: true; json: unknown; attempts: number; status: number }
  | { ok: false; reason: FailureReason; detail: string; attempts: number; status?: number };

interface AttemptFailure {
  reason: FailureReason;
  detail: string;
  status?: number;
  retryable: boolean;
  /** From `retry-after`, when the server sent one. */
  retryAfterMs?: number;
}

/**
 * The clock the waits between attempts use. Every wait goes through `sleep`, so a test (or
 * a harness with its own scheduler) can see and shorten what the backoff and `retry-after`
 * asked for instead of measuring time.
 */
export const retryClock = {
  now: (): number => Date.now(),
  sleep: (ms: number, signal?: AbortSignal): Promise<void> => sleep(ms, signal),
};

/** POSTs `body` as JSON to `url` and parses the JSON answer, retrying what is worth retrying. */
export async function postJson(url: string, headers: Record<string, string>, body: string, options: PostJsonOptions): Promise<PostJsonResult> {
  let attempts = 0;
  for (;;) {
    attempts++;
    const outcome = await attempt(url, headers, body, options);
    if ("json" in outcome) return { ok: true, json: outcome.json, attempts, status: outcome.status };
    const fail = (f: AttemptFailure): PostJsonResult => ({ ok: false, reason: f.reason, detail: f.detail, attempts, ...(f.status !== undefined ? { status: f.status } : {}) });
    if (!outcome.retryable || attempts > options.maxRetries) return fail(outcome);

    let waitMs = backoffMs(attempts - 1);
    if (outcome.retryAfterMs !== undefined) {
      // A server asking for more than we are willing to wait: give up now rather than time out later.
      if (outcome.retryAfterMs > SUMMARIZER_DEFAULTS.maxRetryAfterMs) return fail({ ...outcome, detail: `${outcome.detail}; retry-after ${outcome.retryAfterMs} ms exceeds ${SUMMARIZER_DEFAULTS.maxRetryAfterMs} ms` });
      waitMs = Math.max(waitMs, outcome.retryAfterMs);
    }
    if (retryClock.now() + waitMs >= options.deadline) return fail({ ...outcome, detail: `${outcome.detail}; no time left to retry` });
    try {
      await retryClock.sleep(waitMs, options.signal);
    } catch {
      return { ok: false, ...abortFailure(options.signal), attempts };
    }
  }
}

/** Exponential backoff with equal jitter: half fixed, half random, capped. */
export function backoffMs(retry: number): number {
  const ceiling = Math.min(SUMMARIZER_DEFAULTS.maxBackoffMs, SUMMARIZER_DEFAULTS.backoffBaseMs * 2 ** retry);
  return Math.round(ceiling / 2 + Math.random() * (ceiling / 2));
}

/** `retry-after` as seconds or an HTTP date, or OpenAI's `retry-after-ms`; undefined if absent or unreadable. */
export function parseRetryAfter(headers: Record<string, string | string[] | undefined>, now = retryClock.now()): number | undefined {
  const first = (v: string | string[] | undefined): string | undefined => (Array.isArray(v) ? v[0] : v)?.trim();
  const ms = first(headers["retry-after-ms"]);
  if (ms !== undefined && /^\d+(?:\.\d+)?$/.test(ms)) return Math.ceil(Number(ms));
  const value = first(headers["retry-after"]);
  if (value === undefined || value === "") return undefined;
  if (/^\d+(?:\.\d+)?$/.test(value)) return Math.ceil(Number(value) * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

function abortFailure(signal: AbortSignal): { reason: FailureReason; detail: string } {
  return signal.reason === ABORT_CALLER
    ? { reason: "aborted", detail: "the caller aborted the summary" }
    : { reason: "timeout", detail: "the summarizer deadline was reached" };
}

async function attempt(url: string, headers: Record<string, string>, body: string, o: PostJsonOptions): Promise<{ json: unknown; status: number } | AttemptFailure> {
  if (o.signal.aborted) return { ...abortFailure(o.signal), retryable: false };
  let response: Dispatcher.ResponseData;
  try {
    response = await loadUndici().request(url, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json", ...headers },
      body,
      dispatcher: o.dispatcher,
      signal: o.signal,
      headersTimeout: o.timeoutMs,
      bodyTimeout: o.timeoutMs,
    });
  } catch (err) {
    return transportFailure(err, o, "");
  }

  const { statusCode, headers: responseHeaders } = response;
  const text = await readBounded(response, o);
  if (typeof text !== "string") return { ...text, status: statusCode };

  if (statusCode >= 200 && statusCode < 300) {
    try {
      return { json: JSON.parse(text), status: statusCode };
    } catch {
      return { reason: "malformed", detail: `HTTP ${statusCode} body is not JSON: ${preview(text)}`, status: statusCode, retryable: false };
    }
  }

  const detail = `HTTP ${statusCode}: ${errorMessage(text)}`;
  const retryAfterMs = parseRetryAfter(responseHeaders);
  const withRetryAfter = retryAfterMs === undefined ? {} : { retryAfterMs };
  if (statusCode === 429) return { reason: "http-429", detail, status: statusCode, retryable: true, ...withRetryAfter };
  if (statusCode >= 500) return { reason: "http-5xx", detail, status: statusCode, retryable: true, ...withRetryAfter };
  return { reason: "http-4xx", detail, status: statusCode, retryable: statusCode === 408, ...withRetryAfter };
}

/** Reads the body as UTF-8, refusing more than maxResponseBytes. */
async function readBounded(response: Dispatcher.ResponseData, o: PostJsonOptions): Promise<string | AttemptFailure> {
  const declared = Number(response.headers["content-length"]);
  if (Number.isFinite(declared) && declared > o.maxResponseBytes) {
    response.body.destroy();
    return { reason: "malformed", detail: `response of ${declared} bytes exceeds maxResponseBytes ${o.maxResponseBytes}`, retryable: false };
  }
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of response.body) {
      size += (chunk as Buffer).length;
      if (size > o.maxResponseBytes) {
        response.body.destroy();
        return { reason: "malformed", detail: `response body exceeds maxResponseBytes ${o.maxResponseBytes}`, retryable: false };
      }
      chunks.push(chunk as Buffer);
    }
  } catch (err) {
    return transportFailure(err, o, "reading the body: ");
  }
  return Buffer.concat(chunks, size).toString("utf8");
}

/** Both providers put errors in `{ error: { type?, code?, message } }`. */
function errorMessage(text: string): string {
  try {
    const parsed = JSON.parse(text) as { error?: { type?: unknown; code?: unknown; message?: unknown } };
    const e = parsed.error;
    if (e && typeof e === "object") {
      const kind = typeof e.type === "string" ? e.type : typeof e.code === "string" ? e.code : "error";
      return `${kind}: ${typeof e.message === "string" ? preview(e.message) : "(no message)"}`;
    }
  } catch {
    // not JSON: show the start of the body
  }
  return preview(text);
}

/** undici's own deadlines (headersTimeout, bodyTimeout), which are set to timeoutMs like the flight's. */
const UNDICI_TIMEOUTS = new Set(["UND_ERR_HEADERS_TIMEOUT", "UND_ERR_BODY_TIMEOUT"]);

/**
 * A failed request or body read. undici's timers and the flight's deadline are both timeoutMs, and
 * either may fire first: both are the provider not answering in time, so both read as "timeout".
 */
function transportFailure(err: unknown, o: PostJsonOptions, during: string): AttemptFailure {
  if (o.signal.aborted) return { ...abortFailure(o.signal), retryable: false };
  const code = err instanceof Error ? (err as { code?: unknown }).code : undefined;
  if (typeof code === "string" && UNDICI_TIMEOUTS.has(code)) {
    return { reason: "timeout", detail: `${during}no answer within timeoutMs ${o.timeoutMs} (${describeError(err)})`, retryable: false };
  }
  return { reason: "network", detail: `${during}${describeError(err)}`, retryable: true };
}

function describeError(err: unknown): string {
  if (err instanceof Error) {
    const code = (err as { code?: unknown }).code;
    return typeof code === "string" ? `${code}: ${err.message}` : err.message;
  }
  return String(err);
}

function preview(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > 200 ? `${flat.slice(0, 200)}…` : flat || "(empty body)";
}
