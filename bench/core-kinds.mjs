// Benchmark of core compact() per kind of output: best of 7 on 10 MB of each of
// a coloured build log, the same log without colours, `grep -rn` output and JSON
// (pretty-printed, and the same documents on one line).
// The grep and JSON inputs repeat real captured fixtures with varied paths and ids
// (data/kinds.mjs), so that lines differ as they would in a real tree.
import { readFileSync } from "node:fs";
import stripAnsi from "strip-ansi";
import { compact, useCoreWasm } from "../dist/index.bundle.js";
import { fmt, mbps, time } from "./lib.mjs";
import { buildLog } from "./data/build-log.mjs";
import { grepOutput, jsonOutput } from "./data/kinds.mjs";

const SIZE = 10 * 1024 * 1024;
const log = buildLog(SIZE, 0.4);
// The plain log is built bigger so that it is 10 MB once its colours are stripped.
const plain = stripAnsi(buildLog(Math.round((SIZE * log.length) / stripAnsi(log).length), 0.4));
const json = jsonOutput(SIZE);
const kinds = [
  ["build log, coloured", { tool: "bash", args: { command: "make -k" }, output: log, exitCode: 2 }],
  ["build log, plain", { tool: "bash", args: { command: "make -k" }, output: plain, exitCode: 2 }],
  ["grep -rn output", { tool: "bash", args: { command: 'grep -rn "^import " --include=*.py .' }, output: grepOutput(SIZE), exitCode: 0 }],
  ["JSON, pretty-printed", { tool: "bash", args: { command: "cat packages.json" }, output: json, exitCode: 0 }],
  ["JSON, one line", { tool: "bash", args: { command: "cat packages.min.json" }, output: JSON.stringify(JSON.parse(json)), exitCode: 0 }],
];

// ABRIDGE_BENCH_BASELINE=path/to/other/abridge.wasm measures that core too, in the same
// process and by turns (blocks of calls on each, best of all), so that a noisy machine
// slows both alike (best of 10 calls each): the before/after of a change to the core.
const baselinePath = process.env.ABRIDGE_BENCH_BASELINE;
const cores = [["this core", new WebAssembly.Module(readFileSync(new URL("../build/abridge.wasm", import.meta.url)))]];
if (baselinePath) cores.unshift(["baseline", new WebAssembly.Module(readFileSync(baselinePath))]);
const ROUNDS = baselinePath ? 5 : 1;

const rows = kinds.map(([name, input]) => {
  const bytes = Buffer.byteLength(input.output);
  const best = cores.map(() => Infinity);
  let category = "";
  for (let round = 0; round < ROUNDS; round++) {
    cores.forEach(([, module], k) => {
      useCoreWasm(module);
      category = compact(input).category;
      const t = time(() => compact(input), { runs: baselinePath ? 2 : 7, warmup: 1 });
      best[k] = Math.min(best[k], t.best);
    });
  }
  return { name, bytes, category, ms: best[best.length - 1], mbps: mbps(bytes, best[best.length - 1]), baselineMs: baselinePath ? best[0] : undefined };
});

const lines = baselinePath
  ? [
      `| output | size | category | baseline | MB/s | this core | MB/s | speed-up |`,
      `|---|---|---|---|---|---|---|---|`,
      ...rows.map((r) => `| ${r.name} | ${fmt(r.bytes / 1e6, 1)} MB | ${r.category} | ${fmt(r.baselineMs)} ms | ${fmt(mbps(r.bytes, r.baselineMs), 0)} | ${fmt(r.ms)} ms | ${fmt(r.mbps, 0)} | ${fmt(r.baselineMs / r.ms, 2)}× |`),
    ]
  : [
      `| output | size | category | best of 7 | MB/s |`,
      `|---|---|---|---|---|`,
      ...rows.map((r) => `| ${r.name} | ${fmt(r.bytes / 1e6, 1)} MB | ${r.category} | ${fmt(r.ms)} ms | ${fmt(r.mbps, 0)} |`),
    ];
console.log(lines.join("\n"));
export default { section: "Core compact() by kind of output", body: lines.join("\n"), results: rows };
