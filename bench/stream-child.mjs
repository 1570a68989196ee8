// One measurement per fresh process (peak RSS is the process's own): a generated build log
// fed to createAbridge().stream() in 64 KB byte chunks, produced lazily (the whole output is
// never in memory), with the default session log. Prints JSON.
// Usage: node stream-child.mjs <MB> [generate-only]
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";

const [mbArg, mode] = process.argv.slice(2);
// Usage also: node stream-child.mjs <MB> compare   (stream() vs process() on the same text, in memory)
const total = Number(mbArg) * 1024 * 1024;
const CHUNK = 64 * 1024;
const read = (name) => readFileSync(new URL(`./data/${name}`, import.meta.url), "utf8");

/** 64 KB byte chunks of a coloured gcc build log of `total` bytes, the error block at 40 %. */
function* buildLogChunks() {
  const warnings = read("gcc-warnings.ansi.txt");
  const error = Buffer.from(read("gcc-error.ansi.txt"));
  let pending = [];
  let pendingBytes = 0;
  let produced = 0;
  let inserted = false;
  for (let n = 0; produced < total; n++) {
    if (!inserted && produced + pendingBytes >= total * 0.4) {
      pending.push(error);
      pendingBytes += error.length;
      inserted = true;
    }
    const piece = Buffer.from(warnings.replace(/unit(\d)/g, (_, d) => `unit${n}_${d}`));
    pending.push(piece);
    pendingBytes += piece.length;
    while (pendingBytes >= CHUNK) {
      const all = Buffer.concat(pending);
      for (let at = 0; at + CHUNK <= all.length; at += CHUNK) {
        yield all.subarray(at, at + CHUNK);
        produced += CHUNK;
      }
      const rest = all.subarray(all.length - (all.length % CHUNK));
      pending = rest.length ? [rest] : [];
      pendingBytes = rest.length;
    }
  }
  if (pendingBytes > 0) yield Buffer.concat(pending);
}

if (mode === "generate-only") {
  const t0 = performance.now();
  let bytes = 0;
  for (const c of buildLogChunks()) bytes += c.length;
  console.log(JSON.stringify({ bytes, ms: performance.now() - t0, maxRssMB: process.resourceUsage().maxRSS / 1024 }));
  process.exit(0);
}

const { createAbridge } = await import("../dist/index.bundle.js");

if (mode === "compare") {
  // The same bytes through process() and through stream() in 64 KB chunks (under streamBufferBytes,
  // so both make the same digest), default log on; best of 5 after a warm-up.
  const chunks = [...buildLogChunks()];
  const whole = Buffer.concat(chunks);
  const dir = mkdtempSync(join(tmpdir(), "abridge-stream-compare-"));
  try {
    const abridge = createAbridge({ sessionId: "bench", log: { path: join(dir, "s.jsonl"), maxBytes: 0 }, summarizer: { provider: "off" } });
    const viaProcess = async (i) => (await abridge.process({ tool: "bash", args: { command: "make -k" }, output: whole, exitCode: 2, callId: `p${i}` })).llmContent;
    const viaStream = async (i) => {
      const sink = abridge.stream({ tool: "bash", args: { command: "make -k" }, callId: `s${i}` });
      for (const c of chunks) sink.write(c);
      return (await sink.end({ exitCode: 2 })).llmContent;
    };
    const best = async (fn) => {
      await fn(-1);
      let min = Infinity;
      for (let i = 0; i < 5; i++) {
        const t0 = performance.now();
        await fn(i);
        min = Math.min(min, performance.now() - t0);
      }
      return min;
    };
    const processMs = await best(viaProcess);
    const streamMs = await best(viaStream);
    const same = (await viaProcess(99)).replaceAll("p99", "X") === (await viaStream(99)).replaceAll("s99", "X");
    await abridge.close();
    console.log(JSON.stringify({ bytes: whole.length, processMs, streamMs, same }));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  process.exit(0);
}
const dir = mkdtempSync(join(tmpdir(), "abridge-stream-bench-"));
const log = join(dir, "session.jsonl");
try {
  const abridge = createAbridge({ sessionId: "bench", log: { path: log }, summarizer: { provider: "off" } });
  await abridge.process({ tool: "bash", output: "warm\n".repeat(100), exitCode: 0 }); // the core instantiated before timing
  const before = process.memoryUsage().rss;
  let peak = before;
  const t0 = performance.now();
  const sink = abridge.stream({ tool: "bash", args: { command: "make -k" }, callId: "big" });
  let chunks = 0;
  for (const chunk of buildLogChunks()) {
    sink.write(chunk);
    if (++chunks % 256 === 0) {
      peak = Math.max(peak, process.memoryUsage().rss);
      if (process.env.ABRIDGE_BENCH_TRACE && chunks % 256 === 0 && (chunks <= 2048 || chunks % 2560 === 0)) console.error(`${chunks / 16} MB: rss ${(process.memoryUsage().rss / 1048576).toFixed(0)} MB heap ${(process.memoryUsage().heapUsed / 1048576).toFixed(0)} ext ${(process.memoryUsage().external / 1048576).toFixed(0)} ab ${(process.memoryUsage().arrayBuffers / 1048576).toFixed(0)}`);
    }
  }
  const result = await sink.end({ exitCode: 2 });
  const ms = performance.now() - t0;
  peak = Math.max(peak, process.memoryUsage().rss);
  await abridge.close();
  console.log(
    JSON.stringify({
      bytes: sink.bytesWritten,
      ms,
      maxRssMB: process.resourceUsage().maxRSS / 1024,
      sampledPeakMB: peak / 1024 / 1024,
      rssBeforeMB: before / 1024 / 1024,
      logBytes: statSync(log).size,
      errorKept: result.llmContent.includes("error: ‘totl’ undeclared"),
      llmChars: result.llmContent.length,
      stream: result.stream,
    }),
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
