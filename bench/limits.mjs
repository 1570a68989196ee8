// Resource limits: peak RSS while a 100 MB output goes
// through abridge (compact(), and process() with its session log), against pi's
// truncateTail on the same input, each in a fresh process.
// "Working memory" is the peak over the RSS with the input already built.
import { spawnSync } from "node:child_process";
import { fmt } from "./lib.mjs";

const MB = Number(process.env.ABRIDGE_LIMITS_MB ?? 100);
const cases = [
  ["one-line", "one 100 MB line (minified bundle), marker in the middle"],
  ["log", "100 MB build log, error at 40 % (string)"],
  ["bytes", "100 MB build log, error at 40 % (bytes)"],
];

function measure(kind, pipeline) {
  const r = spawnSync(process.execPath, ["--expose-gc", "--max-old-space-size=4096", new URL("./limits-child.mjs", import.meta.url).pathname, kind, String(MB), pipeline], {
    encoding: "utf8",
    maxBuffer: 1 << 20,
  });
  if (r.status !== 0) return { kind, pipeline, failed: (r.stderr || `exit ${r.status}`).trim().split("\n").slice(-3).join(" ") };
  return JSON.parse(r.stdout);
}

const PIPELINES = { abridge: "abridge compact()", process: "abridge process(), session log on", pi: "pi truncateTail" };
const rows = [];
for (const [kind, label] of cases) {
  for (const pipeline of ["abridge", "process", "pi"]) {
    const m = measure(kind, pipeline);
    rows.push({ label, ...m });
    console.log(JSON.stringify(m));
  }
}

const mb = (b) => fmt(b / 1e6, 0);
const ok = rows.filter((r) => !r.failed);
const lines = [
  `| input | pipeline | RSS holding the input | peak RSS in the call | working memory (peak − holding) | working ÷ input | time | kept the marker |`,
  `|---|---|---|---|---|---|---|---|`,
  ...rows.map((r) =>
    r.failed
      ? `| ${r.label} | ${PIPELINES[r.pipeline]} | failed: ${r.failed} | | | | | |`
      : `| ${r.label} | ${PIPELINES[r.pipeline]} | ${mb(r.withInput)} MB | ${mb(r.peak)} MB | ${mb(Math.max(0, r.peak - r.withInput))} MB | ${fmt(Math.max(0, r.peak - r.withInput) / r.inputBytes, 2)}× | ${fmt(r.ms / 1000, 2)} s | ${r.keepsMarker ? "yes" : "no"} |`,
  ),
  ``,
  `Input sizes are UTF-8 bytes (${mb(ok[0]?.inputBytes ?? 0)} MB). The peak is reset after the input is built (Linux \`clear_refs\`), so it is the high-water mark of the call alone;`,
  `"holding the input" includes Node's baseline (about ${mb(ok[0]?.baseline ?? 0)} MB) and the input as V8 holds it (a build log with non-Latin-1 quotes is a two-byte string: twice its UTF-8 size).`,
  `A working memory near 0 means the call fit in heap pages V8 already held from building the input.`,
  `Past streamBufferBytes (16 MiB) compact() and process() go through the stream's bounded mode in slices that share the input's memory (64 KiB of bytes decoded at a time; string slices of 1 MiB ended at a line end); process() also writes the whole output to its session log in chunk records.`,
  `Below it the core gets the whole input as UTF-16 (bytes decoded to a JS string first) and cleans it into a second buffer. Inputs above 512 Mi units are refused with ABRIDGE_INPUT_TOO_LARGE.`,
];
export default { section: "Limits", body: lines.join("\n") };
