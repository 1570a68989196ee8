// A scripted model behind a real HTTP server on 127.0.0.1 speaking the OpenAI Chat
// Completions streaming wire format (server-sent events of chat.completion.chunk),
// which is what an agent configured with an OpenAI-compatible provider talks to.
// Each request is recorded; `decide` picks the next turn from the request's messages.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export type Turn = { toolCall: { name: string; arguments: Record<string, unknown> } } | { text: string };

export interface ChatRequest {
  body: any;
  rawBody: string;
  /** Bytes of the request body as sent. */
  bytes: number;
}

export interface ScriptedModel {
  baseURL: string;
  requests: ChatRequest[];
  close(): Promise<void>;
}

let sequence = 0;

function chunk(id: string, model: string, delta: Record<string, unknown>, finish: string | null): string {
  const body = { id, object: "chat.completion.chunk", created: Math.floor(Date.now() / 1000), model, choices: [{ index: 0, delta, finish_reason: finish }] };
  return `data: ${JSON.stringify(body)}\n\n`;
}

export async function startScriptedModel(decide: (request: ChatRequest, index: number) => Turn): Promise<ScriptedModel> {
  const requests: ChatRequest[] = [];
  const server: Server = createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on("data", (c: Buffer) => parts.push(c));
    req.on("end", () => {
      const raw = Buffer.concat(parts);
      if (req.method !== "POST" || !req.url?.endsWith("/chat/completions")) {
        res.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify({ error: { message: `no route ${req.method} ${req.url}`, type: "invalid_request_error" } }));
        return;
      }
      let body: any;
      try {
        body = JSON.parse(raw.toString("utf8"));
      } catch {
        res.writeHead(400, { "content-type": "application/json" }).end(JSON.stringify({ error: { message: "body is not JSON", type: "invalid_request_error" } }));
        return;
      }
      const request: ChatRequest = { body, rawBody: raw.toString("utf8"), bytes: raw.length };
      requests.push(request);
      let turn: Turn;
      try {
        turn = decide(request, requests.length - 1);
      } catch (err) {
        turn = { text: `script error: ${(err as Error).message}` };
      }
      const id = `chatcmpl-${++sequence}`;
      const model = String(body.model);
      res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", connection: "keep-alive" });
      res.write(chunk(id, model, { role: "assistant", content: "" }, null));
      if ("toolCall" in turn) {
        const args = JSON.stringify(turn.toolCall.arguments);
        const callId = `call_${sequence}_${turn.toolCall.name}`;
        res.write(chunk(id, model, { tool_calls: [{ index: 0, id: callId, type: "function", function: { name: turn.toolCall.name, arguments: "" } }] }, null));
        // Arguments stream in pieces, as real models send them.
        for (let i = 0; i < args.length; i += 16) res.write(chunk(id, model, { tool_calls: [{ index: 0, function: { arguments: args.slice(i, i + 16) } }] }, null));
        res.write(chunk(id, model, {}, "tool_calls"));
      } else {
        res.write(chunk(id, model, { content: turn.text }, null));
        res.write(chunk(id, model, {}, "stop"));
      }
      const usage = { prompt_tokens: Math.ceil(raw.length / 4), completion_tokens: 10, total_tokens: Math.ceil(raw.length / 4) + 10 };
      res.write(`data: ${JSON.stringify({ id, object: "chat.completion.chunk", created: Math.floor(Date.now() / 1000), model, choices: [], usage })}\n\n`);
      res.end("data: [DONE]\n\n");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}

/** The messages of a chat request that carry tool results, as [tool_call_id, text]. */
export function toolResults(request: ChatRequest): { id: string; text: string }[] {
  const out: { id: string; text: string }[] = [];
  for (const m of request.body.messages ?? []) {
    if (m.role !== "tool") continue;
    const text = typeof m.content === "string" ? m.content : (m.content ?? []).map((p: any) => p.text ?? "").join("");
    out.push({ id: m.tool_call_id, text });
  }
  return out;
}
