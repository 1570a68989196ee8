// Chooses, once, which programs of the evaluation corpus are held out: their fixtures are
// measured by `npm run eval` and never used to tune a digest. Writes
// tests/fixtures/corpus/HELDOUT and refuses to rewrite it: the list is fixed when chosen.
//   node scripts/capture/split.mjs          # print the split; write HELDOUT if it is missing
//   node scripts/capture/split.mjs --draw PROG...   # a later draw among newly captured programs
//
// The rule, by program (meta.program), so that no format is seen on both sides:
// - the programs of the 46 fixtures that existed before the split stay in the tuning part:
//   the digests were already tuned on them, so they cannot be held out honestly;
// - every other program is ranked by SHA-256 of SEED + its name, and the first third of
//   all programs (rounded) are held out.
// A later draw keeps the held-out share up as new programs are captured: it takes only programs
// that have fixtures, none of them tracked by git yet (captured and not committed: a committed
// fixture is in the tuning part and may have been tuned on, as every program before the split
// and the programs an earlier draw left in the tuning part were), that are not held out already,
// ranks them by the same SHA-256 of SEED + name, and appends the first third of them (rounded up)
// to HELDOUT under a comment that names the draw. It must run right after the capture, before
// anyone commits, measures or tunes against the new programs; what it appends is never taken back.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { appendFileSync, existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { CORPUS, REPO } from "./lib.mjs";

const SEED = "abridge-heldout-v1:";
export const HELDOUT_FILE = join(CORPUS, "HELDOUT");

/** Programs of the corpus before the split (tuned on already). */
const TUNED_BEFORE_SPLIT = [
  "cargo build", "diff", "file:c", "file:elf", "file:html", "file:js", "file:json", "file:markdown", "file:png",
  "file:python", "file:typescript", "find", "git clone", "git diff", "git log", "git show", "grep", "javac", "jq",
  "ls", "make", "node", "npm ls", "npm view", "pytest", "python", "tsc", "unittest",
];

const rank = (program) => createHash("sha256").update(SEED + program).digest("hex");

/** Each program of the corpus with the ids of its fixtures. */
function fixturesByProgram() {
  const byProgram = new Map();
  for (const id of readdirSync(CORPUS)) {
    const meta = join(CORPUS, id, "meta.json");
    if (!statSync(join(CORPUS, id)).isDirectory() || !existsSync(meta)) continue;
    const { program } = JSON.parse(readFileSync(meta, "utf8"));
    if (typeof program !== "string" || !program) throw new Error(`${id}: meta.json has no program`);
    byProgram.set(program, [...(byProgram.get(program) ?? []), id]);
  }
  return byProgram;
}

function programs() {
  return [...fixturesByProgram().keys()].sort();
}

/** The fixtures among `ids` git tracks: committed, so in the tuning part already. */
function committed(ids) {
  const r = spawnSync("git", ["ls-files", "--", ...ids.map((id) => join(CORPUS, id))], { cwd: REPO, encoding: "utf8" });
  if (r.status !== 0) throw new Error(`git ls-files failed: ${r.stderr}`);
  return ids.filter((id) => r.stdout.split("\n").some((f) => f.startsWith(`tests/fixtures/corpus/${id}/`)));
}

/** The programs HELDOUT lists (its `#` lines are comments). */
function heldOutPrograms() {
  return new Set(
    readFileSync(HELDOUT_FILE, "utf8")
      .split("\n")
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith("#")),
  );
}

/** Draws among newly captured programs and appends the drawn ones to HELDOUT. */
function draw(candidates) {
  if (!existsSync(HELDOUT_FILE)) throw new Error(`${HELDOUT_FILE} is missing: run the first split before a draw`);
  if (candidates.length === 0) throw new Error("--draw takes the newly captured programs");
  const byProgram = fixturesByProgram();
  const held = heldOutPrograms();
  const refused = [];
  for (const p of candidates) {
    if (held.has(p)) refused.push(`${p}: already held out`);
    else if (TUNED_BEFORE_SPLIT.includes(p)) refused.push(`${p}: tuned on before the split`);
    else if (!byProgram.has(p)) refused.push(`${p}: no fixture of this program`);
    else {
      const tracked = committed(byProgram.get(p));
      if (tracked.length) refused.push(`${p}: fixtures tracked by git, so in the tuning part already (${tracked.join(", ")})`);
    }
  }
  if (new Set(candidates).size !== candidates.length) refused.push("a program is named twice");
  if (refused.length) throw new Error(`--draw refused:\n  ${refused.join("\n  ")}`);
  const ranked = [...candidates].sort((a, b) => (rank(a) < rank(b) ? -1 : 1));
  const drawn = ranked.slice(0, Math.ceil(candidates.length / 3)).sort();
  const day = new Date().toISOString().slice(0, 10);
  const comment = [
    `# Draw of ${day} among ${candidates.length} program${candidates.length === 1 ? "" : "s"} captured after the split (${[...candidates].sort().join(", ")}):`,
    `# ranked by sha256("${SEED}" + program), the first third (rounded up, ${drawn.length}) held out.`,
  ];
  appendFileSync(HELDOUT_FILE, `${comment.join("\n")}\n${drawn.join("\n")}\n`);
  const share = ((100 * (held.size + drawn.length)) / byProgram.size).toFixed(1);
  console.log(`drew ${drawn.length} of ${candidates.length}:\n  ${drawn.join("\n  ")}\n${held.size + drawn.length} of ${byProgram.size} programs held out (${share} %)`);
}

if (process.argv[2] === "--draw") {
  draw(process.argv.slice(3));
} else {
  firstSplit();
}

function firstSplit() {
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
}
