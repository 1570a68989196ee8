// `abridge mcp-proxy`: a stdio MCP server in front of any stdio MCP server. The MCP SDK is
// loaded only here, when the proxy runs, so no other command pays for it.
import { isAbsolute, resolve } from "node:path";
import { intOption, parse, printHelp, usageError } from "./io.js";

export const help = `usage: abridge mcp-proxy [--name N] [--read-tool NAME] [--session S] [--log PATH] [--startup-timeout SECONDS] -- CMD [ARGS…]

A stdio MCP server that fronts the stdio MCP server CMD: its tools, resources and prompts are
passed through, long text tool results reach the model as abridge's digest (the full output
goes to the session log), and an \`abridge_read\` tool pages what a digest left out.
Answers the agent's initialize at once and starts CMD in the background; requests that need
CMD wait for it. If abridge itself fails, results pass through unchanged (fail open).

options:
  --name N                the server's name in the agent's config: the read hint then names
                          mcp__N__abridge_read, and results are logged as mcp__N__<tool>
  --read-tool NAME        the read tool as the agent names it, for the hint (Gemini CLI:
                          mcp_N_abridge_read, opencode: N_abridge_read)
  --session S             the session (names the log; default: a new one per start)
  --log PATH              the log file (default .abridge/sessions/<session>.jsonl)
  --startup-timeout SECS  how long a request waits for CMD to come up (default 30)
  -h, --help              this help

Claude Code (.mcp.json or --mcp-config FILE):
  {"mcpServers": {"fs": {"command": "abridge", "args": ["mcp-proxy", "--name", "fs", "--", "npx", "-y", "@modelcontextprotocol/server-filesystem", "."]}}}`;

export async function run(argv: string[]): Promise<number> {
  const dash = argv.indexOf("--");
  const own = dash < 0 ? argv : argv.slice(0, dash);
  const command = dash < 0 ? [] : argv.slice(dash + 1);
  const { values, positionals } = parse(own, {
    name: { type: "string" },
    "read-tool": { type: "string" },
    session: { type: "string" },
    log: { type: "string" },
    "startup-timeout": { type: "string" },
  });
  if (printHelp(values, help)) return 0;
  if (positionals.length > 0) throw usageError(`mcp-proxy takes the server's command after --, got ${JSON.stringify(positionals[0])}`);
  if (command.length === 0) throw usageError("mcp-proxy needs the MCP server's command after --");
  const name = typeof values.name === "string" ? values.name : undefined;
  if (name !== undefined && !/^[A-Za-z0-9_-]{1,64}$/.test(name)) throw usageError(`--name must be 1-64 letters, digits, '_' or '-', got ${JSON.stringify(name)}`);
  const readTool = typeof values["read-tool"] === "string" ? values["read-tool"] : undefined;
  if (readTool !== undefined && !/^[A-Za-z0-9_.-]{1,128}$/.test(readTool)) throw usageError(`--read-tool must be a tool name (letters, digits, '_', '.', '-'), got ${JSON.stringify(readTool)}`);
  const seconds = intOption("startup-timeout", values["startup-timeout"], 1);
  const { runMcpProxy } = await import("../mcp/index.js");
  await runMcpProxy({
    command: command[0]!,
    args: command.slice(1),
    name,
    readTool,
    sessionId: typeof values.session === "string" ? values.session : undefined,
    log: typeof values.log === "string" ? (isAbsolute(values.log) ? values.log : resolve(values.log)) : undefined,
    startupTimeoutMs: seconds === undefined ? undefined : seconds * 1000,
  });
  return 0;
}
