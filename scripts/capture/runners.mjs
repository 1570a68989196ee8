// Test runners' failure formats: node:test (TAP and spec), jest, mocha, vitest, go test
// (text, -v, -json, a timeout's goroutine dump), pytest (a native traceback through the
// standard library), cargo test, JUnit 5 and JUnit 4, prove, minitest, RSpec, tcltest
// (which exits 0 with failures) and doctest. Each suite is mostly green with a few real
// failures in the middle.
import { symlinkSync } from "node:fs";
import { join } from "node:path";
import { cases, INVENTORY } from "./js-inventory.mjs";
import { nodeTools, REPO, scratch, sh, writeTree } from "./lib.mjs";

const pad = (i) => String(i).padStart(3, "0");

/** A JavaScript test file for a runner: `head` imports, `call(name, body)` renders one case. */
function jsSuite(id, { file, head, call, extra = {} }) {
  const dir = scratch(id);
  const body = cases()
    .map(([name, c]) => call(name, c))
    .join("\n");
  writeTree(dir, { "src/inventory.mjs": INVENTORY, [file]: `${head}\n${body}\n`, ...extra });
  return dir;
}

const nodeAssert = (name, c) => `test(${JSON.stringify(name)}, () => {\n  assert.deepStrictEqual(${c.actual}, ${c.expected});\n});\n`;
const expectCall = (name, c) => `test(${JSON.stringify(name)}, () => {\n  expect(${c.actual}).toEqual(${c.expected});\n});\n`;

function nodeTestProject(id) {
  const dir = jsSuite(id, {
    file: "test/inventory.test.mjs",
    head: `import { test } from "node:test";\nimport assert from "node:assert/strict";\nimport { parseQty, priceWithVat, reserve, slug } from "../src/inventory.mjs";\n`,
    call: nodeAssert,
  });
  writeTree(dir, {
    "test/format.test.mjs": `import { test } from "node:test";\nimport assert from "node:assert/strict";\nimport { slug } from "../src/inventory.mjs";\n${Array.from({ length: 30 }, (_, i) => `test("slug keeps word ${i}", () => {\n  assert.equal(slug("Word ${i}"), "word-${i}");\n});\n`).join("\n")}`,
  });
  return dir;
}

// ---- Go ------------------------------------------------------------------------------
const GO_LIB = `package inventory

import (
	"fmt"
	"strings"
)

// Reserve takes qty units of sku from stock.
func Reserve(stock map[string]int, sku string, qty int) (int, error) {
	have := stock[sku]
	if qty > have {
		return have, fmt.Errorf("insufficient stock for %s: %d < %d", sku, have, qty)
	}
	stock[sku] = have - qty
	return have - qty, nil
}

// PriceWithVat adds VAT at rate percent, in cents.
func PriceWithVat(cents, rate int) int { return cents * (100 + rate) / 100 }

// Slug lower-cases a name and joins its words with dashes.
func Slug(name string) string { return strings.ReplaceAll(strings.ToLower(name), " ", "-") }
`;

function goTests() {
  const rows = [];
  for (let i = 1; i <= 45; i++) {
    rows.push(`		{"vat_${pad(i)}", ${i * 100}, 20, ${i * 120}},`);
    if (i === 22) rows.push(`		{"vat_rounds_half_up", 1999, 19, 2379},`);
  }
  return `package inventory

import "testing"

func TestPriceWithVat(t *testing.T) {
	cases := []struct {
		name        string
		cents, rate int
		want        int
	}{
${rows.join("\n")}
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := PriceWithVat(c.cents, c.rate); got != c.want {
				t.Errorf("PriceWithVat(%d, %d) = %d, want %d", c.cents, c.rate, got, c.want)
			}
		})
	}
}

func TestReserve(t *testing.T) {
	stock := map[string]int{"A-7": 2}
	left, err := Reserve(stock, "A-7", 3)
	if err != nil {
		t.Fatalf("Reserve: %v", err)
	}
	if left != 0 {
		t.Errorf("left = %d, want 0", left)
	}
}

func TestSlug(t *testing.T) {
	for i, name := range []string{"Red Shoe", "Blue  Hat", "Green Scarf"} {
		want := []string{"red-shoe", "blue-hat", "green-scarf"}[i]
		if got := Slug(name); got != want {
			t.Errorf("Slug(%q) = %q, want %q", name, got, want)
		}
	}
}

func TestSlugIndex(t *testing.T) {
	var names map[string]string
	names["Red Shoe"] = Slug("Red Shoe")
}
`;
}

function goModule(id, extraPkgs = 0) {
  const dir = scratch(id);
  const files = { "go.mod": "module example.test/shop\n\ngo 1.19\n", "inventory/inventory.go": GO_LIB, "inventory/inventory_test.go": goTests() };
  for (let p = 1; p <= extraPkgs; p++) {
    files[`pkg${p}/pkg${p}.go`] = `package pkg${p}\n\n// Double doubles n.\nfunc Double(n int) int { return 2 * n }\n`;
    files[`pkg${p}/pkg${p}_test.go`] = `package pkg${p}\n\nimport "testing"\n\n${Array.from({ length: 6 }, (_, i) => `func TestDouble${i}(t *testing.T) {\n\tif Double(${i}) != ${2 * i} {\n\t\tt.Fatal("wrong")\n\t}\n}\n`).join("\n")}`;
  }
  writeTree(dir, files);
  return dir;
}
const GO_ENV = { GOFLAGS: "-count=1", GOPROXY: "off", CGO_ENABLED: "0" };

/** A queue package whose test hangs while 32 idle workers wait: go test's timeout dumps every goroutine. */
function goHangingModule(id) {
  const dir = scratch(id);
  writeTree(dir, {
    "go.mod": "module example.test/queue\n\ngo 1.19\n",
    "queue/queue.go": `package queue

// Pool runs jobs on n workers that wait for work on one channel.
type Pool struct{ jobs chan func() }

// NewPool starts n workers.
func NewPool(n int) *Pool {
	p := &Pool{jobs: make(chan func())}
	for i := 0; i < n; i++ {
		go p.work(i)
	}
	return p
}

func (p *Pool) work(id int) {
	for job := range p.jobs {
		job()
	}
}

// Drain waits until the queue is empty; it never is, because nothing closes done.
func (p *Pool) Drain(done chan struct{}) { <-done }
`,
    "queue/queue_test.go": `package queue

import "testing"

${Array.from({ length: 40 }, (_, i) => `func TestEnqueue${pad(i + 1)}(t *testing.T) {\n\tif NewPool(0) == nil {\n\t\tt.Fatal("no pool")\n\t}\n}\n`).join("\n")}
func TestDrain(t *testing.T) {
	p := NewPool(32)
	p.Drain(make(chan struct{}))
}
`,
  });
  return dir;
}

/** A settings loader whose config is not JSON: the test fails inside the standard library's json module. */
function pytestLibraryFrames(id) {
  const dir = scratch(id);
  writeTree(dir, {
    "settings.py": `import json


def load(text):
    return json.loads(text)


def port_of(text):
    return load(text)["database"]["port"]
`,
    "test_settings.py": `import settings

${Array.from({ length: 60 }, (_, i) => `def test_port_${pad(i + 1)}():\n    assert settings.port_of('{"database": {"port": ${5000 + i}}}') == ${5000 + i}\n`).join("\n")}

def test_port_from_yaml_style_config():
    assert settings.port_of("database:\\n  port: 5432\\n") == 5432
`,
  });
  return dir;
}

// ---- Rust ----------------------------------------------------------------------------
function rustTests(id) {
  const dir = scratch(id);
  sh("cargo new --offline --vcs none --lib ledger", { cwd: dir });
  const crate = join(dir, "ledger");
  const tests = [];
  for (let i = 1; i <= 50; i++) {
    tests.push(`    #[test]\n    fn parses_amount_${pad(i)}() {\n        assert_eq!(parse_cents("${i}.${String(i % 100).padStart(2, "0")}"), Some(${i * 100 + (i % 100)}));\n    }\n`);
    if (i === 25) {
      tests.push(`    #[test]\n    fn parses_amount_with_comma() {\n        assert_eq!(parse_cents("12,50"), Some(1250));\n    }\n`);
      tests.push(`    #[test]\n    fn splits_evenly() {\n        let parts = split(1000, 3);\n        assert_eq!(parts.iter().sum::<i64>(), 1000, "parts were {:?}", parts);\n    }\n`);
      tests.push(`    #[test]\n    fn splits_into_zero_parts() {\n        assert!(split(10, 0).is_empty());\n    }\n`);
    }
  }
  writeTree(crate, {
    "src/lib.rs": `/// Parses "12.50" into cents.
pub fn parse_cents(text: &str) -> Option<i64> {
    let (units, cents) = text.split_once('.')?;
    Some(units.parse::<i64>().ok()? * 100 + cents.parse::<i64>().ok()?)
}

/// Splits an amount into n parts.
pub fn split(total: i64, n: i64) -> Vec<i64> {
    (0..n).map(|_| total / n).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

${tests.join("\n")}
}
`,
  });
  return crate;
}

// ---- Java ----------------------------------------------------------------------------
const JAVA_CART = `package shop;

import java.util.ArrayList;
import java.util.List;

public class Cart {
    private final List<long[]> lines = new ArrayList<>();

    public void add(long cents, int quantity) {
        if (quantity <= 0) throw new IllegalArgumentException("quantity must be positive: " + quantity);
        lines.add(new long[] {cents, quantity});
    }

    public long total() {
        long sum = 0;
        for (long[] l : lines) sum += l[0] * l[1];
        return sum;
    }

    public long discounted(int percent) {
        return total() - total() * percent / 100 - 1;
    }

    public String label(String customer) {
        return customer.trim() + " (" + lines.size() + " lines)";
    }
}
`;

function junit5Project(id) {
  const dir = scratch(id);
  const tests = [];
  for (let i = 1; i <= 40; i++) {
    tests.push(`    @Test\n    void totalOf${pad(i)}Items() {\n        Cart c = new Cart();\n        c.add(${i * 10}, ${i});\n        assertEquals(${i * 10 * i}L, c.total());\n    }\n`);
    if (i === 18) {
      tests.push(`    @Test\n    void discountTenPercent() {\n        Cart c = new Cart();\n        c.add(1000, 2);\n        assertEquals(1800L, c.discounted(10), "10 % off 2 × 10.00");\n    }\n`);
      tests.push(`    @Test\n    void labelForGuest() {\n        Cart c = new Cart();\n        assertEquals("guest (0 lines)", c.label(null));\n    }\n`);
    }
  }
  writeTree(dir, {
    "src/shop/Cart.java": JAVA_CART,
    "test/shop/CartTest.java": `package shop;\n\nimport static org.junit.jupiter.api.Assertions.assertEquals;\n\nimport org.junit.jupiter.api.Test;\n\nclass CartTest {\n${tests.join("\n")}}\n`,
  });
  sh("javac -d out -cp /usr/share/java/junit-platform-console-standalone.jar src/shop/*.java test/shop/*.java", { cwd: dir });
  return dir;
}

function junit4Project(id) {
  const dir = scratch(id);
  const tests = [];
  for (let i = 1; i <= 60; i++) {
    tests.push(`    @Test\n    public void total${pad(i)}() {\n        Cart c = new Cart();\n        c.add(${i}, 2);\n        assertEquals(${i * 2}L, c.total());\n    }\n`);
    if (i === 31) {
      tests.push(`    @Test\n    public void discountHalf() {\n        Cart c = new Cart();\n        c.add(500, 1);\n        assertEquals(250L, c.discounted(50));\n    }\n`);
      tests.push(`    @Test\n    public void rejectsZeroQuantity() {\n        new Cart().add(100, 0);\n    }\n`);
    }
  }
  writeTree(dir, {
    "src/shop/Cart.java": JAVA_CART,
    "test/shop/CartTest.java": `package shop;\n\nimport static org.junit.Assert.assertEquals;\n\nimport org.junit.Test;\n\npublic class CartTest {\n${tests.join("\n")}}\n`,
  });
  sh("javac -d out -cp /usr/share/java/junit4.jar src/shop/*.java test/shop/*.java", { cwd: dir });
  return dir;
}

// ---- Perl, Ruby, Tcl, Python doctest ------------------------------------------------
function perlProject(id) {
  const dir = scratch(id);
  const files = {
    "lib/Cart.pm": `package Cart;\nuse strict;\nuse warnings;\n\nsub new { my ($class) = @_; return bless { lines => [] }, $class }\nsub add { my ($self, $cents, $qty) = @_; die "quantity must be positive\\n" if $qty <= 0; push @{ $self->{lines} }, [$cents, $qty]; return $self }\nsub total { my ($self) = @_; my $t = 0; $t += $_->[0] * $_->[1] for @{ $self->{lines} }; return $t }\nsub vat { my ($self, $rate) = @_; return int($self->total * (100 + $rate) / 100) }\n\n1;\n`,
  };
  for (let f = 1; f <= 14; f++) {
    const name = `t/${String(f).padStart(2, "0")}-cart-${["add", "total", "vat", "lines", "empty", "bulk", "mixed"][f % 7]}.t`;
    const tests = [];
    for (let i = 1; i <= 12; i++) tests.push(`is(Cart->new->add(${i * f}, 2)->total, ${i * f * 2}, "total of ${i * f} x 2");`);
    if (f === 6) tests.push(`is(Cart->new->add(1999, 1)->vat(19), 2379, "vat rounds to the nearest cent");`, `is_deeply([sort { $a <=> $b } (3, 1, 2)], [1, 2, 4], "sorted line ids");`);
    if (f === 9) tests.push(`ok(eval { Cart->new->add(100, 0); 1 }, "zero quantity is accepted") or diag("died: $@");`);
    files[name] = `use strict;\nuse warnings;\nuse Test::More;\nuse lib 'lib';\nuse Cart;\n\n${tests.join("\n")}\n\ndone_testing();\n`;
  }
  writeTree(dir, files);
  return dir;
}

function rubyProject(id) {
  const dir = scratch(id);
  const lib = `class Cart\n  def initialize\n    @lines = []\n  end\n\n  def add(cents, qty)\n    raise ArgumentError, "quantity must be positive: #{qty}" unless qty.positive?\n    @lines << [cents, qty]\n    self\n  end\n\n  def total\n    @lines.sum { |c, q| c * q }\n  end\n\n  def vat(rate)\n    (total * (100 + rate) / 100.0).floor\n  end\n\n  def label(customer)\n    "#{customer.strip} (#{@lines.size} lines)"\n  end\nend\n`;
  const mt = [];
  const rs = [];
  for (let i = 1; i <= 50; i++) {
    mt.push(`  def test_total_${pad(i)}\n    assert_equal ${i * 3}, Cart.new.add(${i}, 3).total\n  end\n`);
    rs.push(`  it "totals ${i} x 3" do\n    expect(Cart.new.add(${i}, 3).total).to eq(${i * 3})\n  end\n`);
    if (i === 24) {
      mt.push(`  def test_vat_rounding\n    assert_equal 2379, Cart.new.add(1999, 1).vat(19)\n  end\n`, `  def test_label_for_guest\n    assert_equal "guest (0 lines)", Cart.new.label(nil)\n  end\n`);
      rs.push(`  it "rounds VAT to the nearest cent" do\n    expect(Cart.new.add(1999, 1).vat(19)).to eq(2379)\n  end\n`, `  it "labels a guest cart" do\n    expect(Cart.new.label(nil)).to eq("guest (0 lines)")\n  end\n`);
    }
  }
  writeTree(dir, {
    "lib/cart.rb": lib,
    "test/test_cart.rb": `require "minitest/autorun"\nrequire_relative "../lib/cart"\n\nclass TestCart < Minitest::Test\n${mt.join("\n")}end\n`,
    "spec/cart_spec.rb": `require_relative "../lib/cart"\n\nRSpec.describe Cart do\n${rs.join("\n")}end\n`,
  });
  return dir;
}

function tclProject(id) {
  const dir = scratch(id);
  const tests = [];
  for (let i = 1; i <= 50; i++) {
    tests.push(`test total-${i} {total of ${i} x 4} -body {cart::total [list [list ${i} 4]]} -result ${i * 4}`);
    if (i === 26) {
      tests.push(`test vat-1 {VAT is rounded to the nearest cent} -body {cart::vat 1999 19} -result 2379`);
      tests.push(`test parse-1 {a quantity with a unit} -body {cart::qty "3 pcs"} -result 3`);
    }
  }
  writeTree(dir, {
    "cart.tcl": `namespace eval cart {}\nproc cart::total {lines} { set t 0; foreach l $lines { lassign $l c q; incr t [expr {$c * $q}] }; return $t }\nproc cart::vat {cents rate} { return [expr {$cents * (100 + $rate) / 100}] }\nproc cart::qty {text} { return [expr {$text + 0}] }\n`,
    "cart.test": `package require tcltest\nnamespace import ::tcltest::*\nsource [file join [file dirname [info script]] cart.tcl]\n\n${tests.join("\n")}\n\ncleanupTests\n`,
  });
  return dir;
}

const DOCTEST_MODULE = (() => {
  const fns = [];
  for (let i = 1; i <= 30; i++) {
    fns.push(`def scale_${pad(i)}(cents):
    """Scales an amount by ${i}.

    >>> scale_${pad(i)}(100)
    ${100 * i}
    >>> scale_${pad(i)}(7)
    ${7 * i}
    """
    return cents * ${i}
`);
    if (i === 15) {
      fns.push(`def vat(cents, rate):
    """Adds VAT, rounded to the nearest cent.

    >>> vat(1999, 19)
    2379
    >>> vat(1000, 20)
    1200
    """
    return cents * (100 + rate) // 100
`);
      fns.push(`def parse_amount(text):
    """Parses an amount with a currency.

    >>> parse_amount("12.50 EUR")
    (1250, 'EUR')
    >>> parse_amount("12,50 EUR")
    (1250, 'EUR')
    """
    number, currency = text.split(" ")
    return round(float(number) * 100), currency
`);
    }
  }
  return `"""Money helpers, documented by example."""\n\n\n${fns.join("\n\n")}`;
})();

const tapNotOk = `grep -E '^ *not ok ' "$OUT"`;

export default [
  {
    id: "node-test-tap-failures",
    program: "node:test",
    category: "CommandOutput",
    setup: () => nodeTestProject("node-test-tap-failures"),
    command: "node --test --test-reporter=tap test/",
    versions: ["node --version"],
    note: "src/inventory.mjs and two test files (scripts/capture/js-inventory.mjs): 113 tests, three fail",
    facts: (f) =>
      f
        .errorLines(tapNotOk)
        .mustKeep(`grep -E '^# (tests|pass|fail) ' "$OUT"`)
        .mustKeep(`grep -oE "[0-9]+ !== [0-9]+|insufficient stock for A-7: 2 < 3|'café-crème'" "$OUT" | sort -u`),
  },
  {
    id: "node-test-spec-failures",
    program: "node:test",
    category: "CommandOutput",
    setup: () => nodeTestProject("node-test-spec-failures"),
    command: "node --test --test-reporter=spec test/",
    versions: ["node --version"],
    note: "the same suite with the spec reporter",
    facts: (f) =>
      f
        .errorLines(`grep -E '^ *✖ ' "$OUT" | sed -E 's/ \\([0-9.]+ms\\)$//' | sed 's/^ *//' | sort -u`)
        .mustKeep(`grep -E '^ℹ (tests|pass|fail) ' "$OUT"`)
        .mustKeep(`grep -oE "RangeError \\[Error\\]: insufficient stock for A-7: 2 < 3|[0-9]+ !== [0-9]+" "$OUT" | sort -u`),
  },
  {
    id: "jest-failures",
    program: "jest",
    category: "CommandOutput",
    setup: () => {
      const dir = jsSuite("jest-failures", {
        file: "test/inventory.test.js",
        head: `const { parseQty, priceWithVat, reserve, slug } = require("../src/inventory.cjs");\n`,
        call: expectCall,
      });
      // jest without a transform runs CommonJS: the same module, exported that way.
      writeTree(dir, { "src/inventory.cjs": INVENTORY.replaceAll("export function", "function") + "\nmodule.exports = { parseQty, reserve, priceWithVat, slug };\n", "package.json": '{ "name": "shop", "private": true }\n' });
      symlinkSync(join(nodeTools(), "node_modules"), join(dir, "node_modules"));
      return dir;
    },
    command: "npx jest --ci",
    versions: ["npx jest --version"],
    note: "jest 29 from the npm registry; the suite of scripts/capture/js-inventory.mjs as CommonJS",
    facts: (f) =>
      f
        .errorLines(`grep -E '^  ● ' "$OUT"`)
        .mustKeep(`grep -E '^Tests: ' "$OUT" | sed 's/ *$//'`)
        .mustKeep(`grep -E '^ *(Expected|Received): ' "$OUT" | sed 's/^ *//' | sort -u`),
  },
  {
    id: "mocha-failures",
    program: "mocha",
    category: "CommandOutput",
    setup: () => {
      const dir = jsSuite("mocha-failures", {
        file: "test/inventory.spec.mjs",
        head: `import assert from "node:assert/strict";\nimport { parseQty, priceWithVat, reserve, slug } from "../src/inventory.mjs";\n\ndescribe("inventory", () => {`,
        call: (name, c) => `  it(${JSON.stringify(name)}, () => {\n    assert.deepEqual(${c.actual}, ${c.expected});\n  });\n`,
        extra: {},
      });
      sh(`echo '});' >> test/inventory.spec.mjs`, { cwd: dir });
      symlinkSync(join(nodeTools(), "node_modules"), join(dir, "node_modules"));
      return dir;
    },
    command: "npx mocha test/",
    versions: ["npx mocha --version"],
    note: "mocha 10 from the npm registry, spec reporter",
    facts: (f) =>
      f
        .errorLines(`grep -E '^    [0-9]+\\) ' "$OUT" | sed 's/^ *//'`)
        .mustKeep(`grep -E '^  [0-9]+ (passing|failing)' "$OUT" | sed -E 's/ \\([0-9]+ms\\)//'`)
        .mustKeep(`grep -E '^ *(AssertionError|RangeError)' "$OUT" | sed 's/^ *//' | sort -u`),
  },
  {
    id: "vitest-failures",
    program: "vitest",
    category: "CommandOutput",
    setup: () => {
      const dir = jsSuite("vitest-failures", {
        file: "test/inventory.test.mjs",
        head: `import { expect, test } from "vitest";\nimport { parseQty, priceWithVat, reserve, slug } from "../src/inventory.mjs";\n`,
        call: expectCall,
      });
      writeTree(dir, { "vitest.config.mjs": "export default { test: { include: ['test/**/*.test.mjs'] } };\n" });
      symlinkSync(join(REPO, "node_modules"), join(dir, "node_modules"));
      return dir;
    },
    command: "npx vitest run --color=false",
    env: { NO_COLOR: "1" },
    versions: ["npx vitest --version"],
    note: "the repository's vitest",
    facts: (f) =>
      f
        .errorLines(`grep -E '^ FAIL ' "$OUT" | sort -u`)
        .mustKeep(`grep -E '^ +Tests ' "$OUT" | sed -E 's/^ +//'`)
        .mustKeep(`grep -E '^(AssertionError|RangeError): ' "$OUT" | sort -u`),
  },
  {
    id: "go-test-failures",
    program: "go test",
    category: "CommandOutput",
    setup: () => goModule("go-test-failures", 12),
    command: "go test ./...",
    env: GO_ENV,
    versions: ["go version"],
    note: "a module of 13 packages (in the capture script); inventory has a wrong rounding, an error, a wrong slug and a nil-map panic",
    facts: (f) =>
      f
        .errorLines(`grep -E '^ *--- FAIL: ' "$OUT" | sed -E 's/ \\([0-9.]+s\\)$//' | sed 's/^ *//'`)
        .errorLines(`grep -E '^panic: ' "$OUT"`)
        .mustKeep(`grep -E '^FAIL\\s' "$OUT" | awk '{print $1"\\t"$2}'`)
        .count("packagesOk", `grep -cE '^ok\\s' "$OUT"`),
  },
  {
    id: "go-test-v-failures",
    program: "go test",
    category: "CommandOutput",
    setup: () => goModule("go-test-v-failures"),
    command: "go test -v ./inventory/",
    env: GO_ENV,
    versions: ["go version"],
    note: "the inventory package alone, verbose: every subtest's RUN and PASS line",
    facts: (f) =>
      f
        .errorLines(`grep -E '^ *--- FAIL: ' "$OUT" | sed -E 's/ \\([0-9.]+s\\)$//' | sed 's/^ *//'`)
        .errorLines(`grep -E 'inventory_test.go:[0-9]+: ' "$OUT" | sed 's/^ *//'`)
        .errorLines(`grep -E '^panic: ' "$OUT"`),
  },
  {
    id: "go-test-json-failures",
    program: "go test",
    category: "StructuredData",
    setup: () => goModule("go-test-json-failures"),
    command: "go test -json ./inventory/",
    env: GO_ENV,
    versions: ["go version"],
    note: "go test's event stream: one JSON object per line",
    facts: (f) =>
      f
        // Verbatim as stored: JSON-escaped (Go writes < as \\u003c), up to the escaped newline.
        .errorLines(`grep -oE 'inventory_test\\.go:[0-9]+: ([^"\\\\]|\\\\[^n])*' "$OUT" | sort -u`)
        .mustKeep(`jq -r 'select(.Action=="fail" and .Test != null) | .Test' "$OUT" | grep -v / | sort -u`)
        .count("events", `grep -c '^{' "$OUT"`),
  },
  {
    id: "cargo-test-failures",
    program: "cargo test",
    category: "CommandOutput",
    setup: () => rustTests("cargo-test-failures"),
    command: "cargo test --offline",
    versions: ["cargo --version"],
    note: "a library crate with 53 unit tests, three fail (one by a division by zero)",
    facts: (f) =>
      f
        .errorLines(`grep -E '^test tests::[a-z_0-9]+ \\.\\.\\. FAILED' "$OUT"`)
        .errorLines(`grep -E "panicked at |^attempt to divide by zero|^assertion .* failed" "$OUT" | sort -u`)
        .mustKeep(`grep -oE '^test result: FAILED\\. [0-9]+ passed; [0-9]+ failed' "$OUT"`),
  },
  {
    id: "junit5-console-failures",
    program: "junit",
    category: "CommandOutput",
    setup: () => junit5Project("junit5-console-failures"),
    command: "java -jar /usr/share/java/junit-platform-console-standalone.jar --disable-banner --disable-ansi-colors -cp out --select-package shop",
    versions: ["java -version 2>&1", "unzip -p /usr/share/java/junit-platform-console-standalone.jar META-INF/MANIFEST.MF | grep -i '^Implementation-Version'"],
    note: "JUnit 5 from Debian's junit5 package; CartTest (in the capture script) has 42 tests, two fail",
    facts: (f) =>
      f
        .errorLines(`grep -E '(MethodSource|=> )' "$OUT" | grep -E '=> ' | sed 's/^ *//' | sort -u`)
        .mustKeep(`grep -E '\\[ +[0-9]+ tests (successful|failed) +\\]' "$OUT" | sed 's/^ *//'`)
        .mustKeep(`grep -oE 'CartTest\\.java:[0-9]+' "$OUT" | sort -u`),
  },
  {
    id: "junit4-runner-failures",
    program: "junit4",
    category: "CommandOutput",
    setup: () => junit4Project("junit4-runner-failures"),
    command: "java -cp out:/usr/share/java/junit4.jar:/usr/share/java/hamcrest-core.jar org.junit.runner.JUnitCore shop.CartTest",
    versions: ["java -version 2>&1", "unzip -p /usr/share/java/junit4.jar META-INF/MANIFEST.MF | grep -i '^Implementation-Version'"],
    note: "JUnit 4 from Debian's junit4 package; 62 tests, two fail",
    facts: (f) =>
      f
        .errorLines(`grep -E '^[0-9]+\\) ' "$OUT"`)
        .errorLines(`grep -E '^(java\\.lang\\.AssertionError|java\\.lang\\.IllegalArgumentException)' "$OUT"`)
        .mustKeep(`grep -E '^Tests run: ' "$OUT" | sed 's/ *$//'`),
  },
  {
    id: "prove-failures",
    program: "prove",
    category: "CommandOutput",
    setup: () => perlProject("prove-failures"),
    command: "prove -v t/",
    versions: ["prove --version"],
    note: "14 Test::More files; two fail",
    facts: (f) =>
      f
        .errorLines(`grep -E '^not ok ' "$OUT"`)
        .errorLines(`grep -E '^#\\s+Failed test ' "$OUT" | sort -u`)
        .mustKeep(`grep -E '^Result: |^Files=' "$OUT" | sed -E 's/, +[0-9]+ wallclock.*$//'`)
        .mustKeep(`grep -oE '^t/[0-9a-z-]+\\.t +\\(Wstat: [0-9]+ \\(exited [0-9]+\\) Tests: [0-9]+ Failed: [0-9]+\\)' "$OUT"`),
  },
  {
    id: "minitest-failures",
    program: "minitest",
    category: "CommandOutput",
    setup: () => rubyProject("minitest-failures"),
    command: "ruby test/test_cart.rb --seed 4242 --verbose",
    versions: ["ruby --version", `ruby -e 'require "minitest"; puts "minitest " + Minitest::VERSION'`],
    note: "Debian's ruby and minitest; 52 tests, one failure and one error",
    facts: (f) =>
      f
        .errorLines(`grep -E '^ +[0-9]+\\) (Failure|Error):' "$OUT" | sed 's/^ *//'`)
        .errorLines(`grep -E '= [EF]$|^TestCart#[a-z_0-9]+( \\[.*\\])?:$|^NoMethodError|^Expected: |^  Actual: ' "$OUT"`)
        .mustKeep(`grep -E '^[0-9]+ runs, ' "$OUT"`),
  },
  {
    id: "rspec-failures",
    program: "rspec",
    category: "CommandOutput",
    setup: () => rubyProject("rspec-failures"),
    command: "rspec --no-color --format documentation spec/cart_spec.rb",
    versions: ["rspec --version | head -n 1"],
    note: "Debian's ruby-rspec; 52 examples, two fail",
    facts: (f) =>
      f
        .errorLines(`grep -E '^rspec \\./spec' "$OUT"`)
        .errorLines(`grep -E '^ +(expected: |got: |NoMethodError:)' "$OUT" | sed 's/^ *//'`)
        .mustKeep(`grep -E '^[0-9]+ examples, ' "$OUT"`),
  },
  {
    id: "tcltest-failures-exit-0",
    program: "tcltest",
    category: "CommandOutput",
    setup: () => tclProject("tcltest-failures-exit-0"),
    command: "tclsh cart.test -verbose bpe",
    exitCode: 0,
    versions: ["echo 'puts [info patchlevel]' | tclsh"],
    note: "tcltest reports two failures and exits 0",
    facts: (f) =>
      f
        .errorLines(`grep -E '^==== .* FAILED$' "$OUT"`)
        .errorLines(`grep -E '^---- (Result was|Result should have been|Test generated error)' "$OUT"`)
        .mustKeep(`grep -E '^cart\\.test:\\s+Total' "$OUT"`),
  },
  {
    id: "go-test-timeout-goroutines",
    program: "go test",
    category: "CommandOutput",
    setup: () => goHangingModule("go-test-timeout-goroutines"),
    command: "go test -v -timeout 3s ./queue/",
    env: GO_ENV,
    versions: ["go version"],
    note: "queue_test.go (in the capture script): 40 passing tests, then TestDrain hangs with 32 idle workers; the timeout's panic dumps every goroutine",
    facts: (f) =>
      f
        .errorLines(`grep -E '^panic: test timed out' "$OUT"`)
        .errorLines(`grep -E '^FAIL\\s' "$OUT" | awk '{print $1"\\t"$2}'`)
        .mustKeep(`grep -oE 'queue_test\\.go:[0-9]+' "$OUT" | sort -u`)
        .count("goroutines", `grep -cE '^goroutine [0-9]+ ' "$OUT"`),
  },
  {
    id: "pytest-native-traceback-library-frames",
    program: "pytest",
    category: "CommandOutput",
    setup: () => pytestLibraryFrames("pytest-native-traceback-library-frames"),
    command: "python3 -m pytest -v -p no:cacheprovider --tb=native test_settings.py",
    versions: ["python3 -m pytest --version"],
    note: "test_settings.py (in the capture script): 60 passing tests and one whose config is not JSON; the native traceback runs through json/decoder.py",
    facts: (f) =>
      f
        .errorLines(`grep -E '^FAILED ' "$OUT"`)
        .errorLines(`grep -E '^json\\.decoder\\.JSONDecodeError: ' "$OUT"`)
        .mustKeep(`grep -E '^  File ".*/settings\\.py", line [0-9]+, in load$' "$OUT" | sed 's/^ *//'`)
        .mustKeep(`grep -oE '[0-9]+ failed, [0-9]+ passed' "$OUT"`),
  },
  {
    id: "doctest-verbose-failures",
    program: "doctest",
    category: "CommandOutput",
    setup: () => {
      const dir = scratch("doctest-verbose-failures");
      writeTree(dir, { "money.py": DOCTEST_MODULE });
      return dir;
    },
    command: "python3 -m doctest -v money.py",
    versions: ["python3 --version"],
    note: "money.py (in the capture script): 64 examples in docstrings, two fail",
    facts: (f) =>
      f
        .errorLines(`grep -E '^File ".*money.py", line [0-9]+, in money\\.' "$OUT"`)
        .errorLines(`grep -E '^ *ValueError: |^\\*\\*\\*Test Failed\\*\\*\\*' "$OUT" | sed 's/^ *//'`)
        .mustKeep(`grep -E '^[0-9]+ (passed and [0-9]+ failed|tests in [0-9]+ items)\\.' "$OUT"`),
  },
];
