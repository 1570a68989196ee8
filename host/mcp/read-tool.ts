// The proxy's own tool, `abridge_read`: the model pages or greps the full output of an earlier
// call from the session log, as the omission markers tell it to, instead of calling again.
import type { CallToolResult, Tool } from "@modelcontextprotocol/sdk/types.js";
import { MAX_READ_LIMIT } from "../adapters/pi-read-tool.js";
import { isAbridgeError } from "../errors.js";
import { RETRIEVAL_TOOL, type Abridge } from "../session.js";

export const READ_TOOL: Tool = {
  name: RETRIEVAL_TOOL,
  description:
    "Read the full output of an earlier tool call of this server that was shortened. Its result ends with a marker such as " +
    `"[...N chars omitted...] lines A–B of T; read more: … id=ID offset=A": call this tool with that id and offset to page ` +
    "through the omitted lines, or with a pattern to find lines in the full output. Cheaper than calling the tool again.",
  inputSchema: {
    type: "object",
    properties: {
      id: { type: "string", description: "The call id named in the omission marker (id=...)." },
      offset: { type: "integer", minimum: 1, description: "First line to read, 1-based (default 1)." },
      limit: { type: "integer", minimum: 1, maximum: MAX_READ_LIMIT, description: `Lines to read (default 100, at most ${MAX_READ_LIMIT}).` },
      char: { type: "integer", minimum: 1, description: "Where in line `offset` to start, for a very long line (the page footer names it: char=N). Default 1." },
      pattern: { type: "string", description: "Instead of reading a page, list the lines containing this text (literal, case-insensitive)." },
      context: { type: "integer", minimum: 0, maximum: 20, description: "With pattern: lines of context around each hit (default 0)." },
    },
    required: ["id"],
    additionalProperties: false,
  },
  annotations: { title: "abridge read", readOnlyHint: true, idempotentHint: true, openWorldHint: false },
};

class ReadParamError extends Error {}

function intParam(args: Record<string, unknown>, name: string, min: number, max: number): number | undefined {
  const v = args[name];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== "number" || !Number.isInteger(v) || v < min || v > max) {
    throw new ReadParamError(`${name} must be an integer from ${min} to ${max}, got ${JSON.stringify(v)}`);
  }
  return v;
}

/** One call of abridge_read; every failure is a tool error the model can read, never a protocol error. */
export async function callReadTool(session: () => Promise<Abridge>, args: Record<string, unknown> = {}): Promise<CallToolResult> {
  try {
    const id = args.id;
    if (typeof id !== "string" || id === "") throw new ReadParamError("id must be the call id named in the marker");
    const abridge = await session();
    const pattern = args.pattern;
    if (typeof pattern === "string" && pattern !== "") {
      const found = abridge.search(id, pattern, { ignoreCase: true, context: intParam(args, "context", 0, 20) });
      return { content: [{ type: "text", text: found.text }] };
    }
    const page = abridge.read(id, {
      offset: intParam(args, "offset", 1, Number.MAX_SAFE_INTEGER),
      limit: intParam(args, "limit", 1, MAX_READ_LIMIT),
      char: intParam(args, "char", 1, Number.MAX_SAFE_INTEGER),
    });
    return { content: [{ type: "text", text: page.text }] };
  } catch (err) {
    const code = isAbridgeError(err) ? `${err.code}: ` : "";
    return { content: [{ type: "text", text: `${RETRIEVAL_TOOL}: ${code}${(err as Error)?.message ?? String(err)}` }], isError: true };
  }
}
