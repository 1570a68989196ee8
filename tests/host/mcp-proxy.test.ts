// `abridge mcp-proxy` in front of a real stdio MCP server (support/mcp-upstream.mjs), driven by
// the MCP SDK's client over stdio as an agent drives it: initialize answered before the upstream
// is up, tools/resources/prompts passed through, the long build log abridged with a read hint
// that abridge_read follows, short and image results untouched.
import { existsSync, mkdtempSync, readdirSync, readFileSync, watch, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLIENT_ROOTS, startProxy, type ProxySession } from "./support/mcp-client.js";
import { runCli } from "./support/run-cli.js";

const BUILD_LOG = readFileSync(new URL("../fixtures/make-k-c-syntax-error/output", import.meta.url), "utf8");
const BUILD_LINES = BUILD_LOG.replace(/\n$/, "").split("\n");
const ERROR_LINE = "u301.c:4:3: error: expected ‘,’ or ‘;’ before ‘return’";
const LAST_LINE = BUILD_LINES.at(-1)!;
const PNG = readFileSync(new URL("../fixtures/binary-png/output", import.meta.url)).toString("base64");

type Content = { type: string; text?: string; data?: string; mimeType?: string };

function text(result: { content?: unknown }): string {
  return ((result.content ?? []) as Content[]).filter((c) => c.type === "text").map((c) => c.text).join("\n");
}

describe("mcp-proxy in front of a real stdio MCP server", () => {
  let cwd: string;
  let gate: string;
  let proxy: ProxySession;

  beforeAll(async () => {
    cwd = mkdtempSync(join(tmpdir(), "abridge-mcp-proxy-"));
    gate = join(cwd, "upstream-may-start");
    // The upstream connects only once the gate file exists: initialize must be answered without it.
    proxy = await startProxy({ cwd, proxyArgs: ["--name", "build", "--session", "mcp-test"], env: { UPSTREAM_WAIT_FILE: gate, UPSTREAM_PID_FILE: join(cwd, "upstream.pid"), UPSTREAM_CANCEL_FILE: join(cwd, "cancelled") } });
  });
  afterAll(async () => {
    await proxy?.close();
  });

  it("answers initialize before the upstream is up, offering tools, resources and prompts", async () => {
    expect(existsSync(gate)).toBe(false);
    const caps = proxy.client.getServerCapabilities();
    expect(caps?.tools).toBeDefined();
    expect(caps?.resources).toBeDefined();
    expect(caps?.prompts).toBeDefined();
    expect(proxy.client.getServerVersion()?.name).toBe("build");
    writeFileSync(gate, "");
  });

  it("lists the upstream's tools plus abridge_read (tools/list waits for the upstream)", async () => {
    const { tools } = await proxy.client.listTools();
    expect(tools.map((t) => t.name)).toEqual(["build", "failing_build", "git_stat", "read_structured", "screenshot", "with_progress", "roots", "wait_for_cancel", "crash", "abridge_read"]);
    const read = tools.find((t) => t.name === "abridge_read")!;
    expect(read.inputSchema.required).toEqual(["id"]);
    expect(Object.keys(read.inputSchema.properties ?? {})).toEqual(["id", "offset", "limit", "char", "pattern", "context"]);
  });

  it("abridges the long build log: the error line, the last line and a hint naming mcp__build__abridge_read", async () => {
    const result = await proxy.client.callTool({ name: "build", arguments: {} });
    const got = text(result);
    expect(BUILD_LOG.length).toBeGreaterThan(20_000);
    expect(got.length).toBeLessThanOrEqual(4_500);
    expect(got).toContain(ERROR_LINE);
    expect(got).toContain(LAST_LINE);
    expect(result.isError).toBeFalsy();
    const hint = /read more: mcp__build__abridge_read id=(\S+) offset=(\d+)/.exec(got);
    expect(hint).not.toBeNull();

    // Following the hint returns exactly the omitted lines, from the session log.
    const [, id, offset] = hint!;
    const page = await proxy.client.callTool({ name: "abridge_read", arguments: { id, offset: Number(offset), limit: 5 } });
    const lines = text(page).split("\n");
    for (let i = 0; i < 5; i++) expect(lines).toContain(`${Number(offset) + i}: ${BUILD_LINES[Number(offset) - 1 + i]}`);
    expect(got).not.toContain(BUILD_LINES[Number(offset) - 1]);

    // A pattern greps the full output.
    const found = await proxy.client.callTool({ name: "abridge_read", arguments: { id, pattern: "warning: unused variable" } });
    expect(text(found)).toContain("u301.c:3:7: warning: unused variable ‘y’ [-Wunused-variable]");

    // The log holds the whole output under the proxy's session.
    const log = readFileSync(join(cwd, ".abridge/sessions/mcp-test.jsonl"), "utf8");
    const call = log.split("\n").filter(Boolean).map((l) => JSON.parse(l)).find((r) => r.type === "call" && r.callId === id);
    expect(call.tool).toBe("mcp__build__build");
    expect(call.size.bytes).toBe(Buffer.byteLength(BUILD_LOG));
  });

  it("keeps isError on an abridged error result", async () => {
    const result = await proxy.client.callTool({ name: "failing_build", arguments: {} });
    expect(result.isError).toBe(true);
    expect(text(result)).toContain(ERROR_LINE);
    expect(text(result).length).toBeLessThanOrEqual(4_500);
  });

  it("puts the digest in place of the text repeated in structured content, keeping the output schema", async () => {
    // The SDK client checks structuredContent against the tool's outputSchema.
    const result = await proxy.client.callTool({ name: "read_structured", arguments: {} });
    const digest = text(result);
    expect(digest.length).toBeLessThanOrEqual(4_500);
    expect(digest).toContain(ERROR_LINE);
    expect(result.structuredContent).toEqual({ content: digest, path: "build.log" });
  });

  it("passes short results and results with images through unchanged", async () => {
    const short = await proxy.client.callTool({ name: "git_stat", arguments: {} });
    expect(short.content).toEqual([{ type: "text", text: "3 files changed, 41 insertions(+), 7 deletions(-)" }]);
    const image = await proxy.client.callTool({ name: "screenshot", arguments: {} });
    expect(image.content).toEqual([
      { type: "image", data: PNG, mimeType: "image/png" },
      { type: "text", text: BUILD_LOG },
    ]);
  });

  it("reports an unknown id or a bad parameter to the model as a tool error", async () => {
    const missing = await proxy.client.callTool({ name: "abridge_read", arguments: { id: "call_nope" } });
    expect(missing.isError).toBe(true);
    expect(text(missing)).toMatch(/^abridge_read: ABRIDGE_LOG_NOT_FOUND: /);
    const bad = await proxy.client.callTool({ name: "abridge_read", arguments: { id: "x", limit: 100_000 } });
    expect(bad.isError).toBe(true);
    expect(text(bad)).toContain("limit must be an integer from 1 to 500");
  });

  it("relays progress under the client's token, and the upstream's roots/list to the client", async () => {
    const seen: Array<{ progress: number; message?: string }> = [];
    const result = await proxy.client.callTool({ name: "with_progress", arguments: {} }, undefined, { onprogress: (p) => seen.push({ progress: p.progress, message: p.message }) });
    expect(text(result)).toBe("progress token seen: true");
    expect(seen).toEqual([
      { progress: 1, message: "compiling" },
      { progress: 2, message: "linking" },
    ]);
    const roots = await proxy.client.callTool({ name: "roots", arguments: {} });
    expect(text(roots)).toBe(CLIENT_ROOTS.map((r) => r.uri).join("\n"));
  });

  it("cancels the upstream's call when the client cancels", async () => {
    const controller = new AbortController();
    const call = proxy.client.callTool({ name: "wait_for_cancel", arguments: {} }, undefined, { signal: controller.signal, onprogress: () => controller.abort("the user pressed Esc") });
    await expect(call).rejects.toThrow();
    const file = join(cwd, "cancelled");
    await new Promise<void>((resolve) => {
      const watcher = watch(cwd, () => existsSync(file) && (watcher.close(), resolve()));
      if (existsSync(file)) (watcher.close(), resolve());
    });
    expect(readFileSync(file, "utf8")).toContain("the user pressed Esc");
  });

  it("forwards resources and prompts", async () => {
    const { resources } = await proxy.client.listResources();
    expect(resources).toEqual([{ uri: "file:///project/build.log", name: "build.log", mimeType: "text/plain" }]);
    const read = await proxy.client.readResource({ uri: "file:///project/build.log" });
    expect(read.contents[0]).toMatchObject({ uri: "file:///project/build.log", text: BUILD_LOG });
    const { resourceTemplates } = await proxy.client.listResourceTemplates();
    expect(resourceTemplates).toEqual([]); // the upstream has none: an empty list, not an error
    const { prompts } = await proxy.client.listPrompts();
    expect(prompts.map((p) => p.name)).toEqual(["explain_failure"]);
    const prompt = await proxy.client.getPrompt({ name: "explain_failure", arguments: { target: "libunits.a" } });
    expect(prompt.messages[0]!.content).toEqual({ type: "text", text: "Explain why libunits.a failed." });
  });

  it("passes the upstream's own errors on with their code", async () => {
    await expect(proxy.client.callTool({ name: "no_such_tool", arguments: {} })).rejects.toMatchObject({ code: -32602, message: expect.stringContaining("unknown tool no_such_tool") });
  });

  it("ends the upstream when the client disconnects", async () => {
    const pid = Number(readFileSync(join(cwd, "upstream.pid"), "utf8"));
    expect(() => process.kill(pid, 0)).not.toThrow();
    const stderr = await proxy.close();
    expect(() => process.kill(pid, 0)).toThrow(expect.objectContaining({ code: "ESRCH" }));
    expect(stderr).not.toMatch(/abridge: /); // nothing went wrong, nothing reported
    expect(readdirSync(join(cwd, ".abridge/sessions"))).toEqual(["mcp-test.jsonl"]);
  });
});

describe("mcp-proxy on the command line", () => {
  it("answers --help, and usage errors with exit 2", () => {
    const help = runCli(["mcp-proxy", "--help"]);
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/^usage: abridge mcp-proxy /);
    expect(runCli(["--help"]).stdout).toMatch(/^ {2}mcp-proxy {2}\S/m);
    const none = runCli(["mcp-proxy"]);
    expect(none.status).toBe(2);
    expect(none.stderr).toContain("ABRIDGE_USAGE: mcp-proxy needs the MCP server's command after --");
    expect(runCli(["mcp-proxy", "--name", "a b", "--", "true"]).status).toBe(2);
  });

  it("names the read tool as the agent does with --read-tool (Gemini CLI: mcp_<name>_abridge_read)", async () => {
    const proxy = await startProxy({ cwd: mkdtempSync(join(tmpdir(), "abridge-mcp-hint-")), proxyArgs: ["--name", "build", "--read-tool", "mcp_build_abridge_read"] });
    try {
      const got = text(await proxy.client.callTool({ name: "build", arguments: {} }));
      expect(got).toMatch(/read more: mcp_build_abridge_read id=\S+ offset=\d+/);
    } finally {
      await proxy.close();
    }
  });
});
