// git outputs over real changes: a repo that holds part of Python's standard library
// as shipped in 3.11.7, then 3.12.1 (a commit), then 3.13.0 (staged, uncommitted);
// plus `git log` of this repository and a `git clone --progress` of the history repo.
import { REPO, scratch, sh } from "./lib.mjs";

const PYTHONS = "/root/.pyenv/versions";
const PACKAGES = ["asyncio", "email", "http", "json", "logging", "unittest"];
const GIT_ENV =
  "GIT_AUTHOR_NAME=corpus GIT_AUTHOR_EMAIL=corpus@example.test GIT_COMMITTER_NAME=corpus GIT_COMMITTER_EMAIL=corpus@example.test";

function copyLib(version, minor, dir) {
  sh(`rm -rf lib && mkdir lib && for p in ${PACKAGES.join(" ")}; do cp -r ${PYTHONS}/${version}/lib/python${minor}/$p lib/; done && find lib -name __pycache__ -prune -exec rm -rf {} + && rm -rf lib/*/test lib/*/tests`, {
    cwd: dir,
  });
}

let historyRepo;
/** The stdlib history repo, built once per run. */
export function stdlibRepo() {
  if (historyRepo) return historyRepo;
  const dir = scratch("_pystdlib");
  sh("git init -q -b main", { cwd: dir });
  copyLib("3.11.7", "3.11", dir);
  sh(`git add -A && ${GIT_ENV} GIT_AUTHOR_DATE=2023-12-04T12:00:00Z GIT_COMMITTER_DATE=2023-12-04T12:00:00Z git commit -q -m "Import lib/ from Python 3.11.7"`, { cwd: dir });
  copyLib("3.12.1", "3.12", dir);
  sh(`git add -A && ${GIT_ENV} GIT_AUTHOR_DATE=2023-12-08T12:00:00Z GIT_COMMITTER_DATE=2023-12-08T12:00:00Z git commit -q -m "Upgrade lib/ to Python 3.12.1" -m "asyncio, email, http, json, logging and unittest as shipped in 3.12.1."`, { cwd: dir });
  copyLib("3.13.0", "3.13", dir);
  sh("git add -A", { cwd: dir });
  historyRepo = dir;
  return dir;
}

const numstatCounts = (range) => (f) =>
  f
    .mustKeep(`git diff ${range} --name-only`)
    .count("files", `git diff ${range} --numstat | wc -l`)
    .count("insertions", `git diff ${range} --numstat | awk '$1 != "-" {s += $1} END {print s}'`)
    .count("deletions", `git diff ${range} --numstat | awk '$2 != "-" {s += $2} END {print s}'`);

export default [
  {
    id: "git-diff-stdlib-upgrade",
    program: "git diff",
    category: "Diff",
    setup: stdlibRepo,
    command: "git diff HEAD",
    exitCode: 0,
    versions: ["git --version"],
    note: "lib/ holds asyncio, email, http, json, logging, unittest from Python 3.12.1 (HEAD); the 3.13.0 versions are staged",
    facts: numstatCounts("HEAD"),
  },
  {
    id: "git-show-stdlib-commit",
    program: "git show",
    category: "Diff",
    setup: stdlibRepo,
    command: "git show HEAD",
    exitCode: 0,
    versions: ["git --version"],
    note: "HEAD upgrades lib/ from Python 3.11.7 to 3.12.1",
    facts: (f) => {
      numstatCounts("HEAD~1 HEAD")(f);
      f.mustKeep("git log -1 --format=%s HEAD");
    },
  },
  {
    id: "git-diff-stat-stdlib",
    program: "git diff",
    category: "CommandOutput",
    setup: stdlibRepo,
    command: "git diff HEAD --stat=120",
    exitCode: 0,
    versions: ["git --version"],
    note: "the staged 3.12.1 → 3.13.0 change as a diffstat",
    facts: (f) =>
      f
        .mustKeep(`tail -n 1 "$OUT" | sed 's/^ *//'`)
        .count("files", "git diff HEAD --numstat | wc -l")
        .count("insertions", `git diff HEAD --numstat | awk '$1 != "-" {s += $1} END {print s}'`)
        .count("deletions", `git diff HEAD --numstat | awk '$2 != "-" {s += $2} END {print s}'`),
  },
  {
    id: "diff-ru-email-package",
    program: "diff",
    category: "Diff",
    cwd: PYTHONS,
    command: "diff -ruN -x __pycache__ 3.12.1/lib/python3.12/email 3.13.0/lib/python3.13/email",
    exitCode: 1,
    versions: ["diff --version"],
    note: "the email package of two installed Python versions",
    facts: (f) => {
      const diff = "diff -ruN -x __pycache__ 3.12.1/lib/python3.12/email 3.13.0/lib/python3.13/email";
      f.mustKeep(`${diff} | grep -oE '^\\+\\+\\+ [^\t]+' | sed 's/^+++ //'`)
        .count("files", `${diff} | grep -c '^diff '`)
        .count("insertions", `${diff} | grep '^+' | grep -vc '^+++ '`)
        .count("deletions", `${diff} | grep '^-' | grep -vc '^--- '`);
    },
  },
  {
    id: "diff-c-r-logging-package",
    program: "diff -c",
    category: "Diff",
    cwd: PYTHONS,
    command: "diff -c -r -x __pycache__ 3.11.7/lib/python3.11/logging 3.12.1/lib/python3.12/logging",
    exitCode: 1,
    versions: ["diff --version"],
    note: "the logging package of two installed Python versions, as a context diff",
    facts: (f) => {
      const context = "diff -c -r -x __pycache__ 3.11.7/lib/python3.11/logging 3.12.1/lib/python3.12/logging";
      // The same pair as a unified diff: the same changes, counted by their signs.
      const unified = "diff -u -r -x __pycache__ 3.11.7/lib/python3.11/logging 3.12.1/lib/python3.12/logging";
      // A file's "--- new" line holds a tab before the date; a hunk's "--- 1,4 ----" none.
      f.mustKeep(`${context} | awk -F'\\t' '/^--- / && NF > 1 { print substr($1, 5) }'`)
        .count("files", `${context} | grep -c '^diff '`)
        .count("insertions", `${unified} | grep '^+' | grep -vc '^+++ '`)
        .count("deletions", `${unified} | grep '^-' | grep -vc '^--- '`);
    },
  },
  {
    id: "git-clone-progress",
    program: "git clone",
    category: "CommandOutput",
    setup: () => {
      const src = stdlibRepo();
      const dir = scratch("git-clone-progress");
      sh(`git clone -q --bare ${src} source.git`, { cwd: dir });
      return dir;
    },
    command: "git clone --progress --no-local source.git checkout",
    exitCode: 0,
    versions: ["git --version"],
    note: "source.git is a bare copy of the stdlib history repo; progress is written with \\r",
    facts: (f) =>
      f
        .mustKeep(`grep -o "Cloning into 'checkout'..." "$OUT"`)
        .count("objects", "git -C source.git rev-list --objects --all | wc -l"),
  },
  {
    id: "git-log-stat-abridge",
    program: "git log",
    category: "CommandOutput",
    cwd: REPO,
    command: "git log --stat",
    exitCode: 0,
    versions: ["git --version"],
    note: "this repository's own history at capture time",
    facts: (f) =>
      f
        .mustKeep("git log --format=%s | head -n 3")
        .mustKeep("git log --format=%H | tail -n 1")
        .count("commits", "git rev-list --count HEAD"),
  },
];

