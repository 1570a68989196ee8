// Cost per call of the core as a WebAssembly component (jco-transpiled, UTF-16
// strings) against the raw Node binding, on the same inputs in the same run.
// `npm run bench -- component` (after `npm run build`).
import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import stripAnsi from "strip-ansi";
import { coreCompact } from "../dist/core-api.js";
import { oneLine } from "../dist/core-api.js";
import { instantiate } from "../build/component-js/abridge.js";
import { buildLog } from "./data/build-log.mjs";
import { fmt } from "./lib.mjs";

const JS_DIR = new URL("../build/component-js/", import.meta.url);
let memory;
const component = instantiate(
  (file) => new WebAssembly.Module(readFileSync(new URL(file, JS_DIR))),
  {},
  (module, imports) => {
    const instance = new WebAssembly.Instance(module, imports);
    if (instance.exports.memory) memory = instance.exports.memory;
    return instance;
  },
).core;

const ARGS = '{"command":"make -k"}';
const paths = {
  compact: {
    raw: (text) => coreCompact({ tool: "bash", argsJson: ARGS, text, exitCode: 2, budgets: new Array(8).fill(4000), passthrough: 1500, hint: "", category: "" }).llm,
    component: (text) =>
      component.compact({ tool: "bash", argsJson: ARGS, output: text, exitCode: 2, budgetChars: 4000, categoryBudgets: [], passthroughChars: 1500, hint: "", category: undefined }).llmContent,
  },
  // Stops after 160 units: nearly all of its cost is crossing the boundary.
  "one-line": {
    raw: (text) => oneLine(text, 160),
    component: (text) => component.oneLine(text, 160),
  },
};

// A real gcc build log (ANSI-coloured, one error block): 4 KB and 1 MB of it.
const log = buildLog(1 << 20, 0.4);
const inputs = [
  ["4 KB", stripAnsi(log).split("\n").slice(0, 60).join("\n").slice(0, 4096), 2000],
  ["1 MB", log, 20],
];

/** Best of 5 batches of `calls` calls, in µs per call, after one untimed batch. */
function perCall(fn, text, calls) {
  let best = Infinity;
  for (let batch = 0; batch < 6; batch++) {
    const t0 = performance.now();
    for (let i = 0; i < calls; i++) fn(text);
    const us = ((performance.now() - t0) * 1000) / calls;
    if (batch > 0) best = Math.min(best, us);
  }
  return best;
}

const rows = [];
for (const [fnName, path] of Object.entries(paths)) {
  for (const [size, text, calls] of inputs) {
    if (path.raw(text) !== path.component(text)) throw new Error(`${fnName} on ${size}: the component's answer differs from the raw binding's`);
    const raw = perCall(path.raw, text, calls);
    const comp = perCall(path.component, text, calls);
    rows.push({ fn: fnName, size, chars: text.length, raw, comp, ratio: comp / raw });
  }
}

const lines = [
  `Same inputs and the same answers (checked), both paths in one process: a gcc build log (ANSI-coloured, one error block), ${inputs.map(([s, t]) => `${s} = ${t.length.toLocaleString("en-US")} chars`).join(", ")}. Best of 5 batches; component = build/abridge.component.wasm transpiled by jco (sync instantiation).`,
  "",
  "| call | input | raw binding µs/call | component µs/call | component / raw |",
  "|---|---|---:|---:|---:|",
  ...rows.map((r) => `| ${r.fn} | ${r.size} | ${fmt(r.raw)} | ${fmt(r.comp)} | ${fmt(r.ratio, 2)}× |`),
  "",
  `Component size: ${readFileSync(new URL("../build/abridge.component.wasm", import.meta.url)).length.toLocaleString("en-US")} bytes; its linear memory after these calls: ${fmt(memory.buffer.byteLength / 2 ** 20, 1)} MiB.`,
];
for (const l of lines) console.log(l);

export default { section: "Component", body: lines.join("\n"), results: rows };
