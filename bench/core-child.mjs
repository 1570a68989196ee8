// Runs in a fresh process: cold start, then memory over 10,000 calls.
import { performance } from "node:perf_hooks";
import { spawnSync } from "node:child_process";

if (process.argv[2] === "cold") {
  const t0 = performance.now();
  const { compact } = await import("../dist/index.bundle.js");
  compact({ tool: "bash", output: "x\n".repeat(2000) }).llmContent;
  process.stdout.write(String(performance.now() - t0));
} else {
  const cold = [];
  for (let i = 0; i < 5; i++) {
    const r = spawnSync(process.execPath, [new URL(import.meta.url).pathname, "cold"], { encoding: "utf8" });
    cold.push(Number(r.stdout));
  }
  cold.sort((a, b) => a - b);
  const { compact, coreMemoryBytes } = await import("../dist/index.bundle.js");
  const outputs = Array.from({ length: 16 }, (_, k) =>
    Array.from({ length: 200 + k * 50 }, (_, i) => `[${i}] compiling unit_${k}_${i}.c ${i % 97 === 0 ? "error: boom" : "ok"}`).join("\n"),
  );
  // Warm-up: V8 tiers the wasm and JS code up (optimized code is tens of MB of RSS) in the first calls.
  for (let i = 0; i < 2000; i++) compact({ tool: "bash", output: outputs[i % 16] }).llmContent;
  globalThis.gc?.();
  const before = process.memoryUsage().rss;
  const heapBefore = process.memoryUsage().heapUsed;
  const wasmBefore = coreMemoryBytes();
  for (let i = 0; i < 10000; i++) compact({ tool: "bash", output: outputs[i % 16] }).llmContent;
  globalThis.gc?.();
  const after = process.memoryUsage().rss;
  const heapAfter = process.memoryUsage().heapUsed;
  process.stdout.write(
    JSON.stringify({
      coldStartMs: cold[2],
      rssGrowthMB: (after - before) / 1e6,
      heapGrowthMB: (heapAfter - heapBefore) / 1e6,
      wasmBeforeMB: wasmBefore / 1e6,
      wasmAfterMB: coreMemoryBytes() / 1e6,
    }),
  );
}
