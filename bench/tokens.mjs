// Measures the core's o200k token estimate against gpt-tokenizer's exact
// counts on real text from this machine, and (with --fit) refits its weights.
//
//   npm run build:host && node bench/tokens.mjs          # the error table of docs/tokens.md
//   node bench/tokens.mjs --fit                          # new WEIGHTS for assembly/tokens.ts
//   node bench/tokens.mjs --speed                        # MB/s of estimateTokens on 10 MB
//
// Samples: each file's first 16 KB (cut at a line end), up to 60 files per
// kind, spread evenly over the sorted file list. Files at even positions fit
// the weights, files at odd positions are held out; the table reports both.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { performance } from "node:perf_hooks";
import { countTokens } from "gpt-tokenizer/encoding/o200k_base";

const root = new URL("..", import.meta.url).pathname;
const args = new Set(process.argv.slice(2));
const SAMPLE_BYTES = 16 * 1024;
const FILES_PER_KIND = 60;

function walk(dir, keep, out = []) {
  if (!existsSync(dir)) return out;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath ?? entry.path, entry.name);
    if (keep(path)) out.push(path);
  }
  return out;
}

const nm = join(root, "node_modules");
/** Real commands whose output is sampled like a file (sorted for a stable split). */
const LIVE_COMMANDS = [
  "ls -la /usr/bin", "ls -la /usr/lib", "ls -la /etc", "ls -laR /usr/include/linux", "ls -l node_modules",
  "find /usr/include -name '*.h'", "find node_modules/typescript", "find /usr/lib/python3* -name '*.py'", "find node_modules/assemblyscript -type f",
  "grep -rn 'define' /usr/include/linux", "grep -rn 'def ' /usr/lib/python3*/json", "grep -rn 'export function' node_modules/assemblyscript/std/assembly",
  "grep -rn 'import' node_modules/vitest/dist", "grep -rn -i 'error' /usr/include/asm-generic",
  "git log --stat -n 40", "git log -p -n 3", "git status", "git diff --stat HEAD",
  "node --help", "npx tsc --help", "python3 --help", "gcc --help", "git help log", "npm help ls",
  "python3 -c 'import this'", "dpkg -l", "df -h", "ps aux", "npm ls --depth=1", "npm ls --all",
  "ls --color=always -la /usr/bin", "grep --color=always -rn 'return' /usr/lib/python3*/json", "git log --color=always --stat -n 30",
  "grep --color=always -rn 'struct' /usr/include/linux/netfilter",
].sort();
const notMinified = (text) => text.split("\n").every((l) => l.length < 1000);
/** Kinds of text, each a list of candidate files and an optional content filter. */
export const KINDS = [
  // Never used to fit: the vitest bound is checked on these.
  { kind: "command output (tests/fixtures)", files: () => walk(join(root, "tests/fixtures"), (p) => p.endsWith("/output")), heldOut: true },
  { kind: "command output (run live: ls, find, grep, git, --help)", commands: LIVE_COMMANDS },
  { kind: "Markdown (READMEs)", files: () => walk(nm, (p) => p.endsWith("/README.md")) },
  { kind: "TypeScript (.ts, .d.ts)", files: () => walk(nm, (p) => p.endsWith(".ts") && !p.includes("/locales/")), accept: notMinified },
  { kind: "JavaScript", files: () => walk(nm, (p) => p.endsWith(".js") && !p.includes("/locales/")), accept: notMinified },
  { kind: "C headers (/usr/include)", files: () => walk("/usr/include", (p) => p.endsWith(".h")) },
  { kind: "Python (/usr/lib/python3*)", files: () => readdirSync("/usr/lib").filter((d) => /^python3\.\d+$/.test(d)).flatMap((d) => walk(join("/usr/lib", d), (p) => p.endsWith(".py"))) },
  { kind: "JSON", files: () => walk(nm, (p) => p.endsWith(".json")) },
  { kind: "HTML", files: () => [...walk("/usr/share/doc", (p) => p.endsWith(".html")), ...walk(nm, (p) => p.endsWith(".html"))] },
  { kind: "logs (/var/log)", files: () => walk("/var/log", (p) => /\.log(\.\d+)?$|\/history\.log|\/term\.log/.test(p) && !p.endsWith(".gz")) },
  { kind: "many languages (zod locales)", files: () => walk(join(nm, "zod/v4/locales"), (p) => p.endsWith(".js")) },
];

function runCommand(command) {
  try {
    return execFileSync("sh", ["-c", `${command} 2>&1`], { cwd: root, encoding: "utf8", timeout: 20_000, maxBuffer: 64 << 20 });
  } catch (err) {
    return typeof err.stdout === "string" ? err.stdout : null;
  }
}

function cutSample(text) {
  if (text.length > SAMPLE_BYTES) {
    const cut = text.lastIndexOf("\n", SAMPLE_BYTES);
    text = text.slice(0, cut > 0 ? cut + 1 : SAMPLE_BYTES);
  }
  return text;
}

function readSample(path) {
  let buf;
  try {
    if (statSync(path).size < 200) return null;
    buf = readFileSync(path);
  } catch {
    return null;
  }
  if (buf.includes(0)) return null;
  return cutSample(buf.subarray(0, SAMPLE_BYTES * 2).toString("utf8"));
}

/** [{kind, path, text, tokens, train}] */
export function loadCorpus(kinds = KINDS, perKind = FILES_PER_KIND) {
  const samples = [];
  for (const { kind, files, accept, heldOut, commands } of kinds) {
    if (commands) {
      commands.forEach((command, i) => {
        const out = runCommand(command);
        if (!out || out.length < 200) return;
        const text = cutSample(out);
        samples.push({ kind, path: `$ ${command}`, text, tokens: countTokens(text), train: i % 2 === 0 });
      });
      continue;
    }
    const all = [...new Set(files())].sort();
    const picked = [];
    // Held-out kinds (the fixtures) are measured in full.
    const limit = heldOut ? Infinity : perKind;
    const step = heldOut ? 1 : Math.max(1, all.length / (perKind * 3));
    for (let i = 0; i < all.length && picked.length < limit; i += step) {
      const text = readSample(all[Math.floor(i)]);
      if (text && (!accept || accept(text))) picked.push({ kind, path: all[Math.floor(i)], text });
    }
    picked.forEach((s, i) => samples.push({ ...s, tokens: countTokens(s.text), train: !heldOut && i % 2 === 0 }));
  }
  return samples;
}

export function errorTable(samples, estimate) {
  const rows = [];
  const byKind = new Map();
  for (const s of samples) {
    const est = estimate(s.text);
    const err = (est - s.tokens) / s.tokens;
    if (!byKind.has(s.kind)) byKind.set(s.kind, []);
    byKind.get(s.kind).push({ ...s, est, err });
  }
  const summarize = (kind, list) => {
    const abs = list.map((r) => Math.abs(r.err));
    const worst = list.reduce((a, b) => (Math.abs(b.err) > Math.abs(a.err) ? b : a));
    const tokens = list.reduce((a, r) => a + r.tokens, 0);
    const est = list.reduce((a, r) => a + r.est, 0);
    return { kind, files: list.length, tokens, mean: abs.reduce((a, b) => a + b, 0) / abs.length, worst, total: (est - tokens) / tokens };
  };
  for (const [kind, list] of byKind) rows.push(summarize(kind, list));
  rows.push(summarize("all", [...byKind.values()].flat()));
  return rows;
}

const pct = (x) => `${x >= 0 ? "+" : ""}${(x * 100).toFixed(1)} %`;

function printTable(title, rows) {
  console.log(`\n${title}\n`);
  console.log("| kind of text | files | exact tokens | mean abs error | worst file | error on the kind's total |");
  console.log("|---|---:|---:|---:|---|---:|");
  for (const r of rows) {
    const worst = `${pct(r.worst.err)} (${r.worst.path.replace(root, "").replace(/^\/?node_modules\//, "")})`;
    console.log(`| ${r.kind} | ${r.files} | ${r.tokens.toLocaleString("en-US")} | ${(r.mean * 100).toFixed(1)} % | ${worst} | ${pct(r.total)} |`);
  }
}

/** Non-negative least squares on relative error, every kind weighted equally (coordinate descent). */
export function fit(samples, featuresOf) {
  const kinds = new Map();
  for (const s of samples) kinds.set(s.kind, (kinds.get(s.kind) ?? 0) + 1);
  const rows = samples.map((s) => ({ x: featuresOf(s.text), y: s.tokens, w: 1 / kinds.get(s.kind) }));
  const k = rows[0].x.length;
  const A = Array.from({ length: k }, () => new Float64Array(k));
  const b = new Float64Array(k);
  for (const { x, y, w } of rows) {
    const ww = w / (y * y);
    for (let i = 0; i < k; i++) {
      b[i] += ww * x[i] * y;
      for (let j = 0; j < k; j++) A[i][j] += ww * x[i] * x[j];
    }
  }
  const beta = new Float64Array(k).fill(0.5);
  for (let iter = 0; iter < 20000; iter++) {
    for (let i = 0; i < k; i++) {
      if (A[i][i] === 0) {
        beta[i] = 0;
        continue;
      }
      let r = b[i];
      for (let j = 0; j < k; j++) if (j !== i) r -= A[i][j] * beta[j];
      beta[i] = Math.max(0, r / A[i][i]);
    }
  }
  return [...beta];
}

async function core(wasm) {
  if (wasm) process.env.ABRIDGE_CORE_WASM = wasm;
  return import(join(root, "dist/core.js"));
}

const main = process.argv[1] === fileURLToPath(import.meta.url);
if (!main) {
  // Imported (by a test): export only.
} else if (args.has("--fit")) {
  const wasm = "/tmp/abridge-tokens-fit.wasm";
  execFileSync("npx", ["asc", "assembly/tokens.ts", "--config", "bench/tokens-fit.asconfig.json", "--target", "fit", "-o", wasm], { cwd: root, stdio: "inherit" });
  const { callCore } = await core(wasm);
  const samples = loadCorpus();
  const featuresOf = (t) => JSON.parse(callCore("tokenFeatures", t));
  const beta = fit(samples.filter((s) => s.train), featuresOf);
  console.log(`const WEIGHTS: StaticArray<f64> = [\n  ${beta.map((v) => v.toFixed(4)).join(", ")},\n];`);
  const fitted = (t) => (t.length === 0 ? 0 : Math.max(1, Math.round(featuresOf(t).reduce((a, x, i) => a + x * beta[i], 0))));
  printTable("With these weights, held-out files:", errorTable(samples.filter((s) => !s.train), fitted));
  printTable("Current weights in the core build, held-out files:", errorTable(samples.filter((s) => !s.train), (t) => callCore("estimateTokens", t)));
} else if (args.has("--speed")) {
  const { callCore } = await core();
  const samples = loadCorpus(KINDS, 20);
  let text = "";
  while (text.length < 10 * 1024 * 1024) text += samples.map((s) => s.text).join("");
  text = text.slice(0, 10 * 1024 * 1024);
  const bytes = Buffer.byteLength(text);
  let best = Infinity;
  for (let i = 0; i < 10; i++) {
    const t0 = performance.now();
    callCore("estimateTokens", text);
    best = Math.min(best, performance.now() - t0);
  }
  const t0 = performance.now();
  const exact = countTokens(text.slice(0, 1024 * 1024));
  const exactMs = performance.now() - t0;
  console.log(`estimateTokens, 10 MB of mixed text (${bytes.toLocaleString("en-US")} UTF-8 bytes), best of 10, including the copy into wasm: ${best.toFixed(2)} ms = ${(bytes / best / 1e3).toFixed(0)} MB/s`);
  console.log(`gpt-tokenizer countTokens (o200k_base), first 1 MB: ${exactMs.toFixed(0)} ms = ${(Buffer.byteLength(text.slice(0, 1024 * 1024)) / exactMs / 1e3).toFixed(1)} MB/s (${exact.toLocaleString("en-US")} tokens)`);
} else {
  const { callCore } = await core();
  const samples = loadCorpus();
  printTable("Held-out files (not used to fit the weights):", errorTable(samples.filter((s) => !s.train), (t) => callCore("estimateTokens", t)));
  printTable("All files:", errorTable(samples, (t) => callCore("estimateTokens", t)));
}
