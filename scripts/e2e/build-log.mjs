// The failing build every agent runs: 20,001 lines (1,645,747 bytes), the one error at line
// 9,000, exit code 2. A shell script prints it, so the agent runs a real command.
import { writeFileSync } from "node:fs";
import { join } from "node:path";

export const ERROR_LINE = "src/ledger/posting.c:412:17: error: 'struct entry' has no member named 'amount_cents'";
export const LAST_LINE = "make: *** [Makefile:31: all] Error 2";

/** The build's output. */
export function buildLogText() {
  const lines = [];
  for (let i = 1; i <= 20_000; i++) {
    lines.push(i === 9_000 ? ERROR_LINE : `[${String(i).padStart(5, " ")}/20000] CC   build/obj/module_${i % 700}/unit_${i}.o  -O2 -Wall -Iinclude -DNDEBUG`);
  }
  lines.push(LAST_LINE);
  return `${lines.join("\n")}\n`;
}

export function writeBuild(dir) {
  const log = buildLogText();
  writeFileSync(join(dir, "build.log"), log);
  // The marker file proves the command ran (or, for a denied one, that it did not).
  writeFileSync(join(dir, "build.sh"), "touch ran.marker\ncat build.log\nexit 2\n");
  return { bytes: Buffer.byteLength(log), lines: 20_001 };
}

/**
 * A failing build short enough for an agent to pass on whole (so that "the complete output" can
 * be checked), long enough for abridge to cut: 101 lines, the error at line 50, exit code 2.
 * Returns its lines.
 */
export function writeShortBuild(dir) {
  const count = 100;
  const lines = [];
  for (let i = 1; i <= count; i++) lines.push(i === 50 ? ERROR_LINE : `[${String(i).padStart(3, " ")}/${count}] CC   build/obj/unit_${i}.o  -O2 -Wall -Iinclude -DNDEBUG`);
  lines.push(LAST_LINE);
  writeFileSync(join(dir, "build.log"), `${lines.join("\n")}\n`);
  writeFileSync(join(dir, "build.sh"), "touch ran.marker\ncat build.log\nexit 2\n");
  return lines;
}
