// The opencode plugin's contract, driven the way opencode 1.18 drives it: `tool.execute.after`
// with the result objects opencode builds (built-in and MCP shapes), the plugin tool's execute,
// and `tool.definition`. Real files, a real session log, the real core; the real opencode binary
// is exercised by `npm run e2e -- opencode` (scripts/e2e/opencode.mjs).
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { recoverBuiltin, recoverMcp, shapeOf } from "../../host/adapters/opencode-output.js";
import { UNTOUCHED_TOOLS, abridgeOpencode, type OpencodeAdapterOptions } from "../../host/adapters/opencode-plugin.js";
import { OpencodeSessions } from "../../host/adapters/opencode-sessions.js";
import type { OpencodeHooks, OpencodeMcpResult, OpencodeToolOutput } from "../../host/adapters/opencode-types.js";
import { createAbridge } from "../../host/session.js";
import { ensureBuiltCli } from "./support/built-cli.js";

const fixture = (id: string) => readFileSync(join("tests/fixtures/corpus", id, "output"), "utf8");
const meta = (id: string) => JSON.parse(readFileSync(join("tests/fixtures/corpus", id, "meta.json"), "utf8"));

let dir: string;
let stderr: string[];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "abridge-opencode-unit-"));
  stderr = [];
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

async function plugin(options: OpencodeAdapterOptions = {}): Promise<OpencodeHooks> {
  return abridgeOpencode({ env: {}, stderr: { write: (t: string) => stderr.push(t) }, ...options })({ directory: dir, worktree: dir });
}

/** What opencode's shell tool returns for a long output: the last 50 KB, the file it saved the whole to. */
function spilledShellResult(full: string, exit: number): OpencodeToolOutput {
  const saved = join(dir, "tool_2102e9a4a001k9JoE2KgVUBsxI");
  writeFileSync(saved, full);
  const tail = full.slice(full.length - 51_200);
  const output = `...output truncated...\n\nFull output saved to: ${saved}\n\n${tail.slice(tail.indexOf("\n") + 1)}`;
  return { title: "python3 importer.py", output, metadata: { output: tail, exit, truncated: true, outputPath: saved, description: "Run the importer" } };
}

const call = (tool: string, args: unknown = {}, callID = "call_e2e_2", sessionID = "ses_unit1") => ({ tool, sessionID, callID, args });

describe("recovering what the tool printed", () => {
  it("reads the whole output opencode saved, the exit code, and keeps opencode's notes apart", () => {
    const r = spilledShellResult("line 1\nTraceback (most recent call last):\nline 3\n", 1);
    r.output += "\n\n<shell_metadata>\nUser aborted the command\n</shell_metadata>";
    expect(recoverBuiltin(r)).toEqual({
      output: "line 1\nTraceback (most recent call last):\nline 3\n",
      exitCode: 1,
      fullOutputPath: r.metadata.outputPath,
      notes: "\n\n<shell_metadata>\nUser aborted the command\n</shell_metadata>",
    });
  });

  it("keeps the text as returned when the saved file is gone, and drops the empty-output placeholder", () => {
    const text = "...output truncated...\n\nFull output saved to: /nonexistent/tool_1\n\ntail";
    expect(recoverBuiltin({ title: "", output: text, metadata: { outputPath: "/nonexistent/tool_1", exit: 0 } })).toEqual({ output: text, exitCode: 0, notes: "" });
    expect(recoverBuiltin({ title: "", output: "(no output)", metadata: { exit: 0 } })).toEqual({ output: "", exitCode: 0, notes: "" });
  });

  it("tells the built-in shape from an MCP result, and takes an MCP result's text only", () => {
    expect(shapeOf({ title: "t", output: "x", metadata: {} })?.kind).toBe("builtin");
    expect(shapeOf({ content: [] })?.kind).toBe("mcp");
    expect(shapeOf("text")).toBeNull();
    expect(shapeOf(null)).toBeNull();
    expect(recoverMcp({ content: [{ type: "text", text: "a" }, { type: "image", data: "AA==", mimeType: "image/png" }, { type: "text", text: "b" }], isError: true })).toEqual({ output: "a\nb", exitCode: 1 });
    expect(recoverMcp({ content: [{ type: "image", data: "AA==", mimeType: "image/png" }] })).toBeNull();
  });
});

describe("tool.execute.after", () => {
  it("gives the model the digest of the whole saved output: the error kept, within the budget, the read hint naming abridge_read", async () => {
    const id = "python-log-traceback-end";
    const full = fixture(id);
    const hooks = await plugin();
    const result = spilledShellResult(full, meta(id).exitCode);
    const firstLine = full.split("\n")[0]!;
    expect(result.output).not.toContain(firstLine); // opencode's own cut lost the head
    await hooks["tool.execute.after"]!(call("bash", meta(id).args), result);
    expect(result.output.length).toBeLessThanOrEqual(4_500);
    for (const line of meta(id).facts.errorLines) expect(result.output).toContain(line);
    expect(result.output).toContain(full.trimEnd().split("\n").at(-1));
    expect(result.output).toContain(firstLine); // the digest is of the whole saved output
    expect(result.output).toMatch(/read more: abridge_read id=call_e2e_2 offset=\d+/);
    expect(result.metadata).toMatchObject({ exit: 1, outputPath: expect.any(String), abridge: { callId: "call_e2e_2", category: "CommandOutput", truncated: true } });
    const logPath = (result.metadata.abridge as { logPath: string }).logPath;
    expect(logPath).toBe(join(dir, ".abridge", "sessions", "ses_unit1.jsonl"));
    expect(readFileSync(logPath, "utf8")).toContain('"callId":"call_e2e_2"');
    expect(stderr).toEqual([]);
  });

  it("keeps opencode's timeout note after the digest", async () => {
    const hooks = await plugin();
    const result = spilledShellResult(fixture("python-log-traceback-end"), 1);
    const note = "\n\n<shell_metadata>\nshell tool terminated command after exceeding timeout 120000 ms.\n</shell_metadata>";
    result.output += note;
    await hooks["tool.execute.after"]!(call("bash"), result);
    expect(result.output.endsWith(note)).toBe(true);
    expect(result.output).toContain("ValueError: not enough values to unpack");
  });

  it("leaves a short output as opencode made it", async () => {
    const hooks = await plugin();
    const result: OpencodeToolOutput = { title: "ls", output: "a.txt\nb.txt\n", metadata: { exit: 0 } };
    await hooks["tool.execute.after"]!(call("bash", { command: "ls" }), result);
    expect(result.output).toBe("a.txt\nb.txt\n");
  });

  it("replaces an MCP result's text and keeps its other content", async () => {
    const hooks = await plugin();
    const image = { type: "image", data: "iVBORw0KGgo=", mimeType: "image/png" };
    const text = fixture("make-k-c-project-errors");
    const result: OpencodeMcpResult = { content: [{ type: "text", text }, image] };
    await hooks["tool.execute.after"]!(call("build_mcp_make", { target: "all" }, "call_mcp_1"), result);
    expect(result.content).toHaveLength(2);
    expect(result.content[0]!.type).toBe("text");
    expect(result.content[0]!.text!.length).toBeLessThan(text.length);
    expect(result.content[0]!.text).toContain("src/config.c:17:10: error: ‘item_count’ undeclared (first use in this function)");
    expect(result.content[1]).toBe(image);
  });

  it("leaves abridge_read, a subagent's answer, the todo list and listed tools untouched", async () => {
    const hooks = await plugin({ skipTools: ["webfetch"] });
    const long = fixture("python-log-traceback-end");
    for (const tool of [...UNTOUCHED_TOOLS, "webfetch"]) {
      const result: OpencodeToolOutput = { title: tool, output: long, metadata: {} };
      await hooks["tool.execute.after"]!(call(tool), result);
      expect(result.output).toBe(long);
    }
  });

  it("keeps one log per opencode session, named by its id", async () => {
    const hooks = await plugin();
    const long = fixture("python-log-traceback-end");
    await hooks["tool.execute.after"]!(call("bash", {}, "call_a", "ses_first"), { title: "", output: long, metadata: { exit: 1 } });
    await hooks["tool.execute.after"]!(call("bash", {}, "call_b", "ses_second"), { title: "", output: long, metadata: { exit: 1 } });
    expect(readFileSync(join(dir, ".abridge/sessions/ses_first.jsonl"), "utf8")).toContain('"callId":"call_a"');
    expect(readFileSync(join(dir, ".abridge/sessions/ses_second.jsonl"), "utf8")).not.toContain('"callId":"call_a"');
    await hooks.dispose!();
  });
});

describe("abridge_read", () => {
  it("pages the omitted lines of a call from the session's log", async () => {
    const hooks = await plugin();
    const full = fixture("python-log-traceback-end");
    const result = spilledShellResult(full, 1);
    await hooks["tool.execute.after"]!(call("bash"), result);
    const offset = Number(/read more: abridge_read id=call_e2e_2 offset=(\d+)/.exec(result.output)![1]);
    const page = await hooks.tool!.abridge_read!.execute({ id: "call_e2e_2", offset, limit: 3 }, { sessionID: "ses_unit1", callID: "call_read_1" });
    const lines = full.split("\n");
    expect(typeof page).toBe("object");
    const { output, title, metadata } = page as { output: string; title: string; metadata: Record<string, unknown> };
    expect(output).toContain(`${offset}: ${lines[offset - 1]}`);
    expect(output).toContain(`${offset + 2}: ${lines[offset + 1]}`);
    expect(output).not.toContain(`${offset + 3}: `);
    expect(title).toBe(`call_e2e_2: lines ${offset.toLocaleString("en-US")}–${(offset + 2).toLocaleString("en-US")} of ${(metadata.totalLines as number).toLocaleString("en-US")}`);
    const found = (await hooks.tool!.abridge_read!.execute({ id: "call_e2e_2", pattern: "valueerror" }, { sessionID: "ses_unit1" })) as { output: string };
    expect(found.output).toContain("ValueError: not enough values to unpack (expected 2, got 1)");
  });

  it("refuses a bad argument with a message naming it (opencode does not validate plain-schema args)", async () => {
    const hooks = await plugin();
    await expect(hooks.tool!.abridge_read!.execute({ id: "x", limit: 9_999 }, { sessionID: "ses_unit1" })).rejects.toThrow(/limit must be an integer from 1 to 500/);
    await expect(hooks.tool!.abridge_read!.execute({}, { sessionID: "ses_unit1" })).rejects.toThrow(/id must be the call id/);
  });

  it("declares plain JSON Schema args, and tool.definition tells the model only id is required", async () => {
    const hooks = await plugin();
    const args = hooks.tool!.abridge_read!.args;
    expect(Object.keys(args)).toEqual(["id", "offset", "limit", "char", "pattern", "context"]);
    for (const schema of Object.values(args)) expect(schema).not.toHaveProperty("_zod");
    const view = { description: "d", parameters: {}, jsonSchema: { type: "object", properties: {}, required: ["id", "offset", "limit", "char", "pattern", "context"] } };
    await hooks["tool.definition"]!({ toolID: "abridge_read" }, view);
    expect(view.jsonSchema).toMatchObject({ type: "object", required: ["id"], additionalProperties: false });
    const other = { description: "d", parameters: {}, jsonSchema: { type: "object", required: ["command"] } };
    await hooks["tool.definition"]!({ toolID: "bash" }, other);
    expect(other.jsonSchema.required).toEqual(["command"]);
  });
});

describe("fail open", () => {
  it("an unwritable log: opencode's own output stays, and the failure is reported once", async () => {
    writeFileSync(join(dir, ".abridge"), "a file where the log folder should be");
    const hooks = await plugin();
    for (const callID of ["call_1", "call_2"]) {
      const result = spilledShellResult(fixture("python-log-traceback-end"), 1);
      const own = result.output;
      await hooks["tool.execute.after"]!(call("bash", {}, callID), result);
      expect(result.output).toBe(own);
      expect(result.metadata).not.toHaveProperty("abridge");
    }
    expect(stderr).toHaveLength(1);
    expect(stderr[0]).toMatch(/^abridge: ABRIDGE_LOG_WRITE: .*opencode's own tool output is used/);
  });

  it("an invalid configuration: opencode's own output stays, reported once", async () => {
    writeFileSync(join(dir, "abridge.config.json"), JSON.stringify({ level: "tiny" }));
    const hooks = await plugin();
    for (const callID of ["call_1", "call_2"]) {
      const result = spilledShellResult(fixture("python-log-traceback-end"), 1);
      const own = result.output;
      await hooks["tool.execute.after"]!(call("bash", {}, callID), result);
      expect(result.output).toBe(own);
    }
    expect(stderr).toHaveLength(1);
    expect(stderr[0]).toMatch(/^abridge: ABRIDGE_INVALID_OPTION: /);
  });

  it("the package's core gone: the bundle, as opencode loads it, leaves the output alone and says so once", () => {
    ensureBuiltCli();
    const pkg = join(dir, "pkg");
    mkdirSync(join(pkg, "build"), { recursive: true });
    cpSync(resolve("dist/opencode.bundle.js"), join(pkg, "dist/opencode.bundle.js"));
    cpSync(resolve("package.json"), join(pkg, "package.json"));
    symlinkSync(resolve("node_modules"), join(pkg, "node_modules"));
    // build/abridge.wasm is not there.
    const project = join(dir, "project");
    mkdirSync(project);
    const saved = join(dir, "tool_saved");
    const full = fixture("python-log-traceback-end");
    writeFileSync(saved, full);
    const driver = `
      const { default: plugin } = await import(${JSON.stringify(join(pkg, "dist/opencode.bundle.js"))});
      const hooks = await plugin({ directory: ${JSON.stringify(project)} });
      const outputs = [];
      for (const callID of ["call_1", "call_2"]) {
        const result = { title: "t", output: "own output", metadata: { exit: 1, outputPath: ${JSON.stringify(saved)} } };
        await hooks["tool.execute.after"]({ tool: "bash", sessionID: "ses_x", callID, args: {} }, result);
        outputs.push(result.output);
      }
      console.log(JSON.stringify({ exports: Object.keys(await import(${JSON.stringify(join(pkg, "dist/opencode.bundle.js"))})), outputs }));`;
    const run = spawnSync(process.execPath, ["--input-type=module", "-e", driver], { encoding: "utf8", env: { PATH: process.env.PATH } });
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({ exports: ["default"], outputs: ["own output", "own output"] });
    const lines = run.stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^abridge: ABRIDGE_CORE_LOAD: cannot read the core at .*abridge\.wasm/);
    expect(existsSync(join(project, ".abridge/sessions/ses_x.jsonl"))).toBe(true); // the log kept the output before the core failed
  });
});

describe("the bundle opencode loads", () => {
  it("is one file exporting only the plugin, with no import of @opencode-ai/plugin", () => {
    ensureBuiltCli();
    const code = readFileSync("dist/opencode.bundle.js", "utf8");
    expect(code).not.toContain("@opencode-ai/plugin");
    const imports = [...code.matchAll(/^import\b[^"']*["']([^"']+)["']/gm)].map((m) => m[1]);
    expect(imports.length).toBeGreaterThan(0);
    expect(imports.every((s) => s!.startsWith("node:"))).toBe(true);
    expect(code).toMatch(/export \{ abridge as default \};\s*$/);
  });
});

describe("sessions", () => {
  it("closes the least recently used session beyond the limit", async () => {
    const closed: string[] = [];
    const sessions = new OpencodeSessions(
      (id) => {
        const a = createAbridge({ cwd: dir, env: {}, sessionId: id });
        const close = a.close.bind(a);
        a.close = async () => {
          closed.push(id);
          await close();
        };
        return a;
      },
      () => undefined,
      2,
    );
    sessions.get("ses_a");
    sessions.get("ses_b");
    sessions.get("ses_a");
    sessions.get("ses_c");
    expect(closed).toEqual(["ses_b"]);
    await sessions.closeAll();
    expect(closed.sort()).toEqual(["ses_a", "ses_b", "ses_c"]);
  });
});
