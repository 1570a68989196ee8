import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";
import { compact } from "../../host/pipeline.js";
import { coreGeneration, resetCore } from "../../host/core.js";
import { createAbridge } from "../../host/session.js";
import { readLogSync } from "../../host/log/index.js";

const fixture = (id: string) => readFileSync(new URL(`../fixtures/${id}/output`, import.meta.url));
const meta = (id: string) => JSON.parse(readFileSync(new URL(`../fixtures/${id}/meta.json`, import.meta.url), "utf8"));

describe("compact (sync pipeline)", () => {
  it("passes short outputs through unchanged apart from cleaning", () => {
    const r = compact({ tool: "bash", output: "\x1b[32mok\x1b[0m\r\nall good\n" });
    expect(r.llmContent).toBe("ok\nall good\n");
    expect(r.truncated).toBe(false);
    expect(r.uiContent).toBe("ok\nall good\n");
  });

  it("keeps the traceback from the middle of a 5,000-line log at every level", () => {
    const id = "python-etl-traceback-middle";
    const { args, exitCode } = meta(id);
    for (const level of ["minimal", "balanced", "conservative"] as const) {
      const r = compact({ tool: "bash", args, exitCode, output: fixture(id) }, { level });
      expect(r.category).toBe("CommandOutput");
      expect(r.llmContent.length).toBeLessThanOrEqual(r.metadata.budget);
      expect(r.llmContent).toContain("ValueError: invalid literal for int() with base 10: '12.5 EUR'");
      expect(r.truncated).toBe(true);
      expect(r.metadata.omittedChars).toBeGreaterThan(100_000);
    }
  });

  it("respects an explicit budget, maxTokens and the remaining context", () => {
    const output = fixture("python-etl-traceback-middle");
    expect(compact({ tool: "bash", output }, { budget: 1000 }).llmContent.length).toBeLessThanOrEqual(1000);
    expect(compact({ tool: "bash", output }, { maxTokens: 300 }).metadata.budget).toBe(1200);
    expect(compact({ tool: "bash", output }, { remainingContextTokens: 2000 }).metadata.budget).toBe(2000);
    expect(compact({ tool: "bash", output }, { categories: { CommandOutput: { budget: 900 } } }).metadata.budget).toBe(900);
  });

  it("describes binary bytes instead of passing them on, on both channels", () => {
    const r = compact({ tool: "bash", args: { command: "cat /bin/true" }, output: fixture("binary-elf-true-30k") });
    expect(r.category).toBe("Binary");
    expect(r.llmContent).toMatch(/^\[binary output: [\d,]+ bytes, ELF/);
    expect(r.uiContent).toBe(r.llmContent);
  });

  it("decodes invalid UTF-8 leniently", () => {
    const r = compact({ tool: "bash", output: Buffer.from([0x6f, 0x6b, 0x20, 0xff, 0xfe, 0x0a]) });
    expect(r.llmContent).toBe("ok \ufffd\ufffd\n");
  });

  it("rejects bad input with a typed error", () => {
    expect(() => compact({ tool: 3 as unknown as string, output: "x" })).toThrow(expect.objectContaining({ code: "ABRIDGE_INVALID_INPUT" }));
    expect(() => compact({ tool: "bash", output: "x" }, { level: "huge" as never })).toThrow(expect.objectContaining({ code: "ABRIDGE_INVALID_OPTION" }));
  });

  it("reports exact token counts lazily and an estimate of the raw tokens", () => {
    const r = compact({ tool: "bash", output: fixture("make-k-c-syntax-error") });
    expect(r.metadata.llmTokens).toBeGreaterThan(0);
    expect(r.metadata.savedTokens).toBe(r.metadata.rawTokens - r.metadata.llmTokens);
    expect(JSON.parse(JSON.stringify(r.metadata)).llmTokens).toBe(r.metadata.llmTokens);
  });

  it("returns a flagged plain truncation when the core traps, and the next call works", () => {
    const output = fixture("python-etl-traceback-middle");
    const { Instance, RuntimeError } = WebAssembly;
    // Fault injection: an instance whose compact exports (the JSON one and the one that leaves
    // the llm apart) trap like a real out-of-bounds access.
    class TrappingInstance {
      exports: Record<string, unknown>;
      constructor(module: WebAssembly.Module, imports?: WebAssembly.Imports) {
        const real = new Instance(module, imports);
        const trap = () => {
          throw new RuntimeError("memory access out of bounds");
        };
        this.exports = { ...real.exports, compact: trap, compactRecord: trap, compactFields: trap, compactFieldsUtf8: trap };
      }
    }
    resetCore();
    vi.stubGlobal("WebAssembly", Object.assign(Object.create(WebAssembly), { Instance: TrappingInstance }));
    const before = coreGeneration();
    let r;
    try {
      r = compact({ tool: "bash", output }, { budget: 2000 });
    } finally {
      vi.unstubAllGlobals();
    }
    expect(r.metadata.fallback).toMatch(/core trapped in compact(Record|Fields|FieldsUtf8)?: memory access out of bounds/);
    expect(r.llmContent.length).toBeLessThanOrEqual(2000);
    expect(r.llmContent).toMatch(/\[\.\.\.[\d,]+ chars omitted\.\.\.\]/);
    const next = compact({ tool: "bash", output }, { budget: 2000 });
    expect(next.metadata.fallback).toBeUndefined();
    // One instance for the trapping call, a fresh one after the trap.
    expect(coreGeneration()).toBe(before + 2);
  });
});

describe("createAbridge().process", () => {
  it("logs the full output first, marks the call id in the marker, and serves the omitted lines", async () => {
    const dir = mkdtempSync(join(tmpdir(), "abridge-log-"));
    const abridge = createAbridge({ log: { dir }, sessionId: "s1", env: {}, cwd: dir });
    const id = "python-etl-traceback-middle";
    const output = fixture(id);
    const r = await abridge.process({ tool: "bash", args: meta(id).args, output, exitCode: 1, callId: "call_42" });
    expect(r.llmContent).toMatch(/; read more: abridge_read id=call_42 offset=\d+/);
    const offset = Number(/offset=(\d+)/.exec(r.llmContent)![1]);
    const page = abridge.read("call_42", { offset, limit: 2 });
    const lines = output.toString("utf8").split("\n");
    expect(page.text).toContain(`${offset}: ${lines[offset - 1]}`);
    const { records, warnings } = readLogSync(abridge.logPath!);
    expect(warnings).toEqual([]);
    expect(records.map((x) => x.type)).toEqual(["call", "completion"]);
    expect(records[0]).toMatchObject({ callId: "call_42", output: output.toString("utf8") });
    expect(records[1]).toMatchObject({ callId: "call_42", llmContent: r.llmContent, category: "CommandOutput" });
    expect(abridge.stats().total.savedTokens).toBeGreaterThan(100_000);
    await abridge.close();
  });

  it("still returns the result when the log cannot be written, and reports the error", async () => {
    const errors: string[] = [];
    const abridge = createAbridge({ log: { path: "/proc/abridge-cannot-write/x.jsonl" }, env: {}, cwd: tmpdir() });
    abridge.on("error", (e) => errors.push(e.code));
    const r = await abridge.process({ tool: "bash", output: "hello\n" });
    expect(r.llmContent).toBe("hello\n");
    expect(errors).toContain("ABRIDGE_LOG_WRITE");
    await abridge.close();
  });
});
