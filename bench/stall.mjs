// The slowest single process() call of one long session: a harness calls process() on every
// tool call and waits for it, so a call that pays for growing the session's tables all at once
// is a latency spike that grows with the session. Times each of CALLS calls in one session
// (logging on), prints the worst, p99.9, the call numbers of the slowest, and memory after.
// `node bench/stall.mjs` (ABRIDGE_BENCH_CALLS sets the count, ABRIDGE_DIST another host build).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import { fmt, percentile } from "./lib.mjs";

const CALLS = Number(process.env.ABRIDGE_BENCH_CALLS ?? 60_000);
const dist = resolve(process.env.ABRIDGE_DIST ?? "dist");
const { createAbridge } = await import(pathToFileURL(join(dist, "index.js")).href);

const dir = mkdtempSync(join(tmpdir(), "abridge-stall-"));
const session = createAbridge({ cwd: dir, env: {}, log: { path: join(dir, "session.jsonl") }, sessionId: "stall" });
// Two outputs an agent sees all the time: a short one shown whole, and a few KB of build
// output that is digested (its completion line carries a few KB of what the model saw).
const short = "src/app.ts(3,7): error TS2322: Type 'string' is not assignable to type 'number'.\nFound 1 error in src/app.ts:3\n";
const build = Array.from({ length: 120 }, (_, i) => `[${i}/120] cc -c src/unit_${i}.c -o build/unit_${i}.o`).join("\n") + "\nsrc/unit_7.c:12:3: error: 'struct entry' has no member named 'next'\nmake: *** [build] Error 1\n";

// Wall time, and the process's CPU time: on a loaded machine the wall time of a call also holds
// the time other processes had the CPU, which the CPU time leaves out.
const times = new Float64Array(CALLS);
const cpuTimes = new Float64Array(CALLS);
for (let i = 0; i < CALLS; i++) {
  const input = { tool: "bash", args: { command: "make" }, output: i % 2 ? short : build, exitCode: 1 };
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  await session.process(input);
  times[i] = performance.now() - t0;
  const c = process.cpuUsage(c0);
  cpuTimes[i] = (c.user + c.system) / 1000;
}
await session.close?.();
if (globalThis.gc) globalThis.gc();
const mem = process.memoryUsage();

const ms = (v) => `${fmt(v, 2)} ms`;
console.log(`${CALLS.toLocaleString("en-US")} calls in one session (${dist})`);
for (const [name, t] of [["wall", times], ["CPU", cpuTimes]]) {
  const order = Array.from(t.keys()).sort((a, b) => t[b] - t[a]);
  const sorted = Float64Array.from(t).sort();
  // The first call loads the core and warms the code: a cost of its own, apart from growth.
  let later = 0;
  for (let i = 1; i < t.length; i++) later = Math.max(later, t[i]);
  console.log(`${name}: worst ${ms(sorted[CALLS - 1])} (after the first call ${ms(later)}), p99.9 ${ms(percentile(sorted, 99.9))}, p99 ${ms(percentile(sorted, 99))}, p50 ${ms(percentile(sorted, 50))}`);
  console.log(`  slowest calls (call number: ms): ${order.slice(0, 10).map((i) => `${i + 1}: ${fmt(t[i], 1)}`).join(", ")}`);
  // Where a table doubled in one piece grows (its 2^k-th row added).
  const crossings = [4097, 8193, 16385, 32769].filter((n) => n <= CALLS);
  console.log(`  calls where a doubled table would grow: ${crossings.map((n) => `${n}: ${fmt(t[n - 1], 1)}`).join(", ")}`);
}
console.log(`after: RSS ${fmt(mem.rss / 2 ** 20)} MB, heap used ${fmt(mem.heapUsed / 2 ** 20)} MB${globalThis.gc ? " (after a full GC)" : ""}`);
rmSync(dir, { recursive: true, force: true });
