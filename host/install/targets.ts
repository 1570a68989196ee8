// Where each agent keeps its hook configuration, and what abridge adds there.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { formatSettings, parseSettings, withHooks, withoutHooks, type HookEntry } from "./json-hooks.js";
import { opencodeTarget } from "./opencode.js";
import { piTarget } from "./pi.js";
import type { AgentName, InstallContext, InstallTarget } from "./types.js";

function read(path: string): string | null {
  return existsSync(path) ? readFileSync(path, "utf8") : null;
}

function hookCommand(ctx: InstallContext, agent: string): string {
  return [...ctx.abridgeCommand, "hook", agent].map((w) => (/^[A-Za-z0-9_./:@%+=,-]+$/.test(w) ? w : `'${w.replaceAll("'", `'\\''`)}'`)).join(" ");
}

/** A hook command abridge installed (any version, any install path): the CLI bundle's `hook <agent>`, perhaps guarded. */
function isAbridgeHook(agent: string): (command: string) => boolean {
  return (command) => /cli\.bundle\.js'? hook /.test(command) && (command.endsWith(` hook ${agent}`) || command.includes(` hook ${agent} || echo 'abridge: `));
}

/** What the file goes back to once abridge's part is gone: the user's own text when that is what is left. */
function restored(path: string, remaining: Record<string, unknown>): string | null {
  const backup = read(`${path}.abridge-backup`);
  if (backup !== null) {
    try {
      if (JSON.stringify(JSON.parse(backup)) === JSON.stringify(remaining)) return backup;
    } catch {
      // a backup that no longer parses: fall through to the formatted settings
    }
  } else if (Object.keys(remaining).length === 0) {
    return null; // abridge created the file: it goes
  }
  return formatSettings(remaining);
}

function jsonTarget(agent: AgentName, dir: string, file: string, entries: (command: string) => HookEntry[]): InstallTarget {
  return jsonTargetAt(agent, (ctx) => join(ctx.scope === "global" ? ctx.home : ctx.projectDir, dir, file), entries);
}

function jsonTargetAt(agent: AgentName, pathOf: (ctx: InstallContext) => string, entries: (command: string) => HookEntry[]): InstallTarget {
  return {
    agent,
    planInstall(ctx) {
      const path = pathOf(ctx);
      const before = read(path);
      const settings = parseSettings(before, path);
      const after = formatSettings(withHooks(withoutHooks(settings, isAbridgeHook(agent)), entries(hookCommand(ctx, agent))));
      return before !== null && formatSettings(settings) === after ? [] : [{ path, before, after }];
    },
    planUninstall(ctx) {
      const path = pathOf(ctx);
      const before = read(path);
      if (before === null) return [];
      const settings = parseSettings(before, path);
      const remaining = withoutHooks(settings, isAbridgeHook(agent));
      if (JSON.stringify(remaining) === JSON.stringify(settings)) return [];
      return [{ path, before, after: restored(path, remaining) }];
    },
  };
}

/** Claude Code: PreToolUse wraps Bash, PostToolUse replaces long results of Bash and MCP tools. */
export const claudeTarget = jsonTarget("claude", ".claude", "settings.json", (command) => [
  { event: "PreToolUse", matcher: "Bash", command },
  { event: "PostToolUse", matcher: "Bash|mcp__.*", command },
]);

/**
 * Gemini CLI: BeforeTool wraps run_shell_command. Gemini blocks the tool call when a hook exits
 * with any code but 0 or 1 and some stderr (127 when node is gone): the guard turns every failure
 * to start the hook into exit 0 with one line on stderr, which Gemini shows as the hook's message
 * and then runs the command as it is. Named, so Gemini's messages say "abridge" rather than the command.
 */
export const geminiTarget = jsonTarget("gemini", ".gemini", "settings.json", (command) => [
  { event: "BeforeTool", matcher: "run_shell_command", name: "abridge", command: `${command} || echo 'abridge: ABRIDGE_HOOK: the abridge hook could not start (Node.js or the abridge-agent package is gone); Gemini CLI runs the command without abridge' >&2` },
]);

/**
 * Codex: a PreToolUse hook on its shell tool (reported as `Bash`) in `hooks.json`, which Codex
 * reads beside config.toml ($CODEX_HOME, default ~/.codex; a project's .codex/ with --project).
 * Not config.toml: Codex rewrites that file itself (it records hook trust there) with a TOML
 * editor that moves comments, so a comment-delimited block ends up holding Codex's and the
 * user's tables too, and uninstall would take them away.
 */
export const codexTarget: InstallTarget = {
  ...jsonTargetAt(
    "codex",
    (ctx) => join(ctx.scope === "global" ? (ctx.env.CODEX_HOME || join(ctx.home, ".codex")) : join(ctx.projectDir, ".codex"), "hooks.json"),
    (command) => [{ event: "PreToolUse", matcher: "Bash", command }],
  ),
  // Codex runs a hook only after the user trusts it; abridge does not trust it on their behalf.
  afterInstall:
    "Codex runs the hook only once you trust it: start `codex`, and at \"Hooks need review\" choose \"Review hooks\" (or type /hooks), check the command and press t. Until then Codex works as without abridge.",
};

export { opencodeTarget, piTarget };

export const TARGETS: Readonly<Partial<Record<AgentName, InstallTarget>>> = { claude: claudeTarget, codex: codexTarget, opencode: opencodeTarget, gemini: geminiTarget, pi: piTarget };
