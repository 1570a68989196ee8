// npm run e2e: each real agent, end to end, against a scripted model on loopback (not part of
// npm test: it installs the agents into a cache and runs their binaries). Prints a table, writes
// bench/e2e-results.json and its summary in bench/RESULTS.md, and exits non-zero if a check failed for an agent it could install.
// Each agent's run lives in ./<agent>.mjs and exports `e2e(bin)`; `npm run e2e -- codex` runs one.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { AGENTS, agentBinary } from "./agents.mjs";
import { recordE2e } from "./record.mjs";

const RESULTS = "bench/e2e-results.json";
const only = process.argv.slice(2);
const previous = existsSync(RESULTS) ? JSON.parse(readFileSync(RESULTS, "utf8")).results ?? [] : [];
const results = new Map(previous.map((r) => [r.agent, r]));
const size = (n) => (n === undefined ? "?" : n.toLocaleString("en-US"));
const kept = (b) => (b ? "kept" : "lost");
let failed = 0;
for (const name of Object.keys(AGENTS)) {
  if (only.length > 0 && !only.includes(name)) continue;
  const module = new URL(`./${name}.mjs`, import.meta.url);
  if (!existsSync(module)) {
    console.log(`not covered by this run yet: ${name}`);
    continue;
  }
  let bin;
  try {
    bin = agentBinary(name);
  } catch (err) {
    console.log(`skipped: could not install ${name} (${err.message.split("\n")[0]})`);
    results.set(name, { agent: name, skipped: err.message.split("\n")[0] });
    continue;
  }
  const { e2e } = await import(module);
  const r = await e2e(bin);
  results.set(name, { measured: new Date().toISOString().slice(0, 10), ...r });
  console.log(`\n${name}: without abridge ${size(r.without?.chars)} chars (error line ${kept(r.without?.hasError)}, last line ${kept(r.without?.hasLastLine)}); with abridge ${size(r.with?.chars)} chars (error line ${kept(r.with?.hasError)}, last line ${kept(r.with?.hasLastLine)})`);
  for (const c of r.checks) {
    console.log(`  ${c.ok ? "ok  " : "FAIL"} ${c.name}${c.ok ? "" : ` — ${c.detail}`}`);
    if (!c.ok) failed++;
  }
}
// Agents not run this time keep their last recorded results.
writeFileSync(RESULTS, `${JSON.stringify({ node: process.version, results: [...results.values()] }, null, 2)}\n`);
recordE2e(RESULTS);
console.log(`\n${failed === 0 ? "all checks passed" : `${failed} check(s) failed`}; details in ${RESULTS}`);
process.exit(failed === 0 ? 0 : 1);
