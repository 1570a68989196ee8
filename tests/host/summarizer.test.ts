// The summarizer against a real HTTP server on loopback that speaks both
// providers' wire formats: request shape, success, every fallback reason,
// retries, deadlines, aborts, the cache and concurrency.
import { readFileSync } from "node:fs";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { isAbridgeError } from "../../host/errors.js";
import { createSummarizer, type Summarizer, type SummarizerOptions, type SummaryFailure, type SummaryOutcome, type SummarySuccess } from "../../host/summarizer/index.js";
import { postJson, retryClock } from "../../host/summarizer/request.js";
import { Agent } from "undici";
import { startProviderServer, type ProviderServer } from "./support/provider-server.js";

const KEY = "test-key-0123456789";
const make = readFileSync("tests/fixtures/make-k-c-syntax-error/output", "utf8");
const makeMeta = JSON.parse(readFileSync("tests/fixtures/make-k-c-syntax-error/meta.json", "utf8")) as { facts: { errorLines: string[] } };
const grep = readFileSync("tests/fixtures/grep-def-python-email/output", "utf8");

// A faithful summary of the make fixture: every path, identifier and number is in the output.
const MAKE_SUMMARY = "make -k failed: u301.c:4:3: error: expected ‘,’ or ‘;’ before ‘return’; make: *** [Makefile:8: u301.o] Error 1. Warnings in u301.c and u302.c.";

let server: ProviderServer;
const open: Summarizer[] = [];

beforeAll(async () => {
  server = await startProviderServer({ apiKey: KEY });
});
afterAll(async () => {
  await server.close();
});
afterEach(async () => {
  vi.restoreAllMocks();
  server.requests.length = 0;
  server.setDefault({ kind: "success", text: "ok" });
  await Promise.all(open.splice(0).map((s) => s.close()));
});

/** The waits the retry loop asks for, answered at once: what the backoff wanted, not how long it took. */
function recordWaits(): number[] {
  const waits: number[] = [];
  vi.spyOn(retryClock, "sleep").mockImplementation(async (ms: number) => {
    waits.push(ms);
  });
  return waits;
}

/** Resolves once `done()` holds, checking on every turn of the event loop. */
async function until(done: () => boolean): Promise<void> {
  while (!done()) await new Promise((r) => setImmediate(r));
}

/** A summarizer on the loopback server. Only tests about the deadline set a short one: the default is far beyond any loopback answer, however loaded the machine. */
function summarizer(options: Partial<SummarizerOptions> = {}, env: Record<string, string> = {}): Summarizer {
  const s = createSummarizer({ provider: "anthropic", baseURL: server.url, apiKey: KEY, timeoutMs: 600_000, ...options } as SummarizerOptions, env);
  if (!s) throw new Error("expected a summarizer");
  open.push(s);
  return s;
}

const makeRequest = { category: "CommandOutput" as const, text: make, errorLines: makeMeta.facts.errorLines };

function failed(o: SummaryOutcome): SummaryFailure {
  if (o.ok) throw new Error(`expected a failure, got summary ${JSON.stringify(o.summary)}`);
  return o;
}
function succeeded(o: SummaryOutcome): SummarySuccess {
  if (!o.ok) throw new Error(`expected a summary, got ${o.reason}: ${o.detail}`);
  return o;
}

describe("createSummarizer", () => {
  it("is undefined when not configured or off (opt-in)", () => {
    expect(createSummarizer(undefined, {})).toBeUndefined();
    expect(createSummarizer(null, {})).toBeUndefined();
    expect(createSummarizer({ provider: "off" }, {})).toBeUndefined();
  });

  it("uses each provider's default model and endpoint", () => {
    const a = createSummarizer({ provider: "anthropic" }, {})!;
    const o = createSummarizer({ provider: "openai" }, {})!;
    expect([a.provider, a.model]).toEqual(["anthropic", "claude-haiku-4-5-20251001"]);
    expect([o.provider, o.model]).toEqual(["openai", "gpt-4.1-mini"]);
    void a.close();
    void o.close();
  });

  it.each([
    [{ provider: "gemini" }, "summarizer.provider"],
    [{ provider: "openai-compatible", model: "llama3" }, "summarizer.baseURL"],
    [{ provider: "openai-compatible", baseURL: "http://127.0.0.1:1/v1" }, "summarizer.model"],
    [{ provider: "anthropic", baseURL: "ftp://x" }, "summarizer.baseURL"],
    [{ provider: "anthropic", baseURL: "https://u:p@x" }, "summarizer.baseURL"],
    [{ provider: "anthropic", timeoutMs: 0 }, "summarizer.timeoutMs"],
    [{ provider: "anthropic", maxRetries: -1 }, "summarizer.maxRetries"],
    [{ provider: "anthropic", maxInputChars: 1.5 }, "summarizer.maxInputChars"],
    [{ provider: "anthropic", maxSummaryChars: 0 }, "summarizer.maxSummaryChars"],
    [{ provider: "anthropic", prices: { inputPerMTok: -1, outputPerMTok: 1 } }, "summarizer.prices.inputPerMTok"],
    [{ provider: "anthropic", redact: "yes" }, "summarizer.redact"],
    [{ provider: "anthropic", model: "" }, "summarizer.model"],
  ])("rejects %j naming %s", (options, name) => {
    let error: unknown;
    try {
      createSummarizer(options as unknown as SummarizerOptions, {});
    } catch (err) {
      error = err;
    }
    expect(isAbridgeError(error, "ABRIDGE_INVALID_OPTION")).toBe(true);
    expect((error as Error).message).toContain(name);
  });

  it("rejects a malformed request with ABRIDGE_INVALID_INPUT", async () => {
    const s = summarizer();
    await expect(s.summarize({ category: "Nope" as never, text: "x" })).rejects.toMatchObject({ code: "ABRIDGE_INVALID_INPUT" });
    await expect(s.summarize({ category: "CommandOutput", text: 5 as never })).rejects.toMatchObject({ code: "ABRIDGE_INVALID_INPUT" });
  });

  it("wants outputs over the trigger, never binary ones", () => {
    const s = summarizer({ trigger: 100 });
    expect(s.wants("CommandOutput", 100)).toBe(false);
    expect(s.wants("CommandOutput", 101)).toBe(true);
    expect(s.wants("Binary", 10_000)).toBe(false);
  });
});

describe("request shape", () => {
  it("Anthropic: /v1/messages with x-api-key, anthropic-version, model, max_tokens, system, fenced data", async () => {
    server.setDefault({ kind: "success", text: MAKE_SUMMARY, usage: { input: 1200, output: 60 } });
    const o = succeeded(await summarizer().summarize(makeRequest));
    expect(server.requests).toHaveLength(1);
    const r = server.requests[0];
    expect(r.path).toBe("/v1/messages");
    expect(r.headers["x-api-key"]).toBe(KEY);
    expect(r.headers["anthropic-version"]).toBe("2023-06-01");
    expect(r.headers.authorization).toBeUndefined();
    expect(r.body.model).toBe("claude-haiku-4-5-20251001");
    expect(r.body.max_tokens).toBe(336); // 800 chars at 2.5 chars/token + 16
    expect(r.body.system).toMatch(/untrusted/i);
    expect(r.body.system).toContain("At most 800 characters");
    expect(r.body.system).toContain("Quote every error");
    expect(r.body.messages).toHaveLength(1);
    const user = r.body.messages[0];
    expect(user.role).toBe("user");
    // The output is inside the fence, verbatim; no instruction text is in the fence.
    const fence = /<<<BEGIN UNTRUSTED TOOL OUTPUT ([0-9a-f]{16})>>>\n([\s\S]*?)\n<<<END UNTRUSTED TOOL OUTPUT \1>>>/.exec(user.content);
    expect(fence).not.toBeNull();
    expect(fence![2]).toBe(make);
    expect(user.content).toContain("ERROR LINES");
    expect(user.content).not.toContain("Copy every path");
    expect(o.provider).toBe("anthropic");
    expect(o.summary).toBe(`${MAKE_SUMMARY}\nmake: Target 'all' not remade because of errors.`);
  });

  it("OpenAI: /v1/chat/completions with a Bearer key, system + user messages, max_completion_tokens", async () => {
    server.setDefault({ kind: "success", text: MAKE_SUMMARY });
    succeeded(await summarizer({ provider: "openai" }).summarize(makeRequest));
    const r = server.requests[0];
    expect(r.path).toBe("/v1/chat/completions");
    expect(r.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(r.headers["x-api-key"]).toBeUndefined();
    expect(r.body.model).toBe("gpt-4.1-mini");
    expect(r.body.max_completion_tokens).toBe(336);
    expect(r.body.max_tokens).toBeUndefined();
    expect(r.body.messages.map((m: { role: string }) => m.role)).toEqual(["system", "user"]);
    expect(r.body.messages[0].content).toMatch(/untrusted/i);
    expect(r.body.messages[1].content).toContain(make);
  });

  it("OpenAI-compatible: base URL ending in /v1, no key needed, max_tokens", async () => {
    const local = await startProviderServer({ requireKey: false });
    try {
      local.setDefault({ kind: "success", text: MAKE_SUMMARY });
      const s = createSummarizer({ provider: "openai-compatible", baseURL: `${local.url}/v1`, model: "qwen2.5-coder:7b" }, {})!;
      open.push(s);
      const o = succeeded(await s.summarize(makeRequest));
      const r = local.requests[0];
      expect(r.path).toBe("/v1/chat/completions");
      expect(r.headers.authorization).toBeUndefined();
      expect(r.body.model).toBe("qwen2.5-coder:7b");
      expect(r.body.max_tokens).toBe(336);
      expect(o.costUsd).toBeNull(); // no known price for a local model
    } finally {
      await local.close();
    }
  });

  it("takes the key from ANTHROPIC_API_KEY / OPENAI_API_KEY", async () => {
    server.setDefault({ kind: "success", text: MAKE_SUMMARY });
    succeeded(await summarizer({ apiKey: undefined }, { ANTHROPIC_API_KEY: KEY }).summarize(makeRequest));
    succeeded(await summarizer({ provider: "openai", apiKey: undefined }, { OPENAI_API_KEY: KEY }).summarize(makeRequest));
    expect(server.requests[0].headers["x-api-key"]).toBe(KEY);
    expect(server.requests[1].headers.authorization).toBe(`Bearer ${KEY}`);
  });

  it("cuts inputs over maxInputChars head + tail at line ends, with a marker", async () => {
    server.setDefault({ kind: "success", text: "Search results for def in email/." });
    succeeded(await summarizer({ maxInputChars: 4_000 }).summarize({ category: "SearchResults", text: grep }));
    const content: string = server.requests[0].body.messages[0].content;
    const inside = /<<<BEGIN UNTRUSTED TOOL OUTPUT \w+>>>\n([\s\S]*?)\n<<<END/.exec(content)![1];
    expect(inside.length).toBeLessThanOrEqual(4_000);
    expect(inside).toMatch(/\n\[\.\.\.[\d,]+ chars omitted\.\.\.\]\n/);
    const [head, tail] = inside.split(/\n\[\.\.\.[\d,]+ chars omitted\.\.\.\]\n/);
    expect(grep.startsWith(head)).toBe(true);
    expect(grep.endsWith(tail)).toBe(true);
    expect(head.endsWith("\n") || grep[head.length] === "\n").toBe(true); // whole lines
    const omitted = Number(/\[\.\.\.([\d,]+) chars omitted/.exec(inside)![1].replace(/,/g, ""));
    expect(omitted).toBe(grep.length - head.length - tail.length - 1); // ASCII: code points = units
  });

  it("FileContent: sends before / relevant hashlines / after as separate fenced blocks", async () => {
    const relevant = "3:5c|    FILE *f = fopen(path, \"r\");\n4:d1|    if (!f) return -1;";
    server.setDefault({ kind: "success", text: `parse_config opens the file:\n${relevant}` });
    const o = succeeded(
      await summarizer().summarize({
        category: "FileContent",
        text: "whole file",
        sections: { before: "#include <stdio.h>\n\nint parse_config(const char *path) {", relevant, after: "    fclose(f);\n    return count;\n}" },
      }),
    );
    const content: string = server.requests[0].body.messages[0].content;
    expect(content).toMatch(/BEFORE[^\n]*:\n<<<BEGIN[^\n]*\n#include <stdio.h>/);
    expect(content).toMatch(/RELEVANT[^\n]*:\n<<<BEGIN[^\n]*\n3:5c\|/);
    expect(content).toMatch(/AFTER[^\n]*:\n<<<BEGIN[^\n]*\n {4}fclose/);
    expect(o.summary).toContain(relevant);
  });
});

describe("success", () => {
  it("returns the summary with usage, cost at the configured prices, latency and attempts", async () => {
    server.setDefault({ kind: "success", text: MAKE_SUMMARY, usage: { input: 2_000_000, output: 100_000 } });
    const o = succeeded(await summarizer({ prices: { inputPerMTok: 1, outputPerMTok: 5 } }).summarize({ ...makeRequest, callId: "call-7" }));
    expect(o.usage).toEqual({ inputTokens: 2_000_000, outputTokens: 100_000 });
    expect(o.costUsd).toBeCloseTo(2 + 0.5, 10);
    expect(o.cached).toBe(false);
    expect(o.attempts).toBe(1);
    expect(o.callId).toBe("call-7");
    expect(o.latencyMs).toBeGreaterThan(0);
    expect(o.appendedErrorLines).toBe(1); // the summary omitted "make: Target 'all' not remade…"
    expect(o.summary.endsWith("make: Target 'all' not remade because of errors.")).toBe(true);
  });

  it("prices the default models by default (Haiku 4.5: $1 / $5 per MTok)", async () => {
    server.setDefault({ kind: "success", text: MAKE_SUMMARY, usage: { input: 1_000_000, output: 1_000_000 } });
    expect(succeeded(await summarizer().summarize(makeRequest)).costUsd).toBeCloseTo(6, 10);
  });
});

describe("fallback reasons", () => {
  it("no-key: no request is made", async () => {
    const o = failed(await summarizer({ apiKey: undefined }, {}).summarize(makeRequest));
    expect(o.reason).toBe("no-key");
    expect(o.detail).toContain("ANTHROPIC_API_KEY");
    expect(server.requests).toHaveLength(0);
  });

  it("http-4xx: a wrong key gets the provider's 401, not retried", async () => {
    const o = failed(await summarizer({ apiKey: "wrong" }).summarize(makeRequest));
    expect([o.reason, o.status, o.attempts]).toEqual(["http-4xx", 401, 1]);
    expect(o.detail).toContain("authentication_error");
    const p = failed(await summarizer({ provider: "openai", apiKey: "wrong" }).summarize(makeRequest));
    expect([p.reason, p.status]).toEqual(["http-4xx", 401]);
    expect(p.detail).toContain("Incorrect API key");
  });

  it("http-4xx: a 400 in each provider's shape", async () => {
    server.reply({ kind: "error", status: 400, message: "messages.0.content: too long" });
    const o = failed(await summarizer().summarize(makeRequest));
    expect(o.reason).toBe("http-4xx");
    expect(o.detail).toBe("HTTP 400: invalid_request_error: messages.0.content: too long");
  });

  it("http-5xx after maxRetries + 1 attempts", async () => {
    server.setDefault({ kind: "error", status: 500, message: "Internal server error" });
    const o = failed(await summarizer({ maxRetries: 2 }).summarize(makeRequest));
    expect([o.reason, o.attempts, server.requests.length]).toEqual(["http-5xx", 3, 3]);
    expect(o.detail).toContain("api_error");
  });

  it("recovers when a retry succeeds (529 overloaded, then success)", async () => {
    server.reply({ kind: "error", status: 529, message: "Overloaded" }, { kind: "success", text: MAKE_SUMMARY });
    const o = succeeded(await summarizer().summarize(makeRequest));
    expect(o.attempts).toBe(2);
  });

  it("http-429 honours retry-after (seconds): the wait asked for is the server's", async () => {
    const waits = recordWaits();
    server.reply({ kind: "error", status: 429, retryAfter: "1", message: "rate limited" }, { kind: "success", text: MAKE_SUMMARY });
    const o = succeeded(await summarizer({ timeoutMs: 5_000 }).summarize(makeRequest));
    expect(o.attempts).toBe(2);
    expect(server.requests).toHaveLength(2);
    // The backoff for a first retry is at most 250 ms: the 1 s comes from retry-after.
    expect(waits).toHaveLength(1);
    expect(waits[0]).toBe(1_000);
  });

  it("http-429 honours retry-after as an HTTP date", async () => {
    const waits = recordWaits();
    const now = Date.now();
    vi.spyOn(retryClock, "now").mockReturnValue(now);
    server.reply({ kind: "error", status: 429, retryAfter: new Date(now + 3_000).toUTCString() }, { kind: "success", text: MAKE_SUMMARY });
    succeeded(await summarizer({ timeoutMs: 8_000 }).summarize(makeRequest));
    expect(waits).toHaveLength(1);
    // HTTP dates have 1 s resolution: the date names a second, 2 to 3 s from now.
    expect(waits[0]).toBeGreaterThanOrEqual(2_000);
    expect(waits[0]).toBeLessThanOrEqual(3_000);
  });

  it("http-429 at once when retry-after is longer than the cap or the deadline", async () => {
    const waits = recordWaits();
    server.reply({ kind: "error", status: 429, retryAfter: "3600" });
    const o = failed(await summarizer().summarize(makeRequest));
    expect(o.reason).toBe("http-429");
    expect(o.detail).toContain("retry-after");
    expect(waits).toEqual([]);
    expect(server.requests).toHaveLength(1);

    server.reply({ kind: "error", status: 429, retryAfter: "2" });
    const p = failed(await summarizer({ timeoutMs: 1_000 }).summarize(makeRequest));
    expect([p.reason, p.detail.includes("no time left")]).toEqual(["http-429", true]);
  });

  it("network: a reset connection is retried, then reported", async () => {
    server.reply({ kind: "reset" }, { kind: "success", text: MAKE_SUMMARY });
    expect(succeeded(await summarizer().summarize(makeRequest)).attempts).toBe(2);
    server.requests.length = 0;
    server.setDefault({ kind: "reset" });
    const o = failed(await summarizer({ maxRetries: 1 }).summarize(makeRequest));
    expect([o.reason, o.attempts]).toEqual(["network", 2]);
  });

  it("network: a reset in the middle of the body", async () => {
    server.setDefault({ kind: "reset", afterHeaders: true });
    const o = failed(await summarizer({ maxRetries: 0 }).summarize(makeRequest));
    expect(o.reason).toBe("network");
  });

  it("network: nothing listening", async () => {
    const s = createSummarizer({ provider: "anthropic", apiKey: KEY, baseURL: "http://127.0.0.1:9", maxRetries: 0 }, {})!;
    open.push(s);
    expect(failed(await s.summarize(makeRequest)).reason).toBe("network");
  });

  it("timeout: a hanging server, settled by the deadline", async () => {
    server.setDefault({ kind: "hang" });
    // The server never answers: only the deadline can settle this call.
    const o = failed(await summarizer({ timeoutMs: 300 }).summarize(makeRequest));
    expect(o.reason).toBe("timeout");
    expect(o.detail).toContain("300");
    expect(server.requests).toHaveLength(1);
  });

  it("timeout: undici's own header deadline, when it fires before the flight's, reads as a timeout too", async () => {
    server.setDefault({ kind: "hang" });
    // No flight deadline here: only undici's headersTimeout can end the request.
    const agent = new Agent();
    try {
      const body = JSON.stringify({ model: "m", max_tokens: 10, messages: [{ role: "user", content: "hi" }] });
      const headers = { "x-api-key": KEY, "anthropic-version": "2023-06-01" };
      const o = await postJson(`${server.url}/v1/messages`, headers, body, {
        dispatcher: agent, signal: new AbortController().signal, deadline: Date.now() + 600_000, maxRetries: 0, maxResponseBytes: 1 << 20, timeoutMs: 200,
      });
      expect(o).toMatchObject({ ok: false, reason: "timeout", attempts: 1 });
      expect(o.ok ? "" : o.detail).toContain("timeoutMs 200");
    } finally {
      await agent.close();
    }
  });

  it("timeout: a slow-drip body", async () => {
    server.setDefault({ kind: "drip", text: MAKE_SUMMARY, chunkBytes: 4, intervalMs: 50 });
    const o = failed(await summarizer({ timeoutMs: 400 }).summarize(makeRequest));
    expect(o.reason).toBe("timeout");
  });

  it("a slow-drip body that finishes within the deadline is fine", async () => {
    server.setDefault({ kind: "drip", text: MAKE_SUMMARY, chunkBytes: 64, intervalMs: 5 });
    succeeded(await summarizer().summarize(makeRequest));
  });

  it("the deadline covers retries", async () => {
    const waits = recordWaits();
    // Each wait moves the clock on by what it asked for, as a real sleep would.
    let now = Date.now();
    vi.spyOn(retryClock, "now").mockImplementation(() => now);
    vi.spyOn(retryClock, "sleep").mockImplementation(async (ms: number) => {
      waits.push(ms);
      now += ms;
    });
    server.setDefault({ kind: "error", status: 503, retryAfter: "0.2" });
    const o = failed(await summarizer({ timeoutMs: 1_000, maxRetries: 10 }).summarize(makeRequest));
    expect(o.reason).toBe("http-5xx");
    expect(o.detail).toContain("no time left to retry");
    // Ten retries were allowed; the 1 s deadline held the waits under it, and so the attempts.
    expect(waits.reduce((a, b) => a + b, 0)).toBeLessThan(1_000);
    expect(server.requests.length).toBe(waits.length + 1);
    expect(server.requests.length).toBeLessThan(11);
  });

  it("malformed: a body that is not JSON, not retried", async () => {
    server.setDefault({ kind: "malformed" });
    const o = failed(await summarizer().summarize(makeRequest));
    expect([o.reason, o.attempts, o.status]).toEqual(["malformed", 1, 200]);
    expect(o.detail).toContain("not JSON");
  });

  it("malformed: JSON without the provider's fields", async () => {
    server.setDefault({ kind: "malformed", body: '{"id":"x","choices":"nope"}' });
    expect(failed(await summarizer().summarize(makeRequest)).detail).toContain("content");
    expect(failed(await summarizer({ provider: "openai" }).summarize(makeRequest)).detail).toContain("choices");
  });

  it("malformed: a body over maxResponseBytes, declared or streamed", async () => {
    server.setDefault({ kind: "oversize", bytes: 300_000, declareLength: true });
    const o = failed(await summarizer({ maxResponseBytes: 100_000 }).summarize(makeRequest));
    expect([o.reason, o.detail.includes("maxResponseBytes")]).toEqual(["malformed", true]);
    server.setDefault({ kind: "oversize", bytes: 300_000 });
    const p = failed(await summarizer({ maxResponseBytes: 100_000 }).summarize(makeRequest));
    expect([p.reason, p.detail.includes("maxResponseBytes")]).toEqual(["malformed", true]);
  });

  it("empty: a blank answer", async () => {
    server.setDefault({ kind: "success", text: "  \n " });
    const o = failed(await summarizer().summarize(makeRequest));
    expect(o.reason).toBe("empty");
    expect(o.usage).not.toBeNull(); // it was paid for
  });

  it("too-long: over maxSummaryChars, or stopped at max tokens", async () => {
    server.setDefault({ kind: "success", text: `${MAKE_SUMMARY} ${"More detail. ".repeat(70)}` });
    const o = failed(await summarizer().summarize(makeRequest));
    expect(o.reason).toBe("too-long");
    expect(o.rejectedSummary!.length).toBeGreaterThan(800);
    server.setDefault({ kind: "success", text: MAKE_SUMMARY, maxTokensReached: true });
    expect(failed(await summarizer().summarize(makeRequest)).reason).toBe("too-long");
  });

  it("unverified: an invented path and number are rejected, with the offending tokens", async () => {
    server.setDefault({ kind: "success", text: "Build failed in src/parser.c:88 with 17 errors; see u301.c." });
    const o = failed(await summarizer().summarize(makeRequest));
    expect(o.reason).toBe("unverified");
    expect(o.offending).toEqual(["src/parser.c:88", "17"]);
    expect(o.detail).toContain("src/parser.c:88");
  });

  it("aborted: the caller's signal settles the call at once and cancels the request", async () => {
    server.setDefault({ kind: "hang" });
    const controller = new AbortController();
    const s = summarizer({ timeoutMs: 10_000 });
    const pending = s.summarize({ ...makeRequest, signal: controller.signal });
    await until(() => server.requests.length === 1);
    // The server never answers and the deadline is 10 s away: only the abort can settle it.
    controller.abort();
    const o = failed(await pending);
    expect(o.reason).toBe("aborted");
    expect(s.stats().inFlight).toBe(0);
  });

  it("aborted: a signal aborted before the call makes no request", async () => {
    const o = failed(await summarizer().summarize({ ...makeRequest, signal: AbortSignal.abort() }));
    expect(o.reason).toBe("aborted");
    expect(server.requests).toHaveLength(0);
  });
});

describe("cache and concurrency", () => {
  it("an identical output is summarized once; the second answer is cached and free", async () => {
    server.setDefault({ kind: "success", text: MAKE_SUMMARY });
    const s = summarizer();
    const first = succeeded(await s.summarize(makeRequest));
    const second = succeeded(await s.summarize(makeRequest));
    expect(server.requests).toHaveLength(1);
    expect([first.cached, second.cached]).toEqual([false, true]);
    expect(second.summary).toBe(first.summary);
    expect(second.usage).toEqual({ inputTokens: 0, outputTokens: 0 });
    // A different category or text is a different entry.
    await s.summarize({ ...makeRequest, category: "WebContent" });
    expect(server.requests).toHaveLength(2);
  });

  it("failures are not cached", async () => {
    server.reply({ kind: "error", status: 400 });
    const s = summarizer();
    expect(failed(await s.summarize(makeRequest)).reason).toBe("http-4xx");
    server.setDefault({ kind: "success", text: MAKE_SUMMARY });
    succeeded(await s.summarize(makeRequest));
    expect(server.requests).toHaveLength(2);
  });

  it("evicts the least recently used entry", async () => {
    server.setDefault({ kind: "success", text: "ok" });
    const s = summarizer({ cacheEntries: 2 });
    const req = (text: string) => ({ category: "CommandOutput" as const, text });
    await s.summarize(req("a"));
    await s.summarize(req("b"));
    await s.summarize(req("a")); // a is now the most recent
    await s.summarize(req("c")); // evicts b
    expect(server.requests).toHaveLength(3);
    expect(succeeded(await s.summarize(req("a"))).cached).toBe(true);
    expect(succeeded(await s.summarize(req("b"))).cached).toBe(false);
  });

  it("concurrent identical calls share one request", async () => {
    server.setDefault({ kind: "success", text: MAKE_SUMMARY, delayMs: 50 });
    const s = summarizer();
    const all = await Promise.all(Array.from({ length: 8 }, () => s.summarize(makeRequest)));
    expect(server.requests).toHaveLength(1);
    expect(all.filter((o) => o.ok && !o.cached)).toHaveLength(1);
    expect(new Set(all.map((o) => (o.ok ? o.summary : o.reason))).size).toBe(1);
  });

  it("one caller aborting does not cancel the others sharing its request", async () => {
    server.setDefault({ kind: "success", text: MAKE_SUMMARY, delayMs: 100 });
    const s = summarizer();
    const c = new AbortController();
    const a = s.summarize({ ...makeRequest, signal: c.signal });
    const b = s.summarize(makeRequest);
    await until(() => server.requests.length === 1);
    c.abort();
    expect(failed(await a).reason).toBe("aborted");
    expect(succeeded(await b).summary.startsWith(MAKE_SUMMARY)).toBe(true);
  });

  it("64 concurrent summaries all settle, over a mix of answers", async () => {
    const replies = [
      { kind: "success", text: "ok", delayMs: 20 },
      { kind: "error", status: 500 },
      { kind: "hang" },
      { kind: "reset" },
      { kind: "malformed" },
      { kind: "success", text: "Invented /etc/evil.c" },
    ] as const;
    server.setDefault((r) => {
      const n = Number(/call (\d+)/.exec(JSON.stringify(r.body))?.[1] ?? 0);
      return replies[n % replies.length];
    });
    recordWaits(); // retries go out at once: what is tested is that every call settles
    const s = summarizer({ timeoutMs: 2_000, maxRetries: 1 });
    const outcomes = await Promise.all(Array.from({ length: 64 }, (_, i) => s.summarize({ category: "CommandOutput", text: `call ${i}\n${make}` })));
    expect(outcomes).toHaveLength(64);
    // Each call ends as its server reply says, or by the deadline on a machine too busy to
    // finish it in time: never unsettled, never another reason.
    const expected = ["ok", "http-5xx", "timeout", "network", "malformed", "unverified"];
    outcomes.forEach((o, i) => {
      const reason = o.ok ? "ok" : o.reason;
      expect([expected[i % expected.length], "timeout"]).toContain(reason);
    });
    expect(outcomes.filter((o, i) => i % expected.length === 2).every((o) => !o.ok && o.reason === "timeout")).toBe(true);
    expect(s.stats().inFlight).toBe(0);
  });
});
