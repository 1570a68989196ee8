// When abridge may wrap a Codex shell command without changing what Codex lets it do.
//
// Codex decides a command in two steps, both on the command it is about to run: its approval
// policy, and its exec-policy rules (`prefix_rule(...)` in `rules/*.rules`: allow runs the command
// outside the sandbox, prompt asks, forbidden refuses). A wrapped command no longer starts with
// the words a rule names, so a rule would stop matching: a forbidden command would run. abridge
// therefore wraps only where no rule can apply and Codex asks nothing anyway.
import { existsSync, readdirSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, join, resolve } from "node:path";

/**
 * Codex runs a command without asking only under the approval policy "never" (`codex exec`
 * always runs under it; in the TUI, `-a never` or `--dangerously-bypass-approvals-and-sandbox`).
 * Its hook input says so itself: `permission_mode` is "bypassPermissions" under "never" and
 * "default" under every policy that can ask.
 */
export function codexRunsUnasked(permissionMode: string): boolean {
  return permissionMode === "bypassPermissions";
}

function hasRules(dir: string): boolean {
  try {
    return readdirSync(dir).some((f) => f.endsWith(".rules"));
  } catch (err) {
    // No folder: no rules. A folder we cannot read may hold some.
    return (err as NodeJS.ErrnoException).code !== "ENOENT" && (err as NodeJS.ErrnoException).code !== "ENOTDIR";
  }
}

/**
 * The folders Codex reads exec-policy rules from: the user's ($CODEX_HOME, default ~/.codex),
 * the system's (/etc/codex), and each project `.codex/` from the working directory up.
 */
export function codexRuleFolders(cwd: string, env: Readonly<Record<string, string | undefined>>): string[] {
  const folders = [join(env.CODEX_HOME || join(env.HOME || homedir(), ".codex"), "rules"), join("/etc/codex", "rules")];
  for (let dir = resolve(cwd); ; dir = dirname(dir)) {
    folders.push(join(dir, ".codex", "rules"));
    if (dirname(dir) === dir) break;
  }
  return folders;
}

/**
 * Whether an exec-policy rule could apply to a command run in `cwd`: any `*.rules` file where
 * Codex looks for them, or managed requirements (which can carry rules of their own).
 */
export function codexRulesMayApply(cwd: string, env: Readonly<Record<string, string | undefined>>): boolean {
  if (existsSync("/etc/codex/requirements.toml")) return true;
  return codexRuleFolders(cwd, env).some(hasRules);
}
