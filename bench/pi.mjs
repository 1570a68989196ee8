// pi end to end: runs tests/host/pi-e2e.test.ts — the real pi
// binary in print mode against a scripted model on loopback, a failing `make -k` of
// 40 C files — with and without the extension, and records what pi sent the model.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fmt } from "./lib.mjs";

const run = spawnSync("npx", ["vitest", "run", "tests/host/pi-e2e.test.ts"], { encoding: "utf8" });
if (run.status !== 0) throw new Error(`pi e2e test failed:\n${run.stdout}\n${run.stderr}`);
const m = JSON.parse(readFileSync("tests/output/pi-e2e.json", "utf8"));
const saved = 1 - m.abridge.requestBytes / m.plain.requestBytes;
const body = [
  `Scenario: \`make -k\` on 40 C files with -Wall -Wextra; ${m.buildLogLines.toLocaleString("en-US")} lines (${fmt(m.buildLogBytes / 1024, 0)} KB) of real gcc output, the one error at 39 % of the log.`,
  ``,
  `| | tool result the model got | pi's next request body | the error line reached the model |`,
  `|---|---|---|---|`,
  `| pi alone (tail 2,000 lines / 50 KB) | ${m.plain.toolResultChars.toLocaleString("en-US")} chars | ${m.plain.requestBytes.toLocaleString("en-US")} bytes | no |`,
  `| pi + abridge extension | ${m.abridge.toolResultChars.toLocaleString("en-US")} chars | ${m.abridge.requestBytes.toLocaleString("en-US")} bytes | yes |`,
  ``,
  `The request after the build is ${fmt(saved * 100, 1)} % smaller with abridge (${fmt(m.plain.requestBytes / m.abridge.requestBytes, 1)}× smaller), and it holds the error that pi's own cut drops.`,
  `In the same run the model's \`abridge_read\` call returned the omitted lines from the log, numbered as in the marker.`,
];
export default { section: "pi end to end", body: body.join("\n") };
