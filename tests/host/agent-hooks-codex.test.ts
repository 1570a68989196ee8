// `abridge hook codex` with the hook input Codex 0.169 sends (captured from `codex exec`): it
// wraps the shell command only where Codex runs it unasked (permission_mode "bypassPermissions",
// i.e. approval policy never) and no exec-policy rule could apply, and the wrapped command works
// the way Codex runs it.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ensureBuiltCli } from "./support/built-cli.js";

const CLI = ensureBuiltCli();
const buildLog = readFileSync(new URL("../fixtures/python-etl-traceback-middle/output", import.meta.url), "utf8");
const ERROR_LINE = "ValueError: invalid literal for int() with base 10: '12.5 EUR'";
const SESSION = "01a2102b-ab91-7240-838c-8d1464a7f94a";

/** A project and an isolated Codex home (so this machine's own ~/.codex/rules play no part). */
function setup(): { cwd: string; codexHome: string } {
  const root = mkdtempSync(join(tmpdir(), "abridge-codex-hook-"));
  const cwd = join(root, "project");
  const codexHome = join(root, "codex-home");
  mkdirSync(cwd);
  mkdirSync(codexHome);
  return { cwd, codexHome };
}

/** PreToolUse input exactly as Codex 0.169 sends it for its shell tool (exec_command). */
function codexPre(cwd: string, command: string, permissionMode = "bypassPermissions", toolInput: Record<string, unknown> = { command }) {
  return {
    session_id: SESSION,
    turn_id: "01a2102b-ac24-73b3-a95f-b9394776ddf7",
    transcript_path: join(cwd, "rollout.jsonl"),
    cwd,
    hook_event_name: "PreToolUse",
    model: "gpt-5-codex",
    permission_mode: permissionMode,
    tool_name: "Bash",
    tool_input: toolInput,
    tool_use_id: "call_e2e_1",
  };
}

function hook(input: object, codexHome: string) {
  const r = spawnSync(process.execPath, [CLI, "hook", "codex"], { input: JSON.stringify(input), encoding: "utf8", env: { ...process.env, CODEX_HOME: codexHome } });
  return { status: r.status, answer: r.stdout.trim() ? (JSON.parse(r.stdout) as Record<string, any>) : null, stderr: r.stderr };
}

describe("Codex PreToolUse: wraps only where Codex runs the command unasked", () => {
  it("under approval never (bypassPermissions) answers allow with the command wrapped, the other input kept", () => {
    const { cwd, codexHome } = setup();
    const r = hook(codexPre(cwd, "sh build.sh", "bypassPermissions", { command: "sh build.sh", description: "build" }), codexHome);
    expect(r.status).toBe(0);
    // Only the fields Codex accepts for a rewrite: anything else (continue:false, suppressOutput) makes it drop the answer.
    expect(Object.keys(r.answer!)).toEqual(["hookSpecificOutput"]);
    const out = r.answer!.hookSpecificOutput;
    expect(Object.keys(out).sort()).toEqual(["hookEventName", "permissionDecision", "permissionDecisionReason", "updatedInput"]);
    expect([out.hookEventName, out.permissionDecision]).toEqual(["PreToolUse", "allow"]);
    expect(out.updatedInput.description).toBe("build");
    const command = out.updatedInput.command as string;
    expect(command).toContain(` run --id call_e2e_1 --session ${SESSION} --log ${join(cwd, ".abridge", "sessions", `${SESSION}.jsonl`)} `);
    expect(command).toContain("bash -c 'sh build.sh'");
  });

  it("under any policy that can ask (permission_mode default) leaves the command alone", () => {
    const { cwd, codexHome } = setup();
    expect(hook(codexPre(cwd, "sh build.sh", "default"), codexHome).answer).toBeNull();
    // An input without the field (another Codex) is treated the same way.
    const { permission_mode: _dropped, ...noMode } = codexPre(cwd, "sh build.sh");
    expect(hook(noMode, codexHome).answer).toBeNull();
  });

  it("leaves the command alone when an exec-policy rule could apply, wherever Codex reads rules", () => {
    const user = setup();
    mkdirSync(join(user.codexHome, "rules"));
    writeFileSync(join(user.codexHome, "rules", "default.rules"), 'prefix_rule(pattern = ["sh", "build.sh"], decision = "forbidden")\n');
    expect(hook(codexPre(user.cwd, "sh build.sh"), user.codexHome).answer).toBeNull();

    // A project's .codex/rules, in the working directory or above it.
    const project = setup();
    const sub = join(project.cwd, "packages", "api");
    mkdirSync(sub, { recursive: true });
    mkdirSync(join(project.cwd, ".codex", "rules"), { recursive: true });
    writeFileSync(join(project.cwd, ".codex", "rules", "team.rules"), 'prefix_rule(pattern = ["git", "push"], decision = "prompt")\n');
    expect(hook(codexPre(sub, "sh build.sh"), project.codexHome).answer).toBeNull();

    // A rules folder without any *.rules file holds no rule.
    const empty = setup();
    mkdirSync(join(empty.codexHome, "rules"));
    writeFileSync(join(empty.codexHome, "rules", "README"), "rules go here\n");
    expect(hook(codexPre(empty.cwd, "sh build.sh"), empty.codexHome).answer).not.toBeNull();
  });

  it("leaves other tools, argv-form commands and its own wrapper alone", () => {
    const { cwd, codexHome } = setup();
    expect(hook({ ...codexPre(cwd, "*** Begin Patch"), tool_name: "apply_patch" }, codexHome).answer).toBeNull();
    expect(hook(codexPre(cwd, "ls -la", "bypassPermissions", { command: "ls -la", kind: "argv", program: "ls", args: ["-la"] }), codexHome).answer).toBeNull();
    const wrapped = hook(codexPre(cwd, "sh build.sh"), codexHome).answer!.hookSpecificOutput.updatedInput.command as string;
    expect(hook(codexPre(cwd, wrapped), codexHome).answer).toBeNull();
    expect(hook({ ...codexPre(cwd, "sh build.sh"), hook_event_name: "PostToolUse", tool_response: "…" }, codexHome).answer).toBeNull();
  });

  it("fails open on input it cannot read: no answer, exit 0, the reason once on stderr", () => {
    const { codexHome } = setup();
    const r = spawnSync(process.execPath, [CLI, "hook", "codex"], { input: "{not json", encoding: "utf8", env: { ...process.env, CODEX_HOME: codexHome } });
    expect([r.status, r.stdout]).toEqual([0, ""]);
    expect(r.stderr.match(/abridge: /g)).toHaveLength(1);
  });
});

describe("the wrapped command, run as Codex runs it (bash -lc)", () => {
  it("gives the model the error from the middle, the last line and the exit code, and its hint reads the rest", () => {
    const { cwd, codexHome } = setup();
    writeFileSync(join(cwd, "build.log"), buildLog);
    writeFileSync(join(cwd, "etl.sh"), "cat build.log\nexit 2\n");
    const command = hook(codexPre(cwd, "sh etl.sh"), codexHome).answer!.hookSpecificOutput.updatedInput.command as string;
    const r = spawnSync("bash", ["-lc", command], { cwd, encoding: "utf8" });
    expect(r.status).toBe(2);
    expect(r.stdout.length).toBeLessThanOrEqual(4_500);
    expect(r.stdout).toContain(ERROR_LINE);
    expect(r.stdout).toContain(buildLog.trimEnd().split("\n").at(-1)!);
    const hint = /read more: (.+ log show \S+ --id \S+ --offset (\d+))/.exec(r.stdout)!;
    const page = spawnSync("bash", ["-lc", `${hint[1]} --limit 2`], { cwd, encoding: "utf8" });
    expect(page.stdout).toContain(`${hint[2]}: ${buildLog.split("\n")[Number(hint[2]) - 1]}`);
  });

  it("hands the command a real pipe, not a socket (in Codex's sandbox Node discards writes to a socket it cannot query)", () => {
    const { cwd, codexHome } = setup();
    const probe = `node -e 'const s = require("fs").fstatSync(1); console.log(s.isFIFO() ? "pipe" : s.isSocket() ? "socket" : "other")'`;
    const command = hook(codexPre(cwd, probe), codexHome).answer!.hookSpecificOutput.updatedInput.command as string;
    const r = spawnSync("bash", ["-lc", command], { cwd, encoding: "utf8" });
    expect([r.status, r.stdout.trim()]).toEqual([0, "pipe"]);
  });
});
