// npm run e2e: each real agent, end to end, against a scripted model on loopback (not part of
// npm test: it installs the agents into a cache and runs their binaries). Prints a table, writes
// bench/e2e-results.json, and exits non-zero if a check failed for an agent it could install.
import { writeFileSync } from "node:fs";
import { agentBinary } from "./agents.mjs";
import { e2eClaude } from "./claude.mjs";

const RUNS = { claude: e2eClaude };
const only = process.argv.slice(2);
const results = [];
let failed = 0;
for (const [name, run] of Object.entries(RUNS)) {
  if (only.length > 0 && !only.includes(name)) continue;
  let bin;
  try {
    bin = agentBinary(name);
  } catch (err) {
    console.log(`skipped: could not install ${name} (${err.message.split("\n")[0]})`);
    results.push({ agent: name, skipped: err.message.split("\n")[0] });
    continue;
  }
  const r = await run(bin);
  results.push(r);
  console.log(`\n${name}: without abridge ${r.without?.chars.toLocaleString("en-US")} chars (error line ${r.without?.hasError ? "kept" : "lost"}, last line ${r.without?.hasLastLine ? "kept" : "lost"}); with abridge ${r.with?.chars.toLocaleString("en-US")} chars (error line ${r.with?.hasError ? "kept" : "lost"}, last line ${r.with?.hasLastLine ? "kept" : "lost"})`);
  for (const c of r.checks) {
    console.log(`  ${c.ok ? "ok  " : "FAIL"} ${c.name}${c.ok ? "" : ` — ${c.detail}`}`);
    if (!c.ok) failed++;
  }
}
for (const name of ["codex", "opencode", "gemini"]) if (!RUNS[name]) console.log(`not covered by this run yet: ${name}`);
writeFileSync("bench/e2e-results.json", `${JSON.stringify({ measured: new Date().toISOString().slice(0, 10), node: process.version, results }, null, 2)}\n`);
console.log(`\n${failed === 0 ? "all checks passed" : `${failed} check(s) failed`}; details in bench/e2e-results.json`);
process.exit(failed === 0 ? 0 : 1);
