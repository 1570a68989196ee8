// abridge inside pi (@mariozechner/pi-coding-agent): every tool result goes through
// abridge, the model sees the LLM content, the user's session keeps the UI content
// and metadata in `details`, input waits while a summary is in flight, and the model
// can read omitted lines back with the `abridge_read` tool.
//
//   pi -e ./node_modules/abridge-agent/dist/pi.bundle.js     (or: pi install npm:abridge-agent)
//
// Never breaks the agent: if anything inside abridge fails, the original result is
// returned unchanged and the failure is reported once.
import { basename, dirname, join } from "node:path";
import { AbridgeError, isAbridgeError } from "../errors.js";
import { RETRIEVAL_TOOL, createAbridge, type Abridge, type CreateAbridgeOptions } from "../session.js";
import { isTextOnly, recoverOutput } from "./pi-output.js";
import { retrievalTool } from "./pi-read-tool.js";
import type { PiContext, PiExtensionAPI, PiToolResultEvent, PiToolResultPatch } from "./pi-types.js";

export type * from "./pi-types.js";

export interface PiAdapterOptions extends CreateAbridgeOptions {
  /** Tool names left untouched (besides abridge_read itself). @default [] */
  skipTools?: string[];
  /** UI content kept in `details` is cut beyond this many characters (the log keeps all). @default 200_000 */
  maxUiChars?: number;
}

/** What the adapter adds to a tool result's `details` (pi's own details are kept alongside). */
export interface PiAbridgeDetails {
  callId: string;
  category: string;
  summary: string;
  truncated: boolean;
  /** The cleaned full output, for display; cut at `maxUiChars` with a note. */
  uiContent: string;
  metadata: Record<string, unknown>;
  logPath: string | null;
}

const DEFAULT_MAX_UI_CHARS = 200_000;

/**
 * pi lists every `*.jsonl` in its session folder as a session, so the log goes in an
 * `abridge/` folder beside them, named after the pi session it belongs to.
 */
function logBesidePiSession(ctx: PiContext): CreateAbridgeOptions["defaults"] {
  const file = ctx.sessionManager?.getSessionFile?.();
  if (!file) return undefined;
  return { log: { path: join(dirname(file), "abridge", basename(file)) } };
}

function cutForUi(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = max;
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end--; // never split a surrogate pair
  return `${text.slice(0, end)}\n[… ${(text.length - end).toLocaleString("en-US")} more chars in the abridge log]`;
}

/** Resolves when the summarizing gate opens, the signal aborts, or the lock's longest hold has passed. */
function gateOpen(session: Abridge, signal?: AbortSignal): Promise<void> {
  return new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      session.lock.off("gate", onGate);
      signal?.removeEventListener("abort", done);
      resolve();
    };
    const onGate = (e: { held: boolean }) => {
      if (!e.held) done();
    };
    // The lock opens the gate itself after maxHoldMs; this only covers a lock closed meanwhile.
    const maxHold = session.config.lock.maxHoldMs;
    const timer = maxHold > 0 ? setTimeout(done, maxHold + 1_000) : undefined;
    timer?.unref?.();
    session.lock.on("gate", onGate);
    signal?.addEventListener("abort", done, { once: true });
  });
}

export function abridgePi(options: PiAdapterOptions = {}): (pi: PiExtensionAPI) => void {
  const { skipTools = [], maxUiChars = DEFAULT_MAX_UI_CHARS, ...abridgeOptions } = options;
  const skipped = new Set([RETRIEVAL_TOOL, ...skipTools]);

  return (pi) => {
    let session: Abridge | undefined;
    let reported = false;

    const report = (err: unknown, ctx?: PiContext): void => {
      if (reported) return;
      reported = true;
      const code = isAbridgeError(err) ? err.code : "ABRIDGE_INTERNAL";
      const message = `abridge: ${code}: ${(err as Error)?.message ?? String(err)} (tool results are passed through unchanged when this happens)`;
      if (ctx?.hasUI && ctx.ui) ctx.ui.notify(message, "error");
      else process.stderr.write(`${message}\n`);
    };

    const open = (ctx: PiContext): Abridge => {
      if (!session) {
        const created = createAbridge({ cwd: ctx.cwd, defaults: logBesidePiSession(ctx), ...abridgeOptions });
        created.on("error", (err) => report(err, ctx)); // a log write failed; results still flow
        session = created;
      }
      return session;
    };

    const close = async (): Promise<void> => {
      const s = session;
      session = undefined;
      await s?.close();
    };

    pi.on("session_start", async () => {
      await close(); // a new or switched session gets its own log
    });
    pi.on("session_shutdown", async () => {
      await close();
    });

    pi.on("tool_result", async (event: PiToolResultEvent, ctx: PiContext): Promise<PiToolResultPatch | undefined> => {
      if (skipped.has(event.toolName) || !isTextOnly(event.content)) return undefined;
      try {
        const abridge = open(ctx);
        const text = event.content.map((c) => c.text).join("\n");
        const { output, exitCode, fullOutputPath } = recoverOutput(text, event.details);
        const result = await abridge.process(
          { tool: event.toolName, args: event.input, output, exitCode: exitCode ?? (event.isError ? 1 : undefined), callId: event.toolCallId },
          { signal: ctx.signal },
        );
        const piDetails = event.details && typeof event.details === "object" ? (event.details as Record<string, unknown>) : {};
        const abridged: PiAbridgeDetails = {
          callId: result.callId,
          category: result.category,
          summary: result.summary,
          truncated: result.truncated,
          uiContent: cutForUi(result.uiContent, maxUiChars),
          metadata: { ...result.metadata, fullOutputPath: fullOutputPath ?? null },
          logPath: abridge.logPath,
        };
        return { content: [{ type: "text", text: result.llmContent }], details: { ...piDetails, abridge: abridged } };
      } catch (err) {
        report(err, ctx);
        return undefined;
      }
    });

    // Input typed while a summary is being made waits for it, so it cannot reach the
    // model ahead of the tool result it may refer to; pi then queues it as usual.
    pi.on("input", async (_event, ctx) => {
      const s = session;
      if (s?.lock.gateHeld) await gateOpen(s, ctx.signal);
      return { action: "continue" as const };
    });

    pi.registerTool(
      retrievalTool(() => {
        if (!session) throw new AbridgeError("ABRIDGE_INVALID_OPTION", "no tool output has been recorded in this session yet");
        return session;
      }),
    );
  };
}

/** pi's extension entry: abridge with the configuration from options, env and the project file. */
export default function abridgeExtension(pi: PiExtensionAPI): void {
  abridgePi()(pi);
}
