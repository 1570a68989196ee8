// Throughput of clean() through the binding, and of secret redaction, on a 10 MB ANSI-coloured log
// made of real captured outputs (gcc, grep and ls with --color=always,
// tests/fixtures/*) repeated. `npm run bench -- clean` (after `npm run build`).
import { readFileSync } from "node:fs";
import stripAnsi from "strip-ansi";
import { clean } from "../dist/core-api.js";
import { redactSecrets } from "../dist/redact.js";
import { fmt, mbps, time } from "./lib.mjs";

const fixtures = ["gcc-color-errors", "grep-rn-color-always", "ls-la-color-always"];
const unit = fixtures.map((id) => readFileSync(new URL(`../tests/fixtures/${id}/output`, import.meta.url), "utf8")).join("");
let log = "";
while (log.length < 10_000_000) log += unit;
const bytes = Buffer.byteLength(log);
const escapes = log.split("\x1b").length - 1;
const plain = stripAnsi(log);

const rows = [
  ["abridge clean, coloured log", time(() => clean(log))],
  ["abridge clean, same log without colours (returned as is)", time(() => clean(plain))],
  ["strip-ansi, coloured log", time(() => stripAnsi(log), { runs: 3, warmup: 1 })],
  // Secret redaction (of the log with `redaction.log`, of every summarizer request) reads the same text.
  ["abridge redactSecrets, coloured log (no secret in it)", time(() => redactSecrets(log), { runs: 3, warmup: 1 })],
];
const lines = [
  `Input: ${fmt(bytes / 1e6, 2)} MB, ${escapes.toLocaleString("en-US")} escape sequences (${fixtures.join(", ")} repeated).`,
  "",
  "| what | best ms | MB/s |",
  "|---|---|---|",
  ...rows.map(([name, t]) => `| ${name} | ${fmt(t.best)} | ${fmt(mbps(bytes, t.best), 0)} |`),
];
for (const l of lines) console.log(l);

export default { section: "Cleaning", body: lines.join("\n"), results: Object.fromEntries(rows) };
