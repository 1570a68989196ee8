// Claude Code's hooks. PreToolUse wraps a Bash command in `abridge run` (the whole output,
// failures included) only where Claude Code's own rules would run it without asking; PostToolUse
// replaces a long successful result the wrapper did not see, in the tool's own result shape.
import { readFileSync } from "node:fs";
import { homedir } from "node:os";
import { randomBytes } from "../lazy.js";
import { ancestorArgv, flagValues } from "./ancestry.js";
import { claudeArgv, collectRules, wouldAllowBash } from "./claude-permissions.js";
import { record, str, wrapped, type Compactor, type HookAnswer, type HookInput } from "./hook-input.js";
import { isWrapped } from "./wrap.js";

export function claudePre(input: HookInput, env: NodeJS.ProcessEnv): HookAnswer {
  if (str(input.tool_name) !== "Bash") return null;
  const toolInput = record(input.tool_input);
  const command = str(toolInput.command);
  if (command === "" || isWrapped(command)) return null;
  const ancestors = ancestorArgv();
  const argv = ancestors ? claudeArgv(ancestors) : null;
  // Without Claude's own flags we cannot know its deny rules: leave the command alone.
  if (argv === null) return null;
  const rules = collectRules(str(input.cwd) || process.cwd(), env.HOME ?? homedir(), argv);
  const mode = str(input.permission_mode) || (flagValues(argv, ["--dangerously-skip-permissions"]).length > 0 || argv.includes("--dangerously-skip-permissions") ? "bypassPermissions" : "default");
  if (!wouldAllowBash(command, mode, rules)) return null;
  const callId = str(input.tool_use_id) || `call_${randomBytes(4).toString("hex")}`;
  return {
    hookSpecificOutput: {
      hookEventName: "PreToolUse",
      permissionDecision: "allow",
      permissionDecisionReason: "abridge keeps the full output in its log; Claude Code's own rules allow this command",
      updatedInput: { ...toolInput, command: wrapped(command, callId, input) },
    },
  };
}

/** The full text of a Bash result: stdout and stderr, or the file Claude Code saved a long one to. */
function bashText(response: Record<string, unknown>): string {
  const persisted = str(response.persistedOutputPath);
  if (persisted !== "") return readFileSync(persisted, "utf8");
  const out = str(response.stdout);
  const err = str(response.stderr);
  return err === "" ? out : out === "" ? err : `${out}\n${err}`;
}

function mcpText(response: unknown): string | null {
  const content = Array.isArray(response) ? response : record(response).content;
  if (!Array.isArray(content)) return typeof response === "string" ? response : null;
  const texts = content.map((c) => record(c)).filter((c) => c.type === "text" && typeof c.text === "string");
  if (texts.length !== content.length) return null; // images or resources: left as they are
  return texts.map((c) => c.text as string).join("\n");
}

/** The read hint `abridge mcp-proxy` puts in a result it abridged. */
const PROXY_HINT = /read more: [A-Za-z0-9_.-]*abridge_read id=\S+ offset=\d+/;

export async function claudePost(input: HookInput, compact: Compactor): Promise<HookAnswer> {
  const tool = str(input.tool_name);
  const toolInput = record(input.tool_input);
  const callId = str(input.tool_use_id) || `call_${randomBytes(4).toString("hex")}`;
  const where = { cwd: str(input.cwd) || process.cwd(), session: str(input.session_id) || "agent" };
  if (tool === "Bash") {
    if (isWrapped(str(toolInput.command))) return null; // abridge run already gave the model its view
    const response = record(input.tool_response);
    const text = bashText(response);
    const llm = await compact({ tool, args: toolInput, output: text, callId, ...where });
    if (llm === null) return null;
    // Claude Code takes the Bash result in its own shape, without the persisted-output keys.
    const { persistedOutputPath: _p, persistedOutputSize: _s, ...shape } = response;
    return { hookSpecificOutput: { hookEventName: "PostToolUse", updatedToolOutput: { ...shape, stdout: llm, stderr: "", interrupted: response.interrupted === true, isImage: response.isImage === true } } };
  }
  if (tool.startsWith("mcp__")) {
    const text = mcpText(input.tool_response);
    // A server behind `abridge mcp-proxy` was abridged there, from its whole result, before
    // Claude Code's own size limit could replace it: a second pass would digest the digest (and
    // the pages abridge_read returns) and point the model at a different log.
    if (text === null || tool.endsWith("__abridge_read") || PROXY_HINT.test(text)) return null;
    const llm = await compact({ tool, args: toolInput, output: text, callId, ...where });
    if (llm === null) return null;
    return { hookSpecificOutput: { hookEventName: "PostToolUse", updatedMCPToolOutput: { content: [{ type: "text", text: llm }] } } };
  }
  return null;
}
