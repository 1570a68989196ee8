// A real HTTP server on 127.0.0.1 (random port) that speaks both summarizer
// wire formats, for tests and the benchmark:
//   POST /v1/messages          Anthropic Messages API (x-api-key, anthropic-version)
//   POST /v1/chat/completions  OpenAI Chat Completions (Authorization: Bearer)
// It validates requests the way the real APIs do (401 without a key, 400 for a
// malformed body, in each provider's error shape), records every request
// (headers and parsed body), and answers with what the test scripted: a success
// with usage, an error, a 429 with retry-after, a hang, a reset connection,
// malformed JSON, a slow-drip body or an over-large body.
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type WireFormat = "anthropic" | "openai";

export type Reply =
  /** A well-formed answer. usage defaults to ≈ chars/4 of the request and of the text. */
  | { kind: "success"; text: string; usage?: { input: number; output: number }; maxTokensReached?: boolean; delayMs?: number }
  /** An error in the provider's own shape; `retryAfter` sets the retry-after header. */
  | { kind: "error"; status: number; type?: string; message?: string; retryAfter?: string; headers?: Record<string, string> }
  /** Never answers (until the client gives up or the server closes). */
  | { kind: "hang" }
  /** Destroys the socket: before any byte, or after the headers and part of the body. */
  | { kind: "reset"; afterHeaders?: boolean }
  /** 200 with a body that is not JSON (or not the expected shape, when `body` is valid JSON). */
  | { kind: "malformed"; body?: string }
  /** A success body sent `chunkBytes` at a time every `intervalMs`. */
  | { kind: "drip"; text: string; chunkBytes?: number; intervalMs: number }
  /** A 200 body of `bytes` bytes; with `declareLength`, content-length says so up front. */
  | { kind: "oversize"; bytes: number; declareLength?: boolean }
  | { kind: "raw"; status: number; headers?: Record<string, string>; body: string };

export type Script = Reply | ((request: RecordedRequest) => Reply);

export interface RecordedRequest {
  method: string;
  path: string;
  format: WireFormat | null;
  headers: IncomingHttpHeaders;
  rawBody: string;
  /** The parsed JSON body (undefined when it did not parse). */
  body: any;
  receivedAt: number;
  /** Time from the request's arrival to the end of the response (ms); set when it ends. */
  handledMs?: number;
}

export interface ProviderServerOptions {
  /** When set, requests must carry this key (x-api-key / Bearer), or get a 401. */
  apiKey?: string;
  /** Require a key at all (default true). OpenAI-compatible local servers often need none. */
  requireKey?: boolean;
}

export interface ProviderServer {
  /** http://127.0.0.1:PORT */
  readonly url: string;
  readonly requests: RecordedRequest[];
  /** Queues replies, one per request, in order; after the queue the default answers. */
  reply(...scripts: Script[]): void;
  /** What answers when the queue is empty. Initially a success echoing nothing: "ok". */
  setDefault(script: Script): void;
  /** Every recorded body as text: for "this secret never reached the server" assertions. */
  allBodies(): string;
  close(): Promise<void>;
}

const ANTHROPIC_ERROR_TYPES: Record<number, string> = {
  400: "invalid_request_error",
  401: "authentication_error",
  403: "permission_error",
  404: "not_found_error",
  413: "request_too_large",
  429: "rate_limit_error",
  500: "api_error",
  529: "overloaded_error",
};

function anthropicError(status: number, type: string | undefined, message: string): unknown {
  return { type: "error", error: { type: type ?? ANTHROPIC_ERROR_TYPES[status] ?? (status >= 500 ? "api_error" : "invalid_request_error"), message }, request_id: `req_${Date.now().toString(36)}` };
}

function openaiError(status: number, type: string | undefined, message: string): unknown {
  const code = status === 429 ? "rate_limit_exceeded" : status === 401 ? "invalid_api_key" : null;
  return { error: { message, type: type ?? (status === 429 ? "requests" : status >= 500 ? "server_error" : "invalid_request_error"), param: null, code } };
}

function successBody(format: WireFormat, request: RecordedRequest, reply: Extract<Reply, { kind: "success" | "drip" }>): string {
  const usage = reply.kind === "success" && reply.usage ? reply.usage : { input: Math.ceil(request.rawBody.length / 4), output: Math.ceil(reply.text.length / 4) };
  const model = typeof request.body?.model === "string" ? request.body.model : "unknown";
  const cut = reply.kind === "success" && reply.maxTokensReached === true;
  if (format === "anthropic") {
    return JSON.stringify({
      id: `msg_${request.receivedAt.toString(36)}`,
      type: "message",
      role: "assistant",
      model,
      content: [{ type: "text", text: reply.text }],
      stop_reason: cut ? "max_tokens" : "end_turn",
      stop_sequence: null,
      usage: { input_tokens: usage.input, output_tokens: usage.output, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 },
    });
  }
  return JSON.stringify({
    id: `chatcmpl-${request.receivedAt.toString(36)}`,
    object: "chat.completion",
    created: Math.floor(request.receivedAt / 1000),
    model,
    choices: [{ index: 0, message: { role: "assistant", content: reply.text, refusal: null }, logprobs: null, finish_reason: cut ? "length" : "stop" }],
    usage: { prompt_tokens: usage.input, completion_tokens: usage.output, total_tokens: usage.input + usage.output },
  });
}

/** The real APIs' checks that matter here; null when the request is acceptable. */
function validate(format: WireFormat, r: RecordedRequest, options: ProviderServerOptions): { status: number; message: string } | null {
  const requireKey = options.requireKey ?? true;
  if (format === "anthropic") {
    const key = r.headers["x-api-key"];
    if (requireKey && (typeof key !== "string" || key === "")) return { status: 401, message: "x-api-key header is required" };
    if (options.apiKey !== undefined && key !== options.apiKey) return { status: 401, message: "invalid x-api-key" };
    if (typeof r.headers["anthropic-version"] !== "string") return { status: 400, message: "anthropic-version: header is required" };
  } else {
    const auth = r.headers.authorization;
    if (requireKey && (typeof auth !== "string" || !auth.startsWith("Bearer "))) return { status: 401, message: "You didn't provide an API key." };
    if (options.apiKey !== undefined && auth !== `Bearer ${options.apiKey}`) return { status: 401, message: "Incorrect API key provided." };
  }
  if (!String(r.headers["content-type"]).startsWith("application/json")) return { status: 400, message: "content-type must be application/json" };
  const b = r.body;
  if (typeof b !== "object" || b === null) return { status: 400, message: "the body must be a JSON object" };
  if (typeof b.model !== "string" || b.model === "") return { status: 400, message: "model: Field required" };
  if (!Array.isArray(b.messages) || b.messages.length === 0) return { status: 400, message: "messages: Field required" };
  if (format === "anthropic") {
    if (!Number.isInteger(b.max_tokens) || b.max_tokens < 1) return { status: 400, message: "max_tokens: Field required" };
    if (b.messages.some((m: any) => m?.role === "system")) return { status: 400, message: "messages: system is not a valid role; use the top-level system parameter" };
  } else {
    const max = b.max_completion_tokens ?? b.max_tokens;
    if (max !== undefined && (!Number.isInteger(max) || max < 1)) return { status: 400, message: "max_tokens must be a positive integer" };
  }
  return null;
}

export async function startProviderServer(options: ProviderServerOptions = {}): Promise<ProviderServer> {
  const requests: RecordedRequest[] = [];
  const queue: Script[] = [];
  let fallback: Script = { kind: "success", text: "ok" };
  const timers = new Set<NodeJS.Timeout>();
  const later = (ms: number, fn: () => void) => {
    const t = setTimeout(() => {
      timers.delete(t);
      fn();
    }, ms);
    timers.add(t);
  };

  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const rawBody = Buffer.concat(chunks).toString("utf8");
      let body: unknown;
      try {
        body = JSON.parse(rawBody);
      } catch {
        body = undefined;
      }
      const path = (req.url ?? "/").split("?")[0];
      const format: WireFormat | null = path === "/v1/messages" ? "anthropic" : path === "/v1/chat/completions" ? "openai" : null;
      const recorded: RecordedRequest = { method: req.method ?? "", path, format, headers: req.headers, rawBody, body, receivedAt: Date.now() };
      requests.push(recorded);
      const t0 = performance.now();
      res.on("close", () => {
        recorded.handledMs = performance.now() - t0;
      });
      respond(recorded, req, res);
    });
  });

  function sendJson(res: ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}): void {
    const text = JSON.stringify(value);
    res.writeHead(status, { "content-type": "application/json", "content-length": String(Buffer.byteLength(text)), ...headers });
    res.end(text);
  }

  function respond(r: RecordedRequest, req: IncomingMessage, res: ServerResponse): void {
    if (r.method !== "POST" || r.format === null) {
      sendJson(res, 404, openaiError(404, "not_found_error", `no route for ${r.method} ${r.path}`));
      return;
    }
    const format = r.format;
    const error = (status: number, type: string | undefined, message: string) => (format === "anthropic" ? anthropicError(status, type, message) : openaiError(status, type, message));
    const invalid = validate(format, r, options);
    if (invalid) {
      sendJson(res, invalid.status, error(invalid.status, undefined, invalid.message));
      return;
    }
    const script = queue.length > 0 ? queue.shift()! : fallback;
    const reply = typeof script === "function" ? script(r) : script;
    switch (reply.kind) {
      case "success": {
        const send = () => {
          const text = successBody(format, r, reply);
          res.writeHead(200, { "content-type": "application/json", "content-length": String(Buffer.byteLength(text)) });
          res.end(text);
        };
        if (reply.delayMs) later(reply.delayMs, send);
        else send();
        return;
      }
      case "error": {
        const headers: Record<string, string> = { ...reply.headers };
        if (reply.retryAfter !== undefined) headers["retry-after"] = reply.retryAfter;
        sendJson(res, reply.status, error(reply.status, reply.type, reply.message ?? `scripted ${reply.status}`), headers);
        return;
      }
      case "hang":
        return; // closed by the client, or by close()
      case "reset":
        if (reply.afterHeaders) {
          res.writeHead(200, { "content-type": "application/json", "content-length": "1000" });
          res.write('{"id":"msg_partial","content":[');
          later(5, () => req.socket.destroy());
        } else {
          req.socket.destroy();
        }
        return;
      case "malformed": {
        const body = reply.body ?? '{"id":"msg_x","content":[{"type":"text","text":"cut off';
        res.writeHead(200, { "content-type": "application/json", "content-length": String(Buffer.byteLength(body)) });
        res.end(body);
        return;
      }
      case "drip": {
        const bytes = Buffer.from(successBody(format, r, reply));
        const step = reply.chunkBytes ?? 1;
        res.writeHead(200, { "content-type": "application/json", "content-length": String(bytes.length) });
        let offset = 0;
        const tick = () => {
          if (res.destroyed) return;
          res.write(bytes.subarray(offset, offset + step));
          offset += step;
          if (offset >= bytes.length) res.end();
          else later(reply.intervalMs, tick);
        };
        tick();
        return;
      }
      case "oversize": {
        // A success body whose text is padded to the size asked for.
        const pad = "x".repeat(Math.max(0, reply.bytes - 200));
        const body = successBody(format, r, { kind: "success", text: pad });
        res.writeHead(200, { "content-type": "application/json", ...(reply.declareLength ? { "content-length": String(Buffer.byteLength(body)) } : {}) });
        // Written in pieces so an undeclared length arrives chunked.
        for (let i = 0; i < body.length; i += 65536) res.write(body.slice(i, i + 65536));
        res.end();
        return;
      }
      case "raw":
        res.writeHead(reply.status, { "content-type": "application/json", ...reply.headers });
        res.end(reply.body);
        return;
    }
  }

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    reply: (...scripts) => void queue.push(...scripts),
    setDefault: (script) => {
      fallback = script;
    },
    allBodies: () => requests.map((r) => r.rawBody).join("\n"),
    close: () =>
      new Promise<void>((resolve) => {
        for (const t of timers) clearTimeout(t);
        timers.clear();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
