// Small timing helpers shared by the benchmarks.
import { performance } from "node:perf_hooks";

/** Best and median wall time of `runs` calls, after `warmup` untimed calls. */
export function time(fn, { runs = 10, warmup = 2 } = {}) {
  for (let i = 0; i < warmup; i++) fn();
  const samples = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    fn();
    samples.push(performance.now() - t0);
  }
  samples.sort((a, b) => a - b);
  return { best: samples[0], median: samples[Math.floor(samples.length / 2)] };
}

export function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

export const mbps = (bytes, ms) => bytes / 1e6 / (ms / 1e3);
export const fmt = (n, d = 1) => n.toLocaleString("en-US", { maximumFractionDigits: d, minimumFractionDigits: d });
