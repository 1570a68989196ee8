// The summarizer's defaults, apart from its options' checks: the configuration reads them, and a
// process that only resolves its configuration should not load the rest.
export const SUMMARIZER_DEFAULTS = Object.freeze({
  timeoutMs: 15_000,
  maxRetries: 2,
  maxInputChars: 50_000,
  maxSummaryChars: 800,
  trigger: 1_500,
  redact: true,
  maxResponseBytes: 1 << 20,
  cacheEntries: 256,
  /** Keep-alive connections per origin. */
  connections: 16,
  anthropicVersion: "2023-06-01",
  providers: Object.freeze({
    anthropic: Object.freeze({
      model: "claude-haiku-4-5-20251001",
      baseURL: "https://api.anthropic.com",
      keyVariable: "ANTHROPIC_API_KEY",
      prices: Object.freeze({ inputPerMTok: 1, outputPerMTok: 5 }),
    }),
    openai: Object.freeze({
      model: "gpt-4.1-mini",
      baseURL: "https://api.openai.com",
      keyVariable: "OPENAI_API_KEY",
      prices: Object.freeze({ inputPerMTok: 0.4, outputPerMTok: 1.6 }),
    }),
  }),
  /** Backoff: base × 2^attempt with full jitter, each wait at most maxBackoffMs. */
  backoffBaseMs: 250,
  maxBackoffMs: 4_000,
  /** A `retry-after` longer than this is not waited for: the call fails with http-429 at once. */
  maxRetryAfterMs: 10_000,
});

/**
 * Whether an output is worth a summary: not binary, and longer once cleaned than `trigger`.
 * Here, not in the summarizer, so a session can ask before it loads the summarizer.
 */
export function worthSummarizing(category: string, cleanChars: number, trigger: number): boolean {
  return category !== "Binary" && cleanChars > trigger;
}
