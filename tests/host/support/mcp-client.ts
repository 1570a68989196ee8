// Drives `abridge mcp-proxy` as an agent does: the built CLI spawned over stdio, spoken to by
// the MCP SDK's own client, in front of the real test upstream (support/mcp-upstream.mjs).
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { ListRootsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { ensureBuiltCli } from "./built-cli.js";

export const UPSTREAM = fileURLToPath(new URL("./mcp-upstream.mjs", import.meta.url));
/** The roots the test client offers: an upstream asking for them must get exactly these. */
export const CLIENT_ROOTS = [{ uri: "file:///work/project-under-test", name: "project" }];

const cli = ensureBuiltCli();

export interface ProxySession {
  client: Client;
  /** Everything the proxy wrote to stderr so far. */
  stderr(): string;
  /** Disconnects (the proxy then ends) and resolves with the proxy's whole stderr. */
  close(): Promise<string>;
}

export interface ProxyLaunch {
  cwd: string;
  /** Options before `--`. */
  proxyArgs?: string[];
  /** The upstream command; the test upstream by default. */
  upstream?: string[];
  env?: Record<string, string>;
}

/** The proxy's process, connected: `initialize` answered. */
export async function startProxy(launch: ProxyLaunch): Promise<ProxySession> {
  const upstream = launch.upstream ?? [process.execPath, UPSTREAM];
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [cli, "mcp-proxy", ...(launch.proxyArgs ?? []), "--", ...upstream],
    cwd: launch.cwd,
    env: { ...(process.env as Record<string, string>), NO_COLOR: "1", ...launch.env },
    stderr: "pipe",
  });
  let stderr = "";
  const ended = new Promise<void>((resolve) => {
    transport.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
    transport.stderr!.on("end", () => resolve());
  });
  const client = new Client({ name: "proxy-test", version: "1.0.0" }, { capabilities: { roots: {} } });
  client.setRequestHandler(ListRootsRequestSchema, async () => ({ roots: CLIENT_ROOTS }));
  await client.connect(transport);
  let closing: Promise<string> | undefined;
  return {
    client,
    stderr: () => stderr,
    close: () =>
      (closing ??= (async () => {
        await client.close();
        await ended;
        return stderr;
      })()),
  };
}
