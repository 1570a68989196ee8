// stream(): a 1 GB build log through createAbridge().stream() in 64 KB chunks, produced lazily,
// with the default session log (every byte written to it): peak RSS, throughput, error kept.
// Each measurement runs in a fresh process (bench/stream-child.mjs) so that peak RSS is its own.
// Then 10 MB through stream() and through process(): the time ratio (same digest).
import { spawnSync } from "node:child_process";
import { fmt } from "./lib.mjs";

const MB = Number(process.env.ABRIDGE_BENCH_STREAM_MB ?? 1024);

function child(args) {
  const r = spawnSync(process.execPath, ["bench/stream-child.mjs", ...args], { encoding: "utf8", maxBuffer: 1 << 20 });
  if (r.status !== 0) throw new Error(`stream-child ${args.join(" ")} failed:\n${r.stdout}\n${r.stderr}`);
  return JSON.parse(r.stdout.trim().split("\n").pop());
}

const gen = child([String(MB), "generate-only"]);
const big = child([String(MB)]);
const cmp = child(["10", "compare"]);
const rate = (bytes, ms) => bytes / 1e6 / (ms / 1e3);
console.log(JSON.stringify({ gen, big, cmp }));
if (!big.errorKept) throw new Error("the error line at 40 % did not reach the model");
if (!cmp.same) throw new Error("stream() and process() gave different digests for the same 10 MB");

const body = [
  `A coloured gcc build log (bench/data's warnings, the error block at 40 %) of ${fmt(big.bytes / 1e9, 2)} GB, produced lazily in 64 KB byte chunks and written to \`stream()\` with the default session log on; one fresh process per measurement.`,
  ``,
  `| | value |`,
  `|---|---|`,
  `| peak RSS (process.resourceUsage().maxRSS) | ${fmt(big.maxRssMB, 0)} MB (target < 150 MB; ${fmt(big.rssBeforeMB, 0)} MB before the stream) |`,
  `| time, generator included | ${fmt(big.ms / 1e3, 1)} s (${fmt(rate(big.bytes, big.ms), 0)} MB/s) |`,
  `| the generator alone | ${fmt(gen.ms / 1e3, 1)} s |`,
  `| stream() alone (time minus the generator) | ${fmt(rate(big.bytes, big.ms - gen.ms), 0)} MB/s |`,
  `| error line kept in what the model sees | ${big.errorKept ? "yes" : "no"} (${big.llmChars.toLocaleString("en-US")} chars; ${big.stream.lines.toLocaleString("en-US")} lines, true count) |`,
  `| 10 MB: stream() in 64 KB chunks vs process() of the whole (best of 5, same digest: ${cmp.same ? "yes" : "no"}) | ${fmt(cmp.streamMs, 0)} ms vs ${fmt(cmp.processMs, 0)} ms (${fmt(cmp.streamMs / cmp.processMs, 2)}×) |`,
];
export default { section: "stream", body: body.join("\n") };
