// The Claude Code PostToolUse hook that `abridge install claude` adds matches `mcp__.*`. A server
// behind `abridge mcp-proxy` is abridged by the proxy, which sees the whole result (Claude Code
// replaces a result over its size limit before any hook runs): the hook must leave the proxy's
// digests and abridge_read pages alone, and still abridge a long result of any other server.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureBuiltCli } from "./support/built-cli.js";
import { startProxy, type ProxySession } from "./support/mcp-client.js";

const CLI = ensureBuiltCli();
const BUILD_LOG = readFileSync(new URL("../fixtures/make-k-c-syntax-error/output", import.meta.url), "utf8");

function text(result: { content?: unknown }): string {
  return ((result.content ?? []) as Array<{ type: string; text?: string }>).map((c) => c.text ?? "").join("\n");
}

/** `abridge hook claude` on a PostToolUse input as Claude Code sends it for an MCP tool. */
function postToolUse(cwd: string, tool: string, response: unknown): { answer: string; stderr: string } {
  const input = { session_id: "hook-session", cwd, hook_event_name: "PostToolUse", tool_name: tool, tool_input: {}, tool_response: response, tool_use_id: "toolu_hook_1" };
  const r = spawnSync(process.execPath, [CLI, "hook", "claude"], { input: JSON.stringify(input), encoding: "utf8", cwd });
  expect(r.status).toBe(0);
  return { answer: r.stdout.trim(), stderr: r.stderr };
}

describe("mcp-proxy and the Claude Code PostToolUse hook", () => {
  let cwd: string;
  let proxy: ProxySession;

  beforeAll(async () => {
    cwd = mkdtempSync(join(tmpdir(), "abridge-mcp-hook-"));
    proxy = await startProxy({ cwd, proxyArgs: ["--name", "build"] });
  });
  afterAll(async () => {
    await proxy?.close();
  });

  it("leaves the proxy's digest alone, as text blocks or as the JSON string Claude Code passes for structured results", async () => {
    const digest = text(await proxy.client.callTool({ name: "build", arguments: {} }));
    expect(digest).toMatch(/read more: mcp__build__abridge_read id=\S+ offset=\d+/);
    expect(digest.length).toBeGreaterThan(1_500); // long enough for the hook to act on, were it allowed
    expect(postToolUse(cwd, "mcp__build__build", [{ type: "text", text: digest }]).answer).toBe("");
    expect(postToolUse(cwd, "mcp__build__build", JSON.stringify({ content: digest })).answer).toBe("");
  });

  it("leaves abridge_read pages alone", async () => {
    const digest = text(await proxy.client.callTool({ name: "build", arguments: {} }));
    const [, id] = /id=(\S+)/.exec(digest)!;
    const page = text(await proxy.client.callTool({ name: "abridge_read", arguments: { id, offset: 1, limit: 500 } }));
    expect(page.length).toBeGreaterThan(4_000);
    expect(postToolUse(cwd, "mcp__build__abridge_read", [{ type: "text", text: page }]).answer).toBe("");
  });

  it("still abridges a long result of a server that is not behind the proxy", () => {
    const { answer } = postToolUse(cwd, "mcp__other__build", [{ type: "text", text: BUILD_LOG }]);
    const replaced = JSON.parse(answer).hookSpecificOutput.updatedMCPToolOutput.content[0].text as string;
    expect(replaced.length).toBeLessThan(BUILD_LOG.length);
    expect(replaced).toContain("u301.c:4:3: error: expected ‘,’ or ‘;’ before ‘return’");
    expect(replaced).toMatch(/ log show /);
  });
});
