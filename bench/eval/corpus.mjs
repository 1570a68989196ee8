// Loads the real-output corpus (tests/fixtures/corpus/<id>/{output,meta.json}).
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const CORPUS_DIR = fileURLToPath(new URL("../../tests/fixtures/corpus/", import.meta.url));

const utf8 = new TextDecoder("utf-8", { fatal: false });

/** CSI and OSC escape sequences: facts are matched in what a reader sees, not in colour codes. */
const ANSI = /\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)/g;
export const stripAnsi = (s) => s.replace(ANSI, "");

/** Every fixture: its id, meta, raw bytes and the raw text (UTF-8, invalid bytes as U+FFFD). */
export function loadCorpus(dir = CORPUS_DIR) {
  return readdirSync(dir)
    .filter((id) => statSync(join(dir, id)).isDirectory())
    .sort()
    .map((id) => {
      const bytes = readFileSync(join(dir, id, "output"));
      const meta = JSON.parse(readFileSync(join(dir, id, "meta.json"), "utf8"));
      return { id, meta, bytes: new Uint8Array(bytes), text: utf8.decode(bytes) };
    });
}
