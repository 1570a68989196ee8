// `abridge install|uninstall <agent>`: writes (or removes) the agent's hook configuration,
// merged into what is there, with a backup of the file as it was; --dry-run prints the diff.
import { copyFileSync, existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, resolve } from "node:path";
import { runningCli } from "../agents/wrap.js";
import { TARGETS } from "../install/targets.js";
import type { AgentName, FileChange, InstallContext } from "../install/types.js";
import { parse, printHelp, usageError } from "./io.js";

export const help = `usage: abridge install <agent> [--project DIR | --global] [--dry-run]
       abridge uninstall <agent> [--project DIR | --global] [--dry-run]

agents: ${Object.keys(TARGETS).join(", ")}

Adds abridge to the agent, in the project by default or for the user with --global: hooks in
Claude Code's, Codex's or Gemini CLI's settings, a plugin file for opencode, an extension entry in
pi's settings. Everything else in a file is kept, with a backup (<file>.abridge-backup).
Installing twice changes nothing; uninstall removes exactly what install added. --dry-run prints
the change only. \`abridge doctor\` shows where abridge is installed.`;

/** A unified-style diff of whole files: the removed lines, then the added ones. */
function diff(c: FileChange): string {
  const before = c.before === null ? [] : c.before.split("\n");
  const after = c.after === null ? [] : c.after.split("\n");
  let head = 0;
  while (head < before.length && head < after.length && before[head] === after[head]) head++;
  let tail = 0;
  while (tail < before.length - head && tail < after.length - head && before[before.length - 1 - tail] === after[after.length - 1 - tail]) tail++;
  const removed = before.slice(head, before.length - tail).map((l) => `-${l}`);
  const added = after.slice(head, after.length - tail).map((l) => `+${l}`);
  return [`--- ${c.before === null ? "/dev/null" : c.path}`, `+++ ${c.path}`, `@@ -${head + 1} +${head + 1} @@`, ...removed, ...added].join("\n");
}

function apply(changes: FileChange[]): void {
  for (const c of changes) {
    mkdirSync(dirname(c.path), { recursive: true });
    const backup = `${c.path}.abridge-backup`;
    // The file as the user had it before abridge first touched it.
    if (c.before !== null && c.after !== null && !existsSync(backup)) copyFileSync(c.path, backup);
    if (c.after === null) rmSync(c.path, { force: true });
    else writeFileSync(c.path, c.after);
  }
}

export function runWith(mode: "install" | "uninstall", argv: string[], usage = help): number {
  const { values, positionals } = parse(argv, { project: { type: "string" }, global: { type: "boolean" }, "dry-run": { type: "boolean" } });
  if (printHelp(values, usage)) return 0;
  const agent = positionals[0] as AgentName;
  const target = TARGETS[agent];
  if (positionals.length !== 1 || !target) throw usageError(`${mode} takes one agent: ${Object.keys(TARGETS).join(", ")}`);
  if (values.global && typeof values.project === "string") throw usageError("give --project DIR or --global, not both");
  const ctx: InstallContext = {
    scope: values.global ? "global" : "project",
    projectDir: resolve(typeof values.project === "string" ? values.project : "."),
    home: process.env.HOME ?? homedir(),
    env: process.env,
    abridgeCommand: [process.execPath, runningCli()],
  };
  const changes = mode === "install" ? target.planInstall(ctx) : target.planUninstall(ctx);
  if (changes.length === 0) {
    console.log(`${agent}: nothing to ${mode === "install" ? "add: abridge is installed" : "remove: abridge is not installed"} (${ctx.scope})`);
    return 0;
  }
  if (values["dry-run"]) {
    console.log(changes.map(diff).join("\n"));
    return 0;
  }
  apply(changes);
  for (const c of changes) console.log(`${mode === "install" ? "installed in" : c.after === null ? "removed" : "removed from"} ${c.path}`);
  if (mode === "install" && target.afterInstall) console.log(target.afterInstall);
  return 0;
}

export function run(argv: string[]): number {
  return runWith("install", argv);
}
