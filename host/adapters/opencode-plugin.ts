// abridge inside opencode: after each tool call (`tool.execute.after`) the result goes through
// abridge, so the model sees the digest of the whole output (read back from the file opencode
// saved a long one to), and an `abridge_read` tool pages the rest from the session log.
//
// Never breaks the agent: if anything inside abridge fails (the core cannot load, the log cannot
// be written, a bad configuration), the result is left exactly as opencode made it and the
// failure is reported once on stderr.
import { isAbridgeError, type AbridgeError } from "../errors.js";
import { RETRIEVAL_TOOL, createAbridge, type CreateAbridgeOptions } from "../session.js";
import { applyBuiltin, applyMcp, recoverBuiltin, recoverMcp, shapeOf } from "./opencode-output.js";
import { READ_TOOL_SCHEMA, opencodeReadTool } from "./opencode-read-tool.js";
import { OpencodeSessions } from "./opencode-sessions.js";
import type { OpencodeHooks, OpencodePlugin, OpencodeToolCall } from "./opencode-types.js";

export interface OpencodeAdapterOptions extends CreateAbridgeOptions {
  /** More tools whose results are left untouched (besides UNTOUCHED_TOOLS). @default [] */
  skipTools?: string[];
  /** Where failures are reported. @default process.stderr */
  stderr?: { write(text: string): unknown };
}

/**
 * Tools left untouched by default: abridge_read itself, and tools whose result is not a
 * command's output but another agent's answer (task), the todo list, a skill's instructions
 * or the user's answer to a question; cutting those would cut what the model must follow.
 */
export const UNTOUCHED_TOOLS: readonly string[] = Object.freeze([RETRIEVAL_TOOL, "task", "todowrite", "todoread", "skill", "question"]);

function argsOf(args: unknown): Record<string, unknown> | undefined {
  return typeof args === "object" && args !== null && !Array.isArray(args) ? (args as Record<string, unknown>) : undefined;
}

export function abridgeOpencode(options: OpencodeAdapterOptions = {}): OpencodePlugin {
  const { skipTools = [], stderr = process.stderr, ...abridgeOptions } = options;
  const untouched = new Set([...UNTOUCHED_TOOLS, ...skipTools]);

  return async (input): Promise<OpencodeHooks> => {
    let reported = false;
    const report = (err: unknown): void => {
      if (reported) return;
      reported = true;
      const code = isAbridgeError(err) ? err.code : "ABRIDGE_INTERNAL";
      stderr.write(`abridge: ${code}: ${(err as Error)?.message ?? String(err)} (opencode's own tool output is used when this happens)\n`);
    };
    const directory = typeof input?.directory === "string" && input.directory !== "" ? input.directory : process.cwd();
    // The session log goes where the other integrations keep theirs: the project's .abridge/sessions/.
    const sessions = new OpencodeSessions((sessionID) => createAbridge({ cwd: directory, ...abridgeOptions, sessionId: sessionID }), (err: AbridgeError) => report(err));

    return {
      "tool.execute.after": async (call: OpencodeToolCall, result) => {
        if (untouched.has(call?.tool)) return;
        try {
          const shape = shapeOf(result);
          if (!shape) return;
          const recovered = shape.kind === "builtin" ? recoverBuiltin(shape.result) : recoverMcp(shape.result);
          if (!recovered) return;
          const session = sessions.get(call.sessionID);
          const failedBefore = session.logFailures;
          const callId = typeof call.callID === "string" && call.callID !== "" ? call.callID : undefined;
          const pending = session.abridge.process({ tool: call.tool, args: argsOf(call.args), output: recovered.output, exitCode: recovered.exitCode, callId });
          // process() writes the full output to the log before it first awaits: a write that
          // failed has been counted by now.
          const notLogged = session.logFailures > failedBefore;
          const processed = await pending;
          // Without the log the omitted lines could not be read back: opencode's own output
          // (with its own saved file) is the better one. The failure was reported by the session.
          if (notLogged) return;
          if (shape.kind === "builtin") {
            applyBuiltin(shape.result, processed.llmContent, "notes" in recovered ? recovered.notes : "", {
              callId: processed.callId,
              category: processed.category,
              truncated: processed.truncated,
              logPath: session.abridge.logPath,
            });
          } else {
            applyMcp(shape.result, processed.llmContent);
          }
        } catch (err) {
          report(err);
        }
      },
      // opencode tells the model every argument of a plugin tool without zod schemas is
      // required; the read tool's own schema says only `id` is.
      "tool.definition": async ({ toolID }, view) => {
        if (toolID === RETRIEVAL_TOOL) view.jsonSchema = structuredClone(READ_TOOL_SCHEMA);
      },
      tool: { [RETRIEVAL_TOOL]: opencodeReadTool((sessionID) => sessions.get(sessionID).abridge) },
      dispose: () => sessions.closeAll(),
    };
  };
}
