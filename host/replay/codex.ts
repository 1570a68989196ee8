// Codex CLI rollouts (~/.codex/sessions/YYYY/MM/DD/rollout-*.jsonl). Current
// versions wrap every line: {"timestamp","type":"response_item","payload":{…}},
// with session_meta / turn_context / event_msg / compacted lines around them.
// Older ones wrote the items bare, after a first line {"id","timestamp","instructions"}
// and between {"record_type":"state"} lines. Tool traffic is one of:
//   function_call {name, arguments (JSON text), call_id}   → function_call_output {call_id, output}
//   custom_tool_call {name, input, call_id}                → custom_tool_call_output {call_id, output}
//   local_shell_call {call_id, action:{type:"exec", command:[…]}} → function_call_output
// `output` is text, or content items [{type:"input_text",text}, {type:"input_image",…}].
import { isObject, parseArgs, type ReaderContext } from "./types.js";

const WRAPPER_TYPES = new Set(["response_item", "session_meta", "turn_context", "event_msg", "compacted"]);
const QUIET_ITEMS = new Set(["message", "reasoning", "web_search_call", "ghost_snapshot", "compaction", "compaction_summary", "other"]);

/** Codex frames a shell result for the model: a JSON object, or header lines before `Output:`. */
const FREEFORM_HEADER = /^((?:(?:Exit code|Wall time|Total output lines|Chunk ID|Original token count|Process running with session ID)[^\n]*\n|Process exited with code -?\d+\n){1,8})Output:\n/;

/** The tool's own output and exit code, without Codex's framing. */
export function unwrapExecOutput(text: string): { output: string; exitCode: number | undefined } {
  if (text.startsWith('{"output":')) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (isObject(parsed) && typeof parsed.output === "string") {
        const code = isObject(parsed.metadata) ? parsed.metadata.exit_code : undefined;
        return { output: parsed.output, exitCode: Number.isInteger(code) ? (code as number) : undefined };
      }
    } catch {
      // Not the structured framing after all: the text is the output.
    }
  }
  const header = FREEFORM_HEADER.exec(text);
  if (header) {
    const code = /(?:^|\n)Exit code: (-?\d+)|Process exited with code (-?\d+)/.exec(header[1]!);
    return { output: text.slice(header[0].length), exitCode: code ? Number(code[1] ?? code[2]) : undefined };
  }
  return { output: text, exitCode: undefined };
}

/** Output text of a function_call_output: text, content items, or an older {content, success}. */
function outputText(output: unknown): string | null {
  if (typeof output === "string") return output;
  if (Array.isArray(output)) {
    const texts = output.filter((c) => isObject(c) && (c.type === "input_text" || c.type === "output_text") && typeof c.text === "string").map((c) => (c as { text: string }).text);
    return texts.length ? texts.join("\n") : null;
  }
  if (isObject(output) && typeof output.content === "string") return output.content;
  return null;
}

function readItem(item: Record<string, unknown>, ctx: ReaderContext): boolean {
  const type = item.type;
  if (typeof type !== "string") return false;
  switch (type) {
    case "function_call":
      if (typeof item.call_id !== "string" || typeof item.name !== "string") return false;
      ctx.call(item.call_id, item.name, parseArgs(item.arguments));
      return true;
    case "custom_tool_call":
      if (typeof item.call_id !== "string" || typeof item.name !== "string") return false;
      ctx.call(item.call_id, item.name, typeof item.input === "string" ? { input: item.input } : parseArgs(item.input));
      return true;
    case "local_shell_call": {
      const id = typeof item.call_id === "string" ? item.call_id : typeof item.id === "string" ? item.id : null;
      if (id === null || !isObject(item.action)) return false;
      const { type: _exec, ...args } = item.action;
      ctx.call(id, "local_shell", args);
      return true;
    }
    case "function_call_output":
    case "custom_tool_call_output": {
      if (typeof item.call_id !== "string") return false;
      const text = outputText(item.output);
      if (text === null) {
        ctx.result(item.call_id, null, undefined);
        return true;
      }
      const { output, exitCode } = unwrapExecOutput(text);
      ctx.result(item.call_id, output, exitCode);
      return true;
    }
    default:
      return QUIET_ITEMS.has(type);
  }
}

export function readCodex(record: Record<string, unknown>, ctx: ReaderContext): boolean {
  const type = record.type;
  if (typeof type === "string" && WRAPPER_TYPES.has(type) && "payload" in record) {
    const payload = record.payload;
    if (type === "session_meta" && isObject(payload)) {
      const meta = isObject(payload.meta) ? payload.meta : payload; // some versions nest it
      if (typeof meta.id === "string") ctx.session = meta.id;
    }
    if (type === "response_item") return isObject(payload) && readItem(payload, ctx);
    return true;
  }
  // Older rollouts: the session line, state lines, and bare items.
  if (type === undefined && typeof record.id === "string" && typeof record.timestamp === "string" && ("instructions" in record || "git" in record)) {
    ctx.session = record.id;
    return true;
  }
  if (type === undefined && record.record_type === "state") return true;
  return readItem(record, ctx);
}
