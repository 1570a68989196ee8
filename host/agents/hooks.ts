// The hook answers for Claude Code, Codex and Gemini CLI, one module per agent. A
// PreToolUse/BeforeTool hook wraps a shell command in `abridge run` (which keeps the whole output,
// failures included, and prints what the model should see), but only where that cannot change what
// the agent is allowed to do; a PostToolUse hook replaces a successful result the wrapper did not
// see. Every answer is null when there is nothing to change: the agent then behaves as without abridge.
import { claudePost, claudePre } from "./claude-hook.js";
import { codexPre } from "./codex-hook.js";
import { geminiBefore } from "./gemini-hook.js";
import { str, type Compactor, type HookAnswer, type HookInput } from "./hook-input.js";

export { geminiApprovalMode } from "./gemini-hook.js";
export { hookLog, hookSessionId, type Compactor, type HookAnswer, type HookInput } from "./hook-input.js";

export type Agent = "claude" | "codex" | "gemini";

export async function answerHook(agent: Agent, input: HookInput, compact: Compactor, env: NodeJS.ProcessEnv = process.env): Promise<HookAnswer> {
  const event = str(input.hook_event_name);
  if (agent === "claude") {
    if (event === "PreToolUse") return claudePre(input, env);
    if (event === "PostToolUse") return claudePost(input, compact);
    return null;
  }
  if (agent === "codex") return event === "PreToolUse" ? codexPre(input, env) : null;
  return event === "BeforeTool" ? geminiBefore(input) : null;
}
