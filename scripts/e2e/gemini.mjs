// Gemini CLI end to end: the real `gemini -p` against a scripted Gemini model on loopback,
// with HOME isolated per run and every outside connection refused. Runs the failing build
// without abridge and with it (after `abridge install gemini`, project and global), follows
// the read hint, checks that approval modes and policy rules decide exactly as without
// abridge, and breaks abridge on purpose to show the command's output still gets through.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { writeBuild } from "./build-log.mjs";
import { functionResponses, startGeminiModel } from "./gemini-model.mjs";
import { BUDGET_LIMIT, CLI, expectedHintLine, facts, offlineEnv, packageCopy, refusingProxy, results, runAsync } from "./harness.mjs";

const MODEL = "gemini-2.5-flash";
const BUILD = "sh build.sh";

/** A project with the failing build, and a home whose Gemini settings select API-key auth and trust the project. */
function workspace(tag) {
  const root = mkdtempSync(join(tmpdir(), `abridge-e2e-gemini-${tag}-`));
  const project = join(root, "project");
  const home = join(root, "home");
  mkdirSync(project);
  mkdirSync(join(home, ".gemini"), { recursive: true });
  writeBuild(project);
  writeFileSync(join(home, ".gemini", "settings.json"), `${JSON.stringify({ security: { auth: { selectedType: "gemini-api-key" } } }, null, 2)}\n`);
  // The user trusted this folder once (Gemini asks in interactive mode; -p refuses an untrusted one).
  writeFileSync(join(home, ".gemini", "trustedFolders.json"), JSON.stringify({ [project]: "TRUST_FOLDER" }));
  return { root, project, home };
}

/** A user policy rule in ~/.gemini/policies (what `rm -rf` deny rules look like in Gemini's docs). */
function policy(ws, decision, commandPrefix) {
  mkdirSync(join(ws.home, ".gemini", "policies"), { recursive: true });
  writeFileSync(join(ws.home, ".gemini", "policies", "build.toml"), `[[rule]]\ntoolName = "run_shell_command"\ncommandPrefix = "${commandPrefix}"\ndecision = "${decision}"\npriority = 500\n`);
}

/** `abridge install gemini` with a given CLI bundle (the repo's, or a copy the run can break). */
function install(ws, scope, cli = CLI) {
  const where = scope === "global" ? ["--global"] : ["--project", ws.project];
  execFileSync(process.execPath, [cli, "install", "gemini", ...where], { stdio: "ignore", env: { ...process.env, HOME: ws.home } });
  return scope === "global" ? join(ws.home, ".gemini", "settings.json") : join(ws.project, ".gemini", "settings.json");
}

/** Turn 1 runs the build; turn 2 follows the read hint when the result names one; then a final answer. */
function script(state) {
  return (request, index) => {
    if (index === 0) {
      state.tools = request.tools;
      return { functionCall: { name: "run_shell_command", args: { command: BUILD, description: "Run the build" } } };
    }
    const [last] = functionResponses(request.body);
    if (index === 1) {
      state.result = last;
      // What the conversation history says the model asked for (Gemini keeps the original call).
      const calls = request.body.contents.flatMap((c) => (c.parts ?? []).filter((p) => p.functionCall).map((p) => p.functionCall));
      state.historyCommand = calls.at(-1)?.args?.command;
      const hint = /read more: (.+ log show \S+ --id \S+ --offset (\d+))/.exec(last?.text ?? "");
      if (hint && state.followHint) {
        state.hintOffset = Number(hint[2]);
        return { functionCall: { name: "run_shell_command", args: { command: `${hint[1]} --limit 5`, description: "Read the omitted lines" } } };
      }
    }
    if (index === 2) state.hintResult = last;
    return { text: "Done." };
  };
}

async function runGemini(bin, ws, proxy, state, approval = ["--yolo"]) {
  const model = await startGeminiModel(script(state));
  const run = await runAsync(bin, ["-p", "Run the build and tell me what failed.", ...approval, "-m", MODEL, "--output-format", "json"], {
    cwd: ws.project,
    timeout: 300_000,
    env: { PATH: process.env.PATH, HOME: ws.home, GOOGLE_GEMINI_BASE_URL: model.baseURL, GEMINI_API_KEY: "e2e-loopback-key", TERM: "dumb", NO_COLOR: "1", ...offlineEnv(proxy) },
  });
  await model.close();
  return run;
}

/** The exit code Gemini reports to the model, and the file it saved a long output to. */
function shellFacts(result) {
  const text = result?.text ?? "";
  const exit = /^Exit Code: (\d+)$/m.exec(text);
  const saved = /For full output see: (\S+)/.exec(text);
  return { ...facts(result), exitCode: exit ? Number(exit[1]) : null, savedTo: saved?.[1] ?? null };
}

/** The shell commands Gemini ran, as its session record keeps them (after any hook rewrote them). */
function recordedCommands(ws) {
  const tmp = join(ws.home, ".gemini", "tmp");
  const files = existsSync(tmp) ? readdirSync(tmp, { recursive: true }).filter((f) => /chats\/.*\.jsonl$/.test(f)) : [];
  const commands = [];
  for (const f of files) {
    for (const line of readFileSync(join(tmp, f), "utf8").split("\n")) {
      if (!line.includes('"toolCalls"')) continue;
      for (const call of JSON.parse(line).toolCalls ?? []) if (call.name === "run_shell_command") commands.push(call.args?.command);
    }
  }
  return commands;
}

/** A tool result with what differs from run to run (temporary paths, session and call ids, process group) taken out. */
function normalised(text) {
  return (text ?? "")
    .replace(/\/tmp\/abridge-e2e-gemini-[^/\s]+/g, "TMP")
    .replace(/\b[0-9a-f]{8}-[0-9a-f-]{27}\b/g, "SESSION")
    .replace(/\d{10,}_\d+/g, "CALL")
    .replace(/^Process Group PGID: \d+$/m, "Process Group PGID: N");
}

/** abridge's own failure reports in a text: "abridge: ABRIDGE_…" lines (Gemini may prefix them). */
function reports(text) {
  return text.match(/abridge: ABRIDGE_[A-Z_]+:[^\n]*/g) ?? [];
}

/** 1. Without abridge: what Gemini CLI alone sends the model (YOLO, so the build runs). */
async function withoutAbridge(t) {
  const ws = workspace("without");
  const state = {};
  const run = await runGemini(t.bin, ws, t.proxy, state);
  const got = shellFacts(state.result);
  t.out.without = { chars: got.chars, hasError: got.hasError, hasLastLine: got.hasLastLine, exitCode: got.exitCode };
  t.check("without abridge: the build ran", existsSync(join(ws.project, "ran.marker")), `exit ${run.status}; ${run.stderr.slice(-300)}`);
  t.check("without abridge: Gemini reports the exit code 2", got.exitCode === 2, (state.result?.text ?? "").slice(-200));
  return got;
}

/** 2. With abridge, installed into the project and into the (isolated) home. */
async function withAbridge(t) {
  for (const scope of ["project", "global"]) {
    const ws = workspace(scope);
    install(ws, scope);
    const state = { followHint: true };
    const run = await runGemini(t.bin, ws, t.proxy, state);
    const got = shellFacts(state.result);
    t.out[scope === "project" ? "with" : "withGlobal"] = { chars: got.chars, hasError: got.hasError, hasLastLine: got.hasLastLine, exitCode: got.exitCode };
    const label = `with abridge (${scope})`;
    t.check(`${label}: the tool result is within 4,500 chars`, got.chars > 0 && got.chars <= BUDGET_LIMIT, `${got.chars} chars; exit ${run.status}; ${run.stderr.slice(-400)}`);
    t.check(`${label}: the error line is there verbatim`, got.hasError, (state.result?.text ?? "").slice(0, 200));
    t.check(`${label}: the last line is there verbatim`, got.hasLastLine, "");
    t.check(`${label}: the model gets the exit code 2`, got.exitCode === 2, (state.result?.text ?? "").slice(-200));
    t.check(`${label}: the history keeps the model's own command`, state.historyCommand === BUILD, String(state.historyCommand));
    const expected = expectedHintLine(readFileSync(join(ws.project, "build.log"), "utf8"), state.hintOffset);
    if (scope === "project") t.out.hint = { offset: state.hintOffset ?? null, chars: state.hintResult?.text.length ?? 0 };
    t.check(`${label}: following the hint returns the omitted lines`, (state.hintResult?.text ?? "").includes(expected), `${expected} / ${(state.hintResult?.text ?? "").slice(0, 200)}`);
  }
}

/**
 * 3. Permissions: abridge changes no decision. Default approval mode (where -p does not even
 * offer the shell tool), a policy rule that allows the build in default mode, and deny and ask
 * rules in YOLO mode, where the hook does wrap the command and Gemini checks its rules against
 * the wrapper (and the `bash -c` inside it).
 */
async function permissions(t) {
  const decisions = [
    { name: "default mode, no rule", approval: [], rule: null, runs: false, wraps: false },
    { name: "default mode, an allow rule for the build", approval: [], rule: ["allow", BUILD], runs: true, wraps: false },
    { name: "YOLO mode, a deny rule for the build", approval: ["--yolo"], rule: ["deny", BUILD], runs: false, wraps: true },
    { name: "YOLO mode, an ask rule for the build", approval: ["--yolo"], rule: ["ask_user", BUILD], runs: false, wraps: true },
  ];
  t.out.permissions = [];
  for (const d of decisions) {
    const seen = {};
    let wrapped = false;
    for (const installed of [false, true]) {
      const ws = workspace("perm");
      if (d.rule) policy(ws, ...d.rule);
      if (installed) install(ws, "project");
      const state = {};
      const run = await runGemini(t.bin, ws, t.proxy, state, d.approval);
      const result = normalised(state.result?.text);
      if (installed) wrapped = recordedCommands(ws).some((c) => c?.startsWith("if test -x "));
      seen[installed ? "with" : "without"] = { ran: existsSync(join(ws.project, "ran.marker")), exit: run.status, shellOffered: state.tools?.includes("run_shell_command") ?? null, result };
    }
    const summary = (s) => ({ ...s, result: s.result.length > 200 ? `${s.result.slice(0, 200)}… (${s.result.length} chars)` : s.result });
    t.out.permissions.push({ case: d.name, wrapped, without: summary(seen.without), with: summary(seen.with) });
    t.check(`${d.name}: the hook ${d.wraps ? "wraps" : "leaves"} the command`, wrapped === d.wraps, `wrapped: ${wrapped}`);
    t.check(`${d.name}: the build ${d.runs ? "runs" : "does not run"} without abridge`, seen.without.ran === d.runs, JSON.stringify(summary(seen.without)));
    t.check(`${d.name}: the same with abridge (same result to the model)`, JSON.stringify(seen.with) === JSON.stringify(seen.without), JSON.stringify({ without: summary(seen.without), with: summary(seen.with) }));
  }
}

/** Ways to break abridge on purpose, each as a user could meet it. */
const BREAKS = [
  {
    name: "the hook's CLI bundle is gone (package removed)",
    prepare(ws) {
      const cli = packageCopy(ws.root).cli;
      install(ws, "project", cli);
      rmSync(join(ws.root, "abridge-agent"), { recursive: true, force: true });
    },
  },
  {
    name: "the hook fails inside abridge (a broken abridge.config.json)",
    prepare(ws) {
      install(ws, "project");
      writeFileSync(join(ws.project, "abridge.config.json"), "{ this is not json\n");
    },
  },
  {
    name: "the hook's node is gone",
    prepare(ws) {
      const file = install(ws, "project");
      const text = readFileSync(file, "utf8");
      writeFileSync(file, text.replaceAll(JSON.stringify(process.execPath).slice(1, -1), join(ws.root, "gone", "node")));
    },
  },
  {
    name: "the CLI bundle is gone after the hook wrapped the command",
    prepare(ws) {
      const file = install(ws, "project", packageCopy(ws.root).cli);
      // A second hook, run after abridge's, removes the package: the wrapper finds no CLI.
      const settings = JSON.parse(readFileSync(file, "utf8"));
      const group = settings.hooks.BeforeTool.at(-1);
      group.sequential = true;
      group.hooks.push({ type: "command", command: `rm -rf ${join(ws.root, "abridge-agent")}` });
      writeFileSync(file, JSON.stringify(settings, null, 2));
    },
  },
  {
    name: "the log directory cannot be created",
    prepare(ws) {
      install(ws, "project");
      // A file where the log directory belongs: no write can succeed, whoever runs it.
      writeFileSync(join(ws.project, ".abridge"), "not a directory\n");
    },
  },
];

/**
 * 4. Fail open: the model gets what Gemini alone would give it (the complete output went
 * through Gemini: its saved copy holds all of it), the exit code 2, and the failure is
 * reported once (on Gemini's stderr for the hook, in the command's output for the wrapper).
 */
async function failOpen(t, without) {
  t.out.failOpen = [];
  for (const b of BREAKS) {
    const ws = workspace("break");
    b.prepare(ws);
    const state = {};
    const run = await runGemini(t.bin, ws, t.proxy, state);
    const got = shellFacts(state.result);
    const saved = got.savedTo && existsSync(got.savedTo) ? readFileSync(got.savedTo, "utf8") : "";
    const fullLog = readFileSync(join(ws.project, "build.log"), "utf8");
    const told = [...reports(run.stderr), ...reports(saved || state.result?.text || "")];
    t.out.failOpen.push({ case: b.name, chars: got.chars, exitCode: got.exitCode, savedChars: saved.length, reports: told });
    const label = `fail open, ${b.name}`;
    t.check(`${label}: the build ran`, existsSync(join(ws.project, "ran.marker")), `exit ${run.status}; ${(state.result?.text ?? "").slice(0, 300)}`);
    t.check(`${label}: the model gets the exit code 2`, got.exitCode === 2, (state.result?.text ?? "").slice(-300));
    t.check(`${label}: Gemini got the complete output`, saved.includes(fullLog.trimEnd()), `saved ${saved.length} chars at ${got.savedTo}`);
    t.check(`${label}: the model sees what it sees without abridge`, Math.abs(got.chars - without.chars) < 400 && got.hasError === without.hasError && got.hasLastLine === without.hasLastLine, `${got.chars} chars against ${without.chars}`);
    t.check(`${label}: the failure is reported once`, told.length === 1, `${JSON.stringify(told)}; ${run.stderr.slice(-600)}`);
  }
}

export async function e2e(bin) {
  const proxy = await refusingProxy();
  const { out, check } = results("gemini");
  const t = { bin, proxy, out, check };
  try {
    const without = await withoutAbridge(t);
    await withAbridge(t);
    await permissions(t);
    await failOpen(t, without);
  } finally {
    proxy.close();
  }
  return out;
}
