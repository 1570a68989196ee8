// Outputs of the corpus's tuning part that keep fewer facts or error lines when given a little
// more room: for each budget B and each step k, the facts and error lines kept at B and at B + k.
// More room should never keep less; this lists where it does, the worst drop first.
//   node bench/eval/room-steps.mjs [--budgets 600,800,1200] [--steps 5,10,15,20] [--only ID]
// Held-out fixtures are skipped before anything is run.
import { loadAbridge } from "./abridge.mjs";
import { loadCorpus } from "./corpus.mjs";
import { scoreFacts } from "./facts.mjs";

const argv = process.argv.slice(2);
const option = (name) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined);
const budgets = (option("--budgets") ?? "600,800,1200").split(",").map(Number);
const steps = (option("--steps") ?? "5,10,15,20").split(",").map(Number);
const only = option("--only");
const corpus = loadCorpus().filter((f) => !f.heldOut && (!only || f.id === only));

const runners = new Map();
async function runner(budget) {
  if (!runners.has(budget)) {
    const a = await loadAbridge(undefined, budget);
    if (a.error) throw new Error(a.error);
    runners.set(budget, a);
  }
  return runners.get(budget);
}

const drops = [];
let pairs = 0;
for (const base of budgets) {
  for (const f of corpus) {
    const at = async (b) => scoreFacts(await (await runner(b)).run(f), f.meta.facts, { numbersLines: true });
    const s0 = await at(base);
    for (const k of steps) {
      const s1 = await at(base + k);
      pairs++;
      const lostFacts = s0.kept - s1.kept;
      const lostErrors = s0.errorKept - s1.errorKept;
      if (lostFacts > 0 || lostErrors > 0) {
        const gone = s1.missing.filter((m) => !s0.missing.includes(m));
        drops.push({ id: f.id, base, k, lostFacts, lostErrors, gone });
      }
    }
  }
}
drops.sort((a, b) => b.lostErrors - a.lostErrors || b.lostFacts - a.lostFacts || a.id.localeCompare(b.id));
for (const d of drops) console.log(`${d.id} ${d.base} -> +${d.k}: facts -${d.lostFacts}, error lines -${d.lostErrors}\n  ${d.gone.join("\n  ")}`);
console.log(`${drops.length} of ${pairs} (output, budget, step) pairs keep less with more room; outputs: ${new Set(drops.map((d) => d.id)).size}`);
