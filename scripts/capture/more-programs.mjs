// Compilers, checkers, runners and listings of kinds the other captures lack, each over a small project
// whose finding or failure sits among clean results: protoc over protocol definitions, Icarus Verilog
// and Verilator over a hardware design, clang-format --dry-run over C sources, a Raku report and a C#
// program (mono) stopping on an error after a log, mcs compiling C# with errors among warnings,
// desktop-file-validate over application entries, rst2html of a guide with broken references, AVA
// with failing tests among passes, html-validate over a site, ajv validating documents against a
// schema, oxlint over JavaScript sources, tree (ASCII branches) of a service's source tree, and gcovr under a coverage
// threshold.
import { existsSync, mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { SCRATCH, scratch, sh, writeTree } from "./lib.mjs";

const AREAS = ["cart", "pricing", "stock", "tax", "ledger", "shipping", "returns", "coupons"];
const MODULES = [...AREAS, "accounts", "billing", "currency", "invoices", "payments", "refunds"];
const cap = (s) => s[0].toUpperCase() + s.slice(1);

/** Node tools these captures add to the shared ones (lib.mjs), installed once from the npm registry. */
const FRESH_NODE_TOOLS = join(SCRATCH, "_fresh-node-tools");
const FRESH_NODE_PACKAGES = ["ava@7.0.0", "html-validate@10.17.0", "ajv-cli@5.0.0", "oxlint@1.94.0"];
const FRESH_NODE_BINS = ["ava", "html-validate", "ajv", "oxlint"];
function freshNodeTools() {
  if (!FRESH_NODE_BINS.every((bin) => existsSync(join(FRESH_NODE_TOOLS, "node_modules/.bin", bin)))) {
    mkdirSync(FRESH_NODE_TOOLS, { recursive: true });
    writeFileSync(join(FRESH_NODE_TOOLS, "package.json"), '{ "name": "fresh-node-tools", "private": true }\n');
    sh(`npm install --no-audit --no-fund ${FRESH_NODE_PACKAGES.join(" ")}`, { cwd: FRESH_NODE_TOOLS });
  }
  return join(FRESH_NODE_TOOLS, "node_modules");
}

/** Lets `npx` in a project find the tools. */
function linkNodeTools(dir) {
  symlinkSync(freshNodeTools(), join(dir, "node_modules"));
  return dir;
}

/** Protocol definitions of a shop's services: most compile, some import what they never use, one names types nobody defines and reuses a field number. */
function protoProject(id) {
  const dir = scratch(id);
  const files = {
    "proto/shop/money.proto": `syntax = "proto3";\npackage shop;\n\nmessage Money {\n  string currency = 1;\n  int64 units = 2;\n  int32 nanos = 3;\n}\n`,
  };
  for (const [i, area] of MODULES.entries()) {
    const T = cap(area);
    let fields = `  string id = 1;\n  string sku = 2;\n  int32 qty = 3;\n  shop.Money price = 4;\n  repeated string tags = 5;`;
    if (area === "tax") fields = `  string id = 1;\n  string region = 2;\n  shop.Decimal rate = 3;\n  shop.Money price = 4;\n  int64 valid_from = 4;\n  Currency currency = 6;`;
    const imports = i % 4 === 1 ? `import "shop/money.proto";\nimport "google/protobuf/timestamp.proto";\n` : `import "shop/money.proto";\n`;
    files[`proto/shop/${area}.proto`] = `syntax = "proto3";
package shop.${area};

${imports}
message ${T}Row {
${fields}
}

message List${T}Request {
  int32 page_size = 1;
  string page_token = 2;
}

message List${T}Response {
  repeated ${T}Row rows = 1;
  string next_page_token = 2;
}

service ${T}Service {
  rpc List${T}(List${T}Request) returns (List${T}Response);
  rpc Get${T}(${T}Row) returns (${T}Row);
}
`;
  }
  writeTree(dir, files);
  mkdirSync(join(dir, "gen"));
  return dir;
}

/** Verilog modules of a small controller; `faults` picks the mistakes each tool reports. */
function verilogProject(id, faults) {
  const dir = scratch(id);
  const units = ["adder", "alu", "counter", "debounce", "decoder", "fifo", "mux4", "pwm", "regfile", "shifter", "timer", "uart_rx", "uart_tx"];
  const files = {};
  for (const [i, u] of units.entries()) {
    const w = 8;
    let body = `  reg [${w - 1}:0] q;\n  always @(posedge clk) begin\n    if (rst) q <= ${w}'d0;\n    else q <= a + b;\n  end\n  assign y = q ^ ${w}'d${i + 1};`;
    if (u === "adder") body = `  assign y = a + b;`;
    if (u === "fifo" && faults.includes("undeclared")) body = `  reg [${w - 1}:0] mem [0:15];\n  reg [3:0] wr_ptr;\n  always @(posedge clk) begin\n    if (rst) wr_ptr <= 4'd0;\n    else begin\n      mem[wr_ptrr] <= a;\n      wr_ptr <= wr_ptr + 4'd1;\n    end\n  end\n  assign y = mem[b[3:0]];`;
    if (u === "alu" && faults.includes("unknown-module")) body = `  wire [${w - 1}:0] p;\n  mult m0 (.a(a), .b(b), .p(p));\n  assign y = p;`;
    if (u === "pwm" && faults.includes("width")) body = `  reg [${w - 1}:0] q;\n  wire unused_tick;\n  always @(posedge clk) begin\n    if (rst) q <= 0;\n    else q <= a + b + 1;\n  end\n  assign y = q;`;
    if (u === "timer" && faults.includes("width")) body = `  reg [15:0] count;\n  always @(posedge clk) begin\n    count = count + a;\n  end\n  assign y = count;`;
    if (u === "shifter" && faults.includes("width")) body = `  reg [${w - 1}:0] q;\n  integer n;\n  always @(posedge clk) begin\n    q <= a << b;\n  end\n  assign y = q;`;
    files[`rtl/${u}.v`] = `// ${u}: one stage of the controller's datapath.\nmodule ${u} (\n  input wire clk,\n  input wire rst,\n  input wire [${w - 1}:0] a,\n  input wire [${w - 1}:0] b,\n  output wire [${w - 1}:0] y\n);\n${body}\nendmodule\n`;
  }
  const inst = units.map((u, i) => `  ${u} u_${u} (.clk(clk), .rst(rst), .a(${i === 0 ? "a" : `y${i - 1}`}), .b(${(u === "mux4" || u === "debounce" || u === "uart_rx") && faults.includes("port-width") ? "sel" : "b"}), .y(y${i}));`);
  files["rtl/top.v"] = `// top: the controller's datapath, stage after stage.\nmodule top (\n  input wire clk,\n  input wire rst,\n  input wire [7:0] a,\n  input wire [7:0] b,\n  input wire [1:0] sel,\n  output wire [7:0] y\n);\n${units.map((_, i) => `  wire [7:0] y${i};`).join("\n")}\n${inst.join("\n")}\n  assign y = y${units.length - 1};\nendmodule\n`;
  writeTree(dir, files);
  return dir;
}

/** C sources formatted to the project's style, but for three files edited by hand. */
function clangFormatProject(id) {
  const dir = scratch(id);
  const files = { ".clang-format": "BasedOnStyle: LLVM\nIndentWidth: 4\nColumnLimit: 100\n", "src/shop.h": "#ifndef SHOP_H\n#define SHOP_H\n\nstruct row {\n    const char *sku;\n    int qty;\n    double price;\n};\n\n" + MODULES.map((m) => `double ${m}_total(const struct row *rows, int n);\n`).join("") + "\n#endif\n" };
  for (const [i, m] of MODULES.entries()) {
    files[`src/${m}.c`] = `#include "shop.h"\n\n/* The ${m} total: quantity times price, with the area's factor. */\ndouble ${m}_total(const struct row *rows, int n)\n{\n    double sum = 0;\n    for (int i = 0; i < n; i++) {\n        if (rows[i].qty <= 0)\n            continue;\n        sum += rows[i].qty * rows[i].price;\n    }\n    return sum * ${1 + (i % 4) / 10};\n}\n`;
  }
  writeTree(dir, files);
  sh("clang-format -i src/*.c src/*.h", { cwd: dir });
  writeTree(dir, {
    "src/tax.c": `#include "shop.h"\n\n/* The tax total: each row at the region's rate. */\ndouble tax_total(const struct row *rows,int n)\n{\n  double sum=0;\n  for(int i=0;i<n;i++){\n    if (rows[i].qty<=0) continue;\n    sum += rows[i].qty*rows[i].price;\n  }\n  return sum*1.2;\n}\n`,
    "src/ledger.c": `#include "shop.h"\n\n/* The ledger total: postings are signed, refunds come negative. */\ndouble ledger_total(const struct row *rows, int n)\n{\n    double sum = 0;\n    for (int i = 0; i < n; i++)\n    {\n        sum += rows[i].qty * rows[i].price;\n    }\n    return sum;\n}\n`,
    "src/refunds.c": `#include "shop.h"\n\n/* The refunds total. */\ndouble refunds_total(const struct row *rows, int n)\n{\n    double sum = 0;\n    for (int i = 0; i < n; i++) { if (rows[i].qty < 0) sum += rows[i].qty * rows[i].price; else continue; }\n    return sum;\n}\n`,
  });
  return dir;
}

/** Order records for the report programs, one of whose quantity is not a number. */
function orderRows(bad) {
  const rows = [];
  for (let i = 1; i <= 110; i++) rows.push(`${1000 + i} ${MODULES[(i * 5) % MODULES.length]} ${i === bad ? "n/a" : (i % 7) + 1}`);
  return rows.join("\n") + "\n";
}

/** A Raku report over order records that logs each order, then meets a quantity that is not a number. */
function rakuProject(id) {
  const dir = scratch(id);
  writeTree(dir, {
    "orders.txt": orderRows(83),
    "report.raku": `my %prices = ${MODULES.map((m, i) => `${m} => ${i + 3}`).join(", ")};

sub order-total(@fields) {
    my Int $qty = +@fields[2];
    return $qty * %prices{@fields[1]};
}

sub report($file) {
    my $sum = 0;
    my $n = 0;
    for $file.IO.lines -> $line {
        my @fields = $line.words;
        my $total = order-total(@fields);
        $sum += $total;
        $n++;
        say "order @fields[0] @fields[1] total $total running $sum";
    }
    say "$n orders, $sum in total";
}

report('orders.txt');
`,
  });
  return dir;
}

/** C# sources of a shop library: two files refer to names that do not exist, others declare what they never use. */
function csharpLibrary(id) {
  const dir = scratch(id);
  const files = {};
  for (const [i, m] of MODULES.entries()) {
    const T = cap(m);
    let extra = "";
    if (i % 4 === 2) extra += `\n        public static int Unused${T}()\n        {\n            int spare;\n            return 0;\n        }\n`;
    if (m === "tax") extra += `\n        public static decimal Rate(string region)\n        {\n            return region == "eu" ? rat : 0.07m;\n        }\n`;
    if (m === "invoices") extra += `\n        public static string Render(${T}Row row)\n        {\n            return row.Name + ": " + row.Totl();\n        }\n`;
    if (m === "ledger") extra += `\n        public static bool Posted(${T}Row row)\n        {\n            if (row.Qty = 0) return false;\n            return true;\n        }\n`;
    files[`src/${T}.cs`] = `using System;
using System.Collections.Generic;

namespace Shop
{
    public class ${T}Row
    {
        public string Name;
        public int Qty;
        public decimal Price;

        public decimal Total()
        {
            return Price * Qty * ${1 + (i % 5) / 10}m;
        }
    }

    public static class ${T}
    {
        public static decimal Sum(List<${T}Row> rows)
        {
            decimal sum = 0;
            foreach (var row in rows) sum += row.Total();
            return sum;
        }
${extra}    }
}
`;
  }
  writeTree(dir, files);
  return dir;
}

/** A C# report over order records, compiled with debug symbols, that logs each order until an area its price table lacks. */
function monoProject(id) {
  const dir = scratch(id);
  const rows = [];
  for (let i = 1; i <= 110; i++) rows.push(`${1000 + i} ${i === 83 ? "refunds" : MODULES[(i * 5) % (MODULES.length - 1)]} ${(i % 7) + 1}`);
  writeTree(dir, {
    "orders.txt": rows.join("\n") + "\n",
    "Report.cs": `using System;
using System.Collections.Generic;
using System.IO;

namespace Shop
{
    static class Prices
    {
        static readonly Dictionary<string, int> table = new Dictionary<string, int>
        {
${MODULES.slice(0, -1).map((m, i) => `            { "${m}", ${i + 3} },`).join("\n")}
        };

        public static int Of(string area)
        {
            return table[area];
        }
    }

    static class Report
    {
        static int OrderTotal(string[] fields)
        {
            return int.Parse(fields[2]) * Prices.Of(fields[1]);
        }

        static void Main(string[] args)
        {
            int sum = 0, n = 0;
            foreach (var line in File.ReadLines(args[0]))
            {
                var fields = line.Split(' ');
                int total = OrderTotal(fields);
                sum += total;
                n++;
                Console.WriteLine("order {0} {1} total {2} running {3}", fields[0], fields[1], total, sum);
            }
            Console.WriteLine("{0} orders, {1} in total", n, sum);
        }
    }
}
`,
  });
  sh("mcs -debug -out:report.exe Report.cs", { cwd: dir });
  return dir;
}

/** Application entries of a desktop suite: most valid, a few with unknown categories, keys and missing values. */
function desktopProject(id) {
  const dir = scratch(id);
  const files = {};
  for (const [i, m] of MODULES.entries()) {
    const T = cap(m);
    let entry = `[Desktop Entry]\nType=Application\nName=Shop ${T}\nGenericName=${T} manager\nComment=Manage the shop's ${m}\nExec=shop-${m} %U\nIcon=shop-${m}\nTerminal=false\nCategories=Office;Finance;\nKeywords=shop;${m};\n`;
    if (m === "stock") entry = entry.replace("Categories=Office;Finance;", "Categories=Office;Inventory;");
    if (m === "ledger") entry = entry.replace("Exec=shop-ledger %U\n", "").replace("Type=Application", "Type=Aplication");
    if (m === "invoices") entry += "MimeType=application/pdf\nX-Shop-Print=true\nPrintable=true\n";
    if (m === "refunds") entry = entry.replace("Categories=Office;Finance;", "Categories=Office;Finance;Finance;Office").replace("Terminal=false", "Terminal=no");
    if (i % 5 === 3) entry += `\n[Desktop Action new]\nName=New ${T}\nExec=shop-${m} --new\n`;
    files[`apps/shop-${m}.desktop`] = entry;
  }
  writeTree(dir, files);
  return dir;
}

/** A reStructuredText guide, long, with a few broken references and a malformed table among its sections. */
function rstProject(id) {
  const dir = scratch(id);
  const parts = ["Shop operations guide", "=====================", "", ".. contents::", ""];
  for (const [i, m] of MODULES.entries()) {
    const T = cap(m);
    parts.push(`${T}`, "-".repeat(T.length), "", `The ${m} service keeps its rows in the \`\`${m}\`\` table. Each row has a SKU, a quantity and a price;`, `the total is the quantity times the price, with the area's factor of ${1 + (i % 4) / 10}.`, "");
    parts.push(`To list the ${m} rows, run::`, "", `    shop ${m} list --page-size 50`, "", `See the reference for ${m}_ for the options.`, "");
    if (m === "tax") parts.push("Rates by region:", "", "======  =====", "Region  Rate", "======  =====", "eu      20", "us      7     extra", "======  =====", "");
    if (m === "ledger") parts.push(`Postings are never edited; a correction is a new posting (see `, "`the correction rules`_).", "");
    if (m === "refunds") parts.push("Refunds above the limit need a second approval, see :ref:`approvals`.", "", ".. note::", "", "   A refund is posted to the ledger_ the same day.", "");
    parts.push(`.. _${m}: https://docs.shop.example/reference/${m}`, "");
  }
  writeTree(dir, { "docs/guide.rst": parts.join("\n") + "\n" });
  return dir;
}

/** AVA test files, one per area: most pass, three fail on a wrong total, a changed object and a missing throw. */
function avaProject(id) {
  const dir = scratch(id);
  const files = { "package.json": '{ "name": "shop", "private": true, "type": "module" }\n' };
  for (const [i, m] of MODULES.entries()) {
    const factor = 1 + (i % 4) / 10;
    files[`src/${m}.js`] = `export function total(rows) {\n  return Math.round(rows.reduce((s, r) => s + r.qty * r.price, 0) * ${factor} * 100) / 100;\n}\n\nexport function row(sku, qty, price) {\n  if (qty < 0) throw new RangeError("negative quantity");\n  return { sku, qty, price${m === "coupons" ? ", code: sku.slice(0, 3)" : ""} };\n}\n`;
    const expect = m === "tax" ? 13.2 : Math.round(12 * factor * 100) / 100;
    let tests = `test("total of no rows is 0", (t) => {\n  t.is(total([]), 0);\n});\n\ntest("total of two rows", (t) => {\n  t.is(total([row("a", 2, 3), row("b", 1, 6)]), ${expect});\n});\n\ntest("row keeps its fields", (t) => {\n  t.deepEqual(row("sku-1", 2, 3), { sku: "sku-1", qty: 2, price: 3 });\n});\n\ntest("negative quantity throws", (t) => {\n  t.throws(() => row("x", -1, 3), { instanceOf: RangeError });\n});\n`;
    if (m === "returns") tests = tests.replace('row("x", -1, 3)', 'row("x", 0, 3)');
    files[`test/${m}.test.js`] = `import test from "ava";\nimport { row, total } from "../src/${m}.js";\n\n${tests}`;
  }
  writeTree(dir, files);
  return linkNodeTools(dir);
}

/** A small site's pages: most valid, a few with nesting, attribute and structure faults html-validate reports. */
function siteProject(id) {
  const dir = scratch(id);
  const files = { ".htmlvalidate.json": '{ "extends": ["html-validate:recommended"] }\n' };
  for (const m of MODULES) {
    const T = cap(m);
    let main = `    <main>\n      <h1>${T}</h1>\n      <p>The shop's ${m}, by day.</p>\n      <table>\n        <thead>\n          <tr><th scope="col">Day</th><th scope="col">Rows</th></tr>\n        </thead>\n        <tbody>\n          <tr><td>Monday</td><td>12</td></tr>\n          <tr><td>Tuesday</td><td>9</td></tr>\n        </tbody>\n      </table>\n      <a href="/${m}/export.csv">Export</a>\n    </main>`;
    if (m === "stock") main = main.replace("<p>The shop's stock, by day.</p>", `<p>The shop's stock, <div>by day</div>.</p>\n      <img src="/img/stock.png">`);
    if (m === "invoices") main = main.replace('<a href="/invoices/export.csv">Export</a>', '<button onclick="exportCsv()">Export</button>\n      <input type="text" id="search">\n      <a href="/invoices/export.csv" id="search">Export</a>');
    if (m === "refunds") main = main.replace("<h1>Refunds</h1>", "<h1>Refunds</h1>\n      <h3>Pending</h3>\n      <ul><li>None<li>Later</ul>");
    files[`site/${m}.html`] = `<!DOCTYPE html>\n<html lang="en">\n  <head>\n    <meta charset="utf-8">\n    <title>Shop ${m}</title>\n  </head>\n  <body>\n${main}\n  </body>\n</html>\n`;
  }
  writeTree(dir, files);
  return linkNodeTools(dir);
}

/** Order documents checked against their schema: most valid, a few with wrong types, missing and extra properties. */
function ajvProject(id) {
  const dir = scratch(id);
  const schema = {
    $schema: "http://json-schema.org/draft-07/schema#",
    type: "object",
    required: ["id", "customer", "items"],
    additionalProperties: false,
    properties: {
      id: { type: "string", pattern: "^ord-[0-9]+$" },
      customer: { type: "string", minLength: 1 },
      items: {
        type: "array",
        minItems: 1,
        items: {
          type: "object",
          required: ["sku", "qty", "price"],
          additionalProperties: false,
          properties: { sku: { type: "string" }, qty: { type: "integer", minimum: 1 }, price: { type: "number", minimum: 0 } },
        },
      },
      note: { type: "string" },
    },
  };
  const files = { "schema/order.json": JSON.stringify(schema, null, 2) + "\n" };
  for (let i = 1; i <= 16; i++) {
    const doc = { id: `ord-${1000 + i}`, customer: `customer-${i}`, items: [{ sku: `sku-${i}`, qty: (i % 3) + 1, price: 4.5 * i }, { sku: `sku-${i + 1}`, qty: 1, price: 2 }] };
    if (i === 5) doc.items[1].qty = "2";
    if (i === 9) (delete doc.customer, (doc.coupon = "SPRING"));
    if (i === 12) ((doc.id = "1012"), (doc.items[0].qty = 0));
    files[`data/order-${String(i).padStart(2, "0")}.json`] = JSON.stringify(doc, null, 2) + "\n";
  }
  writeTree(dir, files);
  return linkNodeTools(dir);
}

/** JavaScript sources with the faults oxlint's default rules report, in a few files among clean ones. */
function oxlintProject(id) {
  const dir = scratch(id);
  const files = {};
  for (const [i, m] of MODULES.entries()) {
    let body = `export function total${cap(m)}(rows) {\n  let sum = 0;\n  for (const row of rows) {\n    sum += row.qty * row.price;\n  }\n  return sum * ${1 + (i % 4) / 10};\n}\n`;
    if (m === "tax") body += `\nexport function rate(region) {\n  const table = { eu: 20, us: 7 };\n  debugger;\n  if (region === NaN) return 0;\n  return table[region];\n}\n`;
    if (m === "ledger") body += `\nexport function post(rows, amount) {\n  const unused = rows.length;\n  rows.push({ qty: 1, price: amount });\n  return rows;\n}\n`;
    if (m === "refunds") body += `\nexport function limit(row) {\n  if (typeof row.price === "numbr") return 0;\n  return row.price > 100 ? 100 : row.price;\n}\n`;
    files[`src/${m}.js`] = body;
  }
  writeTree(dir, files);
  return linkNodeTools(dir);
}

/** A service's source tree: packages, tests, migrations and assets, a few levels deep. */
function treeProject(id) {
  const dir = scratch(id);
  const files = { "shop/README.md": "# shop\n", "shop/package.json": "{}\n", "shop/.env.example": "PORT=8080\n" };
  for (const [i, m] of MODULES.entries()) {
    files[`shop/src/${m}/index.js`] = "";
    files[`shop/src/${m}/${m}.service.js`] = "";
    if (i % 2 === 0) files[`shop/src/${m}/${m}.repository.js`] = "";
    files[`shop/test/${m}.test.js`] = "";
    files[`shop/migrations/${String(i + 1).padStart(4, "0")}_create_${m}.sql`] = "";
  }
  for (const a of ["logo.svg", "favicon.ico", "fonts/inter.woff2", "css/site.css", "css/print.css"]) files[`shop/public/${a}`] = "";
  writeTree(dir, files);
  return dir;
}

/** A C library with a test program run under coverage: some areas tested well, some barely. */
function gcovrProject(id) {
  const dir = scratch(id);
  const files = {};
  const tested = new Set(["cart", "pricing", "stock", "shipping", "accounts", "billing", "payments"]);
  for (const m of MODULES) {
    files[`src/${m}.c`] = `#include "shop.h"\n\ndouble ${m}_total(const struct row *rows, int n)\n{\n    double sum = 0;\n    for (int i = 0; i < n; i++) {\n        if (rows[i].qty <= 0)\n            continue;\n        sum += rows[i].qty * rows[i].price;\n    }\n    return sum;\n}\n\nint ${m}_check(const struct row *r)\n{\n    if (r->qty < 0)\n        return -1;\n    if (r->price < 0)\n        return -2;\n    if (r->qty > 1000)\n        return -3;\n    return 0;\n}\n`;
  }
  files["src/shop.h"] = `struct row { const char *sku; int qty; double price; };\n${MODULES.map((m) => `double ${m}_total(const struct row *rows, int n);\nint ${m}_check(const struct row *r);\n`).join("")}`;
  files["test/run.c"] = `#include <stdio.h>\n#include "../src/shop.h"\n\nint main(void)\n{\n    struct row rows[2] = { { "a", 2, 3.0 }, { "b", 0, 1.0 } };\n    double sum = 0;\n${[...tested].map((m) => `    sum += ${m}_total(rows, 2);\n    sum += ${m}_check(&rows[0]);\n`).join("")}    printf("%.2f\\n", sum);\n    return 0;\n}\n`;
  writeTree(dir, files);
  sh(`gcc --coverage -O0 -o run test/run.c ${MODULES.map((m) => `src/${m}.c`).join(" ")} && ./run`, { cwd: dir });
  return dir;
}

export default [
  {
    id: "protoc-undefined-types",
    program: "protoc",
    category: "CommandOutput",
    setup: () => protoProject("protoc-undefined-types"),
    command: "protoc -I proto --cpp_out=gen proto/shop/*.proto",
    exitCode: 1,
    versions: ["protoc --version"],
    facts: (f) =>
      f
        .errorLines(`grep -E '^shop/[a-z]+\\.proto:[0-9]+:[0-9]+: ' "$OUT" | grep -v ': warning: '`)
        .mustKeep(`grep -E ': warning: ' "$OUT" | head -n 2`),
  },
  {
    id: "iverilog-elaboration-errors",
    program: "iverilog",
    category: "CommandOutput",
    setup: () => verilogProject("iverilog-elaboration-errors", ["undeclared", "port-width"]),
    command: "iverilog -Wall -o top.vvp rtl/*.v",
    exitCode: 1,
    versions: ["iverilog -V 2>&1 | head -n 1"],
    facts: (f) =>
      f
        .errorLines(`grep -E '^rtl/[a-z_]+\\.v:[0-9]+: error: ' "$OUT"`)
        .mustKeep(`grep -E '^[0-9]+ error\\(s\\) during elaboration' "$OUT"`)
        .count("warnings", `grep -c ': warning: ' "$OUT"`),
  },
  {
    id: "verilator-lint-warnings",
    program: "verilator",
    category: "CommandOutput",
    setup: () => verilogProject("verilator-lint-warnings", ["width", "port-width"]),
    command: "verilator --lint-only -Wall --top-module top rtl/*.v",
    exitCode: 1,
    versions: ["verilator --version"],
    facts: (f) =>
      f
        .errorLines(`grep -E '^%(Warning|Error)-[A-Z]+: rtl/' "$OUT"`)
        .mustKeep(`grep -E '^%Error: Exiting due to' "$OUT"`),
  },
  {
    id: "clang-format-dry-run",
    program: "clang-format",
    category: "CommandOutput",
    setup: () => clangFormatProject("clang-format-dry-run"),
    command: "clang-format --dry-run -Werror src/*.c src/*.h",
    exitCode: 1,
    versions: ["clang-format --version"],
    facts: (f) =>
      f
        .mustKeep(`grep -oE '^src/[a-z]+\\.c' "$OUT" | sort -u`)
        .count("violations", `grep -c 'code should be clang-formatted' "$OUT"`),
  },
  {
    id: "raku-error-after-log",
    program: "raku",
    category: "CommandOutput",
    setup: () => rakuProject("raku-error-after-log"),
    command: "raku report.raku",
    env: { RAKUDO_ERROR_COLOR: "0" },
    exitCode: 1,
    versions: ["raku --version | head -n 1"],
    facts: (f) =>
      f
        .errorLines(`grep -vE '^order ' "$OUT" | grep -E "Cannot|failed" | sed -E 's/^\\s+//'`)
        .mustKeep(`grep -E '^\\s+in ' "$OUT" | sed -E 's/^\\s+//' | sort -u`)
        .mustKeep(`grep -E '^order ' "$OUT" | tail -n 1`)
        .count("ordersLogged", `grep -c '^order ' "$OUT"`),
  },
  {
    id: "mcs-compile-errors",
    program: "mcs",
    category: "CommandOutput",
    setup: () => csharpLibrary("mcs-compile-errors"),
    command: "mcs -warn:4 -target:library -out:shop.dll src/*.cs",
    exitCode: 1,
    versions: ["mcs --version"],
    facts: (f) =>
      f
        .errorLines(`grep -E '^src/[A-Za-z]+\\.cs\\([0-9]+,[0-9]+\\): error ' "$OUT"`)
        .mustKeep(`grep -E '^Compilation failed: ' "$OUT"`)
        .count("warnings", `grep -cE '\\): warning CS' "$OUT"`),
  },
  {
    id: "mono-unhandled-exception",
    program: "mono",
    category: "CommandOutput",
    setup: () => monoProject("mono-unhandled-exception"),
    command: "mono --debug report.exe orders.txt",
    exitCode: 1,
    versions: ["mono --version | head -n 1"],
    facts: (f) =>
      f
        .errorLines(`grep -E '^(Unhandled Exception:|\\[ERROR\\] FATAL UNHANDLED EXCEPTION: )?System\\.[A-Za-z.]+Exception: ' "$OUT" | head -n 1`)
        .mustKeep(`grep -oE 'at Shop\\.[A-Za-z.]+ \\([^)]*\\)' "$OUT" | sort -u`)
        .mustKeep(`grep -E '^order ' "$OUT" | tail -n 1`)
        .count("ordersLogged", `grep -c '^order ' "$OUT"`),
  },
  {
    id: "desktop-file-validate-entries",
    program: "desktop-file-validate",
    category: "CommandOutput",
    setup: () => desktopProject("desktop-file-validate-entries"),
    command: "desktop-file-validate apps/*.desktop",
    exitCode: 1,
    versions: ["dpkg-query -W -f '${Version}' desktop-file-utils"],
    facts: (f) =>
      f
        .errorLines(`grep -E '^apps/[a-z-]+\\.desktop: error: ' "$OUT"`)
        .count("warnings", `grep -c ': warning: ' "$OUT"`),
  },
  {
    id: "rst2html-broken-references",
    program: "rst2html",
    category: "CommandOutput",
    setup: () => rstProject("rst2html-broken-references"),
    command: "rst2html docs/guide.rst",
    exitCode: 0,
    versions: ["rst2html --version"],
    facts: (f) =>
      f
        .errorLines(`grep -oE '^docs/guide\\.rst:[0-9]+: \\((ERROR|SEVERE)/[0-9]\\) .*' "$OUT"`)
        .mustKeep(`grep -oE '<title>[^<]*</title>' "$OUT"`)
        .count("sections", `grep -c '<div class="section" id=' "$OUT"`),
  },
  {
    id: "ava-failing-tests",
    program: "ava",
    category: "CommandOutput",
    setup: () => avaProject("ava-failing-tests"),
    command: "npx ava",
    env: { FORCE_COLOR: "0" },
    exitCode: 1,
    versions: ["npx ava --version"],
    note: "the order in which test files finish varies",
    facts: (f) =>
      f
        .errorLines(`grep -E '^\\s+✘ ' "$OUT" | sed -E 's/^\\s+//' | sort -u`)
        .mustKeep(`grep -E '^\\s+[0-9]+ tests? (failed|passed)' "$OUT" | sed -E 's/^\\s+//'`),
  },
  {
    id: "html-validate-site",
    program: "html-validate",
    category: "CommandOutput",
    setup: () => siteProject("html-validate-site"),
    command: "npx html-validate site",
    exitCode: 1,
    versions: ["npx html-validate --version"],
    facts: (f) =>
      f
        .errorLines(`grep -E '^\\s+[0-9]+:[0-9]+\\s+error\\s' "$OUT" | sed -E 's/^\\s+//'`)
        .mustKeep(`grep -E '^/.*site/[a-z]+\\.html$' "$OUT"`)
        .mustKeep(`grep -E '^✖ [0-9]+ problems?' "$OUT"`),
  },
  {
    id: "ajv-validate-documents",
    program: "ajv",
    category: "CommandOutput",
    setup: () => ajvProject("ajv-validate-documents"),
    command: 'npx ajv validate -s schema/order.json -d "data/*.json" --all-errors --errors=text',
    exitCode: 1,
    versions: ["npm ls --prefix " + FRESH_NODE_TOOLS + " ajv-cli | grep ajv-cli"],
    facts: (f) =>
      f
        .errorLines(`grep -E ' invalid$' "$OUT"`)
        .errorLines(`grep -A 1 -E ' invalid$' "$OUT" | grep -vE ' invalid$|^--$'`)
        .count("valid", `grep -cE ' valid$' "$OUT"`),
  },
  {
    id: "oxlint-sources",
    program: "oxlint",
    category: "CommandOutput",
    setup: () => oxlintProject("oxlint-sources"),
    command: "npx oxlint src",
    exitCode: 0,
    versions: ["npx oxlint --version"],
    note: "the time the check took varies",
    facts: (f) =>
      f
        .errorLines(`grep -E '^  ! [a-z-]+\\(' "$OUT" | sed -E 's/^\\s+//'`)
        .mustKeep(`grep -oE 'src/[a-z]+\\.js:[0-9]+:[0-9]+' "$OUT"`)
        .mustKeep(`grep -E '^Found [0-9]+ warnings? and [0-9]+ errors?' "$OUT"`),
  },
  {
    id: "tree-service-sources",
    program: "tree",
    category: "DirectoryListing",
    setup: () => treeProject("tree-service-sources"),
    command: "tree -a --dirsfirst --charset=ascii shop",
    exitCode: 0,
    versions: ["tree --version"],
    facts: (f) =>
      f
        .mustKeep(`grep -E '^[0-9]+ directories, [0-9]+ files$' "$OUT"`)
        .mustKeep(`find shop -mindepth 1 -maxdepth 1 -printf '%f\\n' | sort`)
        .count("files", `find shop -type f | wc -l`),
  },
  {
    id: "gcovr-under-threshold",
    program: "gcovr",
    category: "CommandOutput",
    setup: () => gcovrProject("gcovr-under-threshold"),
    command: "gcovr -r . --fail-under-line 80",
    exitCode: 2,
    versions: ["gcovr --version | head -n 1"],
    facts: (f) =>
      f
        .errorLines(`grep -E 'failed minimum line coverage' "$OUT"`)
        .mustKeep(`grep -E '^TOTAL ' "$OUT"`)
        .mustKeep(`grep -E '^src/[a-z]+\\.c +[0-9]+ +0 +0%' "$OUT" | awk '{ print $1 }'`),
  },
];
