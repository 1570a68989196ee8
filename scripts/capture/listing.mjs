// Search results and directory listings: grep, find, ls.
import { REPO } from "./lib.mjs";
import { peerRoot } from "../peers.mjs";

const geminiRoot = () => peerRoot("@google/gemini-cli-core");

const AS_STD = "node_modules/assemblyscript/std";
const GEMINI_SRC = "node_modules/@google/gemini-cli-core/dist/src";

/** Facts of a `grep -rn` run: totals by real tools, and the three files with most hits. */
const grepFacts = (grep) => (f) =>
  f
    .count("matches", `${grep} 2>/dev/null | grep -c ''`)
    .count("files", `${grep} 2>/dev/null | cut -d: -f1 | sort -u | wc -l`)
    .mustKeep(`${grep} 2>/dev/null | cut -d: -f1 | sort | uniq -c | sort -k1,1nr -k2 | head -n 3 | awk '{print $2}'`);

export default [
  {
    id: "grep-rn-assemblyscript-std",
    program: "grep",
    category: "SearchResults",
    cwd: REPO,
    command: `grep -rn "function" ${AS_STD}`,
    exitCode: 0,
    versions: ["grep --version", "node -p \"'assemblyscript ' + require('./node_modules/assemblyscript/package.json').version\""],
    facts: grepFacts(`grep -rn "function" ${AS_STD}`),
  },
  {
    id: "grep-rn-python-stdlib-defs",
    program: "grep",
    category: "SearchResults",
    cwd: "/usr/lib/python3.11",
    command: `grep -rn "def " . --include=*.py`,
    exitCode: 0,
    versions: ["grep --version", "python3.11 --version"],
    note: "Debian's python3.11 standard library",
    facts: grepFacts(`grep -rn "def " . --include=*.py`),
  },
  {
    id: "grep-rn-binary-matches",
    program: "grep",
    category: "SearchResults",
    cwd: "/usr/lib/python3.11",
    command: `grep -rn "raise ValueError" .`,
    exitCode: 0,
    versions: ["grep --version", "python3.11 --version"],
    note: "also searches __pycache__ and .so files, so grep reports binary files that match",
    facts: (f) =>
      f
        .count("matches", `grep -rnI "raise ValueError" . | grep -c ''`)
        .count("files", `grep -rlI "raise ValueError" . | wc -l`)
        .count("binaryFiles", `grep -c 'binary file matches' "$OUT"`),
  },
  {
    id: "grep-rn-context-unreachable",
    program: "grep",
    category: "SearchResults",
    cwd: REPO,
    command: `grep -rn -C2 "unreachable()" ${AS_STD}/assembly`,
    exitCode: 0,
    versions: ["grep --version"],
    note: "two lines of context around each hit; groups separated by --",
    facts: (f) =>
      f
        .count("matches", `grep -rn "unreachable()" ${AS_STD}/assembly | wc -l`)
        .count("files", `grep -rl "unreachable()" ${AS_STD}/assembly | wc -l`),
  },
  {
    id: "grep-rl-files-only",
    program: "grep",
    category: "SearchResults",
    // The peer lives in a cache outside the repo (scripts/peers.mjs); the paths are the same from its root.
    setup: geminiRoot,
    command: `grep -rl "process.env" ${GEMINI_SRC}`,
    exitCode: 0,
    versions: ["grep --version"],
    facts: (f) => f.count("files", `grep -rl "process.env" ${GEMINI_SRC} | wc -l`),
  },
  {
    id: "grep-rc-count-mode",
    program: "grep",
    category: "SearchResults",
    cwd: REPO,
    command: `grep -rc "export" ${AS_STD}/assembly`,
    exitCode: 0,
    versions: ["grep --version"],
    facts: (f) =>
      f
        .count("files", `grep -rc "export" ${AS_STD}/assembly | wc -l`)
        .count("matches", `grep -rc "export" ${AS_STD}/assembly | awk -F: '{s += $NF} END {print s}'`)
        .mustKeep(`grep -rc "export" ${AS_STD}/assembly | sort -t: -k2,2nr | head -n 1`),
  },
  {
    id: "find-gemini-cli-core",
    program: "find",
    category: "DirectoryListing",
    // The peer lives in a cache outside the repo (scripts/peers.mjs); the paths are the same from its root.
    setup: geminiRoot,
    command: "find node_modules/@google/gemini-cli-core",
    exitCode: 0,
    versions: ["find --version", "node -p \"'@google/gemini-cli-core ' + require('./node_modules/@google/gemini-cli-core/package.json').version\""],
    facts: (f) =>
      f
        .count("entries", "find node_modules/@google/gemini-cli-core | wc -l")
        .count("files", "find node_modules/@google/gemini-cli-core -type f | wc -l")
        .count("dirs", "find node_modules/@google/gemini-cli-core -type d | wc -l"),
  },
  {
    id: "find-usr-include-headers",
    program: "find",
    category: "DirectoryListing",
    cwd: "/usr/include",
    command: `find . -name "*.h"`,
    exitCode: 0,
    versions: ["find --version"],
    facts: (f) =>
      f
        .count("files", `find . -name "*.h" | wc -l`)
        .mustKeep(`find . -name "*.h" | awk -F/ 'NF > 2 {print $2}' | sort | uniq -c | sort -nr | head -n 3 | awk '{print $2}'`),
  },
  {
    id: "ls-la-usr-bin",
    program: "ls",
    category: "DirectoryListing",
    cwd: REPO,
    command: "ls -la /usr/bin",
    exitCode: 0,
    versions: ["ls --version"],
    facts: (f) =>
      f
        .mustKeep(`head -n 1 "$OUT"`)
        .count("entries", "ls -A /usr/bin | wc -l")
        .count("symlinks", "find /usr/bin -mindepth 1 -maxdepth 1 -type l | wc -l"),
  },
  {
    id: "ls-r-gemini-src",
    program: "ls",
    category: "DirectoryListing",
    // The peer lives in a cache outside the repo (scripts/peers.mjs); the paths are the same from its root.
    setup: geminiRoot,
    command: `ls -R ${GEMINI_SRC}`,
    exitCode: 0,
    versions: ["ls --version"],
    facts: (f) =>
      f
        .count("entries", `find ${GEMINI_SRC} -mindepth 1 | wc -l`)
        .count("files", `find ${GEMINI_SRC} -type f | wc -l`)
        .count("dirs", `find ${GEMINI_SRC} -mindepth 1 -type d | wc -l`),
  },
  {
    id: "ls-la-node-modules",
    program: "ls",
    category: "DirectoryListing",
    cwd: REPO,
    command: "ls -la node_modules",
    exitCode: 0,
    versions: ["ls --version"],
    facts: (f) => f.count("entries", "ls -A node_modules | wc -l"),
  },
];
