// Chooses, once, which programs of the evaluation corpus are held out: their fixtures are
// measured by `npm run eval` and never used to tune a digest. Writes
// tests/fixtures/corpus/HELDOUT and refuses to rewrite it: the list is fixed when chosen.
//   node scripts/capture/split.mjs          # print the split; write HELDOUT if it is missing
//
// The rule, by program (meta.program), so that no format is seen on both sides:
// - the programs of the 46 fixtures that existed before the split stay in the tuning part:
//   the digests were already tuned on them, so they cannot be held out honestly;
// - every other program is ranked by SHA-256 of SEED + its name, and the first third of
//   all programs (rounded) are held out.
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { CORPUS } from "./lib.mjs";

const SEED = "abridge-heldout-v1:";
export const HELDOUT_FILE = join(CORPUS, "HELDOUT");

/** Programs of the corpus before the split (tuned on already). */
const TUNED_BEFORE_SPLIT = [
  "cargo build", "diff", "file:c", "file:elf", "file:html", "file:js", "file:json", "file:markdown", "file:png",
  "file:python", "file:typescript", "find", "git clone", "git diff", "git log", "git show", "grep", "javac", "jq",
  "ls", "make", "node", "npm ls", "npm view", "pytest", "python", "tsc", "unittest",
];

const rank = (program) => createHash("sha256").update(SEED + program).digest("hex");

function programs() {
  const seen = new Set();
  for (const id of readdirSync(CORPUS)) {
    const meta = join(CORPUS, id, "meta.json");
    if (!statSync(join(CORPUS, id)).isDirectory() || !existsSync(meta)) continue;
    const { program } = JSON.parse(readFileSync(meta, "utf8"));
    if (typeof program !== "string" || !program) throw new Error(`${id}: meta.json has no program`);
    seen.add(program);
  }
  return [...seen].sort();
}

const all = programs();
const candidates = all.filter((p) => !TUNED_BEFORE_SPLIT.includes(p)).sort((a, b) => (rank(a) < rank(b) ? -1 : 1));
const heldOut = candidates.slice(0, Math.round(all.length / 3)).sort();
console.log(`${all.length} programs; ${heldOut.length} held out:\n  ${heldOut.join("\n  ")}`);

if (existsSync(HELDOUT_FILE)) {
  console.log(`\n${HELDOUT_FILE} exists: the split is chosen once and not rewritten.`);
} else {
  const header = [
    "# Held-out programs of the evaluation corpus (tests/fixtures/corpus/*/meta.json \"program\").",
    "# Digests must never be tuned against the fixtures of these programs: `npm run eval` reports",
    "# them apart, as the measure of outputs nobody tuned for. New fixtures of a listed program are",
    "# held out too; a program not listed here is in the tuning part.",
    `# Chosen once by scripts/capture/split.mjs over ${all.length} programs, before any tuning: the programs`,
    "# of the corpus before the split stay in the tuning part; the others are ranked by",
    `# sha256("${SEED}" + program) and the first third of all programs (${heldOut.length}) are held out.`,
  ];
  writeFileSync(HELDOUT_FILE, `${header.join("\n")}\n${heldOut.join("\n")}\n`);
  console.log(`\nwrote ${HELDOUT_FILE}`);
}
