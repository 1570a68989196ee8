// Version-control views the other captures lack: a git merge that stops on content,
// modify/delete and add/add conflicts; git bisect run finding the commit that broke a price
// check; and patch applying a Python point-release diff to a tree with local edits, where some
// hunks fail.
import { GIT_ENV, scratch, sh, writeTree } from "./lib.mjs";

const git = (dir, command) => sh(command, { cwd: dir, env: GIT_ENV });

const service = (n, setting, extra = "", doc = "reads its queue and writes invoices") => `"""Order service ${n}: ${doc}."""

TIMEOUT_SECONDS = ${setting}
QUEUE = "orders-${n}"


def handle(order):
    total = sum(line["qty"] * line["cents"] for line in order["lines"])
    if total <= 0:
        raise ValueError(f"order {order['id']} has no value")
    return {"id": order["id"], "total": total, "queue": QUEUE}


def retry_delay(attempt):
    return min(2 ** attempt, TIMEOUT_SECONDS)
${extra}`;

/** Two branches that both changed the services: most merge cleanly, some conflict. */
function mergeRepo(id) {
  const dir = scratch(id);
  const files = {};
  for (let i = 1; i <= 70; i++) files[`services/svc${String(i).padStart(2, "0")}.py`] = service(i, 30);
  files["services/legacy_export.py"] = `def export(rows):\n    return "\\n".join(",".join(map(str, r)) for r in rows)\n`;
  writeTree(dir, files);
  git(dir, "git init -q -b main && git add -A && git commit -qm 'Order services'");
  git(dir, "git checkout -q -b feature/retry-budget");
  for (let i = 1; i <= 70; i++) {
    const n = String(i).padStart(2, "0");
    writeTree(dir, { [`services/svc${n}.py`]: service(i, i % 9 === 0 ? 45 : 30, `\n\ndef retry_budget(attempts):\n    return sum(retry_delay(a) for a in range(attempts))\n`) });
  }
  writeTree(dir, { "services/budget.py": `BUDGET_SECONDS = 300\n` });
  git(dir, "git rm -q services/legacy_export.py && git add -A && git commit -qm 'Retry budgets for every service'");
  git(dir, "git checkout -q main");
  // Every service's docstring changes on main too, so git merges each file; seven also change the timeout.
  for (let i = 1; i <= 70; i++) writeTree(dir, { [`services/svc${String(i).padStart(2, "0")}.py`]: service(i, i % 9 === 0 ? 20 : 30, "", "reads its queue, writes invoices and receipts") });
  writeTree(dir, { "services/legacy_export.py": `import csv\nimport io\n\n\ndef export(rows):\n    out = io.StringIO()\n    csv.writer(out).writerows(rows)\n    return out.getvalue()\n`, "services/budget.py": `BUDGET_SECONDS = 120\n` });
  git(dir, "git add -A && git commit -qm 'Receipts; shorter timeouts for the busy services; CSV export'");
  return dir;
}

/** 160 commits of a pricing module and its check; commit 113 breaks the rounding. */
function bisectRepo(id) {
  const dir = scratch(id);
  writeTree(dir, {
    "pricing.py": `def with_vat(cents, rate):\n    return (cents * (100 + rate) + 50) // 100\n`,
    "check.sh": `#!/bin/sh
# Prices every catalogue entry and compares with the expected gross prices.
python3 - <<'EOF'
from pricing import with_vat
cases = [(1999, 19, 2379), (500, 7, 535), (1250, 19, 1488), (99, 19, 118), (100000, 19, 119000), (333, 7, 356)]
bad = 0
for cents, rate, want in cases:
    got = with_vat(cents, rate)
    status = "ok" if got == want else "FAIL"
    print(f"  {status:4} with_vat({cents}, {rate}) = {got} (expected {want})")
    bad += got != want
print(f"{len(cases) - bad} passed, {bad} failed")
raise SystemExit(1 if bad else 0)
EOF
`,
    "CHANGES": "",
  });
  git(dir, "chmod +x check.sh && git init -q -b main && git add -A && git commit -qm 'Pricing with VAT' && git tag v1.0");
  const areas = ["catalogue", "checkout", "invoices", "shipping", "search", "accounts", "reports", "emails"];
  for (let i = 1; i <= 160; i++) {
    const area = areas[i % areas.length];
    sh(`echo "change ${i}: ${area}" >> CHANGES`, { cwd: dir });
    if (i === 113) writeTree(dir, { "pricing.py": `def with_vat(cents, rate):\n    # integer maths only: no float rounding surprises\n    return cents * (100 + rate) // 100\n` });
    const subject = i === 113 ? "pricing: avoid float rounding in with_vat" : `${area}: small fixes (${i})`;
    git(dir, `git add -A && GIT_AUTHOR_DATE=2024-03-${String(1 + Math.floor(i / 8)).padStart(2, "0")}T${String(8 + (i % 10)).padStart(2, "0")}:00:00Z GIT_COMMITTER_DATE=2024-03-${String(1 + Math.floor(i / 8)).padStart(2, "0")}T${String(8 + (i % 10)).padStart(2, "0")}:00:00Z git commit -qm '${subject}'`);
  }
  git(dir, "git bisect start HEAD v1.0 >/dev/null");
  return dir;
}

/** Files of the point-release diff whose first hunk is spoiled by a local edit in the tree being patched. */
const SPOIL = ["asyncio/base_events.py", "email/_header_value_parser.py", "http/client.py", "logging/__init__.py"];
const SPOIL_PY = `import re, sys
spoil = set(sys.argv[1:])
current = None
done = set()
for line in open("update.patch", encoding="utf-8"):
    if line.startswith("+++ "):
        current = line[4:].split("\\t")[0].split("/", 1)[1]
    elif line.startswith("-") and not line.startswith("---") and current in spoil and current not in done and line[1:].strip():
        path = "lib/" + current
        text = open(path, encoding="utf-8").read()
        old = line[1:]
        text = text.replace(old, old.rstrip("\\n") + "  # local change\\n", 1)
        open(path, "w", encoding="utf-8").write(text)
        done.add(current)
print(len(done))
`;

function patchTree(id) {
  const dir = scratch(id);
  const pkgs = ["asyncio", "email", "http", "logging"];
  sh(
    `mkdir -p old new lib && for p in ${pkgs.join(" ")}; do cp -r /usr/lib/python3.11/$p old/ && cp -r /root/.pyenv/versions/3.11.7/lib/python3.11/$p new/ && cp -r /usr/lib/python3.11/$p lib/; done && rm -rf */*/__pycache__ && (diff -ruN old new > update.patch; test $? -le 1)`,
    { cwd: dir },
  );
  writeTree(dir, { "spoil.py": SPOIL_PY });
  sh(`python3 spoil.py ${SPOIL.join(" ")}`, { cwd: dir });
  return dir;
}

export default [
  {
    id: "git-merge-conflicts",
    program: "git merge",
    category: "CommandOutput",
    setup: () => mergeRepo("git-merge-conflicts"),
    env: GIT_ENV,
    command: "git merge feature/retry-budget",
    exitCode: 1,
    versions: ["git --version"],
    note: "main and a feature branch (in the capture script) that both changed the order services, a file one deleted and the other changed, and a file both added",
    facts: (f) =>
      f
        .errorLines(`grep -E '^CONFLICT ' "$OUT"`)
        .mustKeep(`grep -E '^Automatic merge failed' "$OUT"`)
        .count("autoMerged", `grep -c '^Auto-merging ' "$OUT"`)
        .count("conflicts", `grep -c '^CONFLICT ' "$OUT"`),
  },
  {
    id: "git-bisect-run",
    program: "git bisect",
    category: "CommandOutput",
    setup: () => bisectRepo("git-bisect-run"),
    env: GIT_ENV,
    command: "git bisect run ./check.sh",
    exitCode: 0,
    versions: ["git --version", "python3 --version"],
    note: "161 commits with fixed dates (in the capture script), bisect started between HEAD and v1.0 in the setup; each step prints the check's table",
    facts: (f) =>
      f
        .mustKeep(`grep -E '^[0-9a-f]{40} is the first bad commit' "$OUT"`)
        .mustKeep(`grep -E '^ +pricing: avoid float rounding in with_vat' "$OUT" | sed -E 's/^ +//' | head -n 1`)
        .mustKeep(`grep -E '^bisect found first bad commit' "$OUT"`)
        .count("steps", `grep -c '^running ' "$OUT"`),
  },
  {
    id: "patch-hunks-failed",
    program: "patch",
    category: "CommandOutput",
    setup: () => patchTree("patch-hunks-failed"),
    command: "patch -p1 --verbose -d lib < update.patch",
    exitCode: 1,
    versions: ["patch --version | head -n 1", "/usr/bin/python3 --version", "/root/.pyenv/versions/3.11.7/bin/python3 --version"],
    note: "the diff from Debian's Python 3.11 to pyenv's 3.11.7 (asyncio, email, http, logging) applied to a copy of Debian's where the capture script changed one line under the first hunk of four files; --verbose reports every hunk",
    facts: (f) =>
      f
        .errorLines(`grep -E 'hunks? FAILED -- saving rejects to file' "$OUT"`)
        .mustKeep(`grep -E '^Hunk #[0-9]+ FAILED at [0-9]+' "$OUT" | sort -u`)
        .count("filesPatched", `grep -c '^patching file ' "$OUT"`),
  },
];
