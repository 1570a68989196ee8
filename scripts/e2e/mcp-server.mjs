// The real MCP server the end-to-end runs put in front of an agent: the published filesystem
// server (@modelcontextprotocol/server-filesystem), installed on first use into a cache outside
// the repo like the agents, at an exact version. The agent's model reads the failing build with
// its `read_text_file` tool, once straight from the server and once through `abridge mcp-proxy`.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { writeBuild } from "./build-log.mjs";
import { CLI } from "./harness.mjs";

export const MCP_SERVER = Object.freeze({ pkg: "@modelcontextprotocol/server-filesystem", version: "2026.8.31", bin: "mcp-server-filesystem" });
/** The tool the model calls, and the file it reads. */
export const MCP_READ_TOOL = "read_text_file";
export const BUILD_FILE = "build.log";

const CACHE = process.env.ABRIDGE_MCP_SERVERS_DIR ?? join(process.env.XDG_CACHE_HOME ?? join(homedir(), ".cache"), "abridge-agent", "mcp-servers");

/** The server's entry script, installing it first if needed; throws with the reason when it cannot be had. */
export function mcpServerScript() {
  const s = MCP_SERVER;
  const dir = join(CACHE, `${s.pkg.replace("/", "+")}@${s.version}`);
  const script = join(dir, "node_modules", s.pkg, "dist", "index.js");
  if (!existsSync(script)) {
    mkdirSync(dir, { recursive: true });
    process.stderr.write(`installing ${s.pkg}@${s.version} into ${dir} (once)\n`);
    execFileSync("npm", ["install", "--prefix", dir, "--no-audit", "--no-fund", "--loglevel=error", `${s.pkg}@${s.version}`], { stdio: ["ignore", "ignore", "inherit"] });
  }
  return script;
}

/**
 * Writes the failing build into `dir` and returns the MCP server's command line that serves it:
 * the filesystem server allowed to read `dir`, alone (`proxied: false`) or behind
 * `abridge mcp-proxy --name NAME` (`proxied: true`). An agent's MCP config runs `command` with `args`.
 */
export function buildLogServer(dir, { proxied, name }) {
  const build = writeBuild(dir);
  const server = [process.execPath, mcpServerScript(), dir];
  const [command, ...args] = proxied ? [process.execPath, CLI, "mcp-proxy", "--name", name, "--", ...server] : server;
  return { command, args, file: join(dir, BUILD_FILE), tool: MCP_READ_TOOL, ...build };
}
