// Anthropic Messages API: POST /v1/messages with x-api-key and anthropic-version.
// Answer: { content: [{ type: "text", text }], stop_reason, usage: { input_tokens, output_tokens } }.
import { SUMMARIZER_DEFAULTS } from "../options.js";
import { count, isObject, joinV1, type ParsedAnswer, type Provider, type ProviderRequest } from "./types.js";

export const anthropic: Provider = {
  name: "anthropic",
  url: (baseURL) => joinV1(baseURL, "/v1/messages"),
  headers: (apiKey) => ({
    ...(apiKey ? { "x-api-key": apiKey } : {}),
    "anthropic-version": SUMMARIZER_DEFAULTS.anthropicVersion,
  }),
  body: (req: ProviderRequest) => ({
    model: req.model,
    max_tokens: req.maxTokens,
    system: req.system,
    messages: [{ role: "user", content: req.user }],
    temperature: 0,
  }),
  parse(json: unknown): ParsedAnswer {
    if (!isObject(json) || !Array.isArray(json.content)) return { ok: false, detail: "no content array in the Messages API answer" };
    const text = json.content
      .filter((b): b is { type: "text"; text: string } => isObject(b) && b.type === "text" && typeof b.text === "string")
      .map((b) => b.text)
      .join("");
    const usage = isObject(json.usage) ? json.usage : {};
    return {
      ok: true,
      text,
      usage: { inputTokens: count(usage.input_tokens), outputTokens: count(usage.output_tokens) },
      truncated: json.stop_reason === "max_tokens",
    };
  },
};
