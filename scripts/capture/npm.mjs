// npm and JSON outputs: registry documents, the lockfile, dependency trees, NDJSON.
import { REPO, scratch } from "./lib.mjs";

// npm prints its own warnings and errors (stderr) around the document; jq reads the document alone.
const DOC = `sed -n '/^[[{]/,/^[]}]/p' "$OUT"`;

export default [
  {
    id: "npm-view-typescript-json",
    program: "npm view",
    category: "StructuredData",
    setup: () => scratch("npm-view-typescript-json"),
    command: "npm view typescript --json",
    exitCode: 0,
    versions: ["npm --version"],
    note: "the registry's document for typescript at capture time",
    facts: (f) =>
      f
        .mustKeep(`${DOC} | jq -r '"\\"version\\": \\"" + .version + "\\""'`)
        .mustKeep(`${DOC} | jq -r '"\\"license\\": \\"" + .license + "\\""'`)
        .count("versions", `${DOC} | jq '.versions | length'`),
  },
  {
    id: "npm-view-vitest-json",
    program: "npm view",
    category: "StructuredData",
    setup: () => scratch("npm-view-vitest-json"),
    command: "npm view vitest@4 --json",
    exitCode: 0,
    versions: ["npm --version"],
    note: "an array with one document per matching 4.x version",
    facts: (f) =>
      f
        .mustKeep(`${DOC} | jq -r 'last | "\\"version\\": \\"" + .version + "\\""'`)
        .count("items", `${DOC} | jq 'length'`),
  },
  {
    id: "cat-package-lock",
    program: "file:json",
    category: "StructuredData",
    cwd: REPO,
    command: "cat package-lock.json",
    exitCode: 0,
    versions: ["npm --version"],
    note: "this repository's lockfile at capture time",
    facts: (f) =>
      f
        .mustKeep(`jq -r '"\\"lockfileVersion\\": " + (.lockfileVersion | tostring)' "$OUT"`)
        .mustKeep(`jq -r '.packages["node_modules/assemblyscript"].version' "$OUT"`)
        .mustKeep(`jq -r '.packages["node_modules/vitest"].version' "$OUT"`)
        .count("packages", `jq '.packages | length' "$OUT"`),
  },
  {
    id: "npm-ls-all",
    program: "npm ls",
    category: "CommandOutput",
    cwd: REPO,
    command: "npm ls --all",
    versions: ["npm --version"],
    note: "this repository's dependency tree at capture time",
    facts: (f) =>
      f
        .errorLines(`grep -E '^npm error (code|invalid)' "$OUT" | sort -u`)
        .mustKeep(`sed -n '/^abridge@/p' "$OUT" | head -n 1`)
        .mustKeep(`grep -oE '^[├└]── [^ ]+' "$OUT" | sed -E 's/^[├└]── //' | head -n 5`)
        .count("lines", `wc -l < "$OUT"`),
  },
  {
    id: "npm-ls-all-json",
    program: "npm ls",
    category: "StructuredData",
    cwd: REPO,
    command: "npm ls --all --json",
    versions: ["npm --version"],
    note: "the same tree as JSON, nested by dependency",
    facts: (f) =>
      f
        .errorLines(`grep -E '^npm error (code|invalid)' "$OUT" | sort -u`)
        .mustKeep(`${DOC} | jq -r '"\\"name\\": \\"" + .name + "\\""'`)
        .count("topLevel", `${DOC} | jq '.dependencies | length'`),
  },
  {
    id: "jq-lockfile-ndjson",
    program: "jq",
    category: "StructuredData",
    cwd: REPO,
    command: `jq -c '.packages | to_entries[] | select(.key != "") | {path: .key, version: .value.version, dev: (.value.dev // false)}' package-lock.json`,
    exitCode: 0,
    versions: ["jq --version"],
    note: "one JSON object per line (NDJSON)",
    facts: (f) =>
      f
        .count("records", `grep -c '' "$OUT"`)
        .mustKeep(`grep -m1 '"node_modules/typescript"' "$OUT"`),
  },
];
