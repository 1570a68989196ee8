// pi's `abridge_read` tool: the shared retrieval tool in pi's tool shape.
import { RETRIEVAL_TOOL, type Abridge } from "../session.js";
import { answerReadTool, READ_TOOL_PARAMETERS, readToolDescription } from "./read-tool.js";
import type { PiToolDefinition } from "./pi-types.js";

export function retrievalTool(session: () => Abridge): PiToolDefinition {
  return {
    name: RETRIEVAL_TOOL,
    label: "abridge read",
    description: readToolDescription("tool call", "re-running the command"),
    promptSnippet: "Read omitted lines of an earlier, shortened tool result (by call id, offset/limit or pattern)",
    promptGuidelines: [`Use ${RETRIEVAL_TOOL} to read lines a tool result marker says were omitted, instead of re-running the command.`],
    // pi validates plain JSON Schemas as well as TypeBox ones.
    parameters: READ_TOOL_PARAMETERS,
    async execute(_toolCallId, params) {
      const { text, details } = answerReadTool(session(), params);
      return { content: [{ type: "text", text }], details };
    },
  };
}
