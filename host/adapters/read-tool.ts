// The retrieval tool the omission markers point to, for every host that gives the model one (pi,
// opencode, the MCP proxy): its arguments, and one call that pages or greps the full output of an
// earlier call from the session log. Each host wraps it in its own tool shape.
import { RETRIEVAL_TOOL, type Abridge } from "../session.js";

/** Most lines one read may return, so a retrieval cannot flood the context it protects. */
export const MAX_READ_LIMIT = 500;

/** The tool's arguments as a plain JSON Schema (pi, opencode and MCP all take one). */
export const READ_TOOL_PARAMETERS = {
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
} as const;

/** What the tool tells the model it is for; `again` says what reading saves (re-running the command, calling the tool again). */
export function readToolDescription(of: string, again: string): string {
  return (
    `Read the full output of an earlier ${of} that was shortened. Tool results may contain markers such as ` +
    `"[...N chars omitted...] lines A–B of T; read more: ${RETRIEVAL_TOOL} id=ID offset=A": call this tool with that id and offset ` +
    `to page through the omitted lines, or with a pattern to find lines in the full output. A short result may instead ` +
    `show each kept line after its line number ("101: text"): those are the full output's line numbers, usable as offsets. ` +
    `Cheaper than ${again}.`
  );
}

/** A bad argument: the message names it and the range it must be in. */
export class ReadToolError extends Error {
  override name = "ReadToolError";
}

function intParam(params: Record<string, unknown>, name: string, min: number, max: number): number | undefined {
  const v = params[name];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== "number" || !Number.isInteger(v) || v < min || v > max) {
    throw new ReadToolError(`${RETRIEVAL_TOOL}: ${name} must be an integer from ${min} to ${max}, got ${JSON.stringify(v)}`);
  }
  return v;
}

export interface ReadToolAnswer {
  text: string;
  details: Record<string, unknown>;
}

/** One call of the tool: a page (`offset`, `limit`, `char`) or the lines matching `pattern`. */
export function answerReadTool(abridge: Abridge, params: Record<string, unknown>): ReadToolAnswer {
  const id = params.id;
  if (typeof id !== "string" || id === "") throw new ReadToolError(`${RETRIEVAL_TOOL}: id must be the call id named in the marker`);
  const pattern = params.pattern;
  if (typeof pattern === "string" && pattern !== "") {
    const found = abridge.search(id, pattern, { ignoreCase: true, context: intParam(params, "context", 0, 20) });
    return { text: found.text, details: { callId: id, matches: found.matches, shown: found.shown, totalLines: found.totalLines } };
  }
  const page = abridge.read(id, {
    offset: intParam(params, "offset", 1, Number.MAX_SAFE_INTEGER),
    limit: intParam(params, "limit", 1, MAX_READ_LIMIT),
    char: intParam(params, "char", 1, Number.MAX_SAFE_INTEGER),
  });
  return { text: page.text, details: { callId: id, firstLine: page.firstLine, lastLine: page.lastLine, totalLines: page.totalLines, nextOffset: page.nextOffset, nextChar: page.nextChar } };
}
