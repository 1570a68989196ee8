// OpenAI Chat Completions: POST /v1/chat/completions with a Bearer key.
// OpenAI itself takes `max_completion_tokens` (`max_tokens` is deprecated there);
// OpenAI-compatible servers (Ollama, vLLM, llama.cpp server) take `max_tokens`.
// Answer: { choices: [{ message: { content }, finish_reason }], usage: { prompt_tokens, completion_tokens } }.
import type { ProviderName } from "../options.js";
import { count, isObject, joinV1, type ParsedAnswer, type Provider, type ProviderRequest } from "./types.js";

const REASONING_MODEL = /^(?:o\d|gpt-5)/;

function chatCompletions(name: Extract<ProviderName, "openai" | "openai-compatible">): Provider {
  return {
    name,
    url: (baseURL) => joinV1(baseURL, "/v1/chat/completions"),
    headers: (apiKey): Record<string, string> => (apiKey ? { authorization: `Bearer ${apiKey}` } : {}),
    body: (req: ProviderRequest) => ({
      model: req.model,
      messages: [
        { role: "system", content: req.system },
        { role: "user", content: req.user },
      ],
      [name === "openai" ? "max_completion_tokens" : "max_tokens"]: req.maxTokens,
      // Reasoning models (o-series, gpt-5) refuse any temperature but the default.
      ...(REASONING_MODEL.test(req.model) ? {} : { temperature: 0 }),
      stream: false,
    }),
    parse(json: unknown): ParsedAnswer {
      if (!isObject(json) || !Array.isArray(json.choices) || json.choices.length === 0) return { ok: false, detail: "no choices in the Chat Completions answer" };
      const choice = json.choices[0];
      if (!isObject(choice) || !isObject(choice.message)) return { ok: false, detail: "choices[0].message is missing" };
      const content = choice.message.content;
      if (content !== null && content !== undefined && typeof content !== "string") return { ok: false, detail: "choices[0].message.content is not a string" };
      const usage = isObject(json.usage) ? json.usage : {};
      return {
        ok: true,
        text: content ?? "",
        usage: { inputTokens: count(usage.prompt_tokens), outputTokens: count(usage.completion_tokens) },
        truncated: choice.finish_reason === "length",
      };
    },
  };
}

export const openai = chatCompletions("openai");
export const openaiCompatible = chatCompletions("openai-compatible");
