// The cost an agent pays per shell call with abridge installed: the hook process the agent
// starts before the call, and the wrapper the hook puts around the command (Node start, the
// log write, the core for a long output), against the bare command, in one run. Samples are
// interleaved so that the machine's load falls on every variant alike.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { wrapCommand } from "../dist/agents/wrap.js";
import { fmt, percentile } from "./lib.mjs";
import { writeBuild } from "../scripts/e2e/build-log.mjs";

const CALLS = Number(process.env.ABRIDGE_BENCH_CALLS ?? 50);
const CLI = resolve("dist/cli.bundle.js");
const dir = mkdtempSync(join(tmpdir(), "abridge-per-call-"));
const build = writeBuild(dir);
writeFileSync(join(dir, "small.txt"), "src/app.ts(3,7): error TS2322: Type 'string' is not assignable to type 'number'.\nFound 1 error in src/app.ts:3\n");
const log = join(dir, "session.jsonl");

const wrapped = (command, i) => wrapCommand(command, { callId: `bench_${i}`, session: "bench", log, cli: CLI });
const hookInput = JSON.stringify({ hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: "cat small.txt" }, tool_use_id: "toolu_bench", session_id: "bench", cwd: dir, permission_mode: "default" });
/** A PostToolUse of a Bash command the wrapper did not run (Claude Code's own rules asked first): the hook digests it. */
const buildText = (size) => Array.from({ length: Math.ceil(size / 48) }, (_, i) => `[${i}] cc -c src/unit_${i}.c -o build/unit_${i}.o\n`).join("").slice(0, size);
const postInput = (size) => JSON.stringify({ hook_event_name: "PostToolUse", tool_name: "Bash", tool_input: { command: "make" }, tool_response: { stdout: buildText(size), stderr: "", interrupted: false, isImage: false }, tool_use_id: "toolu_bench", session_id: "bench", cwd: dir });

/** Each variant: a name and the process it starts for call i. */
const VARIANTS = [
  { name: "small output (2 lines), bare", run: () => ["bash", ["-c", "cat small.txt"]] },
  { name: "small output (2 lines), wrapped", run: (i) => ["bash", ["-c", wrapped("cat small.txt", i)]] },
  { name: `long failing build (${build.lines.toLocaleString("en-US")} lines, ${fmt(build.bytes / 1024, 0)} KB), bare`, run: () => ["bash", ["-c", "sh build.sh"]] },
  { name: `long failing build (${build.lines.toLocaleString("en-US")} lines, ${fmt(build.bytes / 1024, 0)} KB), wrapped`, run: (i) => ["bash", ["-c", wrapped("sh build.sh", i)]] },
  { name: "the PreToolUse hook process (Claude Code)", run: () => [process.execPath, [CLI, "hook", "claude"]], input: hookInput },
  { name: "the PostToolUse hook process (Claude Code), 9 KB Bash output", run: () => [process.execPath, [CLI, "hook", "claude"]], input: postInput(9 * 1024) },
  { name: "the PostToolUse hook process (Claude Code), 1 MB Bash output", run: () => [process.execPath, [CLI, "hook", "claude"]], input: postInput(1 << 20) },
  // The floor every per-call Node process pays, whatever it does.
  { name: "`node -e 0` (Node's own start)", run: () => [process.execPath, ["-e", "0"]] },
];

const samples = VARIANTS.map(() => []);
// The scratch directory (the build, the session log) goes when the run ends, failed or not.
try {
  for (let i = 0; i < CALLS; i++) {
    VARIANTS.forEach((v, k) => {
      const [cmd, args] = v.run(i);
      const t0 = performance.now();
      const r = spawnSync(cmd, args, { cwd: dir, input: v.input ?? "", maxBuffer: 64 << 20 });
      samples[k].push(performance.now() - t0);
      if (r.error) throw r.error;
      if (k === 3 && i === 0 && !r.stdout.toString().includes("error: 'struct entry'")) throw new Error(`the wrapped build lost its error line:\n${r.stdout.toString().slice(0, 500)}`);
      if (i === 0 && v.name.includes("PostToolUse") && !r.stdout.toString().includes("updatedToolOutput")) throw new Error(`${v.name} did not answer:\n${r.stderr.toString().slice(0, 500)}`);
    });
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
const p50 = samples.map((s) => percentile([...s].sort((a, b) => a - b), 50));
const rows = VARIANTS.map((v, k) => {
  const bare = k % 2 === 1 && k < 4 ? p50[k - 1] : null;
  return `| ${v.name} | ${fmt(p50[k], 0)} ms | ${bare === null ? "–" : `+${fmt(p50[k] - bare, 0)} ms (${fmt(p50[k] / bare, 1)}×)`} |`;
});
for (const r of rows) console.log(r);
const body = [
  `p50 of ${CALLS} calls of each, interleaved, on one machine in one run (\`ABRIDGE_BENCH_CALLS\` sets the count). A wrapped call is the command line abridge's hooks put in place of the agent's own (\`if test -x node …; then node cli.bundle.js run … -- bash -c CMD; else bash -c CMD; fi\`), run by bash as the agent's shell tool would; the hook process runs once per shell call before it.`,
  ``,
  `| per call | p50 | added by abridge |`,
  `|---|---:|---:|`,
  ...rows,
  ``,
  `A small output (under the 1,500-char passthrough) loads neither the core nor the tokenizer: it is logged and printed. A long one loads the core once; token counts are the core's estimate (the tokenizer is loaded only for \`exactTokens\`). The CLI loads a command's code only when that command runs. Most of what is left is Node's own start (last row), paid once by the hook and once by the wrapper.`,
];
export default { section: "Per-call cost of the agent hooks", body: body.join("\n") };
