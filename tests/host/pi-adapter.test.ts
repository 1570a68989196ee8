// The pi adapter's contract, driven through a recording stand-in of pi's extension API
// (the same calls pi makes; the real pi binary is exercised in pi-e2e.test.ts).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { abridgePi } from "../../host/adapters/pi.js";
import { recoverOutput } from "../../host/adapters/pi-output.js";
import { startProviderServer } from "./support/provider-server.js";
import type { PiContext, PiExtensionAPI, PiToolDefinition, PiToolResultEvent } from "../../host/adapters/pi-types.js";

const fixture = (id: string) => readFileSync(join("tests/fixtures", id, "output"), "utf8");

class FakePi {
  handlers = new Map<string, ((event: any, ctx: any) => any)[]>();
  tools: PiToolDefinition[] = [];
  api: PiExtensionAPI = {
    on: ((event: string, handler: (event: any, ctx: any) => any) => {
      this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler]);
    }) as PiExtensionAPI["on"],
    registerTool: (tool) => void this.tools.push(tool),
  };
  async emit(event: string, payload: unknown, ctx: PiContext): Promise<any> {
    let last: unknown;
    for (const h of this.handlers.get(event) ?? []) last = await h(payload, ctx);
    return last;
  }
}

let dir: string;
let ctx: PiContext & { notices: string[] };

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "abridge-pi-unit-"));
  const sessionFile = join(dir, "sessions", "2026-11-23T09-00-00-000Z_abc.jsonl");
  mkdirSync(join(dir, "sessions"), { recursive: true });
  const notices: string[] = [];
  ctx = { cwd: dir, hasUI: true, ui: { notify: (m: string) => void notices.push(m) }, sessionManager: { getSessionFile: () => sessionFile }, notices };
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function bashEvent(text: string, details: unknown = undefined, isError = false): PiToolResultEvent {
  return { toolName: "bash", toolCallId: "call_7", input: { command: "make -k" }, content: [{ type: "text", text }], details, isError };
}

describe("recovering pi's output", () => {
  it("reads the full output pi saved and the exit code from its status line", () => {
    const full = join(dir, "pi-bash-1.log");
    writeFileSync(full, "line 1\nerror: boom\nline 3\n");
    const r = recoverOutput(`line 3\n\n[Showing lines 3-3 of 3. Full output: ${full}]\n\nCommand exited with code 2`, undefined);
    expect(r).toEqual({ output: "line 1\nerror: boom\nline 3\n", exitCode: 2, fullOutputPath: full });
  });

  it("prefers details.fullOutputPath and keeps the text when the file is gone", () => {
    expect(recoverOutput("tail\n\n[Showing lines 9-9 of 9. Full output: /nonexistent/x.log]", { fullOutputPath: "/nonexistent/y.log" })).toEqual({ output: "tail" });
  });

  it("drops pi's placeholder for an empty output and keeps plain text as is", () => {
    expect(recoverOutput("(no output)", undefined)).toEqual({ output: "" });
    expect(recoverOutput("Command exited with code 1", undefined)).toEqual({ output: "", exitCode: 1 });
    expect(recoverOutput("a\n\nb", undefined)).toEqual({ output: "a\n\nb" });
  });
});

describe("the pi extension", () => {
  it("replaces a long result with abridge's LLM content and keeps pi's details beside its own", async () => {
    const pi = new FakePi();
    abridgePi()(pi.api);
    const text = fixture("python-etl-traceback-middle");
    const patch = await pi.emit("tool_result", bashEvent(text, { truncation: { truncated: false } }), ctx);
    expect(patch.content).toHaveLength(1);
    expect(patch.content[0].text.length).toBeLessThan(text.length);
    expect(patch.content[0].text).toContain("Traceback");
    expect(patch.details.truncation).toEqual({ truncated: false });
    expect(patch.details.abridge).toMatchObject({ callId: "call_7", category: "CommandOutput" });
    expect(patch.details.abridge.uiContent.length).toBeGreaterThan(patch.content[0].text.length);
    // The log sits in an abridge/ folder beside pi's session, named after it.
    expect(patch.details.abridge.logPath).toBe(join(dir, "sessions", "abridge", "2026-11-23T09-00-00-000Z_abc.jsonl"));
    expect(readFileSync(patch.details.abridge.logPath, "utf8")).toContain('"callId":"call_7"');
  });

  it("registers abridge_read, which pages and greps the logged output", async () => {
    const pi = new FakePi();
    abridgePi()(pi.api);
    const read = pi.tools.find((t) => t.name === "abridge_read")!;
    expect(read.parameters).toMatchObject({ type: "object", required: ["id"] });
    await expect(read.execute("t1", { id: "call_7" })).rejects.toThrow(/no tool output/);
    const text = fixture("python-etl-traceback-middle");
    await pi.emit("tool_result", bashEvent(text), ctx);
    const page = await read.execute("t2", { id: "call_7", offset: 2, limit: 3 });
    const lines = text.split("\n");
    expect(page.content[0]).toMatchObject({ type: "text" });
    expect((page.content[0] as any).text).toContain(`2: ${lines[1]}`);
    expect((page.content[0] as any).text).toContain("[showing lines 2-4 of");
    const hits = await read.execute("t3", { id: "call_7", pattern: "traceback" });
    expect((hits.content[0] as any).text).toMatch(/^\d+:Traceback/m);
    await expect(read.execute("t4", { id: "call_7", limit: 10_000 })).rejects.toThrow(/limit must be an integer from 1 to 500/);
    await expect(read.execute("t5", { id: "call_nope" })).rejects.toThrow();
  });

  it("leaves its own tool, skipped tools and image results untouched", async () => {
    const pi = new FakePi();
    abridgePi({ skipTools: ["write"] })(pi.api);
    expect(await pi.emit("tool_result", { ...bashEvent("x"), toolName: "abridge_read" }, ctx)).toBeUndefined();
    expect(await pi.emit("tool_result", { ...bashEvent("x"), toolName: "write" }, ctx)).toBeUndefined();
    const image = { ...bashEvent("x"), toolName: "read", content: [{ type: "image", data: "iVBOR", mimeType: "image/png" }] };
    expect(await pi.emit("tool_result", image, ctx)).toBeUndefined();
  });

  it("on an internal failure returns the result unchanged and reports once", async () => {
    const pi = new FakePi();
    abridgePi({ level: "nonsense" as any })(pi.api); // invalid configuration: every call fails
    expect(await pi.emit("tool_result", bashEvent("hello"), ctx)).toBeUndefined();
    expect(await pi.emit("tool_result", bashEvent("again"), ctx)).toBeUndefined();
    expect(ctx.notices).toHaveLength(1);
    expect(ctx.notices[0]).toMatch(/^abridge: ABRIDGE_INVALID_OPTION: /);
  });

  it("holds input while a summary is in flight and lets it through when the gate opens", async () => {
    const server = await startProviderServer({ apiKey: "k" });
    try {
      const text = fixture("python-etl-traceback-middle");
      const lines = text.split("\n").filter((l) => /Error|Traceback/.test(l));
      server.reply({ kind: "success", text: `The run failed: ${lines[lines.length - 1]}`, delayMs: 300 });
      const pi = new FakePi();
      abridgePi({ env: {}, summarizer: { provider: "anthropic", baseURL: server.url, apiKey: "k", maxRetries: 0 } })(pi.api);
      expect(await pi.emit("input", { text: "before any tool" }, ctx)).toEqual({ action: "continue" }); // nothing in flight
      const result = pi.emit("tool_result", bashEvent(text), ctx);
      while (server.requests.length === 0) await new Promise((r) => setImmediate(r));
      let summaryAnswered = false;
      const input = pi.emit("input", { text: "stop, try again" }, ctx).then((r) => {
        summaryAnswered = server.requests[0].handledMs !== undefined;
        return r;
      });
      expect(await input).toEqual({ action: "continue" });
      expect(summaryAnswered).toBe(true); // released only once the summary came back
      const patch = await result;
      expect(patch.details.abridge.metadata.summarized).toBe(true);
    } finally {
      await server.close();
    }
  });
});
