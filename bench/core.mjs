// Benchmark of the core pipeline. Measures, in one run:
// a 10 MB ANSI-coloured build log end to end against pi's bash pipeline and a
// TypeScript port; the same log through a session's process() (log and redaction
// on) against pi's own bash path (its streaming accumulator, then its render step);
// per-call latency on a 4 KB output for compact() and process(); cold start and
// the first process() over `node -e 0`; RSS growth over 10,000 calls of each.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import stripAnsi from "strip-ansi";
import { compact, createAbridge } from "../dist/index.bundle.js";
import { importPeer } from "../scripts/peers.mjs";
const { truncateTail } = await importPeer("@mariozechner/pi-coding-agent", "dist/core/tools/truncate.js");
const { sanitizeBinaryOutput } = await importPeer("@mariozechner/pi-coding-agent", "dist/utils/shell.js");
const { OutputAccumulator } = await importPeer("@mariozechner/pi-coding-agent", "dist/core/tools/output-accumulator.js");
import { fmt, mbps, percentile, time } from "./lib.mjs";
import { buildLog } from "./data/build-log.mjs";

import { importTs } from "./transpile.mjs";

const port = await importTs("bench/ts-port.ts");

const results = {};

/** time() for an async function: each call awaited before the next. */
async function timeAsync(fn, { runs, warmup }) {
  for (let i = 0; i < warmup; i++) await fn();
  const samples = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn();
    samples.push(performance.now() - t0);
  }
  samples.sort((a, b) => a - b);
  return { best: samples[0], median: samples[Math.floor(samples.length / 2)] };
}

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

// 1b. The same log through a session: process() with the default session log and redaction on
// (the full output written to the log, redacted, before the result returns), against pi's own bash
// path on the same bytes: its OutputAccumulator fed 64 KB chunks (it keeps a bounded tail and
// spills the full output to a temp file), then its render step on the kept tail.
const logDir = mkdtempSync(join(tmpdir(), "abridge-bench-core-"));
const session = createAbridge({ cwd: logDir, env: {}, log: { dir: logDir }, redaction: { log: true } });
let callNo = 0;
const logBytes = Buffer.from(log, "utf8");
// The same bytes pi's path is fed, given to process() as a Buffer: with the default session
// (its log on, the log's redaction off) the core decodes them itself; with the log redacted the
// redaction's prefilter searches the bytes as they are (the log holds no secret's shape), so the
// core decodes them too.
const defaultSession = createAbridge({ cwd: logDir, env: {}, log: { dir: logDir, path: join(logDir, "bytes.jsonl") } });
const sessionRows = [
  ["abridge process() (session log + redaction on)", async () => (await session.process({ tool: "bash", args: { command: "make -k" }, output: log, exitCode: 2, callId: `big_${callNo++}` })).llmContent],
  ["abridge process() of the bytes (Buffer in; session log, its redaction off: the default)", async () => (await defaultSession.process({ tool: "bash", args: { command: "make -k" }, output: logBytes, exitCode: 2, callId: `bytes_${callNo++}` })).llmContent],
  ["abridge process() of the bytes (Buffer in; session log + redaction on)", async () => (await session.process({ tool: "bash", args: { command: "make -k" }, output: logBytes, exitCode: 2, callId: `bytes_${callNo++}` })).llmContent],
  [
    "pi bash path (OutputAccumulator, 64 KB chunks + stripAnsi + sanitizeBinaryOutput)",
    async () => {
      const acc = new OutputAccumulator({ tempFilePrefix: "abridge-bench-pi" });
      for (let i = 0; i < logBytes.length; i += 65536) acc.append(logBytes.subarray(i, i + 65536));
      acc.finish();
      const snapshot = acc.snapshot({ persistIfTruncated: true });
      await acc.closeTempFile();
      if (snapshot.fullOutputPath) rmSync(snapshot.fullOutputPath, { force: true });
      return sanitizeBinaryOutput(stripAnsi(snapshot.content));
    },
  ],
];
results.sessionLog = [];
for (const [name, fn] of sessionRows) {
  const out = await fn();
  const t = await timeAsync(fn, { runs: 7, warmup: 2 });
  results.sessionLog.push({ name, ms: t.best, median: t.median, mbps: mbps(bytes, t.best), keepsError: stripAnsi(out).includes(stripAnsi(errorLine).trim().slice(0, 60)) });
}
await defaultSession.close();

// 2. A typical 4 KB output: per-call latency. The timed window holds the call and nothing of the
// benchmark's own: inputs and call ids are made before the loop and samples go to a preallocated
// array (an object, a template string and a growing array per call were each allocation the
// next scavenge counted against the call). The warm-up runs past V8's sizing of its young
// generation and the code's tier-up (core-child.mjs: both go on for the first tens of thousands).
const small = stripAnsi(log).split("\n").slice(0, 60).join("\n").slice(0, 4096);
const LATENCY_CALLS = 10000;
const LATENCY_WARM_UP = 20000;
/** Percentiles of one loop's samples, in µs. */
function percentiles(samples) {
  const sorted = Array.from(samples).sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99), p999: percentile(sorted, 99.9) };
}
/** Times `call(i)` LATENCY_CALLS times after the warm-up, awaiting each promise (only those); µs per call. */
async function latencyOf(call) {
  for (let i = 0; i < LATENCY_WARM_UP; i++) {
    const r = call(i);
    if (r instanceof Promise) await r;
  }
  const samples = new Float64Array(LATENCY_CALLS);
  for (let i = 0; i < LATENCY_CALLS; i++) {
    const t0 = performance.now();
    const r = call(LATENCY_WARM_UP + i);
    if (r instanceof Promise) await r;
    samples[i] = (performance.now() - t0) * 1000;
  }
  return percentiles(samples);
}
/**
 * The machine's own spread at this size of call: passes over the output's units, as many as take
 * as long as compact()'s median, allocating nothing. Its p99 over its p50 is what load and the OS
 * add to any call of that length.
 */
let floorSink = 0;
function fixedWork(rounds) {
  let h = 0;
  for (let r = 0; r < rounds; r++) for (let i = 0; i < small.length; i++) h = (Math.imul(h, 31) + small.charCodeAt(i)) | 0;
  floorSink ^= h;
}
const compactInput = { tool: "bash", output: small };
results.latency = { ...(await latencyOf(() => compact(compactInput).llmContent)), size: small.length };
const onePass = await latencyOf(() => fixedWork(1));
const floorRounds = Math.max(1, Math.round(results.latency.p50 / onePass.p50));
results.floor = await latencyOf(() => fixedWork(floorRounds));
// The same output through a session, awaited one by one: the default one (session log on,
// redaction of the log off) and the one above (redaction on).
function processLatency(abridge, tag) {
  const inputs = Array.from({ length: LATENCY_WARM_UP + LATENCY_CALLS }, (_, i) => ({ tool: "bash", output: small, callId: `${tag}_${i}` }));
  return latencyOf(async (i) => (await abridge.process(inputs[i])).llmContent);
}
const plainSession = createAbridge({ cwd: logDir, env: {}, log: { dir: logDir, path: join(logDir, "plain.jsonl") } });
results.processLatency = await processLatency(plainSession, "plain");
results.processLatencyRedacted = await processLatency(session, "redacted");
await plainSession.close();
await session.close();
rmSync(logDir, { recursive: true, force: true });

// 3. Cold start and 4. RSS growth, each in a fresh process.
const child = spawnSync(process.execPath, ["--expose-gc", new URL("./core-child.mjs", import.meta.url).pathname], { encoding: "utf8" });
if (child.status !== 0) throw new Error(child.stderr || `bench/core-child.mjs ended with status ${child.status}, signal ${child.signal}`);
Object.assign(results, JSON.parse(child.stdout));

const abridge = results.bigLog[0];
const lines = [
  `| path | best of 7 | MB/s | ratio vs abridge | keeps the error line |`,
  `|---|---|---|---|---|`,
  ...results.bigLog.map((r) => `| ${r.name} | ${fmt(r.ms)} ms | ${fmt(r.mbps, 0)} | ${fmt(r.ms / abridge.ms, 2)}× slower | ${r.keepsError ? "yes" : "no"} |`),
  ``,
  ``,
  `| same log, ${fmt(bytes / 1e6, 1)} MB, error at 40 % | best of 7 | median | MB/s | ratio vs abridge | keeps the error line |`,
  `|---|---|---|---|---|---|`,
  ...results.sessionLog.map((r) => `| ${r.name} | ${fmt(r.ms)} ms | ${fmt(r.median)} ms | ${fmt(r.mbps, 0)} | ${fmt(r.ms / results.sessionLog[0].ms, 2)}× slower | ${r.keepsError ? "yes" : "no"} |`),
  ``,
  `- 4 KB output (${results.latency.size} chars), ${LATENCY_CALLS.toLocaleString("en-US")} calls after ${LATENCY_WARM_UP.toLocaleString("en-US")} warm-up calls: compact() p50 ${fmt(results.latency.p50)} µs, p99 ${fmt(results.latency.p99)} µs, p99.9 ${fmt(results.latency.p999)} µs; process() with the session log p50 ${fmt(results.processLatency.p50)} µs, p99 ${fmt(results.processLatency.p99)} µs, p99.9 ${fmt(results.processLatency.p999)} µs (redaction of the log on: p50 ${fmt(results.processLatencyRedacted.p50)} µs, p99 ${fmt(results.processLatencyRedacted.p99)} µs, p99.9 ${fmt(results.processLatencyRedacted.p999)} µs). The machine's floor in the same run, fixed work as long as compact()'s median that allocates nothing: p50 ${fmt(results.floor.p50)} µs, p99 ${fmt(results.floor.p99)} µs (what load and the OS add to any call of this size; \`node bench/tail.mjs\` lays the slow calls against GC, the log's system calls, preemption and the rest). p99 over the floor's p99: compact() ${fmt(results.latency.p99 / results.floor.p99, 2)}×, process() ${fmt(results.processLatency.p99 / results.floor.p99, 2)}×`,
  `- cold start (import + compile + first call), median of 5 fresh processes: ${fmt(results.coldStartMs)} ms`,
  `- first process() in a fresh process (import + createAbridge + process(), wall time of the process) over \`node -e 0\` (median ${fmt(results.nodeBareMs)} ms), each figure the median over ${results.wallRounds} rounds of the process's wall time less \`node -e 0\`'s in the same round (a round runs every variant once, from a different one each round, so load that comes and goes falls on both sides of a difference). 4 KB output +${fmt(results.firstProcess4kOverMs)} ms, 1 MB output +${fmt(results.firstProcess1mOverMs)} ms; of which Node running an ES module file at all (an empty one) takes +${fmt(results.emptyModuleOverMs)} ms, and building the 1 MB output (the same module without abridge) +${fmt(results.input1mOverMs)} ms`,
  `- the same from a CommonJS harness (\`require("abridge-agent")\`, bench/first-process.cjs): 4 KB output +${fmt(results.firstProcessCjs4kOverMs)} ms, 1 MB output +${fmt(results.firstProcessCjs1mOverMs)} ms`,
  `- the ES module harness taking the CommonJS entry with require (createRequire) instead of \`import\`, 4 KB output: +${fmt(results.firstProcessRequired4kOverMs)} ms (to the result +${fmt(results.firstResultRequired4kOverMs)} ms). The ES module figure less this one is what the package's ES module entry adds (its file, read through the ES module loader); this one less the CommonJS harness's is Node's for a harness written as an ES module (its loader; the empty module file above)`,
  `- those runs start from the library's code cache an earlier process left (node_modules/.cache/abridge-agent); the 4 KB runs started without one (a package's first run, or its first after an upgrade), in the same rounds: ES module +${fmt(results.firstProcessUncached4kOverMs)} ms (to the result +${fmt(results.firstResultUncached4kOverMs)} ms), CommonJS +${fmt(results.firstProcessUncachedCjs4kOverMs)} ms (to the result +${fmt(results.firstResultUncachedCjs4kOverMs)} ms)`,
  `- the same runs timed to the moment the harness holds its result (the child prints the time; a process's wall time also holds the log's close, the run's own clean-up and Node waiting before exit for the optimising compiles V8 started in the background), over \`node -e\` printing the time as its first line, so the ES module figures hold Node running a module file and the 1 MB ones building the input, as above: ES module 4 KB +${fmt(results.firstResult4kOverMs)} ms, 1 MB +${fmt(results.firstResult1mOverMs)} ms; CommonJS 4 KB +${fmt(results.firstResultCjs4kOverMs)} ms, 1 MB +${fmt(results.firstResultCjs1mOverMs)} ms`,
  `- the rest of those runs, from the result to the process's end (the log's close, the run's clean-up, Node's wait for the compiles V8 runs in the background, its exit), over the same for \`node -e\` after its first line: ES module 4 KB +${fmt(results.afterResult4kOverMs)} ms, 1 MB +${fmt(results.afterResult1mOverMs)} ms; CommonJS 4 KB +${fmt(results.afterResultCjs4kOverMs)} ms, 1 MB +${fmt(results.afterResultCjs1mOverMs)} ms`,
  `- memory over 10,000 calls after 30,000 warm-up calls (V8 sizes its young generation, by ~17 MB, and tiers the code up within the first tens of thousands): RSS ${fmt(results.rssGrowthMB, 2)} MB, JS heap ${fmt(results.heapGrowthMB, 2)} MB, wasm memory ${fmt(results.wasmBeforeMB, 1)} → ${fmt(results.wasmAfterMB, 1)} MB`,
  `- the same with process() and the session log: RSS ${fmt(results.processRssGrowthMB, 2)} MB, JS heap ${fmt(results.processHeapGrowthMB, 2)} MB (${fmt((results.processHeapGrowthMB * 1e6) / 10000, 0)} bytes kept per call: its stats row and log locations)`,
];
console.log(lines.join("\n"));
export default { section: "Core pipeline", body: lines.join("\n"), results };
