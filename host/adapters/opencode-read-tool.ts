// The `abridge_read` tool in opencode: the same tool as pi's (same arguments, same limits, same
// pages), in opencode's plugin-tool shape.
//
// opencode validates a plugin tool's `args` only when they are zod schemas, which would mean
// importing zod (or `@opencode-ai/plugin`) at run time. Plain JSON Schemas are accepted too:
// opencode then validates nothing (execute checks every argument) and tells the model that every
// argument is required. The `tool.definition` hook puts the real schema back (only `id` required).
import type { Abridge } from "../session.js";
import { answerReadTool, READ_TOOL_PARAMETERS, readToolDescription } from "./read-tool.js";
import type { JsonSchema, OpencodeToolContext, OpencodeToolDefinition } from "./opencode-types.js";

/** The schema the model is given for `abridge_read`: id required, the rest optional. */
export const READ_TOOL_SCHEMA: JsonSchema = structuredClone(READ_TOOL_PARAMETERS) as unknown as JsonSchema;

/** The title opencode shows beside the tool's name: which call, which lines. */
function describePage(id: string, details: Record<string, unknown>): string {
  const n = (v: unknown) => (typeof v === "number" ? v.toLocaleString("en-US") : undefined);
  if (n(details.matches) !== undefined) return `${id}: ${n(details.matches)} matching lines`;
  const [first, last, total] = [n(details.firstLine), n(details.lastLine), n(details.totalLines)];
  return first && last && total ? `${id}: lines ${first}–${last} of ${total}` : id;
}

/** The tool, reading the log of the opencode session it is called from. */
export function opencodeReadTool(sessionFor: (sessionID: string) => Abridge): OpencodeToolDefinition {
  const properties = (READ_TOOL_SCHEMA.properties ?? {}) as Record<string, JsonSchema>;
  return {
    description: readToolDescription("tool call", "re-running the command"),
    args: structuredClone(properties),
    async execute(args, context: OpencodeToolContext) {
      const { text, details } = answerReadTool(sessionFor(context.sessionID), args ?? {});
      return { title: describePage(String(args?.id ?? ""), details), output: text, metadata: details };
    },
  };
}
