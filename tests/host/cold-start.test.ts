// What a harness pays on its first tool result, counted in what the time stands for:
// the built-in modules loaded and the objects kept per call, never in milliseconds.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { Interner, NumberColumn, RowIndex } from "../../host/call-table.js";
import { Locations } from "../../host/log/locations.js";
import { SessionStats } from "../../host/stats.js";
import { BASELINE_ONLY_BELOW, BASELINE_ONLY_FROM, baselineOnly } from "../../host/cli/one-shot.js";
import { ensureBuiltCli } from "./support/built-cli.js";

const dir = mkdtempSync(join(tmpdir(), "abridge-cold-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * Built-in modules a fresh process loads to import abridge and process one result with the
 * session log: as an ES module (index.bundle.js) or through require (index.bundle.cjs).
 */
function builtinsLoadedByFirstProcess(entry: "import" | "require"): string[] {
  const bundle = join(ensureBuiltCli(), entry === "import" ? "../index.bundle.js" : "../index.bundle.cjs");
  const load = entry === "import" ? `await import(${JSON.stringify(bundle)})` : `require(${JSON.stringify(bundle)})`;
  const script = `
    const before = new Set(process.moduleLoadList);
    const { createAbridge } = ${load};
    const abridge = createAbridge({ cwd: ${JSON.stringify(dir)}, env: {}, log: { dir: ${JSON.stringify(dir)} } });
    await abridge.process({ tool: "bash", output: "make: *** [all] Error 2\\n", exitCode: 2 });
    await abridge.close();
    ${entry === "import" ? `await import("node:dns")` : `require("node:dns")`};
    console.log(JSON.stringify(process.moduleLoadList.filter((m) => !before.has(m))));`;
  // A file, not `-e`: Node's -e code runs with node:module already loaded, a file's does not.
  const probe = join(dir, entry === "import" ? "probe.mjs" : "probe.cjs");
  writeFileSync(probe, entry === "import" ? script : `(async () => {${script}})()`);
  const out = execFileSync(process.execPath, [probe], { encoding: "utf8" });
  return (JSON.parse(out) as string[]).filter((m) => m.startsWith("NativeModule ")).map((m) => m.slice("NativeModule ".length));
}

describe.each(["import", "require"] as const)("the first process() in a fresh process (%s)", (entry) => {
  const loaded = builtinsLoadedByFirstProcess(entry);

  it("sees what is loaded after its snapshot (node:dns, which the probe loads at the end)", () => {
    expect(loaded).toContain("dns");
  });

  it("does not load Node's streams: node:fs's ES module facade would, by reading its stream classes", () => {
    expect(loaded).not.toContain("stream");
    expect(loaded).not.toContain("internal/fs/streams");
  });

  it("does not load fs/promises (reading a log asynchronously loads it) or node:crypto (the summarizer's hashes)", () => {
    expect(loaded).not.toContain("fs/promises");
    expect(loaded).not.toContain("crypto");
  });

  it("does not load what only a summary's retry needs (timers/promises)", () => {
    expect(loaded).not.toContain("timers/promises");
  });

  // The ES module loader loads both for itself; a CommonJS harness need not.
  if (entry === "require") {
    it("does not load what only a bounded stream's decoding needs (string_decoder)", () => {
      expect(loaded).not.toContain("string_decoder");
    });

    it("does not load node:module, whose first load brings the ES module loader's internals: the CommonJS library requires with its own require", () => {
      expect(loaded).not.toContain("module");
      expect(loaded).not.toContain("internal/modules/esm/loader");
    });
  }
});

describe("the bundles a fresh process parses", () => {
  it("are ASCII only, so that V8 holds each as a one-byte string (their messages' non-ASCII characters are escapes)", () => {
    const dist = join(ensureBuiltCli(), "..");
    const bundles = readdirSync(dist).filter((f) => /\.bundle\.c?js$/.test(f));
    expect(bundles).toContain("index.bundle.cjs");
    const nonAscii = bundles.filter((f) => readFileSync(join(dist, f)).some((byte) => byte > 0x7f));
    expect(nonAscii).toEqual([]);
  });

  it("still say what their sources say: a message with an escaped character reads as written", () => {
    const require = createRequire(import.meta.url);
    const { loadConfig } = require(join(ensureBuiltCli(), "../index.bundle.cjs")) as typeof import("../../host/index.js");
    expect(() => loadConfig({ log: { keep: -1 } }, { env: {} })).toThrow("log.keep must be an integer ≥ 0, got -1");
  });
});

/**
 * What `import()` of an entry does asynchronously, by async resource type (a file the ES module
 * loader reads is a FILEHANDLE, its open, stat and read FSREQPROMISEs, its close a
 * FILEHANDLECLOSEREQ: each a trip through the thread pool and back to the event loop).
 */
function asyncWorkOfImport(file: string): Record<string, number> {
  const script = `
    import { createHook } from "node:async_hooks";
    const types = {};
    createHook({ init(id, type) { types[type] = (types[type] ?? 0) + 1; } }).enable();
    await import(${JSON.stringify(file)});
    console.log(JSON.stringify(types));`;
  return JSON.parse(execFileSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" })) as Record<string, number>;
}

describe("the ES module entries", () => {
  const dist = () => join(ensureBuiltCli(), "..");

  it.each(["index", "pi"])("%s.bundle.js reads one module file asynchronously, then the library through require", (entry) => {
    const work = asyncWorkOfImport(join(dist(), `${entry}.bundle.js`));
    // One file opened and closed; the requests per file are the loader's own (three in Node 20).
    expect(work.FILEHANDLE).toBe(1);
    expect(work.FILEHANDLECLOSEREQ).toBe(1);
    expect(work.FSREQPROMISE).toBeLessThanOrEqual(4);
  });

  it("import() gives the objects require() gives: one library, one core, one AbridgeError class, and the same names", async () => {
    const require = createRequire(import.meta.url);
    const cjs = require(join(dist(), "index.bundle.cjs")) as Record<string, unknown>;
    const esm = (await import(join(dist(), "index.bundle.js"))) as Record<string, unknown>;
    expect(Object.keys(esm).sort()).toEqual(Object.keys(cjs).sort());
    for (const name of Object.keys(cjs)) expect(esm[name], name).toBe(cjs[name]);
    const modules = (await import("../../host/index.js")) as Record<string, unknown>;
    expect(Object.keys(esm).sort()).toEqual(Object.keys(modules).sort());
  });

  it("the pi extension loads the library's file, and the library is that one file: what the two share is one copy", () => {
    const script = `require(${JSON.stringify(join(dist(), "pi.bundle.cjs"))}); console.log(JSON.stringify(Object.keys(require.cache)));`;
    const loaded = (JSON.parse(execFileSync(process.execPath, ["-e", script], { encoding: "utf8" })) as string[]).map((f) => basename(f));
    expect(loaded.sort()).toEqual(["index.bundle.cjs", "pi.bundle.cjs"]);
  });
});

describe("per-call rows of a long session", () => {
  it("a row is reused for a key seen again in its group, and groups keep keys apart", () => {
    const rows = new RowIndex();
    expect(rows.rowFor("s1", "a", 0)).toBe(0);
    expect(rows.rowFor("s2", "a", 1)).toBe(1);
    expect(rows.rowFor("s1", "a", 2)).toBe(0);
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
    // The last string interned, another, and each again: always the first copy of each.
    const other = strings.intern(["Build", "Output"].join(""));
    expect(strings.intern(["Command", "Output"].join(""))).toBe(first);
    expect(strings.intern(["Command", "Output"].join(""))).toBe(first);
    expect(strings.intern(["Build", "Output"].join(""))).toBe(other);
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

/** What one run of `abridge hook claude` loaded and did, seen from a preloaded probe. */
interface HookRun {
  /** Built-in modules beyond what Node loads for any script. */
  builtins: string[];
  /** The CLI's bundle files (base names). */
  files: string[];
  /** The answer replaced the tool's output. */
  answered: boolean;
  /** Every v8.setFlagsFromString() call. */
  flags: string[];
  /** Reads of the project's abridge.config.json. */
  configReads: number;
}

const project = join(dir, "project");
mkdirSync(project);
writeFileSync(join(project, "abridge.config.json"), JSON.stringify({ level: "balanced" }));
const buildLog = (lines: number) => Array.from({ length: lines }, (_, i) => `[${i}] cc -c src/unit_${i}.c -o build/unit_${i}.o`).join("\n") + "\nsrc/unit_7.c:3:1: error: expected ';'\n";
/** About 9 KB. */
const longOutput = buildLog(200);
/** Past BASELINE_ONLY_FROM (64 KB). */
const hugeOutput = buildLog(2000);

/** Runs `abridge hook claude` on one hook input, in a project with a config file. Agents start the hook afresh on every tool call. */
function runHook(input: Record<string, unknown>): HookRun {
  const cli = ensureBuiltCli();
  const out = join(dir, "hook-loaded.json");
  const probe = join(dir, "probe.cjs");
  writeFileSync(
    probe,
    `const before = new Set(process.moduleLoadList);
const fs = require("node:fs");
const v8 = require("node:v8");
const flags = [];
const setFlags = v8.setFlagsFromString;
v8.setFlagsFromString = (f) => (flags.push(f), setFlags(f));
let configReads = 0;
const read = fs.readFileSync;
fs.readFileSync = function (path, ...rest) {
  if (String(path).endsWith("abridge.config.json")) configReads++;
  return read.call(this, path, ...rest);
};
process.on("exit", () => fs.writeFileSync(${JSON.stringify(out)}, JSON.stringify({
  builtins: process.moduleLoadList.filter((m) => !before.has(m) && m.startsWith("NativeModule ")).map((m) => m.slice(13)),
  files: Object.keys(require.cache),
  flags,
  configReads,
})));`,
  );
  const hookInput = { session_id: "cold", cwd: project, permission_mode: "default", tool_use_id: "toolu_cold", ...input };
  const answer = execFileSync(process.execPath, ["-r", probe, cli, "hook", "claude"], { input: JSON.stringify(hookInput), encoding: "utf8", env: { ...process.env, HOME: dir } });
  const loaded = JSON.parse(readFileSync(out, "utf8")) as Omit<HookRun, "answered">;
  return { ...loaded, files: loaded.files.filter((f) => f !== probe).map((f) => basename(f)), answered: answer.includes("updatedToolOutput") };
}

const bash = (command: string, stdout: string) => ({ hook_event_name: "PostToolUse", tool_name: "Bash", tool_input: { command }, tool_response: { stdout, stderr: "", interrupted: false, isImage: false } });

describe("the hook an agent starts on every tool call", () => {
  const long = runHook(bash("make", longOutput));
  const huge = runHook(bash("make", hugeOutput));
  const pre = runHook({ hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: "make" } });
  const short = runHook(bash("make", "make: Nothing to be done for 'all'.\n"));
  const chunks = (run: HookRun) => run.files.filter((f) => f !== "cli.bundle.cjs").map((f) => f.replace(/-[\w-]{8}\.bundle\.cjs$/, ""));

  it("answers a long output from the CLI entry, the hook's chunk and the per-call chunk, without the report, replay or summarizer code", () => {
    expect(long.answered).toBe(true);
    expect(long.files).toContain("cli.bundle.cjs");
    expect(chunks(long).sort()).toEqual(["cli-hook", "cli-per-call", "cli-rolldown-runtime"]);
  });

  it("answers a PreToolUse and a short output without the per-call chunk (no session, core or log code)", () => {
    expect(pre.answered).toBe(false);
    expect(short.answered).toBe(false);
    expect(chunks(pre).sort()).toEqual(["cli-hook", "cli-rolldown-runtime"]);
    expect(chunks(short).sort()).toEqual(["cli-hook", "cli-rolldown-runtime"]);
  });

  it("loads neither node:crypto, node:child_process nor the summarizer's timers", () => {
    expect(long.builtins).toContain("os"); // the probe sees what is loaded (the hook reads the home folder)
    for (const heavy of ["crypto", "child_process", "timers/promises"]) expect(long.builtins).not.toContain(heavy);
  });

  it("compiles the core without tiering up for an output past 64 KB (the process ends after it), and sets no flag otherwise", () => {
    expect(hugeOutput.length).toBeGreaterThanOrEqual(BASELINE_ONLY_FROM);
    expect(huge.answered).toBe(true);
    expect(huge.flags).toEqual(["--liftoff-only"]);
    expect(longOutput.length).toBeLessThan(BASELINE_ONLY_FROM);
    expect(long.flags).toEqual([]);
    expect(pre.flags).toEqual([]);
    expect(short.flags).toEqual([]);
  });

  it("keeps tiering for outputs of several MB, where optimized code pays for itself within the call", () => {
    expect(baselineOnly(BASELINE_ONLY_FROM - 1)).toBe(false);
    expect(baselineOnly(BASELINE_ONLY_FROM)).toBe(true);
    expect(baselineOnly(BASELINE_ONLY_BELOW - 1)).toBe(true);
    expect(baselineOnly(BASELINE_ONLY_BELOW)).toBe(false);
  });

  it("reads the project's configuration once for a long output", () => {
    expect(long.configReads).toBe(1);
  });
});

describe("the CLI's one-shot commands", () => {
  it("`abridge compact` on an output past 64 KB compiles the core without tiering up and prints its digest", () => {
    const cli = ensureBuiltCli();
    const probe = join(dir, "flags.cjs");
    const out = join(dir, "flags.json");
    writeFileSync(probe, `const v8 = require("node:v8"); const flags = []; const set = v8.setFlagsFromString; v8.setFlagsFromString = (f) => (flags.push(f), set(f));
process.on("exit", () => require("node:fs").writeFileSync(${JSON.stringify(out)}, JSON.stringify({ flags, files: Object.keys(require.cache) })));`);
    const file = join(dir, "build.log");
    writeFileSync(file, hugeOutput);
    const printed = execFileSync(process.execPath, ["-r", probe, cli, "compact", file, "--tool", "bash", "--level", "minimal"], { encoding: "utf8" });
    expect(printed).toContain("error: expected ';'");
    const seen = JSON.parse(readFileSync(out, "utf8")) as { flags: string[]; files: string[] };
    expect(seen.flags).toEqual(["--liftoff-only"]);
    const chunks = seen.files.map((f) => basename(f)).filter((f) => f.startsWith("cli-")).map((f) => f.replace(/-[\w-]{8}\.bundle\.cjs$/, ""));
    expect(chunks.sort()).toEqual(["cli-hook", "cli-per-call", "cli-rolldown-runtime"]);
  });
});

describe("the core's compile hook", () => {
  it("runs once, just before the first compile, and never once the core is compiled", async () => {
    const core = await import("../../host/core.js");
    const calls: number[] = [];
    core.setBeforeCoreCompile(() => calls.push(core.coreGeneration()));
    expect(calls).toEqual([]);
    expect(core.callCore("estimateTokens", "one two three")).toBeGreaterThan(0);
    expect(calls).toEqual([0]); // before the first instance
    core.resetCore();
    core.callCore("estimateTokens", "again");
    expect(calls).toEqual([0]); // a new instance of the compiled module: no compile, no second run
    core.setBeforeCoreCompile(() => calls.push(-1));
    core.callCore("estimateTokens", "and again");
    expect(calls).toEqual([0]);
  });
});

describe("the package for require()", () => {
  it("resolves require(\"abridge-agent\") to the CommonJS build, which gives the ES build's results", async () => {
    const require = createRequire(join(ensureBuiltCli(), "../../package.json"));
    expect(basename(require.resolve("abridge-agent"))).toBe("index.bundle.cjs");
    const cjs = require("abridge-agent") as typeof import("../../host/index.js");
    const esm = (await import(join(ensureBuiltCli(), "../index.bundle.js"))) as typeof import("../../host/index.js");
    const input = { tool: "bash", output: longOutput.repeat(5), exitCode: 2 };
    const a = cjs.compact(input);
    expect(a.truncated).toBe(true);
    expect(a.llmContent).toContain("error: expected ';'");
    expect(a.llmContent).toBe(esm.compact(input).llmContent);
    const session = cjs.createAbridge({ cwd: dir, env: {}, log: { dir: join(dir, "cjs-log") } });
    const r = await session.process(input);
    await session.close();
    expect(r.llmContent).toContain("error: expected ';'");
    expect(readFileSync(join(dir, "cjs-log", `${session.config.sessionId}.jsonl`), "utf8")).toContain(r.callId);
  });
});
