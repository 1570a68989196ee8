// `abridge doctor`: which agents are on this machine, and whether abridge is active in each
// (this project's settings and the user's), so a user can tell at a glance why an agent still
// cuts its outputs blindly. It only reads: nothing is installed or changed.
import { accessSync, constants, existsSync } from "node:fs";
import { homedir } from "node:os";
import { delimiter, join, resolve } from "node:path";
import { runningCli } from "../agents/wrap.js";
import { loadConfig } from "../config.js";
import { TARGETS } from "../install/targets.js";
import type { AgentName, InstallContext, InstallScope, InstallTarget } from "../install/types.js";
import { parse, printHelp } from "./io.js";

export const help = `usage: abridge doctor [--project DIR] [--json]

Says which agents are on PATH and, for each, whether abridge is active in the project's settings
(DIR, default the current directory) and in the user's: "active" (this abridge), "other copy"
(installed from another path or version: run \`abridge install <agent>\` again), or "–".
Also checks that the core loads, that each of its two builds compiles, and that the session log
directory can be written.`;

/** The executable each agent is started by. */
const EXECUTABLES: Record<AgentName, string> = { claude: "claude", codex: "codex", opencode: "opencode", gemini: "gemini", pi: "pi" };

type State = "active" | "other copy" | "unreadable settings" | "–";

interface AgentReport {
  agent: AgentName;
  onPath: string | null;
  project: State;
  global: State;
}

function onPath(name: string, env: NodeJS.ProcessEnv): string | null {
  for (const dir of (env.PATH ?? "").split(delimiter)) {
    if (dir === "") continue;
    const file = join(dir, name);
    try {
      accessSync(file, constants.X_OK);
      return file;
    } catch {
      // not in this directory
    }
  }
  return null;
}

function state(target: InstallTarget, ctx: InstallContext): State {
  try {
    if (target.planInstall(ctx).length === 0) return "active";
    return target.planUninstall(ctx).length > 0 ? "other copy" : "–";
  } catch {
    return "unreadable settings";
  }
}

/**
 * Whether the core loads and digests a small output (every integration depends on it), and
 * whether each build the package ships compiles: a short run is served by the small build alone.
 */
async function coreCheck(): Promise<string> {
  try {
    // Imported here, not at the top: the other checks must work even when the core cannot load.
    const { compact } = await import("../pipeline.js");
    const { checkCoreBuilds } = await import("../core.js");
    const r = compact({ tool: "Bash", args: { command: "seq 2000" }, output: Array.from({ length: 2_000 }, (_, i) => `${i + 1}`).join("\n") });
    if (!r.truncated) return "fails: a 2,000-line output was not cut";
    const broken = checkCoreBuilds().filter((b) => b.problem);
    return broken.length === 0 ? "ok" : `ok, but ${broken.map((b) => `the ${b.build} build cannot serve: ${b.problem}`).join("; ")}`;
  } catch (err) {
    return `fails: ${(err as Error).message}`;
  }
}

function logWritable(dir: string): string {
  try {
    if (!existsSync(dir)) return `ok (${dir} will be created)`;
    accessSync(dir, constants.W_OK);
    return `ok (${dir})`;
  } catch (err) {
    return `not writable: ${dir} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message}); abridge passes outputs on unchanged`;
  }
}

export async function run(argv: string[]): Promise<number> {
  const { values } = parse(argv, { project: { type: "string" }, json: { type: "boolean" } });
  if (printHelp(values, help)) return 0;
  const projectDir = resolve(typeof values.project === "string" ? values.project : ".");
  const base = { projectDir, home: process.env.HOME ?? homedir(), env: process.env, abridgeCommand: [process.execPath, runningCli()] };
  const ctx = (scope: InstallScope): InstallContext => ({ ...base, scope });
  const agents: AgentReport[] = Object.entries(TARGETS).map(([name, target]) => ({
    agent: name as AgentName,
    onPath: onPath(EXECUTABLES[name as AgentName], process.env),
    project: state(target!, ctx("project")),
    global: state(target!, ctx("global")),
  }));
  const core = await coreCheck();
  const log = logWritable(loadConfig({}, { cwd: projectDir }).log.dir);
  if (values.json) {
    console.log(JSON.stringify({ cli: runningCli(), node: process.version, core, log, project: projectDir, agents }, null, 2));
    return 0;
  }
  const rows = agents.map((a) => [a.agent, a.onPath ?? "not found", a.project, a.global]);
  const header = ["agent", "on PATH", `project (${projectDir})`, "global"];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join("  ").trimEnd();
  console.log(`abridge ${runningCli()} on Node ${process.version}`);
  console.log(`core: ${core}`);
  console.log(`session log: ${log}`);
  console.log("");
  console.log(line(header));
  for (const r of rows) console.log(line(r));
  const stale = agents.filter((a) => a.project === "other copy" || a.global === "other copy");
  if (stale.length > 0) console.log(`\n${stale.map((a) => a.agent).join(", ")}: installed from another copy of abridge; \`abridge install <agent>\` points it at this one`);
  return 0;
}
