// A scripted model on 127.0.0.1 speaking the Gemini API wire format that Gemini CLI talks to
// (POST /v1beta/models/MODEL:streamGenerateContent?alt=sse, server-sent events of
// GenerateContentResponse). Every request is recorded; `decide(request, index)` returns the
// next turn of the agent's main conversation: a function call or a final text. Side requests
// (countTokens, a plain generateContent for routing or checks, a stream without tools) get a
// plain answer and are not script turns.
import { createServer } from "node:http";

function candidate(parts, finishReason = "STOP") {
  return { candidates: [{ content: { role: "model", parts }, finishReason, index: 0 }], usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 5, totalTokenCount: 15 } };
}

/** The function declarations a request offers the model (names only). */
function toolNames(body) {
  return (body.tools ?? []).flatMap((t) => (t.functionDeclarations ?? []).map((f) => f.name));
}

export async function startGeminiModel(decide) {
  const requests = [];
  const side = [];
  const server = createServer((req, res) => {
    const parts = [];
    req.on("data", (c) => parts.push(c));
    req.on("end", () => {
      const raw = Buffer.concat(parts).toString("utf8");
      const route = /\/models\/([^/:?]+):([A-Za-z]+)/.exec(req.url ?? "");
      if (req.method !== "POST" || route === null) {
        side.push({ method: req.method, url: req.url });
        res.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify({ error: { code: 404, message: `no route ${req.method} ${req.url}`, status: "NOT_FOUND" } }));
        return;
      }
      const [, model, method] = route;
      let body;
      try {
        body = JSON.parse(raw);
      } catch {
        res.writeHead(400, { "content-type": "application/json" }).end(JSON.stringify({ error: { code: 400, message: "body is not JSON", status: "INVALID_ARGUMENT" } }));
        return;
      }
      if (method === "countTokens") {
        side.push({ method, model });
        res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ totalTokens: Math.ceil(raw.length / 4) }));
        return;
      }
      // The agent's turns are the streams that offer tools; anything else is a side request.
      const main = method === "streamGenerateContent" && toolNames(body).length > 0;
      let turn;
      if (main) {
        const request = { model, body, raw, bytes: Buffer.byteLength(raw), tools: toolNames(body) };
        requests.push(request);
        try {
          turn = decide(request, requests.length - 1);
        } catch (err) {
          turn = { text: `script error: ${err.message}` };
        }
      } else {
        side.push({ method, model, body });
        // Routers and checks ask for JSON; an empty object is a plain "no opinion".
        const json = body.generationConfig?.responseMimeType === "application/json";
        turn = { text: json ? "{}" : "ok" };
      }
      const answer = candidate(turn.functionCall ? [{ functionCall: { name: turn.functionCall.name, args: turn.functionCall.args } }] : [{ text: turn.text }]);
      if (method === "streamGenerateContent") {
        res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
        res.end(`data: ${JSON.stringify(answer)}\r\n\r\n`);
      } else {
        res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(answer));
      }
    });
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address();
  return { baseURL: `http://127.0.0.1:${port}`, requests, side, close: () => new Promise((r) => server.close(() => r())) };
}

/** The text of a function response's payload, as the model reads it. */
function responseText(response) {
  if (typeof response === "string") return response;
  if (response && typeof response.output === "string") return response.output;
  if (response && typeof response.error === "string") return response.error;
  return JSON.stringify(response ?? null);
}

/** The function responses (tool results) in a generateContent request, last one first. */
export function functionResponses(body) {
  const out = [];
  for (const c of body.contents ?? []) {
    for (const p of c.parts ?? []) {
      const fr = p.functionResponse;
      if (!fr) continue;
      out.push({ id: fr.id ?? null, name: fr.name, text: responseText(fr.response), isError: typeof fr.response?.error === "string", response: fr.response });
    }
  }
  return out.reverse();
}
