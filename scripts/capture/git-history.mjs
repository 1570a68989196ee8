// Views of a repository's history and branches the other git captures lack: who wrote how much
// (shortlog -sn over 130 authors), every branch against its upstream (branch -vv, some gone,
// some ahead), the reflog of a morning's work with a hard reset that lost commits,
// and a cherry-pick that stops on conflicts among files that merged cleanly.
import { GIT_ENV, scratch, sh, writeTree } from "./lib.mjs";

const git = (dir, command, env = {}) => sh(command, { cwd: dir, env: { ...GIT_ENV, ...env } });

const FIRST = ["Ada", "Bela", "Chen", "Dara", "Eli", "Farah", "Goran", "Hana", "Ivo", "Jun", "Kemal", "Lena", "Mateo", "Nia", "Oskar", "Priya", "Quinn", "Rafael", "Sana"];
const LAST = ["Okafor", "Lindqvist", "Moreau", "Tanaka", "Novak", "Haddad", "Silva"];

/** A date a number of minutes after the first commit, so every commit id is the same on every capture. */
const at = (minutes) => new Date(Date.UTC(2024, 0, 2, 9, 0) + minutes * 60000).toISOString();

/** 130 authors with commit counts that fall off like a real project's (a few write most of it). */
function shortlogRepo(id) {
  const dir = scratch(id);
  git(dir, "git init -q -b main");
  let minute = 0;
  const authors = [];
  for (let i = 0; i < 130; i++) authors.push({ name: `${FIRST[i % FIRST.length]} ${LAST[Math.floor(i / FIRST.length) % LAST.length]}`, email: `dev${i}@shop.example`, commits: Math.max(1, Math.round(400 / (i + 1.5))) });
  const script = [];
  for (const [i, a] of authors.entries()) {
    for (let c = 0; c < a.commits; c++) {
      minute++;
      script.push(`printf '%s\\n' 'change ${i}.${c}' >> notes/area${i % 17}.txt && git add -A && GIT_AUTHOR_NAME='${a.name}' GIT_AUTHOR_EMAIL='${a.email}' GIT_AUTHOR_DATE='${at(minute)}' GIT_COMMITTER_DATE='${at(minute)}' git commit -qm 'Area ${i % 17}: change ${c}'`);
    }
  }
  sh("mkdir -p notes", { cwd: dir });
  // One shell runs every commit: a process per commit would take minutes.
  for (let i = 0; i < script.length; i += 400) git(dir, script.slice(i, i + 400).join("\n"));
  return dir;
}

/** A clone with 70 local branches: most track a remote branch, some ahead of it, some whose remote branch was deleted. */
function branchRepo(id) {
  const dir = scratch(id);
  const origin = `${dir}/origin.git`;
  const work = `${dir}/shop`;
  sh(`mkdir -p ${work}`);
  git(work, "git init -q -b main && printf 'shop\\n' > README && git add -A && git commit -qm 'Start the shop'");
  const topics = ["checkout", "invoices", "search", "billing", "refunds", "carts", "stock", "emails", "reports", "tax"];
  const kinds = ["fix", "feature", "chore"];
  const nameOf = (i) => `${kinds[i % 3]}/${topics[i % 10]}-${100 + i * 7}`;
  const lines = [];
  let minute = 0;
  for (let i = 0; i < 70; i++) {
    const name = nameOf(i);
    minute += 3;
    lines.push(`git checkout -q -b ${name} main && printf '%s\\n' '${name}' > ${topics[i % 10]}-${i}.txt && git add -A && GIT_AUTHOR_DATE='${at(minute)}' GIT_COMMITTER_DATE='${at(minute)}' git commit -qm '${topics[i % 10]}: ${kinds[i % 3]} ${100 + i * 7}'`);
  }
  git(work, lines.join("\n"));
  git(work, `git checkout -q main && git clone -q --bare . ${origin} && git remote add origin ${origin} && git fetch -q origin`);
  const after = [];
  for (let i = 0; i < 70; i++) {
    const name = nameOf(i);
    if (i % 11 === 5) {
      // Merged and deleted upstream: the local branch's upstream is gone.
      after.push(`git branch -q --set-upstream-to=origin/${name} ${name} && git push -q origin --delete ${name}`);
      continue;
    }
    if (i % 4 === 3) continue; // never pushed with tracking: no upstream
    after.push(`git branch -q --set-upstream-to=origin/${name} ${name}`);
    minute += 2;
    if (i % 6 === 1) after.push(`git checkout -q ${name} && printf 'more\\n' >> ${topics[i % 10]}-${i}.txt && GIT_AUTHOR_DATE='${at(minute)}' GIT_COMMITTER_DATE='${at(minute)}' git commit -qam 'Local work on ${name}'`);
    if (i % 7 === 2) after.push(`git push -q origin main:refs/heads/${name} -f 2>/dev/null || true`);
  }
  git(work, after.join("\n"));
  git(work, `git fetch -q --prune origin && git checkout -q ${nameOf(19)}`);
  return work;
}

/** A morning of commits, checkouts, a rebase, an amend and a hard reset that dropped three commits. */
function reflogRepo(id) {
  const dir = scratch(id);
  git(dir, "git init -q -b main && printf 'v1\\n' > app.txt && git add -A && git commit -qm 'First version of the app'");
  const steps = [];
  let minute = 0;
  const commit = (msg, file = "app.txt") => {
    minute += 4;
    steps.push(`printf '%s\\n' '${msg}' >> ${file} && git add -A && GIT_AUTHOR_DATE='${at(minute)}' GIT_COMMITTER_DATE='${at(minute)}' git commit -qm '${msg}'`);
  };
  for (let i = 1; i <= 12; i++) commit(`Pricing step ${i}`);
  steps.push("git checkout -q -b feature/coupons");
  for (let i = 1; i <= 10; i++) commit(`Coupons step ${i}`, "coupons.txt");
  steps.push("git checkout -q main");
  for (let i = 13; i <= 20; i++) commit(`Pricing step ${i}`);
  steps.push("git checkout -q feature/coupons");
  steps.push(`GIT_COMMITTER_DATE='${at(200)}' git rebase -q main`);
  minute = 210;
  commit("Coupons: expiry dates", "coupons.txt");
  steps.push(`GIT_COMMITTER_DATE='${at(220)}' git commit -q --amend -m 'Coupons: expiry dates and limits'`);
  for (let i = 1; i <= 3; i++) commit(`Coupons: stacking rule ${i}`, "coupons.txt");
  steps.push("git reset -q --hard HEAD~3");
  for (let i = 1; i <= 6; i++) commit(`Coupons: report ${i}`, "report.txt");
  steps.push("git checkout -q main && git merge -q --no-ff --no-edit feature/coupons");
  for (let i = 21; i <= 30; i++) commit(`Pricing step ${i}`);
  steps.push("git checkout -q -b hotfix/rounding HEAD~4 && git checkout -q main && git checkout -q hotfix/rounding && git checkout -q main");
  git(dir, steps.join("\n"));
  return dir;
}

const module = (n, body) => `"""Shipping rules for region ${n}."""\n\nREGION = "r${n}"\n\n${body}\n`;

/** A fix on a release branch cherry-picked onto main, where 6 of 80 files changed differently. */
function cherryPickRepo(id) {
  const dir = scratch(id);
  const files = {};
  for (let i = 1; i <= 80; i++) files[`shipping/region${String(i).padStart(2, "0")}.py`] = module(i, `def rate(weight):\n    return 500 + weight * 12\n`);
  writeTree(dir, files);
  git(dir, "git init -q -b main && git add -A && git commit -qm 'Shipping rules per region'");
  git(dir, "git checkout -q -b release/2.4");
  for (let i = 1; i <= 80; i++) writeTree(dir, { [`shipping/region${String(i).padStart(2, "0")}.py`]: module(i, `def rate(weight):\n    # Parcels under 100 g ship at the letter rate.\n    if weight < 100:\n        return 250\n    return 500 + weight * 12\n`) });
  git(dir, "git add -A && git commit -qm 'Letter rate for parcels under 100 g'");
  git(dir, "git checkout -q main");
  for (let i = 1; i <= 80; i++) {
    const n = String(i).padStart(2, "0");
    const price = i % 13 === 4 ? "650 + weight * 15" : "500 + weight * 12";
    writeTree(dir, { [`shipping/region${n}.py`]: `"""Shipping rules for region ${i} (zones reviewed)."""\n\nREGION = "r${i}"\n\ndef rate(weight):\n    return ${price}\n` });
  }
  git(dir, "git add -A && git commit -qm 'Review the zones; new prices in three regions'");
  return dir;
}

export default [
  {
    id: "git-shortlog-authors",
    program: "git shortlog",
    category: "CommandOutput",
    setup: () => shortlogRepo("git-shortlog-authors"),
    env: GIT_ENV,
    command: "git shortlog -sne HEAD",
    exitCode: 0,
    versions: ["git --version"],
    note: "130 authors with fixed dates (in the capture script), commit counts falling off from 267 to 3",
    facts: (f) =>
      f
        .mustKeep(`head -n 3 "$OUT"`)
        .mustKeep(`tail -n 1 "$OUT"`)
        .count("authors", `grep -c . "$OUT"`)
        .count("commits", `awk '{ s += $1 } END { print s }' "$OUT"`),
  },
  {
    id: "git-branch-vv-tracking",
    program: "git branch",
    category: "CommandOutput",
    setup: () => branchRepo("git-branch-vv-tracking"),
    env: GIT_ENV,
    command: "git branch -vv",
    exitCode: 0,
    versions: ["git --version"],
    note: "70 local branches with fixed dates (in the capture script): some ahead of their upstream, six whose upstream was deleted, some untracked",
    facts: (f) =>
      f
        .mustKeep(`grep -E '^\\* ' "$OUT"`)
        .mustKeep(`grep -E ': gone\\]' "$OUT"`)
        .count("branches", `grep -c . "$OUT"`)
        .count("gone", `grep -c ': gone\\]' "$OUT"`),
  },
  {
    id: "git-reflog-lost-commits",
    program: "git reflog",
    category: "CommandOutput",
    setup: () => reflogRepo("git-reflog-lost-commits"),
    env: GIT_ENV,
    command: "git reflog",
    exitCode: 0,
    versions: ["git --version"],
    note: "a morning's commits with fixed dates (in the capture script): a rebase, an amend, and a hard reset that dropped three commits",
    facts: (f) =>
      f
        .mustKeep(`grep -E 'reset: moving to HEAD~3' "$OUT"`)
        .mustKeep(`grep -E 'Coupons: stacking rule 3' "$OUT"`)
        .mustKeep(`head -n 1 "$OUT"`)
        .count("entries", `grep -c . "$OUT"`),
  },
  {
    id: "git-cherry-pick-conflict",
    program: "git cherry-pick",
    category: "CommandOutput",
    setup: () => cherryPickRepo("git-cherry-pick-conflict"),
    env: GIT_ENV,
    command: "git cherry-pick release/2.4",
    exitCode: 1,
    versions: ["git --version"],
    note: "a fix to 80 region files (in the capture script) picked onto a main that rewrote them all; six also changed their prices",
    facts: (f) =>
      f
        .errorLines(`grep -E '^CONFLICT ' "$OUT"`)
        .errorLines(`grep -E '^error: could not apply' "$OUT"`)
        .count("merged", `grep -c '^Auto-merging ' "$OUT"`),
  },
];
