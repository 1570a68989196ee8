// `abridge params`: how a tool call's arguments are shown in a UI or a
// transcript: long multi-line values become `[N lines]`, other long ones are cut.
import { abridgeParams, formatToolCall, LINE_DEFAULTS } from "../core-api.js";
import { intOption, parse, printHelp, readInput, usageError } from "./io.js";

export const help = `usage: abridge params [JSON|-] [--tool NAME] [--max N] [--json]

Prints the abridged display of a tool call's arguments. JSON (the argument, or
stdin) is a call — {"tool","args"}, a Claude Code tool_use {"name","input"}, a Codex
function_call {"name","arguments"} — or the arguments object alone.
A string value longer than --max chars becomes \`[N lines]\` when it has more than
3 lines, else its first --max chars and "...".

  abridge params '{"tool":"Edit","args":{"file_path":"a.ts","old_string":"…"}}'
  → Edit (file_path: "a.ts", old_string: "[156 lines]")

options:
  --tool NAME   the tool's name, when JSON is the arguments alone
  --max N       longest value left alone (default ${LINE_DEFAULTS.paramMax})
  --json        {"tool","args"} with the abridged arguments, as JSON
  -h, --help    this help`;

interface Call {
  tool: string | undefined;
  args: object | string;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** The call a JSON value describes; anything that is not a recognised call is the arguments. */
function toCall(value: unknown): Call {
  if (isObject(value)) {
    const keys = Object.keys(value);
    const only = (...allowed: string[]) => keys.every((k) => allowed.includes(k));
    if (typeof value.tool === "string" && "args" in value && only("tool", "args") && (isObject(value.args) || typeof value.args === "string")) {
      return { tool: value.tool, args: value.args as object | string };
    }
    if (typeof value.name === "string" && isObject(value.input) && (value.type === "tool_use" || only("name", "input", "id"))) {
      return { tool: value.name, args: value.input };
    }
    if (typeof value.name === "string" && typeof value.arguments === "string" && (value.type === "function_call" || only("name", "arguments", "call_id"))) {
      return { tool: value.name, args: value.arguments };
    }
    return { tool: undefined, args: value };
  }
  if (Array.isArray(value)) return { tool: undefined, args: value };
  throw usageError(`params takes a JSON object (a call or its arguments), got ${value === null ? "null" : typeof value}`);
}

export async function run(argv: string[]): Promise<number> {
  const { values, positionals } = parse(argv, { tool: { type: "string" }, max: { type: "string" }, json: { type: "boolean" } });
  if (printHelp(values, help)) return 0;
  if (positionals.length > 1) throw usageError(`params takes one JSON argument (quote it), got ${positionals.length}`);
  const max = intOption("max", values.max, 1) ?? LINE_DEFAULTS.paramMax;
  const source = positionals[0] === undefined || positionals[0] === "-" ? (await readInput(undefined)).toString("utf8") : positionals[0];
  let value: unknown;
  try {
    value = JSON.parse(source);
  } catch (err) {
    throw usageError(`params takes JSON: ${(err as Error).message}`);
  }
  const call = toCall(value);
  const tool = (values.tool as string | undefined) ?? call.tool;
  if (values.json) {
    const args = typeof call.args === "string" ? safeParse(abridgeParams(call.args, max)) : abridgeParams(call.args, max);
    process.stdout.write(JSON.stringify({ tool: tool ?? null, args }) + "\n");
  } else if (tool !== undefined) {
    console.log(formatToolCall(tool, call.args, max));
  } else {
    const args = abridgeParams(call.args, max);
    console.log(typeof args === "string" ? args : JSON.stringify(args));
  }
  return 0;
}

/** Arguments given as JSON text stay text when they are not valid JSON. */
function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
