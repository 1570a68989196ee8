// What a harness pays on its first tool result, counted in what the time stands for:
// the built-in modules loaded and the objects kept per call, never in milliseconds.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { Interner, NumberColumn, RowIndex } from "../../host/call-table.js";
import { Locations } from "../../host/log/locations.js";
import { SessionStats } from "../../host/stats.js";
import { ensureBuiltCli } from "./support/built-cli.js";

const dir = mkdtempSync(join(tmpdir(), "abridge-cold-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Built-in modules a fresh process loads to import abridge and process one result with the session log. */
function builtinsLoadedByFirstProcess(): string[] {
  const bundle = join(ensureBuiltCli(), "../index.bundle.js");
  const script = `
    const before = new Set(process.moduleLoadList);
    const { createAbridge } = await import(${JSON.stringify(bundle)});
    const abridge = createAbridge({ cwd: ${JSON.stringify(dir)}, env: {}, log: { dir: ${JSON.stringify(dir)} } });
    await abridge.process({ tool: "bash", output: "make: *** [all] Error 2\\n", exitCode: 2 });
    await abridge.close();
    console.log(JSON.stringify(process.moduleLoadList.filter((m) => !before.has(m))));`;
  const out = execFileSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" });
  return (JSON.parse(out) as string[]).filter((m) => m.startsWith("NativeModule ")).map((m) => m.slice("NativeModule ".length));
}

describe("the first process() in a fresh process", () => {
  it("does not load node:crypto (the summarizer's hashes load it when a summary is asked for)", () => {
    const loaded = builtinsLoadedByFirstProcess();
    expect(loaded).toContain("fs/promises"); // the probe sees what is loaded
    expect(loaded).not.toContain("crypto");
  });
});

describe("per-call rows of a long session", () => {
  it("a row is reused for a key seen again in its group, and groups keep keys apart", () => {
    const rows = new RowIndex();
    expect(rows.rowOf("s1", "a")).toEqual({ row: 0, added: true });
    expect(rows.rowOf("s2", "a")).toEqual({ row: 1, added: true });
    expect(rows.rowOf("s1", "a")).toEqual({ row: 0, added: false });
    expect(rows.size).toBe(2);
  });

  it("a number column grows past its first capacity and keeps every value", () => {
    const column = new NumberColumn();
    for (let row = 0; row < 1000; row++) column.set(row, row * 1.5 + 2 ** 40);
    for (let row = 0; row < 1000; row++) expect(column.get(row)).toBe(row * 1.5 + 2 ** 40);
  });

  it("equal strings are kept once", () => {
    const strings = new Interner();
    const first = strings.intern(["Command", "Output"].join(""));
    expect(strings.intern(["Command", "Output"].join(""))).toBe(first);
    expect(strings.intern(undefined)).toBeUndefined();
  });

  it("log locations are set, replaced, deleted, and a deleted row is reused", () => {
    const locations = new Locations();
    locations.set("a", { ino: 2 ** 40 + 7, offset: 10, length: 5 });
    locations.set("b", { ino: 1, offset: 20, length: 6 });
    locations.set("a", { ino: 2 ** 40 + 7, offset: 30, length: 8 });
    expect(locations.get("a")).toEqual({ ino: 2 ** 40 + 7, offset: 30, length: 8 });
    locations.delete("a");
    expect(locations.get("a")).toBeUndefined();
    locations.set("c", { ino: 3, offset: 40, length: 9 });
    expect(locations.get("c")).toEqual({ ino: 3, offset: 40, length: 9 });
    expect(locations.get("b")).toEqual({ ino: 1, offset: 20, length: 6 });
  });

  it("stats over 20,000 calls keep every call, in first-recorded order, with the latest figures", () => {
    const stats = new SessionStats();
    for (let i = 0; i < 20_000; i++) stats.record({ callId: `call_${i}`, session: "s", tool: "bash", category: "CommandOutput", rawTokens: 100, llmTokens: 10 });
    stats.record({ callId: "call_5", session: "s", tool: "bash", category: "CommandOutput", rawTokens: 100, llmTokens: 100, summarizerUsage: { inputTokens: 1e6, outputTokens: 0 } });
    const report = stats.stats();
    expect(report.calls).toHaveLength(20_000);
    expect(report.calls[5]).toMatchObject({ callId: "call_5", savedTokens: 0, summarizerCost: 1 });
    expect(report.calls[19_999]).toMatchObject({ callId: "call_19999", tool: "bash", category: "CommandOutput", sentTokens: 10, savedTokens: 90 });
    expect(report.total).toMatchObject({ calls: 20_000, rawTokens: 2_000_000, savedTokens: 19_999 * 90 });
  });
});

/**
 * What `abridge hook claude` loads to answer one PostToolUse with a long Bash output: the
 * built-in modules beyond what Node loads for any script, and the CLI's bundle files. Agents
 * start the hook afresh on every tool call.
 */
function loadedByHook(): { builtins: string[]; files: string[]; answered: boolean } {
  const cli = ensureBuiltCli();
  const out = join(dir, "hook-loaded.json");
  const probe = join(dir, "probe.cjs");
  writeFileSync(
    probe,
    `const before = new Set(process.moduleLoadList);
process.on("exit", () => require("node:fs").writeFileSync(${JSON.stringify(out)}, JSON.stringify({
  builtins: process.moduleLoadList.filter((m) => !before.has(m) && m.startsWith("NativeModule ")).map((m) => m.slice(13)),
  files: Object.keys(require.cache),
})));`,
  );
  const output = Array.from({ length: 200 }, (_, i) => `[${i}] cc -c src/unit_${i}.c -o build/unit_${i}.o`).join("\n") + "\nsrc/unit_7.c:3:1: error: expected ';'\n";
  const input = { session_id: "cold", cwd: dir, permission_mode: "default", hook_event_name: "PostToolUse", tool_name: "Bash", tool_input: { command: "make" }, tool_response: { stdout: output, stderr: "", interrupted: false, isImage: false }, tool_use_id: "toolu_cold" };
  const answer = execFileSync(process.execPath, ["-r", probe, cli, "hook", "claude"], { input: JSON.stringify(input), encoding: "utf8", env: { ...process.env, HOME: dir } });
  const loaded = JSON.parse(readFileSync(out, "utf8")) as { builtins: string[]; files: string[] };
  return { ...loaded, files: loaded.files.filter((f) => f !== probe).map((f) => basename(f)), answered: answer.includes("updatedToolOutput") };
}

describe("the hook an agent starts on every tool call", () => {
  const loaded = loadedByHook();

  it("answers from the CLI entry and the one per-call chunk, without the report, replay or summarizer code", () => {
    expect(loaded.answered).toBe(true);
    expect(loaded.files).toContain("cli.bundle.cjs");
    expect(loaded.files.filter((f) => f !== "cli.bundle.cjs")).toEqual([expect.stringMatching(/^cli-per-call-.*\.bundle\.cjs$/)]);
  });

  it("loads neither node:crypto, node:child_process nor the summarizer's timers", () => {
    expect(loaded.builtins).toContain("os"); // the probe sees what is loaded (the hook reads the home folder)
    for (const heavy of ["crypto", "child_process", "timers/promises"]) expect(loaded.builtins).not.toContain(heavy);
  });
});
