// Config and data files and query results: YAML, TOML, INI, XML, CSV and TSV files read
// with cat (real files on the machine where there are some, generated ones otherwise),
// sqlite3 and psql query output (a PostgreSQL server on a Unix socket in the scratch
// directory), and streams of concatenated or line-delimited JSON.
import { REPO, scratch, sh, writeTree } from "./lib.mjs";

const GCLOUD_YAML = "/usr/lib/google-cloud-sdk/lib/googlecloudsdk/schemas/compute/v1/BackendService.yaml";
const RUST_MANIFEST = "/root/.rustup/toolchains/stable-x86_64-unknown-linux-gnu/lib/rustlib/multirust-channel-manifest.toml";
const GEMINI_PLAN = "/root/.cache/abridge-agent/peers/@google+gemini-cli-core@0.61.0/node_modules/@google/gemini-cli-core/dist/src/policy/policies/plan.toml";
const NUMPY_CSV = "/root/.pyenv/versions/3.11.7/lib/python3.11/site-packages/numpy/_core/tests/data/umath-validation-set-log2.csv";
const PG_BIN = "/usr/lib/postgresql/15/bin";

/** Orders as CSV (quoted fields, embedded commas and newlines), written by Python's csv module. */
const ORDERS_PY = `import csv, random, sys
random.seed(7)
w = csv.writer(open("orders.csv", "w", newline=""))
w.writerow(["order_id", "customer", "city", "items", "total_eur", "status", "note"])
cities = ["Berlin", "Lyon", "Porto", "Gdańsk", "Malmö", "Zürich"]
for i in range(1, 2501):
    note = "" if i % 11 else f'gift wrap, "fragile"\\nleave at door {i}'
    w.writerow([f"A{i:06d}", f"customer {i % 347}", cities[i % 6], i % 5 + 1, f"{random.randint(500, 99999) / 100:.2f}", ["paid", "shipped", "refunded"][i % 3], note])
`;

const SQLITE_PY = `import random, sqlite3
random.seed(11)
db = sqlite3.connect("shop.db")
db.executescript("""
CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT, country TEXT);
CREATE TABLE orders (id INTEGER PRIMARY KEY, customer_id INTEGER REFERENCES customers, total_cents INTEGER, status TEXT, placed_at TEXT);
""")
countries = ["DE", "FR", "PT", "PL", "SE", "CH"]
db.executemany("INSERT INTO customers VALUES (?, ?, ?)", [(i, f"customer {i}", countries[i % 6]) for i in range(1, 401)])
db.executemany("INSERT INTO orders VALUES (?, ?, ?, ?, ?)", [(i, i % 400 + 1, random.randint(500, 99999), ["paid", "shipped", "refunded", "failed"][i % 4], f"2024-{i % 12 + 1:02d}-{i % 28 + 1:02d}") for i in range(1, 6001)])
db.commit()
`;

const REPORT_SQL = `.headers on
.mode column
SELECT country, COUNT(*) AS customers FROM customers GROUP BY country ORDER BY country;
SELECT status, COUNT(*) AS orders, SUM(total_cents) AS cents FROM orders GROUP BY status;
SELECT c.country, o.status, SUM(o.totl_cents) FROM orders o JOIN customers c ON c.id = o.customer_id GROUP BY 1, 2;
SELECT id, customer_id, total_cents, placed_at FROM orders WHERE status = 'failed' ORDER BY total_cents DESC LIMIT 40;
`;

/** Deployment runs as a JSON array, as a CI system's API returns them: two of 240 failed. */
const RUNS_PY = `import json, random
random.seed(5)
services = ["checkout", "catalog", "billing", "search", "ledger", "mailer"]
regions = ["eu-west-1", "eu-central-1", "us-east-1"]
failed = {87: "health check timed out after 120s on checkout-7f9c4 (3 of 3 probes)", 193: "image pull failed: manifest for registry.local/ledger:2.4.1 not found"}
runs = []
for i in range(1, 241):
    runs.append({
        "id": 5000 + i,
        "service": services[i % 6],
        "region": regions[i % 3],
        "commit": "%07x" % random.getrandbits(28),
        "started_at": "2024-03-%02dT%02d:%02d:00Z" % (i % 28 + 1, i % 24, i * 7 % 60),
        "duration_s": random.randint(40, 300),
        "status": "failed" if i in failed else "succeeded",
        "error": failed.get(i),
        "replicas": {"desired": 3, "ready": 0 if i in failed else 3},
    })
json.dump(runs, open("runs.json", "w"))
`;

const PG_SEED = `CREATE DATABASE shop;
\\c shop
CREATE TABLE customers (id int PRIMARY KEY, name text, country text);
CREATE TABLE orders (id int PRIMARY KEY, customer_id int REFERENCES customers, total_cents int, status text, placed_at date);
INSERT INTO customers SELECT i, 'customer ' || i, (ARRAY['DE','FR','PT','PL','SE','CH'])[i % 6 + 1] FROM generate_series(1, 400) i;
INSERT INTO orders SELECT i, i % 400 + 1, (i * 7919) % 99500 + 500, (ARRAY['paid','shipped','refunded','failed'])[i % 4 + 1], date '2024-01-01' + (i % 366) FROM generate_series(1, 6000) i;
`;

const PG_REPORT = `\\echo monthly report
SELECT date_trunc('month', placed_at)::date AS month, status, count(*) AS orders, sum(total_cents) AS cents
FROM orders GROUP BY 1, 2 ORDER BY 1, 2;
SELECT c.country, sum(o.totl_cents) FROM orders o JOIN customers c ON c.id = o.customer_id GROUP BY 1;
SELECT country, count(*) FROM customers GROUP BY 1 ORDER BY 1;
`;

/** A PostgreSQL cluster on a Unix socket in `dir` (postgres refuses to run as root). */
let pgDir;
function postgres(id) {
  const dir = scratch(id);
  writeTree(dir, { "seed.sql": PG_SEED, "report.sql": PG_REPORT });
  sh(`chown -R postgres "${dir}" && runuser -u postgres -- ${PG_BIN}/initdb -D "${dir}/data" -A trust -U postgres >/dev/null`);
  sh(`runuser -u postgres -- ${PG_BIN}/pg_ctl -D "${dir}/data" -o "-k ${dir} -c listen_addresses=''" -l "${dir}/server.log" -w start >/dev/null`);
  sh(`psql -q -h "${dir}" -U postgres -f seed.sql >/dev/null`, { cwd: dir });
  pgDir = dir;
  return dir;
}
function postgresDown() {
  if (pgDir) sh(`runuser -u postgres -- ${PG_BIN}/pg_ctl -D "${pgDir}/data" -m fast stop >/dev/null`, { allowFail: true });
  pgDir = undefined;
}

function goPackages(id) {
  const dir = scratch(id);
  const files = { "go.mod": "module example.test/shop\n\ngo 1.19\n" };
  for (const pkg of ["cart", "pricing", "inventory", "shipping", "tax", "report"]) {
    files[`${pkg}/${pkg}.go`] = `// Package ${pkg} is part of the shop.\npackage ${pkg}\n\nimport (\n\t"fmt"\n\t"strings"\n)\n\n// Name names the package.\nfunc Name() string { return strings.ToUpper(fmt.Sprint("${pkg}")) }\n`;
  }
  writeTree(dir, files);
  return dir;
}

const topKeys = `grep -E '^[A-Za-z_$][A-Za-z0-9_$-]*:' "$OUT" | cut -d: -f1`;

export default [
  {
    id: "cat-yaml-gcloud-schema",
    program: "file:yaml",
    category: "FileContent",
    cwd: "/",
    command: `cat ${GCLOUD_YAML}`,
    exitCode: 0,
    versions: ["gcloud --version 2>/dev/null | head -n 1"],
    note: "a JSON schema in YAML shipped with the Google Cloud SDK",
    facts: (f) =>
      f
        .mustKeep(topKeys)
        .count("lines", `wc -l < "$OUT"`),
  },
  {
    id: "cat-yaml-github-workflow",
    program: "file:yaml",
    category: "FileContent",
    cwd: "/root/.pyenv",
    command: "cat .github/workflows/modified_scripts_build.yml",
    exitCode: 0,
    versions: ["git -C /root/.pyenv describe --tags 2>/dev/null || echo pyenv"],
    note: "pyenv's own workflow file",
    facts: (f) =>
      f
        .mustKeep(topKeys)
        .mustKeep(`grep -oE '^  [a-z_-]+:$' "$OUT" | sed 's/^ *//; s/:$//' | head -n 3`),
  },
  {
    id: "cat-toml-rust-channel-manifest",
    program: "file:toml",
    category: "FileContent",
    cwd: "/",
    command: `cat ${RUST_MANIFEST}`,
    exitCode: 0,
    versions: ["rustc --version"],
    note: "rustup's manifest of the installed stable channel (close to 1 MB)",
    facts: (f) =>
      f
        .mustKeep(`grep -E '^(manifest-version|date) = ' "$OUT"`)
        .count("tables", `grep -cE '^\\[' "$OUT"`)
        .count("lines", `wc -l < "$OUT"`),
  },
  {
    id: "cat-toml-gemini-policy",
    program: "file:toml",
    category: "FileContent",
    cwd: "/",
    command: `cat ${GEMINI_PLAN}`,
    exitCode: 0,
    versions: ["echo '@google/gemini-cli-core 0.61.0'"],
    note: "a policy file shipped with @google/gemini-cli-core",
    facts: (f) =>
      f
        .count("rules", `grep -cE '^\\[\\[' "$OUT"`)
        .count("lines", `wc -l < "$OUT"`),
  },
  {
    id: "cat-ini-php",
    program: "file:ini",
    category: "FileContent",
    cwd: "/",
    command: "cat /etc/php/8.2/cli/php.ini",
    exitCode: 0,
    versions: ["php --version | head -n 1"],
    note: "Debian's php.ini for the CLI",
    facts: (f) =>
      f
        .mustKeep(`grep -E '^\\[[A-Za-z ]+\\]$' "$OUT" | head -n 8`)
        .mustKeep(`grep -E '^(memory_limit|error_reporting|display_errors) = ' "$OUT"`)
        .count("sections", `grep -cE '^\\[' "$OUT"`),
  },
  {
    id: "cat-xml-iso-3166",
    program: "file:xml",
    category: "FileContent",
    cwd: "/usr/share/xml/iso-codes",
    command: "cat iso_3166-1.xml",
    exitCode: 0,
    versions: ["dpkg-query -W -f='iso-codes ${Version}' iso-codes"],
    note: "Debian's iso-codes country list",
    facts: (f) =>
      f
        .mustKeep(`grep -oE '<iso_3166_entries>|</iso_3166_entries>' "$OUT" | sort -u`)
        .count("entries", `grep -c '<iso_3166_entry' "$OUT"`),
  },
  {
    id: "cat-xml-maven-settings",
    program: "file:xml",
    category: "FileContent",
    cwd: "/etc/maven",
    command: "cat settings.xml",
    exitCode: 0,
    versions: ["mvn --version 2>/dev/null | head -n 1"],
    note: "Debian's Maven settings: almost all of it is comments",
    facts: (f) =>
      f
        .mustKeep(`grep -oE '<(settings|localRepository|pluginGroups|proxies|servers|mirrors|profiles)\\b' "$OUT" | sort -u`)
        .count("lines", `wc -l < "$OUT"`),
  },
  {
    id: "cat-csv-numpy-validation",
    program: "file:csv",
    category: "FileContent",
    cwd: "/",
    command: `cat ${NUMPY_CSV}`,
    exitCode: 0,
    versions: ["python3 -c 'import numpy; print(\"numpy\", numpy.__version__)'"],
    note: "a numeric validation table shipped with numpy",
    facts: (f) =>
      f
        .mustKeep(`grep -vE '^\\$' "$OUT" | head -n 1`)
        .count("rows", `grep -cvE '^\\$|^dtype' "$OUT"`),
  },
  {
    id: "cat-csv-orders-quoted",
    program: "file:csv",
    category: "FileContent",
    setup: () => {
      const dir = scratch("cat-csv-orders-quoted");
      writeTree(dir, { "make_orders.py": ORDERS_PY });
      sh("python3 make_orders.py", { cwd: dir });
      return dir;
    },
    command: "cat orders.csv",
    exitCode: 0,
    versions: ["python3 --version"],
    note: "2,500 orders written by Python's csv module (make_orders.py in the capture script): quoted notes with commas and newlines",
    facts: (f) =>
      f
        .mustKeep(`head -n 1 "$OUT"`)
        .count("records", `python3 -c 'import csv,sys; print(sum(1 for _ in csv.reader(open(sys.argv[1], newline=""))) - 1)' "$OUT"`)
        .count("lines", `wc -l < "$OUT"`),
  },
  {
    id: "cat-tsv-go-testdata",
    program: "file:tsv",
    category: "FileContent",
    cwd: "/usr/share/go-1.19/src/cmd/go/internal/modconv/testdata",
    command: "cat juju.tsv",
    exitCode: 0,
    versions: ["go version"],
    note: "a dependencies.tsv from Go's own test data",
    facts: (f) => f.count("rows", `grep -c '' "$OUT"`),
  },
  {
    id: "dpkg-query-tsv",
    program: "dpkg-query",
    category: "CommandOutput",
    cwd: "/",
    command: "dpkg-query -W -f='${Package}\\t${Version}\\t${Installed-Size}\\n'",
    exitCode: 0,
    versions: ["dpkg --version | head -n 1"],
    note: "tab-separated package list of this machine at capture time",
    facts: (f) =>
      f
        .mustKeep(`grep -P '^(gcc-12|valgrind)\\t' "$OUT"`)
        .count("rows", `grep -c '' "$OUT"`),
  },
  {
    id: "sqlite3-column-report-error",
    program: "sqlite3",
    category: "CommandOutput",
    setup: () => {
      const dir = scratch("sqlite3-column-report-error");
      writeTree(dir, { "make_db.py": SQLITE_PY, "report.sql": REPORT_SQL });
      sh("python3 make_db.py", { cwd: dir });
      return dir;
    },
    command: "sqlite3 shop.db < report.sql",
    versions: ["sqlite3 --version"],
    note: "four queries; the third names a column that does not exist, sqlite3 goes on",
    facts: (f) =>
      f
        .errorLines(`grep -E '^(Parse error|Error)' "$OUT"`)
        .count("failedOrders", `sqlite3 shop.db "SELECT COUNT(*) FROM orders WHERE status='failed'"`),
  },
  {
    id: "sqlite3-box-query",
    program: "sqlite3",
    category: "CommandOutput",
    setup: () => {
      const dir = scratch("sqlite3-box-query");
      writeTree(dir, { "make_db.py": SQLITE_PY });
      sh("python3 make_db.py", { cwd: dir });
      return dir;
    },
    command: `sqlite3 -box shop.db "SELECT o.id, c.name, c.country, o.total_cents, o.status, o.placed_at FROM orders o JOIN customers c ON c.id = o.customer_id WHERE o.status = 'failed' ORDER BY o.total_cents DESC"`,
    exitCode: 0,
    versions: ["sqlite3 --version"],
    note: "1,500 rows in box drawing; some rows say failed, which is data, not an error",
    facts: (f) =>
      f
        .count("rows", `sqlite3 shop.db "SELECT COUNT(*) FROM orders WHERE status='failed'"`)
        .mustKeep(`sed -n 2p "$OUT"`),
  },
  {
    id: "psql-aligned-query",
    program: "psql",
    category: "CommandOutput",
    setup: () => postgres("psql-aligned-query"),
    teardown: postgresDown,
    command: `psql -h "$PWD" -U postgres -d shop -c "SELECT o.id, c.name, c.country, o.total_cents, o.status, o.placed_at FROM orders o JOIN customers c ON c.id = o.customer_id WHERE o.total_cents > 90000 ORDER BY o.id"`,
    exitCode: 0,
    versions: ["psql --version"],
    note: "PostgreSQL 15 from Debian on a Unix socket in the scratch directory; seed.sql (in the capture script) makes 6,000 orders",
    facts: (f) => f.mustKeep(`grep -E '^\\([0-9]+ rows\\)$' "$OUT"`),
  },
  {
    id: "psql-script-error",
    program: "psql",
    category: "CommandOutput",
    setup: () => postgres("psql-script-error"),
    teardown: postgresDown,
    command: `psql -h "$PWD" -U postgres -d shop -f report.sql`,
    exitCode: 0,
    versions: ["psql --version"],
    note: "three queries; the second names a column that does not exist; psql goes on and exits 0",
    facts: (f) =>
      f
        .errorLines(`grep -E '^psql:report.sql:[0-9]+: ERROR: ' "$OUT"`)
        .mustKeep(`grep -E '^\\([0-9]+ rows\\)$' "$OUT"`),
  },
  {
    id: "go-list-json-concatenated",
    program: "go list",
    category: "StructuredData",
    setup: () => goPackages("go-list-json-concatenated"),
    command: "go list -json ./...",
    exitCode: 0,
    env: { GOPROXY: "off" },
    versions: ["go version"],
    note: "six packages: six pretty-printed JSON objects one after the other, not an array",
    facts: (f) =>
      f
        .mustKeep(`jq -r '.ImportPath' "$OUT"`)
        .count("objects", `jq -s length "$OUT"`),
  },
  {
    id: "jq-stream-deploy-runs",
    program: "jq",
    category: "StructuredData",
    setup: () => {
      const dir = scratch("jq-stream-deploy-runs");
      writeTree(dir, { "make_runs.py": RUNS_PY });
      sh("python3 make_runs.py", { cwd: dir });
      return dir;
    },
    command: "jq '.[]' runs.json",
    exitCode: 0,
    versions: ["jq --version", "python3 --version"],
    note: "240 deployment runs (make_runs.py in the capture script), one pretty-printed object each, one after the other: two failed",
    facts: (f) =>
      f
        .mustKeep(`jq -r 'select(.status == "failed") | .error' "$OUT"`)
        .count("objects", `jq -s length "$OUT"`)
        .count("failed", `jq -s 'map(select(.status == "failed")) | length' "$OUT"`),
  },
  {
    id: "jq-lockfile-objects",
    program: "jq",
    category: "StructuredData",
    cwd: REPO,
    command: `jq '.packages["node_modules/undici"], .packages["node_modules/vitest"], .packages["node_modules/typescript"], .packages["node_modules/assemblyscript"]' package-lock.json`,
    exitCode: 0,
    versions: ["jq --version"],
    note: "four objects from this repository's lockfile, one after the other; depends on the commit",
    facts: (f) =>
      f
        .mustKeep(`jq -r '.version' "$OUT"`)
        .count("objects", `jq -s length "$OUT"`),
  },
];
