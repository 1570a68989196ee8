// Runtimes, memory tools, tracers, test runners and linters the other captures lack: LuaJIT and
// CHICKEN Scheme stopping on an error after a log, tcc's bounds checker stopping a run part-way,
// heaptrack's report over a program that leaks, uftrace's call trace of a run that fails on one
// record, DejaGnu's runtest, Check and cmocka suites with failures among passes, php -l over a tree
// with parse errors, splint over a C library, HTML Tidy over a site's pages and chktex over a thesis.
import { scratch, writeTree } from "./lib.mjs";

const AREAS = ["cart", "pricing", "stock", "tax", "ledger", "shipping", "returns", "coupons"];
/** A larger library's modules, for the runs where failures sit among many passes. */
const MODULES = [...AREAS, "accounts", "billing", "currency", "invoices", "payments", "refunds"];
const cap = (s) => s[0].toUpperCase() + s.slice(1);

/**
 * Order records as text: `id area qty price`. The areas cycle over all modules but the last, which only
 * the row at lateAt names; the row at badAt has a price that is not a number, the one at bulkAt a quantity of 16.
 */
function orderLines(n, { badAt = 0, bulkAt = 0, lateAt = 0 } = {}) {
  const rows = [];
  for (let i = 1; i <= n; i++) {
    const area = i === lateAt ? MODULES.at(-1) : MODULES[(i * 5) % (MODULES.length - 1)];
    rows.push(`${1000 + i} ${area} ${i === bulkAt ? 16 : (i % 7) + 1} ${i === badAt ? "12,50" : `${(i * 37) % 90 + 10}.${String((i * 13) % 100).padStart(2, "0")}`}`);
  }
  return rows.join("\n") + "\n";
}

/** A Lua order processor that logs each order, then indexes a missing tax band. */
function luajitProject(id) {
  const dir = scratch(id);
  const bands = MODULES.filter((m) => m !== "refunds").map((m, i) => `  ${m} = { rate = ${(i % 4) * 5}, label = "${m}" },`).join("\n");
  writeTree(dir, {
    "orders.txt": orderLines(140, { lateAt: 97 }),
    "bands.lua": `return {\n${bands}\n}\n`,
    "process.lua": `local bands = dofile("bands.lua")

local function tax_for(area, amount)
  local band = bands[area]
  return amount * band.rate / 100
end

local function line_total(order)
  local net = order.qty * order.price
  return net + tax_for(order.area, net)
end

local count, sum = 0, 0
io.stdout:setvbuf("line") -- the log shows each order as it is posted
for line in io.lines("orders.txt") do
  local id, area, qty, price = line:match("^(%d+) (%a+) (%d+) ([%d.]+)$")
  local order = { id = tonumber(id), area = area, qty = tonumber(qty), price = tonumber(price) }
  local total = line_total(order)
  count, sum = count + 1, sum + total
  io.write(string.format("order %d %-9s qty %d total %9.2f running %10.2f\\n", order.id, area, order.qty, total, sum))
end
print(string.format("processed %d orders, %.2f in total", count, sum))
`,
  });
  return dir;
}

/** A CHICKEN Scheme report over the same orders: the price table lacks one area. */
function csiProject(id) {
  const dir = scratch(id);
  const prices = MODULES.filter((m) => m !== "refunds").map((m, i) => `(${m} . ${i + 3})`).join(" ");
  writeTree(dir, {
    "orders.txt": orderLines(120, { lateAt: 88 }),
    "report.scm": `(import (chicken io) (chicken string) (chicken format))

(define prices '(${prices}))

(define (unit-price area) (cdr (assq area prices)))

(define (order-total fields)
  (let ((area (string->symbol (cadr fields)))
        (qty (string->number (caddr fields))))
    (* qty (unit-price area))))

(define (report port n sum)
  (let ((line (read-line port)))
    (if (eof-object? line)
        (printf "~a orders, ~a units in total~%" n sum)
        (let* ((fields (string-split line " "))
               (total (order-total fields)))
          (printf "order ~a ~a total ~a running ~a~%" (car fields) (cadr fields) total (+ sum total))
          (flush-output)
          (report port (+ n 1) (+ sum total))))))

(call-with-input-file "orders.txt" (lambda (port) (report port 0 0)))
`,
  });
  return dir;
}

/** A C batch job that logs each record, then reads one past the end of a buffer tcc's bounds checker guards. */
function tccProject(id) {
  const dir = scratch(id);
  writeTree(dir, {
    "orders.txt": orderLines(90, { bulkAt: 63 }),
    "batch.c": `#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_LINES 8

struct order { int id; char area[16]; int qty; double price; };

static double weights[MAX_LINES] = { 1.0, 1.0, 0.9, 0.9, 0.8, 0.8, 0.7, 0.7 };

/* Discount weight for an order: one per quantity, capped at MAX_LINES (the cap is off by one). */
static double weight_for(int qty)
{
    int slot = qty > MAX_LINES ? MAX_LINES : qty;
    return weights[slot];
}

static double order_total(const struct order *o)
{
    return o->qty * o->price * weight_for(o->qty);
}

static int read_order(FILE *in, struct order *o)
{
    return fscanf(in, "%d %15s %d %lf", &o->id, o->area, &o->qty, &o->price) == 4;
}

int main(void)
{
    FILE *in = fopen("orders.txt", "r");
    struct order o;
    double sum = 0;
    int n = 0;
    if (!in) { perror("orders.txt"); return 1; }
    setvbuf(stdout, NULL, _IOLBF, 0); /* the log shows each order as it is posted */
    while (read_order(in, &o)) {
        double t = order_total(&o);
        sum += t;
        n++;
        printf("order %d %-9s qty %d total %9.2f running %10.2f\\n", o.id, o.area, o.qty, t, sum);
    }
    printf("%d orders, %.2f in total\\n", n, sum);
    fclose(in);
    return 0;
}
`,
  });
  return dir;
}

/** A C cache simulator that leaks evicted entries and a per-run buffer. */
function heaptrackProject(id) {
  const dir = scratch(id);
  writeTree(dir, {
    "cache.c": `#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct entry { char *key; char *value; struct entry *next; };
struct cache { struct entry **slots; int size; int count; };

static struct cache *cache_new(int size)
{
    struct cache *c = malloc(sizeof *c);
    c->slots = calloc(size, sizeof *c->slots);
    c->size = size;
    c->count = 0;
    return c;
}

static unsigned hash(const char *s)
{
    unsigned h = 5381;
    while (*s) h = h * 33 + (unsigned char)*s++;
    return h;
}

/* Evicts a slot's chain when it grows past four entries; forgets to free the keys and values. */
static void evict(struct entry *e)
{
    while (e) {
        struct entry *next = e->next;
        free(e);
        e = next;
    }
}

static void cache_put(struct cache *c, const char *key, const char *value)
{
    unsigned slot = hash(key) % c->size;
    struct entry *e = malloc(sizeof *e);
    int depth = 0;
    e->key = strdup(key);
    e->value = strdup(value);
    e->next = c->slots[slot];
    c->slots[slot] = e;
    for (struct entry *p = e; p; p = p->next) depth++;
    if (depth > 4) {
        evict(e->next);
        e->next = NULL;
    }
    c->count++;
}

static char *render_report(const struct cache *c)
{
    char *out = malloc(64 * c->size);
    out[0] = 0;
    for (int i = 0; i < c->size; i++) {
        int n = 0;
        for (struct entry *p = c->slots[i]; p; p = p->next) n++;
        sprintf(out + strlen(out), "%d ", n);
    }
    return out;
}

static void cache_free(struct cache *c)
{
    for (int i = 0; i < c->size; i++) {
        struct entry *e = c->slots[i];
        while (e) {
            struct entry *next = e->next;
            free(e->key);
            free(e->value);
            free(e);
            e = next;
        }
    }
    free(c->slots);
    free(c);
}

int main(void)
{
    for (int run = 0; run < 3; run++) {
        struct cache *c = cache_new(16);
        char key[32], value[64];
        for (int i = 0; i < 400; i++) {
            snprintf(key, sizeof key, "sku-%d", (i * 7919 + run) % 997);
            snprintf(value, sizeof value, "price=%d.%02d stock=%d", i % 90, i % 100, i % 13);
            cache_put(c, key, value);
        }
        char *report = render_report(c);
        printf("run %d: %d puts, chains %s\\n", run, c->count, report);
        cache_free(c);
    }
    return 0;
}
`,
  });
  return dir;
}

/** A C ledger importer built for uftrace: it checks each record and stops on one whose amount does not parse. */
function uftraceProject(id) {
  const dir = scratch(id);
  writeTree(dir, {
    "ledger.txt": orderLines(60, { badAt: 41 }),
    "ledger.c": `#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct record { int id; char area[16]; int qty; char amount[16]; };

static int parse_cents(const char *text, long *cents)
{
    char *end;
    double v = strtod(text, &end);
    if (*end != 0) return -1;
    *cents = (long)(v * 100 + 0.5);
    return 0;
}

static int check_area(const char *area)
{
    return strlen(area) > 2;
}

static long post(const struct record *r, long balance)
{
    long cents;
    if (!check_area(r->area)) return balance;
    if (parse_cents(r->amount, &cents) != 0) {
        fprintf(stderr, "ledger: record %d: amount '%s' is not a number\\n", r->id, r->amount);
        exit(2);
    }
    return balance + cents * r->qty;
}

int main(int argc, char **argv)
{
    FILE *in = fopen(argc > 1 ? argv[1] : "ledger.txt", "r");
    struct record r;
    long balance = 0;
    int n = 0;
    while (fscanf(in, "%d %15s %d %15s", &r.id, r.area, &r.qty, r.amount) == 4) {
        balance = post(&r, balance);
        n++;
    }
    printf("%d records, balance %ld.%02ld\\n", n, balance / 100, balance % 100);
    return 0;
}
`,
  });
  return dir;
}

/** A small calculator with a DejaGnu test suite: integer division and negative modulo are wrong. */
function runtestProject(id) {
  const dir = scratch(id);
  const cases = [];
  for (const [i, area] of MODULES.entries()) {
    const a = (i + 3) * 7;
    const b = (i % 5) + 2;
    cases.push(`    "${area} sum" "${a} + ${b}" ${a + b}`);
    cases.push(`    "${area} product" "${a} * ${b}" ${a * b}`);
    cases.push(`    "${area} difference" "${b} - ${a}" ${b - a}`);
    cases.push(`    "${area} quotient" "${a} / ${b}" ${Math.trunc(a / b)}`);
    if (i % 4 === 1) cases.push(`    "${area} remainder" "-${a} % ${b}" ${-(a % b)}`);
  }
  writeTree(dir, {
    "calc": `#!/bin/sh
# calc EXPR: evaluates one integer expression "A OP B".
set -f
a=$1; op=$2; b=$3
case "$op" in
  /) awk -v a="$a" -v b="$b" 'BEGIN { printf "%.0f\\n", a / b }' ;;
  %) awk -v a="$a" -v b="$b" 'BEGIN { r = a % b; if (r < 0) r += b; print r }' ;;
  *) echo $(( a $op b )) ;;
esac
`,
    "testsuite/lib/calc.exp": `proc calc_version {} { clone_output "calc 1.0" }\nproc calc_exit {} {}\n`,
    "testsuite/config/unix.exp": "",
    "testsuite/calc.arith/arith.exp": `# Each case: a name, the expression, the expected result.
set cases {
${cases.join("\n")}
}
foreach {name expr want} $cases {
    if {[catch {exec sh ./calc {*}$expr} got]} {
        unresolved "$name: calc failed: $got"
        continue
    }
    if {$got eq $want} {
        pass "$name"
    } else {
        fail "$name: $expr gave $got, expected $want"
    }
}
`,
    "testsuite/calc.arith/errors.exp": `# Division by zero must be refused with a message and a non-zero exit.
foreach area {${MODULES.slice(0, 6).join(" ")}} {
    if {[catch {exec sh ./calc 7 / 0} got]} {
        pass "$area: division by zero refused"
    } else {
        fail "$area: division by zero gave $got"
    }
}
`,
  });
  return dir;
}

/** A C library with a Check test suite per area: a wrong total, an off-by-one and a crash. */
function checkProject(id) {
  const dir = scratch(id);
  const files = {};
  const suites = [];
  for (const [i, area] of MODULES.entries()) {
    const tests = [];
    for (let k = 0; k < 7; k++) {
      const want = (area === "tax" && k === 3) || (area === "invoices" && k === 5) ? 3 * (k + i + 1) + 1 : 3 * (k + i + 1);
      tests.push(`START_TEST(test_${area}_step_${k})\n{\n    ck_assert_int_eq(step(3, ${k}, ${i + 1}), ${want});\n}\nEND_TEST`);
    }
    const crash = area === "ledger";
    tests.push(`START_TEST(test_${area}_label)\n{\n    const char *label = ${crash ? "lookup_label(99)" : `lookup_label(${i % 4})`};\n    ck_assert_int_gt((int)strlen(label), 0);\n}\nEND_TEST`);
    tests.push(`START_TEST(test_${area}_clamp)\n{\n    ck_assert_msg(clamp(${area === "stock" ? 120 : 50}, 0, 100) == ${area === "stock" ? 120 : 50}, "clamp kept ${area} within range");\n}\nEND_TEST`);
    files[`tests/check_${area}.c`] = `#include <check.h>\n#include <string.h>\n#include "../src/shop.h"\n\n${tests.join("\n\n")}\n\nSuite *${area}_suite(void)\n{\n    Suite *s = suite_create("${area}");\n    TCase *tc = tcase_create("core");\n${[...Array(7).keys()].map((k) => `    tcase_add_test(tc, test_${area}_step_${k});`).join("\n")}\n    tcase_add_test(tc, test_${area}_label);\n    tcase_add_test(tc, test_${area}_clamp);\n    suite_add_tcase(s, tc);\n    return s;\n}\n`;
    suites.push(area);
  }
  files["src/shop.h"] = `int step(int qty, int k, int base);\nconst char *lookup_label(int i);\nint clamp(int v, int lo, int hi);\n`;
  files["src/shop.c"] = `#include <stddef.h>\n#include "shop.h"\n\nstatic const char *labels[] = { "standard", "reduced", "zero", "exempt" };\n\nint step(int qty, int k, int base) { return qty * (k + base); }\n\nconst char *lookup_label(int i) { return i < 4 ? labels[i] : NULL; }\n\nint clamp(int v, int lo, int hi) { return v < lo ? lo : v > hi ? hi : v; }\n`;
  files["tests/main.c"] = `#include <check.h>\n#include <stdlib.h>\n\n${suites.map((s) => `Suite *${s}_suite(void);`).join("\n")}\n\nint main(void)\n{\n    SRunner *sr = srunner_create(${suites[0]}_suite());\n${suites.slice(1).map((s) => `    srunner_add_suite(sr, ${s}_suite());`).join("\n")}\n    srunner_run_all(sr, CK_ENV);\n    int failed = srunner_ntests_failed(sr);\n    srunner_free(sr);\n    return failed ? EXIT_FAILURE : EXIT_SUCCESS;\n}\n`;
  writeTree(dir, files);
  return dir;
}

/** The same library under cmocka: one group per area, a wrong total, a string mismatch and a NULL. */
function cmockaProject(id) {
  const dir = scratch(id);
  const groups = [];
  const bodies = [];
  for (const [i, area] of MODULES.entries()) {
    const names = [];
    for (let k = 0; k < 6; k++) {
      const want = (area === "pricing" && k === 2) || (area === "refunds" && k === 4) ? 3 * (k + i + 1) + 2 : 3 * (k + i + 1);
      names.push(`test_${area}_step_${k}`);
      bodies.push(`static void test_${area}_step_${k}(void **state)\n{\n    (void)state;\n    assert_int_equal(step(3, ${k}, ${i + 1}), ${want});\n}`);
    }
    names.push(`test_${area}_label`);
    bodies.push(`static void test_${area}_label(void **state)\n{\n    (void)state;\n    assert_string_equal(lookup_label(${i % 4}), "${area === "currency" ? "standard-rate" : ["standard", "reduced", "zero", "exempt"][i % 4]}");\n}`);
    names.push(`test_${area}_lookup`);
    bodies.push(`static void test_${area}_lookup(void **state)\n{\n    (void)state;\n    assert_non_null(lookup_label(${area === "shipping" ? 7 : i % 4}));\n}`);
    groups.push(`    const struct CMUnitTest ${area}_tests[] = {\n${names.map((n) => `        cmocka_unit_test(${n}),`).join("\n")}\n    };\n    failed += cmocka_run_group_tests_name("${area}", ${area}_tests, NULL, NULL);`);
  }
  writeTree(dir, {
    "src/shop.h": `int step(int qty, int k, int base);\nconst char *lookup_label(int i);\n`,
    "src/shop.c": `#include <stddef.h>\n#include "shop.h"\n\nstatic const char *labels[] = { "standard", "reduced", "zero", "exempt" };\n\nint step(int qty, int k, int base) { return qty * (k + base); }\n\nconst char *lookup_label(int i) { return i < 4 ? labels[i] : NULL; }\n`,
    "tests/test_shop.c": `#include <stdarg.h>\n#include <stddef.h>\n#include <stdint.h>\n#include <setjmp.h>\n#include <cmocka.h>\n#include "../src/shop.h"\n\n${bodies.join("\n\n")}\n\nint main(void)\n{\n    int failed = 0;\n${groups.join("\n")}\n    return failed ? 1 : 0;\n}\n`,
  });
  return dir;
}

/** A PHP application tree: most files parse, three do not (a missing semicolon, a stray brace, an unclosed array). */
function phpLintProject(id) {
  const dir = scratch(id);
  const files = {};
  const broken = { stock: "semicolon", invoices: "brace", refunds: "array" };
  for (const [i, area] of MODULES.entries()) {
    for (const kind of ["Controller", "Repository", "Service"]) {
      const C = `${cap(area)}${kind}`;
      const fault = kind === "Service" ? broken[area] : undefined;
      files[`src/${cap(area)}/${C}.php`] = `<?php
namespace Shop\\${cap(area)};

final class ${C}
{
    private array $rates = [
        'standard' => 0.2,
        'reduced' => 0.05${fault === "array" ? "," : ""}
    ${fault === "array" ? "" : "];"}

    public function total(int $qty, float $price): float
    {
        $net = $qty * $price${fault === "semicolon" ? "" : ";"}
        return $net + $net * $this->rates['standard'];
    }

    public function label(int $k): string
    {
        return "${area}-" . ($k + ${i});
    }
${fault === "brace" ? "    }\n" : ""}}
`;
    }
  }
  writeTree(dir, files);
  return dir;
}

/** A C string and buffer library in the habits splint reports: ignored results, NULL paths, leaks. */
function splintProject(id) {
  const dir = scratch(id);
  const files = {};
  for (const [i, area] of AREAS.entries()) {
    files[`src/${area}.c`] = `#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct ${area}_row { char *name; int qty; double price; };

static char *${area}_copy(const char *name)
{
    char *copy = malloc(strlen(name) + 1);
    strcpy(copy, name);
    return copy;
}

struct ${area}_row *${area}_new(const char *name, int qty)
{
    struct ${area}_row *row = malloc(sizeof *row);
    row->name = ${area}_copy(name);
    row->qty = qty;
    row->price = ${i + 1}.5;
    return row;
}

int ${area}_total(struct ${area}_row *rows, int n)
{
    int i, total = 0;
    for (i = 0; i < n; i++) {
        total += rows[i].qty * rows[i].price;
    }
    printf("${area}: %d rows\\n", n);
    return total;
}

void ${area}_print(struct ${area}_row *row)
{
    char line[32];
    sprintf(line, "%s x%d", row->name, row->qty);
    puts(line);
}
`;
  }
  writeTree(dir, files);
  return dir;
}

/** A small site's pages with the faults HTML Tidy reports: unclosed elements, stray end tags, missing alt text, repeated attributes, unknown elements. */
function tidyProject(id) {
  const dir = scratch(id);
  const files = {};
  for (const [i, area] of AREAS.entries()) {
    const rows = [];
    for (let k = 0; k < 6; k++) rows.push(`    <tr><td>${area}-${k}</td><td>${(k + i) * 3}.50${k === 2 ? "" : "</td>"}</tr>`);
    files[`site/${area}.html`] = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${cap(area)}</title>
</head>
<body>
<h1>${cap(area)}</h1>
<img src="/img/${area}.png">
<p>Prices for the ${area} area.
<table summary="${area}">
${rows.join("\n")}
</table>
${i % 3 === 0 ? `<center>Updated daily</center>\n` : ""}${area === "ledger" ? `<div class="note"><p>Totals include tax.</span> <pricebox currency="EUR">12.50</pricebox></div>\n<a href="/ledger" href="/ledger2">ledger</a>\n` : ""}${area === "returns" ? `<form action="/returns"><input type=text name=order><select name="reason"></form>\n<returnlabel order="1042">\n<table><td>orphan cell</td>\n` : ""}</body>
</html>
`;
  }
  writeTree(dir, files);
  return dir;
}

/** A thesis's chapters in the habits chktex flags: spaces before references, wrong dashes and quotes, unmatched braces. */
function chktexProject(id) {
  const dir = scratch(id);
  const files = {};
  const chapters = ["intro", "background", "design", "evaluation", "related", "conclusion"];
  for (const [i, ch] of chapters.entries()) {
    const paras = [];
    for (let k = 0; k < 5; k++) {
      paras.push(`The ${ch} results in Section \\ref{sec:${ch}-${k}} show a speedup of 1.${k}x over the baseline, see Table \\ref{tab:${ch}}.
We measured pages 10-${20 + k} of the trace and the "${ch}" workload ${k % 2 ? "e.g. the cache" : "i.e.\\ the cache"} behaves well.
As \\cite{smith${k}} argued, the \\LaTeX toolchain ${k === 3 ? "... is slow" : "is slow"}; compare with ${i}--${k} runs.`);
    }
    files[`chapters/${ch}.tex`] = `\\chapter{${cap(ch)}}\\label{ch:${ch}}

${paras.join("\n\n")}
${ch === "design" ? "\n\\begin{itemize}\n\\item A first point {with a brace\n\\item A second point\n\\end{itemize}\n" : ""}${ch === "evaluation" ? "\n$x = (a + b]$ and $f(x)$ where $x$ ranges over $[0, 1)$ .\n" : ""}`;
  }
  files["thesis.tex"] = `\\documentclass{report}\n\\begin{document}\n${chapters.map((c) => `\\input{chapters/${c}}`).join("\n")}\n\\end{document}\n`;
  writeTree(dir, files);
  return dir;
}

export default [
  {
    id: "luajit-error-after-log",
    program: "luajit",
    category: "CommandOutput",
    setup: () => luajitProject("luajit-error-after-log"),
    command: "luajit process.lua",
    exitCode: 1,
    versions: ["luajit -v"],
    note: "the address of the traceback's C frame varies",
    facts: (f) =>
      f
        .errorLines(`grep -E '^luajit: ' "$OUT"`)
        .mustKeep(`grep -E '^stack traceback:' "$OUT"`)
        .mustKeep(`grep -E "^\\s+process\\.lua:[0-9]+: in " "$OUT" | sed -E 's/^\\s+//'`)
        .count("ordersLogged", `grep -c '^order ' "$OUT"`),
  },
  {
    id: "csi-error-call-history",
    program: "csi",
    category: "CommandOutput",
    setup: () => csiProject("csi-error-call-history"),
    command: "csi -s report.scm",
    exitCode: 70,
    versions: ["csi -version | grep -m1 Version"],
    facts: (f) =>
      f
        .errorLines(`grep -E '^Error: ' "$OUT"`)
        .mustKeep(`grep -E '<--$' "$OUT" | sed -E 's/^\\s+//'`)
        .mustKeep(`grep -E 'Call history:' "$OUT" | sed -E 's/^\\s+//'`)
        .count("ordersLogged", `grep -c '^order ' "$OUT"`),
  },
  {
    id: "tcc-bounds-check",
    program: "tcc",
    category: "CommandOutput",
    setup: () => tccProject("tcc-bounds-check"),
    command: "tcc -b -g -run batch.c",
    exitCode: 255,
    versions: ["tcc -v"],
    note: "the bounds checker's messages name heap and stack addresses, which vary",
    facts: (f) =>
      f
        .errorLines(`grep -E 'RUNTIME ERROR|BCHECK' "$OUT" | sed -E 's/^[0-9a-f]+ : //' | sort -u`)
        .mustKeep(`grep -E '^batch\\.c:[0-9]+: (at|by) ' "$OUT" | sort -u`)
        .count("ordersLogged", `grep -c '^order ' "$OUT"`),
  },
  {
    id: "heaptrack-leaks",
    program: "heaptrack",
    category: "CommandOutput",
    setup: () => heaptrackProject("heaptrack-leaks"),
    command: "gcc -g -O0 -o cache cache.c && heaptrack -o heap ./cache && heaptrack_print -f heap.zst --print-leaks 1",
    exitCode: 0,
    versions: ["heaptrack --version", "gcc --version | head -n 1"],
    note: "library addresses and the rates per second vary from run to run",
    facts: (f) =>
      f
        .errorLines(`grep -E '^total memory leaked: ' "$OUT"`)
        .mustKeep(`grep -E '^(MOST CALLS TO ALLOCATION FUNCTIONS|PEAK MEMORY CONSUMERS|MEMORY LEAKS|MOST TEMPORARY ALLOCATIONS)$' "$OUT"`)
        .mustKeep(`grep -E '^(peak heap memory consumption|calls to allocation functions): ' "$OUT" | sed -E 's/ \\(.*//'`)
        .mustKeep(`grep -E '^\\s+leaked allocations:' "$OUT" | sed -E 's/^\\s+//'`)
        .mustKeep(`grep -E 'leaked .* from$' "$OUT" | sort -u`),
  },
  {
    id: "uftrace-failing-record",
    program: "uftrace",
    category: "CommandOutput",
    setup: () => uftraceProject("uftrace-failing-record"),
    command: "gcc -pg -g -O0 -o ledger ledger.c && uftrace --no-pager ./ledger ledger.txt",
    versions: ["uftrace --version | head -n 1", "gcc --version | head -n 1"],
    note: "call durations and the thread id vary",
    facts: (f) =>
      f
        .errorLines(`grep -E '^ledger: record ' "$OUT"`)
        .mustKeep(`grep -E '^uftrace stopped tracing' "$OUT"`)
        .mustKeep(`grep -E '^\\[[0-9]+\\] [a-z_]+$' "$OUT"`)
        .count("postCalls", `grep -cE '\\| +post\\(\\) \\{' "$OUT"`),
  },
  {
    id: "runtest-dejagnu-failures",
    program: "runtest",
    category: "CommandOutput",
    setup: () => runtestProject("runtest-dejagnu-failures"),
    command: "runtest --all --tool calc --srcdir testsuite",
    exitCode: 1,
    versions: ["runtest --version | head -n 1", "expect -v"],
    note: "the start and end dates and the host's name vary",
    facts: (f) =>
      f
        .errorLines(`grep -E '^(FAIL|UNRESOLVED): ' "$OUT"`)
        .errorLines(`grep -E '^# of (unexpected failures|unresolved testcases)' "$OUT"`)
        .mustKeep(`grep -E '^# of expected passes' "$OUT"`)
        .count("passes", `grep -c '^PASS: ' "$OUT"`),
  },
  {
    id: "check-suite-failures",
    program: "check",
    category: "CommandOutput",
    setup: () => checkProject("check-suite-failures"),
    command: "gcc -o check_shop tests/*.c src/shop.c $(pkg-config --cflags --libs check) && CK_VERBOSITY=verbose ./check_shop",
    exitCode: 1,
    versions: ["pkg-config --modversion check", "gcc --version | head -n 1"],
    facts: (f) =>
      f
        .errorLines(`grep -E ':(F|E):' "$OUT"`)
        .errorLines(`grep -E '^[0-9]+%: Checks: ' "$OUT"`)
        .count("passed", `grep -cE ':P:' "$OUT"`),
  },
  {
    id: "cmocka-group-failures",
    program: "cmocka",
    category: "CommandOutput",
    setup: () => cmockaProject("cmocka-group-failures"),
    command: "gcc -o test_shop tests/test_shop.c src/shop.c -lcmocka && ./test_shop",
    exitCode: 1,
    versions: ["pkg-config --modversion cmocka", "gcc --version | head -n 1"],
    facts: (f) =>
      f
        .errorLines(`grep -E '^\\[  (ERROR|LINE)   \\] --- ' "$OUT"`)
        .errorLines(`grep -E '^\\[  FAILED  \\] [0-9]+ test' "$OUT"`)
        .mustKeep(`grep -E '^\\[  FAILED  \\] test_' "$OUT" | sort -u`)
        .count("passedGroups", `grep -cE '^\\[  PASSED  \\] [0-9]+ test' "$OUT"`),
  },
  {
    id: "php-l-parse-errors",
    program: "php",
    category: "CommandOutput",
    setup: () => phpLintProject("php-l-parse-errors"),
    command: "for f in $(find src -name '*.php' | sort); do php -l \"$f\"; done",
    exitCode: 0,
    versions: ["php --version | head -n 1"],
    facts: (f) =>
      f
        .errorLines(`grep -E 'Parse error: ' "$OUT" | sort -u`)
        .mustKeep(`grep -E '^Errors parsing ' "$OUT"`)
        .count("clean", `grep -c '^No syntax errors detected' "$OUT"`),
  },
  {
    id: "splint-c-library",
    program: "splint",
    category: "CommandOutput",
    setup: () => splintProject("splint-c-library"),
    command: "splint +posixlib src/*.c",
    exitCode: 1,
    versions: ["splint -help version 2>&1 | head -n 1"],
    facts: (f) =>
      f
        .errorLines(`grep -E '^Finished checking --- ' "$OUT"`)
        .mustKeep(`grep -oE '^src/[a-z]+\\.c:[0-9]+:[0-9]+: [A-Z][a-z]+( [a-z]+)?' "$OUT" | head -n 12`)
        .count("findings", `grep -cE '^src/[a-z]+\\.c:[0-9]+:[0-9]+: ' "$OUT"`),
  },
  {
    id: "tidy-site-pages",
    program: "tidy",
    category: "CommandOutput",
    setup: () => tidyProject("tidy-site-pages"),
    command: "tidy -e --gnu-emacs yes site/*.html",
    exitCode: 2,
    versions: ["tidy -v"],
    facts: (f) =>
      f
        .errorLines(`grep -E ': Error: ' "$OUT"`)
        .mustKeep(`grep -E '^Tidy found ' "$OUT" | tail -n 1`)
        .mustKeep(`grep -oE '^site/[a-z]+\\.html' "$OUT" | sort -u`)
        .count("warnings", `grep -cE ': Warning: ' "$OUT"`),
  },
  {
    id: "chktex-thesis",
    program: "chktex",
    category: "CommandOutput",
    setup: () => chktexProject("chktex-thesis"),
    command: "chktex -q thesis.tex",
    exitCode: 2,
    versions: ["chktex --version | head -n 1"],
    facts: (f) =>
      f
        .errorLines(`grep -E '^Warning (9|15|17) in ' "$OUT"`)
        .mustKeep(`grep -oE '^Warning [0-9]+ in chapters/[a-z]+\\.tex' "$OUT" | sort -u`)
        .count("warnings", `grep -cE '^Warning [0-9]+ in ' "$OUT"`),
  },
];
