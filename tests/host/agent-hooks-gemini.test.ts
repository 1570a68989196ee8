// `abridge hook gemini` as Gemini CLI runs it: the hook command that `abridge install gemini`
// writes, run by `bash -c` (Gemini's way) under a process shaped like Gemini CLI (`node …/gemini`
// with its flags, or the `node --max-old-space-size=… …/gemini` it relaunches itself as), with
// BeforeTool input as Gemini 0.61 sends it. The wrapped command is then run by bash, as
// Gemini's shell tool does, with stdout and stderr in one stream.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { geminiApprovalMode } from "../../host/agents/hooks.js";
import { ensureBuiltCli } from "./support/built-cli.js";
import { runCli } from "./support/run-cli.js";

const CLI = ensureBuiltCli();
const buildLog = readFileSync(new URL("../fixtures/python-etl-traceback-middle/output", import.meta.url), "utf8");
const ERROR_LINE = "ValueError: invalid literal for int() with base 10: '12.5 EUR'";

interface HookRun {
  status: number | null;
  answer: Record<string, any> | null;
  stdout: string;
  stderr: string;
}

/** A project with abridge installed for Gemini CLI; returns the hook command Gemini would run. */
function installed(): { cwd: string; hook: string } {
  const cwd = mkdtempSync(join(tmpdir(), "abridge-gemini-"));
  expect(runCli(["install", "gemini", "--project", cwd]).status).toBe(0);
  const settings = JSON.parse(readFileSync(join(cwd, ".gemini", "settings.json"), "utf8"));
  return { cwd, hook: settings.hooks.BeforeTool[0].hooks[0].command };
}

/**
 * Runs `hook` with `bash -c`, input on stdin, from a process shaped like Gemini CLI started with
 * `flags`: `node DIR/gemini FLAGS`, or relaunched as `node --max-old-space-size=N DIR/gemini FLAGS`.
 */
function underGemini(hook: string, flags: string[], input: object, shape: "plain" | "relaunched" = "plain"): HookRun {
  const dir = mkdtempSync(join(tmpdir(), "abridge-gemini-proc-"));
  const gemini = join(dir, "gemini");
  writeFileSync(
    gemini,
    `const { spawnSync } = require("node:child_process");
const input = require("node:fs").readFileSync(process.env.HOOK_INPUT_FILE, "utf8");
const r = spawnSync("bash", ["-c", process.env.HOOK_COMMAND], { input, encoding: "utf8", env: process.env });
process.stdout.write(JSON.stringify({ status: r.status, stdout: r.stdout, stderr: r.stderr }));`,
  );
  const inputFile = join(dir, "hook-input.json");
  writeFileSync(inputFile, JSON.stringify(input));
  const nodeFlags = shape === "relaunched" ? ["--max-old-space-size=256"] : [];
  const r = spawnSync(process.execPath, [...nodeFlags, gemini, ...flags], { encoding: "utf8", env: { ...process.env, HOOK_INPUT_FILE: inputFile, HOOK_COMMAND: hook } });
  const out = JSON.parse(r.stdout) as { status: number; stdout: string; stderr: string };
  return { status: out.status, stdout: out.stdout, stderr: out.stderr, answer: out.stdout.trim() ? JSON.parse(out.stdout) : null };
}

/** BeforeTool input as Gemini CLI 0.61 sends it (no tool-call id). */
function beforeTool(cwd: string, command: string, tool = "run_shell_command") {
  return { session_id: "7c1d2e3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f", transcript_path: "", cwd, hook_event_name: "BeforeTool", timestamp: "2026-11-25T00:00:00.000Z", tool_name: tool, tool_input: { command, description: "Run the build", dir_path: "." } };
}

describe("Gemini's approval mode, read from its command line as Gemini reads it", () => {
  it.each([
    [["-p", "go"], "default"],
    [["-p", "go", "--yolo"], "yolo"],
    [["-p", "go", "-y"], "yolo"],
    [["--yolo=true", "-p", "go"], "yolo"],
    [["-p", "go", "--approval-mode", "yolo"], "yolo"],
    [["-p", "go", "--approval-mode=yolo"], "yolo"],
    [["-p", "go", "--approval-mode", "auto_edit"], "auto_edit"],
    [["-p", "go", "--approval-mode=plan"], "plan"],
    [["-p", "go", "--yolo", "false"], "default"],
    [["-p", "go", "--yolo=false"], "default"],
    [["-p", "go", "--yolo", "--no-yolo"], "default"],
    [["-p", "go", "--", "--yolo"], "default"],
  ])("%j is %s", (argv, mode) => {
    expect(geminiApprovalMode(argv)).toBe(mode);
  });
});

describe("abridge hook gemini (BeforeTool on run_shell_command)", () => {
  it("wraps the command in YOLO mode only: outside it Gemini checks its allow rules against what it runs", () => {
    const { cwd, hook } = installed();
    const input = beforeTool(cwd, "npm run build");
    for (const flags of [["-p", "go"], ["-p", "go", "--approval-mode", "auto_edit"], ["-p", "go", "--approval-mode", "plan"]]) {
      const r = underGemini(hook, flags, input);
      expect([r.status, r.stdout, r.stderr], flags.join(" ")).toEqual([0, "", ""]);
    }
    for (const flags of [["-p", "go", "--yolo"], ["-y", "-p", "go"], ["-p", "go", "--approval-mode=yolo"]]) {
      expect(underGemini(hook, flags, input).answer, flags.join(" ")).not.toBeNull();
    }
  });

  it("finds Gemini whether it runs as node …/gemini or relaunched with node flags", () => {
    const { cwd, hook } = installed();
    expect(underGemini(hook, ["-p", "go", "--yolo"], beforeTool(cwd, "make"), "relaunched").answer).not.toBeNull();
    expect(underGemini(hook, ["-p", "go"], beforeTool(cwd, "make"), "relaunched").answer).toBeNull();
  });

  it("answers hookSpecificOutput.tool_input: the other parameters kept, no command substitution, a call id of its own", () => {
    const { cwd, hook } = installed();
    const r = underGemini(hook, ["-p", "go", "--yolo"], beforeTool(cwd, "python3 etl.py --month 2026-10"));
    expect(r.status).toBe(0);
    expect(r.stderr).toBe("");
    expect(Object.keys(r.answer!)).toEqual(["hookSpecificOutput"]);
    const out = r.answer!.hookSpecificOutput;
    expect(out.hookEventName).toBe("BeforeTool");
    expect(out.tool_input.description).toBe("Run the build");
    expect(out.tool_input.dir_path).toBe(".");
    const command = out.tool_input.command as string;
    expect(command).toContain("bash -c 'python3 etl.py --month 2026-10'");
    expect(command).toMatch(/ run --id gemini_[a-z0-9]+_[0-9a-f]{6} --session 7c1d2e3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f /);
    expect(command).toContain(join(cwd, ".abridge", "sessions", "7c1d2e3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f.jsonl"));
    // Gemini's shell tool refuses $(), backticks, <() and >() as command injection.
    expect(command).not.toMatch(/\$\(|`|<\(|>\(/);
  });

  it("leaves other tools, empty commands and commands it already wrapped alone", () => {
    const { cwd, hook } = installed();
    const yolo = ["-p", "go", "--yolo"];
    expect(underGemini(hook, yolo, beforeTool(cwd, "x", "read_file")).answer).toBeNull();
    expect(underGemini(hook, yolo, beforeTool(cwd, "")).answer).toBeNull();
    const once = underGemini(hook, yolo, beforeTool(cwd, "make")).answer!.hookSpecificOutput.tool_input.command as string;
    expect(underGemini(hook, yolo, beforeTool(cwd, once)).answer).toBeNull();
  });

  it("wraps nothing when it is not running under Gemini CLI", () => {
    const { cwd, hook } = installed();
    const r = spawnSync("bash", ["-c", hook], { input: JSON.stringify(beforeTool(cwd, "make")), encoding: "utf8" });
    expect([r.status, r.stdout, r.stderr]).toEqual([0, "", ""]);
  });
});

describe("the hook fails open, in the way Gemini needs", () => {
  // Gemini blocks the tool call when a hook exits with a code other than 0 or 1 and prints
  // something; it reads stderr as the hook's message when stdout is empty and the exit code 0.
  it("with its node or its CLI bundle gone: exit 0, nothing on stdout, one report", () => {
    const { cwd, hook } = installed();
    const input = beforeTool(cwd, "make");
    for (const broken of [hook.replace(process.execPath, join(cwd, "gone", "node")), hook.replace(CLI, join(cwd, "gone", "cli.bundle.js"))]) {
      const r = underGemini(broken, ["-p", "go", "--yolo"], input);
      expect([r.status, r.stdout]).toEqual([0, ""]);
      expect(r.stderr.match(/abridge: ABRIDGE_HOOK: /g)).toHaveLength(1);
    }
  });

  it("with input it cannot read or a broken project config: exit 0, nothing on stdout, one report", () => {
    const { cwd, hook } = installed();
    const garbage = spawnSync("bash", ["-c", hook], { input: "{not json", encoding: "utf8" });
    expect([garbage.status, garbage.stdout]).toEqual([0, ""]);
    expect(garbage.stderr.match(/abridge: /g)).toHaveLength(1);
    writeFileSync(join(cwd, "abridge.config.json"), "{ not json");
    const r = underGemini(hook, ["-p", "go", "--yolo"], beforeTool(cwd, "make"));
    expect([r.status, r.stdout]).toEqual([0, ""]);
    expect(r.stderr.match(/abridge: ABRIDGE_INVALID_OPTION: /g)).toHaveLength(1);
  });
});

describe("the wrapped command, run as Gemini's shell tool runs it", () => {
  /** The wrapper for `command` in project `cwd`, run by bash with stdout and stderr in one stream. */
  function runWrapped(cwd: string, hook: string, command: string, edit = (c: string) => c) {
    const wrapped = underGemini(hook, ["-p", "go", "--yolo"], beforeTool(cwd, command)).answer!.hookSpecificOutput.tool_input.command as string;
    return spawnSync("bash", ["-c", `${edit(wrapped)} 2>&1`], { cwd, encoding: "utf8", maxBuffer: 64 << 20 });
  }

  it("gives the model the error from the middle, the last line, the exit code, and a read hint that works", () => {
    const { cwd, hook } = installed();
    // The ETL job of the fixture, replayed: its output, then its exit code.
    writeFileSync(join(cwd, "build.log"), buildLog);
    writeFileSync(join(cwd, "etl.sh"), "cat build.log\nexit 2\n");
    const r = runWrapped(cwd, hook, "sh etl.sh");
    expect(r.status).toBe(2);
    expect(r.stdout.length).toBeLessThanOrEqual(4_500);
    expect(r.stdout).toContain(ERROR_LINE);
    expect(r.stdout).toContain(buildLog.trimEnd().split("\n").at(-1)!);
    const hint = /read more: (.* log show \S+ --id \S+ --offset (\d+))/.exec(r.stdout)!;
    expect(hint).not.toBeNull();
    const page = spawnSync("bash", ["-c", `${hint[1]} --limit 3`], { encoding: "utf8" });
    const omitted = buildLog.split("\n")[Number(hint[2]) - 1]!;
    expect(r.stdout).not.toContain(omitted);
    expect(page.stdout).toContain(`${hint[2]}: ${omitted}`);
  });

  it("with the CLI gone by the time it runs: the complete output, the exit code, one report before it", () => {
    const { cwd, hook } = installed();
    const r = runWrapped(cwd, hook, "seq 1 3000; exit 3", (c) => c.replaceAll(CLI, join(cwd, "gone", "cli.bundle.js")));
    expect(r.status).toBe(3);
    const lines = r.stdout.trimEnd().split("\n");
    expect(lines[0]).toMatch(/^abridge: ABRIDGE_UNAVAILABLE: /);
    expect(lines.slice(1)).toEqual(Array.from({ length: 3000 }, (_, i) => String(i + 1)));
  });

  it("with a log it cannot write: the complete output, then one report after it, not inside it", () => {
    const { cwd, hook } = installed();
    writeFileSync(join(cwd, ".abridge"), "a file where the log directory belongs\n");
    // Well over a pipe's buffer: the output is still being written when abridge has to report.
    const r = runWrapped(cwd, hook, "seq 1 300000; exit 4");
    expect(r.status).toBe(4);
    const lines = r.stdout.trimEnd().split("\n");
    expect(lines).toHaveLength(300_001);
    expect(lines.slice(0, -1)).toEqual(Array.from({ length: 300_000 }, (_, i) => String(i + 1)));
    expect(lines.at(-1)).toMatch(/^abridge: ABRIDGE_LOG_WRITE: .* \(output passed on unchanged\)$/);
  });
});
