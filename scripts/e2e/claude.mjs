// Claude Code end to end: the real `claude -p` against a scripted Anthropic model on
// loopback, with HOME and settings isolated per run and every outside connection refused.
// Runs the failing build without abridge and with it (after `abridge install claude`), follows
// the read hint, and checks that deny rules and prompts behave exactly as without abridge. Then
// the same build read through a real MCP server, straight and behind `abridge mcp-proxy`.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startAnthropicModel, toolResults } from "./anthropic-model.mjs";
import { writeBuild, writeShortBuild } from "./build-log.mjs";
import { ABRIDGE_REPORT, BUDGET_LIMIT, CLI, expectedHintLine, facts, holdsEveryLine, offlineEnv, packageCopy, refusingProxy, results, runAsync } from "./harness.mjs";
import { buildLogServer } from "./mcp-server.mjs";

function project(settings) {
  const dir = mkdtempSync(join(tmpdir(), "abridge-e2e-claude-"));
  writeBuild(dir);
  mkdirSync(join(dir, ".claude"));
  writeFileSync(join(dir, ".claude", "settings.json"), JSON.stringify(settings, null, 2));
  mkdirSync(join(dir, "home"));
  return dir;
}

/** Turn 1 runs the build; turn 2 follows the read hint when the result names one; then a final answer. */
function script(state) {
  return (request, index) => {
    if (index === 0) return { toolCall: { name: "Bash", input: { command: "sh build.sh", description: "Run the build" } } };
    const [last] = toolResults(request.body);
    if (index === 1) {
      state.result = last;
      const hint = /read more: (.+ log show \S+ --id \S+ --offset (\d+))/.exec(last?.text ?? "");
      if (hint && state.followHint) {
        state.hintOffset = Number(hint[2]);
        return { toolCall: { name: "Bash", input: { command: `${hint[1]} --limit 5`, description: "Read the omitted lines" } } };
      }
    }
    if (index === 2) state.hintResult = last;
    return { text: "Done." };
  };
}

/** The MCP server's name in the agent's config: its tools are mcp__fs__<tool>. */
const MCP_NAME = "fs";

/** Turn 1 reads the build log with the MCP server's tool; turn 2 follows the proxy's read hint; then a final answer. */
function mcpScript(state, server) {
  return (request, index) => {
    if (index === 0) {
      state.tools = (request.body.tools ?? []).map((t) => t.name).filter((n) => n.startsWith(`mcp__${MCP_NAME}__`));
      return { toolCall: { name: `mcp__${MCP_NAME}__${server.tool}`, input: { path: server.file } } };
    }
    const [last] = toolResults(request.body);
    if (index === 1) {
      state.result = last;
      const hint = new RegExp(`read more: mcp__${MCP_NAME}__abridge_read id=(\\S+) offset=(\\d+)`).exec(last?.text ?? "");
      if (hint) {
        state.hintOffset = Number(hint[2]);
        return { toolCall: { name: `mcp__${MCP_NAME}__abridge_read`, input: { id: hint[1], offset: state.hintOffset, limit: 5 } } };
      }
    }
    if (index === 2) state.hintResult = last;
    return { text: "Done." };
  };
}

/** A project whose MCP config (--mcp-config) names the filesystem server serving the failing build. */
function mcpProject(proxied) {
  const dir = project({ permissions: { allow: [`mcp__${MCP_NAME}__read_text_file`, `mcp__${MCP_NAME}__abridge_read`] } });
  const server = buildLogServer(dir, { proxied, name: MCP_NAME });
  const config = join(dir, "mcp.json");
  writeFileSync(config, JSON.stringify({ mcpServers: { [MCP_NAME]: { command: server.command, args: server.args } } }, null, 2));
  return { dir, server, args: ["--mcp-config", config, "--strict-mcp-config"] };
}

/** The call records in the project's abridge logs (the proxy's and the hooks'). */
function loggedCalls(dir) {
  const sessions = join(dir, ".abridge", "sessions");
  if (!existsSync(sessions)) return [];
  return readdirSync(sessions)
    .filter((f) => f.endsWith(".jsonl"))
    .flatMap((f) => readFileSync(join(sessions, f), "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l)))
    .filter((r) => r.type === "call");
}

const API_KEY = "sk-ant-api03-e2e-loopback-key-0000000000";

async function runClaude(bin, dir, model, proxy, extraArgs = [], extraEnv = {}) {
  // Claude Code reads its onboarding, trust and API-key approval state from ~/.claude.json.
  writeFileSync(join(dir, "home", ".claude.json"), JSON.stringify({ hasCompletedOnboarding: true, customApiKeyResponses: { approved: [API_KEY.slice(-20)], rejected: [] }, projects: { [dir]: { hasTrustDialogAccepted: true } } }));
  return runAsync(bin, ["-p", "Run the build and tell me what failed.", "--output-format", "json", "--setting-sources", "project", "--model", "claude-sonnet-4-5", ...extraArgs], {
    cwd: dir,
    timeout: 300_000,
    env: {
      PATH: process.env.PATH,
      HOME: join(dir, "home"),
      ANTHROPIC_BASE_URL: model.baseURL,
      ANTHROPIC_API_KEY: API_KEY,
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
      DISABLE_AUTOUPDATER: "1",
      ...extraEnv,
      ...offlineEnv(proxy),
    },
  });
}

export async function e2e(bin) {
  const proxy = await refusingProxy();
  const readRule = `Bash(${process.execPath} ${CLI} log show:*)`;
  const allowBuild = { permissions: { allow: ["Bash(sh build.sh)", readRule] } };
  const { out, check } = results("claude");
  try {
    // 1. Without abridge: what Claude Code alone sends the model.
    {
      const dir = project(allowBuild);
      const state = { followHint: false };
      const model = await startAnthropicModel(script(state));
      const run = await runClaude(bin, dir, model, proxy);
      await model.close();
      out.without = facts(state.result);
      check("without abridge: the build ran", existsSync(join(dir, "ran.marker")), run.stderr.slice(0, 300));
    }
    // 2. With abridge installed into the project.
    {
      const dir = project(allowBuild);
      execFileSync(process.execPath, [CLI, "install", "claude", "--project", dir], { stdio: "ignore" });
      const state = { followHint: true };
      const model = await startAnthropicModel(script(state));
      const run = await runClaude(bin, dir, model, proxy);
      await model.close();
      out.with = facts(state.result);
      check("with abridge: the tool result is within 4,500 chars", out.with.chars > 0 && out.with.chars <= BUDGET_LIMIT, `${out.with.chars} chars; ${run.stderr.slice(0, 300)}`);
      check("with abridge: the error line is there verbatim", out.with.hasError, "");
      check("with abridge: the last line is there verbatim", out.with.hasLastLine, "");
      const expected = expectedHintLine(readFileSync(join(dir, "build.log"), "utf8"), state.hintOffset);
      out.hint = { offset: state.hintOffset ?? null, chars: state.hintResult?.text.length ?? 0 };
      check("with abridge: following the hint returns the omitted lines", (state.hintResult?.text ?? "").includes(expected), expected);
    }
    // 3. A deny rule on the original command still denies it with abridge installed.
    for (const installed of [false, true]) {
      const dir = project({ permissions: { allow: [readRule], deny: ["Bash(sh build.sh)"] } });
      if (installed) execFileSync(process.execPath, [CLI, "install", "claude", "--project", dir], { stdio: "ignore" });
      const state = { followHint: false };
      const model = await startAnthropicModel(script(state));
      await runClaude(bin, dir, model, proxy);
      await model.close();
      const ran = existsSync(join(dir, "ran.marker"));
      out[installed ? "denyWith" : "denyWithout"] = { ran, result: (state.result?.text ?? "").slice(0, 160) };
      check(`deny rule ${installed ? "with" : "without"} abridge: the command did not run`, !ran, out[installed ? "denyWith" : "denyWithout"].result);
    }
    // 4. A command neither allowed nor denied still asks (refused in print mode), as without abridge.
    for (const installed of [false, true]) {
      const dir = project({ permissions: { allow: [readRule] } });
      if (installed) execFileSync(process.execPath, [CLI, "install", "claude", "--project", dir], { stdio: "ignore" });
      const state = { followHint: false };
      const model = await startAnthropicModel(script(state));
      await runClaude(bin, dir, model, proxy);
      await model.close();
      const ran = existsSync(join(dir, "ran.marker"));
      out[installed ? "askWith" : "askWithout"] = { ran, result: (state.result?.text ?? "").slice(0, 160) };
      check(`no rule ${installed ? "with" : "without"} abridge: refused in print mode`, !ran, out[installed ? "askWith" : "askWithout"].result);
    }
    // 5. An MCP server returning the failing build, without abridge: what Claude Code alone sends.
    // ENABLE_TOOL_SEARCH=false exposes MCP tools directly instead of behind a tool search.
    const mcpEnv = { ENABLE_TOOL_SEARCH: "false" };
    {
      const { dir, server, args } = mcpProject(false);
      const state = {};
      const model = await startAnthropicModel(mcpScript(state, server));
      const run = await runClaude(bin, dir, model, proxy, args, mcpEnv);
      await model.close();
      out.mcpWithout = { ...facts(state.result), buildBytes: server.bytes, head: (state.result?.text ?? "").slice(0, 160) };
      check("MCP without abridge: the server's read tool was called", state.result !== undefined, `tools ${JSON.stringify(state.tools)}; ${run.stderr.slice(0, 300)}`);
    }
    // 6. The same server behind `abridge mcp-proxy`, with abridge's hooks installed as well: the
    // proxy abridges (it sees the whole result, before Claude Code's size limit replaces it) and
    // the PostToolUse hook on mcp__.* leaves the proxy's results alone.
    {
      const { dir, server, args } = mcpProject(true);
      execFileSync(process.execPath, [CLI, "install", "claude", "--project", dir], { stdio: "ignore" });
      const state = {};
      const model = await startAnthropicModel(mcpScript(state, server));
      const run = await runClaude(bin, dir, model, proxy, args, mcpEnv);
      await model.close();
      out.mcpWith = facts(state.result);
      const r = out.mcpWith;
      check("MCP with mcp-proxy: abridge_read is offered beside the server's tools", (state.tools ?? []).includes(`mcp__${MCP_NAME}__abridge_read`) && (state.tools ?? []).includes(`mcp__${MCP_NAME}__read_text_file`), JSON.stringify(state.tools));
      check("MCP with mcp-proxy: the tool result is within 4,500 chars", r.chars > 0 && r.chars <= BUDGET_LIMIT, `${r.chars} chars; ${run.stderr.slice(0, 300)}`);
      check("MCP with mcp-proxy: the error line is there verbatim", r.hasError, (state.result?.text ?? "").slice(0, 200));
      check("MCP with mcp-proxy: the last line is there verbatim", r.hasLastLine, "");
      const expected = expectedHintLine(readFileSync(server.file, "utf8"), state.hintOffset);
      out.mcpHint = { offset: state.hintOffset ?? null, chars: state.hintResult?.text.length ?? 0 };
      check(`MCP with mcp-proxy: mcp__${MCP_NAME}__abridge_read at the hint's offset returns the omitted lines`, (state.hintResult?.text ?? "").includes(expected), `${expected} / got ${(state.hintResult?.text ?? "").slice(0, 200)}`);
      // Only the proxy logged the MCP call: the hook neither re-abridged the digest nor the page.
      const calls = loggedCalls(dir).filter((c) => c.tool.startsWith("mcp__"));
      out.mcpLoggedCalls = calls.map((c) => c.tool);
      check("MCP with mcp-proxy and the hooks: only the proxy abridged the result", calls.length === 1 && calls[0].tool === `mcp__${MCP_NAME}__${server.tool}` && !/ log show /.test(state.result?.text ?? ""), JSON.stringify(out.mcpLoggedCalls));
    }
    // 7. Fail open: abridge broken on purpose, with a build short enough for Claude Code to pass on
    // whole, so that the model getting the complete output and the exit code can be checked.
    for (const [name, key, breakIt] of [
      // The hook's own CLI gone after install: the hook fails, Claude Code runs the command as it is.
      ["abridge's CLI gone", "failOpenMissingCli", (dir, pkg) => rmSync(pkg.cli)],
      // The log cannot be written (.abridge is a file): the wrapper passes the output on unchanged.
      ["the log unwritable", "failOpenLogUnwritable", (dir) => writeFileSync(join(dir, ".abridge"), "not a directory\n")],
    ]) {
      const dir = project(allowBuild);
      const lines = writeShortBuild(dir);
      const pkg = packageCopy(dir);
      execFileSync(process.execPath, [pkg.cli, "install", "claude", "--project", dir], { stdio: "ignore" });
      breakIt(dir, pkg);
      const state = { followHint: false };
      const model = await startAnthropicModel(script(state));
      await runClaude(bin, dir, model, proxy);
      await model.close();
      const text = state.result?.text ?? "";
      out[key] = { ...facts(state.result), reports: (text.match(ABRIDGE_REPORT) ?? []).length };
      check(`fail open, ${name}: the build ran`, existsSync(join(dir, "ran.marker")));
      check(`fail open, ${name}: the model got the complete output`, holdsEveryLine(text, lines), text.slice(0, 200));
      check(`fail open, ${name}: and the exit code (2)`, /Exit code 2|exit code 2|exited with (code )?2/i.test(text), text.slice(0, 200));
      if (key === "failOpenLogUnwritable") check(`fail open, ${name}: abridge reported the failure once`, out[key].reports === 1, text.slice(-300));
    }
  } finally {
    proxy.close();
  }
  return out;
}
