// The hook answers for Claude Code, Codex and Gemini CLI. A PreToolUse/BeforeTool hook wraps
// a shell command in `abridge run` (which keeps the whole output, failures included, and
// prints what the model should see), but only where that cannot change what the agent is
// allowed to do; a PostToolUse hook replaces a successful result the wrapper did not see.
// Every answer is null when there is nothing to change: the agent then behaves as without abridge.
import { readFileSync } from "node:fs";
import { homedir } from "node:os";
import { randomBytes } from "node:crypto";
import { isAbsolute, resolve } from "node:path";
import { loadConfig } from "../config.js";
import { ancestorArgv, flagValues } from "./ancestry.js";
import { claudeArgv, collectRules, wouldAllowBash } from "./claude-permissions.js";
import { codexRulesMayApply, codexRunsUnasked } from "./codex-permissions.js";
import { isWrapped, wrapCommand } from "./wrap.js";

export type Agent = "claude" | "codex" | "gemini";

export type HookInput = Record<string, unknown>;
export type HookAnswer = Record<string, unknown> | null;

const SESSION_ID = /^[A-Za-z0-9._-]{1,128}$/;

function str(v: unknown): string {
  return typeof v === "string" ? v : "";
}

function record(v: unknown): Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
}

/** The session log a hook's calls go to: the project's abridge log for that agent session. */
export function hookLog(cwd: string, session: string): { session: string; log: string } {
  const id = SESSION_ID.test(session) ? session : `s-${Buffer.from(session).toString("hex").slice(0, 32) || "default"}`;
  const config = loadConfig({ sessionId: id }, { cwd: isAbsolute(cwd) ? cwd : resolve(cwd) });
  return { session: id, log: config.log.path };
}

function wrapped(command: string, callId: string, input: HookInput): string {
  const cwd = str(input.cwd) || process.cwd();
  const { session, log } = hookLog(cwd, str(input.session_id) || "agent");
  return wrapCommand(command, { callId, session, log });
}

// ---- Claude Code ---------------------------------------------------------------------

function claudePre(input: HookInput, env: NodeJS.ProcessEnv): HookAnswer {
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

async function claudePost(input: HookInput, compact: Compactor): Promise<HookAnswer> {
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

// ---- Codex ----------------------------------------------------------------------------

/**
 * Codex reports its shell tool as `Bash` with `{command}` (argv and PowerShell forms carry a
 * `kind` and are left alone). Wrapped only when Codex would run the command unasked and no
 * exec-policy rule could apply (see codex-permissions.ts).
 */
function codexPre(input: HookInput, env: NodeJS.ProcessEnv): HookAnswer {
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

// ---- Gemini CLI -----------------------------------------------------------------------

/**
 * Gemini's approval mode from its command line, read as its own parser does: `--approval-mode M`
 * (or `=M`), else `--yolo`/`-y` (`--yolo=false`, `--yolo false`, `--no-yolo` undo it; the two
 * forms cannot be combined), else "default" (settings cannot select YOLO). Words after `--` are
 * not flags; grouped short flags (`-dy`) are not recognised, which only means no wrapping.
 */
export function geminiApprovalMode(argv: readonly string[]): string {
  let mode: string | undefined;
  let yolo = false;
  for (let i = 0; i < argv.length; i++) {
    const w = argv[i]!;
    if (w === "--") break;
    if (w === "--approval-mode" && i + 1 < argv.length) mode = argv[++i];
    else if (w.startsWith("--approval-mode=")) mode = w.slice("--approval-mode=".length);
    else if (w === "--yolo" || w === "-y") {
      yolo = true;
      if (argv[i + 1] === "true" || argv[i + 1] === "false") yolo = argv[++i] === "true";
    } else if (w === "--yolo=true" || w === "-y=true") yolo = true;
    else if (w === "--yolo=false" || w === "-y=false" || w === "--no-yolo") yolo = false;
  }
  return mode ?? (yolo ? "yolo" : "default");
}

/** The Gemini CLI process above this hook: `node [node flags] …/gemini[.js] …` (it relaunches itself with `--max-old-space-size`). */
function geminiArgv(ancestors: string[][] | null): string[] | null {
  const isGemini = (w: string | undefined) => w !== undefined && /(^|\/)gemini(\.js)?$/.test(w);
  return ancestors?.find((a) => isGemini(a[0]) || isGemini(a.slice(1).find((w) => !w.startsWith("-")))) ?? null;
}

/**
 * Gemini checks its policy rules against the command a BeforeTool hook hands back (it splits the
 * wrapper and checks the `bash -c` inside it too, so a deny or ask rule on the original still
 * applies), but outside YOLO mode a wrapper would no longer match an allow rule and Gemini would
 * ask where it ran the command before. So the hook wraps only in YOLO mode.
 */
function geminiBefore(input: HookInput): HookAnswer {
  if (str(input.tool_name) !== "run_shell_command") return null;
  const toolInput = record(input.tool_input);
  const command = str(toolInput.command);
  if (command === "" || isWrapped(command)) return null;
  const argv = geminiArgv(ancestorArgv());
  if (argv === null || geminiApprovalMode(argv) !== "yolo") return null;
  // Gemini gives no call id: one is made up and named in the marker.
  const callId = `gemini_${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;
  return { hookSpecificOutput: { hookEventName: "BeforeTool", tool_input: { ...toolInput, command: wrapped(command, callId, input) } } };
}

// ---- dispatch -----------------------------------------------------------------------

/** Compacts one output into the log of its session; null when it is short enough to pass as it is. */
export type Compactor = (c: { tool: string; args: unknown; output: string; callId: string; cwd: string; session: string }) => Promise<string | null>;

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
