// Test runners, crashes and compilers of languages the other captures lack: PHPUnit with failures,
// errors and a warning among passes; busted (Lua) with failing and erroring specs; behave with
// failing and undefined steps; nose2 over unittest cases; clojure.test with failing assertions and
// a Clojure program stopping on an exception after a log; a Groovy script's uncaught exception with
// its Java trace; scalac with type errors over several files; crystal spec with failures; tox running
// environments where some commands fail; GnuCOBOL's cobc with errors over several programs.
import { scratch, writeTree } from "./lib.mjs";

const AREAS = ["cart", "pricing", "stock", "tax", "ledger", "shipping", "returns", "coupons"];
/** A larger library's modules, for the runs where failures sit among many passes. */
const MODULES = [...AREAS, "accounts", "billing", "currency", "invoices", "payments", "refunds"];
const cap = (s) => s[0].toUpperCase() + s.slice(1);

/** A PHP library with a test class per area: most tests pass, a few fail, error or warn. */
function phpunitProject(id) {
  const dir = scratch(id);
  const files = {
    "src/autoload.php": `<?php\nspl_autoload_register(function ($c) { $f = __DIR__ . "/" . str_replace("Shop\\\\", "", $c) . ".php"; if (is_file($f)) require $f; });\n`,
  };
  for (const [i, area] of MODULES.entries()) {
    const C = cap(area);
    files[`src/${C}.php`] = `<?php
namespace Shop;

final class ${C}
{
    public function step(int $qty, int $k): int
    {
        ${area === "tax" ? "if ($k === 3) { return intdiv($qty * 20, 100); }\n        " : ""}return $qty * ($k + ${i + 1});
    }

    public function rate(string $band): float
    {
        $rates = ['standard' => 0.2, 'reduced' => 0.05];
        return $rates[$band]${area === "coupons" ? "" : " ?? 0.0"};
    }

    public function label(?string $name): string
    {
        return strtoupper(${area === "returns" ? "$name" : "$name ?? ''"});
    }
}
`;
    const tests = [];
    for (let k = 0; k < 7; k++) {
      const expected = (area === "pricing" && k === 4) || (area === "invoices" && k === 6) ? (k + i + 1) * 3 + 1 : (k + i + 1) * 3;
      tests.push(`    public function testStep${k}(): void\n    {\n        $this->assertSame(${expected}, (new ${C}())->step(3, ${k}));\n    }`);
    }
    tests.push(`    public function testRates(): void\n    {\n        $this->assertEqualsWithDelta(${area === "ledger" ? "['standard' => 0.2, 'reduced' => 0.5]" : "['standard' => 0.2, 'reduced' => 0.05]"}, ['standard' => (new ${C}())->rate('standard'), 'reduced' => (new ${C}())->rate('reduced')], 0.001);\n    }`);
    tests.push(`    public function testUnknownBand(): void\n    {\n        $this->assertSame(0.0, (new ${C}())->rate('luxury'));\n    }`);
    tests.push(`    public function testLabel(): void\n    {\n        $this->assertSame('', (new ${C}())->label(null));\n    }`);
    files[`tests/${C}Test.php`] = `<?php
use PHPUnit\\Framework\\TestCase;
use Shop\\${C};

final class ${C}Test extends TestCase
{
${tests.join("\n\n")}
}
`;
  }
  writeTree(dir, files);
  return dir;
}

/** Lua modules with busted specs: a wrong total, a nil index and a failing error expectation. */
function bustedProject(id) {
  const dir = scratch(id);
  const files = {};
  for (const [i, area] of MODULES.entries()) {
    files[`src/${area}.lua`] = `local M = {}

function M.step(qty, k)
  ${area === "stock" || area === "billing" ? "if k == 5 then return qty * k end\n  " : ""}return qty * (k + ${i + 1})
end

function M.total(lines)
  local sum = 0
  for _, line in ipairs(lines) do
    sum = sum + line.qty * line.price${["shipping", "payments", "invoices"].includes(area) ? ".amount" : ""}
  end
  return sum
end

function M.check(qty)
  if qty < 0 ${["returns", "refunds", "currency"].includes(area) ? "and false " : ""}then error("negative quantity: " .. qty) end
  return qty
end

return M
`;
    const its = [];
    for (let k = 0; k < 7; k++) its.push(`  it("step ${k} scales the quantity", function()\n    assert.are.equal(${3 * (k + i + 1)}, m.step(3, ${k}))\n  end)`);
    its.push(`  it("totals the lines", function()\n    assert.are.equal(350, m.total({ { qty = 2, price = 100 }, { qty = 3, price = 50 } }))\n  end)`);
    its.push(`  it("rejects a negative quantity", function()\n    assert.has_error(function() m.check(-1) end, "negative quantity: -1")\n  end)`);
    files[`spec/${area}_spec.lua`] = `package.path = "./src/?.lua;" .. package.path\nlocal m = require("${area}")\n\ndescribe("${area}", function()\n${its.join("\n\n")}\nend)\n`;
  }
  writeTree(dir, files);
  return dir;
}

/** Gherkin features over a small cart, with Python steps: a wrong total, a raised error, an undefined step. */
function behaveProject(id) {
  const dir = scratch(id);
  const features = {};
  for (const [i, area] of AREAS.slice(0, 6).entries()) {
    const scenarios = [];
    for (let k = 0; k < 4; k++) {
      const total = area === "tax" && k === 2 ? 999 : (k + 1) * (i + 2) * 10;
      const odd = area === "stock" && k === 1 ? `\n    And the ${area} ledger is reconciled` : "";
      const qty = area === "shipping" && k === 3 ? "-1" : `${k + 1}`;
      scenarios.push(`  Scenario: ${area} order ${k + 1}\n    Given a ${area} item priced ${(i + 2) * 10}\n    When I add ${qty} of them\n    Then the total is ${total}${odd}`);
    }
    features[`features/${area}.feature`] = `Feature: ${cap(area)} totals\n  Orders in the ${area} area add up.\n\n${scenarios.join("\n\n")}\n`;
  }
  writeTree(dir, {
    ...features,
    "features/steps/cart_steps.py": `from behave import given, when, then


@given("a {area} item priced {price:d}")
def step_item(context, area, price):
    context.price = price
    context.area = area


@when("I add {qty:d} of them")
def step_add(context, qty):
    if qty < 0:
        raise ValueError(f"quantity must be positive, got {qty}")
    context.total = context.price * qty


@then("the total is {total:d}")
def step_total(context, total):
    assert context.total == total, f"expected total {total}, got {context.total}"
`,
  });
  return dir;
}

/** unittest cases run by nose2: failures, an error and a skip among passes. */
function nose2Project(id) {
  const dir = scratch(id);
  const files = { "shop/__init__.py": "" };
  for (const [i, area] of AREAS.entries()) {
    files[`shop/${area}.py`] = `def step(qty, k):\n    return qty * (k + ${i + 1})${area === "ledger" ? " - (1 if k == 4 else 0)" : ""}\n\n\ndef parse(text):\n    return ${area === "coupons" ? "int(text.strip('%'))" : "int(text)"}\n`;
    const tests = [];
    for (let k = 0; k < 6; k++) tests.push(`    def test_step_${k}(self):\n        self.assertEqual(step(3, ${k}), ${3 * (k + i + 1)})`);
    tests.push(`    def test_parse(self):\n        self.assertEqual(parse("${area === "coupons" ? "1.5%" : "15"}"), 15)`);
    tests.push(`    @unittest.skipIf(${area === "tax" ? "True" : "False"}, "rates service not configured")\n    def test_remote_rates(self):\n        self.assertTrue(True)`);
    files[`tests/test_${area}.py`] = `import unittest\n\nfrom shop.${area} import parse, step\n\n\nclass ${cap(area)}Test(unittest.TestCase):\n${tests.join("\n\n")}\n`;
  }
  writeTree(dir, files);
  return dir;
}

/** A Clojure library with clojure.test namespaces: failing equality checks and a thrown exception. */
function clojureTestProject(id) {
  const dir = scratch(id);
  const files = {};
  const nss = AREAS.slice(0, 6);
  for (const [i, area] of nss.entries()) {
    files[`src/shop/${area}.clj`] = `(ns shop.${area})

(defn step [qty k]
  ${area === "pricing" ? "(if (= k 3) (* qty k) (* qty (+ k " + (i + 1) + ")))" : `(* qty (+ k ${i + 1}))`})

(defn totals [lines]
  (reduce + (map (fn [{:keys [qty price]}] (* qty price)) lines)))

(defn band-rate [band]
  (get {:standard 20 :reduced 5} band${area === "tax" ? "" : " 0"}))
`;
    const tests = [];
    for (let k = 0; k < 6; k++) tests.push(`(deftest step-${k}\n  (is (= ${3 * (k + i + 1)} (s/step 3 ${k}))))`);
    tests.push(`(deftest totals-add-up\n  (is (= 350 (s/totals [{:qty 2 :price 100} {:qty 3 :price ${area === "ledger" ? "\"50\"" : "50"}}]))))`);
    tests.push(`(deftest unknown-band\n  (is (= 0 (s/band-rate :luxury))))`);
    files[`test/shop/${area}_test.clj`] = `(ns shop.${area}-test\n  (:require [clojure.test :refer [deftest is]]\n            [shop.${area} :as s]))\n\n${tests.join("\n\n")}\n`;
  }
  files["run_tests.clj"] = `(require 'clojure.test)
(def namespaces '[${nss.map((a) => `shop.${a}-test`).join(" ")}])
(apply require namespaces)
(let [{:keys [fail error]} (apply clojure.test/run-tests namespaces)]
  (System/exit (if (zero? (+ fail error)) 0 1)))
`;
  writeTree(dir, files);
  return dir;
}

/** A Clojure report that logs each order, then fails deep in a lazy sequence with a wrapped cause. */
function clojureCrash(id) {
  const dir = scratch(id);
  writeTree(dir, {
    "src/shop/report.clj": `(ns shop.report
  (:require [clojure.string :as str]))

(def prices (into {} (for [i (range 1 31)] [(format "SKU-%03d" i) (* i 125)])))

(defn price-of [sku region]
  (or (get prices sku)
      (throw (ex-info (str "no price for " sku " in region " region) {:sku sku :region region}))))

(defn line-total [region [sku qty]]
  (try
    (* qty (price-of sku region))
    (catch clojure.lang.ExceptionInfo e
      (throw (IllegalStateException. (str "cannot total line " sku) e)))))

(defn order-total [{:keys [region lines]}]
  (reduce + (map (partial line-total region) lines)))

(defn run-report [orders]
  (doseq [o orders]
    (println (str/join " " ["order" (:id o) "region" (:region o) "total" (order-total o)]))))

(defn -main []
  (run-report
   (for [n (range 1 241)]
     {:id (+ 1000 n)
      :region (nth ["eu" "us" "apac"] (mod n 3))
      :lines [[(format "SKU-%03d" (inc (mod (* n 7) 30))) (inc (mod n 4))]
              [(format "SKU-%03d" (if (= n 237) 31 (inc (mod n 30)))) 2]]})))
`,
  });
  return dir;
}

/** A Groovy report script over classes that fails with a wrapped exception after logging orders. */
function groovyCrash(id) {
  const dir = scratch(id);
  writeTree(dir, {
    "report.groovy": `class PriceBook {
    Map<String, Integer> prices = (1..30).collectEntries { [(String.format('SKU-%03d', it)): it * 125] }

    int priceOf(String sku, String region) {
        Integer p = prices[sku]
        if (p == null) throw new NoSuchElementException("no price for \${sku} in region \${region}")
        p
    }
}

class Ledger {
    PriceBook book = new PriceBook()

    int lineTotal(String region, List line) {
        try {
            return (line[1] as int) * book.priceOf(line[0] as String, region)
        } catch (NoSuchElementException e) {
            throw new IllegalStateException("cannot total line \${line[0]}", e)
        }
    }

    int orderTotal(Map order) {
        order.lines.collect { lineTotal(order.region as String, it as List) }.sum() as int
    }
}

def ledger = new Ledger()
def regions = ['eu', 'us', 'apac']
(1..40).each { n ->
    def order = [id: 1000 + n, region: regions[n % 3],
                 lines: [[String.format('SKU-%03d', (n * 7) % 30 + 1), n % 4 + 1],
                         [String.format('SKU-%03d', n == 37 ? 31 : n % 30 + 1), 2]]]
    println "order \${order.id} region \${order.region} total \${ledger.orderTotal(order)}"
}
`,
  });
  return dir;
}

/** Scala sources, one per area, where a few carry type errors and unknown names. */
function scalaProject(id) {
  const dir = scratch(id);
  const files = {};
  const faults = [
    (qty, k) => `${qty} + "0.00"`,
    (qty, k) => `roundLedger(${qty} * ${k + 2})`,
    (qty, k) => `val reserved: String = ${qty} * 2; ${qty} * ${k + 1}`,
    (qty, k) => `Option(${qty}).getOrElse("none")`,
    (qty, k) => `${qty}.toDouble * 1.${k}`,
  ];
  for (const [i, area] of MODULES.entries()) {
    const C = cap(area);
    const defs = [];
    for (let k = 0; k < 5; k++) {
      // About a third of the methods carry one of the mistakes, spread over the files.
      const body = (i * 5 + k) % 3 === 1 && i % 2 === 0 ? faults[(i + k) % faults.length]("qty", k) : `qty * ${i + k + 1}`;
      defs.push(`  def step${k}(qty: Int): Int = {\n    ${body}\n  }`);
    }
    files[`src/shop/${C}.scala`] = `package shop\n\nobject ${C} {\n${defs.join("\n\n")}\n}\n`;
  }
  writeTree(dir, files);
  return dir;
}

/** A Crystal shard with specs: failing equality expectations, a raised error and a pending example. */
function crystalProject(id) {
  const dir = scratch(id);
  const files = {};
  for (const [i, area] of MODULES.entries()) {
    const C = cap(area);
    files[`src/${area}.cr`] = `module Shop::${C}
  def self.step(qty : Int32, k : Int32) : Int32
    ${["returns", "billing", "payments"].includes(area) ? `k == ${i % 6} ? qty * k : ` : ""}qty * (k + ${i + 1})
  end

  def self.parse(text : String) : Int32
    text.to_i${["coupons", "currency", "refunds"].includes(area) ? "" : "? || 0"}
  end
end
`;
    const its = [];
    for (let k = 0; k < 6; k++) its.push(`  it "scales step ${k}" do\n    Shop::${C}.step(3, ${k}).should eq(${3 * (k + i + 1)})\n  end`);
    its.push(`  it "parses a quantity" do\n    Shop::${C}.parse("${["coupons", "currency", "refunds"].includes(area) ? "15%" : "15"}").should eq(15)\n  end`);
    if (area === "tax") its.push(`  pending "reads rates from the service" do\n  end`);
    files[`spec/${area}_spec.cr`] = `require "spec"\nrequire "../src/${area}"\n\ndescribe Shop::${C} do\n${its.join("\n\n")}\nend\n`;
  }
  writeTree(dir, files);
  return dir;
}

/** A tox configuration whose environments run checks over a small package without installing it. */
function toxProject(id) {
  const dir = nose2Project(id);
  writeTree(dir, {
    "tests/__init__.py": "",
    "tox.ini": `[tox]
envlist = unit, pytest, docs, compile
skipsdist = true

[testenv]
sitepackages = true
skip_install = true

[testenv:unit]
commands = python -m unittest discover -s tests -t .

[testenv:pytest]
commands = python -m pytest -q -p no:cacheprovider tests

[testenv:docs]
commands = python -c "import shop, pathlib; print('docs built for', len(list(pathlib.Path('shop').glob('*.py'))), 'modules')"

[testenv:compile]
commands = python -m compileall -q shop
`,
    "shop/stock.py": "def step(qty, k):\n    return qty * (k + 3)\n\n\ndef parse(text):\n    return int(text)\n\n\ndef reserve(qty, level):\n    left = level - qty\n    return left if left >= 0 else raise ValueError(qty)\n",
  });
  return dir;
}

/** COBOL programs compiled one after another; a few have undefined names and syntax errors. */
function cobolProject(id) {
  const dir = scratch(id);
  const files = {};
  for (const [i, area] of MODULES.entries()) {
    const U = area.toUpperCase();
    const stmts = [];
    for (let k = 0; k < 5; k++) {
      stmts.push(
        area === "pricing" && k === 2
          ? `           COMPUTE WS-TOTAL = WS-QTY * WS-PRICE-RATE`
          : area === "ledger" && k === 1
            ? `           MOVE WS-QTY TO WS-LEDGER-ENTRY`
            : area === "stock" && k === 3
              ? `           ADD WS-QTY TO WS-TOTAL GIVING`
              : area === "tax" && k === 4
                ? `           PERFORM APPLY-TAX-BAND`
                : `           COMPUTE WS-TOTAL = WS-TOTAL + WS-QTY * ${i + k + 1}`,
      );
    }
    files[`src/${area}.cob`] = `       IDENTIFICATION DIVISION.
       PROGRAM-ID. ${U}-STEPS.
       DATA DIVISION.
       WORKING-STORAGE SECTION.
       01 WS-QTY      PIC 9(4) VALUE 3.
       01 WS-TOTAL    PIC 9(8) VALUE 0.
       PROCEDURE DIVISION.
${stmts.join("\n")}
           DISPLAY "${area} total " WS-TOTAL
           STOP RUN.
`;
  }
  writeTree(dir, files);
  return dir;
}

export default [
  {
    id: "phpunit-failures-errors",
    program: "phpunit",
    category: "CommandOutput",
    setup: () => phpunitProject("phpunit-failures-errors"),
    command: "phpunit --bootstrap src/autoload.php --testdox tests",
    exitCode: 2,
    versions: ["phpunit --version | head -n 1"],
    note: "the run's time and memory vary",
    facts: (f) =>
      f
        .errorLines(`grep -E '^ ✘ ' "$OUT"`)
        .errorLines(`grep -A2 -E '^ ✘ ' "$OUT" | grep -E '^   │ [A-Z]'`)
        .errorLines(`grep -E '^(Tests: [0-9]+, |FAILURES!|ERRORS!)' "$OUT"`)
        .mustKeep(`grep -oE '/tests/[A-Za-z]+Test\\.php:[0-9]+' "$OUT" | sort -u`),
  },
  {
    id: "busted-spec-failures",
    program: "busted",
    category: "CommandOutput",
    setup: () => bustedProject("busted-spec-failures"),
    command: "busted --no-auto-insulate --verbose spec",
    exitCode: 1,
    versions: ["busted --version", "$(head -n 1 $(command -v busted) | cut -c3-) -v 2>&1"],
    note: "the run's durations vary",
    facts: (f) =>
      f
        .errorLines(`grep -E '^(Failure|Error) -> ' "$OUT"`)
        .errorLines(`grep -E '^[0-9]+ successes / ' "$OUT"`)
        .mustKeep(`grep -oE 'spec/[a-z]+_spec\\.lua @ [0-9]+' "$OUT" | sort -u`)
        .count("successes", `grep -oE '^[0-9]+ successes' "$OUT" | grep -oE '[0-9]+'`),
  },
  {
    id: "behave-failing-steps",
    program: "behave",
    category: "CommandOutput",
    setup: () => behaveProject("behave-failing-steps"),
    command: "behave --no-color --no-capture",
    exitCode: 1,
    versions: ["behave --version"],
    note: "step durations vary",
    facts: (f) =>
      f
        .errorLines(`grep -E '(Assertion Failed|Traceback|ValueError): ' "$OUT" | sed -E 's/^ +//' | sort -u`)
        .errorLines(`grep -E '^[0-9]+ (features?|scenarios?|steps?) passed, ' "$OUT"`)
        .mustKeep(`grep -E '^Failing scenarios:' "$OUT"`)
        .mustKeep(`grep -E '^  features/[a-z]+\\.feature:[0-9]+ ' "$OUT" | sed -E 's/^ +//'`)
        .count("failedScenarios", `grep -cE '^  features/[a-z]+\\.feature:[0-9]+ ' "$OUT"`),
  },
  {
    id: "nose2-unittest-failures",
    program: "nose2",
    category: "CommandOutput",
    setup: () => nose2Project("nose2-unittest-failures"),
    command: "/usr/bin/python3 -m nose2 -v -s . tests",
    exitCode: 1,
    versions: ["/usr/bin/python3 -m pip show nose2 2>/dev/null | grep ^Version || dpkg-query -W python3-nose2", "/usr/bin/python3 --version"],
    note: "the run's time varies",
    facts: (f) =>
      f
        .errorLines(`grep -E '^(FAIL|ERROR): ' "$OUT"`)
        .errorLines(`grep -E '^(AssertionError|ValueError): ' "$OUT"`)
        .errorLines(`grep -E '^FAILED \\(' "$OUT"`)
        .mustKeep(`grep -oE '^Ran [0-9]+ tests' "$OUT"`)
        .count("ok", `grep -cE ' \\.\\.\\. ok$' "$OUT"`),
  },
  {
    id: "clojure-test-failures",
    program: "clojure.test",
    category: "CommandOutput",
    setup: () => clojureTestProject("clojure-test-failures"),
    command: "java -cp /usr/share/java/clojure.jar:src:test clojure.main run_tests.clj",
    exitCode: 1,
    versions: ["java -cp /usr/share/java/clojure.jar clojure.main -e '(println (clojure-version))'"],
    facts: (f) =>
      f
        .errorLines(`grep -E '^(FAIL|ERROR) in ' "$OUT"`)
        .errorLines(`grep -E '^[0-9]+ failures, [0-9]+ errors\\.' "$OUT"`)
        .mustKeep(`grep -E '^Ran [0-9]+ tests containing' "$OUT"`)
        .count("namespaces", `grep -cE '^Testing shop\\.' "$OUT"`),
  },
  {
    id: "clojure-exception-after-log",
    program: "clojure",
    category: "CommandOutput",
    setup: () => clojureCrash("clojure-exception-after-log"),
    command: "java -cp /usr/share/java/clojure.jar:src clojure.main -m shop.report",
    exitCode: 1,
    versions: ["java -cp /usr/share/java/clojure.jar clojure.main -e '(println (clojure-version))'", "java -version 2>&1 | head -n 1"],
    note: "the full report's file name is a temporary file's, different on every run",
    facts: (f) =>
      f
        .errorLines(`grep -E '^(Execution error|Syntax error)' "$OUT"`)
        .errorLines(`grep -E '^cannot total line|^no price for' "$OUT"`)
        .mustKeep(`grep -E '^order [0-9]+ ' "$OUT" | tail -n 1 | grep -oE '^order [0-9]+'`)
        .count("orders", `grep -c '^order [0-9]' "$OUT"`),
  },
  {
    id: "groovy-uncaught-exception",
    program: "groovy",
    category: "CommandOutput",
    setup: () => groovyCrash("groovy-uncaught-exception"),
    command: "groovy report.groovy",
    exitCode: 1,
    versions: ["groovy --version 2>&1 | tail -n 1"],
    facts: (f) =>
      f
        .errorLines(`grep -E '^(Caught|Caused by): ' "$OUT"`)
        .mustKeep(`grep -E '^order [0-9]+ ' "$OUT" | tail -n 1 | grep -oE '^order [0-9]+'`)
        .mustKeep(`grep -oE 'at Ledger\\.lineTotal\\(report\\.groovy:[0-9]+\\)' "$OUT" | head -n 1`)
        .count("frames", `grep -cE '^\\s+at ' "$OUT"`),
  },
  {
    id: "scalac-type-errors",
    program: "scalac",
    category: "CommandOutput",
    setup: () => scalaProject("scalac-type-errors"),
    command: "mkdir -p out && scalac -d out src/shop/*.scala",
    exitCode: 1,
    versions: ["scalac -version 2>&1"],
    facts: (f) =>
      f
        .errorLines(`grep -E '^src/shop/[A-Za-z]+\\.scala:[0-9]+: error: ' "$OUT"`)
        .errorLines(`grep -E '^[0-9]+ errors? found' "$OUT"`)
        .count("errors", `grep -cE ': error: ' "$OUT"`),
  },
  {
    id: "crystal-spec-failures",
    program: "crystal spec",
    category: "CommandOutput",
    setup: () => crystalProject("crystal-spec-failures"),
    command: "crystal spec --no-color spec",
    env: { CRYSTAL_CACHE_DIR: "/tmp/abridge-corpus/crystal-spec-failures/.cache" },
    exitCode: 1,
    versions: ["crystal --version | head -n 1"],
    note: "the run's durations vary",
    facts: (f) =>
      f
        .errorLines(`grep -E '^crystal spec spec/[a-z]+_spec\\.cr:[0-9]+ # ' "$OUT"`)
        .errorLines(`grep -E '^[0-9]+ examples, [0-9]+ failures' "$OUT"`)
        .mustKeep(`grep -E '^Failed examples:' "$OUT"`)
        .count("failures", `grep -cE '^crystal spec spec/' "$OUT"`),
  },
  {
    id: "tox-envs-failing",
    program: "tox",
    category: "CommandOutput",
    setup: () => toxProject("tox-envs-failing"),
    command: "tox",
    exitCode: 1,
    versions: ["tox --version", "/usr/bin/python3 --version"],
    note: "tox's environment set-up, durations and the run's time vary",
    facts: (f) =>
      f
        .errorLines(`grep -E '^ERROR: +[a-z]+: commands failed' "$OUT"`)
        .errorLines(`grep -E '^(FAIL|ERROR): test_' "$OUT"`)
        .errorLines(`grep -E '^(SyntaxError|E +[A-Za-z]+Error): ' "$OUT" | sort -u`)
        .errorLines(`grep -E '^ERROR tests/' "$OUT"`)
        .mustKeep(`grep -E '^ +[a-z]+: commands succeeded' "$OUT" | sed -E 's/^ +//'`)
        .mustKeep(`grep -oE '^Ran [0-9]+ tests' "$OUT"`),
  },
  {
    id: "cobc-compile-errors",
    program: "cobc",
    category: "CommandOutput",
    setup: () => cobolProject("cobc-compile-errors"),
    command: "mkdir -p build && status=0; for f in src/*.cob; do echo \"compiling $f\"; cobc -v -x -Wall -o build/$(basename $f .cob) $f || status=1; done; exit $status",
    exitCode: 1,
    versions: ["cobc --version | head -n 1"],
    note: "cobc -v names temporary files after its process id",
    facts: (f) =>
      f
        .errorLines(`grep -E '^src/[a-z]+\\.cob:[0-9]+: error: ' "$OUT"`)
        .mustKeep(`grep -E '^compiling src/' "$OUT" | tail -n 1`)
        .count("errors", `grep -cE ': error: ' "$OUT"`)
        .count("programs", `grep -cE '^compiling src/' "$OUT"`),
  },
];
