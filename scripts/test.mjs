// Runs every test runner (as-pect for the core, vitest for the host) and
// ends with one plain totals line: "N passed, N failed".
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync } from "node:fs";

const ANSI = /\x1b\[[0-9;]*m/g;
const outDir = "tests/output";
mkdirSync(outDir, { recursive: true });

function run(cmd, args) {
  const r = spawnSync(cmd, args, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], maxBuffer: 256 << 20 });
  process.stdout.write(r.stdout ?? "");
  process.stderr.write(r.stderr ?? "");
  return { code: r.status ?? 1, out: ((r.stdout ?? "") + (r.stderr ?? "")).replace(ANSI, "") };
}

const totals = { passed: 0, failed: 0, skipped: 0 };
let ok = true;

// as-pect prints "[Tests]: passed / total".
const asp = run("npx", ["asp", "--config", "as-pect.config.js"]);
const m = /\[Tests\]:\s*(\d+)\s*\/\s*(\d+)/.exec(asp.out);
if (m) {
  totals.passed += Number(m[1]);
  totals.failed += Number(m[2]) - Number(m[1]);
} else {
  totals.failed += 1; // a compile error prints no totals
}
if (asp.code !== 0) ok = false;

const jsonFile = `${outDir}/vitest.json`;
rmSync(jsonFile, { force: true });
const vt = run("npx", ["vitest", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${jsonFile}`, ...process.argv.slice(2)]);
try {
  const report = JSON.parse(readFileSync(jsonFile, "utf8"));
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + (report.numTodoTests ?? 0);
  if (report.numFailedTestSuites > 0 && report.numFailedTests === 0) totals.failed += report.numFailedTestSuites;
} catch {
  totals.failed += 1;
}
if (vt.code !== 0) ok = false;
if (totals.failed > 0) ok = false;

console.log(`${totals.passed} passed, ${totals.failed} failed` + (totals.skipped ? `, ${totals.skipped} skipped` : ""));
process.exit(ok ? 0 : 1);
