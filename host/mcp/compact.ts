// What the model sees of an upstream tool result: text results go through abridge (full output
// to the session log, the digest with a read hint to the model); results with images, audio or
// resources pass through as they are. Fails open: if abridge cannot load, compact or log, the
// upstream's result goes through unchanged and the reason is reported once on stderr.
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { isAbridgeError } from "../errors.js";
import type { Abridge } from "../session.js";

export interface CompactorOptions {
  /** The project directory (the log goes to its `.abridge/sessions/`). */
  cwd: string;
  sessionId?: string;
  /** The log file, instead of `.abridge/sessions/<session>.jsonl`. */
  log?: string;
  /** What the marker tells the model to call to read the rest. */
  readHint: string;
  /** Reports a failure of abridge itself (called once per proxy). */
  report: (message: string) => void;
}

/**
 * `structuredContent` with every string that repeats the result's text replaced by what the model
 * gets instead. Servers commonly return the same text twice (the filesystem server's
 * `{content: <file>}`), and an agent may show the model the structured copy (Claude Code does):
 * left alone, it would carry the whole output past the digest. A string stays a string, so the
 * tool's output schema still holds.
 */
export function replaceRepeatedText(value: unknown, texts: ReadonlySet<string>, replacement: string): unknown {
  if (typeof value === "string") return texts.has(value) ? replacement : value;
  if (Array.isArray(value)) return value.map((v) => replaceRepeatedText(v, texts, replacement));
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, replaceRepeatedText(v, texts, replacement)]));
  }
  return value;
}

/** The text of a result made of text blocks only; null when it holds anything else. */
export function textOnly(result: CallToolResult): string | null {
  const content = Array.isArray(result.content) ? result.content : [];
  if (content.length === 0) return null;
  if (!content.every((c) => c.type === "text" && typeof c.text === "string")) return null;
  return content.map((c) => (c as { text: string }).text).join("\n");
}

export class ResultCompactor {
  private abridge?: Promise<Abridge>;
  private reported = false;

  constructor(private readonly options: CompactorOptions) {}

  /** The abridge session, created on first use (the core and tokenizer load only then). */
  session(): Promise<Abridge> {
    this.abridge ??= import("../session.js").then(({ createAbridge }) => {
      const { cwd, sessionId, log, readHint } = this.options;
      const abridge = createAbridge({ cwd, sessionId, log: log ? { path: log } : undefined, defaults: { log: { readHint } } });
      abridge.on("error", (err) => this.fail(err));
      return abridge;
    });
    return this.abridge;
  }

  /** The result the model should get for one call of `tool` (its MCP-style name) with `args`. */
  async compact(tool: string, args: Record<string, unknown> | undefined, result: CallToolResult): Promise<CallToolResult> {
    const text = textOnly(result);
    if (text === null) return result;
    try {
      const abridge = await this.session();
      // The log write happens before process() first yields: a failure seen here is this call's.
      let logFailed = false;
      const onError = () => (logFailed = true);
      abridge.on("error", onError);
      let pending: ReturnType<Abridge["process"]>;
      try {
        pending = abridge.process({ tool, args, output: text, exitCode: result.isError ? 1 : undefined });
      } finally {
        abridge.off("error", onError);
      }
      const r = await pending;
      // A digest whose hint points at a log that does not hold the output would lose lines.
      if (logFailed || !r.truncated) return result;
      const abridged: CallToolResult = { ...result, content: [{ type: "text", text: r.llmContent }] };
      if (result.structuredContent !== undefined) {
        const texts = new Set([text, ...result.content.map((c) => (c as { text: string }).text)].filter((t) => t.length > 0));
        abridged.structuredContent = replaceRepeatedText(result.structuredContent, texts, r.llmContent) as CallToolResult["structuredContent"];
      }
      return abridged;
    } catch (err) {
      this.fail(err);
      return result;
    }
  }

  private fail(err: unknown): void {
    if (this.reported) return;
    this.reported = true;
    const code = isAbridgeError(err) ? err.code : "ABRIDGE_MCP_COMPACT";
    this.options.report(`${code}: ${(err as Error)?.message ?? String(err)} (tool results are passed through unchanged)`);
  }

  async close(): Promise<void> {
    const abridge = await this.abridge?.catch(() => undefined);
    await abridge?.close();
  }
}
