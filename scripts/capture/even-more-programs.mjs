// Searches, runners, checkers, merges and files of kinds the other captures lack, each over a small
// project whose finding or failure sits among clean results: ripgrep with headings and context, a fish
// script whose arithmetic fails part-way through a log, Criterion and Ruby test-unit suites with failures
// among passes, pycodestyle with the offending source, PHP_CodeSniffer's per-file tables, a rake build
// aborted by a failing step after a log, podchecker over Perl modules, diff3 -m merging a configuration
// with conflicts, git grep with function context, git apply --reject with failing hunks, a Windows-1251
// log, EUnit in verbose mode, tabnanny over a package with ambiguous indentation, and a gettext catalog.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { GIT_ENV, scratch, sh, writeTree } from "./lib.mjs";

const AREAS = ["cart", "pricing", "stock", "tax", "ledger", "shipping", "returns", "coupons"];
const MODULES = [...AREAS, "accounts", "billing", "currency", "invoices", "payments", "refunds"];
const cap = (s) => s[0].toUpperCase() + s.slice(1);
/** A larger project: each module also in regional variants, so that findings sit among many clean files. */
const REGIONAL = MODULES.flatMap((m) => [m, `${m}_eu`, `${m}_us`]);

/** Order records for the report programs, one of whose quantity is not a number. */
function orderRows(bad) {
  const rows = [];
  for (let i = 1; i <= 110; i++) rows.push(`${1000 + i} ${MODULES[(i * 5) % MODULES.length]} ${i === bad ? "n/a" : (i % 7) + 1}`);
  return rows.join("\n") + "\n";
}

/** A fish report over order records: logs each order, and one quantity that is not a number makes `math` fail. */
function fishProject(id) {
  const dir = scratch(id);
  writeTree(dir, {
    "orders.txt": orderRows(64),
    "report.fish": `function price_of
    switch $argv[1]
${MODULES.map((m, i) => `        case ${m}\n            echo ${i + 3}`).join("\n")}
    end
end

function order_total
    set -l price (price_of $argv[2])
    math "$argv[3] * $price"
end

set -l sum 0
set -l n 0
set -l failed 0
while read -l line
    set -l fields (string split ' ' -- $line)
    set -l total (order_total $fields)
    or begin
        set failed (math $failed + 1)
        continue
    end
    set sum (math $sum + $total)
    set n (math $n + 1)
    echo "order $fields[1] $fields[2] total $total running $sum"
end < orders.txt
echo "$n orders, $sum in total, $failed failed"
test $failed -eq 0
`,
  });
  return dir;
}

/** A Criterion suite over the shop's areas: most checks pass, three compare the wrong values and one dereferences a null row. */
function criterionProject(id) {
  const dir = scratch(id);
  const tests = [];
  for (const [i, m] of REGIONAL.entries()) {
    for (const [j, t] of ["empty", "single_row", "many_rows", "negative_qty"].entries()) {
      let body = `    cr_assert_eq(total(${j}, ${i + 3}), ${j} * ${i + 3});`;
      if (m === "tax" && t === "many_rows") body = `    cr_assert_eq(total(${j}, ${i + 3}), ${j * (i + 3) + 1}, "tax on %d rows", ${j});`;
      if (m === "currency" && t === "single_row") body = `    cr_expect_float_eq(rate(${i}), 1.25, 0.001, "rate of currency %d", ${i});`;
      if (m === "refunds" && t === "negative_qty") body = `    const struct row *r = find_row(-1);\n    cr_assert_eq(r->qty, -1);`;
      if (m === "shipping" && t === "empty") body = `    cr_assert_str_eq(label(${i}), "parcel", "label of an empty shipment");`;
      tests.push(`Test(${m}, ${t}) {\n${body}\n}\n`);
    }
  }
  writeTree(dir, {
    "test_shop.c": `#include <criterion/criterion.h>
#include <stddef.h>

struct row { int qty; };

static int total(int rows, int price) { return rows * price; }
static double rate(int i) { return 1.0 + i / 100.0; }
static const char *label(int i) { return i % 2 ? "letter" : "pallet"; }
static const struct row *find_row(int qty) { (void)qty; return NULL; }

${tests.join("\n")}`,
  });
  sh("gcc -o test_shop test_shop.c -lcriterion", { cwd: dir });
  return dir;
}

/** A Ruby library with test-unit cases: most pass, two assert the wrong totals and one raises. */
function testUnitProject(id) {
  const dir = scratch(id);
  const files = {
    "lib/shop.rb": `module Shop
  PRICES = { ${MODULES.map((m, i) => `"${m}" => ${i + 3}`).join(", ")} }.freeze

  def self.total(area, qty)
    qty * PRICES.fetch(area)
  end

  def self.discount(area, qty)
    qty >= 10 ? total(area, qty) / 10 : 0
  end
end
`,
    "test/run.rb": `require "test/unit"\n$LOAD_PATH.unshift File.expand_path("../lib", __dir__)\nDir[File.join(__dir__, "test_*.rb")].sort.each { |f| require f }\n`,
  };
  for (const [i, m] of MODULES.entries()) {
    const T = cap(m);
    let extra = "";
    if (m === "tax") extra = `\n  def test_discount_on_ten\n    assert_equal(${(10 * (i + 3)) / 10 + 1}, Shop.discount("${m}", 10))\n  end\n`;
    if (m === "invoices") extra = `\n  def test_total_of_many\n    assert_equal([${i + 3}, ${2 * (i + 3)}, ${3 * (i + 3) + 2}], (1..3).map { |q| Shop.total("${m}", q) })\n  end\n`;
    if (m === "refunds") extra = `\n  def test_unknown_area\n    assert_equal(0, Shop.total("refund", 1))\n  end\n`;
    files[`test/test_${m}.rb`] = `require "shop"

class Test${T} < Test::Unit::TestCase
  def test_total
    assert_equal(${2 * (i + 3)}, Shop.total("${m}", 2))
  end

  def test_no_discount_below_ten
    assert_equal(0, Shop.discount("${m}", 3))
  end
${extra}end
`;
  }
  writeTree(dir, files);
  return dir;
}

/** A Python package written with some style lapses: long lines, missing blank lines, spacing around operators. */
function pycodestyleProject(id) {
  const dir = scratch(id);
  const files = { "shop/__init__.py": `"""The shop's pricing modules."""\n` };
  for (const [i, m] of REGIONAL.entries()) {
    let body = `"""The ${m} area's totals."""\n\nFACTOR = ${1 + i / 10}\n\n\ndef total(rows):\n    """Sum of quantity times price over the rows."""\n    return sum(r["qty"] * r["price"] for r in rows) * FACTOR\n\n\ndef describe(rows):\n    """One line about the rows."""\n    return f"${m}: {len(rows)} rows, {total(rows):.2f}"\n`;
    if (i % 5 === 2) body = body.replace("def describe", "def  describe").replace("FACTOR = ", "FACTOR=");
    if (i % 4 === 3) body = body.replace(`\n\n\ndef describe`, `\ndef describe`) + `\n\ndef report(rows, width = 80):\n    """A report line padded to the width, with the area's name, the row count, the total, and the factor it applied."""\n    return describe(rows).ljust(width)+"|"\n`;
    if (m === "ledger") body += `\n\ndef post(entries):\n    for e in entries :\n        if e['amount']==0: continue\n        yield e\n`;
    files[`shop/${m}.py`] = body;
  }
  writeTree(dir, files);
  return dir;
}

/** PHP classes of a shop in PSR-12 style but for a few files with lapses. */
function phpcsProject(id) {
  const dir = scratch(id);
  const files = {};
  for (const [i, m] of REGIONAL.entries()) {
    const T = m.split("_").map(cap).join("");
    let body = `<?php

declare(strict_types=1);

namespace Shop;

final class ${T}
{
    private const FACTOR = ${1 + i / 10};

    /**
     * @param array<int, array{qty: int, price: float}> $rows
     */
    public static function total(array $rows): float
    {
        $sum = 0.0;
        foreach ($rows as $row) {
            $sum += $row['qty'] * $row['price'];
        }
        return $sum * self::FACTOR;
    }
}
`;
    if (m === "tax") body = body.replace("    public static function total(array $rows): float\n    {", "    public static function total(array $rows) : float {").replace("foreach ($rows as $row) {", "foreach($rows as $row){");
    if (m === "invoices") body = body.replace("        return $sum * self::FACTOR;", "        if ($sum == 0) return 0.0;\n        return $sum * self::FACTOR; // the area's factor applies to every invoice total, whether the invoice is paid or not yet");
    if (m === "refunds") body = body.replace("final class", "final  class").replace("    private const", "\tprivate const");
    files[`src/${T}.php`] = body;
  }
  writeTree(dir, files);
  return dir;
}

/** A Rakefile that builds a site page by page, then runs a check that fails. */
function rakeProject(id) {
  const dir = scratch(id);
  writeTree(dir, {
    Rakefile: `PAGES = %w[${REGIONAL.join(" ")}]

directory "site"

PAGES.each do |page|
  file "site/#{page}.html" => ["pages/#{page}.txt", "site"] do |t|
    html = "<h1>#{page}</h1>\\n" + File.read(t.prerequisites.first).lines.map { |l| "<p>#{l.chomp}</p>\\n" }.join
    File.write(t.name, html)
    puts "built #{t.name} (#{html.bytesize} bytes)"
  end
end

desc "Build every page"
task build: PAGES.map { |p| "site/#{p}.html" }

desc "Check that every page links back home"
task check: :build do
  PAGES.each { |p| puts "checked site/#{p}.html" }
  sh "grep -L 'href=\\"/\\"' site/*.html | grep -q . && exit 1 || true", verbose: true
end

task default: :check
`,
  });
  for (const m of REGIONAL) writeTree(dir, { [`pages/${m}.txt`]: `The ${m} area.\nPrices and totals of ${m}.\n` });
  return dir;
}

/** Perl modules with POD: most are clean, some have unclosed lists, unknown commands and dangling links. */
function podProject(id) {
  const dir = scratch(id);
  const files = {};
  for (const [i, m] of REGIONAL.entries()) {
    const T = cap(m);
    let pod = `=head1 NAME\n\nShop::${T} - totals of the ${m} area\n\n=head1 SYNOPSIS\n\n  use Shop::${T};\n  my $sum = Shop::${T}::total(\\@rows);\n\n=head1 FUNCTIONS\n\n=over 4\n\n=item total(\\@rows)\n\nSum of quantity times price, times ${1 + i / 10}.\n\n=back\n\n=head1 SEE ALSO\n\nL<Shop>\n\n=cut\n`;
    if (m === "tax") pod = pod.replace("=back\n\n", "");
    if (m === "invoices") pod = pod.replace("=head1 SEE ALSO", "=head3 SEE ALSO\n\n=headline Notes");
    if (m === "refunds") pod = pod.replace("L<Shop>", "L<Shop|> and E<unknownentity>");
    if (m === "payments") pod = pod.replace("=item total(\\@rows)", "=item total(\\@rows)\n\n=item\n\n");
    files[`lib/Shop/${T}.pm`] = `package Shop::${T};\nuse strict;\nuse warnings;\n\nsub total { my ($rows) = @_; my $s = 0; $s += $_->{qty} * $_->{price} for @$rows; return $s * ${1 + i / 10}; }\n\n1;\n__END__\n\n${pod}`;
  }
  writeTree(dir, files);
  return dir;
}

/** A service configuration changed on two branches from the same base, so that a three-way merge conflicts in places. */
function diff3Project(id) {
  const dir = scratch(id);
  const base = [];
  for (const [i, m] of REGIONAL.entries()) {
    base.push(`[${m}]`, `enabled = true`, `workers = ${(i % 4) + 1}`, `timeout = ${30 + i}`, `queue = ${m}-jobs`, `log_level = info`, ``);
  }
  const mine = base.map((l, n) => (l === "workers = 2" ? "workers = 6" : l === "timeout = 36" ? "timeout = 90" : l === "log_level = info" && n > 60 ? "log_level = debug" : l));
  const theirs = base.map((l) => (l === "workers = 2" ? "workers = 4" : l === "timeout = 36" ? "timeout = 60" : l === "queue = tax-jobs" ? "queue = tax-priority" : l));
  writeTree(dir, { "base.ini": base.join("\n") + "\n", "mine.ini": mine.join("\n") + "\n", "theirs.ini": theirs.join("\n") + "\n" });
  return dir;
}

/** A git repository holding Python's email package. */
function emailRepo(id) {
  const dir = scratch(id);
  sh(`cp -r /usr/lib/python3.11/email . && find email -name __pycache__ -prune -exec rm -rf {} + && git init -q && git add email && git commit -qm "Import the email package"`, { cwd: dir, env: GIT_ENV });
  return dir;
}

/** A repository whose sources moved on since a patch series was made, so some of its hunks no longer apply. */
function applyProject(id) {
  const dir = scratch(id);
  const files = {};
  for (const [i, m] of REGIONAL.entries()) {
    files[`shop/${m}.py`] = `"""The ${m} area."""\n\nFACTOR = ${1 + i / 10}\n\n\ndef total(rows):\n    return sum(r["qty"] * r["price"] for r in rows) * FACTOR\n\n\ndef describe(rows):\n    return "${m}: %d rows" % len(rows)\n\n\ndef empty(rows):\n    return not rows\n`;
  }
  writeTree(dir, files);
  sh(`git init -q && git add . && git commit -qm base`, { cwd: dir, env: GIT_ENV });
  // The patch: every module gains a rounding step and a longer description.
  for (const m of REGIONAL) {
    sh(`sed -i -e 's/    return sum(r\\["qty"\\] \\* r\\["price"\\] for r in rows) \\* FACTOR/    return round(sum(r["qty"] * r["price"] for r in rows) * FACTOR, 2)/' -e 's/%d rows" % len(rows)/%d rows, %.2f" % (len(rows), total(rows))/' shop/${m}.py`, { cwd: dir });
  }
  sh(`git diff > ../${id}.patch && mv ../${id}.patch rounding.patch && git checkout -q -- shop`, { cwd: dir });
  // Meanwhile three modules changed the lines the patch touches.
  sh(`sed -i 's/\\* FACTOR$/* FACTOR * 1.2  # VAT included/' shop/tax.py && sed -i 's/%d rows" % len(rows)/%d open rows" % len([r for r in rows if r["open"]])/' shop/invoices.py shop/refunds.py && git commit -qam "Tax with VAT; open rows only"`, { cwd: dir, env: GIT_ENV });
  return dir;
}

/** A Python script writing a service log in Windows-1251 (Russian messages) with an error in the middle. */
const CP1251_PY = `import datetime
start = datetime.datetime(2024, 3, 1, 9, 0, 0)
areas = ${JSON.stringify(MODULES)}
lines = []
for i in range(900):
    t = (start + datetime.timedelta(seconds=7 * i)).strftime("%Y-%m-%d %H:%M:%S")
    area = areas[i % len(areas)]
    if i == 517:
        lines.append(f"{t} ERROR [{area}] ошибка записи в базу: нарушено ограничение уникальности (order_id=4{i:04d})")
    elif i % 97 == 40:
        lines.append(f"{t} WARN  [{area}] медленный запрос: 2.{i % 10} с")
    else:
        lines.append(f"{t} INFO  [{area}] заказ 4{i:04d} обработан, сумма {i * 3 % 500}.00 руб.")
open("service.log", "wb").write(("\\n".join(lines) + "\\n").encode("cp1251"))
`;

/** Erlang modules with EUnit tests: most pass, one compares the wrong total and one calls with an area the table lacks. */
function eunitProject(id) {
  const dir = scratch(id);
  const tests = [];
  for (const [i, m] of MODULES.entries()) {
    let t = `${m}_total_test() -> ${2 * (i + 3)} = shop:total(${m}, 2).`;
    if (m === "tax") t = `${m}_total_test() -> ${2 * (i + 3) + 1} = shop:total(${m}, 2).`;
    if (m === "refunds") t = `${m}_total_test() -> 0 = shop:total(refund, 1).`;
    tests.push(t, `${m}_zero_test() -> 0 = shop:total(${m}, 0).`);
  }
  writeTree(dir, {
    "shop.erl": `-module(shop).\n-export([total/2]).\n\nprice(Area) ->\n    maps:get(Area, #{${MODULES.map((m, i) => `${m} => ${i + 3}`).join(", ")}}).\n\ntotal(Area, Qty) -> Qty * price(Area).\n`,
    "shop_tests.erl": `-module(shop_tests).\n-export([${MODULES.flatMap((m) => [`${m}_total_test/0`, `${m}_zero_test/0`]).join(", ")}]).\n\n${tests.join("\n")}\n`,
  });
  sh("erlc shop.erl shop_tests.erl", { cwd: dir });
  return dir;
}

/** A Python package where two modules mix tabs and spaces in ways whose meaning depends on the tab size. */
function tabnannyProject(id) {
  const dir = scratch(id);
  const files = {};
  for (const [i, m] of REGIONAL.entries()) {
    let body = `def total(rows):\n    s = 0\n    for r in rows:\n        s += r * ${i + 3}\n    return s\n`;
    if (m === "tax" || m === "payments") body = `def total(rows):\n    s = 0\n    for r in rows:\n\tif r:\n\t    s += r * ${i + 3}\n        s += 0\n    return s\n`;
    files[`shop/${m}.py`] = body;
    files[`shop/reports/${m}_report.py`] = `def line(rows):\n    return "${m}: %d" % len(rows)\n`;
  }
  writeTree(dir, files);
  return dir;
}

/** A gettext catalog of the shop's messages, some fuzzy and some untranslated. */
function poCatalog(id) {
  const dir = scratch(id);
  const entries = [];
  const phrases = ["Total", "Add to cart", "Remove", "Out of stock", "Price per unit", "Checkout", "Apply coupon", "Refund requested", "Invoice sent", "Payment failed"];
  let n = 0;
  for (const m of MODULES) {
    for (const p of phrases) {
      n++;
      const fuzzy = n % 17 === 5;
      const untranslated = n % 23 === 11;
      entries.push(`#: src/${m}.py:${10 + (n % 90)}\n${fuzzy ? "#, fuzzy\n" : ""}${n % 3 === 0 ? "#, python-format\n" : ""}msgctxt "${m}"\nmsgid "${p}${n % 3 === 0 ? " (%(count)d)" : ""}"\nmsgstr "${untranslated ? "" : `${p.toUpperCase()}${n % 3 === 0 ? " (%(count)d)" : ""}`}"\n`);
    }
  }
  writeTree(dir, {
    "locale/de/LC_MESSAGES/shop.po": `# German translation of the shop.\nmsgid ""\nmsgstr ""\n"Project-Id-Version: shop 2.4\\n"\n"Language: de\\n"\n"MIME-Version: 1.0\\n"\n"Content-Type: text/plain; charset=UTF-8\\n"\n"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n\n${entries.join("\n")}`,
  });
  return dir;
}

export default [
  {
    id: "rg-heading-context",
    program: "rg",
    category: "SearchResults",
    cwd: "/usr/lib/python3.11",
    command: "rg --heading -n -C 1 --sort path 'raise NotImplementedError' --type py .",
    exitCode: 0,
    versions: ["rg --version | head -n 1", "python3.11 --version"],
    note: "Debian's python3.11 standard library",
    facts: (f) =>
      f
        .mustKeep(`grep -E '^\\./[A-Za-z_0-9/.-]+\\.py$' "$OUT" | sed -n '1p;$p'`)
        .count("files", `grep -cE '^\\./[A-Za-z_0-9/.-]+\\.py$' "$OUT"`)
        .count("matches", `grep -cE '^[0-9]+:' "$OUT"`),
  },
  {
    id: "fish-math-error-in-log",
    program: "fish",
    category: "CommandOutput",
    setup: () => fishProject("fish-math-error-in-log"),
    command: "fish report.fish",
    exitCode: 1,
    versions: ["fish --version"],
    facts: (f) =>
      f
        .errorLines(`grep -E '^math: ' "$OUT"`)
        .mustKeep(`grep -E '^[0-9]+ orders, ' "$OUT"`)
        .mustKeep(`grep -E -A1 '^math: ' "$OUT" | tail -n 1`)
        .count("ordersLogged", `grep -c '^order ' "$OUT"`),
  },
  {
    id: "criterion-failures-verbose",
    program: "criterion",
    category: "CommandOutput",
    setup: () => criterionProject("criterion-failures-verbose"),
    command: "./test_shop --verbose -j1",
    exitCode: 1,
    versions: ["dpkg-query -W -f '${Package} ${Version}' libcriterion-dev"],
    note: "each test's duration is a timing",
    facts: (f) =>
      f
        .errorLines(`grep -E '^\\[FAIL\\] |^\\[----\\] test_shop\\.c:[0-9]+: |^\\[----\\]   [a-z]' "$OUT"`)
        .mustKeep(`grep -E 'Synthesis: ' "$OUT"`),
  },
  {
    id: "ruby-test-unit-failures",
    program: "test-unit",
    category: "CommandOutput",
    setup: () => testUnitProject("ruby-test-unit-failures"),
    command: "ruby test/run.rb",
    exitCode: 1,
    versions: ["ruby --version", "ruby -e 'require \"test/unit/version\"; puts \"test-unit \" + Test::Unit::VERSION'"],
    note: "Finished in … seconds and the rates are timings",
    facts: (f) =>
      f
        .errorLines(`grep -E '^(Failure|Error): |^  [A-Z][A-Za-z]+Error: ' "$OUT"`)
        .mustKeep(`grep -E '^[0-9]+ tests, [0-9]+ assertions' "$OUT"`),
  },
  {
    id: "pycodestyle-show-source",
    program: "pycodestyle",
    category: "CommandOutput",
    setup: () => pycodestyleProject("pycodestyle-show-source"),
    command: "/usr/bin/python3 -m pycodestyle --show-source --statistics shop",
    exitCode: 1,
    versions: ["/usr/bin/python3 -m pycodestyle --version"],
    facts: (f) =>
      f
        .errorLines(`grep -E '^shop/[a-z_]+\\.py:[0-9]+:[0-9]+: E7[0-9]+ ' "$OUT"`)
        .mustKeep(`grep -E '^[0-9]+ +[EW][0-9]+ ' "$OUT"`)
        .count("files", `grep -oE '^shop/[a-z_]+\\.py' "$OUT" | sort -u | wc -l`)
        .count("findings", `grep -cE '^shop/[a-z_]+\\.py:[0-9]+:[0-9]+: ' "$OUT"`),
  },
  {
    id: "phpcs-psr12-report",
    program: "phpcs",
    category: "CommandOutput",
    setup: () => phpcsProject("phpcs-psr12-report"),
    command: "phpcs -v --standard=PSR12 --report-width=100 src",
    exitCode: 2,
    versions: ["phpcs --version"],
    note: "the times of each file and of the run and the memory are measurements; files are reported in the order phpcs finishes them",
    facts: (f) =>
      f
        .errorLines(`grep -E '^ *[0-9]+ \\| ERROR' "$OUT"`)
        .mustKeep(`grep -E '^FILE: ' "$OUT" | sed -E 's#^FILE: .*/src/#src/#'`)
        .mustKeep(`grep -E '^FOUND [0-9]+ ERROR' "$OUT"`),
  },
  {
    id: "rake-aborted-after-build",
    program: "rake",
    category: "CommandOutput",
    setup: () => rakeProject("rake-aborted-after-build"),
    command: "rake",
    exitCode: 1,
    versions: ["rake --version"],
    facts: (f) =>
      f
        .errorLines(`grep -E '^rake aborted!|^Command failed' "$OUT"`)
        .mustKeep(`grep -E '^Tasks: ' "$OUT"`)
        .count("pagesBuilt", `grep -c '^built ' "$OUT"`),
  },
  {
    id: "podchecker-modules",
    program: "podchecker",
    category: "CommandOutput",
    setup: () => podProject("podchecker-modules"),
    command: "podchecker lib/Shop/*.pm",
    versions: ["perl -MPod::Checker -e 'print \"Pod::Checker $Pod::Checker::VERSION\"'"],
    facts: (f) =>
      f
        .errorLines(`grep -E '^\\*\\*\\* ERROR' "$OUT"`)
        .mustKeep(`grep -E 'has [0-9]+ pod syntax error' "$OUT"`)
        .count("clean", `grep -c 'pod syntax OK' "$OUT"`),
  },
  {
    id: "diff3-merge-conflicts",
    program: "diff3",
    category: "Diff",
    setup: () => diff3Project("diff3-merge-conflicts"),
    command: "diff3 -m mine.ini base.ini theirs.ini",
    exitCode: 1,
    versions: ["diff3 --version | head -n 1"],
    facts: (f) =>
      f
        .mustKeep(`grep -E '^(<<<<<<<|>>>>>>>|\\|\\|\\|\\|\\|\\|\\|) ' "$OUT" | sort -u`)
        .mustKeep(`grep -A1 -E '^(<<<<<<<|=======) ' "$OUT" | grep -vE '^(<<<<<<<|=======|--)' | sort -u`)
        .count("conflicts", `grep -c '^<<<<<<< ' "$OUT"`),
  },
  {
    id: "git-grep-function-context",
    program: "git grep",
    category: "SearchResults",
    setup: () => emailRepo("git-grep-function-context"),
    command: "git grep -n -p 'HeaderParseError'",
    exitCode: 0,
    versions: ["git --version", "python3.11 --version"],
    note: "Python 3.11's email package, committed to a fresh repository",
    facts: (f) =>
      f
        .mustKeep(`grep -oE '^email/[a-z_/]+\\.py' "$OUT" | sort -u`)
        .count("matches", `grep -cE '^email/[a-z_/]+\\.py:[0-9]+:' "$OUT"`)
        .count("functions", `grep -cE '^email/[a-z_/]+\\.py=[0-9]+=' "$OUT"`),
  },
  {
    id: "git-apply-reject-hunks",
    program: "git apply",
    category: "CommandOutput",
    setup: () => applyProject("git-apply-reject-hunks"),
    command: "git apply --reject -v rounding.patch",
    exitCode: 1,
    versions: ["git --version"],
    facts: (f) =>
      f
        .errorLines(`grep -E '^error: patch failed: ' "$OUT"`)
        .mustKeep(`grep -E '^Applying patch .* with [0-9]+ reject' "$OUT"`)
        .count("rejected", `grep -c '^Rejected hunk' "$OUT"`),
  },
  {
    id: "cat-cp1251-service-log",
    program: "file:cp1251",
    category: "FileContent",
    setup: () => {
      const dir = scratch("cat-cp1251-service-log");
      writeFileSync(join(dir, "make.py"), CP1251_PY);
      sh("python3 make.py", { cwd: dir });
      return dir;
    },
    command: "cat service.log",
    exitCode: 0,
    versions: ["python3 --version"],
    note: "900 log lines in Windows-1251 (make.py in the capture script); only the ASCII parts are readable as UTF-8",
    facts: (f) =>
      f
        .mustKeep(`grep -aoE '^[0-9-]+ [0-9:]+ ERROR \\[[a-z]+\\]' "$OUT"`)
        .count("warnings", `grep -ac ' WARN ' "$OUT"`)
        .count("lines", `wc -l < "$OUT"`),
  },
  {
    id: "eunit-verbose-failures",
    program: "eunit",
    category: "CommandOutput",
    setup: () => eunitProject("eunit-verbose-failures"),
    command: `erl -noshell -pa . -eval 'case eunit:test(shop_tests, [verbose]) of ok -> halt(0); _ -> halt(1) end'`,
    exitCode: 1,
    versions: ["erl -noshell -eval 'io:format(\"OTP ~s~n\", [erlang:system_info(otp_release)]), halt().'"],
    note: "each test's duration is a timing",
    facts: (f) =>
      f
        .errorLines(`grep -E '\\*failed\\*|^\\*\\*error:' "$OUT"`)
        .mustKeep(`grep -E 'Failed: [0-9]+\\.' "$OUT" | sed -E 's/^\\s+//'`),
  },
  {
    id: "tabnanny-verbose-package",
    program: "python -m tabnanny",
    category: "CommandOutput",
    setup: () => tabnannyProject("tabnanny-verbose-package"),
    command: "python3 -m tabnanny -v shop",
    versions: ["python3 --version"],
    note: "tabnanny lists each directory in the order the file system returns its entries",
    facts: (f) =>
      f
        .errorLines(`grep -E 'trouble in tab city|offending line|indent not greater' "$OUT"`)
        .count("clean", `grep -c 'Clean bill of health' "$OUT"`),
  },
  {
    id: "cat-po-catalog",
    program: "file:po",
    category: "FileContent",
    setup: () => poCatalog("cat-po-catalog"),
    command: "cat locale/de/LC_MESSAGES/shop.po",
    exitCode: 0,
    versions: [],
    note: "a German catalog of the shop's messages (written by the capture script)",
    facts: (f) =>
      f
        .mustKeep(`grep -E '^"(Project-Id-Version|Plural-Forms): ' "$OUT"`)
        .count("messages", `grep -c '^msgid "[^"]' "$OUT"`)
        .count("fuzzy", `grep -c '^#, fuzzy' "$OUT"`)
        .count("untranslated", `awk 'prev ~ /^msgid "./ && /^msgstr ""$/ { n++ } { prev = $0 } END { print n + 0 }' "$OUT"`),
  },
];
