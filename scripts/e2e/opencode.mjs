// opencode end to end: the real `opencode run` against a scripted Chat Completions model on
// loopback, with HOME and the XDG folders isolated per run and every outside connection refused.
// Runs the failing build without abridge and with it (after `abridge install opencode`), follows
// the read hint, checks that a deny rule still denies, and breaks abridge on purpose to show that
// opencode then gets its own output and the failure is reported once.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { writeBuild } from "./build-log.mjs";
import { startChatModel, toolNames, toolResults } from "./chat-model.mjs";
import { BUDGET_LIMIT, CLI, expectedHintLine, facts, offlineEnv, packageCopy, refusingProxy, results, runAsync } from "./harness.mjs";

/** opencode sometimes stops reading a command's output when the command exits (everything after the first 256 KiB lost, its saved file too): a run where that happened is run again, this many times at most. */
const ATTEMPTS = 4;
const OWN_HEADER = /^\.\.\.output truncated\.\.\.\n\nFull output saved to: (\S+)\n\n/;
const TOOL_HINT = /read more: abridge_read id=(\S+) offset=(\d+)/;
const SHELL_HINT = /read more: (.+ log show \S+ --id \S+ --offset (\d+))/;

function project() {
  const dir = mkdtempSync(join(tmpdir(), "abridge-e2e-opencode-"));
  const build = writeBuild(dir);
  mkdirSync(join(dir, "home"));
  return { dir, build };
}

/** Turn 1 runs the build (`runs` times); the next turn follows the read hint when asked to; then a final answer. */
function script(state) {
  const runs = state.runs ?? 1;
  return (request, index) => {
    const [last] = toolResults(request.body);
    if (index > 0 && index <= runs) (state.results ??= []).push(last);
    if (index < runs) return { toolCall: { name: "bash", arguments: { command: "sh build.sh", description: "Run the build" } } };
    if (index === runs) {
      state.result = last;
      state.tools = toolNames(request.body);
      const tool = TOOL_HINT.exec(last?.text ?? "");
      const shell = SHELL_HINT.exec(last?.text ?? "");
      if (state.followHint && tool) {
        state.hintOffset = Number(tool[2]);
        return { toolCall: { name: "abridge_read", arguments: { id: tool[1], offset: state.hintOffset, limit: 5 } } };
      }
      if (state.followHint && shell) {
        state.hintOffset = Number(shell[2]);
        return { toolCall: { name: "bash", arguments: { command: `${shell[1]} --limit 5`, description: "Read the omitted lines" } } };
      }
    }
    if (index === runs + 1) state.hintResult = last;
    return { text: "Done." };
  };
}

function config(model, extra = {}) {
  return {
    $schema: "https://opencode.ai/config.json",
    provider: { loop: { npm: "@ai-sdk/openai-compatible", name: "Loopback", options: { baseURL: model.baseURL, apiKey: "sk-e2e-loopback" }, models: { scripted: { name: "Scripted" } } } },
    ...extra,
  };
}

async function runOpencode(bin, dir, model, proxy, extra) {
  writeFileSync(join(dir, "opencode.json"), JSON.stringify(config(model, extra), null, 2));
  const home = join(dir, "home");
  return runAsync(bin, ["run", "--model", "loop/scripted", "Run the build and tell me what failed."], {
    cwd: dir,
    timeout: 300_000,
    env: {
      PATH: process.env.PATH,
      HOME: home,
      XDG_CONFIG_HOME: join(home, ".config"),
      XDG_DATA_HOME: join(home, ".local", "share"),
      XDG_CACHE_HOME: join(home, ".cache"),
      XDG_STATE_HOME: join(home, ".local", "state"),
      OPENCODE_DISABLE_AUTOUPDATE: "1",
      OPENCODE_DISABLE_MODELS_FETCH: "1",
      OPENCODE_DISABLE_LSP_DOWNLOAD: "1",
      OPENCODE_DISABLE_SHARE: "1",
      ...offlineEnv(proxy),
    },
  });
}

/** Whether opencode kept the command's whole output (the file it saves a long output to holds all of it). */
function opencodeKeptAll(dir, buildBytes) {
  const saved = join(dir, "home", ".local", "share", "opencode", "tool-output");
  if (!existsSync(saved)) return false;
  return readdirSync(saved).some((f) => statSync(join(saved, f)).size === buildBytes);
}

/** One scenario, run again while opencode lost the output itself (see ATTEMPTS). */
async function scenario(bin, proxy, { followHint = false, install = null } = {}) {
  let attempt = 0;
  for (;;) {
    attempt++;
    const { dir, build } = project();
    if (install) install(dir);
    const state = { followHint };
    const model = await startChatModel(script(state));
    const started = process.hrtime.bigint();
    const run = await runOpencode(bin, dir, model, proxy);
    // Recorded, never asserted on: opencode waits for its own install of @opencode-ai/plugin
    // before it loads any local plugin, which offline fails only after its retries.
    const seconds = Math.round(Number(process.hrtime.bigint() - started) / 1e8) / 10;
    await model.close();
    const keptAll = opencodeKeptAll(dir, build.bytes);
    if (keptAll || attempt >= ATTEMPTS) return { dir, build, state, run, keptAll, attempts: attempt, seconds };
  }
}

/** Whether a tool result is opencode's own view of the build (its note, then a run of the log's own lines), untouched by abridge. */
function isOpencodesOwn(text, buildLog) {
  const header = OWN_HEADER.exec(text ?? "");
  if (!header) return false;
  const rest = text.slice(header[0].length);
  return rest.length > 0 && buildLog.includes(rest) && !text.includes("read more:");
}

const abridgeLines = (stderr) => stderr.split("\n").filter((l) => l.startsWith("abridge: "));

export async function e2e(bin) {
  const proxy = await refusingProxy();
  const { out, check } = results("opencode");
  const install = (cli = CLI) => (dir) => execFileSync(process.execPath, [cli, "install", "opencode", "--project", dir], { stdio: "ignore" });
  try {
    // 1. Without abridge: what opencode alone sends the model.
    {
      const s = await scenario(bin, proxy);
      out.without = { ...facts(s.state.result), buildBytes: s.build.bytes, opencodeKeptAll: s.keptAll, attempts: s.attempts, seconds: s.seconds };
      check("without abridge: the build ran", existsSync(join(s.dir, "ran.marker")), s.run.stderr.slice(0, 300));
      check("without abridge: the model got opencode's own view of the build", isOpencodesOwn(s.state.result?.text, readFileSync(join(s.dir, "build.log"), "utf8")), (s.state.result?.text ?? "").slice(0, 200));
    }
    // 2. With abridge installed into the project; the model follows the read hint.
    {
      const s = await scenario(bin, proxy, { followHint: true, install: install() });
      out.with = { ...facts(s.state.result), opencodeKeptAll: s.keptAll, attempts: s.attempts, seconds: s.seconds };
      check("with abridge: opencode kept the command's whole output (else abridge cannot have it)", s.keptAll, `${s.attempts} attempt(s)`);
      check("with abridge: the model is offered abridge_read", (s.state.tools ?? []).includes("abridge_read"), (s.state.tools ?? []).join(","));
      check("with abridge: the tool result is within 4,500 chars", out.with.chars > 0 && out.with.chars <= BUDGET_LIMIT, `${out.with.chars} chars; ${s.run.stderr.slice(-300)}`);
      check("with abridge: the error line is there verbatim", out.with.hasError, "");
      check("with abridge: the last line is there verbatim", out.with.hasLastLine, "");
      check("with abridge: the read hint names abridge_read", TOOL_HINT.test(s.state.result?.text ?? ""), (s.state.result?.text ?? "").slice(0, 300));
      const expected = expectedHintLine(readFileSync(join(s.dir, "build.log"), "utf8"), s.state.hintOffset);
      out.hint = { offset: s.state.hintOffset ?? null, chars: s.state.hintResult?.text.length ?? 0 };
      check("with abridge: following the hint returns the omitted lines", (s.state.hintResult?.text ?? "").includes(expected), expected);
      const logs = existsSync(join(s.dir, ".abridge", "sessions")) ? readdirSync(join(s.dir, ".abridge", "sessions")) : [];
      check("with abridge: the session log is in the project's .abridge/sessions/, named by opencode's session", logs.some((f) => /^ses_\w+\.jsonl$/.test(f)), logs.join(","));
      check("with abridge: nothing reported on stderr", abridgeLines(s.run.stderr).length === 0, abridgeLines(s.run.stderr).join(" | "));
    }
    // 3. A deny rule on the command still denies it with abridge installed, as without.
    const denied = {};
    for (const installed of [false, true]) {
      const { dir } = project();
      if (installed) install()(dir);
      const state = {};
      const model = await startChatModel(script(state));
      await runOpencode(bin, dir, model, proxy, { permission: { bash: { "*": "allow", "sh build.sh": "deny" } } });
      await model.close();
      const ran = existsSync(join(dir, "ran.marker"));
      denied[installed ? "with" : "without"] = { ran, result: state.result?.text ?? "" };
      check(`deny rule ${installed ? "with" : "without"} abridge: the command did not run`, !ran, denied[installed ? "with" : "without"].result.slice(0, 200));
    }
    out.deny = { without: { ...denied.without, result: denied.without.result.slice(0, 200) }, with: { ...denied.with, result: denied.with.result.slice(0, 200) } };
    check("deny rule: the model is told the same with abridge as without", denied.with.result !== "" && denied.with.result === denied.without.result, `${out.deny.without.result} | ${out.deny.with.result}`);
    // 4. Fail open: abridge broken on purpose; the model gets opencode's own output, the failure is reported once.
    const breaks = [
      {
        name: "the package's bundle removed after install",
        code: "ABRIDGE_CORE_LOAD",
        install: (dir) => {
          const pkg = packageCopy(mkdtempSync(join(tmpdir(), "abridge-e2e-package-"))).dir;
          install(join(pkg, "dist", "cli.bundle.js"))(dir);
          rmSync(join(pkg, "dist", "opencode.bundle.js"));
        },
      },
      {
        name: "the package's wasm core removed after install",
        code: "ABRIDGE_CORE_LOAD",
        install: (dir) => {
          const pkg = packageCopy(mkdtempSync(join(tmpdir(), "abridge-e2e-package-"))).dir;
          install(join(pkg, "dist", "cli.bundle.js"))(dir);
          // Both Node builds: with either one left, it serves alone.
          rmSync(join(pkg, "build", "abridge.wasm"));
          rmSync(join(pkg, "build", "abridge.small.wasm"));
        },
      },
      {
        name: "the log folder cannot be created",
        code: "ABRIDGE_LOG_WRITE",
        install: (dir) => {
          install()(dir);
          writeFileSync(join(dir, ".abridge"), "a file where the log folder should be\n");
        },
      },
    ];
    out.failOpen = [];
    for (const b of breaks) {
      const { dir } = project();
      b.install(dir);
      const state = { runs: 2 };
      const model = await startChatModel(script(state));
      const run = await runOpencode(bin, dir, model, proxy);
      await model.close();
      const log = readFileSync(join(dir, "build.log"), "utf8");
      const own = (state.results ?? []).map((r) => isOpencodesOwn(r?.text, log));
      const reports = abridgeLines(run.stderr);
      out.failOpen.push({ break: b.name, results: (state.results ?? []).map((r) => r?.text.length ?? 0), own, reports });
      check(`fail open (${b.name}): both runs of the build ran`, existsSync(join(dir, "ran.marker")) && own.length === 2, `${own.length} result(s)`);
      check(`fail open (${b.name}): the model got opencode's own output each time`, own.length === 2 && own.every(Boolean), (state.results ?? []).map((r) => (r?.text ?? "").slice(0, 120)).join(" | "));
      check(`fail open (${b.name}): reported once on stderr (${b.code})`, reports.length === 1 && reports[0].startsWith(`abridge: ${b.code}: `), reports.join(" | ") || run.stderr.slice(-300));
    }
  } finally {
    proxy.close();
  }
  return out;
}
