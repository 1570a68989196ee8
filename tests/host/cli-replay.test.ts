// `abridge replay` on transcripts in each agent's format (tests/fixtures/transcripts/,
// real tool outputs inside, malformed lines included), and the log it writes.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { fixture, runCli } from "./support/run-cli.js";

const dir = mkdtempSync(join(tmpdir(), "abridge-replay-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const transcript = (name: string) => fixture(`transcripts/${name}`);
const output = (id: string) => readFileSync(fixture(`${id}/output`), "utf8");

interface CallRecord {
  type: "call";
  session: string;
  callId: string;
  tool: string;
  args: unknown;
  exitCode: number | null;
  output: string;
}

function replay(file: string, extra: string[] = []) {
  const log = join(dir, `${file.replace(/\W/g, "_")}-${extra.join("_").replace(/\W/g, "_")}.jsonl`);
  const r = runCli(["replay", transcript(file), "--log", log, "--json", ...extra]);
  expect(r.status, r.stderr).toBe(0);
  // No TTY here: no progress bar, nothing on stderr.
  expect(r.stderr).toBe("");
  const calls = readFileSync(log, "utf8")
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l))
    .filter((rec): rec is CallRecord => rec.type === "call");
  return { out: JSON.parse(r.stdout), calls, log };
}

describe("abridge replay", () => {
  it("reads a Claude Code session: tool_use/tool_result pairs, exit codes, skipped records counted", () => {
    const { out, calls } = replay("claude-code-session.jsonl");
    expect(out.files[transcript("claude-code-session.jsonl")]).toBe("claude-code");
    expect(out.read).toMatchObject({ calls: 7, results: 5, malformed: 1, unknownShape: 1, orphanResults: 1, unanswered: 1, nonText: 1 });
    expect(out.tools.Bash.calls).toBe(5);
    expect(out.sessions["5f0c2a9e-1b7d-4e36-a8c4-92d1f03e6b57"].calls).toBe(5);
    // `Exit code 2` was the harness's line, not the tool's: it becomes the exit code.
    const make = calls.find((c) => (c.args as { command?: string }).command === "make -k")!;
    expect(make.exitCode).toBe(2);
    expect(make.output).toBe(output("make-k-c-syntax-error"));
    // A content array of text items is the text.
    expect(calls.find((c) => c.callId === "toolu_01Gd8Yk2Rc4Tm6Vn1Pb3Xs7e")!.output).toBe(output("grep-def-python-email"));
    expect(out.total.errorLines).toBeGreaterThan(0);
    expect(out.total.errorLinesKept).toBe(out.total.errorLines);
    expect(out.total.sentTokens).toBeLessThan(out.total.rawTokens / 2);
  });

  it("reads a current Codex rollout: framing removed from outputs, exit codes kept", () => {
    const { out, calls } = replay("codex-rollout.jsonl");
    expect(out.files[transcript("codex-rollout.jsonl")]).toBe("codex");
    expect(out.read).toMatchObject({ calls: 4, results: 4, malformed: 1, unknownShape: 1, orphanResults: 0, unanswered: 0 });
    const byCommand = (cmd: string) => calls.find((c) => JSON.stringify(c.args).includes(cmd))!;
    expect(byCommand("cargo test")).toMatchObject({ tool: "shell", exitCode: 101, output: output("runner-cargo-test-failures") });
    expect(byCommand("ls -la")).toMatchObject({ exitCode: 0, output: output("listing-ls-la") });
    expect(byCommand("rg --heading")).toMatchObject({ exitCode: null, output: output("search-rg-heading") });
    expect(out.categories.StructuredData.calls).toBe(1);
    expect(out.categories.DirectoryListing.calls).toBe(1);
    expect(out.sessions["0199342c-7f1e-7a20-b5d6-3c9e8f1a2b4d"].calls).toBe(4);
  });

  it("reads an older unwrapped Codex rollout, local_shell_call included", () => {
    const { out, calls } = replay("codex-rollout-legacy.jsonl");
    expect(out.read).toMatchObject({ calls: 3, results: 3, malformed: 1, unknownShape: 0 });
    expect(calls.map((c) => [c.tool, c.exitCode])).toEqual([["shell", 1], ["local_shell", 1], ["shell", 0]]);
    expect(calls[0]!.output).toBe(output("runner-pytest-q-failures"));
    expect(calls[1]!.output).toBe(output("gcc-color-errors"));
    expect(out.tools.local_shell.errorLines).toBeGreaterThan(0);
    expect(out.tools.local_shell.errorLinesKept).toBe(out.tools.local_shell.errorLines);
  });

  it("reads the generic format", () => {
    const { out, calls } = replay("generic.jsonl", ["--level", "minimal"]);
    expect(out.level).toBe("minimal");
    expect(out.read).toMatchObject({ calls: 4, results: 4, malformed: 1, unknownShape: 1 });
    expect(out.categories.Diff.calls).toBe(1);
    expect(calls[0]!.output).toBe(output("diff-git-multi-language"));
    expect(calls[0]!.exitCode).toBe(0);
  });

  it("prints tables over several files, and its log draws with report", () => {
    const log = join(dir, "all.jsonl");
    const files = ["claude-code-session.jsonl", "codex-rollout.jsonl", "codex-rollout-legacy.jsonl", "generic.jsonl"].map(transcript);
    const r = runCli(["replay", ...files, "--log", log]);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^abridge replay — 4 transcripts, 16 tool results, level balanced$/m);
    expect(r.stdout).toMatch(/^per tool$/m);
    expect(r.stdout).toMatch(/^per category$/m);
    expect(r.stdout).toMatch(/^CommandOutput +7 /m);
    expect(r.stdout).toContain("skipped: 4 malformed lines, 3 records of unknown shape, 1 result without its call, 1 call without a result, 1 result with no text");
    expect(r.stdout).not.toMatch(/\x1b\[/);
    const report = runCli(["report", log, "--json"]);
    expect(report.status).toBe(0);
    const totals = JSON.parse(report.stdout);
    expect(totals.total.calls).toBe(16);
    expect(Object.keys(totals.sessions)).toHaveLength(4);
  });

  it("never overwrites a log unless told to, and rejects bad usage", () => {
    const log = join(dir, "taken.jsonl");
    writeFileSync(log, "");
    const taken = runCli(["replay", transcript("generic.jsonl"), "--log", log]);
    expect(taken.status).toBe(2);
    expect(taken.stderr).toMatch(/^abridge: ABRIDGE_USAGE: .*taken\.jsonl exists/);
    expect(runCli(["replay", transcript("generic.jsonl"), "--log", log, "--force"]).status).toBe(0);
    expect(readFileSync(log, "utf8").split("\n").filter(Boolean)).toHaveLength(8);
    for (const args of [["replay"], ["replay", "/no/such/transcript.jsonl"], ["replay", transcript("generic.jsonl"), "--level", "max"], ["replay", transcript("generic.jsonl"), "--log", ""]]) {
      const r = runCli(args);
      expect(r.status, args.join(" ")).toBe(2);
      expect(r.stderr).toMatch(/^abridge: ABRIDGE_USAGE: /);
    }
  });

  it("counts a file of garbage instead of crashing", () => {
    const junk = join(dir, "junk.jsonl");
    writeFileSync(junk, Buffer.concat([Buffer.from('{"a":1}\n[1,2]\nnull\n\n{"type":"assistant"}\n'), readFileSync(fixture("binary-png/output"))]));
    const r = runCli(["replay", junk, "--json"]);
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.total.calls).toBe(0);
    expect(out.files[junk]).toBe("unknown");
    expect(out.read.unknownShape).toBe(2);
    expect(out.read.malformed).toBeGreaterThanOrEqual(3);
  });
});
