// `npm run eval`: what the model sees of each real output in the corpus, for abridge at
// each level and for the peers at the same budgets and at their own defaults: tokens
// (o200k) against the raw output, and the share of the fixture's facts that survive.
// Prints the tables and rewrites the "Evaluation" section of bench/RESULTS.md.
//   node bench/eval/run.mjs [--no-write] [--misses]
import { spawnSync } from "node:child_process";
import { countTokens } from "gpt-tokenizer/encoding/o200k_base";
import { writeSection } from "../results.mjs";
import { loadAbridge } from "./abridge.mjs";
import { loadCorpus } from "./corpus.mjs";
import { factsAlone } from "./ceiling.mjs";
import { scoreFacts } from "./facts.mjs";
import { codexMiddle, DEFAULTS, geminiSplit, piHead, piTail } from "./peers.mjs";
import { renderReport, summarize } from "./report.mjs";

/** The named budgets of abridge's levels, in chars; the peers get the same number (bytes for byte-based ones). */
const LEVELS = [
  ["minimal", 800],
  ["balanced", 4_000],
  ["conservative", 16_000],
];
/** Outputs this short pass through abridge unchanged; reductions are reported over longer ones only. */
const SHORT = 1_500;

const args = new Set(process.argv.slice(2));
const corpus = loadCorpus();
const rawTokens = new Map(corpus.map((f) => [f.id, countTokens(f.text)]));

const systems = [];
const notes = [];
for (const [level, budget] of LEVELS) {
  const abridge = await loadAbridge(level);
  if (abridge.error) {
    if (level === "balanced") notes.push(`abridge not run: ${abridge.error}.`);
    continue;
  }
  if (abridge.note && level === "balanced") notes.push(`${abridge.note}.`);
  systems.push({ system: "abridge", config: `${level} (${budget.toLocaleString("en-US")})`, budget, isDefault: level === "balanced", numbersLines: true, run: abridge.run });
}
systems.push({ system: "raw output", config: "nothing cut", run: (f) => f.text });
for (const [, budget] of LEVELS) {
  const b = budget.toLocaleString("en-US");
  systems.push({ system: "pi truncateTail", config: `${b} bytes`, budget, run: (f) => piTail(f.text, budget) });
  systems.push({ system: "pi truncateHead", config: `${b} bytes`, budget, run: (f) => piHead(f.text, budget, f.id) });
  systems.push({ system: "gemini-cli", config: `${b} chars`, budget, run: (f) => geminiSplit(f.text, budget, f.id) });
  systems.push({ system: "Codex 50/50", config: `${b} bytes`, budget, run: (f) => codexMiddle(f.text, budget) });
}
// Not a peer: what a result of the same size could hold at most, were it the facts alone
// (at the two budgets the held-out targets name).
for (const budget of [800, 4_000]) {
  const b = budget.toLocaleString("en-US");
  systems.push({ system: "ceiling: facts alone", config: `${b} chars`, budget, ceiling: true, run: (f) => factsAlone(f.meta.facts, budget) });
  systems.push({ system: "ceiling: error lines alone", config: `${b} chars`, budget, ceiling: true, run: (f) => factsAlone(f.meta.facts, budget, { errorLinesOnly: true }) });
}
systems.push({ system: "pi truncateTail", config: "default (50 KB / 2000 lines)", ownDefault: true, run: (f) => piTail(f.text) });
systems.push({ system: "pi truncateHead", config: "default (50 KB / 2000 lines)", ownDefault: true, run: (f) => piHead(f.text, undefined, f.id) });
systems.push({ system: "gemini-cli", config: `default (${DEFAULTS.geminiMaxChars.toLocaleString("en-US")} chars)`, ownDefault: true, run: (f) => geminiSplit(f.text, undefined, f.id) });
systems.push({ system: "Codex 50/50", config: "default (10,000 tokens ≈ 40,000 bytes)", ownDefault: true, run: (f) => codexMiddle(f.text) });

const started = Date.now();
const results = [];
for (const s of systems) {
  const rows = [];
  for (const f of corpus) {
    let visible = "";
    let crashed;
    try {
      visible = await s.run(f);
    } catch (err) {
      // A crash is a result too: the model would have seen nothing useful.
      crashed = String(err?.message ?? err);
    }
    rows.push({
      id: f.id,
      category: f.meta.category,
      heldOut: f.heldOut,
      rawChars: f.text.length,
      rawTokens: rawTokens.get(f.id),
      tokens: countTokens(visible),
      crashed,
      ...scoreFacts(visible, f.meta.facts, { numbersLines: s.numbersLines }),
    });
  }
  results.push({ ...s, rows });
}

/** Which abridge was measured: the built dist/ and core of this work tree. */
function buildLabel() {
  const git = (a) => spawnSync("git", a, { encoding: "utf8" }).stdout?.trim() ?? "";
  const head = git(["rev-parse", "--short", "HEAD"]);
  const dirty = git(["status", "--porcelain", "--", "assembly", "host"]) !== "";
  return head ? `abridge built from commit ${head}${dirty ? " plus uncommitted changes to assembly/ or host/" : ""}` : "abridge from the built dist/";
}

const summary = summarize(results, { short: SHORT });
const date = new Date().toISOString().slice(0, 10);
const report = renderReport(summary, {
  corpus,
  short: SHORT,
  header: `Measured ${date} with \`npm run eval\` (Node ${process.version}, ${corpus.length} outputs in tests/fixtures/corpus, tokens by gpt-tokenizer o200k_base; ${((Date.now() - started) / 1000).toFixed(0)} s; ${buildLabel()}).`,
  notes,
  showMisses: args.has("--misses"),
});
console.log(report.console);
if (!args.has("--no-write")) {
  writeSection("Evaluation", report.markdown);
  console.log("\nwrote the Evaluation section of bench/RESULTS.md");
}
