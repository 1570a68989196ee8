// A scripted model on 127.0.0.1 speaking the OpenAI Chat Completions streaming wire format
// (POST …/chat/completions, server-sent events of chat.completion.chunk), which is what an
// agent configured with an OpenAI-compatible provider talks to (opencode, pi). Every request
// is recorded; `decide(request, index)` returns the next turn of the conversation: a tool call
// or a final text. Requests that offer no tools (opencode's session-title request) are side
// requests: answered plainly, recorded apart, never a turn of the script.
import { createServer } from "node:http";

let sequence = 0;

function chunk(id, model, delta, finish) {
  const body = { id, object: "chat.completion.chunk", created: Math.floor(Date.now() / 1000), model, choices: [{ index: 0, delta, finish_reason: finish }] };
  return `data: ${JSON.stringify(body)}\n\n`;
}

function streamTurn(res, body, raw, turn) {
  const id = `chatcmpl-${++sequence}`;
  const model = String(body.model);
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", connection: "keep-alive" });
  res.write(chunk(id, model, { role: "assistant", content: "" }, null));
  if (turn.toolCall) {
    const args = JSON.stringify(turn.toolCall.arguments);
    res.write(chunk(id, model, { tool_calls: [{ index: 0, id: `call_e2e_${sequence}`, type: "function", function: { name: turn.toolCall.name, arguments: "" } }] }, null));
    // Arguments stream in pieces, as real models send them.
    for (let i = 0; i < args.length; i += 16) res.write(chunk(id, model, { tool_calls: [{ index: 0, function: { arguments: args.slice(i, i + 16) } }] }, null));
    res.write(chunk(id, model, {}, "tool_calls"));
  } else {
    res.write(chunk(id, model, { content: turn.text }, null));
    res.write(chunk(id, model, {}, "stop"));
  }
  const prompt = Math.ceil(Buffer.byteLength(raw) / 4);
  res.write(`data: ${JSON.stringify({ id, object: "chat.completion.chunk", created: Math.floor(Date.now() / 1000), model, choices: [], usage: { prompt_tokens: prompt, completion_tokens: 10, total_tokens: prompt + 10 } })}\n\n`);
  res.end("data: [DONE]\n\n");
}

export async function startChatModel(decide) {
  const requests = [];
  const side = [];
  const server = createServer((req, res) => {
    const parts = [];
    req.on("data", (c) => parts.push(c));
    req.on("end", () => {
      const raw = Buffer.concat(parts).toString("utf8");
      if (req.method !== "POST" || !req.url.endsWith("/chat/completions")) {
        res.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify({ error: { message: `no route ${req.method} ${req.url}`, type: "invalid_request_error" } }));
        return;
      }
      let body;
      try {
        body = JSON.parse(raw);
      } catch {
        res.writeHead(400, { "content-type": "application/json" }).end(JSON.stringify({ error: { message: "body is not JSON", type: "invalid_request_error" } }));
        return;
      }
      const request = { body, raw, bytes: Buffer.byteLength(raw) };
      if (!Array.isArray(body.tools) || body.tools.length === 0) {
        side.push(request);
        streamTurn(res, body, raw, { text: "Build check" });
        return;
      }
      requests.push(request);
      let turn;
      try {
        turn = decide(request, requests.length - 1);
      } catch (err) {
        turn = { text: `script error: ${err.message}` };
      }
      streamTurn(res, body, raw, turn);
    });
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address();
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    side,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}

/** The tool results in a Chat Completions request, last one first: { id, text }. */
export function toolResults(body) {
  const out = [];
  for (const m of body.messages ?? []) {
    if (m.role !== "tool") continue;
    const text = typeof m.content === "string" ? m.content : (m.content ?? []).map((p) => p.text ?? "").join("");
    out.push({ id: m.tool_call_id, text });
  }
  return out.reverse();
}

/** The names of the tools a request offers the model. */
export function toolNames(body) {
  return (body.tools ?? []).map((t) => t.function?.name).filter(Boolean);
}
