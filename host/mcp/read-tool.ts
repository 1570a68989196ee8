// The proxy's own tool, `abridge_read`: the model pages or greps the full output of an earlier
// call from the session log, as the omission markers tell it to, instead of calling again.
import type { CallToolResult, Tool } from "@modelcontextprotocol/sdk/types.js";
import { answerReadTool, READ_TOOL_PARAMETERS, readToolDescription } from "../adapters/read-tool.js";
import { isAbridgeError } from "../errors.js";
import { RETRIEVAL_TOOL, type Abridge } from "../session.js";

export const READ_TOOL: Tool = {
  name: RETRIEVAL_TOOL,
  description: readToolDescription("tool call of this server", "calling the tool again"),
  inputSchema: structuredClone(READ_TOOL_PARAMETERS) as unknown as Tool["inputSchema"],
  annotations: { title: "abridge read", readOnlyHint: true, idempotentHint: true, openWorldHint: false },
};

/** One call of abridge_read; every failure is a tool error the model can read, never a protocol error. */
export async function callReadTool(session: () => Promise<Abridge>, args: Record<string, unknown> = {}): Promise<CallToolResult> {
  try {
    return { content: [{ type: "text", text: answerReadTool(await session(), args).text }] };
  } catch (err) {
    const code = isAbridgeError(err) ? `${err.code}: ` : "";
    const message = (err as Error)?.message ?? String(err);
    // Argument errors already name the tool.
    return { content: [{ type: "text", text: message.startsWith(`${RETRIEVAL_TOOL}:`) ? message : `${RETRIEVAL_TOOL}: ${code}${message}` }], isError: true };
  }
}
