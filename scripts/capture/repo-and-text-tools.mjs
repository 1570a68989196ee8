// Outputs of repository plumbing and text tools the other captures lack: git fsck over a
// repository with lost objects, git range-diff of two versions of a series, git push refused
// by a hook and by a newer remote, git stash list --stat, an awk report stopped by a run-time
// error, strings of a program, stat with a broken link among the files, wc -l over a project
// with a file gone, cargo tree of a workspace, and a .gitignore read with cat.
import { GIT_ENV, scratch, sh, writeTree } from "./lib.mjs";

const git = (dir, command) => sh(command, { cwd: dir, env: GIT_ENV });

/** Writes a numbered module with n lines. */
const module = (name, n) => Array.from({ length: n }, (_, i) => `${name} line ${i + 1}: total = total + ${i * 7 % 13}`).join("\n") + "\n";

/** A repository of 30 commits whose loose objects lost five blobs, with unreachable commits and blobs left behind. */
function fsckRepo(id) {
  const dir = scratch(id);
  git(dir, "git init -q -b main . && git config core.compression 0");
  const steps = [];
  for (let i = 1; i <= 30; i++) {
    const file = `src/mod${String(i % 12).padStart(2, "0")}.py`;
    steps.push(`mkdir -p src && printf '%s\\n' "VERSION = ${i}" "def step_${i}(x):" "    return x * ${i}" >> ${file} && git add -A && git commit -q -m "step ${i}: extend ${file}"`);
  }
  git(dir, steps.join(" && "));
  // Unreachable work: blobs written but never committed, and commits made outside any branch.
  const loose = [];
  for (let i = 1; i <= 44; i++) loose.push(`printf 'draft %s of the tax table\\n' ${i} | git hash-object -w --stdin > /dev/null`);
  for (let i = 1; i <= 10; i++) loose.push(`git commit-tree -p HEAD~${i} -m "experiment ${i}" HEAD~${i}^{tree} > /dev/null`);
  git(dir, loose.join(" && "));
  // Three blobs of the history vanish from the object store, as after a disk fault.
  git(dir, `for p in src/mod03.py src/mod07.py src/mod11.py src/mod05.py src/mod09.py; do h=$(git rev-parse HEAD~4:$p); rm -f .git/objects/\${h:0:2}/\${h:2}; done`);
  return dir;
}

/** A series of fourteen commits sent twice: the second version rebased on a newer main, four commits changed, one dropped, one added. */
function rangeDiffRepo(id) {
  const dir = scratch(id);
  const names = ["cart", "tax", "invoice", "refund", "coupon", "ship"];
  const base = {};
  for (const name of names) base[`shop/${name}.py`] = `"""${name} rules."""\n\nfrom decimal import Decimal\n\n\ndef ${name}_total(items):\n    return sum(i.price * i.qty for i in items)\n`;
  writeTree(dir, base);
  git(dir, "git init -q -b main . && git add -A && git commit -q -m 'shop: initial rules' && git tag base");
  const subjects = [
    "drop empty lines before totalling", "round per line, not per order", "number invoices per year", "refuse refunds after ninety days",
    "stack at most two coupons", "free shipping over fifty euros", "reduced rate for books", "show the tax per rate",
    "keep refunds of gift cards as credit", "expire coupons at midnight UTC", "ship to islands at the mainland price", "name the cart's owner",
    "split invoices over 10000 euros", "reverse charge for EU businesses",
  ];
  const series = subjects.map((subject, i) => {
    const name = names[i % names.length];
    const fn = subject.replace(/[^a-z0-9]+/gi, "_").toLowerCase().replace(/_+$/, "");
    const body = `\n\ndef ${fn}(order):\n    """${subject[0].toUpperCase()}${subject.slice(1)}."""\n    limit = Decimal("${(i + 1) * 25}.00")\n    return [line for line in order.lines if line.total <= limit]\n`;
    return [name, `${name}: ${subject}`, body];
  });
  const apply = (list, tweak) => list.map(([name, subject, body], i) =>
    `printf '%b' ${JSON.stringify(tweak(i, body))} >> shop/${name}.py && git commit -q -am ${JSON.stringify(subject)}`).join(" && ");
  git(dir, `git checkout -q -b topic-v1 base && ${apply(series, (_, b) => b)}`);
  // main moves on before the second version is sent.
  git(dir, `git checkout -q main && printf '%s\\n' '' 'CURRENCY = "EUR"' >> shop/cart.py && git commit -q -am 'cart: name the currency' && printf '%s\\n' '' '# Orders are totalled in cents.' >> shop/invoice.py && git commit -q -am 'invoice: say totals are in cents'`);
  const v2 = series.filter((_, i) => i !== 4).concat([["refund", "refund: log every refused refund", `\n\ndef log_refused(refund):\n    """Log every refused refund."""\n    print("refused", refund.id)\n`]]);
  const tweak = (i, b) => (i === 1 ? b.replace("line.total <=", "line.total_rounded <=") : i === 3 ? b.replace(".00", ".50") : i === 8 ? b.replace("return [", "return sorted(").replace("]\n", "])\n") : i === 11 ? b.replace("order.lines", "order.lines if order.owner") : b);
  git(dir, `git checkout -q -b topic-v2 main && ${apply(v2, tweak)}`);
  return dir;
}

/** A clone with three branches to push; the remote has a newer main, and its update hook refuses a release branch whose commits name no ticket. */
function pushRepo(id) {
  const dir = scratch(id);
  writeTree(dir, {
    "remote-hooks/update": `#!/bin/sh
# Checks each pushed commit: a subject with a ticket number, no fixup commits.
ref="$1"; old="$2"; new="$3"
range="$new"; [ "$old" != "0000000000000000000000000000000000000000" ] && range="$old..$new"
echo "checking $ref"
bad=0; n=0
for c in $(git rev-list --reverse "$range"); do
  n=$((n + 1))
  subject=$(git log -1 --format=%s "$c")
  short=$(git rev-parse --short "$c")
  case "$subject" in
    *"SHOP-"[0-9]*) echo "  ok      $short $subject" ;;
    *) echo "  MISSING TICKET $short $subject"; bad=$((bad + 1)) ;;
  esac
done
echo "checked $n commits on $ref, $bad without a ticket"
if [ "$bad" -gt 0 ]; then
  echo "error: $ref: $bad commit(s) name no SHOP- ticket; reword them with git rebase -i"
  exit 1
fi
exit 0
`,
  });
  git(dir, [
    "git init -q --bare -b main remote.git",
    "cp remote-hooks/update remote.git/hooks/update && chmod +x remote.git/hooks/update",
    "git clone -q remote.git work 2>/dev/null",
    "cd work && git checkout -q -b main && echo 'shop' > README && git add README && git commit -q -m 'SHOP-1 start the shop' && git push -q origin main 2>/dev/null",
    // Someone else pushed to main meanwhile.
    "git clone -q ../remote.git ../other 2>/dev/null && cd ../other && echo 'rates' > RATES && git add RATES && git commit -q -m 'SHOP-9 add rates' && git push -q origin main 2>/dev/null && cd ../work",
    "echo 'local' >> README && git commit -q -am 'SHOP-12 describe the shop'",
    "git checkout -q -b feature-coupons main && for i in $(seq 1 14); do echo \"coupon $i\" >> coupons.txt; git add coupons.txt; git commit -q -m \"SHOP-$((20 + i)) coupon rule $i\"; done",
    "git checkout -q -b release-2.4 main && for i in $(seq 1 16); do echo \"note $i\" >> CHANGES; git add CHANGES; if [ $((i % 5)) -eq 0 ]; then m=\"fix typo in release note $i\"; else m=\"SHOP-$((40 + i)) release note $i\"; fi; git commit -q -m \"$m\"; done",
    "git checkout -q main",
  ].join(" && "));
  return `${dir}/work`;
}

/** A repository with 24 stashes made on several branches over a week of work. */
function stashRepo(id) {
  const dir = scratch(id);
  const files = {};
  for (const name of ["cart", "tax", "invoice", "refund", "coupon", "ship", "stock", "mail"]) files[`src/${name}.ts`] = `export const ${name} = 1;\n`;
  writeTree(dir, files);
  git(dir, "git init -q -b main . && git add -A && git commit -q -m 'shop: first modules'");
  const branches = ["main", "feature-tax", "fix-refunds", "feature-mail"];
  const names = ["cart", "tax", "invoice", "refund", "coupon", "ship", "stock", "mail"];
  const steps = [];
  for (let i = 1; i <= 24; i++) {
    const branch = branches[i % 4];
    steps.push(`git checkout -q ${branch === "main" ? "main" : `-B ${branch} main`}`);
    const touched = names.filter((_, k) => (i + k) % 3 === 0 || k === i % 8);
    for (const n of touched) steps.push(`printf 'export const ${n}Draft${i} = ${i};\\n' >> src/${n}.ts`);
    if (i % 6 === 0) steps.push(`printf 'notes ${i}\\n' > NOTES-${i}.md && git add NOTES-${i}.md`);
    const message = i % 5 === 0 ? "" : ` -m ${JSON.stringify(["wip rounding", "try per-line tax", "half-done refund window", "mail template draft", "debug logging"][i % 5])}`;
    steps.push(`git stash push -q${message}`);
  }
  git(dir, steps.join(" && ") + " && git checkout -q main");
  return dir;
}

/** 640 orders in a CSV; the report's printf runs short of arguments on the first refund row. */
function awkReport(id) {
  const dir = scratch(id);
  const rows = ["id,customer,country,cents,kind"];
  for (let i = 1; i <= 640; i++) rows.push(`${1000 + i},customer-${(i * 37) % 211},${["de", "fr", "nl", "at"][i % 4]},${(i * 7919) % 50000},${i === 433 ? "refund" : "sale"}`);
  writeTree(dir, {
    "orders.csv": rows.join("\n") + "\n",
    "report.awk": `# Prints one line per order and the totals per country.
BEGIN { FS = "," }
NR == 1 { next }
$5 == "sale" { printf "%-6s %-14s %s %10.2f\\n", $1, $2, $3, $4 / 100; total[$3] += $4 }
$5 == "refund" { printf "%-6s %-14s %s %10.2f refund of %s\\n", $1, $2, $3, -$4 / 100; total[$3] -= $4 }
END { for (c in total) printf "%s %.2f\\n", c, total[c] / 100 }
`,
  });
  return dir;
}

/** The daemon's configuration keys, each with a message of its own in the binary. */
const SETTINGS = ["listen.port", "listen.address", "workers.count", "workers.max_requests", "database.url", "database.pool_size", "database.timeout_ms",
  "payments.provider", "payments.timeout_ms", "payments.retries", "tax.table_path", "tax.refresh_days", "mail.smtp_host", "mail.smtp_port", "mail.from",
  "reports.queue", "reports.concurrency", "uploads.dir", "uploads.max_bytes", "log.format", "log.level", "metrics.port", "tls.cert", "tls.key", "cache.ttl_s"];

/** A small daemon whose binary carries its usage text, messages and version. */
function stringsBinary(id) {
  const dir = scratch(id);
  writeTree(dir, {
    "shopd.c": `#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define SHOPD_VERSION "shopd 2.4.1 (build 8812)"
#define SHOPD_SETTINGS \\
${SETTINGS.map((k) => `  "setting ${k} is not set, using the default",`).join(" \\\n")}

static const char *usage =
  "usage: shopd [-c CONFIG] [-p PORT] [-w WORKERS] [--foreground]\\n"
  "  -c CONFIG     read settings from CONFIG (default /etc/shopd/shopd.conf)\\n"
  "  -p PORT       listen on PORT (default 8080)\\n"
  "  -w WORKERS    start WORKERS worker processes (default 4)\\n";

static const char *messages[] = {
  "shopd: cannot open config %s: %s",
  "shopd: invalid port %s (expected 1-65535)",
  "shopd: worker %d exited with status %d, restarting",
  "shopd: database url not set; export SHOPD_DATABASE_URL",
  "shopd: listening on 0.0.0.0:%d with %d workers",
  "shopd: received SIGTERM, draining %d connections",
  "shopd: payment provider timeout after %d ms (order %s)",
  "shopd: tax table /var/lib/shopd/rates.json is older than 30 days",
  "SELECT id, cents, country FROM orders WHERE state = 'open' ORDER BY id LIMIT 500",
  "UPDATE orders SET state = 'paid', paid_at = now() WHERE id = $1",
  "https://payments.shop.example/v2/charges",
  SHOPD_SETTINGS
  0,
};

int main(int argc, char **argv) {
  if (argc > 1 && strcmp(argv[1], "--version") == 0) { puts(SHOPD_VERSION); return 0; }
  if (argc > 1 && strcmp(argv[1], "--help") == 0) { fputs(usage, stdout); return 0; }
  for (int i = 0; messages[i]; i++) if (getenv("SHOPD_DEBUG")) fprintf(stderr, "%s\\n", messages[i]);
  return getpid() < 0;
}
`,
  });
  sh("gcc -O2 -o shopd shopd.c", { cwd: dir });
  return dir;
}

/** A config directory of 14 entries, one a link to a file that was removed. */
function statTree(id) {
  const dir = scratch(id);
  const files = {};
  for (const [name, n] of [["shopd.conf", 40], ["rates.json", 900], ["tls/server.crt", 30], ["tls/server.key", 28], ["workers.d/10-mail.conf", 6], ["workers.d/20-reports.conf", 9], ["logging.yaml", 55], ["secrets.env", 12], ["payments.toml", 70], ["README", 18]]) files[`etc/${name}`] = module(name, n);
  writeTree(dir, files);
  sh([
    "chmod 600 etc/tls/server.key etc/secrets.env",
    "chmod 755 etc/workers.d",
    "ln -s shopd.conf etc/current.conf",
    "ln -s rates-2023.json etc/rates-old.json",
    "mkdir -p etc/empty.d",
    "find etc -exec touch -h -d '2024-03-01 10:00:00' {} +",
  ].join(" && "), { cwd: dir });
  return dir;
}

/** 118 source files under nested folders; one generated file is far longer than the rest. */
function wcTree(id) {
  const dir = scratch(id);
  const files = {};
  const dirs = ["src/cart", "src/tax", "src/invoice", "src/refund", "src/ship", "src/stock", "src/mail", "tests/unit", "tests/integration"];
  let k = 0;
  for (const d of dirs) {
    for (let i = 1; i <= 13; i++) {
      k++;
      files[`${d}/${d.split("/")[1]}_${String(i).padStart(2, "0")}.py`] = module(d, 20 + ((k * 53) % 280));
    }
  }
  files["src/tax/rates_generated.py"] = module("rates", 18244);
  writeTree(dir, files);
  return dir;
}

/** A workspace of nine crates joined by path dependencies, with features and dev-dependencies. */
function cargoWorkspace(id) {
  const dir = scratch(id);
  const crates = {
    "shop-money": [],
    "shop-ids": [],
    "shop-tax": ["shop-money"],
    "shop-catalog": ["shop-money", "shop-ids"],
    "shop-cart": ["shop-catalog", "shop-tax", "shop-money", "shop-ids"],
    "shop-invoice": ["shop-cart", "shop-tax", "shop-ids"],
    "shop-payments": ["shop-money", "shop-ids", "shop-invoice"],
    "shop-api": ["shop-cart", "shop-invoice", "shop-payments", "shop-catalog"],
    "shop-cli": ["shop-api", "shop-invoice", "shop-tax"],
  };
  const files = { "Cargo.toml": `[workspace]\nresolver = "2"\nmembers = [${Object.keys(crates).map((c) => `"crates/${c}"`).join(", ")}]\n` };
  for (const [name, deps] of Object.entries(crates)) {
    const depLines = deps.map((d) => `${d} = { path = "../${d}"${d === "shop-tax" ? ', features = ["reduced-rates"]' : ""} }`).join("\n");
    const dev = name === "shop-api" || name === "shop-cart" ? `\n[dev-dependencies]\nshop-ids = { path = "../shop-ids", features = ["test-ids"] }\n` : "";
    const features = name === "shop-tax" ? `\n[features]\ndefault = []\nreduced-rates = []\n` : name === "shop-ids" ? `\n[features]\ntest-ids = []\n` : "";
    files[`crates/${name}/Cargo.toml`] = `[package]\nname = "${name}"\nversion = "0.${deps.length + 1}.0"\nedition = "2021"\n\n[dependencies]\n${depLines}\n${dev}${features}`;
    files[`crates/${name}/src/lib.rs`] = "";
  }
  writeTree(dir, files);
  return dir;
}

const GITIGNORE = `# Shop monorepo: what never goes into version control.
# Keep the sections in this order; tools are grouped by language.

############################################################
# Secrets and local settings
############################################################
.env
.env.*
!.env.example
*.pem
*.key
!config/tls/test-ca.key
secrets/
config/local.*.yaml
.npmrc
.pypirc

############################################################
# Node and TypeScript
############################################################
node_modules/
.pnpm-store/
npm-debug.log*
yarn-debug.log*
yarn-error.log*
.yarn/cache
.yarn/unplugged
.yarn/install-state.gz
dist/
build/
*.tsbuildinfo
coverage/
.nyc_output/
.eslintcache
.stylelintcache
.next/
.turbo/
storybook-static/

############################################################
# Python report worker
############################################################
__pycache__/
*.py[cod]
*.egg-info/
.eggs/
.venv/
venv/
.tox/
.nox/
.pytest_cache/
.mypy_cache/
.ruff_cache/
htmlcov/
.coverage
.coverage.*
pip-wheel-metadata/
worker/reports/output/

############################################################
# Native image addon
############################################################
packages/resize/build/
packages/resize/prebuilds/
*.o
*.obj
*.so
*.dylib
*.dll
*.a
compile_commands.json
.cache/clangd/

############################################################
# Rust pricing engine
############################################################
pricing/target/
**/*.rs.bk
pricing/Cargo.lock.orig

############################################################
# Go services
############################################################
services/*/bin/
services/*/vendor/
*.test
*.out
go.work.sum
cover.html

############################################################
# JVM search indexer
############################################################
indexer/.gradle/
indexer/build/
indexer/out/
*.class
*.jar
!indexer/gradle/wrapper/gradle-wrapper.jar
hs_err_pid*.log

############################################################
# Infrastructure
############################################################
infra/**/.terraform/
infra/**/.terraform.lock.hcl.bak
*.tfstate
*.tfstate.*
*.tfplan
crash.log
override.tf
override.tf.json
*_override.tf
.terragrunt-cache/
docker-compose.override.yml
.docker/

############################################################
# Data and uploads
############################################################
data/uploads/*
!data/uploads/.gitkeep
data/exports/**/*.csv
data/fixtures/large/
*.sqlite3
*.sqlite3-journal
dump-*.sql.gz

############################################################
# Editors and operating systems
############################################################
.idea/
.vscode/*
!.vscode/extensions.json
!.vscode/settings.json
*.swp
*.swo
*~
.DS_Store
Thumbs.db
desktop.ini

############################################################
# Logs and temporary files
############################################################
logs/
*.log
!packages/logger/test/fixtures/*.log
tmp/
.tmp/
*.pid
*.seed
*.pid.lock
core
core.[0-9]*
`;

export default [
  {
    id: "git-fsck-missing-blobs",
    program: "git fsck",
    category: "CommandOutput",
    setup: () => fsckRepo("git-fsck-missing-blobs"),
    env: GIT_ENV,
    command: "git fsck --full --no-reflogs",
    versions: ["git --version"],
    note: "a repository of 30 commits (in the capture script) with 44 unreferenced blobs, 10 commits outside any branch and five blobs of its history deleted from the object store",
    facts: (f) =>
      f
        .errorLines(`grep -E '^(missing|broken link|error)' "$OUT"`)
        .count("dangling", `grep -c '^dangling ' "$OUT"`)
        .count("danglingCommits", `grep -c '^dangling commit ' "$OUT"`),
  },
  {
    id: "git-range-diff-series",
    program: "git range-diff",
    category: "Diff",
    setup: () => rangeDiffRepo("git-range-diff-series"),
    env: GIT_ENV,
    command: "git range-diff base..topic-v1 main..topic-v2",
    exitCode: 0,
    versions: ["git --version"],
    note: "a series of fourteen commits (in the capture script) sent twice: the second rebased on a newer main, four commits changed, one dropped, one added",
    facts: (f) =>
      f
        .mustKeep(`grep -E '^ *[0-9-]+: +[0-9a-f-]+ [!<>] ' "$OUT"`)
        .count("pairs", `grep -cE '^ *[0-9-]+: +[0-9a-f-]+ [=!<>] ' "$OUT"`)
        .count("unchanged", `grep -cE '^ *[0-9]+: +[0-9a-f]+ = ' "$OUT"`),
  },
  {
    id: "git-push-hook-rejected",
    program: "git push",
    category: "CommandOutput",
    setup: () => pushRepo("git-push-hook-rejected"),
    env: GIT_ENV,
    command: "git push origin main feature-coupons release-2.4",
    exitCode: 1,
    versions: ["git --version"],
    note: "a clone (in the capture script) pushing three branches to a local bare remote whose main moved on and whose update hook refuses commits without a ticket; the facts leave out the spaces git pads the remote's lines with",
    facts: (f) =>
      f
        .errorLines(`grep -E '^ ! \\[|^error: |^remote: error: ' "$OUT" | sed -E 's/ +$//'`)
        .mustKeep(`grep -E 'MISSING TICKET' "$OUT" | sed -E 's/ +$//'`)
        .mustKeep(`grep -E '^ \\* \\[new branch\\]' "$OUT"`)
        .count("checked", `grep -cE '^remote:   (ok|MISSING)' "$OUT"`),
  },
  {
    id: "git-stash-list-stat",
    program: "git stash",
    category: "CommandOutput",
    setup: () => stashRepo("git-stash-list-stat"),
    env: GIT_ENV,
    command: "git stash list --stat",
    exitCode: 0,
    versions: ["git --version"],
    note: "24 stashes (in the capture script) made on four branches",
    facts: (f) =>
      f
        .mustKeep(`grep -E '^stash@\\{(0|23)\\}: ' "$OUT"`)
        .mustKeep(`grep -E '^stash@\\{[0-9]+\\}: On fix-refunds: half-done refund window' "$OUT" | head -n 1`)
        .count("stashes", `grep -c '^stash@' "$OUT"`),
  },
  {
    id: "awk-report-runtime-error",
    program: "awk",
    category: "CommandOutput",
    setup: () => awkReport("awk-report-runtime-error"),
    command: "awk -f report.awk orders.csv",
    exitCode: 2,
    versions: ["dpkg-query -W -f='mawk ${Version}\\n' mawk"],
    note: "an order report (in the capture script) over 640 rows of a CSV whose printf lacks an argument on the one refund row",
    facts: (f) =>
      f
        .errorLines(`grep -oE 'awk: run time error.*' "$OUT"`)
        .errorLines(`grep -E 'FILENAME=' "$OUT"`)
        .mustKeep(`grep -E '^1432 ' "$OUT"`)
        .count("rows", `grep -cE '^[0-9]{4} ' "$OUT"`),
  },
  {
    id: "strings-daemon-binary",
    program: "strings",
    category: "CommandOutput",
    setup: () => stringsBinary("strings-daemon-binary"),
    command: "strings -n 6 shopd",
    exitCode: 0,
    versions: ["strings --version | head -n 1", "gcc --version | head -n 1"],
    note: "a small daemon (in the capture script) compiled with gcc -O2; the toolchain's strings differ between machines",
    facts: (f) =>
      f
        .mustKeep(`grep -E '^shopd [0-9.]+ ' "$OUT"`)
        .mustKeep(`grep -E '^usage: ' "$OUT"`)
        .mustKeep(`grep -E 'SHOPD_DATABASE_URL|payments\\.shop\\.example' "$OUT"`)
        .mustKeep(`grep -E '^GCC: ' "$OUT" | head -n 1`)
        .count("strings", `wc -l < "$OUT"`),
  },
  {
    id: "stat-config-broken-link",
    program: "stat",
    category: "CommandOutput",
    setup: () => statTree("stat-config-broken-link"),
    command: "stat -L etc/* etc/tls/* etc/workers.d/*",
    exitCode: 1,
    versions: ["stat --version | head -n 1"],
    note: "a config directory (in the capture script) with a link to a removed file; inode numbers, devices and access and change times differ between captures",
    facts: (f) =>
      f
        .errorLines(`grep -E '^stat: ' "$OUT"`)
        .mustKeep(`grep -E "File: etc/(tls/server.key|rates.json)" "$OUT"`)
        .mustKeep(`grep -A1 "File: etc/rates.json" "$OUT" | grep -oE 'Size: [0-9]+'`)
        .count("files", `grep -c '^  File: ' "$OUT"`),
  },
  {
    id: "wc-lines-project",
    program: "wc",
    category: "CommandOutput",
    setup: () => wcTree("wc-lines-project"),
    command: "wc -l src/*/*.py tests/*/*.py src/tax/rates.py",
    exitCode: 1,
    versions: ["wc --version | head -n 1"],
    note: "118 Python files (in the capture script) with one generated file far longer than the rest, and a file named that does not exist",
    facts: (f) =>
      f
        .errorLines(`grep -E '^wc: ' "$OUT"`)
        .mustKeep(`grep -E ' total$' "$OUT"`)
        .mustKeep(`sort -rn "$OUT" | grep -v ' total$' | head -n 1`)
        .count("files", `grep -cE '^ *[0-9]+ .*\\.py$' "$OUT"`),
  },
  {
    id: "cargo-tree-workspace",
    program: "cargo tree",
    category: "CommandOutput",
    setup: () => cargoWorkspace("cargo-tree-workspace"),
    command: "cargo tree --offline --workspace -e normal,dev -e features",
    exitCode: 0,
    versions: ["cargo --version"],
    note: "a workspace of nine crates (in the capture script) joined by path dependencies",
    facts: (f) =>
      f
        .mustKeep(`grep -E '^shop-[a-z]+ v' "$OUT"`)
        .count("roots", `grep -cE '^shop-[a-z]+ v' "$OUT"`),
  },
  {
    id: "file-gitignore-monorepo",
    program: "file:gitignore",
    category: "FileContent",
    setup: () => {
      const dir = scratch("file-gitignore-monorepo");
      writeTree(dir, { ".gitignore": GITIGNORE });
      return dir;
    },
    command: "cat .gitignore",
    exitCode: 0,
    note: "a monorepo's .gitignore (in the capture script), grouped by language under banner comments",
    facts: (f) =>
      f
        .mustKeep(`grep -E '^# [A-Z]' "$OUT" | sed -n '3,$p'`)
        .mustKeep(`grep -E '^!' "$OUT"`)
        .count("patterns", `grep -cvE '^(#|$)' "$OUT"`),
  },
];
