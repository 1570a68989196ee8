// One measurement per fresh process: peak RSS while one huge output goes through
// a pipeline (abridge: compact(); process: a session's process() with its log; pi).
// Prints JSON. Usage: node limits-child.mjs <case> <MB> <pipeline>
import { importPeer } from "../scripts/peers.mjs";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildLog } from "./data/build-log.mjs";

const [kind, mbArg, pipeline] = process.argv.slice(2);
const size = Number(mbArg) * 1024 * 1024;

const run =
  pipeline === "pi"
    ? await (async () => {
        const { truncateTail } = await importPeer("@mariozechner/pi-coding-agent", "dist/core/tools/truncate.js");
        return (output) => truncateTail(typeof output === "string" ? output : Buffer.from(output).toString("utf8")).content;
      })()
    : pipeline === "process"
    ? await (async () => {
        // process() with the default session log (the whole output written to it) and redaction.
        const { createAbridge } = await import("../dist/index.bundle.js");
        const dir = mkdtempSync(join(tmpdir(), "abridge-limits-"));
        process.on("exit", () => rmSync(dir, { recursive: true, force: true }));
        const abridge = createAbridge({ sessionId: "limits", log: { path: join(dir, "s.jsonl"), maxBytes: 0 }, summarizer: { provider: "off" } });
        await abridge.process({ tool: "bash", output: "warm\n".repeat(100) }); // instantiate the core before the baseline
        return async (output) => (await abridge.process({ tool: "bash", args: { command: "make -k" }, output, exitCode: 2 })).llmContent;
      })()
    : await (async () => {
        const { compact } = await import("../dist/index.bundle.js");
        compact({ tool: "bash", output: "warm\n".repeat(100) }); // instantiate the core before the baseline
        return (output) => compact({ tool: "bash", args: { command: "make -k" }, output, exitCode: 2 }).llmContent;
      })();

globalThis.gc?.();
const baseline = process.memoryUsage().rss;
let output;
let marker = "";
if (kind === "one-line") {
  // A minified bundle or a JSON blob with no newline: one 100 MB line, the error in the middle.
  const half = "x".repeat(size / 2);
  output = `${half} error: boom ${half}`;
  marker = "error: boom";
} else if (kind === "log") {
  output = buildLog(size, 0.4);
  marker = "error:";
} else if (kind === "bytes") {
  output = Buffer.from(buildLog(size, 0.4), "utf8");
  marker = "error:";
} else {
  throw new Error(`unknown case ${kind}`);
}
const inputBytes = typeof output === "string" ? Buffer.byteLength(output) : output.length;
globalThis.gc?.();
const withInput = process.memoryUsage().rss;
// Linux: writing 5 to clear_refs resets the peak RSS (VmHWM), so building the input does not count.
const peakReset = (() => {
  try {
    writeFileSync("/proc/self/clear_refs", "5");
    return true;
  } catch {
    return false;
  }
})();
const t0 = performance.now();
const llm = await run(output);
const ms = performance.now() - t0;
const hwm = peakReset ? /VmHWM:\s+(\d+) kB/.exec(readFileSync("/proc/self/status", "utf8")) : null;
const peak = hwm ? Number(hwm[1]) * 1024 : process.resourceUsage().maxRSS * 1024;
globalThis.gc?.();
const after = process.memoryUsage().rss;
process.stdout.write(
  JSON.stringify({ kind, pipeline, inputBytes, baseline, withInput, peak, peakReset, after, ms, llmChars: llm.length, keepsMarker: llm.includes(marker) }),
);
