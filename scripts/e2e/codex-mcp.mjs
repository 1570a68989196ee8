// Codex with an MCP server, end to end: the published filesystem server serving the failing
// build, named in config.toml (`required = true`, so Codex waits for its tools before the first
// turn), once on its own and once behind `abridge mcp-proxy`. The scripted model reads the build
// with the server's tool, then follows the proxy's read hint with its `abridge_read` tool.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { buildLogServer } from "./mcp-server.mjs";
import { BUDGET_LIMIT, facts } from "./harness.mjs";
import { codexProject, runCodex } from "./codex.mjs";
import { functionCallOutputs, startResponsesModel } from "./responses-model.mjs";

const NAME = "fs";

/** One of the server's tools as Codex offers it: by its own name, in the namespace `mcp__<server>`. */
function toolNamed(body, tool) {
  const namespace = (body.tools ?? []).find((t) => t.type === "namespace" && t.name === `mcp__${NAME}`);
  return namespace?.tools?.some((t) => t.name === tool) ? { name: tool, namespace: namespace.name } : null;
}

function script(state, server) {
  return (request) => {
    const outputs = functionCallOutputs(request.body);
    if (outputs.length === 0) {
      state.readTool = toolNamed(request.body, server.tool);
      state.abridgeRead = toolNamed(request.body, "abridge_read");
      if (!state.readTool) return { text: "no MCP tools were offered" };
      return { toolCall: { ...state.readTool, arguments: { path: server.file } } };
    }
    const [last] = outputs;
    if (outputs.length === 1) {
      state.result = last;
      const hint = /read more: \S*abridge_read id=(\S+) offset=(\d+)/.exec(last.text);
      state.hintTool = hint?.[0] ?? null;
      if (hint && state.abridgeRead) {
        state.hintOffset = Number(hint[2]);
        return { toolCall: { ...state.abridgeRead, arguments: { id: hint[1], offset: state.hintOffset, limit: 5 } } };
      }
    }
    if (outputs.length === 2) state.hintResult = last;
    return { text: "Done." };
  };
}

/** The TOML table that starts the server (or the proxy in front of it). */
function serverTable(server) {
  const toml = (s) => JSON.stringify(s);
  return [`[mcp_servers.${NAME}]`, `command = ${toml(server.command)}`, `args = [${server.args.map(toml).join(", ")}]`, `required = true`, `startup_timeout_sec = 60`, ""].join("\n");
}

/** Runs both MCP sessions and records what the model got into `out` through `check`. */
export async function codexMcpScenarios(bin, proxy, out, check) {
  for (const proxied of [false, true]) {
    const p = codexProject({ build: (dir) => buildLogServer(dir, { proxied, name: NAME }) });
    const server = p.build;
    // The table names the project directory, which exists only now: appended after the fact.
    const config = join(p.home, "config.toml");
    writeFileSync(config, `${readFileSync(config, "utf8")}\n${serverTable(server)}`);
    const state = {};
    const model = await startResponsesModel(script(state, server));
    const run = await runCodex(bin, p, model, proxy, [], "Read build.log with the filesystem tool and tell me what failed.");
    await model.close();
    const f = facts(state.result);
    if (!proxied) {
      out.mcpWithout = { ...f, tool: state.readTool };
      check("MCP without abridge: Codex offered the server's tool on the first turn", state.readTool !== null, run.stderr.slice(-300));
      continue;
    }
    out.mcpWith = { ...f, tool: state.readTool, readTool: state.abridgeRead, hintOffset: state.hintOffset ?? null };
    check("MCP behind abridge mcp-proxy: the tools and abridge_read were offered on the first turn", state.readTool !== null && state.abridgeRead !== null, run.stderr.slice(-300));
    check("MCP behind abridge mcp-proxy: the result is within 4,500 chars", f.chars > 0 && f.chars <= BUDGET_LIMIT, `${f.chars} chars`);
    check("MCP behind abridge mcp-proxy: the error line is there verbatim", f.hasError);
    check("MCP behind abridge mcp-proxy: the last line is there verbatim", f.hasLastLine);
    const lines = readFileSync(server.file, "utf8").split("\n");
    const expected = state.hintOffset ? `${state.hintOffset}: ${lines[state.hintOffset - 1]}` : "(no hint)";
    check("MCP behind abridge mcp-proxy: abridge_read returns the omitted lines", (state.hintResult?.text ?? "").includes(expected), expected);
  }
}
