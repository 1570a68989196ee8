// Long outputs of kinds other than a build log, made from real captured fixtures: the inputs of
// core-kinds.mjs, and of profile.mjs's --kind grep|json|json-line.
import { readFileSync } from "node:fs";

const fixture = (name) => readFileSync(new URL(`../../tests/fixtures/${name}/output`, import.meta.url), "utf8");

/** `grep -rn` output of many trees: the captured lines, each round under its own directory, so that lines differ as they would in a real tree. */
export function grepOutput(size) {
  const lines = fixture("search-grep-rn-import-py").split("\n").filter((l) => l.length > 0);
  const parts = [];
  let length = 0;
  for (let round = 0; length < size; round++) {
    for (const line of lines) {
      const l = `./pkg${round}/${line.slice(2)}`;
      parts.push(l);
      length += l.length + 1;
    }
  }
  return parts.join("\n") + "\n";
}

/** A pretty-printed JSON array of package documents (`npm view --json`), each with its own id. */
export function jsonOutput(size) {
  const text = fixture("npm-view-undici-json");
  const doc = JSON.parse(text.slice(text.indexOf("\n{") + 1));
  const count = Math.round(size / JSON.stringify([doc], null, 2).length);
  const docs = Array.from({ length: count }, (_, i) => ({ ...doc, _id: `undici@${i}.0.0`, name: `undici-${i}` }));
  return JSON.stringify(docs, null, 2);
}
