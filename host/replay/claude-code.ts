// Claude Code session transcripts (~/.claude/projects/<project>/<session>.jsonl):
// one record per line; assistant records carry `tool_use` items
// {id, name, input} in message.content, user records carry `tool_result` items
// {tool_use_id, content (a string or [{type:"text",text}, {type:"image",…}]), is_error}.
import { isObject, type ReaderContext } from "./types.js";

/** Record types of a Claude Code transcript that hold no tool traffic. */
const OTHER_TYPES = new Set(["summary", "system", "file-history-snapshot", "queue-operation", "result"]);

/** A failed Bash call's result starts with `Exit code N` (older versions: `Error: Exit code N`). */
const EXIT_PREFIX = /^(?:Error: )?Exit code (-?\d+)\r?\n/;

/** The text of a tool_result's content; null when it has none (an image). */
export function resultText(content: unknown): string | null {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return null;
  const texts = content.filter((c) => isObject(c) && c.type === "text" && typeof c.text === "string").map((c) => (c as { text: string }).text);
  return texts.length ? texts.join("\n") : null;
}

export function readClaudeCode(record: Record<string, unknown>, ctx: ReaderContext): boolean {
  const type = record.type;
  if (typeof type !== "string") return false;
  if (OTHER_TYPES.has(type) && ["uuid", "leafUuid", "messageId", "sessionId", "session_id"].some((k) => k in record)) return true;
  if (type !== "user" && type !== "assistant") return false;
  const message = record.message;
  if (!isObject(message)) return false;
  if (typeof record.sessionId === "string") ctx.session = record.sessionId;
  else if (typeof record.session_id === "string") ctx.session = record.session_id;
  const content = message.content;
  if (!Array.isArray(content)) return typeof content === "string"; // a plain prompt or reply
  for (const item of content) {
    if (!isObject(item)) continue;
    if (item.type === "tool_use" && typeof item.id === "string" && typeof item.name === "string") {
      ctx.call(item.id, item.name, isObject(item.input) ? item.input : undefined);
    } else if (item.type === "tool_result" && typeof item.tool_use_id === "string") {
      const text = resultText(item.content);
      let exitCode: number | undefined;
      let output = text;
      const exit = text !== null && item.is_error === true ? EXIT_PREFIX.exec(text) : null;
      if (exit) {
        exitCode = Number(exit[1]);
        output = text!.slice(exit[0].length);
      }
      ctx.result(item.tool_use_id, output, exitCode);
    }
  }
  return true;
}
