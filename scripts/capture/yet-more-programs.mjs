// Compilers, runners, checkers, listings and files of kinds the other captures lack, each over a small
// project whose finding or failure sits among clean results: clang++ errors and warnings over a C++
// service, a dash report that meets a missing command part-way and stops on a bash-only expansion,
// sshd -t -ddd tracing a long configuration until an unsupported value, sparse's findings (through
// cgcc) among the compile lines of make -k, Twisted's trial and CppUnit suites with failures and an
// error among passes, tape's TAP with failing assertions, a Chez Scheme report stopping on a bad index
// after a log, getfacl -R of a shared tree, cloc --by-file over a mixed-language project, csvstat of an
// orders table with gaps, apt-get -s install of a package with many dependencies, and a mailbox, a
// Terraform file and an EUC-KR log read with cat.
import { existsSync, mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { SCRATCH, lcg, scratch, sh, writeTree } from "./lib.mjs";

const AREAS = ["cart", "pricing", "stock", "tax", "ledger", "shipping", "returns", "coupons"];
const MODULES = [...AREAS, "accounts", "billing", "currency", "invoices", "payments", "refunds"];
const cap = (s) => s[0].toUpperCase() + s.slice(1);
/** A larger project: each module also in regional variants, so that findings sit among many clean results. */
const REGIONAL = MODULES.flatMap((m) => [m, `${m}_eu`, `${m}_us`]);

/** Node tools these captures add to the shared ones (lib.mjs), installed once from the npm registry. */
const YET_MORE_NODE_TOOLS = join(SCRATCH, "_yet-more-node-tools");
const YET_MORE_NODE_PACKAGES = ["tape@5.9.0"];
const YET_MORE_NODE_BINS = ["tape"];
function yetMoreNodeTools() {
  if (!YET_MORE_NODE_BINS.every((bin) => existsSync(join(YET_MORE_NODE_TOOLS, "node_modules/.bin", bin)))) {
    mkdirSync(YET_MORE_NODE_TOOLS, { recursive: true });
    writeFileSync(join(YET_MORE_NODE_TOOLS, "package.json"), '{ "name": "yet-more-node-tools", "private": true }\n');
    sh(`npm install --no-audit --no-fund ${YET_MORE_NODE_PACKAGES.join(" ")}`, { cwd: YET_MORE_NODE_TOOLS });
  }
  return join(YET_MORE_NODE_TOOLS, "node_modules");
}

/** A C++ service, one source per area: three draw warnings (unused values, a signed comparison), two do not compile. */
function clangProject(id) {
  const dir = scratch(id);
  const files = { "src/shop.h": "#pragma once\n#include <string>\n#include <vector>\nstruct Row { std::string area; int qty; double price; };\ndouble total(const std::vector<Row>& rows);\n" };
  for (const [i, m] of MODULES.entries()) {
    let body = `double ${m}_total(const std::vector<Row>& rows) {\n  double sum = 0;\n  for (const auto& r : rows) sum += r.qty * r.price;\n  return sum;\n}\n`;
    if (i % 5 === 2) body = `double ${m}_total(const std::vector<Row>& rows) {\n  double sum = 0;\n  int unused = ${i};\n  for (int k = 0; k < rows.size(); k++) sum += rows[k].qty * rows[k].price;\n  return sum;\n}\n`;
    // Two sources do not compile: a member the struct lacks, and a call with the wrong arguments.
    if (m === "ledger") body = `double ${m}_total(const std::vector<Row>& rows) {\n  double sum = 0;\n  for (const auto& r : rows) sum += r.quantity * r.price;\n  return sum;\n}\n`;
    if (m === "invoices") body = `double ${m}_total(const std::vector<Row>& rows) {\n  std::string label = total(rows, 2);\n  return label.size();\n}\n`;
    files[`src/${m}.cpp`] = `#include "shop.h"\n\n${body}`;
  }
  writeTree(dir, files);
  return dir;
}

/** Orders for a POSIX shell report: one area's rate helper was never written, and a later row reaches a bash-only expansion. */
function dashProject(id) {
  const dir = scratch(id);
  const rows = [];
  for (let i = 1; i <= 80; i++) rows.push(`${2000 + i} ${MODULES[(i * 3) % MODULES.length]} ${(i % 6) + 1}`);
  writeTree(dir, {
    "orders.txt": rows.join("\n") + "\n",
    "report.sh": `#!/bin/sh
# Prints each order's total; coupons use a rate helper, a late branch upper-cases the area.
rate() { echo 3; }
sum=0
n=0
while read -r id area qty; do
  r=$(rate)
  if [ "$area" = coupons ] && [ "$n" -gt 30 ]; then r=$(coupon_rate "$id"); fi
  total=$((qty * \${r:-0}))
  sum=$((sum + total))
  n=$((n + 1))
  echo "order $id $area qty $qty total $total running $sum"
  if [ "$n" -eq 70 ]; then echo "checkpoint \${area^^}"; fi
done < orders.txt
echo "$n orders, $sum in total"
`,
  });
  return dir;
}

/** An sshd configuration of a bastion host: many settings and Match blocks, two deprecated options, and a value sshd does not know in the ledger block (the fifth of eight Match blocks). */
function sshdProject(id) {
  const dir = scratch(id);
  sh("ssh-keygen -q -t ed25519 -N '' -C bastion -f ssh_host_ed25519_key", { cwd: dir });
  const lines = [
    "# Bastion host", "Port 2222", "AddressFamily inet", "ListenAddress 127.0.0.1", "Protocol 2",
    `HostKey ${dir}/ssh_host_ed25519_key`, "SyslogFacility AUTH", "LogLevel VERBOSE", "LoginGraceTime 30",
    "PermitRootLogin no", "StrictModes yes", "MaxAuthTries 3", "MaxSessions 4", "PubkeyAuthentication yes",
    "AuthorizedKeysFile .ssh/authorized_keys", "PasswordAuthentication no", "KbdInteractiveAuthentication no",
    "UsePAM no", "UsePrivilegeSeparation sandbox", "AllowAgentForwarding no", "AllowTcpForwarding no", "X11Forwarding no",
    "PrintMotd no", "TCPKeepAlive yes", "ClientAliveInterval 60", "ClientAliveCountMax 3", "UseDNS no",
    "MaxStartups 10:30:60", "Banner none", "AcceptEnv LANG LC_*", "Subsystem sftp internal-sftp",
  ];
  for (const m of AREAS) {
    lines.push(`Match Group ${m}-ops`, "  AllowTcpForwarding local", `  PermitOpen ${m}.internal:5432`, "  X11Forwarding no");
    // The ledger block names a forwarding mode sshd does not have.
    if (m === "ledger") lines.push("  PermitTunnel sometimes");
    lines.push(`  ForceCommand /usr/local/bin/${m}-shell`);
  }
  writeTree(dir, { sshd_config: lines.join("\n") + "\n" });
  return dir;
}

/** A C library, one source per area, built with sparse in front of gcc: a few sources draw sparse warnings. */
function sparseProject(id) {
  const dir = scratch(id);
  const files = { "shop.h": `struct row { int qty; int price; };\n${REGIONAL.map((m) => `int ${m}_total(const struct row *r);\n`).join("")}` };
  for (const [i, m] of REGIONAL.entries()) {
    let body = `#include <stddef.h>\n#include "shop.h"\n\nstatic int ${m}_rows = ${i};\n\nint ${m}_total(const struct row *r)\n{\n\tif (r == NULL)\n\t\treturn ${m}_rows;\n\treturn r->qty * r->price;\n}\n`;
    // Findings: a global that should be static, a plain 0 as a null pointer (twice: a comparison and a pointer's initial value), a shift too wide.
    if (m === "tax") body = body.replace(`static int ${m}_rows`, `int ${m}_rows`);
    if (m === "ledger_eu") body = body.replace("r == NULL", "r == 0");
    if (m === "refunds") body = body.replace("return r->qty * r->price;", "return (r->qty << 40) * r->price;");
    if (m === "payments_us") body = body.replace("return r->qty * r->price;", "char *label = 0;\n\treturn label ? 1 : r->qty * r->price;");
    files[`${m}.c`] = body;
  }
  files.Makefile = `OBJS = ${REGIONAL.map((m) => `${m}.o`).join(" ")}\n\nall: $(OBJS)\n\n%.o: %.c shop.h\n\t$(CC) -Wall -c -o $@ $<\n`;
  writeTree(dir, files);
  return dir;
}

/** Trial test modules per area: most pass, two compare the wrong totals and one looks up a missing rate. */
function trialProject(id) {
  const dir = scratch(id);
  const files = {
    "shop/__init__.py": `PRICES = {${MODULES.map((m, i) => `"${m}": ${i + 3}`).join(", ")}}\n\ndef total(area, qty):\n    return qty * PRICES[area]\n\nRATES = {"eu": 1.2, "us": 1.1}\n\ndef with_tax(area, qty, region):\n    return round(total(area, qty) * RATES[region], 2)\n`,
    "shop/test/__init__.py": "",
  };
  for (const [i, m] of MODULES.entries()) {
    let extra = "";
    if (m === "tax") extra = `\n    def test_ten(self):\n        self.assertEqual(total("${m}", 10), ${10 * (i + 3) + 5})\n`;
    if (m === "invoices") extra = `\n    def test_pair(self):\n        self.assertEqual([total("${m}", 1), total("${m}", 2)], [${i + 3}, ${2 * (i + 3) + 1}])\n`;
    if (m === "refunds") extra = `\n    def test_uk(self):\n        self.assertEqual(with_tax("${m}", 1, "uk"), 19.2)\n`;
    files[`shop/test/test_${m}.py`] = `from twisted.trial import unittest\n\nfrom shop import total, with_tax\n\n\nclass ${cap(m)}Tests(unittest.TestCase):\n    def test_total(self):\n        self.assertEqual(total("${m}", 2), ${2 * (i + 3)})\n\n    def test_eu(self):\n        self.assertEqual(with_tax("${m}", 1, "eu"), ${Math.round((i + 3) * 1.2 * 100) / 100})\n${extra}`;
  }
  writeTree(dir, files);
  return dir;
}

/** A CppUnit suite per area run with a progress listener that names each test: three fail, one throws. */
function cppunitProject(id) {
  const dir = scratch(id);
  const suites = [];
  const regs = [];
  for (const [i, m] of MODULES.entries()) {
    const T = `${cap(m)}Test`;
    let checks = `  void testTotal() { CPPUNIT_ASSERT_EQUAL(${2 * (i + 3)}, total(2, ${i + 3})); }\n  void testEmpty() { CPPUNIT_ASSERT(total(0, ${i + 3}) == 0); }\n  void testRate() { CPPUNIT_ASSERT_DOUBLES_EQUAL(${1 + i / 100}, rate(${i}), 0.001); }`;
    if (m === "tax") checks = checks.replace(`CPPUNIT_ASSERT_EQUAL(${2 * (i + 3)}`, `CPPUNIT_ASSERT_EQUAL(${2 * (i + 3) + 1}`);
    if (m === "currency") checks = checks.replace(`DOUBLES_EQUAL(${1 + i / 100}`, "DOUBLES_EQUAL(1.25");
    if (m === "invoices") checks = checks.replace(`CPPUNIT_ASSERT(total(0, ${i + 3}) == 0)`, `CPPUNIT_ASSERT_MESSAGE("empty invoice has a total", total(1, ${i + 3}) == 0)`);
    if (m === "refunds") checks = checks.replace("void testEmpty() {", "void testEmpty() { rows.at(3);");
    suites.push(`class ${T} : public CppUnit::TestFixture {\n  CPPUNIT_TEST_SUITE(${T});\n  CPPUNIT_TEST(testTotal);\n  CPPUNIT_TEST(testEmpty);\n  CPPUNIT_TEST(testRate);\n  CPPUNIT_TEST_SUITE_END();\n  std::vector<int> rows{1, 2};\npublic:\n${checks}\n};\nCPPUNIT_TEST_SUITE_REGISTRATION(${T});\n`);
    regs.push(T);
  }
  writeTree(dir, {
    "test_shop.cpp": `#include <cppunit/BriefTestProgressListener.h>
#include <cppunit/CompilerOutputter.h>
#include <cppunit/TestResult.h>
#include <cppunit/TestResultCollector.h>
#include <cppunit/TestRunner.h>
#include <cppunit/extensions/HelperMacros.h>
#include <cppunit/extensions/TestFactoryRegistry.h>
#include <iostream>
#include <vector>

static int total(int rows, int price) { return rows * price; }
static double rate(int i) { return 1.0 + i / 100.0; }

${suites.join("\n")}
int main() {
  CppUnit::TestResult controller;
  CppUnit::TestResultCollector result;
  controller.addListener(&result);
  CppUnit::BriefTestProgressListener progress;
  controller.addListener(&progress);
  CppUnit::TestRunner runner;
  runner.addTest(CppUnit::TestFactoryRegistry::getRegistry().makeTest());
  runner.run(controller);
  CppUnit::CompilerOutputter outputter(&result, std::cerr);
  outputter.write();
  return result.wasSuccessful() ? 0 : 1;
}
`,
  });
  sh("g++ -o test_shop test_shop.cpp -lcppunit", { cwd: dir });
  return dir;
}

/** tape test files per area: most pass; three checks fail (a wrong total, rows that differ, a check that is false). */
function tapeProject(id) {
  const dir = scratch(id);
  symlinkSync(yetMoreNodeTools(), join(dir, "node_modules"));
  const files = {
    "package.json": '{ "name": "shop", "private": true }\n',
    "src/shop.js": `const PRICES = { ${MODULES.map((m, i) => `${m}: ${i + 3}`).join(", ")} };\nexports.total = (area, qty) => qty * PRICES[area];\nexports.rows = (area) => [{ area, qty: 2 }];\n`,
  };
  for (const [i, m] of MODULES.entries()) {
    let extra = "";
    if (m === "tax") extra = `  t.equal(total("${m}", 10), ${10 * (i + 3) + 5}, "ten rows");\n`;
    if (m === "invoices") extra = `  t.deepEqual(rows("${m}"), [{ area: "${m}", qty: 3 }], "rows");\n`;
    if (m === "refunds") extra = `  t.ok(total("${m}", 0) > 0, "refund of nothing is positive");\n`;
    files[`test/${m}.js`] = `const test = require("tape");\nconst { total, rows } = require("../src/shop.js");\n\ntest("${m}", (t) => {\n  t.equal(total("${m}", 2), ${2 * (i + 3)}, "two rows");\n  t.equal(total("${m}", 0), 0, "no rows");\n${extra}  t.end();\n});\n`;
  }
  writeTree(dir, files);
  return dir;
}

/** A Chez Scheme report over the areas: it prints a line per area, then indexes past the end of the rate table. */
function schemeProject(id) {
  const dir = scratch(id);
  writeTree(dir, {
    "report.ss": `(define areas '(${REGIONAL.map((m) => `"${m}"`).join(" ")}))
(define rates (vector ${MODULES.map((_, i) => (1 + i / 100).toFixed(2)).join(" ")}))
(define (report i names)
  (unless (null? names)
    (let ([rate (vector-ref rates (quotient i 3))])
      (printf "area ~a ~a rate ~a total ~a~%" i (car names) rate (* rate (+ i 3))))
    (report (+ i 1) (cdr names))))
(printf "~a areas~%" (length areas))
;; The report also covers the archived areas, one more than the rate table holds.
(report 0 (append areas '("archive" "archive_eu" "archive_us")))
`,
  });
  return dir;
}

/** A shared project tree: a group ACL on every area folder, default ACLs on some, and one user ACL on a file whose mask trims it. */
function aclProject(id) {
  const dir = scratch(id);
  const files = {};
  for (const m of AREAS) {
    files[`shared/${m}/README`] = `${m}\n`;
    files[`shared/${m}/data/${m}.csv`] = "id,qty\n1,2\n";
  }
  writeTree(dir, files);
  const acl = (args) => sh(`setfacl ${args}`, { cwd: dir });
  for (const [i, m] of AREAS.entries()) {
    acl(`-m g:${i % 2 ? "adm" : "staff"}:rx shared/${m}`);
    if (i % 3 === 0) acl(`-d -m g:staff:rwx shared/${m}/data`);
    if (m === "ledger") acl(`-m u:nobody:rwx,m::r-x shared/${m}/data/${m}.csv`);
  }
  return dir;
}

/** A project in several languages, so that cloc counts a file per row. */
function clocProject(id) {
  const dir = scratch(id);
  const files = {};
  for (const [i, m] of MODULES.entries()) {
    const fn = Array.from({ length: 3 + (i % 4) }, (_, k) => `def ${m}_step_${k}(rows):\n    # step ${k} of the ${m} report\n    return [r * ${k + 1} for r in rows]\n`).join("\n");
    files[`py/${m}.py`] = `"""The ${m} area."""\n\n${fn}`;
    files[`web/${m}.js`] = `// ${m} page\n\nexport function render${cap(m)}(rows) {\n${"  rows = rows.filter(Boolean);\n".repeat(1 + (i % 3))}  return rows.map((r) => \`<li>\${r}</li>\`).join("");\n}\n`;
    if (i % 2 === 0) files[`sql/${m}.sql`] = `-- ${m} tables\nCREATE TABLE ${m} (\n  id integer PRIMARY KEY,\n  qty integer NOT NULL\n);\n\nCREATE INDEX ${m}_qty ON ${m} (qty);\n`;
    if (i % 4 === 1) files[`scripts/${m}.sh`] = `#!/bin/sh\n# load ${m}\nset -e\n\npsql -f sql/${m}.sql\necho done\n`;
  }
  files["web/style.css"] = MODULES.map((m) => `.${m} {\n  color: #333;\n}\n`).join("\n");
  writeTree(dir, files);
  return dir;
}

/** An orders table: some rows lack a price or a region, dates span a quarter. */
function ordersCsv(id) {
  const dir = scratch(id);
  const rnd = lcg(22);
  const rows = ["order_id,date,area,region,qty,unit_price,paid"];
  for (let i = 1; i <= 240; i++) {
    const area = MODULES[Math.floor(rnd() * MODULES.length)];
    const day = String(1 + Math.floor(rnd() * 28)).padStart(2, "0");
    const month = String(1 + Math.floor(rnd() * 3)).padStart(2, "0");
    const region = i % 37 === 0 ? "" : ["eu", "us", "apac"][Math.floor(rnd() * 3)];
    const price = i % 29 === 0 ? "" : (2 + rnd() * 40).toFixed(2);
    rows.push(`${7000 + i},2026-${month}-${day},${area},${region},${1 + Math.floor(rnd() * 9)},${price},${rnd() < 0.85 ? "true" : "false"}`);
  }
  writeTree(dir, { "orders.csv": rows.join("\n") + "\n" });
  return dir;
}

/** A mailbox of a shop's notifications: order mails, a digest, and a bounce part-way through. */
function mailboxProject(id) {
  const dir = scratch(id);
  const msgs = [];
  for (let i = 0; i < 24; i++) {
    const m = MODULES[i % MODULES.length];
    const date = `Mon, ${String(2 + (i % 27)).padStart(2, " ")} Mar 2026 ${String(8 + (i % 10)).padStart(2, "0")}:${String((i * 7) % 60).padStart(2, "0")}:00 +0000`;
    if (i === 13) {
      msgs.push(`From MAILER-DAEMON Mon Mar 16 09:31:00 2026
Return-Path: <>
From: Mail Delivery System <MAILER-DAEMON@mx.shop.example>
To: orders@shop.example
Subject: Undelivered Mail Returned to Sender
Date: ${date}
Message-ID: <bounce-${i}@mx.shop.example>
Content-Type: text/plain; charset=us-ascii

This is the mail system at host mx.shop.example.

I'm sorry to have to inform you that your message could not
be delivered to one or more recipients.

<billing@customer.example>: host mail.customer.example[203.0.113.9] said:
    550 5.1.1 <billing@customer.example>: Recipient address rejected: User
    unknown in virtual mailbox table (in reply to RCPT TO command)
`);
      continue;
    }
    msgs.push(`From orders@shop.example Mon Mar ${String(2 + (i % 27)).padStart(2, " ")} 08:00:00 2026
Return-Path: <orders@shop.example>
From: Shop Orders <orders@shop.example>
To: team-${m}@shop.example
Subject: [${m}] Order ${9100 + i} confirmed
Date: ${date}
Message-ID: <order-${9100 + i}@shop.example>
Content-Type: text/plain; charset=utf-8

Order ${9100 + i} for the ${m} area was confirmed.

  Items:    ${1 + (i % 5)}
  Total:    ${(12.5 * (1 + (i % 7))).toFixed(2)} EUR
  Ship to:  warehouse ${1 + (i % 3)}

>From the ${m} team: reply to this mail to change the order.
`);
  }
  writeTree(dir, { "orders.mbox": msgs.join("\n") + "\n" });
  return dir;
}

/** A Terraform configuration for the shop's services: a bucket, a database and a service per area. */
function terraformProject(id) {
  const dir = scratch(id);
  const blocks = [`terraform {
  required_version = ">= 1.5"
  required_providers {
    aws = {
      source  = "hashicorp/aws"
      version = "~> 5.40"
    }
  }
  backend "s3" {
    bucket = "shop-terraform-state"
    key    = "prod/terraform.tfstate"
    region = "eu-central-1"
  }
}

variable "environment" {
  type    = string
  default = "prod"
}

locals {
  tags = {
    Project     = "shop"
    Environment = var.environment
  }
}
`];
  for (const [i, m] of AREAS.entries()) {
    blocks.push(`resource "aws_ecs_service" "${m}" {
  name            = "${m}-\${var.environment}"
  cluster         = aws_ecs_cluster.shop.id
  task_definition = aws_ecs_task_definition.${m}.arn
  desired_count   = ${1 + (i % 3)}

  network_configuration {
    subnets         = var.private_subnets
    security_groups = [aws_security_group.${m}.id]
  }

  tags = merge(local.tags, { Area = "${m}" })
}
`);
  }
  blocks.push(`output "service_names" {
  value = [${AREAS.map((m) => `aws_ecs_service.${m}.name`).join(", ")}]
}
`);
  writeTree(dir, { "main.tf": blocks.join("\n") });
  return dir;
}

/** A Korean application log in EUC-KR (make.py encodes it): info lines, a warning and an error part-way. */
function eucKrLog(id) {
  const dir = scratch(id);
  writeTree(dir, {
    "make.py": `msgs = ["주문을 처리했습니다", "재고를 갱신했습니다", "세금을 계산했습니다", "배송 라벨을 만들었습니다"]
areas = ${JSON.stringify(MODULES)}
out = []
for i in range(90):
    t = f"2026-03-02 09:{i // 60:02d}:{i % 60:02d}"
    area = areas[i % len(areas)]
    if i == 47:
        out.append(f"{t} ERROR [{area}] 결제 게이트웨이 응답 없음 (order {8000 + i}, timeout 30s)")
    elif i == 61:
        out.append(f"{t} WARN  [{area}] 재고 부족: SKU {4100 + i}")
    else:
        out.append(f"{t} INFO  [{area}] {msgs[i % len(msgs)]} (order {8000 + i})")
open("shop.log", "wb").write(("\\n".join(out) + "\\n").encode("euc-kr"))
`,
  });
  sh("python3 make.py", { cwd: dir });
  return dir;
}

export default [
  {
    id: "clang-cxx-errors-among-warnings",
    program: "clang",
    category: "CommandOutput",
    setup: () => clangProject("clang-cxx-errors-among-warnings"),
    // Fourteen sources: three with warnings, two with errors.
    command: "clang++ -std=c++17 -Wall -Wextra -fsyntax-only src/*.cpp",
    exitCode: 1,
    versions: ["clang++ --version | head -n 1"],
    facts: (f) =>
      f
        .errorLines(`grep -E ': error: ' "$OUT"`)
        .mustKeep(`grep -E ' generated\\.$' "$OUT"`)
        .count("warnings", `grep -c ': warning: ' "$OUT"`),
  },
  {
    id: "dash-report-stops-part-way",
    program: "dash",
    category: "CommandOutput",
    setup: () => dashProject("dash-report-stops-part-way"),
    // 80 orders: a missing helper is reported on the coupons rows from the thirty-second, the seventieth stops the script.
    command: "dash report.sh",
    exitCode: 2,
    versions: ["dpkg-query -W -f '${Package} ${Version}' dash"],
    facts: (f) =>
      f
        .errorLines(`grep -E '^report\\.sh: [0-9]+: ' "$OUT"`)
        .mustKeep(`grep '^order ' "$OUT" | tail -n 1`)
        .count("orders", `grep -c '^order ' "$OUT"`),
  },
  {
    id: "sshd-test-debug-config",
    program: "sshd",
    category: "CommandOutput",
    setup: () => sshdProject("sshd-test-debug-config"),
    // Traces each of the configuration's lines until the unsupported value in the ledger block.
    command: "/usr/sbin/sshd -t -ddd -f sshd_config",
    exitCode: 255,
    versions: ["ssh -V 2>&1"],
    note: "the host key is made at capture time",
    facts: (f) =>
      f
        .errorLines(`grep -E '^sshd_config line [0-9]+: ' "$OUT"`)
        .mustKeep(`grep -E 'Deprecated option' "$OUT" | sed -E 's/^debug[0-9]: //'`)
        .count("settings", `grep -c ' setting ' "$OUT"`),
  },
  {
    id: "sparse-cgcc-make-findings",
    program: "sparse",
    category: "CommandOutput",
    setup: () => sparseProject("sparse-cgcc-make-findings"),
    // 42 sources compiled through cgcc (sparse, then gcc); four carry findings.
    command: "make -k CC=cgcc",
    exitCode: 0,
    versions: ["sparse --version", "gcc --version | head -n 1"],
    facts: (f) =>
      f
        .errorLines(`grep -E '^[a-z_]+\\.c:[0-9]+:[0-9]+: (warning|error): ' "$OUT"`)
        .count("compiled", `grep -c '^cgcc ' "$OUT"`),
  },
  {
    id: "trial-failures-and-error",
    program: "trial",
    category: "CommandOutput",
    setup: () => trialProject("trial-failures-and-error"),
    command: "/usr/bin/python3 -m twisted.trial shop",
    exitCode: 1,
    versions: [`/usr/bin/python3 -c 'import twisted; print("twisted", twisted.__version__)'`],
    note: "the run's duration is a timing",
    facts: (f) =>
      f
        .errorLines(`grep -E '\\[(FAIL|ERROR)\\]$' "$OUT" | grep -v '^\\[' | sed -E 's/^ +//; s/ +/ /'`)
        .errorLines(`grep -E '^[a-z.]+Error: |^twisted\\.trial\\.unittest\\.FailTest: ' "$OUT"`)
        .mustKeep(`grep -E '^FAILED \\(' "$OUT"`),
  },
  {
    id: "cppunit-brief-failures",
    program: "cppunit",
    category: "CommandOutput",
    setup: () => cppunitProject("cppunit-brief-failures"),
    command: "./test_shop",
    exitCode: 1,
    versions: ["dpkg-query -W -f '${Package} ${Version}' libcppunit-dev"],
    facts: (f) =>
      f
        .errorLines(`grep -E ' : (assertion|error)$' "$OUT"`)
        .errorLines(`grep -E '^test_shop\\.cpp:[0-9]+:' "$OUT"`)
        .mustKeep(`grep -E '^Failures !!!|^Run: ' "$OUT"`),
  },
  {
    id: "tape-failing-assertions",
    program: "tape",
    category: "CommandOutput",
    setup: () => tapeProject("tape-failing-assertions"),
    command: "npx tape 'test/*.js'",
    exitCode: 1,
    versions: ["npm ls --depth=0 --prefix " + YET_MORE_NODE_TOOLS + " tape | grep -o 'tape@.*'"],
    facts: (f) =>
      f
        .errorLines(`grep -E '^not ok ' "$OUT"`)
        .mustKeep(`grep -E '^# (tests|pass|fail) ' "$OUT"`),
  },
  {
    id: "chez-scheme-index-after-log",
    program: "scheme",
    category: "CommandOutput",
    setup: () => schemeProject("chez-scheme-index-after-log"),
    command: "scheme --script report.ss",
    exitCode: 255,
    versions: ["scheme --version 2>&1"],
    facts: (f) =>
      f
        .errorLines(`grep -E '^Exception' "$OUT"`)
        .mustKeep(`grep '^area ' "$OUT" | tail -n 1`)
        .count("areas", `grep -c '^area ' "$OUT"`),
  },
  {
    id: "getfacl-recursive-shared",
    program: "getfacl",
    category: "CommandOutput",
    setup: () => aclProject("getfacl-recursive-shared"),
    command: "getfacl -R shared",
    exitCode: 0,
    versions: ["getfacl --version"],
    facts: (f) =>
      f
        .mustKeep(`grep -E '#effective:' "$OUT"`)
        .mustKeep(`grep -B5 '#effective:' "$OUT" | grep '^# file: '`)
        .count("files", `grep -c '^# file: ' "$OUT"`)
        .count("defaults", `grep -c '^default:group:staff:' "$OUT"`),
  },
  {
    id: "cloc-by-file-mixed",
    program: "cloc",
    category: "CommandOutput",
    setup: () => clocProject("cloc-by-file-mixed"),
    command: "cloc --by-file --quiet .",
    exitCode: 0,
    versions: ["cloc --version"],
    note: "cloc's first line gives the time it took and its rates",
    facts: (f) =>
      f
        .mustKeep(`grep -E '^SUM:' "$OUT"`)
        .count("files", `find . -type f | wc -l`),
  },
  {
    id: "csvstat-orders-gaps",
    program: "csvstat",
    category: "CommandOutput",
    setup: () => ordersCsv("csvstat-orders-gaps"),
    command: "csvstat orders.csv",
    exitCode: 0,
    versions: ["csvstat --version"],
    facts: (f) =>
      f
        .mustKeep(`grep -E '^Row count: ' "$OUT"`)
        .mustKeep(`grep -E '^ +[0-9]+\\. "[a-z_]+"$' "$OUT" | sed -E 's/^ +//'`)
        .count("rows", `tail -n +2 orders.csv | wc -l`),
  },
  {
    id: "apt-get-simulate-install",
    program: "apt-get",
    category: "CommandOutput",
    setup: () => scratch("apt-get-simulate-install"),
    command: "apt-get install -s --no-install-recommends texlive-latex-extra",
    exitCode: 0,
    versions: ["apt-get --version | head -n 1"],
    note: "what apt plans depends on this machine's installed packages and package lists",
    facts: (f) =>
      f
        .mustKeep(`grep -E '^[0-9]+ upgraded, ' "$OUT"`)
        .count("installs", `grep -c '^Inst ' "$OUT"`),
  },
  {
    id: "cat-mbox-with-bounce",
    program: "file:mbox",
    category: "FileContent",
    setup: () => mailboxProject("cat-mbox-with-bounce"),
    command: "cat orders.mbox",
    exitCode: 0,
    versions: ["cat --version | head -n 1"],
    note: "a mailbox written by the capture script",
    facts: (f) =>
      f
        .errorLines(`grep -E '^ +550 ' "$OUT"`)
        .mustKeep(`grep -E '^Subject: Undelivered' "$OUT"`)
        .count("messages", `grep -c '^From ' "$OUT"`),
  },
  {
    id: "cat-terraform-services",
    program: "file:hcl",
    category: "FileContent",
    setup: () => terraformProject("cat-terraform-services"),
    command: "cat main.tf",
    exitCode: 0,
    versions: ["cat --version | head -n 1"],
    note: "a Terraform configuration written by the capture script",
    facts: (f) =>
      f
        .mustKeep(`grep -E '^(resource|output|variable) ' "$OUT" | sed -E 's/ \\{$//'`)
        .count("services", `grep -c '^resource "aws_ecs_service"' "$OUT"`),
  },
  {
    id: "cat-euc-kr-log",
    program: "file:euc-kr",
    // A log is command output whatever reads it: its last lines are what it is read for.
    category: "CommandOutput",
    setup: () => eucKrLog("cat-euc-kr-log"),
    command: "cat shop.log",
    exitCode: 0,
    versions: ["python3 --version"],
    note: "90 log lines in EUC-KR (make.py in the capture script); only the ASCII parts are readable as UTF-8",
    facts: (f) =>
      f
        .mustKeep(`grep -aoE '^[0-9: -]+ ERROR \\[[a-z]+\\]' "$OUT"`)
        .mustKeep(`grep -aoE '^[0-9: -]+ WARN  \\[[a-z]+\\]' "$OUT"`)
        .mustKeep(`grep -aoE '\\(order [0-9]+, timeout 30s\\)' "$OUT"`)
        .count("lines", `wc -l < "$OUT"`),
  },
];
