// Where the time of compact() or process() goes on a 10 MB build log (or grep output, or JSON): V8's sampling profiler
// run over the timed calls only (the inspector's Profiler, started after the input is built and
// the core warmed up, so building the log and its garbage stay out), then each function's own
// time and its time with what it calls, as shares of the calls' time.
//
//   node bench/profile.mjs [--kind coloured|plain|grep|json|json-line] [--mode compact|process] [--core FILE] [--calls N] [--top N] [--save FILE]
//
// --core names a core built with its function names, so that its functions show by their source
// names rather than by index: asc's release build with --debug, which writes a name section (its
// code is the release code; it keeps the imported `abort`, so abort-in-core.mjs is not run on it):
//   npx asc --config asconfig.json --target release --transform ./scripts/asc-line-readers-apart.mjs --debug -o /tmp/named.wasm
// Names are the core's as asc gives them (`assembly/important/shapes/Shapes#read`); host functions
// show by their own names. A function called by itself (a recursion) counts once in its total.
import { readFileSync, writeFileSync, mkdtempSync, rmSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import stripAnsi from "strip-ansi";
import { compact, createAbridge, useCoreWasm } from "../dist/index.bundle.js";
import { fmt } from "./lib.mjs";
import { buildLog } from "./data/build-log.mjs";
import { grepOutput, jsonOutput } from "./data/kinds.mjs";

const arg = (name, fallback) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? process.argv[at + 1] : fallback;
};
const KIND = arg("kind", "coloured");
const MODE = arg("mode", "compact");
const CALLS = Number(arg("calls", 20));
const TOP = Number(arg("top", 30));
const CORE = arg("core", undefined);
const SAVE = arg("save", undefined);
/** Microseconds between samples: fine enough for a call of tens of ms. */
const INTERVAL_US = 100;

const SIZE = 10 * 1024 * 1024;
const coloured = buildLog(SIZE, 0.4);
/** The inputs of core-kinds.mjs, each with the command that would have printed it. */
const INPUTS = {
  coloured: () => ({ command: "make -k", output: coloured, exitCode: 2 }),
  // The plain log is built bigger so that it is 10 MB once its colours are stripped.
  plain: () => ({ command: "make -k", output: stripAnsi(buildLog(Math.round((SIZE * coloured.length) / stripAnsi(coloured).length), 0.4)), exitCode: 2 }),
  grep: () => ({ command: 'grep -rn "^import " --include=*.py .', output: grepOutput(SIZE), exitCode: 0 }),
  json: () => ({ command: "cat packages.json", output: jsonOutput(SIZE), exitCode: 0 }),
  "json-line": () => ({ command: "cat packages.min.json", output: JSON.stringify(JSON.parse(jsonOutput(SIZE))), exitCode: 0 }),
};
if (!INPUTS[KIND]) throw new Error(`--kind takes ${Object.keys(INPUTS).join(", ")}, not ${KIND}`);
const { command, output, exitCode } = INPUTS[KIND]();
if (CORE) useCoreWasm(new WebAssembly.Module(readFileSync(CORE)));

const logDir = mkdtempSync(join(tmpdir(), "abridge-bench-profile-"));
const session = MODE === "process" ? createAbridge({ cwd: logDir, env: {}, log: { dir: logDir }, redaction: { log: true } }) : null;
let callNo = 0;
async function call() {
  const input = { tool: "bash", args: { command }, output, exitCode };
  if (session) await session.process({ ...input, callId: `big_${callNo++}` });
  else compact(input);
}

/**
 * Self and total time per function name within the calls (the subtrees of `call`; the
 * profiler's own start and stop are left out), and the time of all those samples.
 */
function tally(profile) {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const sampled = new Map();
  profile.samples.forEach((id, i) => sampled.set(id, (sampled.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const self = new Map();
  const total = new Map();
  let busy = 0;
  const walk = (node, above) => {
    const name = node.callFrame.functionName || "(anonymous)";
    const own = sampled.get(node.id) ?? 0;
    self.set(name, (self.get(name) ?? 0) + own);
    const inner = above.has(name) ? above : new Set([...above, name]);
    let sum = own;
    for (const child of node.children ?? []) sum += walk(nodes.get(child), inner);
    if (!above.has(name)) total.set(name, (total.get(name) ?? 0) + sum);
    return sum;
  };
  const find = (node) => {
    if (node.callFrame.functionName === call.name) busy += walk(node, new Set());
    else for (const child of node.children ?? []) find(nodes.get(child));
  };
  find(profile.nodes[0]);
  return { self, total, busy };
}

try {
  // Warm-up: the core compiled and tiered up, its memory grown, before anything is sampled.
  for (let i = 0; i < 3; i++) await call();
  const inspector = new Session();
  inspector.connect();
  await inspector.post("Profiler.enable");
  await inspector.post("Profiler.setSamplingInterval", { interval: INTERVAL_US });
  await inspector.post("Profiler.start");
  const t0 = performance.now();
  for (let i = 0; i < CALLS; i++) await call();
  const ms = (performance.now() - t0) / CALLS;
  const { profile } = await inspector.post("Profiler.stop");
  inspector.disconnect();
  if (SAVE) writeFileSync(SAVE, JSON.stringify(profile));

  const { self, total, busy } = tally(profile);
  const share = (us) => `${fmt((100 * us) / busy, 1)} %`;
  const rows = (map) => [...map].filter(([name]) => !name.startsWith("(")).sort((a, b) => b[1] - a[1]).slice(0, TOP);
  console.log(`${MODE}() of the ${KIND} input (${fmt(Buffer.byteLength(output) / 1e6, 1)} MB): ${fmt(ms)} ms a call while sampled, ${CALLS} calls`);
  console.log(`\n| own time | function |\n|---|---|`);
  for (const [name, us] of rows(self)) console.log(`| ${share(us)} | ${name} |`);
  console.log(`\n| with callees | function |\n|---|---|`);
  for (const [name, us] of rows(total)) console.log(`| ${share(us)} | ${name} |`);
  console.log(`\ngarbage collection: ${share(self.get("(garbage collector)") ?? 0)}`);
} finally {
  rmSync(logDir, { recursive: true, force: true });
}
