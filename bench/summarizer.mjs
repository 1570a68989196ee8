// Benchmark of the LLM summarizer against the loopback provider server
// (tests/host/support/provider-server.ts): what summarize() adds over a bare
// undici request carrying the same bytes to the same server (prompt building,
// redaction, JSON, parsing, verification, cache bookkeeping), p50 and p99; a
// cache hit; and 64 concurrent summaries.
// Run: `npm run bench -- summarizer` (or `node bench/summarizer.mjs`).
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath, pathToFileURL } from "node:url";
import ts from "typescript";
import { Agent, request } from "undici";
import { fmt, percentile } from "./lib.mjs";

const REPO = join(dirname(fileURLToPath(import.meta.url)), "..");
// Node 20 cannot load .ts: transpile what the benchmark needs under node_modules/.cache,
// where `undici` still resolves from the repository's node_modules. Each module's relative
// imports are followed, so the set stays whole as the summarizer's imports change.
const OUT = join(REPO, "node_modules/.cache/abridge-bench-summarizer");
const ENTRIES = ["host/summarizer/index.ts", "tests/host/support/provider-server.ts"];
const RELATIVE_IMPORT = /(?:from|import)\s*\(?\s*"(\.{1,2}\/[^"]+)\.js"/g;

function transpile(rel, done = new Set()) {
  if (done.has(rel)) return;
  done.add(rel);
  const source = readFileSync(join(REPO, rel), "utf8");
  const { outputText } = ts.transpileModule(source, {
    compilerOptions: { module: ts.ModuleKind.ES2022, target: ts.ScriptTarget.ES2022 },
    fileName: rel,
  });
  const out = join(OUT, rel.replace(/\.ts$/, ".js"));
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, outputText);
  for (const [, spec] of source.matchAll(RELATIVE_IMPORT)) transpile(join(dirname(rel), `${spec}.ts`), done);
}
const transpiled = new Set();
ENTRIES.forEach((entry) => transpile(entry, transpiled));
writeFileSync(join(OUT, "package.json"), '{ "type": "module" }\n');
const load = (rel) => import(pathToFileURL(join(OUT, rel)).href);
const { createSummarizer } = await load("host/summarizer/index.js");
const { startProviderServer } = await load("tests/host/support/provider-server.js");

const make = readFileSync(join(REPO, "tests/fixtures/make-k-c-syntax-error/output"), "utf8");
const errorLines = JSON.parse(readFileSync(join(REPO, "tests/fixtures/make-k-c-syntax-error/meta.json"), "utf8")).facts.errorLines;
const SUMMARY = "make -k failed: u301.c:4:3: error: expected ‘,’ or ‘;’ before ‘return’; make: *** [Makefile:8: u301.o] Error 1; make: Target 'all' not remade because of errors.";
const N = Number(process.env.BENCH_SUMMARIZER_CALLS ?? 2000);

const server = await startProviderServer({ apiKey: "bench" });
server.setDefault({ kind: "success", text: SUMMARY, usage: { input: 9000, output: 60 } });
const summarizer = createSummarizer({ provider: "anthropic", apiKey: "bench", baseURL: server.url, timeoutMs: 10_000 }, {});
const text = (i) => `call ${i}\n${make}`; // unique per call: no cache hits

// One summarize() to learn the exact bytes it sends; the baseline sends the same.
await summarizer.summarize({ category: "CommandOutput", text: text(-1), errorLines });
const sample = server.requests[0];
const baselineHeaders = { "content-type": "application/json", "x-api-key": "bench", "anthropic-version": "2023-06-01" };
const agent = new Agent({ connections: 16, keepAliveTimeout: 10_000 });
async function bare(i) {
  const body = sample.rawBody.replace("call -1", `call ${i}`);
  const r = await request(`${server.url}/v1/messages`, { method: "POST", headers: baselineHeaders, body, dispatcher: agent });
  JSON.parse(await r.body.text());
}

const stats = (samples) => {
  const s = [...samples].sort((a, b) => a - b);
  return { p50: percentile(s, 50), p99: percentile(s, 99) };
};

// Warm both paths, then interleave them so machine noise hits both alike.
for (let i = 0; i < 200; i++) {
  await bare(i);
  await summarizer.summarize({ category: "CommandOutput", text: text(1e6 + i), errorLines });
}
const bareMs = [];
const sumMs = [];
const handled = [];
// The server keeps every request; harvest its timings and let them go, so memory stays flat.
const harvest = () => {
  for (const r of server.requests.splice(0)) if (r.handledMs !== undefined) handled.push(r.handledMs);
};
harvest();
handled.length = 0;
let ok = 0;
for (let i = 0; i < N; i++) {
  if (i % 100 === 0) harvest();
  let t0 = performance.now();
  await bare(i);
  bareMs.push(performance.now() - t0);
  t0 = performance.now();
  const o = await summarizer.summarize({ category: "CommandOutput", text: text(i), errorLines });
  sumMs.push(performance.now() - t0);
  if (o.ok) ok++;
}
const b = stats(bareMs);
const s = stats(sumMs);
await new Promise((r) => setTimeout(r, 50));
harvest();
const serverMs = stats(handled);

// Cache hits: the last 200 outputs are still among the 256 cached.
const hitMs = [];
for (let i = 0; i < 1000; i++) {
  const t0 = performance.now();
  await summarizer.summarize({ category: "CommandOutput", text: text(N - 1 - (i % 200)), errorLines });
  hitMs.push(performance.now() - t0);
}
const h = stats(hitMs);
const cacheHitRequests = server.requests.length; // harvested just before: should stay 0

// 64 concurrent summaries, each a distinct output, server answering after 20 ms.
server.setDefault({ kind: "success", text: SUMMARY, delayMs: 20 });
server.requests.length = 0;
const t0 = performance.now();
const outcomes = await Promise.all(Array.from({ length: 64 }, (_, i) => summarizer.summarize({ category: "CommandOutput", text: text(2e6 + i), errorLines })));
const concurrentMs = performance.now() - t0;
const concurrentOk = outcomes.filter((o) => o.ok).length;
const concurrentRequests = server.requests.length;

await summarizer.close();
await agent.close();
await server.close();

const results = { calls: N, ok, bare: b, summarize: s, server: serverMs, overhead: { p50: s.p50 - b.p50, p99: s.p99 - b.p99 }, cacheHit: { ...h, requests: cacheHitRequests }, concurrent: { n: 64, ok: concurrentOk, requests: concurrentRequests, ms: concurrentMs } };
console.log(JSON.stringify(results, null, 2));

const body = [
  `Loopback provider server (Anthropic wire format) answering at once; input: the make fixture (${fmt(make.length / 1000)} KB) made unique per call, so no cache hits; ${N} sequential calls of each path, interleaved.`,
  "",
  "| path | p50 ms | p99 ms |",
  "|---|---|---|",
  `| server's own handling (request in → response end) | ${fmt(serverMs.p50, 3)} | ${fmt(serverMs.p99, 3)} |`,
  `| bare undici request, same bytes, same server | ${fmt(b.p50, 3)} | ${fmt(b.p99, 3)} |`,
  `| summarize() (prompt, redaction, request, parse, verify) | ${fmt(s.p50, 3)} | ${fmt(s.p99, 3)} |`,
  `| **overhead of summarize()** | **${fmt(s.p50 - b.p50, 3)}** | **${fmt(s.p99 - b.p99, 3)}** |`,
  `| cache hit (${cacheHitRequests} requests reached the server) | ${fmt(h.p50, 3)} | ${fmt(h.p99, 3)} |`,
  "",
  `${ok} of ${N} summaries verified. 64 concurrent summaries (server delay 20 ms): ${concurrentOk} of 64 ok, ${concurrentRequests} requests, ${fmt(concurrentMs)} ms wall.`,
].join("\n");

export default { section: "Summarizer", body, results };
