// A scripted model on 127.0.0.1 speaking the Anthropic Messages streaming wire format
// (POST /v1/messages, server-sent events), which is what Claude Code talks to. Every request
// is recorded; `decide(request, index)` returns the next turn: a tool call or a final text.
import { createServer } from "node:http";

function sse(res, event, data) {
  res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
}

let sequence = 0;

export async function startAnthropicModel(decide) {
  const requests = [];
  const server = createServer((req, res) => {
    const parts = [];
    req.on("data", (c) => parts.push(c));
    req.on("end", () => {
      const raw = Buffer.concat(parts).toString("utf8");
      if (req.method !== "POST" || !req.url.startsWith("/v1/messages")) {
        res.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify({ type: "error", error: { type: "not_found_error", message: `no route ${req.method} ${req.url}` } }));
        return;
      }
      const body = JSON.parse(raw);
      // Token counting and other side requests get a plain answer and are not part of the script.
      if (req.url.startsWith("/v1/messages/count_tokens")) {
        res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ input_tokens: 1000 }));
        return;
      }
      const request = { body, raw, bytes: Buffer.byteLength(raw) };
      const main = Array.isArray(body.tools) && body.tools.some((t) => t.name === "Bash");
      let turn;
      if (main) {
        requests.push(request);
        try {
          turn = decide(request, requests.length - 1);
        } catch (err) {
          turn = { text: `script error: ${err.message}` };
        }
      } else turn = { text: "ok" };
      const id = `msg_${++sequence}`;
      res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
      sse(res, "message_start", { type: "message_start", message: { id, type: "message", role: "assistant", model: body.model, content: [], stop_reason: null, stop_sequence: null, usage: { input_tokens: 10, output_tokens: 1 } } });
      if (turn.toolCall) {
        const toolId = `toolu_e2e_${sequence}`;
        sse(res, "content_block_start", { type: "content_block_start", index: 0, content_block: { type: "tool_use", id: toolId, name: turn.toolCall.name, input: {} } });
        sse(res, "content_block_delta", { type: "content_block_delta", index: 0, delta: { type: "input_json_delta", partial_json: JSON.stringify(turn.toolCall.input) } });
        sse(res, "content_block_stop", { type: "content_block_stop", index: 0 });
        sse(res, "message_delta", { type: "message_delta", delta: { stop_reason: "tool_use", stop_sequence: null }, usage: { output_tokens: 20 } });
      } else {
        sse(res, "content_block_start", { type: "content_block_start", index: 0, content_block: { type: "text", text: "" } });
        sse(res, "content_block_delta", { type: "content_block_delta", index: 0, delta: { type: "text_delta", text: turn.text } });
        sse(res, "content_block_stop", { type: "content_block_stop", index: 0 });
        sse(res, "message_delta", { type: "message_delta", delta: { stop_reason: "end_turn", stop_sequence: null }, usage: { output_tokens: 5 } });
      }
      sse(res, "message_stop", { type: "message_stop" });
      res.end();
    });
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address();
  return { baseURL: `http://127.0.0.1:${port}`, requests, close: () => new Promise((r) => server.close(() => r())) };
}

/** The text of the tool_result blocks in a Messages request, last one first. */
export function toolResults(body) {
  const out = [];
  for (const m of body.messages ?? []) {
    if (!Array.isArray(m.content)) continue;
    for (const c of m.content) {
      if (c.type !== "tool_result") continue;
      const text = typeof c.content === "string" ? c.content : (c.content ?? []).filter((x) => x.type === "text").map((x) => x.text).join("\n");
      out.push({ id: c.tool_use_id, text, isError: c.is_error === true });
    }
  }
  return out.reverse();
}
