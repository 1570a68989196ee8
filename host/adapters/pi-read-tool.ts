// The retrieval tool the omission markers point to: the model pages or greps the
// full output of an earlier call from the session log instead of re-running it.
import { RETRIEVAL_TOOL, type Abridge } from "../session.js";
import type { PiToolDefinition } from "./pi-types.js";

/** Most lines one read may return, so a retrieval cannot flood the context it protects. */
export const MAX_READ_LIMIT = 500;

function intParam(params: Record<string, unknown>, name: string, min: number, max: number): number | undefined {
  const v = params[name];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== "number" || !Number.isInteger(v) || v < min || v > max) {
    throw new Error(`${RETRIEVAL_TOOL}: ${name} must be an integer from ${min} to ${max}, got ${JSON.stringify(v)}`);
  }
  return v;
}

/** A plain JSON schema (pi validates plain schemas as well as TypeBox ones). */
const parameters = {
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
};

export function retrievalTool(session: () => Abridge): PiToolDefinition {
  return {
    name: RETRIEVAL_TOOL,
    label: "abridge read",
    description:
      "Read the full output of an earlier tool call that was shortened. Tool results may contain markers such as " +
      `"[...N chars omitted...] lines A–B of T; read more: ${RETRIEVAL_TOOL} id=ID offset=A": call this tool with that id and offset ` +
      "to page through the omitted lines, or with a pattern to find lines in the full output. Cheaper than re-running the command.",
    promptSnippet: "Read omitted lines of an earlier, shortened tool result (by call id, offset/limit or pattern)",
    promptGuidelines: [`Use ${RETRIEVAL_TOOL} to read lines a tool result marker says were omitted, instead of re-running the command.`],
    parameters,
    async execute(_toolCallId, params) {
      const id = params.id;
      if (typeof id !== "string" || id === "") throw new Error(`${RETRIEVAL_TOOL}: id must be the call id named in the marker`);
      const abridge = session();
      const pattern = params.pattern;
      if (typeof pattern === "string" && pattern !== "") {
        const found = abridge.search(id, pattern, { ignoreCase: true, context: intParam(params, "context", 0, 20) });
        return { content: [{ type: "text", text: found.text }], details: { callId: id, matches: found.matches, shown: found.shown, totalLines: found.totalLines } };
      }
      const page = abridge.read(id, {
        offset: intParam(params, "offset", 1, Number.MAX_SAFE_INTEGER),
        limit: intParam(params, "limit", 1, MAX_READ_LIMIT),
        char: intParam(params, "char", 1, Number.MAX_SAFE_INTEGER),
      });
      return {
        content: [{ type: "text", text: page.text }],
        details: { callId: id, firstLine: page.firstLine, lastLine: page.lastLine, totalLines: page.totalLines, nextOffset: page.nextOffset, nextChar: page.nextChar },
      };
    },
  };
}
