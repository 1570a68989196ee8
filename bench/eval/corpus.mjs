// Loads the real-output corpus (tests/fixtures/corpus/<id>/{output,meta.json}) and its
// held-out split (tests/fixtures/corpus/HELDOUT, one program per line).
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const CORPUS_DIR = fileURLToPath(new URL("../../tests/fixtures/corpus/", import.meta.url));

const utf8 = new TextDecoder("utf-8", { fatal: false });

/** CSI and OSC escape sequences: facts are matched in what a reader sees, not in colour codes. */
const ANSI = /\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)/g;
export const stripAnsi = (s) => s.replace(ANSI, "");

/** The held-out programs: digests are never tuned against their fixtures. */
export function loadHeldOut(dir = CORPUS_DIR) {
  const file = join(dir, "HELDOUT");
  if (!existsSync(file)) return new Set();
  const lines = readFileSync(file, "utf8").split("\n").map((l) => l.trim());
  return new Set(lines.filter((l) => l && !l.startsWith("#")));
}

/**
 * Every fixture: its id, meta, raw bytes, the raw text (UTF-8, invalid bytes as U+FFFD) and
 * whether its program is held out.
 */
export function loadCorpus(dir = CORPUS_DIR) {
  const heldOut = loadHeldOut(dir);
  return readdirSync(dir)
    .filter((id) => statSync(join(dir, id)).isDirectory())
    .sort()
    .map((id) => {
      const bytes = readFileSync(join(dir, id, "output"));
      const meta = JSON.parse(readFileSync(join(dir, id, "meta.json"), "utf8"));
      return { id, meta, bytes: new Uint8Array(bytes), text: utf8.decode(bytes), heldOut: heldOut.has(meta.program) };
    });
}
