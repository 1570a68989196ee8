// Codex end to end: the real `codex exec` against a scripted Responses API model on loopback,
// with CODEX_HOME and HOME isolated per run and every outside connection refused. Runs the
// failing build without abridge and with it (after `abridge install codex` and the user's
// approval of the hook in Codex's own review), follows the read hint, checks that exec-policy
// rules and an approval policy that asks behave exactly as without abridge, and breaks abridge
// on purpose to show the command's complete output and exit code still reach the model.
//
// The helpers that set up an isolated Codex home, approve its hooks and run `codex exec` are
// exported for further scenarios (an MCP server in config.toml, for one).
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { writeBuild, writeShortBuild } from "./build-log.mjs";
import { ABRIDGE_REPORT, BUDGET_LIMIT, CLI, expectedHintLine, facts, holdsEveryLine, offlineEnv, packageCopy, refusingProxy, results, runAsync } from "./harness.mjs";
import { functionCallOutputs, startResponsesModel } from "./responses-model.mjs";

/** Every directory this run made: removed at the end when every check passed, kept to look at otherwise. */
const roots = [];

/** The model provider every run uses; its base URL is given per run (the scripted model's port). */
export const PROVIDER = "abridge_e2e";
const API_KEY_ENV = "ABRIDGE_E2E_OPENAI_KEY";
const API_KEY = "sk-e2e-loopback-key-0000000000";

/**
 * An isolated Codex: a home (CODEX_HOME and HOME) whose config.toml points at the scripted model
 * and lets commands write in the project (`sandbox_mode = "workspace-write"`), and a project
 * directory holding the failing build. `config` holds TOML tables appended to config.toml (e.g.
 * `[mcp_servers.X]`); pass `home` to put another project beside an existing home (its hook trust
 * included).
 * `build(dir)` writes the command's files; what it returns is kept as `build`.
 */
export function codexProject({ home, config = "", build = writeBuild } = {}) {
  const root = mkdtempSync(join(tmpdir(), "abridge-e2e-codex-"));
  roots.push(root);
  if (!home) {
    home = join(root, "home");
    mkdirSync(home);
    writeFileSync(
      join(home, "config.toml"),
      [
        `model = "gpt-5-codex"`,
        `model_provider = "${PROVIDER}"`,
        `sandbox_mode = "workspace-write"`,
        ``,
        `[model_providers.${PROVIDER}]`,
        `name = "scripted model on loopback"`,
        // Replaced per run by the scripted model's address (runCodex); nothing listens here.
        `base_url = "http://127.0.0.1:9/v1"`,
        `env_key = "${API_KEY_ENV}"`,
        `wire_api = "responses"`,
        ``,
        config,
      ].join("\n"),
    );
  }
  const dir = join(root, "project");
  mkdirSync(dir);
  return { root, home, dir, build: build(dir) };
}

/** The environment Codex runs in: nothing from this machine's own Codex, nothing outside loopback. */
export function codexEnv(p, proxy) {
  return { PATH: process.env.PATH, HOME: p.home, CODEX_HOME: p.home, [API_KEY_ENV]: API_KEY, TERM: "xterm-256color", ...offlineEnv(proxy) };
}

/** `abridge install codex --global` into the isolated home, as a user runs it; its stdout. */
export function installAbridge(p, cli = CLI) {
  return execFileSync(process.execPath, [cli, "install", "codex", "--global"], { env: { ...process.env, HOME: p.home, CODEX_HOME: p.home }, encoding: "utf8" });
}

/** `codex exec` in the project against the scripted model; extraArgs go after `exec`. */
export function runCodex(bin, p, model, proxy, extraArgs = [], prompt = "Run the build and tell me what failed.") {
  return runAsync(bin, ["exec", "--skip-git-repo-check", "-c", `model_providers.${PROVIDER}.base_url="${model.baseURL}"`, ...extraArgs, prompt], {
    cwd: p.dir,
    timeout: 300_000,
    env: codexEnv(p, proxy),
  });
}

let tmuxSockets = 0;
const pause = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Approves the installed hooks the way a user does: starts the interactive `codex` in a
 * terminal (tmux), and at Codex's "Hooks need review" screen opens the review, opens the
 * PreToolUse hooks, reads the command and presses `t` to trust it. Codex then records the
 * trust in config.toml itself. Returns what the review showed.
 */
export async function approveHooks(bin, p, proxy) {
  const socket = `abridge-e2e-${process.pid}-${++tmuxSockets}`;
  const tmux = (...args) => execFileSync("tmux", ["-L", socket, "-f", "/dev/null", ...args], { env: codexEnv(p, proxy), encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  const screen = () => tmux("capture-pane", "-p", "-t", "codex");
  const waitFor = async (text, what) => {
    for (let i = 0; i < 240; i++) {
      const s = screen();
      if (typeof text === "function" ? text(s) : s.includes(text)) return s;
      await pause(250);
    }
    throw new Error(`codex never showed ${what}; screen:\n${screen()}`);
  };
  // --no-daemon: the TUI would otherwise leave a background app server running.
  tmux("new-session", "-d", "-s", "codex", "-x", "160", "-y", "50", "-c", p.dir, bin, "--no-daemon");
  try {
    await waitFor("Hooks need review", "its hook review");
    tmux("send-keys", "-t", "codex", "Enter"); // "1. Review hooks"
    await waitFor("Before a tool executes", "the hooks list");
    tmux("send-keys", "-t", "codex", "Enter"); // PreToolUse
    const review = await waitFor((s) => s.includes("Command") && s.includes("hook codex"), "the hook's command");
    tmux("send-keys", "-t", "codex", "t");
    const config = join(p.home, "config.toml");
    for (let i = 0; i < 240 && !/trusted_hash/.test(readFileSync(config, "utf8")); i++) await pause(250);
    return review
      .split("\n")
      .map((l) => l.trim())
      .filter((l) => /^(Event|Matcher|Source|Command|Trust) /.test(l));
  } finally {
    try {
      tmux("send-keys", "-t", "codex", "C-c");
      await pause(300);
      tmux("send-keys", "-t", "codex", "C-c");
      await pause(500);
    } catch {
      // already gone
    }
    try {
      tmux("kill-server");
    } catch {
      // the session ended with codex
    }
  }
}

/** Turn 1 runs the command; turn 2 follows the read hint when asked to and one is there; then a final answer. */
function script(state) {
  return (request) => {
    const outputs = functionCallOutputs(request.body);
    if (outputs.length === 0) return { toolCall: { name: "exec_command", arguments: { cmd: state.command ?? "sh build.sh" } } };
    const [last] = outputs;
    if (outputs.length === 1) {
      state.result = last;
      const hint = /read more: (.+ log show \S+ --id \S+ --offset (\d+))/.exec(last.text);
      if (hint && state.followHint) {
        state.hintOffset = Number(hint[2]);
        return { toolCall: { name: "exec_command", arguments: { cmd: `${hint[1]} --limit 5` } } };
      }
    }
    if (outputs.length === 2) state.hintResult = last;
    return { text: "Done." };
  };
}

/** One scripted session: the model, the run, what the model got back. */
async function session(bin, p, proxy, state = {}, extraArgs = []) {
  const model = await startResponsesModel(script(state));
  const run = await runCodex(bin, p, model, proxy, extraArgs);
  await model.close();
  return { run, state, requests: model.requests.length };
}

/** The exit code Codex reported to the model ("Process exited with code N"). */
function reportedExit(text) {
  const m = /Process exited with code (\d+)/.exec(text ?? "");
  return m ? Number(m[1]) : null;
}

/** What the model got, with the exit code Codex told it. */
function codexFacts(result) {
  return { ...facts(result), exitCode: reportedExit(result?.text) };
}

/** Codex's own view of an output, without the parts that differ per run (chunk id, wall time). */
function codexView(result) {
  const text = result?.text ?? "";
  const at = text.indexOf("Original token count");
  return at < 0 ? text : text.slice(at);
}

function stderrCount(run, re) {
  return (run.stderr.match(re) ?? []).length;
}

export async function e2e(bin) {
  const proxy = await refusingProxy();
  const { out, check } = results("codex");
  let withoutView = "";
  try {
    // 1. Without abridge: what Codex alone sends the model.
    {
      const p = codexProject();
      const { run, state } = await session(bin, p, proxy);
      out.without = codexFacts(state.result);
      withoutView = codexView(state.result);
      out.buildBytes = readFileSync(join(p.dir, "build.log")).length;
      check("without abridge: the build ran", existsSync(join(p.dir, "ran.marker")), run.stderr.slice(-300));
    }

    // 2. With abridge, installed into the isolated CODEX_HOME.
    const main = codexProject();
    {
      const said = installAbridge(main);
      out.install = said.trim().split("\n");
      check("install: abridge install codex writes the hook to hooks.json", existsSync(join(main.home, "hooks.json")), said);
      check("install: it tells the user to trust the hook in Codex", /trust/.test(said) && /\/hooks/.test(said), said);
      // Before the user trusts it, Codex does not run the hook: everything is as without abridge.
      const before = await session(bin, main, proxy);
      out.untrusted = codexFacts(before.state.result);
      check("before the hook is trusted: Codex runs it not at all (its own output)", !/hook: PreToolUse/.test(before.run.stderr) && codexView(before.state.result) === withoutView, `${out.untrusted.chars} chars`);
      out.review = await approveHooks(bin, main, proxy);
      const config = readFileSync(join(main.home, "config.toml"), "utf8");
      check("hook trust: approved once in Codex's own review, recorded by Codex", config.includes(`${join(main.home, "hooks.json")}:pre_tool_use:0:0`) && /trusted_hash = "sha256:/.test(config), out.review.join(" | "));
    }
    {
      const { run, state } = await session(bin, main, proxy, { followHint: true });
      out.with = codexFacts(state.result);
      check("with abridge: the hook wrapped the command", /hook: PreToolUse Completed/.test(run.stderr) && /cli\.bundle\.js run --id /.test(run.stderr), run.stderr.slice(-300));
      check("with abridge: the tool result is within 4,500 chars", out.with.chars > 0 && out.with.chars <= BUDGET_LIMIT, `${out.with.chars} chars`);
      check("with abridge: the error line is there verbatim", out.with.hasError, "");
      check("with abridge: the last line is there verbatim", out.with.hasLastLine, "");
      check("with abridge: Codex still reports the real exit code (2)", out.with.exitCode === 2, String(out.with.exitCode));
      const logs = existsSync(join(main.dir, ".abridge", "sessions")) ? readdirSync(join(main.dir, ".abridge", "sessions")) : [];
      check("with abridge: the full output is in the project's log, written inside Codex's sandbox", logs.some((f) => f.endsWith(".jsonl")), logs.join(", "));
      const expected = expectedHintLine(readFileSync(join(main.dir, "build.log"), "utf8"), state.hintOffset);
      out.hint = { offset: state.hintOffset ?? null, chars: state.hintResult?.text.length ?? 0 };
      check("with abridge: following the hint returns the omitted lines", (state.hintResult?.text ?? "").includes(expected), `${expected} — got: ${state.hintResult?.text ?? "(no second call)"}`);
    }

    // 3. Permissions. An approval policy under which Codex may ask (on-request; `codex exec`
    //    itself always runs under "never", so --approve-for-me is how exec gets on-request):
    //    abridge leaves the command exactly as it was.
    {
      const p = codexProject({ home: main.home });
      const { run, state } = await session(bin, p, proxy, {}, ["--approve-for-me"]);
      out.onRequest = codexFacts(state.result);
      check(
        "approval on-request with abridge: the hook ran and left the command unwrapped",
        /approval: on-request/.test(run.stderr) && /hook: PreToolUse Completed/.test(run.stderr) && !/cli\.bundle\.js run/.test(run.stderr) && /bash -lc 'sh build\.sh'/.test(run.stderr),
        run.stderr.slice(-300),
      );
      check("approval on-request with abridge: the model got Codex's own result, as without abridge", codexView(state.result) === withoutView && out.onRequest.exitCode === 2, `${out.onRequest.chars} chars`);
    }
    // An exec-policy rule that forbids the command still forbids it with abridge installed.
    for (const installed of [false, true]) {
      const p = codexProject();
      mkdirSync(join(p.home, "rules"));
      writeFileSync(join(p.home, "rules", "default.rules"), 'prefix_rule(pattern = ["sh", "build.sh"], decision = "forbidden")\n');
      if (installed) {
        installAbridge(p);
        await approveHooks(bin, p, proxy);
      }
      const { run, state } = await session(bin, p, proxy);
      const ran = existsSync(join(p.dir, "ran.marker"));
      const key = installed ? "forbiddenWith" : "forbiddenWithout";
      out[key] = { ran, result: (state.result?.text ?? "").slice(0, 200) };
      check(`forbidden rule ${installed ? "with" : "without"} abridge: Codex refused the command`, !ran && /rejected: policy forbids/.test(state.result?.text ?? ""), `${out[key].result} ${run.stderr.slice(-200)}`);
    }

    // 4. Fail open: abridge broken on purpose. The short build lets Codex pass the output on whole.
    // a) The CLI the hook names is gone (the package removed without `abridge uninstall`).
    {
      const p = codexProject({ build: writeShortBuild });
      const lines = p.build;
      installAbridge(p, packageCopy(p.root).cli);
      await approveHooks(bin, p, proxy);
      rmSync(join(p.root, "abridge-agent", "dist", "cli.bundle.js"));
      const { run, state } = await session(bin, p, proxy);
      out.failOpenMissingCli = codexFacts(state.result);
      check("fail open, abridge's CLI gone: the model got the complete output", holdsEveryLine(state.result?.text, lines), `${out.failOpenMissingCli.chars} chars`);
      check("fail open, abridge's CLI gone: and the real exit code (2)", out.failOpenMissingCli.exitCode === 2, String(out.failOpenMissingCli.exitCode));
      check("fail open, abridge's CLI gone: Codex reports the failed hook once", stderrCount(run, /hook: PreToolUse Failed/g) === 1, run.stderr.slice(-300));
    }
    // b) The log cannot be written (.abridge is a file), and c) the sandbox forbids the write (read-only).
    for (const [name, prepare, args] of [
      ["the log unwritable", (p) => writeFileSync(join(p.dir, ".abridge"), "not a directory\n"), []],
      ["a read-only sandbox", () => {}, ["-s", "read-only"]],
    ]) {
      const p = codexProject({ home: main.home, build: writeShortBuild });
      const lines = p.build;
      prepare(p);
      const { run, state } = await session(bin, p, proxy, {}, args);
      const text = state.result?.text ?? "";
      const f = codexFacts(state.result);
      out[name === "a read-only sandbox" ? "failOpenReadOnly" : "failOpenLogUnwritable"] = f;
      check(`fail open, ${name}: the command was wrapped`, /cli\.bundle\.js run --id /.test(run.stderr), run.stderr.slice(-300));
      check(`fail open, ${name}: the model got the complete output`, holdsEveryLine(text, lines), `${f.chars} chars`);
      check(`fail open, ${name}: and the real exit code (2)`, f.exitCode === 2, String(f.exitCode));
      check(`fail open, ${name}: abridge reported the failure once`, (text.match(ABRIDGE_REPORT) ?? []).length === 1, (text.match(/abridge: ABRIDGE_[^\n]*/) ?? [""])[0]);
    }
    // An MCP server in config.toml, on its own and behind abridge mcp-proxy.
    const { codexMcpScenarios } = await import("./codex-mcp.mjs");
    await codexMcpScenarios(bin, proxy, out, check);
  } finally {
    proxy.close();
  }
  if (out.checks.every((c) => c.ok)) for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
  return out;
}
