// Benchmark of the core pipeline. Measures, in one run:
// a 10 MB ANSI-coloured build log end to end against pi's bash pipeline and a
// TypeScript port; per-call latency on a 4 KB output; cold start; RSS growth.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import stripAnsi from "strip-ansi";
import { compact } from "../dist/index.bundle.js";
import { importPeer } from "../scripts/peers.mjs";
const { truncateTail } = await importPeer("@mariozechner/pi-coding-agent", "dist/core/tools/truncate.js");
const { sanitizeBinaryOutput } = await importPeer("@mariozechner/pi-coding-agent", "dist/utils/shell.js");
import { fmt, mbps, percentile, time } from "./lib.mjs";
import { buildLog } from "./data/build-log.mjs";

import { importTs } from "./transpile.mjs";

const port = await importTs("bench/ts-port.ts");

const results = {};

// 1. 10 MB ANSI-coloured build log with one error at 40 %.
const log = buildLog(10 * 1024 * 1024, 0.4);
const bytes = Buffer.byteLength(log);
const errorLine = log.split("\n").find((l) => stripAnsi(l).includes("error:"));
const pi = () => truncateTail(sanitizeBinaryOutput(stripAnsi(log)).replace(/\r/g, "")).content;
const ab = () => compact({ tool: "bash", args: { command: "make -k" }, output: log, exitCode: 2 }).llmContent;
const rows = [
  ["abridge (string in, LLM content out)", ab],
  ["pi bash pipeline (strip-ansi + sanitize + truncateTail)", pi],
];
// The port has no cleaner of its own: it strips like pi does, then runs abridge's important-line keeping.
rows.push(["TypeScript port (strip-ansi + abridge's keepImportant in TS)", () => port.keepImportant(stripAnsi(log).replace(/\r/g, ""), 4000, 0.6)]);
results.bigLog = rows.map(([name, fn]) => {
  const out = fn();
  const t = time(fn, { runs: 7, warmup: 2 });
  return { name, ms: t.best, mbps: mbps(bytes, t.best), keepsError: stripAnsi(out).includes(stripAnsi(errorLine).trim().slice(0, 60)) };
});

// 2. A typical 4 KB output: per-call latency.
const small = stripAnsi(log).split("\n").slice(0, 60).join("\n").slice(0, 4096);
const lat = [];
for (let i = 0; i < 1000; i++) compact({ tool: "bash", output: small });
for (let i = 0; i < 10000; i++) {
  const t0 = performance.now();
  compact({ tool: "bash", output: small }).llmContent;
  lat.push((performance.now() - t0) * 1000);
}
lat.sort((a, b) => a - b);
results.latency = { p50: percentile(lat, 50), p99: percentile(lat, 99), size: small.length };

// 3. Cold start and 4. RSS growth, each in a fresh process.
const child = spawnSync(process.execPath, ["--expose-gc", new URL("./core-child.mjs", import.meta.url).pathname], { encoding: "utf8" });
if (child.status !== 0) throw new Error(child.stderr);
Object.assign(results, JSON.parse(child.stdout));

const abridge = results.bigLog[0];
const lines = [
  `| path | best of 7 | MB/s | ratio vs abridge | keeps the error line |`,
  `|---|---|---|---|---|`,
  ...results.bigLog.map((r) => `| ${r.name} | ${fmt(r.ms)} ms | ${fmt(r.mbps, 0)} | ${fmt(r.ms / abridge.ms, 2)}× slower | ${r.keepsError ? "yes" : "no"} |`),
  ``,
  `- 4 KB output (${results.latency.size} chars), 10,000 calls: p50 ${fmt(results.latency.p50)} µs, p99 ${fmt(results.latency.p99)} µs`,
  `- cold start (import + compile + first call), median of 5 fresh processes: ${fmt(results.coldStartMs)} ms`,
  `- memory over 10,000 calls after 2,000 warm-up calls: RSS ${fmt(results.rssGrowthMB, 2)} MB, JS heap ${fmt(results.heapGrowthMB, 2)} MB, wasm memory ${fmt(results.wasmBeforeMB, 1)} → ${fmt(results.wasmAfterMB, 1)} MB`,
];
console.log(lines.join("\n"));
export default { section: "Core pipeline", body: lines.join("\n"), results };
