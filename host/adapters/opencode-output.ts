// What an opencode tool really printed, recovered from the result `tool.execute.after` sees,
// and abridge's view written back into that result.
//
// Built-in tools give `{ title, output, metadata }`. opencode keeps the last 2,000 lines / 50 KB
// of a shell command (other tools: the first) and saves the whole output to a file it names in
// `metadata.outputPath`; the shell tool's exit code is `metadata.exit`, and notes about a
// timeout or an abort follow the output in a `<shell_metadata>` block. MCP tools give the raw
// MCP result, `{ content: [{ type: "text", text }, …] }`.
import { readSavedOutput } from "./saved-output.js";
import type { OpencodeMcpResult, OpencodeToolOutput } from "./opencode-types.js";


export type ResultShape = { kind: "builtin"; result: OpencodeToolOutput } | { kind: "mcp"; result: OpencodeMcpResult };

export interface RecoveredOutput {
  /** The whole output when opencode saved it, else the text it returned (its own notes removed). */
  output: string | Uint8Array;
  exitCode?: number;
  /** The file opencode saved the whole output to, when it did and it could be read. */
  fullOutputPath?: string;
  /** opencode's notes for the model (timeout, abort) that must survive the replacement. */
  notes: string;
}

const SHELL_NOTES = /\n\n<shell_metadata>\n[\s\S]*?\n<\/shell_metadata>$/;

/** The shape opencode handed the hook, or null for one abridge does not know (left alone). */
export function shapeOf(result: unknown): ResultShape | null {
  if (typeof result !== "object" || result === null) return null;
  const r = result as Record<string, unknown>;
  if (typeof r.output === "string") return { kind: "builtin", result: r as unknown as OpencodeToolOutput };
  if (Array.isArray(r.content)) return { kind: "mcp", result: r as unknown as OpencodeMcpResult };
  return null;
}

export function recoverBuiltin(result: OpencodeToolOutput): RecoveredOutput {
  const metadata = result.metadata && typeof result.metadata === "object" ? result.metadata : {};
  const exitCode = typeof metadata.exit === "number" && Number.isInteger(metadata.exit) ? metadata.exit : undefined;
  const notesMatch = SHELL_NOTES.exec(result.output);
  const notes = notesMatch ? notesMatch[0] : "";
  const text = notesMatch ? result.output.slice(0, notesMatch.index) : result.output;
  const path = metadata.outputPath;
  if (typeof path === "string" && path !== "") {
    const full = readSavedOutput(path);
    if (full !== undefined) return { output: full, exitCode, fullOutputPath: path, notes };
  }
  // Not saved, or the file is gone: the text as returned (opencode's own note on a cut kept).
  // "(no output)" is opencode's placeholder, not output.
  return { output: text === "(no output)" ? "" : text, exitCode, notes };
}

/** The text of an MCP result, or null when it carries none (images only: left alone). */
export function recoverMcp(result: OpencodeMcpResult): { output: string; exitCode?: number } | null {
  const texts = result.content.filter((c) => c?.type === "text" && typeof c.text === "string");
  if (texts.length === 0) return null;
  return { output: texts.map((c) => c.text as string).join("\n"), exitCode: result.isError === true ? 1 : undefined };
}

/** What abridge adds to a built-in tool's metadata, so the session shows where the full output is. */
export interface OpencodeAbridgeMetadata {
  callId: string;
  category: string;
  truncated: boolean;
  logPath: string | null;
}

export function applyBuiltin(result: OpencodeToolOutput, llmContent: string, notes: string, abridge: OpencodeAbridgeMetadata): void {
  result.output = llmContent + notes;
  result.metadata = { ...(result.metadata ?? {}), abridge };
}

/** Replaces the text items with one holding abridge's view, where the first was; other items stay. */
export function applyMcp(result: OpencodeMcpResult, llmContent: string): void {
  let placed = false;
  const content = [];
  for (const c of result.content) {
    if (c?.type !== "text" || typeof c.text !== "string") content.push(c);
    else if (!placed) {
      content.push({ type: "text", text: llmContent });
      placed = true;
    }
  }
  result.content = content;
}
