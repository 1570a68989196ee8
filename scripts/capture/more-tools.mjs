// Checkers, runners, profilers and build tools the other captures lack, each over a small project
// whose finding or failure sits among many clean results: pyright over a typed Python package, Biome
// and JSHint over JavaScript sources, cucumber-js with failing steps among passing scenarios, cram
// tests whose output changed, hyperfine over commands one of which fails, visudo -c over a sudoers
// tree, rsyslogd -N1 over a logging configuration, unbound-checkconf over a resolver's configuration,
// bmake -k over a C project with compile errors, and GNU CLISP stopping on an error after a log.
import { existsSync, mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { SCRATCH, scratch, sh, writeTree } from "./lib.mjs";

const AREAS = ["cart", "pricing", "stock", "tax", "ledger", "shipping", "returns", "coupons"];
const MODULES = [...AREAS, "accounts", "billing", "currency", "invoices", "payments", "refunds"];
const cap = (s) => s[0].toUpperCase() + s.slice(1);

/** Node tools these captures add to the shared ones (lib.mjs), installed once from the npm registry. */
const MORE_NODE_TOOLS = join(SCRATCH, "_more-node-tools");
const MORE_NODE_PACKAGES = ["pyright@1.1.414", "@biomejs/biome@1.9.4", "jshint@2.13.6", "@cucumber/cucumber@11.3.0"];
const MORE_NODE_BINS = ["pyright", "biome", "jshint", "cucumber-js"];
function moreNodeTools() {
  if (!MORE_NODE_BINS.every((bin) => existsSync(join(MORE_NODE_TOOLS, "node_modules/.bin", bin)))) {
    mkdirSync(MORE_NODE_TOOLS, { recursive: true });
    writeFileSync(join(MORE_NODE_TOOLS, "package.json"), '{ "name": "more-node-tools", "private": true }\n');
    sh(`npm install --no-audit --no-fund ${MORE_NODE_PACKAGES.join(" ")}`, { cwd: MORE_NODE_TOOLS });
  }
  return join(MORE_NODE_TOOLS, "node_modules");
}

/** Lets `npx` in a project find the tools. */
function linkNodeTools(dir) {
  symlinkSync(moreNodeTools(), join(dir, "node_modules"));
  return dir;
}

/** A typed Python package: most modules check clean, a few pass wrong types, read Optional values and call missing names. */
function pyrightProject(id) {
  const dir = scratch(id);
  const files = { "pyrightconfig.json": '{ "include": ["shop"], "typeCheckingMode": "standard" }\n', "shop/__init__.py": "" };
  for (const [i, area] of MODULES.entries()) {
    const T = cap(area);
    let extra = "";
    if (i % 3 === 0) {
      extra += `
def cheapest(rows: list[${T}Row]) -> ${T}Row:
    for row in rows:
        if row.qty > 0:
            best = row
    return best
`;
    }
    if (area === "stock") {
      extra += `
def restock(levels: dict[str, int], sku: str) -> int:
    found = find_${area}(sku)
    return levels[sku] + found.qty


def label(row: ${T}Row) -> str:
    return row.name.upper() + row.qty
`;
    }
    if (area === "ledger") {
      extra += `
def balance(rows: list[${T}Row]) -> Decimal:
    return sum_rows(rows)


def post(rows: list[${T}Row], amount: str) -> None:
    rows.append(${T}Row("posting", amount, Decimal(amount)))
`;
    }
    if (area === "invoices") {
      extra += `
def due(rows: list[${T}Row]) -> int:
    print(rows[0].nmae)
    return len(rows)


def render(row: ${T}Row) -> str:
    row.price + 1
    return f"{row.name}: {row.total()}"
`;
    }
    files[`shop/${area}.py`] = `"""${T} rows and their totals."""
from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Optional


@dataclass
class ${T}Row:
    name: str
    qty: int
    price: Decimal

    def total(self) -> Decimal:
        return self.price * self.qty * Decimal("${1 + (i % 5) / 10}")


_ROWS: dict[str, ${T}Row] = {}


def find_${area}(sku: str) -> Optional[${T}Row]:
    return _ROWS.get(sku)


def add_${area}(name: str, qty: int, price: Decimal) -> ${T}Row:
    row = ${T}Row(name, qty, price)
    _ROWS[name] = row
    return row


def total_${area}(rows: list[${T}Row]) -> Decimal:
    return sum((r.total() for r in rows), Decimal(0))
${extra}`;
  }
  writeTree(dir, files);
  return dir;
}

/** JavaScript sources with the faults Biome's recommended rules and its parser report, in a few files among clean ones. */
function biomeProject(id) {
  const dir = scratch(id);
  const files = { "biome.json": '{ "formatter": { "enabled": false }, "organizeImports": { "enabled": false } }\n' };
  for (const [i, area] of MODULES.entries()) {
    let body = `export function total${cap(area)}(rows) {
  let sum = 0;
  for (const row of rows) {
    sum += row.qty * row.price;
  }
  return sum * ${1 + (i % 4) / 10};
}

export function find${cap(area)}(rows, sku) {
  return rows.find((row) => row.sku === sku);
}
`;
    if (area === "pricing") body += `\nexport function discount(row) {\n  if (row.code == "VIP") {\n    return row.price * 0.9;\n  }\n  return row.price;\n}\n`;
    if (area === "tax") body += `\nexport function rate(region) {\n  var table = { eu: 20, us: 7, eu: 19 };\n  debugger;\n  return table[region];\n}\n`;
    if (area === "shipping") body += `\nexport function weight(parcel) {\n  if (parcel.kg = 0) {\n    return 0;\n  }\n  return parcel.kg;\n}\n`;
    if (area === "invoices") body += `\nexport function due(invoice {\n  return invoice.date;\n}\n`;
    if (area === "payments") body += `\nexport function settle(payment) {\n  if (isNaN(payment.amount)) {\n    return null;\n  }\n  return !!payment.ok ? payment : null;\n}\n`;
    files[`src/${area}.js`] = body;
  }
  writeTree(dir, files);
  return dir;
}

/** Browser scripts of a shop, checked by JSHint with undefined names, strict equality and curly braces required. */
function jshintProject(id) {
  const dir = scratch(id);
  const files = { ".jshintrc": '{ "undef": true, "unused": true, "eqeqeq": true, "curly": true, "browser": true, "esversion": 6 }\n' };
  for (const [i, area] of MODULES.entries()) {
    const lines = [`/* exported render${cap(area)} */`, `function render${cap(area)}(rows) {`, `  var out = [];`];
    lines.push(`  for (var i = 0; i < rows.length; i++) {`);
    lines.push(`    out.push("<li>" + rows[i].name + ": " + (rows[i].qty * rows[i].price).toFixed(2) + "</li>");`);
    lines.push(`  }`);
    if (i % 4 === 1) lines.push(`  if (out.length == 0) return "<p>none</p>";`);
    if (i % 5 === 2) lines.push(`  var unusedTotal = ${i};`);
    if (area === "ledger") lines.push(`  total = rows.length`, `  console.log(formatMoney(total));`);
    if (area === "payments") lines.push(`  var el = document.getElementById("pay"),`, `  el.innerHTML = out.join("");`);
    lines.push(`  return "<ul>" + out.join("") + "</ul>";`, `}`, ``);
    files[`public/js/${area}.js`] = lines.join("\n");
  }
  writeTree(dir, files);
  return dir;
}

/** Gherkin features of a shop's checkout with step definitions: two scenarios fail, one step is undefined. */
function cucumberProject(id) {
  const dir = scratch(id);
  const files = {
    "package.json": '{ "name": "checkout-features", "private": true, "type": "commonjs" }\n',
    "features/support/steps.js": `const assert = require("node:assert");
const { Given, When, Then } = require("@cucumber/cucumber");

const PRICES = { apple: 0.5, bread: 2.25, milk: 1.1, coffee: 7.9, cheese: 4.35, tea: 3.2 };

Given("an empty cart", function () {
  this.cart = [];
});

Given("a cart with {int} {word}", function (qty, item) {
  this.cart = [{ item, qty }];
});

When("I add {int} {word}", function (qty, item) {
  this.cart.push({ item, qty });
});

When("I apply the code {string}", function (code) {
  this.code = code;
});

Then("the total is {float}", function (expected) {
  let total = this.cart.reduce((sum, line) => sum + PRICES[line.item] * line.qty, 0);
  if (this.code === "TENOFF") total = total * 0.9;
  if (this.code === "FREESHIP") total = total - 4.95;
  assert.strictEqual(Math.round(total * 100) / 100, expected);
});

Then("the cart has {int} lines", function (n) {
  assert.strictEqual(this.cart.length, n);
});
`,
  };
  const items = Object.keys({ apple: 0, bread: 0, milk: 0, coffee: 0, cheese: 0, tea: 0 });
  const prices = { apple: 0.5, bread: 2.25, milk: 1.1, coffee: 7.9, cheese: 4.35, tea: 3.2 };
  for (const [f, feature] of ["cart", "discounts", "shipping", "stock"].entries()) {
    const scenarios = [];
    for (let k = 0; k < 6; k++) {
      const a = items[(f + k) % 6];
      const b = items[(f + 2 * k + 1) % 6];
      const qa = k + 1;
      const qb = (k % 3) + 1;
      let total = Math.round((prices[a] * qa + prices[b] * qb) * 100) / 100;
      let code = "";
      if (feature === "discounts") {
        code = `    And I apply the code "TENOFF"\n`;
        total = Math.round(total * 0.9 * 100) / 100;
        if (k === 3) total = Math.round((total + 0.5) * 100) / 100;
      }
      const steps = [`    Given a cart with ${qa} ${a}`, `    When I add ${qb} ${b}`];
      if (code) steps.push(code.trimEnd());
      if (feature === "shipping" && k === 4) steps.push(`    And I choose express delivery`);
      steps.push(`    Then the total is ${total}`, `    And the cart has ${feature === "stock" && k === 2 ? 3 : 2} lines`);
      scenarios.push(`  Scenario: ${qa} ${a} and ${qb} ${b}\n${steps.join("\n")}`);
    }
    files[`features/${feature}.feature`] = `Feature: ${cap(feature)}\n\n${scenarios.join("\n\n")}\n`;
  }
  writeTree(dir, files);
  return linkNodeTools(dir);
}

/** Cram tests of a small command-line tool: most transcripts match, two do not after a change of output. */
function cramProject(id) {
  const dir = scratch(id);
  const files = {
    "bin/invtool": `#!/bin/sh
# Prints inventory reports from a whitespace-separated file: sku qty price.
cmd=$1; shift
case "$cmd" in
  count) wc -l < "$1" | tr -d ' ' ;;
  total) awk '{ s += $2 * $3 } END { printf "total %.2f\\n", s }' "$1" ;;
  low) awk -v n="$2" '$2 < n { print "low", $1, $2 }' "$1" ;;
  skus) awk '{ print $1 }' "$1" | sort ;;
  max) sort -k3 -n -r "$1" | head -n 1 | awk '{ print "max", $1, $3 }' ;;
  *) echo "invtool: unknown command: $cmd" >&2; exit 2 ;;
esac
`,
  };
  const rows = MODULES.map((m, i) => `${m}-${100 + i} ${(i * 7) % 13} ${((i * 37) % 90) + 10}.${String((i * 13) % 100).padStart(2, "0")}`);
  const inv = rows.join("\n") + "\n";
  const total = rows.reduce((s, r) => { const [, q, p] = r.split(" "); return s + Number(q) * Number(p); }, 0);
  const tests = {
    count: ["  $ invtool count inv.txt", `  ${rows.length}`],
    total: ["  $ invtool total inv.txt", `  total ${(total + 10).toFixed(2)}`],
    low: ["  $ invtool low inv.txt 3", ...rows.filter((r) => Number(r.split(" ")[1]) < 3).map((r) => `  low ${r.split(" ")[0]} ${r.split(" ")[1]}`)],
    skus: ["  $ invtool skus inv.txt", ...rows.map((r) => r.split(" ")[0]).sort().map((s) => `  ${s}`)],
    max: ["  $ invtool max inv.txt", "  max payments-112 99.00"],
    unknown: ["  $ invtool sum inv.txt", "  invtool: unknown command: sum", "  [2]"],
  };
  for (const [name, body] of Object.entries(tests)) {
    files[`tests/${name}.t`] = `Reports over the sample inventory:\n\n  $ cat > inv.txt <<'EOF'\n${rows.map((r) => `  > ${r}`).join("\n")}\n  > EOF\n\n${body.join("\n")}\n`;
  }
  files["inv.txt"] = inv;
  writeTree(dir, files);
  sh("chmod +x bin/invtool", { cwd: dir });
  return dir;
}

/** Data files and scripts for hyperfine to compare: five ways to total a file, one of which fails on it. */
function hyperfineProject(id) {
  const dir = scratch(id);
  const rows = [];
  for (let i = 1; i <= 20000; i++) rows.push(`${1000 + i},${MODULES[i % MODULES.length]},${(i % 7) + 1},${((i * 37) % 90) + 10}.${String((i * 13) % 100).padStart(2, "0")}`);
  writeTree(dir, {
    "orders.csv": rows.join("\n") + "\n",
    "total.py": `import csv, sys\nprint(sum(int(r[2]) * float(r[3]) for r in csv.reader(open(sys.argv[1]))))\n`,
    "total_strict.py": `import sys\nfrom decimal import Decimal\ntotal = Decimal(0)\nfor line in open(sys.argv[1]):\n    sku, area, qty, price = line.rstrip("\\n").split(";")\n    total += int(qty) * Decimal(price)\nprint(total)\n`,
  });
  return dir;
}

/** A sudoers file with an include directory: every drop-in parses, one names a command alias nobody defined. */
function visudoProject(id) {
  const dir = scratch(id);
  const files = {
    sudoers: `Defaults env_reset
Defaults secure_path="/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"
Defaults use_pty

root ALL=(ALL:ALL) ALL
%sudo ALL=(ALL:ALL) ALL

@includedir ${dir}/sudoers.d
`,
  };
  for (const [i, area] of MODULES.entries()) {
    let rule = `Cmnd_Alias ${area.toUpperCase()}_SVC = /usr/bin/systemctl restart ${area}, /usr/bin/systemctl status ${area}\n%${area}-ops ALL=(root) NOPASSWD: ${area.toUpperCase()}_SVC\n`;
    if (area === "payments") rule = `%payments-ops ALL=(root) NOPASSWD: PAYMENT_SVC\n`;
    files[`sudoers.d/${String(10 + i * 5).padStart(2, "0")}-${area}`] = rule;
  }
  writeTree(dir, files);
  sh("chmod 0440 sudoers sudoers.d/*", { cwd: dir });
  return dir;
}

/** An rsyslog configuration split over drop-ins: one has a bad escape, one an unknown parameter, one a bad action type. */
function rsyslogProject(id) {
  const dir = scratch(id);
  const files = {
    "rsyslog.conf": `global(workDirectory="${dir}/spool")
module(load="imfile")

template(name="json" type="list") {
  constant(value="{\\"time\\":\\"")
  property(name="timereported" dateFormat="rfc3339")
  constant(value="\\",\\"msg\\":\\"")
  property(name="msg" format="json")
  constant(value="\\"}\\n")
}

include(file="${dir}/rsyslog.d/*.conf")
`,
  };
  for (const [i, area] of MODULES.entries()) {
    let conf = `input(type="imfile" File="/var/log/shop/${area}.log" Tag="${area}" Severity="info")
if $programname == "${area}" then {
  action(type="omfile" file="/var/log/shop/${area}.json" template="json")
  stop
}
`;
    if (area === "tax") conf = conf.replace('Severity="info"', 'Severity="info" PollInterval="5"');
    if (area === "invoices") conf = conf.replace('"omfile"', '"omfiles"');
    if (area === "payments") conf = conf.replace(`== "${area}"`, `== "pay\\ments"`);
    files[`rsyslog.d/${String(10 + i * 5).padStart(2, "0")}-${area}.conf`] = conf;
  }
  writeTree(dir, files);
  sh("mkdir -p spool", { cwd: dir });
  return dir;
}

/** An unbound resolver configuration with local zones for each service: one record has an address out of range. */
function unboundProject(id) {
  const dir = scratch(id);
  const zones = MODULES.map((m, i) => {
    let data = `    local-data: "${m}.shop.internal. 300 IN A 10.0.${i}.10"\n    local-data: "${m}-db.shop.internal. 300 IN A 10.0.${i}.20"`;
    if (m === "ledger") data += `\n    local-data: "ledger-cache.shop.internal. 300 IN A 10.0.4.300"`;
    if (m === "payments") data += `\n    local-data: "payments-api.shop.internal 300 IN CNAME"`;
    return `    local-zone: "${m}.shop.internal." static\n${data}`;
  });
  writeTree(dir, {
    "unbound.conf": `server:
    interface: 127.0.0.1
    port: 5353
    do-ip6: no
    directory: "${dir}"
    username: ""
    chroot: ""
    pidfile: "${dir}/unbound.pid"
    access-control: 127.0.0.0/8 allow
    cache-max-ttl: 86400
    verbosity: 1

${zones.join("\n\n")}

forward-zone:
    name: "."
    forward-addr: 192.0.2.53
`,
  });
  return dir;
}

/** A C project built by BSD make with -k: most objects compile, two sources have errors, one a warning. */
function bmakeProject(id) {
  const dir = scratch(id);
  const files = {
    Makefile: `CC= gcc
CFLAGS= -Wall -O2 -Iinclude
SRCS= ${MODULES.map((m) => `src/${m}.c`).join(" ")}
OBJS= \${SRCS:.c=.o}

all: shopd

shopd: \${OBJS} src/main.o
\t\${CC} -o \${.TARGET} \${.ALLSRC}

.c.o:
\t\${CC} \${CFLAGS} -c \${.IMPSRC} -o \${.TARGET}

clean:
\trm -f shopd src/*.o
`,
    "include/shop.h": `#ifndef SHOP_H\n#define SHOP_H\nstruct row { const char *name; int qty; double price; };\n${MODULES.map((m) => `double ${m}_total(const struct row *rows, int n);`).join("\n")}\n#endif\n`,
    "src/main.c": `#include <stdio.h>\n#include "shop.h"\n\nint main(void)\n{\n    struct row rows[] = { { "a", 1, 2.5 }, { "b", 3, 1.25 } };\n${MODULES.map((m) => `    printf("${m} %.2f\\n", ${m}_total(rows, 2));`).join("\n")}\n    return 0;\n}\n`,
  };
  for (const [i, m] of MODULES.entries()) {
    let body = `    double sum = 0;\n    for (int i = 0; i < n; i++)\n        sum += rows[i].qty * rows[i].price;\n    return sum * ${1 + (i % 4) / 10};`;
    if (m === "tax") body = `    double sum = 0;\n    int unused;\n    for (int i = 0; i < n; i++)\n        sum += rows[i].qty * rows[i].price;\n    return sum * 1.2;`;
    if (m === "shipping") body = `    double sum = 0;\n    for (int i = 0; i < n; i++)\n        sum += rows[i].qty * rows[i].weight;\n    return sum;`;
    if (m === "invoices") body = `    double sum = 0\n    for (int i = 0; i < n; i++)\n        sum += rows[i].qty * rows[i].price;\n    return sum;`;
    files[`src/${m}.c`] = `#include "shop.h"\n\ndouble ${m}_total(const struct row *rows, int n)\n{\n${body}\n}\n`;
  }
  writeTree(dir, files);
  return dir;
}

/** A Common Lisp report over order records that logs each order, then meets an area its price table lacks. */
function clispProject(id) {
  const dir = scratch(id);
  const rows = [];
  for (let i = 1; i <= 110; i++) rows.push(`${1000 + i} ${i === 83 ? "refunds" : MODULES[(i * 5) % (MODULES.length - 1)]} ${(i % 7) + 1}`);
  writeTree(dir, {
    "orders.txt": rows.join("\n") + "\n",
    "report.lisp": `(defparameter *prices* (make-hash-table :test #'equal))
${MODULES.slice(0, -1).map((m, i) => `(setf (gethash "${m}" *prices*) ${i + 3})`).join("\n")}

(defun split-fields (line)
  (loop with start = 0
        for pos = (position #\\Space line :start start)
        collect (subseq line start pos)
        while pos do (setf start (1+ pos))))

(defun order-total (fields)
  (* (parse-integer (third fields)) (gethash (second fields) *prices*)))

(with-open-file (in "orders.txt")
  (loop with sum = 0
        for line = (read-line in nil)
        for n from 0
        while line
        do (let* ((fields (split-fields line))
                  (total (order-total fields)))
             (incf sum total)
             (format t "order ~a ~a total ~a running ~a~%" (first fields) (second fields) total sum))
        finally (format t "~a orders, ~a units in total~%" n sum)))
`,
  });
  return dir;
}

export default [
  {
    id: "pyright-typed-package",
    program: "pyright",
    category: "CommandOutput",
    setup: () => linkNodeTools(pyrightProject("pyright-typed-package")),
    command: "npx pyright",
    exitCode: 1,
    versions: ["npx pyright --version"],
    facts: (f) =>
      f
        .errorLines(`grep -E ' - error: ' "$OUT" | sed -E 's/^\\s+//'`)
        .mustKeep(`grep -E '^[0-9]+ errors?, ' "$OUT"`)
        .count("warnings", `grep -cE ' - warning: ' "$OUT"`),
  },
  {
    id: "biome-lint-sources",
    program: "biome",
    category: "CommandOutput",
    setup: () => linkNodeTools(biomeProject("biome-lint-sources")),
    command: "npx biome lint --colors=off --max-diagnostics=100 src",
    exitCode: 1,
    versions: ["npx biome --version"],
    note: "the time the check took varies",
    facts: (f) =>
      f
        .errorLines(`grep -oE '^src/[a-z]+\\.js:[0-9]+:[0-9]+ (parse|lint/[a-zA-Z]+/[a-zA-Z]+)' "$OUT"`)
        .mustKeep(`grep -oE '^(Checked [0-9]+ files|Found [0-9]+ errors\\.)' "$OUT"`),
  },
  {
    id: "jshint-browser-scripts",
    program: "jshint",
    category: "CommandOutput",
    setup: () => linkNodeTools(jshintProject("jshint-browser-scripts")),
    command: "npx jshint --verbose public/js",
    exitCode: 2,
    versions: ["npx jshint --version 2>&1"],
    facts: (f) =>
      f
        .errorLines(`grep -E '\\((E[0-9]+|W117)\\)$' "$OUT"`)
        .mustKeep(`grep -E '^[0-9]+ errors?$' "$OUT"`)
        .mustKeep(`grep -oE '^public/js/[a-z]+\\.js' "$OUT" | sort -u`),
  },
  {
    id: "cucumber-failing-steps",
    program: "cucumber-js",
    category: "CommandOutput",
    setup: () => cucumberProject("cucumber-failing-steps"),
    command: "npx cucumber-js",
    exitCode: 1,
    versions: ["npx cucumber-js --version"],
    note: "the run's duration varies",
    facts: (f) =>
      f
        .errorLines(`grep -E '^   ✖ ' "$OUT" | sed -E 's/^\\s+//'`)
        .errorLines(`grep -E '^\\s+AssertionError' "$OUT" | sed -E 's/^\\s+//' | sort -u`)
        .errorLines(`grep -E '^[0-9]+\\) Scenario: ' "$OUT"`)
        .mustKeep(`grep -E '^[0-9]+ (scenarios|steps) \\(' "$OUT"`)
        .mustKeep(`grep -E '^   \\? ' "$OUT" | sed -E 's/^\\s+//'`),
  },
  {
    id: "cram-changed-output",
    program: "cram",
    // Each changed transcript is printed as a unified diff of the expected against the actual.
    category: "Diff",
    setup: () => cramProject("cram-changed-output"),
    command: "PATH=$PWD/bin:$PATH cram3 tests",
    exitCode: 1,
    versions: ["cram3 --version | head -n 1"],
    facts: (f) =>
      f
        .errorLines(`grep -E '^\\+  ' "$OUT"`)
        .mustKeep(`grep -E '^--- tests/' "$OUT"`)
        .mustKeep(`grep -E '^# Ran ' "$OUT"`),
  },
  {
    id: "hyperfine-failing-command",
    program: "hyperfine",
    category: "CommandOutput",
    setup: () => hyperfineProject("hyperfine-failing-command"),
    command: "hyperfine --style basic --warmup 1 --runs 5 -i \"awk -F, '{ s += \\$3 * \\$4 } END { print s }' orders.csv\" \"python3 total.py orders.csv\" \"python3 total_strict.py orders.csv\" \"cut -d, -f3 orders.csv | paste -sd+ | bc\" \"sort -t, -k2,2 orders.csv | uniq -c | wc -l\"",
    exitCode: 0,
    versions: ["hyperfine --version"],
    note: "timings vary from run to run",
    facts: (f) =>
      f
        .errorLines(`grep -E 'Warning: Ignoring non-zero exit code' "$OUT" | sed -E 's/^\\s+//'`)
        .mustKeep(`grep -B 4 'Warning: Ignoring non-zero exit code' "$OUT" | grep -E '^Benchmark [0-9]+: '`)
        .mustKeep(`grep -E '^(Summary|  .* ran)$' "$OUT" | sed -E 's/^\\s+//'`)
        .count("benchmarks", `grep -cE '^Benchmark [0-9]+: ' "$OUT"`),
  },
  {
    id: "visudo-check-includes",
    program: "visudo",
    category: "CommandOutput",
    setup: () => visudoProject("visudo-check-includes"),
    command: "visudo -c -f sudoers",
    versions: ["visudo -V | head -n 1"],
    facts: (f) =>
      f
        .errorLines(`grep -E 'referenced but not defined' "$OUT"`)
        .count("parsedOk", `grep -c ': parsed OK$' "$OUT"`),
  },
  {
    id: "rsyslogd-config-check",
    program: "rsyslogd",
    category: "CommandOutput",
    setup: () => rsyslogProject("rsyslogd-config-check"),
    command: "rsyslogd -N1 -f rsyslog.conf",
    exitCode: 1,
    versions: ["rsyslogd -v | head -n 1"],
    facts: (f) =>
      f
        .errorLines(`grep -E '^rsyslogd: (error during parsing|module name|could not interpret)' "$OUT" | sed -E 's/ \\[v[0-9.]+ try .*//'`)
        .mustKeep(`grep -oE '^rsyslogd: version [0-9.]+, config validation run' "$OUT"`),
  },
  {
    id: "unbound-checkconf-zones",
    program: "unbound-checkconf",
    category: "CommandOutput",
    setup: () => unboundProject("unbound-checkconf-zones"),
    command: "unbound-checkconf unbound.conf",
    exitCode: 1,
    versions: ["unbound -V | head -n 1"],
    note: "each line's time stamp and process id vary",
    facts: (f) =>
      f
        .errorLines(`grep -E '(fatal )?error: ' "$OUT" | sed -E 's/^\\[[0-9]+\\] unbound-checkconf\\[[0-9:]+\\] //'`),
  },
  {
    id: "bmake-k-compile-errors",
    program: "bmake",
    category: "CommandOutput",
    setup: () => bmakeProject("bmake-k-compile-errors"),
    command: "bmake -k",
    exitCode: 0,
    versions: ["dpkg-query -W -f '${Version}' bmake", "gcc --version | head -n 1"],
    facts: (f) =>
      f
        .errorLines(`grep -E '^src/[a-z]+\\.c:[0-9]+:[0-9]+: error: ' "$OUT"`)
        .errorLines(`grep -E "not remade because of errors" "$OUT"`)
        .mustKeep(`grep -E '^src/[a-z]+\\.c:[0-9]+:[0-9]+: warning: ' "$OUT"`)
        .count("compiled", `grep -cE '^gcc .* -c src/' "$OUT"`),
  },
  {
    id: "clisp-error-after-log",
    program: "clisp",
    category: "CommandOutput",
    setup: () => clispProject("clisp-error-after-log"),
    command: "clisp report.lisp",
    exitCode: 1,
    versions: ["clisp --version | head -n 1"],
    facts: (f) =>
      f
        .errorLines(`grep -E '^\\*\\*\\* - ' "$OUT"`)
        .mustKeep(`grep -E '^order ' "$OUT" | tail -n 1`)
        .count("ordersLogged", `grep -c '^order ' "$OUT"`),
  },
];
