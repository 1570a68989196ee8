// Codex's PreToolUse hook: the shell command wrapped in `abridge run` where Codex runs it unasked.
import { randomBytes } from "../lazy.js";
import { codexRulesMayApply, codexRunsUnasked } from "./codex-permissions.js";
import { record, str, wrapped, type HookAnswer, type HookInput } from "./hook-input.js";
import { isWrapped } from "./wrap.js";

/**
 * Codex reports its shell tool as `Bash` with `{command}` (argv and PowerShell forms carry a
 * `kind` and are left alone). Wrapped only when Codex would run the command unasked and no
 * exec-policy rule could apply (see codex-permissions.ts).
 */
export function codexPre(input: HookInput, env: NodeJS.ProcessEnv): HookAnswer {
  if (str(input.tool_name) !== "Bash") return null;
  const toolInput = record(input.tool_input);
  if (toolInput.kind !== undefined && toolInput.kind !== "script") return null;
  const command = str(toolInput.command);
  if (command === "" || isWrapped(command)) return null;
  if (!codexRunsUnasked(str(input.permission_mode))) return null;
  if (codexRulesMayApply(str(input.cwd) || process.cwd(), env)) return null;
  const callId = str(input.tool_use_id) || `call_${randomBytes(4).toString("hex")}`;
  return {
    hookSpecificOutput: {
      hookEventName: "PreToolUse",
      // Codex applies updatedInput only with "allow"; its sandbox still applies to the wrapper.
      permissionDecision: "allow",
      permissionDecisionReason: "abridge keeps the full output in its log; Codex runs commands without asking in this session",
      updatedInput: { ...toolInput, command: wrapped(command, callId, input) },
    },
  };
}
