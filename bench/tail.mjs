// What the slow calls of a small output are made of. Times every call of compact() and of
// process() (session log on) on the 4 KB output of bench/core.mjs, with its index, beside a
// do-nothing loop timed the same way (the machine's own floor), and lays each slow call against
// what happened while it ran: V8's collections (PerformanceObserver 'gc' entries), growth of the
// core's memory, the log writer's periodic read of the file's size (every 64th write at first,
// every 4,096th once the reads keep finding only its own records), and the
// call's place in the run (tier-up). It also measures the bytes of JS heap each call allocates.
//
//   node bench/tail.mjs [--calls N] [--warmup N] [--block N] [--yield] [--syscalls] [--preemption] [--base DIR] [--json FILE]
//
// --base DIR runs another build's dist (a checkout of the base, built) in the same process, by
// turns in blocks of calls, so that the machine's load falls on both alike. Run it pinned and at
// real-time priority for the least noise: `taskset -c 1 chrt -f 1 node bench/tail.mjs`.
import { writeFileSync, mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { PerformanceObserver, performance } from "node:perf_hooks";
import { setImmediate as turn } from "node:timers/promises";
import v8 from "node:v8";
import stripAnsi from "strip-ansi";
import { buildLog } from "./data/build-log.mjs";

const arg = (name, fallback) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? process.argv[at + 1] : fallback;
};
const CALLS = Number(arg("calls", 20000));
const WARM_UP = Number(arg("warmup", 30000));
/**
 * Calls of one variant before the next takes its turn. The first calls of a block run with the
 * caches the other variants left (the last column): with blocks of 250 they are ~1 % of the calls,
 * at the p99; longer blocks (--block 2500) leave the p99 to the calls in a row, as bench/core.mjs
 * times them.
 */
const BLOCK = Number(arg("block", 250));
/**
 * Whether the event loop gets a turn between blocks. V8 starts a scavenge as a task once the
 * young generation is nearly full: a loop that never yields (bench/core.mjs) leaves it to the
 * allocation that finds the space full, inside a call; a harness's event loop runs it between
 * tool results.
 */
const YIELD = process.argv.includes("--yield");
const require = createRequire(import.meta.url);
/**
 * --syscalls: the time each call spends in the log's system calls (write, writev, fstat), timed
 * around Node's fs functions, which the library takes from node:fs when it loads (so they are
 * wrapped first). Adds two clock reads per system call to every build alike.
 */
const SYSCALLS = process.argv.includes("--syscalls");
let inSyscalls = 0;
if (SYSCALLS) {
  const fs = require("node:fs");
  for (const name of ["writeSync", "writevSync", "fstatSync"]) {
    const call = fs[name];
    fs[name] = function (...args) {
      const t0 = performance.now();
      try {
        return call.apply(this, args);
      } finally {
        inSyscalls += performance.now() - t0;
      }
    };
  }
}
/**
 * --preemption: marks each call during which the process was switched out by the scheduler (its
 * involuntary context switches, read before and after the timed window). On a shared machine the
 * calls that another process displaced are the p99; the p99 of the others is what the code and
 * its caches make of it. Reading the counts allocates a little per call, for every variant alike.
 */
const PREEMPTION = process.argv.includes("--preemption");
const switches = () => (PREEMPTION ? process.resourceUsage().involuntaryContextSwitches : 0);
const builds = [["this build", require("../dist/index.bundle.cjs")]];
if (arg("base")) builds.unshift(["base", require(resolve(arg("base"), "dist/index.bundle.cjs"))]);

// The 4 KB output of bench/core.mjs.
const small = stripAnsi(buildLog(10 * 1024 * 1024, 0.4)).split("\n").slice(0, 60).join("\n").slice(0, 4096);

let sink = 0;
let floorRounds = 1;
function fixedWork(text, rounds) {
  let h = 0;
  for (let r = 0; r < rounds; r++) for (let i = 0; i < text.length; i++) h = (Math.imul(h, 31) + text.charCodeAt(i)) | 0;
  sink ^= h;
}

// GC entries as V8 reports them, on the same clock as performance.now().
const gcs = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) gcs.push({ start: e.startTime, end: e.startTime + e.duration, kind: e.detail?.kind ?? e.kind });
}).observe({ entryTypes: ["gc"] });

const dir = mkdtempSync(join(tmpdir(), "abridge-tail-"));

/** One variant: a name and a call; inputs are made before the run, so the timed region holds only the call. */
function variants() {
  const list = [];
  // The floor: two clock reads and nothing between, awaited like a process() call.
  list.push({ name: "floor (empty call)", async: false, call: () => undefined, memory: () => 0 });
  list.push({ name: "floor (empty awaited call)", async: true, call: () => Promise.resolve(), memory: () => 0 });
  // The machine's own spread on constant work as long as a compact() call (calibrated after the
  // warm-up), allocating nothing: passes over the output's units.
  list.push({ name: "floor (fixed work)", async: false, call: () => fixedWork(small, floorRounds), memory: () => 0 });
  for (const [build, lib] of builds) {
    const input = { tool: "bash", output: small };
    list.push({ name: `${build}: compact()`, async: false, call: () => lib.compact(input).llmContent, memory: lib.coreMemoryBytes });
    const session = lib.createAbridge({ cwd: dir, env: {}, log: { dir, path: join(dir, `${build}.jsonl`) } });
    const total = WARM_UP + CALLS;
    const inputs = Array.from({ length: total }, (_, i) => ({ tool: "bash", output: small, callId: `c_${i}` }));
    let n = 0;
    list.push({ name: `${build}: process()`, async: true, call: () => session.process(inputs[n++ % total]), memory: lib.coreMemoryBytes, session });
  }
  return list;
}

const list = variants();
for (const v of list) {
  v.start = new Float64Array(CALLS);
  v.time = new Float64Array(CALLS);
  v.grew = new Uint8Array(CALLS);
  v.sys = new Float64Array(CALLS);
  v.preempted = new Uint8Array(CALLS);
  v.done = 0;
}

/** Runs `count` calls of `v`, timed one by one, or untimed for the warm-up. */
async function run(v, count, timed) {
  const { start, time, grew, sys, preempted } = v;
  let memory = v.memory();
  for (let k = 0; k < count; k++) {
    const c0 = timed ? switches() : 0;
    const s0 = inSyscalls;
    const t0 = performance.now();
    if (v.async) await v.call();
    else v.call();
    const t1 = performance.now();
    if (!timed) continue;
    const i = v.done++;
    start[i] = t0;
    time[i] = (t1 - t0) * 1000;
    sys[i] = (inSyscalls - s0) * 1000;
    preempted[i] = switches() !== c0 ? 1 : 0;
    const m = v.memory();
    if (m !== memory) {
      grew[i] = 1;
      memory = m;
    }
  }
}

// Warm-up in blocks too, so that V8 sees the same mix as in the run.
for (let done = 0; done < WARM_UP; done += BLOCK) for (const v of list) await run(v, BLOCK, false);
await turn();
gcs.length = 0;

/** Median µs of `count` calls of `fn`, each timed. */
function medianOf(fn, count) {
  const t = new Float64Array(count);
  for (let k = 0; k < count; k++) {
    const t0 = performance.now();
    fn();
    t[k] = (performance.now() - t0) * 1000;
  }
  return t.sort()[count >> 1];
}
const lastCompact = list.findLast((v) => v.name.endsWith("compact()"));
floorRounds = Math.max(1, Math.round(medianOf(lastCompact.call, 2000) / medianOf(() => fixedWork(small, 1), 2000)));
for (let k = 0; k < 2000; k++) fixedWork(small, floorRounds);

// JS heap each call allocates: young-generation growth over a block of calls without a scavenge.
function youngUsed() {
  return v8.getHeapSpaceStatistics().find((s) => s.space_name === "new_space").space_used_size;
}
const allocated = {};
for (const v of list) {
  const per = [];
  for (let round = 0; round < 20 && per.length < 5; round++) {
    const before = youngUsed();
    await run(v, 50, false);
    const after = youngUsed();
    if (after > before) per.push((after - before) / 50);
  }
  per.sort((a, b) => a - b);
  allocated[v.name] = per.length ? per[Math.floor(per.length / 2)] : NaN;
}

const runStart = performance.now();
// Each turn starts one variant later: every variant follows each of the others alike (a variant
// that always ran after the same one would inherit its caches and the collection its garbage
// starts, and an A/B of two builds would differ by place).
for (let done = 0, turnNo = 0; done < CALLS; done += BLOCK, turnNo++) {
  for (let k = 0; k < list.length; k++) {
    await run(list[(k + turnNo) % list.length], Math.min(BLOCK, CALLS - done), true);
  }
  if (YIELD) await turn();
}
const runEnd = performance.now();
// GC entries reach the observer through the event loop, a turn or two after the collection.
for (let k = 0; k < 3; k++) await new Promise((done) => setTimeout(done, 20));
// Only the collections of the timed run (entries come late: some are of the warm-up).
const inRun = gcs.filter((g) => g.start >= runStart && g.start < runEnd);
gcs.length = 0;
gcs.push(...inRun);
for (const v of list) await v.session?.close();
rmSync(dir, { recursive: true, force: true });

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const fmt = (n, d = 1) => (Number.isFinite(n) ? n.toFixed(d) : "–");

/** Whether a GC entry overlapped call i of v. */
function gcDuring(v, i) {
  const a = v.start[i];
  const b = a + v.time[i] / 1000;
  for (const g of gcs) if (g.start < b && g.end > a) return g;
  return undefined;
}

const rows = list.map((v) => {
  const times = Array.from(v.time);
  const sorted = [...times].sort((a, b) => a - b);
  const p99 = pct(sorted, 99);
  const slow = [];
  let gcCalls = 0;
  let gcTime = 0;
  for (let i = 0; i < CALLS; i++) {
    const g = gcDuring(v, i);
    if (g) {
      gcCalls++;
      gcTime += (g.end - g.start) * 1000;
    }
    if (times[i] >= p99) slow.push({ i, us: times[i], gc: g?.kind ?? 0, grew: v.grew[i] === 1 });
  }
  const quiet = times.filter((_, i) => !gcDuring(v, i)).sort((a, b) => a - b);
  // A cost paid every 64th call shows as one residue class of 64: the log's size read back
  // every 64th write of a log another process also writes (one write per call).
  const residues = Array.from({ length: 64 }, () => []);
  times.forEach((t, i) => residues[i % 64].push(t));
  const residueMeans = residues.map((r) => r.sort((a, b) => a - b)[r.length >> 1]).sort((a, b) => a - b);
  // Drift over the run: the mean of each tenth (tier-up shows as a falling mean).
  const tenths = Array.from({ length: 10 }, (_, k) => {
    const part = times.slice((k * CALLS) / 10, ((k + 1) * CALLS) / 10);
    return part.reduce((s, x) => s + x, 0) / part.length;
  });
  // The first call of each block runs after the other variants' blocks: its code and data are
  // out of the caches, as a harness's call is after the agent's own work.
  const firsts = times.filter((_, i) => i % BLOCK === 0).sort((a, b) => a - b);
  const sys = Array.from(v.sys);
  const slowSys = slow.map((s) => sys[s.i]).sort((a, b) => a - b);
  const kept = times.filter((_, i) => !v.preempted[i]).sort((a, b) => a - b);
  return {
    preemptedCalls: CALLS - kept.length,
    p99NotPreempted: pct(kept, 99),
    p999NotPreempted: pct(kept, 99.9),
    sysP50: pct([...sys].sort((a, b) => a - b), 50),
    sysP99: pct([...sys].sort((a, b) => a - b), 99),
    sysSlowMedian: slowSys[slowSys.length >> 1],
    name: v.name,
    coldMedian: firsts[firsts.length >> 1],
    p50: pct(sorted, 50),
    p90: pct(sorted, 90),
    p99,
    p999: pct(sorted, 99.9),
    max: sorted.at(-1),
    allocatedBytes: allocated[v.name],
    gcCalls,
    gcMeanUs: gcCalls ? gcTime / gcCalls : 0,
    slowCalls: slow.length,
    slowWithGc: slow.filter((s) => s.gc).length,
    slowWithGrowth: slow.filter((s) => s.grew).length,
    p99WithoutGc: pct(quiet, 99),
    p999WithoutGc: pct(quiet, 99.9),
    residueSpreadUs: residueMeans.at(-1) - residueMeans[0],
    residueMedianUs: residueMeans[32],
    tenths,
    slowest: slow.sort((a, b) => b.us - a.us).slice(0, 8),
  };
});

const inCalls = gcs.filter((g) => list.some((v) => v.start.some((a, i) => a <= g.start && g.start < a + v.time[i] / 1000))).length;
const lines = [
  `${CALLS.toLocaleString("en-US")} timed calls of each after ${WARM_UP.toLocaleString("en-US")} warm-up calls, by turns in blocks of ${BLOCK}${YIELD ? ", the event loop turning between blocks" : ", never yielding to the event loop"}; 4 KB output (${small.length} chars). fixed work: ${floorRounds} passes over the output. GC entries in the run: ${gcs.length} (${gcs.filter((g) => g.kind === 1).length} scavenges), ${inCalls} of them inside a timed call.`,
  ``,
  `| variant | p50 µs | p90 | p99 | p99.9 | max | JS bytes allocated per call | calls under a GC | mean GC µs | slow 1 %: with a GC | p99 / p99.9 without GC | median by write mod 64: spread | first call of a block: median |`,
  `|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|`,
  ...rows.map((r) => `| ${r.name} | ${fmt(r.p50)} | ${fmt(r.p90)} | ${fmt(r.p99)} | ${fmt(r.p999)} | ${fmt(r.max, 0)} | ${fmt(r.allocatedBytes, 0)} | ${r.gcCalls} | ${fmt(r.gcMeanUs)} | ${r.slowWithGc} of ${r.slowCalls} | ${fmt(r.p99WithoutGc)} / ${fmt(r.p999WithoutGc)} | ${fmt(r.residueSpreadUs)} (median ${fmt(r.residueMedianUs)}) | ${fmt(r.coldMedian)} |`),
  ``,
  ...(PREEMPTION ? [``, `Calls the scheduler did not switch out, p99 / p99.9 µs (calls it did): ${rows.map((r) => `${r.name} ${fmt(r.p99NotPreempted)} / ${fmt(r.p999NotPreempted)} (${r.preemptedCalls})`).join("; ")}`] : []),
  ...(SYSCALLS ? [``, `System calls of the log (write, writev, fstat) per call, µs: p50 / p99 of all calls / median of the slow 1 %: ${rows.map((r) => `${r.name} ${fmt(r.sysP50)} / ${fmt(r.sysP99)} / ${fmt(r.sysSlowMedian)}`).join("; ")}`, ``] : []),
  ...rows.map((r) => `- ${r.name}: mean by tenth of the run ${r.tenths.map((t) => fmt(t)).join(", ")}; slowest ${r.slowest.map((s) => `#${s.i} ${fmt(s.us, 0)} µs${s.gc ? ` gc${s.gc}` : ""}${s.grew ? " grew" : ""}`).join(", ")}`),
];
console.log(lines.join("\n"));
if (arg("json")) writeFileSync(arg("json"), JSON.stringify({ rows, gcs, calls: Object.fromEntries(list.map((v) => [v.name, { start: Array.from(v.start), us: Array.from(v.time) }])) }));
