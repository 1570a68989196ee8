// Runs in a fresh process: cold start, the first process() over `node -e 0`, then memory over
// 10,000 calls of compact() and of process() with the session log.
//
// No static import: the children that measure a fresh process (an empty module, the first
// process()) must pay only for what they measure, not for this file's parent (node:child_process
// loads ~35 built-in modules, node:fs as an ES module all of Node's streams). They take node:fs
// through require, as the library does; the parent imports what it needs when it runs.
/** A require for Node's built-ins, made when a branch needs one. */
const builtins = async () => (await import("node:module")).createRequire(import.meta.url);
const self = new URL(import.meta.url).pathname;
// V8 sizes its young generation and tiers the code up over the first tens of thousands of
// calls; the leaner a call, the later that ends. A 10,000-call warm-up left it inside the
// measured window of process() calls (an RSS slope of 7–16 MB there, about 0 after 30,000).
const WARM_UP_CALLS = 30000;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
/** Rounds of fresh processes per variant: each round runs every variant once. */
const ROUNDS = Number(process.env.ABRIDGE_BENCH_ROUNDS || 21);
if (!Number.isInteger(ROUNDS) || ROUNDS < 1) throw new Error(`ABRIDGE_BENCH_ROUNDS must be a positive integer, got ${process.env.ABRIDGE_BENCH_ROUNDS}`);
/** Now on the machine's clock, ms since the epoch: comparable across processes. */
const stamp = () => performance.timeOrigin + performance.now();
/**
 * Wall time of fresh node processes over the first variant's (`node -e …`), ms: per variant the
 * median, over ROUNDS rounds, of its wall time less the first variant's in the same round. Each
 * round runs every variant once, starting from a different one each round, so a change in the
 * machine's load within a round falls on both sides of each difference and a load that comes
 * and goes across rounds moves the medians little. Also the first variant's own median.
 * The variants listed in `stamped` print stamp() when they hold their result and are also timed
 * to that moment (`resultOverMs`), over variant `zero`'s time to its own stamp: a process's wall
 * time also holds what it does after the result (the log's close, the run's own clean-up) and
 * Node's wait before exit for the optimising compiles V8 started in the background. That part
 * is `afterResultOverMs`: per round, a variant's wall time less its time to its stamp, over the
 * same for variant `zero` (Node's own exit after its first line).
 * `prepare[k]`, when given, runs before each run of variant k, outside its time.
 */
function walls(spawnSync, variants, zero, stamped, prepare = {}) {
  const times = variants.map(() => []);
  const results = variants.map(() => []);
  for (let round = 0; round < ROUNDS; round++) {
    for (let i = 0; i < variants.length; i++) {
      const k = (round + i) % variants.length;
      prepare[k]?.();
      const s0 = stamp();
      const t0 = performance.now();
      const r = spawnSync(process.execPath, variants[k], { encoding: "utf8" });
      times[k].push(performance.now() - t0);
      if (r.status !== 0) throw new Error(r.stderr || `${variants[k].join(" ")} ended with status ${r.status}, signal ${r.signal}`);
      const printed = r.stdout === "" ? NaN : Number(r.stdout);
      if (Number.isNaN(printed) && stamped.includes(k)) throw new Error(`variant ${k} printed no time: ${JSON.stringify(r.stdout.slice(0, 80))}`);
      results[k].push(printed - s0);
    }
  }
  const base = times[0];
  const zeroResult = results[zero];
  return {
    baseMs: median(base),
    overMs: times.map((ts) => median(ts.map((t, round) => t - base[round]))),
    resultOverMs: results.map((ts) => median(ts.map((t, round) => t - zeroResult[round]))),
    afterResultOverMs: results.map((ts, k) => median(ts.map((t, round) => times[k][round] - t - (times[zero][round] - zeroResult[round])))),
  };
}
/** A build-log-like output of about `size` chars. */
const textOf = (size) => Array.from({ length: Math.ceil(size / 48) }, (_, i) => `[${i}] cc -c src/unit_${i}.c -o build/unit_${i}.o\n`).join("").slice(0, size);

/**
 * Memory growth over 10,000 calls after WARM_UP_CALLS. Samples are taken every 500 calls, each
 * after a full collection. RSS swings by ~8 MB with the phase of V8's young generation whatever the
 * calls keep, so its growth is the least-squares slope through the 21 samples times 10,000 calls;
 * the JS heap (exact after a full collection) and wasm memory are read at the two ends.
 */
/** Least-squares slope of ys sampled every 500 calls, per call. */
function slope(ys) {
  const xs = ys.map((_, i) => i * 500);
  const mx = xs.reduce((a, b) => a + b) / xs.length;
  const my = ys.reduce((a, b) => a + b) / ys.length;
  let num = 0;
  let den = 0;
  for (let i = 0; i < xs.length; i++) {
    num += (xs[i] - mx) * (ys[i] - my);
    den += (xs[i] - mx) ** 2;
  }
  return num / den;
}

async function memoryOver(call, wasmBytes) {
  // Warm-up: V8 tiers the wasm and JS code up (optimized code is tens of MB of RSS) and sizes its
  // heap in the first few thousand calls; what grows after that is what the calls keep.
  for (let i = 0; i < WARM_UP_CALLS; i++) await call(i);
  const samples = [];
  const sample = () => {
    globalThis.gc?.();
    samples.push({ ...process.memoryUsage(), wasm: wasmBytes() });
  };
  sample();
  for (let i = 0; i < 10000; i++) {
    await call(i);
    if ((i + 1) % 500 === 0) sample();
  }
  const first = samples[0];
  const last = samples.at(-1);
  return {
    rssGrowthMB: (slope(samples.map((m) => m.rss)) * 10000) / 1e6,
    heapGrowthMB: (last.heapUsed - first.heapUsed) / 1e6,
    wasmBeforeMB: first.wasm / 1e6,
    wasmAfterMB: last.wasm / 1e6,
  };
}

if (process.argv[2] === "empty") {
  // nothing: the cost of Node running this module file
} else if (process.argv[2] === "input") {
  // Only the output a first-process run builds before it calls abridge: what of its time is the bench's own.
  textOf(Number(process.argv[3])).length;
} else if (process.argv[2] === "cold") {
  const t0 = performance.now();
  const { compact } = await import("../dist/index.bundle.js");
  compact({ tool: "bash", output: "x\n".repeat(2000) }).llmContent;
  // Timed before the write: the first touch of process.stdout makes its stream (a pipe's loads
  // Node's net and stream modules, milliseconds), the child's own cost, not abridge's.
  const coldMs = performance.now() - t0;
  process.stdout.write(String(coldMs));
} else if (process.argv[2] === "first-process" || process.argv[2] === "first-process-require") {
  // What a harness pays on its first tool result: import, a session with its log, one process().
  // "first-process-require" is the same ES module harness taking the library's CommonJS entry
  // with require (createRequire): what `import` of the package adds over that is the ES module
  // entry's own share (its file, read through the ES module loader), the rest of the ES module
  // figure over the CommonJS one being Node's for running a harness written as an ES module.
  const require = await builtins();
  const { mkdtempSync, rmSync } = require("node:fs");
  const { tmpdir } = require("node:os");
  const { join } = require("node:path");
  const output = textOf(Number(process.argv[3]));
  const { createAbridge } = process.argv[2] === "first-process" ? await import("../dist/index.bundle.js") : require("../dist/index.bundle.cjs");
  const dir = mkdtempSync(join(tmpdir(), "abridge-first-"));
  const abridge = createAbridge({ cwd: dir, env: {}, log: { dir } });
  (await abridge.process({ tool: "bash", output, exitCode: 1 })).llmContent;
  // The moment the harness holds its result (walls()), taken before process.stdout is first
  // touched: making its stream is the child's own cost, and its allocations can bring on a
  // young-generation collection that would then count as the result's.
  const held = stamp();
  process.stdout.write(String(held));
  await abridge.close();
  rmSync(dir, { recursive: true, force: true });
} else {
  const { spawnSync } = await import("node:child_process");
  const require = await builtins();
  const { mkdtempSync, rmSync } = require("node:fs");
  const { tmpdir } = require("node:os");
  const { join } = require("node:path");
  const cold = [];
  for (let i = 0; i < 5; i++) {
    const r = spawnSync(process.execPath, [self, "cold"], { encoding: "utf8" });
    cold.push(Number(r.stdout));
  }
  // An empty ES module file too: Node's own cost of running a module file, which any harness
  // written as one pays with or without abridge.
  // The same first call from a CommonJS harness (bench/first-process.cjs, the package's `require`
  // build); and the 1 MB run's own cost of building its input, without abridge.
  const cjs = new URL("first-process.cjs", import.meta.url).pathname;
  // Where the library's entry keeps its code cache when the package is this checkout
  // (scripts/code-cache-entry.cjs): the project's node_modules/.cache.
  const codeCache = new URL("../node_modules/.cache/abridge-agent", import.meta.url).pathname;
  const removeCodeCache = () => rmSync(codeCache, { recursive: true, force: true });
  // Last, `node -e` printing its stamp: Node's time to run a first line, the result times' zero.
  const { baseMs: nodeBare, overMs, resultOverMs, afterResultOverMs } = walls(spawnSync, [
    ["-e", "0"],
    [self, "empty"],
    [self, "first-process", "4096"],
    [self, "first-process", String(1 << 20)],
    [cjs, "4096"],
    [cjs, String(1 << 20)],
    [self, "input", String(1 << 20)],
    ["-e", "const t = performance.timeOrigin + performance.now(); process.stdout.write(String(t))"],
    // The 4 KB runs again, each started with no code cache of the library (what a package's
    // first run, or its first after an upgrade, pays): the cache is removed before each, and
    // the run writes it anew as it exits, for the other variants.
    [self, "first-process", "4096"],
    [cjs, "4096"],
    // The ES module harness taking the CommonJS entry with require, from the code cache.
    [self, "first-process-require", "4096"],
  ], 7, [2, 3, 4, 5, 7, 8, 9, 10], { 8: removeCodeCache, 9: removeCodeCache });
  const [, emptyModule, first4k, first1m, cjs4k, cjs1m, input1m, , uncached4k, uncachedCjs4k, required4k] = overMs;
  const [, , result4k, result1m, resultCjs4k, resultCjs1m, , , uncachedResult4k, uncachedResultCjs4k, resultRequired4k] = resultOverMs;
  const [, , after4k, after1m, afterCjs4k, afterCjs1m] = afterResultOverMs;
  const { compact, createAbridge, coreMemoryBytes } = await import("../dist/index.bundle.js");
  const outputs = Array.from({ length: 16 }, (_, k) =>
    Array.from({ length: 200 + k * 50 }, (_, i) => `[${i}] compiling unit_${k}_${i}.c ${i % 97 === 0 ? "error: boom" : "ok"}`).join("\n"),
  );
  const compactMemory = await memoryOver((i) => compact({ tool: "bash", output: outputs[i % 16] }).llmContent, coreMemoryBytes);
  // The same through a session: every call is logged (the file is not memory) and counted in its stats.
  const dir = mkdtempSync(join(tmpdir(), "abridge-rss-"));
  const abridge = createAbridge({ cwd: dir, env: {}, log: { dir } });
  const processMemory = await memoryOver(async (i) => (await abridge.process({ tool: "bash", output: outputs[i % 16] })).llmContent, coreMemoryBytes);
  await abridge.close();
  rmSync(dir, { recursive: true, force: true });
  process.stdout.write(
    JSON.stringify({
      coldStartMs: median(cold),
      nodeBareMs: nodeBare,
      wallRounds: ROUNDS,
      emptyModuleOverMs: emptyModule,
      firstProcess4kOverMs: first4k,
      firstProcess1mOverMs: first1m,
      firstProcessCjs4kOverMs: cjs4k,
      firstProcessCjs1mOverMs: cjs1m,
      input1mOverMs: input1m,
      firstResult4kOverMs: result4k,
      firstResult1mOverMs: result1m,
      firstResultCjs4kOverMs: resultCjs4k,
      firstResultCjs1mOverMs: resultCjs1m,
      firstProcessUncached4kOverMs: uncached4k,
      firstProcessUncachedCjs4kOverMs: uncachedCjs4k,
      firstResultUncached4kOverMs: uncachedResult4k,
      firstResultUncachedCjs4kOverMs: uncachedResultCjs4k,
      firstProcessRequired4kOverMs: required4k,
      firstResultRequired4kOverMs: resultRequired4k,
      afterResult4kOverMs: after4k,
      afterResult1mOverMs: after1m,
      afterResultCjs4kOverMs: afterCjs4k,
      afterResultCjs1mOverMs: afterCjs1m,
      rssGrowthMB: compactMemory.rssGrowthMB,
      heapGrowthMB: compactMemory.heapGrowthMB,
      wasmBeforeMB: compactMemory.wasmBeforeMB,
      wasmAfterMB: compactMemory.wasmAfterMB,
      processRssGrowthMB: processMemory.rssGrowthMB,
      processHeapGrowthMB: processMemory.heapGrowthMB,
    }),
  );
}
