// Facts kept per output of the corpus's tuning part, at any budget: the tool for seeing what
// a digest change moves, output by output. Held-out fixtures are skipped before anything is
// run, so nothing here can be tuned against them (`npm run eval` reports them in aggregate).
//   node bench/eval/tuning.mjs [--level minimal|balanced|conservative|CHARS] [--misses]
//                              [--ids FILE] [--only ID --show] [--cut]
// --ids FILE keeps the ids listed in FILE (one per line); --cut also scores a blind 50/50 cut
// at the same budget; ABRIDGE_DIST=dir measures another build of the host (see abridge.mjs).
import { readFileSync } from "node:fs";
import { loadAbridge } from "./abridge.mjs";
import { loadCorpus } from "./corpus.mjs";
import { scoreFacts } from "./facts.mjs";
import { codexMiddle } from "./peers.mjs";

const LEVELS = { minimal: 800, balanced: 4_000, conservative: 16_000 };
const argv = process.argv.slice(2);
const option = (name) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined);
const level = option("--level") ?? "minimal";
const budget = LEVELS[level] ?? Number(level);
if (!(budget > 0)) throw new Error(`--level takes minimal, balanced, conservative or a budget in chars, not ${level}`);
const idsFile = option("--ids");
const ids = idsFile ? new Set(readFileSync(idsFile, "utf8").split("\n").map((s) => s.trim()).filter(Boolean)) : null;
const only = option("--only");
// Measured as `npm run eval` measures: a session's process(), whose markers end in the read
// hint (compact() alone leaves it out, and the room it takes moves what else fits).
const abridge = await loadAbridge(level, LEVELS[level] ? undefined : budget);
if (abridge.error) throw new Error(abridge.error);

const corpus = loadCorpus().filter((f) => !f.heldOut && (!ids || ids.has(f.id)) && (!only || f.id === only));
const sum = { outputs: 0, facts: 0, meanFacts: 0, withFacts: 0, kept: 0, errors: 0, errorsKept: 0, withErrors: 0, every: 0, chars: 0, cutKept: 0, cutMean: 0 };
for (const f of corpus) {
  const seen = await abridge.run(f);
  const s = scoreFacts(seen, f.meta.facts, { numbersLines: true });
  sum.outputs++;
  sum.chars += seen.length;
  sum.facts += s.total;
  sum.kept += s.kept;
  if (s.total) (sum.withFacts++, (sum.meanFacts += s.kept / s.total));
  sum.errors += s.errorTotal;
  sum.errorsKept += s.errorKept;
  if (s.errorTotal) (sum.withErrors++, (sum.every += s.errorKept === s.errorTotal ? 1 : 0));
  let cut = "";
  if (argv.includes("--cut")) {
    const c = scoreFacts(codexMiddle(f.text, budget), f.meta.facts);
    sum.cutKept += c.kept;
    if (c.total) sum.cutMean += c.kept / c.total;
    cut = ` (50/50 cut ${c.kept}/${c.total})`;
  }
  if (only && argv.includes("--show")) console.log(seen);
  if ((argv.includes("--misses") || only) && s.missing.length) console.log(`${f.id} ${s.kept}/${s.total}, ${seen.length} chars${cut}\n  ${s.missing.join("\n  ")}`);
}
const pct = (a, b) => (b ? `${((100 * a) / b).toFixed(1)} %` : "–");
const line = [
  `${level} (${budget} chars), ${sum.outputs} tuning outputs: facts ${pct(sum.meanFacts, sum.withFacts)} per output, ${sum.kept}/${sum.facts} pooled`,
  `error lines ${pct(sum.errorsKept, sum.errors)}, every one in ${sum.every}/${sum.withErrors}`,
  `${Math.round(sum.chars / Math.max(1, sum.outputs))} chars per output`,
];
if (argv.includes("--cut")) line.push(`50/50 cut: facts ${pct(sum.cutMean, sum.withFacts)} per output, ${sum.cutKept}/${sum.facts} pooled`);
console.log(line.join("; "));
