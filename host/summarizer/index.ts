// The LLM summarizer: an extra, checked channel next to the deterministic digest.
//
//   const summarizer = createSummarizer({ provider: "anthropic" });   // undefined when off
//   if (summarizer?.wants(category, cleaned.length)) {
//     const outcome = await summarizer.summarize({ category, text, errorLines, signal, callId });
//     llmContent = outcome.ok ? outcome.summary : digest;   // and log outcome.reason when not ok
//   }
//   await summarizer.close();
//
// `summarize` never rejects for a provider failure and always settles: the
// deadline (timeoutMs, covering retries) fires even if the network does not
// answer, and a caller's AbortSignal settles that caller at once. Outcomes:
//   { ok: true,  summary, provider, model, latencyMs, usage, costUsd, cached, … }
//   { ok: false, reason, detail, provider, model, latencyMs, usage, costUsd, … }
// with reason one of no-key, timeout, network, http-429, http-4xx, http-5xx,
// malformed, empty, too-long, unverified, aborted.
//
// Pipeline per call: cut the input to maxInputChars (head + tail), redact
// secrets, fence it as untrusted data, POST (retrying 429/5xx/resets), parse,
// reject empty / over-long / unverifiable answers, append error lines the
// summary did not quote. Successes are cached by content hash (LRU), and
// identical calls in flight share one request.
import { CATEGORIES, isCategory } from "../categories.js";
import type { Agent } from "undici";
import { AbridgeError } from "../errors.js";
import { loadUndici } from "../lazy.js";
import type { Category } from "../types.js";
import { contentKey, LruCache } from "./cache.js";
import { worthSummarizing } from "./defaults.js";
import { SUMMARIZER_DEFAULTS, resolveSummarizerOptions, type ProviderName, type ResolvedSummarizerOptions, type SummarizerOptions } from "./options.js";
import { buildPrompt, type BuiltPrompt, type FileSections } from "./prompts.js";
import { anthropic } from "./providers/anthropic.js";
import { openai, openaiCompatible } from "./providers/openai.js";
import type { Provider, TokenUsage } from "./providers/types.js";
import { ABORT_CALLER, ABORT_TIMEOUT, postJson, type FailureReason, retryClock } from "./request.js";
import { verifySummary } from "./verify.js";

export type { FailureReason } from "./request.js";
export type { FileSections } from "./prompts.js";
export type { ProviderName, SummarizerOptions, SummarizerPrices } from "./options.js";
export type { TokenUsage } from "./providers/types.js";
export { SUMMARIZER_DEFAULTS } from "./options.js";
export { verifySummary, extractClaims, type Verification, type Claim } from "./verify.js";

export interface SummarizeRequest {
  category: Category;
  /** The cleaned tool output. */
  text: string;
  /** FileContent only: before / relevant (hashlines) / after; sent instead of `text`. */
  sections?: FileSections;
  /** Lines that must reach the model verbatim: appended when the summary does not quote them. */
  errorLines?: readonly string[];
  /** Aborting settles this call at once with reason "aborted". */
  signal?: AbortSignal;
  /** Echoed in the outcome, for the log. */
  callId?: string;
}

interface OutcomeBase {
  provider: ProviderName;
  model: string;
  /** From this call's start to its outcome. */
  latencyMs: number;
  /** HTTP attempts made for this call (0 when answered from the cache or refused up front). */
  attempts: number;
  /** Secrets replaced in what was sent. */
  redactions: number;
  callId?: string;
}

export interface SummarySuccess extends OutcomeBase {
  ok: true;
  /** The verified summary, with any unquoted error lines appended. */
  summary: string;
  /** Zero when `cached`: nothing was spent for this call. */
  usage: TokenUsage;
  /** US dollars; null when the model's price is unknown. */
  costUsd: number | null;
  /** Answered from the cache or by joining an identical call in flight. */
  cached: boolean;
  appendedErrorLines: number;
}

export interface SummaryFailure extends OutcomeBase {
  ok: false;
  reason: FailureReason;
  detail: string;
  /** The last HTTP status, when there was one. */
  status?: number;
  /** Set when the model answered (and was paid for) but the answer was refused. */
  usage: TokenUsage | null;
  costUsd: number | null;
  /** The refused answer (too-long, unverified), for the log. */
  rejectedSummary?: string;
  /** For "unverified": the paths, identifiers and numbers the source does not contain. */
  offending?: string[];
}

export type SummaryOutcome = SummarySuccess | SummaryFailure;

const PROVIDERS: Record<ProviderName, Provider> = { anthropic, openai, "openai-compatible": openaiCompatible };

/** What a shared flight resolves to, before it is adapted to each caller. */
type FlightOutcome = SummaryOutcome;

interface Flight {
  promise: Promise<FlightOutcome>;
  waiters: number;
  controller: AbortController;
}

export interface SummarizerStats {
  /** summarize() calls. */
  calls: number;
  /** Provider requests started (one per flight, retries not counted). */
  requests: number;
  cacheHits: number;
  /** Calls that joined an identical call in flight. */
  joined: number;
  inFlight: number;
}

export class Summarizer {
  readonly provider: ProviderName;
  readonly model: string;
  readonly trigger: number;
  private readonly options: ResolvedSummarizerOptions;
  private readonly wire: Provider;
  private readonly url: string;
  private readonly agent: Agent;
  private readonly cache: LruCache<SummarySuccess>;
  private readonly flights = new Map<string, Flight>();
  private readonly counters = { calls: 0, requests: 0, cacheHits: 0, joined: 0 };

  constructor(options: ResolvedSummarizerOptions) {
    this.options = options;
    this.provider = options.provider;
    this.model = options.model;
    this.trigger = options.trigger;
    this.wire = PROVIDERS[options.provider];
    this.url = this.wire.url(options.baseURL);
    // One pooled, keep-alive dispatcher per summarizer: connections are reused across calls.
    this.agent = new (loadUndici().Agent)({ connections: SUMMARIZER_DEFAULTS.connections, keepAliveTimeout: 10_000 });
    this.cache = new LruCache(options.cacheEntries);
  }

  /** Whether an output of this category and cleaned length is worth a summary. */
  wants(category: Category, cleanChars: number): boolean {
    return worthSummarizing(category, cleanChars, this.trigger);
  }

  stats(): SummarizerStats {
    return { ...this.counters, inFlight: this.flights.size };
  }

  /** Summarizes one tool output. Never rejects for provider failures; see the file header. */
  async summarize(request: SummarizeRequest): Promise<SummaryOutcome> {
    const started = performance.now();
    validateRequest(request);
    this.counters.calls++;
    const base = { provider: this.provider, model: this.model, ...(request.callId !== undefined ? { callId: request.callId } : {}) };
    const elapsed = () => Math.round((performance.now() - started) * 1000) / 1000;
    const refuse = (reason: FailureReason, detail: string): SummaryFailure => ({ ...base, ok: false, reason, detail, latencyMs: elapsed(), attempts: 0, redactions: 0, usage: null, costUsd: null });

    if (this.options.apiKey === null && this.provider !== "openai-compatible") {
      return refuse("no-key", `no API key: pass summarizer.apiKey or set ${SUMMARIZER_DEFAULTS.providers[this.provider].keyVariable}`);
    }
    if (request.signal?.aborted) return refuse("aborted", "the caller's signal was already aborted");

    const errorLines = request.errorLines ?? [];
    const key = contentKey([
      this.provider,
      this.model,
      request.category,
      request.text,
      request.sections ? `${request.sections.before}\u0000${request.sections.relevant}\u0000${request.sections.after}` : "",
      errorLines.join("\n"),
      String(this.options.maxInputChars),
      String(this.options.maxSummaryChars),
      String(this.options.redact),
    ]);

    const hit = this.cache.get(key);
    if (hit) {
      this.counters.cacheHits++;
      return { ...hit, ...base, latencyMs: elapsed(), attempts: 0, usage: { inputTokens: 0, outputTokens: 0 }, costUsd: 0, cached: true };
    }

    let flight = this.flights.get(key);
    const joined = flight !== undefined;
    if (flight) {
      this.counters.joined++;
    } else {
      flight = this.startFlight(key, request, errorLines);
    }
    flight.waiters++;
    const outcome = await this.await(key, flight, request.signal);
    if (outcome === "aborted") return refuse("aborted", "the caller aborted the summary");
    if (joined && outcome.ok) return { ...outcome, ...base, latencyMs: elapsed(), attempts: 0, usage: { inputTokens: 0, outputTokens: 0 }, costUsd: 0, cached: true };
    return { ...outcome, ...base, latencyMs: elapsed() };
  }

  /** Closes pooled connections. Calls in flight finish first. */
  async close(): Promise<void> {
    await this.agent.close();
  }

  private startFlight(key: string, request: SummarizeRequest, errorLines: readonly string[]): Flight {
    const controller = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    // The deadline settles the flight by itself: nothing downstream can keep a caller waiting.
    const deadline = new Promise<FlightOutcome>((resolve) => {
      timer = setTimeout(() => {
        controller.abort(ABORT_TIMEOUT);
        resolve(this.failure("timeout", `no answer within timeoutMs ${this.options.timeoutMs}`, 0, 0));
      }, this.options.timeoutMs);
    });
    const work = this.run(request, errorLines, controller.signal).catch((err: unknown) =>
      this.failure("malformed", `unexpected error: ${err instanceof Error ? err.message : String(err)}`, 0, 0),
    );
    const flight: Flight = {
      waiters: 0,
      controller,
      promise: Promise.race([work, deadline]).then((outcome) => {
        clearTimeout(timer);
        if (this.flights.get(key) === flight) this.flights.delete(key);
        if (outcome.ok) this.cache.set(key, outcome);
        return outcome;
      }),
    };
    this.flights.set(key, flight);
    this.counters.requests++;
    return flight;
  }

  /** Waits for a flight on behalf of one caller; the last caller to abort cancels the request. */
  private await(key: string, flight: Flight, signal: AbortSignal | undefined): Promise<FlightOutcome | "aborted"> {
    if (!signal) return flight.promise;
    return new Promise((resolve) => {
      const onAbort = () => {
        resolve("aborted");
        if (--flight.waiters === 0) {
          flight.controller.abort(ABORT_CALLER);
          if (this.flights.get(key) === flight) this.flights.delete(key);
        }
      };
      signal.addEventListener("abort", onAbort, { once: true });
      void flight.promise.then((outcome) => {
        signal.removeEventListener("abort", onAbort);
        resolve(outcome);
      });
    });
  }

  private async run(request: SummarizeRequest, errorLines: readonly string[], signal: AbortSignal): Promise<FlightOutcome> {
    const started = performance.now();
    const prompt: BuiltPrompt = buildPrompt(
      { category: request.category, text: request.text, ...(request.sections ? { sections: request.sections } : {}), errorLines },
      this.options,
    );
    const body = JSON.stringify(this.wire.body({ model: this.model, system: prompt.system, user: prompt.user, maxTokens: prompt.maxTokens }));
    const http = await postJson(this.url, this.wire.headers(this.options.apiKey), body, {
      dispatcher: this.agent,
      signal,
      deadline: retryClock.now() + this.options.timeoutMs,
      maxRetries: this.options.maxRetries,
      maxResponseBytes: this.options.maxResponseBytes,
      timeoutMs: this.options.timeoutMs,
    });
    const latencyMs = performance.now() - started;
    if (!http.ok) return { ...this.failure(http.reason, http.detail, http.attempts, prompt.redactions), ...(http.status !== undefined ? { status: http.status } : {}), latencyMs };

    const parsed = this.wire.parse(http.json);
    if (!parsed.ok) return { ...this.failure("malformed", parsed.detail, http.attempts, prompt.redactions), status: http.status, latencyMs };
    const paid = { usage: parsed.usage, costUsd: this.cost(parsed.usage) };
    const text = parsed.text.trim();
    const refused = (reason: FailureReason, detail: string, extra: Partial<SummaryFailure> = {}): SummaryFailure => ({
      ...this.failure(reason, detail, http.attempts, prompt.redactions),
      ...paid,
      status: http.status,
      latencyMs,
      rejectedSummary: parsed.text,
      ...extra,
    });

    if (text === "") return refused("empty", "the model returned no text");
    if (parsed.truncated) return refused("too-long", `the model stopped at max tokens (${prompt.maxTokens})`);
    if (text.length > this.options.maxSummaryChars) return refused("too-long", `${text.length} chars > maxSummaryChars ${this.options.maxSummaryChars}`);
    const verdict = verifySummary(text, prompt.sentSource, errorLines);
    if (!verdict.ok) {
      const shown = verdict.offending.slice(0, 10).join(", ");
      return refused("unverified", `not in the source: ${shown}${verdict.offending.length > 10 ? ", …" : ""}`, { offending: verdict.offending });
    }
    return {
      ok: true,
      provider: this.provider,
      model: this.model,
      summary: verdict.text,
      latencyMs,
      attempts: http.attempts,
      redactions: prompt.redactions,
      ...paid,
      cached: false,
      appendedErrorLines: verdict.appended.length,
    };
  }

  private failure(reason: FailureReason, detail: string, attempts: number, redactions: number): SummaryFailure {
    return { ok: false, provider: this.provider, model: this.model, reason, detail, latencyMs: 0, attempts, redactions, usage: null, costUsd: null };
  }

  private cost(usage: TokenUsage): number | null {
    const p = this.options.prices;
    return p === null ? null : (usage.inputTokens * p.inputPerMTok + usage.outputTokens * p.outputPerMTok) / 1_000_000;
  }
}

function validateRequest(request: SummarizeRequest): void {
  if (typeof request !== "object" || request === null) throw new AbridgeError("ABRIDGE_INVALID_INPUT", "summarize() takes { category, text, errorLines?, sections?, signal?, callId? }");
  if (!isCategory(request.category)) throw new AbridgeError("ABRIDGE_INVALID_INPUT", `summarize(): category must be one of ${CATEGORIES.join(", ")}, got ${String(request.category)}`);
  if (typeof request.text !== "string") throw new AbridgeError("ABRIDGE_INVALID_INPUT", `summarize(): text must be a string, got ${typeof request.text}`);
  if (request.errorLines !== undefined && (!Array.isArray(request.errorLines) || request.errorLines.some((l) => typeof l !== "string"))) {
    throw new AbridgeError("ABRIDGE_INVALID_INPUT", "summarize(): errorLines must be an array of strings");
  }
  const s = request.sections;
  if (s !== undefined && (typeof s !== "object" || s === null || typeof s.before !== "string" || typeof s.relevant !== "string" || typeof s.after !== "string")) {
    throw new AbridgeError("ABRIDGE_INVALID_INPUT", "summarize(): sections must be { before: string, relevant: string, after: string }");
  }
}

/**
 * Creates a summarizer, or returns undefined when summarization is not configured (no options, or
 * provider "off"): it is opt-in. Keys come from `apiKey`, else ANTHROPIC_API_KEY / OPENAI_API_KEY in
 * `env`. Throws AbridgeError ABRIDGE_INVALID_OPTION naming a bad option.
 */
export function createSummarizer(options: SummarizerOptions | undefined | null, env: Record<string, string | undefined> = process.env): Summarizer | undefined {
  const resolved = resolveSummarizerOptions(options, env);
  return resolved === null ? undefined : new Summarizer(resolved);
}
