// `abridge mcp-proxy` when things break: an upstream whose prompts/list fails, that cannot start,
// that is slow to start or that dies mid-call gets clear MCP errors naming the command and its
// stderr; and when abridge itself breaks (an unwritable log, a core that cannot load) every
// result goes through unchanged, with the reason reported once on stderr (fail open).
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ToolListChangedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { describe, expect, it } from "vitest";
import { startProxy, UPSTREAM } from "./support/mcp-client.js";

const BUILD_LOG = readFileSync(new URL("../fixtures/make-k-c-syntax-error/output", import.meta.url), "utf8");

function project(): string {
  return mkdtempSync(join(tmpdir(), "abridge-mcp-fail-"));
}

function text(result: { content?: unknown }): string {
  return ((result.content ?? []) as Array<{ type: string; text?: string }>).map((c) => c.text ?? "").join("\n");
}

function count(haystack: string, needle: RegExp): number {
  return haystack.match(new RegExp(needle, "g"))?.length ?? 0;
}

describe("mcp-proxy: an upstream that fails", () => {
  it("answers a failing prompts/list with an empty list and keeps serving", async () => {
    const proxy = await startProxy({ cwd: project(), env: { UPSTREAM_PROMPTS: "throw" } });
    try {
      expect(await proxy.client.listPrompts()).toEqual({ prompts: [] });
      const { tools } = await proxy.client.listTools();
      expect(tools.map((t) => t.name)).toContain("build");
      expect(text(await proxy.client.callTool({ name: "git_stat", arguments: {} }))).toBe("3 files changed, 41 insertions(+), 7 deletions(-)");
    } finally {
      await proxy.close();
    }
  });

  it("names the command, its exit code and its stderr when the upstream cannot start", async () => {
    const proxy = await startProxy({ cwd: project(), env: { UPSTREAM_FAIL_START: "3" } });
    const error = await proxy.client.listTools().then(
      () => null,
      (err: Error) => err,
    );
    expect(error?.message).toContain(`ABRIDGE_MCP_UPSTREAM: the MCP server ${process.execPath} ${UPSTREAM} exited with code 3 before it answered initialize`);
    expect(error?.message).toContain("its stderr ended with:\nupstream: cannot open the project database: permission denied");
    await expect(proxy.client.callTool({ name: "build", arguments: {} })).rejects.toThrow(/exited with code 3/);
    // Lists the agent may ask for at start stay empty rather than fail.
    expect(await proxy.client.listPrompts()).toEqual({ prompts: [] });
    expect(await proxy.client.listResources()).toEqual({ resources: [] });
    const stderr = await proxy.close();
    expect(count(stderr, /abridge: ABRIDGE_MCP_UPSTREAM: /)).toBe(1);
  });

  it("says so when the command does not exist", async () => {
    const proxy = await startProxy({ cwd: project(), upstream: ["/nonexistent/mcp-server", "--stdio"] });
    await expect(proxy.client.listTools()).rejects.toThrow("ABRIDGE_MCP_UPSTREAM: the MCP server /nonexistent/mcp-server --stdio could not be started (ENOENT)");
    await proxy.close();
  });

  it("says so when the upstream dies in the middle of a call, and for every call after", async () => {
    const proxy = await startProxy({ cwd: project() });
    await expect(proxy.client.callTool({ name: "crash", arguments: {} })).rejects.toThrow(/ABRIDGE_MCP_UPSTREAM: the MCP server .* exited with code 7; its stderr ended with:\nupstream: segmentation fault in the indexer/);
    await expect(proxy.client.listTools()).rejects.toThrow(/exited with code 7/);
    const stderr = await proxy.close();
    expect(count(stderr, /abridge: ABRIDGE_MCP_UPSTREAM: /)).toBe(1);
  });

  it("gives up waiting after --startup-timeout, then announces the tools once the upstream is up", async () => {
    const cwd = project();
    const gate = join(cwd, "gate");
    const proxy = await startProxy({ cwd, proxyArgs: ["--startup-timeout", "1"], env: { UPSTREAM_WAIT_FILE: gate } });
    try {
      // (Whether the upstream has printed anything yet depends on how fast it starts: not asserted.)
      await expect(proxy.client.listTools()).rejects.toThrow(/ABRIDGE_MCP_UPSTREAM: the MCP server .* has not answered initialize within 1 s \(still waiting for it\)/);
      const announced = new Promise<void>((resolve) => proxy.client.setNotificationHandler(ToolListChangedNotificationSchema, () => resolve()));
      writeFileSync(gate, "");
      await announced;
      const { tools } = await proxy.client.listTools();
      expect(tools.map((t) => t.name)).toContain("build");
    } finally {
      await proxy.close();
    }
  });
});

describe("mcp-proxy fails open when abridge itself breaks", () => {
  it("passes results through unchanged when the log cannot be written, and says so once", async () => {
    const cwd = project();
    writeFileSync(join(cwd, "not-a-dir"), "");
    const proxy = await startProxy({ cwd, proxyArgs: ["--log", join(cwd, "not-a-dir", "session.jsonl")] });
    for (let i = 0; i < 2; i++) {
      const result = await proxy.client.callTool({ name: "build", arguments: {} });
      expect(result.content).toEqual([{ type: "text", text: BUILD_LOG }]);
    }
    const failing = await proxy.client.callTool({ name: "failing_build", arguments: {} });
    expect(failing).toMatchObject({ content: [{ type: "text", text: BUILD_LOG }], isError: true });
    const stderr = await proxy.close();
    expect(count(stderr, /abridge: /)).toBe(1);
    expect(stderr).toMatch(/abridge: ABRIDGE_LOG_WRITE: .*not-a-dir.* \(tool results are passed through unchanged\)/);
  });

  it("passes results through unchanged when the core cannot load, and says so once", async () => {
    const proxy = await startProxy({ cwd: project(), env: { ABRIDGE_CORE_WASM: "/nonexistent/abridge.wasm" } });
    for (let i = 0; i < 2; i++) {
      const result = await proxy.client.callTool({ name: "build", arguments: {} });
      expect(result.content).toEqual([{ type: "text", text: BUILD_LOG }]);
    }
    const stderr = await proxy.close();
    expect(count(stderr, /abridge: /)).toBe(1);
    expect(stderr).toMatch(/abridge: ABRIDGE_CORE_LOAD: .*\(tool results are passed through unchanged\)/);
  });
});
