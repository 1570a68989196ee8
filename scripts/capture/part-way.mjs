// Commands that do a long run of steps and fail part-way: a deploy script traced with bash -x
// that stops on a missing file, sha256sum -c over a release where a few files changed or went
// missing, python -m compileall over a tree with syntax errors in the middle, an npm script whose
// build log ends in a failure, and git rebase --exec whose check fails on one of the commits.
import { join } from "node:path";
import { GIT_ENV, scratch, sh, writeTree } from "./lib.mjs";

const SERVICES = ["accounts", "billing", "catalogue", "checkout", "emails", "invoices", "inventory", "orders", "payments", "pricing", "receipts", "refunds", "reports", "reviews", "search", "shipping", "stock", "suppliers", "tax", "wishlist"];

const DEPLOY_SH = `#!/bin/bash
# Renders each service's config from its template and copies it into the release.
set -euo pipefail
release=release/2024.03.1
mkdir -p "$release"
for svc in ${SERVICES.join(" ")}; do
  port=$(grep -E '^port=' "services/$svc.env" | cut -d= -f2)
  replicas=$(grep -E '^replicas=' "services/$svc.env" | cut -d= -f2)
  sed -e "s/@PORT@/$port/" -e "s/@REPLICAS@/$replicas/" templates/service.conf.in > "$release/$svc.conf"
  echo "rendered $svc (port $port, $replicas replicas)"
  cp "certs/$svc.pem" "$release/$svc.pem"
done
echo "release $release ready"
`;

function deployTree(id) {
  const dir = scratch(id);
  const files = { "deploy.sh": DEPLOY_SH, "templates/service.conf.in": "listen @PORT@\nreplicas @REPLICAS@\n" };
  SERVICES.forEach((svc, i) => {
    files[`services/${svc}.env`] = `port=${8100 + i}\nreplicas=${1 + (i % 4)}\n`;
    // The certificate of one service late in the list was never issued.
    if (svc !== "search") files[`certs/${svc}.pem`] = `-----BEGIN CERTIFICATE-----\n${svc}\n-----END CERTIFICATE-----\n`;
  });
  writeTree(dir, files);
  return dir;
}

function releaseTree(id) {
  const dir = scratch(id);
  const files = {};
  for (const svc of SERVICES) {
    const parts = ["app.py", "config.toml", "schema.sql", "static/app.js", "static/app.css", ...["en", "de", "fr", "es", "it", "nl", "pl", "pt", "sv", "fi", "da"].map((l) => `locale/${l}/messages.po`)];
    for (const part of parts) {
      files[`release/${svc}/${part}`] = `# ${svc} ${part}\n${"x".repeat(40 + svc.length)}\n`;
    }
  }
  writeTree(dir, files);
  sh("cd release && find . -type f | sort | xargs sha256sum > SHA256SUMS", { cwd: dir });
  // After the sums were taken: two files edited, one deleted.
  sh("echo '# hotfix' >> release/payments/app.py && echo 'DROP TABLE x;' >> release/stock/schema.sql && rm release/reviews/static/app.css", { cwd: dir });
  return join(dir, "release");
}

function pythonTree(id) {
  const dir = scratch(id);
  const files = {};
  const modules = ["cli", "config", "db", "models", "views", "forms", "tasks", "mail", "cache", "auth", "api", "utils"];
  for (const pkg of ["shop", "shop/admin", "shop/reports", "shop/billing", "shop/catalogue", "shop/search", "shop/shipping", "shop/stock"]) {
    files[`${pkg}/__init__.py`] = "";
    for (const m of modules) files[`${pkg}/${m}.py`] = `"""${pkg}.${m}."""\n\n\ndef run(value):\n    return value\n`;
  }
  files["shop/admin/forms.py"] = `"""shop.admin.forms."""\n\n\ndef clean(form):\n    if form["email"] = "":\n        return None\n    return form\n`;
  files["shop/reports/tasks.py"] = `"""shop.reports.tasks."""\n\n\ndef schedule(report):\n    return {"report": report, "when": "daily"\n`;
  writeTree(dir, files);
  return dir;
}

const BUILD_MJS = `// Builds the site: renders every page and checks its links.
const pages = ${JSON.stringify(SERVICES.flatMap((s) => [`docs/${s}/index`, `docs/${s}/api`, `docs/${s}/changelog`]))};
let broken = 0;
for (const [i, page] of pages.entries()) {
  console.log(\`render \${page}.md -> dist/\${page}.html (\${1200 + i * 37} bytes)\`);
  if (page === "docs/refunds/api") {
    console.error(\`error: \${page}.md:41: link to docs/refunds/policy.md: no such page\`);
    broken++;
  }
}
console.log(\`\${pages.length} pages rendered\`);
if (broken) {
  console.error(\`\${broken} broken link(s); the site was not written\`);
  process.exit(1);
}
`;

function siteTree(id) {
  const dir = scratch(id);
  writeTree(dir, {
    "package.json": JSON.stringify({ name: "shop-docs", version: "3.2.0", private: true, scripts: { build: "node build.mjs" } }, null, 2) + "\n",
    "build.mjs": BUILD_MJS,
  });
  return dir;
}


const CHECK_SH = `#!/bin/sh
# Checks that every rate in rates.txt is a whole number of basis points.
n=0
while read -r name rate; do
  n=$((n + 1))
  case "$rate" in
    *[!0-9]*) echo "rates.txt:$n: $name has a rate that is not whole basis points: $rate"; exit 1 ;;
  esac
  echo "  ok $name $rate"
done < rates.txt
echo "checked $n rates"
`;

function rebaseRepo(id) {
  const dir = scratch(id);
  const git = (command) => sh(command, { cwd: dir, env: GIT_ENV });
  writeTree(dir, { "check.sh": CHECK_SH, "rates.txt": "standard 1900\n" });
  git("chmod +x check.sh && git init -q -b main && git add -A && git commit -qm 'Rates and their check'");
  git("git checkout -q -b feature/regional-rates");
  SERVICES.forEach((svc, i) => {
    // The 14th commit writes a rate with a decimal point.
    const rate = i === 13 ? "712.5" : String(500 + i * 25);
    sh(`echo "${svc} ${rate}" >> rates.txt`, { cwd: dir });
    git(`git add -A && git commit -qm 'rates: ${svc} at ${rate} basis points'`);
  });
  git("git checkout -q main");
  writeTree(dir, { "README": "Rates in basis points, one per line.\n" });
  git("git add -A && git commit -qm 'Explain the rates file' && git checkout -q feature/regional-rates");
  return dir;
}

export default [
  {
    id: "bash-xtrace-deploy-missing-file",
    program: "bash -x",
    category: "CommandOutput",
    setup: () => deployTree("bash-xtrace-deploy-missing-file"),
    command: "bash -x deploy.sh",
    exitCode: 1,
    versions: ["bash --version | head -n 1"],
    note: "a deploy script (in the capture script) over 20 services; the certificate of one is missing",
    facts: (f) =>
      f
        .errorLines(`grep -E '^cp: cannot stat' "$OUT"`)
        .mustKeep(`grep -E '^rendered ' "$OUT" | tail -n 1`)
        .mustKeep(`grep -E "^\\+ cp certs/search\\.pem" "$OUT"`)
        .count("rendered", `grep -c '^rendered ' "$OUT"`),
  },
  {
    id: "sha256sum-check-failed",
    program: "sha256sum",
    category: "CommandOutput",
    setup: () => releaseTree("sha256sum-check-failed"),
    command: "sha256sum -c SHA256SUMS",
    exitCode: 1,
    versions: ["sha256sum --version | head -n 1"],
    note: "a release tree of 320 files (in the capture script), two edited and one deleted after the sums were taken",
    facts: (f) =>
      f
        .errorLines(`grep -E ': FAILED' "$OUT"`)
        .errorLines(`grep -E '^sha256sum: ' "$OUT"`)
        .count("ok", `grep -c ': OK$' "$OUT"`),
  },
  {
    id: "compileall-syntax-errors",
    program: "compileall",
    category: "CommandOutput",
    setup: () => pythonTree("compileall-syntax-errors"),
    command: "python3 -m compileall shop",
    exitCode: 1,
    versions: ["python3 --version"],
    note: "eight packages of twelve modules (in the capture script); two modules do not parse",
    facts: (f) =>
      f
        .errorLines(`grep -E '^\\*\\*\\*   File ' "$OUT"`)
        .errorLines(`grep -E 'SyntaxError: ' "$OUT"`)
        .count("compiled", `grep -c '^Compiling ' "$OUT"`),
  },
  {
    id: "npm-run-build-failed",
    program: "npm run",
    category: "CommandOutput",
    setup: () => siteTree("npm-run-build-failed"),
    command: "npm run build",
    exitCode: 1,
    versions: ["npm --version", "node --version"],
    note: "a site build (in the capture script) that renders 60 pages and fails on a broken link",
    facts: (f) =>
      f
        .errorLines(`grep -E '^error: ' "$OUT"`)
        .errorLines(`grep -E 'broken link' "$OUT"`)
        .mustKeep(`grep -E '^> shop-docs@' "$OUT"`)
        .count("pages", `grep -c '^render ' "$OUT"`),
  },
  {
    id: "git-rebase-exec-failed",
    program: "git rebase",
    category: "CommandOutput",
    setup: () => rebaseRepo("git-rebase-exec-failed"),
    env: GIT_ENV,
    command: "git rebase --exec ./check.sh main",
    exitCode: 1,
    versions: ["git --version"],
    note: "20 commits with fixed dates (in the capture script) rebased onto main, the check run after each; the 14th fails it",
    facts: (f) =>
      f
        .errorLines(`grep -E '^rates\\.txt:[0-9]+: ' "$OUT"`)
        .errorLines(`grep -E '^warning: execution failed: ' "$OUT"`)
        .mustKeep(`grep -oE 'git rebase --continue' "$OUT" | head -n 1`)
        .count("checks", `grep -o 'Executing: ' "$OUT" | wc -l`),
  },
];
