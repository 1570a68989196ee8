// Where each agent keeps its hook configuration, and what abridge adds there.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { formatSettings, parseSettings, withHooks, withoutHooks, type HookEntry } from "./json-hooks.js";
import { opencodeTarget } from "./opencode.js";
import type { AgentName, InstallContext, InstallTarget } from "./types.js";

function read(path: string): string | null {
  return existsSync(path) ? readFileSync(path, "utf8") : null;
}

function hookCommand(ctx: InstallContext, agent: string): string {
  return [...ctx.abridgeCommand, "hook", agent].map((w) => (/^[A-Za-z0-9_./:@%+=,-]+$/.test(w) ? w : `'${w.replaceAll("'", `'\\''`)}'`)).join(" ");
}

/** A hook command abridge installed (any version, any install path): the CLI bundle's `hook <agent>`. */
function isAbridgeHook(agent: string): (command: string) => boolean {
  return (command) => command.endsWith(` hook ${agent}`) && /cli\.bundle\.js'? hook /.test(command);
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
  const pathOf = (ctx: InstallContext) => join(ctx.scope === "global" ? ctx.home : ctx.projectDir, dir, file);
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

/** Gemini CLI: BeforeTool wraps run_shell_command. */
export const geminiTarget = jsonTarget("gemini", ".gemini", "settings.json", (command) => [{ event: "BeforeTool", matcher: "run_shell_command", command }]);

const CODEX_BEGIN = "# >>> abridge-agent: abridge install codex (abridge uninstall codex removes this block) >>>";
const CODEX_END = "# <<< abridge-agent <<<";

function codexBlock(command: string): string {
  const q = JSON.stringify(command);
  return `${CODEX_BEGIN}\n[[hooks.PreToolUse]]\nmatcher = "Bash"\nhooks = [{ type = "command", command = ${q} }]\n${CODEX_END}\n`;
}

function withoutCodexBlock(text: string): string {
  const start = text.indexOf(CODEX_BEGIN);
  if (start < 0) return text;
  const end = text.indexOf(CODEX_END, start);
  if (end < 0) throw new Error(`the abridge block in config.toml has no end line (${CODEX_END}): remove it by hand`);
  const before = text.slice(0, start);
  const after = text.slice(end + CODEX_END.length).replace(/^\n/, "");
  return before + after;
}

/** Codex: a PreToolUse hook in config.toml ($CODEX_HOME or ~/.codex; a project's .codex/ with --project). */
export const codexTarget: InstallTarget = {
  agent: "codex",
  planInstall(ctx) {
    const path = join(ctx.scope === "global" ? (ctx.env.CODEX_HOME ?? join(ctx.home, ".codex")) : join(ctx.projectDir, ".codex"), "config.toml");
    const before = read(path);
    const base = withoutCodexBlock(before ?? "");
    const after = `${base}${base === "" || base.endsWith("\n") ? "" : "\n"}${codexBlock(hookCommand(ctx, "codex"))}`;
    return after === before ? [] : [{ path, before, after }];
  },
  planUninstall(ctx) {
    const path = join(ctx.scope === "global" ? (ctx.env.CODEX_HOME ?? join(ctx.home, ".codex")) : join(ctx.projectDir, ".codex"), "config.toml");
    const before = read(path);
    if (before === null) return [];
    const after = withoutCodexBlock(before);
    if (after === before) return [];
    // A config.toml abridge created holds nothing else: it goes.
    return [{ path, before, after: after.trim() === "" && read(`${path}.abridge-backup`) === null ? null : after }];
  },
};

export { opencodeTarget };

export const TARGETS: Readonly<Partial<Record<AgentName, InstallTarget>>> = { claude: claudeTarget, codex: codexTarget, opencode: opencodeTarget, gemini: geminiTarget };
