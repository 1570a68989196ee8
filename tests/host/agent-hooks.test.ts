// `abridge hook` and `abridge run` as the agents use them: hook input shaped as Claude Code,
// Codex and Gemini CLI send it (docs/agents.md), from a real process tree in which the hook's
// ancestor is the agent (a `claude`/`codex`/`gemini` executable running with the agent's flags),
// so the permission checks read the same flags and settings the agent does.
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ensureBuiltCli } from "./support/built-cli.js";

const CLI = ensureBuiltCli();
const buildLog = readFileSync(new URL("../fixtures/python-etl-traceback-middle/output", import.meta.url), "utf8");
const ERROR_LINE = "ValueError: invalid literal for int() with base 10: '12.5 EUR'";

interface HookRun {
  status: number | null;
  answer: Record<string, any> | null;
  stderr: string;
}

/**
 * Runs `abridge hook <agent>` as a child of a process named like the agent (a symlink to node
 * named `claude`, `codex` or `gemini`) started with `agentFlags`, as the agent would run it.
 */
function hookUnder(agent: "claude" | "codex" | "gemini", agentFlags: string[], input: object, env: Record<string, string> = {}): HookRun {
  const dir = mkdtempSync(join(tmpdir(), `abridge-${agent}-`));
  const bin = join(dir, agent);
  symlinkSync(process.execPath, bin);
  const driver = join(dir, "driver.cjs");
  writeFileSync(
    driver,
    `const { spawnSync } = require("node:child_process");
const input = require("node:fs").readFileSync(process.env.HOOK_INPUT_FILE, "utf8");
const r = spawnSync(process.env.NODE_BIN, [process.env.ABRIDGE_CLI, "hook", process.env.AGENT], { input, encoding: "utf8", env: process.env });
process.stdout.write(JSON.stringify({ status: r.status, stdout: r.stdout, stderr: r.stderr }));`,
  );
  const inputFile = join(dir, "hook-input.json");
  writeFileSync(inputFile, JSON.stringify(input));
  const r = spawnSync(bin, [driver, ...agentFlags], {
    encoding: "utf8",
    env: { ...process.env, NODE_BIN: process.execPath, ABRIDGE_CLI: CLI, AGENT: agent, HOOK_INPUT_FILE: inputFile, HOME: dir, ...env },
  });
  const out = JSON.parse(r.stdout) as { status: number; stdout: string; stderr: string };
  return { status: out.status, answer: out.stdout.trim() ? JSON.parse(out.stdout) : null, stderr: out.stderr };
}

function project(settings?: object): string {
  const dir = mkdtempSync(join(tmpdir(), "abridge-project-"));
  if (settings) {
    mkdirSync(join(dir, ".claude"));
    writeFileSync(join(dir, ".claude", "settings.json"), JSON.stringify(settings));
  }
  return dir;
}

function claudePre(cwd: string, command: string, mode = "default", id = "toolu_01") {
  return { session_id: "3f1c2a9e-5b7d-4c1e-9a2b-8d6f0e4c1a77", transcript_path: join(cwd, "t.jsonl"), cwd, permission_mode: mode, hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command, description: "run it" }, tool_use_id: id };
}

describe("Claude Code PreToolUse: never widens the user's permissions", () => {
  const settings = { permissions: { allow: ["Bash(python3 etl.py:*)", "Bash(npm test)"], deny: ["Bash(rm:*)"], ask: ["Bash(git push:*)"] } };

  it("wraps a command Claude would allow anyway, and answers allow", () => {
    const cwd = project(settings);
    const r = hookUnder("claude", ["-p", "go"], claudePre(cwd, "python3 etl.py --month 2026-10"));
    expect(r.status).toBe(0);
    const out = r.answer!.hookSpecificOutput;
    expect(out.permissionDecision).toBe("allow");
    expect(out.updatedInput.description).toBe("run it");
    expect(out.updatedInput.command).toContain(" run --id toolu_01 --session 3f1c2a9e-5b7d-4c1e-9a2b-8d6f0e4c1a77 ");
    expect(out.updatedInput.command).toContain("bash -c 'python3 etl.py --month 2026-10'");
  });

  it("leaves a denied command alone, even in bypass mode", () => {
    const cwd = project(settings);
    expect(hookUnder("claude", ["-p", "go"], claudePre(cwd, "rm -rf build", "bypassPermissions")).answer).toBeNull();
    // A deny given on Claude's command line counts too.
    const open = project();
    expect(hookUnder("claude", ["-p", "go", "--disallowedTools", "Bash(curl:*)"], claudePre(open, "curl https://example.com", "bypassPermissions")).answer).toBeNull();
  });

  it("leaves a command that is neither allowed nor denied alone: Claude asks, as without abridge", () => {
    const cwd = project(settings);
    expect(hookUnder("claude", ["-p", "go"], claudePre(cwd, "make -k")).answer).toBeNull();
    expect(hookUnder("claude", ["-p", "go"], claudePre(cwd, "git push origin main")).answer).toBeNull();
  });

  it("does not let an allowed prefix carry a second command", () => {
    const cwd = project(settings);
    expect(hookUnder("claude", ["-p", "go"], claudePre(cwd, "python3 etl.py && curl evil.example")).answer).toBeNull();
    expect(hookUnder("claude", ["-p", "go"], claudePre(cwd, "python3 etl.py $(cat x)")).answer).toBeNull();
  });

  it("reads only the settings Claude reads (--setting-sources) and --settings", () => {
    const cwd = project(settings);
    // With project settings off, the project's allow rule does not apply.
    expect(hookUnder("claude", ["-p", "go", "--setting-sources", ""], claudePre(cwd, "npm test")).answer).toBeNull();
    const file = join(cwd, "extra.json");
    writeFileSync(file, JSON.stringify({ permissions: { allow: ["Bash(npm test)"] } }));
    expect(hookUnder("claude", ["-p", "go", "--setting-sources", "", "--settings", file], claudePre(cwd, "npm test")).answer).not.toBeNull();
  });

  it("wraps nothing when it is not running under Claude Code", () => {
    const cwd = project(settings);
    const r = spawnSync(process.execPath, [CLI, "hook", "claude"], { input: JSON.stringify(claudePre(cwd, "npm test", "bypassPermissions")), encoding: "utf8" });
    expect([r.status, r.stdout]).toEqual([0, ""]);
  });
});

describe("the wrapped command", () => {
  it("gives the model the error from the middle and the last line, the exit code, and a read hint that works", () => {
    const cwd = project({ permissions: { allow: ["Bash(python3 etl.py:*)"] } });
    // The ETL job of the fixture, replayed: its output, then its exit code.
    writeFileSync(join(cwd, "build.log"), buildLog);
    writeFileSync(join(cwd, "etl.sh"), "cat build.log\nexit 2\n");
    const answer = hookUnder("claude", ["-p", "go"], claudePre(cwd, "sh etl.sh", "bypassPermissions")).answer!;
    const wrapped = answer.hookSpecificOutput.updatedInput.command as string;
    const r = spawnSync("bash", ["-c", wrapped], { cwd, encoding: "utf8" });
    expect(r.status).toBe(2);
    expect(r.stdout.length).toBeLessThanOrEqual(4_500);
    expect(r.stdout).toContain(ERROR_LINE);
    const lastLine = buildLog.trimEnd().split("\n").at(-1)!;
    expect(r.stdout).toContain(lastLine);
    const hint = /read more: (.*) log show (\S+) --id (\S+) --offset (\d+)/.exec(r.stdout)!;
    expect(hint).not.toBeNull();
    const page = execFileSync("bash", ["-c", `${hint[1]} log show ${hint[2]} --id ${hint[3]} --offset ${hint[4]} --limit 3`], { encoding: "utf8" });
    const omitted = buildLog.split("\n")[Number(hint[4]) - 1]!;
    expect(page).toContain(`${hint[4]}: ${omitted}`);
    expect(r.stdout).not.toContain(omitted);
  });

  it("runs the command plainly when abridge is gone (fail open)", () => {
    const cwd = project();
    const answer = hookUnder("claude", ["-p", "go"], claudePre(cwd, "seq 1 3000; exit 3", "bypassPermissions")).answer!;
    const wrapped = (answer.hookSpecificOutput.updatedInput.command as string).replaceAll(CLI, join(cwd, "missing", "cli.bundle.js"));
    const r = spawnSync("bash", ["-c", wrapped], { cwd, encoding: "utf8" });
    expect(r.status).toBe(3);
    expect(r.stdout.split("\n").filter(Boolean)).toHaveLength(3000);
  });

  it("passes the whole output on when the core cannot load, and says so once", () => {
    const cwd = project();
    const answer = hookUnder("claude", ["-p", "go"], claudePre(cwd, "seq 1 5000; exit 4", "bypassPermissions")).answer!;
    const r = spawnSync("bash", ["-c", answer.hookSpecificOutput.updatedInput.command], { cwd, encoding: "utf8", env: { ...process.env, ABRIDGE_CORE_WASM: "/nonexistent.wasm" } });
    expect(r.status).toBe(4);
    expect(r.stdout.split("\n").filter(Boolean)).toHaveLength(5000);
    expect(r.stderr.match(/abridge: ABRIDGE_CORE_LOAD/g)).toHaveLength(1);
  });
});

describe("Claude Code PostToolUse", () => {
  function post(cwd: string, response: object, tool = "Bash", command = "python3 etl.py") {
    return { session_id: "sess-post", cwd, permission_mode: "default", hook_event_name: "PostToolUse", tool_name: tool, tool_input: { command }, tool_response: response, tool_use_id: "toolu_post" };
  }

  it("replaces a long successful Bash result in Claude's own shape, reading a persisted output whole", () => {
    const cwd = project();
    const persisted = join(cwd, "tool-results", "out.txt");
    mkdirSync(join(cwd, "tool-results"));
    writeFileSync(persisted, buildLog);
    const r = hookUnder("claude", ["-p", "go"], post(cwd, { stdout: buildLog.slice(0, 2000), stderr: "", interrupted: false, isImage: false, noOutputExpected: false, persistedOutputPath: persisted, persistedOutputSize: buildLog.length }));
    const out = r.answer!.hookSpecificOutput.updatedToolOutput;
    expect(Object.keys(out).sort()).toEqual(["interrupted", "isImage", "noOutputExpected", "stderr", "stdout"]);
    expect(out.stdout).toContain(ERROR_LINE);
    expect(out.stdout.length).toBeLessThanOrEqual(4_500);
  });

  it("turns a long MCP result into a short one, and leaves short and wrapped results alone", () => {
    const cwd = project();
    const mcp = hookUnder("claude", ["-p", "go"], post(cwd, { content: [{ type: "text", text: buildLog }] }, "mcp__build__run"));
    expect(mcp.answer!.hookSpecificOutput.updatedMCPToolOutput.content[0].text).toContain(ERROR_LINE);
    expect(hookUnder("claude", ["-p", "go"], post(cwd, { stdout: "ok\n", stderr: "", interrupted: false, isImage: false })).answer).toBeNull();
  });

  it("fails open: bad input or a broken core leave the result as it was, reported once", () => {
    const cwd = project();
    const broken = hookUnder("claude", ["-p", "go"], post(cwd, { stdout: buildLog, stderr: "", interrupted: false, isImage: false }), { ABRIDGE_CORE_WASM: "/nonexistent.wasm" });
    expect([broken.status, broken.answer]).toEqual([0, null]);
    expect(broken.stderr.match(/abridge: /g)).toHaveLength(1);
    const r = spawnSync(process.execPath, [CLI, "hook", "claude"], { input: "{not json", encoding: "utf8" });
    expect([r.status, r.stdout]).toEqual([0, ""]);
    expect(r.stderr).toContain("not JSON");
  });
});

// Codex: tests/host/agent-hooks-codex.test.ts.
describe("Gemini CLI", () => {
  it("Gemini: wraps only in YOLO mode, without $( … ), with a call id of its own", () => {
    const cwd = project();
    const input = { session_id: "g1", cwd, hook_event_name: "BeforeTool", tool_name: "run_shell_command", tool_input: { command: "npm run build", description: "build" } };
    expect(hookUnder("gemini", ["-p", "go"], input).answer).toBeNull();
    const yolo = hookUnder("gemini", ["-p", "go", "--yolo"], input).answer!;
    const command = yolo.hookSpecificOutput.tool_input.command as string;
    expect(command).toContain("bash -c 'npm run build'");
    expect(command).toMatch(/--id gemini_/);
    expect(command).not.toContain("$(");
    expect(yolo.hookSpecificOutput.tool_input.description).toBe("build");
  });
});
