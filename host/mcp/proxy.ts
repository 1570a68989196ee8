// `abridge mcp-proxy`: a stdio MCP server in front of another one. It answers the agent's
// `initialize` at once (Codex builds its first turn from whatever tools it has by then), starts
// the upstream in the background, forwards tools, resources, prompts and their notifications,
// hands long text tool results to abridge, and adds `abridge_read` to page what was left out.
import { readFileSync } from "node:fs";
import type { Readable, Writable } from "node:stream";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import type { ClientCapabilities } from "@modelcontextprotocol/sdk/types.js";
import { DEFAULTS } from "../config.js";
import { PACKAGE_ROOT } from "../paths.js";
import { ResultCompactor } from "./compact.js";
import { relayFromAgent, relayFromUpstream } from "./forward.js";
import { registerHandlers, type ListKind } from "./handlers.js";
import { READ_TOOL } from "./read-tool.js";
import { Upstream } from "./upstream.js";

export interface McpProxyOptions {
  /** The upstream server's command and arguments. */
  command: string;
  args: string[];
  /**
   * The server's name as the agent's config names it: tools are logged as `mcp__<name>__<tool>`
   * and the read hint names `mcp__<name>__abridge_read`. Default: the upstream's own name for
   * the log, and a hint that names `abridge_read` alone.
   */
  name?: string;
  /**
   * The read tool's name as the agent shows it to the model, for the hint: Claude Code and Codex
   * show `mcp__<name>__abridge_read` (the default with `name`), Gemini CLI 0.61
   * `mcp_<name>_abridge_read`, opencode 1.18 `<name>_abridge_read`.
   */
  readTool?: string;
  sessionId?: string;
  /** The session log, instead of `.abridge/sessions/<session>.jsonl` in `cwd`. */
  log?: string;
  /** How long a request waits for the upstream to come up. @default 30_000 */
  startupTimeoutMs?: number;
  /** @default process.cwd() */
  cwd?: string;
  /** @default process.env */
  env?: NodeJS.ProcessEnv;
  /** The agent's side. @default process.stdin / process.stdout */
  input?: Readable;
  output?: Writable;
  /** Where the upstream's stderr and the proxy's own reports go. @default process.stderr */
  errors?: Writable;
}

export const PROXY_DEFAULTS = Object.freeze({ startupTimeoutMs: 30_000, serverName: "abridge-mcp-proxy" });

function packageVersion(): string {
  try {
    return String(JSON.parse(readFileSync(new URL("package.json", PACKAGE_ROOT), "utf8")).version);
  } catch {
    return "0.0.0";
  }
}

/** What the agent's client offers that an upstream may ask for: the proxy relays those requests. */
function relayedCapabilities(c: ClientCapabilities | undefined): ClientCapabilities {
  const out: ClientCapabilities = {};
  if (c?.roots) out.roots = c.roots;
  if (c?.sampling) out.sampling = c.sampling;
  if (c?.elicitation) out.elicitation = c.elicitation;
  return out;
}

/** What a marker tells the model to call: the read tool under the name the agent gives it. */
function readHint(options: McpProxyOptions): string {
  const tool = options.readTool ?? (options.name ? `mcp__${options.name}__${READ_TOOL.name}` : undefined);
  return tool ? `read more: ${tool} id={id} offset={first}` : DEFAULTS.log.readHint;
}

/** Runs the proxy until the agent disconnects. */
export async function runMcpProxy(options: McpProxyOptions): Promise<void> {
  const input = options.input ?? process.stdin;
  const output = options.output ?? process.stdout;
  const errors = options.errors ?? process.stderr;
  const cwd = options.cwd ?? process.cwd();
  const version = packageVersion();
  let closing = false;
  const report = (message: string) => {
    if (!closing) errors.write(`abridge: ${message}\n`);
  };

  const server = new Server(
    { name: options.name ?? PROXY_DEFAULTS.serverName, version },
    // Offered before the upstream is known: what it lacks is answered as empty (lists) or
    // forwarded and refused by the upstream itself.
    { capabilities: { tools: { listChanged: true }, resources: { subscribe: true, listChanged: true }, prompts: { listChanged: true }, logging: {}, completions: {} } },
  );

  // Lists answered before the upstream was up: the agent is told to fetch them again once it is.
  const answeredEarly = new Set<ListKind>();
  const upstream = new Upstream(
    { command: options.command, args: options.args, cwd, env: options.env ?? process.env },
    {
      startupTimeoutMs: options.startupTimeoutMs ?? PROXY_DEFAULTS.startupTimeoutMs,
      clientInfo: { name: PROXY_DEFAULTS.serverName, version },
      onStderr: (chunk) => errors.write(chunk),
      onDown: report,
      prepare: (client) => relayFromUpstream(client, server),
      onReady: () => {
        for (const kind of answeredEarly) void server.notification({ method: `notifications/${kind}/list_changed` }).catch(() => {});
        answeredEarly.clear();
      },
    },
  );
  const start = () => upstream.start(relayedCapabilities(server.getClientCapabilities()));
  server.oninitialized = start;
  relayFromAgent(server, () => upstream.ready);

  const toolPrefix = () => `mcp__${options.name ?? upstream.ready?.getServerVersion()?.name ?? "upstream"}__`;
  const compactor = new ResultCompactor({
    cwd,
    sessionId: options.sessionId,
    log: options.log,
    readHint: readHint(options),
    report,
  });

  registerHandlers(server, { upstream, start, answeredEarly, compactor, toolPrefix });

  const transport = new StdioServerTransport(input, output);
  const stopped = new Promise<void>((resolve) => {
    server.onclose = () => resolve();
  });
  const stop = () => {
    if (closing) return;
    closing = true;
    void server.close();
  };
  // The agent closing our stdin (or our stdout) is the end of the session.
  input.once("end", stop);
  input.once("close", stop);
  output.once("error", stop);
  await server.connect(transport);
  await stopped;
  await Promise.allSettled([upstream.close(), compactor.close()]);
}
