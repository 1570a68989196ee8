// A scripted model on 127.0.0.1 speaking the OpenAI Responses API streaming wire format
// (POST /v1/responses, server-sent events), which is what Codex talks to with
// `wire_api = "responses"`. Every request is recorded; `decide(request, index)` returns the next
// turn: a function call (`{ toolCall: { name, arguments } }`) or a final text (`{ text }`).
import { createServer } from "node:http";

let sequence = 0;

function sse(res, data) {
  res.write(`event: ${data.type}\ndata: ${JSON.stringify(data)}\n\n`);
}

/** The output items of one scripted turn, as the Responses API streams them. */
function outputItems(turn, n) {
  if (turn.toolCall) {
    const args = typeof turn.toolCall.arguments === "string" ? turn.toolCall.arguments : JSON.stringify(turn.toolCall.arguments);
    // A tool offered inside a namespace (Codex puts each MCP server's tools in one) is called by its
    // own name with the namespace beside it.
    const namespace = turn.toolCall.namespace ? { namespace: turn.toolCall.namespace } : {};
    return [{ type: "function_call", id: `fc_e2e_${n}`, call_id: `call_e2e_${n}`, name: turn.toolCall.name, ...namespace, arguments: args, status: "completed" }];
  }
  return [{ type: "message", id: `msg_e2e_${n}`, role: "assistant", status: "completed", content: [{ type: "output_text", text: turn.text, annotations: [] }] }];
}

export async function startResponsesModel(decide) {
  const requests = [];
  const server = createServer((req, res) => {
    const parts = [];
    req.on("data", (c) => parts.push(c));
    req.on("end", () => {
      const raw = Buffer.concat(parts).toString("utf8");
      if (req.method !== "POST" || !/\/responses(\?|$)/.test(req.url)) {
        res.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify({ error: { type: "not_found", message: `no route ${req.method} ${req.url}` } }));
        return;
      }
      const body = JSON.parse(raw);
      const request = { body, raw, bytes: Buffer.byteLength(raw), headers: req.headers };
      requests.push(request);
      let turn;
      try {
        turn = decide(request, requests.length - 1);
      } catch (err) {
        turn = { text: `script error: ${err.message}` };
      }
      const n = ++sequence;
      const id = `resp_e2e_${n}`;
      const response = { id, object: "response", created_at: Math.floor(Date.now() / 1000), model: body.model, status: "in_progress", output: [] };
      res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
      sse(res, { type: "response.created", sequence_number: 0, response });
      const items = outputItems(turn, n);
      items.forEach((item, i) => {
        sse(res, { type: "response.output_item.added", output_index: i, item: item.type === "message" ? { ...item, status: "in_progress", content: [] } : { ...item, status: "in_progress", arguments: "" } });
        if (item.type === "message") sse(res, { type: "response.output_text.delta", item_id: item.id, output_index: i, content_index: 0, delta: item.content[0].text });
        else sse(res, { type: "response.function_call_arguments.delta", item_id: item.id, output_index: i, delta: item.arguments });
        sse(res, { type: "response.output_item.done", output_index: i, item });
      });
      const usage = { input_tokens: Math.ceil(request.bytes / 4), input_tokens_details: { cached_tokens: 0 }, output_tokens: 20, output_tokens_details: { reasoning_tokens: 0 }, total_tokens: Math.ceil(request.bytes / 4) + 20 };
      sse(res, { type: "response.completed", response: { ...response, status: "completed", output: items, usage } });
      res.end();
    });
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address();
  return { baseURL: `http://127.0.0.1:${port}/v1`, requests, close: () => new Promise((r) => server.close(() => r())) };
}

/** The text of one function_call_output's `output` (a string, or content items). */
function outputText(output) {
  if (typeof output === "string") return output;
  if (Array.isArray(output)) return output.filter((c) => typeof c?.text === "string").map((c) => c.text).join("\n");
  if (output && typeof output.content === "string") return output.content;
  return "";
}

/**
 * The tool results (function_call_output items) in a Responses request, last one first, each
 * with the call it answers: `{ id, name, arguments, text }`.
 */
export function functionCallOutputs(body) {
  const calls = new Map();
  const out = [];
  for (const item of body.input ?? []) {
    if (item.type === "function_call") calls.set(item.call_id, item);
    if (item.type === "function_call_output") {
      const call = calls.get(item.call_id);
      out.push({ id: item.call_id, name: call?.name ?? null, arguments: call?.arguments ?? null, text: outputText(item.output) });
    }
  }
  return out.reverse();
}
