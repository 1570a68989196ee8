// Language runtimes' crash formats, each after a log of real work: Java (a Caused by
// chain; a StackOverflowError), Go (a nil-map panic; a deadlock with many goroutines),
// Rust (a panic with RUST_BACKTRACE=1), Perl (die with a Carp stack; a run of warnings),
// Ruby, Tcl, PHP, Lua, and more of Python (recursion, chained exceptions, a traceback that
// lands before buffered output) and Node (an unhandled rejection, a stack overflow).
import { join } from "node:path";
import { scratch, sh, writeTree } from "./lib.mjs";

/** A scratch directory with the given files. */
function project(id, files) {
  const dir = scratch(id);
  writeTree(dir, files);
  return dir;
}

const JAVA_IMPORTER = `package shop;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

public class Importer {
    static class ImportException extends RuntimeException {
        ImportException(String message, Throwable cause) { super(message, cause); }
    }

    static long parseCents(String text) {
        String[] parts = text.split("\\\\.");
        return Long.parseLong(parts[0]) * 100 + Long.parseLong(parts[1]);
    }

    static long readRow(int n, String price) {
        try {
            return parseCents(price);
        } catch (NumberFormatException e) {
            throw new IllegalStateException("row " + n + ": bad price '" + price + "'", e);
        }
    }

    static List<Long> importFile(String name, List<String> prices) {
        List<Long> out = new ArrayList<>();
        try {
            for (int i = 0; i < prices.size(); i++) {
                out.add(readRow(i + 1, prices.get(i)));
                if ((i + 1) % 50 == 0) System.out.println("[importer] " + name + ": " + (i + 1) + " rows");
            }
        } catch (IllegalStateException e) {
            throw new ImportException("import of " + name + " failed", e);
        }
        return out;
    }

    public static void main(String[] args) {
        List<String> prices = new ArrayList<>();
        for (int i = 0; i < 2400; i++) prices.add((i % 90) + "." + String.format("%02d", i % 100));
        prices.set(2217, "12,50");
        for (int i = 0; i < 600; i++) System.out.println("[importer] warm-up cache entry " + i + " ok");
        importFile("prices-2024-03.csv", prices);
    }
}
`;

const JAVA_RECURSE = `package shop;

public class Categories {
    static int depth(int[] parent, int node) {
        return parent[node] == node ? 0 : 1 + depth(parent, parent[node]);
    }

    public static void main(String[] args) {
        int[] parent = new int[200];
        for (int i = 0; i < parent.length; i++) parent[i] = i == 0 ? 0 : (i - 1) / 2;
        for (int i = 0; i < parent.length; i++) System.out.println("category " + i + " depth " + depth(parent, i));
        parent[0] = 3; // a cycle: 0 -> 3 -> 1 -> 0
        System.out.println("root depth " + depth(parent, 5));
    }
}
`;

const GO_PANIC = `package main

import (
	"fmt"
	"strings"
)

type order struct {
	id    int
	lines map[string]int
}

func (o *order) add(sku string, qty int) { o.lines[sku] += qty }

func build(n int) []*order {
	orders := make([]*order, 0, n)
	for i := 0; i < n; i++ {
		o := &order{id: 5000 + i}
		if i != 777 {
			o.lines = map[string]int{}
		}
		orders = append(orders, o)
	}
	return orders
}

func main() {
	for _, o := range build(1200) {
		o.add(fmt.Sprintf("SKU-%04d", o.id%97), o.id%5+1)
		fmt.Printf("order %d: %s\\n", o.id, strings.Repeat("#", o.id%7+1))
	}
}
`;

const GO_DEADLOCK = `package main

import (
	"fmt"
	"sync"
)

func worker(id int, jobs <-chan int, results chan<- int, wg *sync.WaitGroup) {
	defer wg.Done()
	for j := range jobs {
		results <- j * 2
	}
	fmt.Println("worker", id, "done")
}

func main() {
	jobs := make(chan int)
	results := make(chan int)
	var wg sync.WaitGroup
	for w := 1; w <= 32; w++ {
		wg.Add(1)
		go worker(w, jobs, results, &wg)
	}
	for j := 1; j <= 300; j++ {
		fmt.Println("queue job", j)
	}
	jobs <- 1
	wg.Wait()
}
`;

const RUST_MAIN = `use std::collections::HashMap;

#[derive(Debug)]
struct Shipment {
    id: u32,
    weight_grams: u32,
    zone: &'static str,
}

fn rate_for(zone: &str, rates: &HashMap<&str, u32>) -> u32 {
    *rates.get(zone).expect("no rate for zone")
}

fn price(s: &Shipment, rates: &HashMap<&str, u32>) -> u32 {
    rate_for(s.zone, rates) * s.weight_grams / 1000
}

fn main() {
    let rates = HashMap::from([("eu", 450), ("uk", 620), ("us", 980)]);
    let zones = ["eu", "uk", "us"];
    let mut shipments: Vec<Shipment> = (0..900)
        .map(|i| Shipment { id: 70000 + i, weight_grams: 250 + (i * 37) % 4000, zone: zones[(i % 3) as usize] })
        .collect();
    shipments[613].zone = "ch";
    for s in &shipments {
        println!("shipment {} zone={} weight={}g price={}", s.id, s.zone, s.weight_grams, price(s, &rates));
    }
}
`;

const PERL_DIE = `use strict;
use warnings;
use Carp qw(confess);

my %rates = (eu => 450, uk => 620, us => 980);

sub rate_for {
    my ($zone) = @_;
    confess "no rate for zone '$zone'" unless exists $rates{$zone};
    return $rates{$zone};
}

sub price {
    my ($s) = @_;
    return int(rate_for($s->{zone}) * $s->{grams} / 1000);
}

my @zones = qw(eu uk us);
for my $i (0 .. 899) {
    my $s = { id => 70000 + $i, grams => 250 + ($i * 37) % 4000, zone => $i == 613 ? 'ch' : $zones[$i % 3] };
    printf "shipment %d zone=%s weight=%dg price=%d\\n", $s->{id}, $s->{zone}, $s->{grams}, price($s);
}
`;

const PERL_WARN = `use strict;
use warnings;

my @rows = map { { sku => "SKU-$_", qty => $_ % 9 ? $_ % 9 : undef, price => $_ % 13 ? "$_.99" : "n/a" } } 1 .. 600;
my $total = 0;
for my $r (@rows) {
    my $line = $r->{qty} * $r->{price};
    $total += $line;
    print "row $r->{sku}: qty=$r->{qty} line=$line\\n";
}
print "total $total\\n";
`;

const RUBY_CRASH = `require "json"

Shipment = Struct.new(:id, :grams, :zone)
RATES = { "eu" => 450, "uk" => 620, "us" => 980 }.freeze

class Pricer
  def price(shipment)
    rate = RATES.fetch(shipment.zone)
    rate * shipment.grams / 1000
  end
end

class Manifest
  def initialize(pricer) = @pricer = pricer

  def lines(shipments)
    shipments.map { |s| [s.id, @pricer.price(s)] }
  end
end

zones = %w[eu uk us]
shipments = (0...900).map { |i| Shipment.new(70_000 + i, 250 + (i * 37) % 4000, i == 613 ? "ch" : zones[i % 3]) }
shipments.first(500).each { |s| puts "queued shipment #{s.id} zone=#{s.zone} weight=#{s.grams}g" }
puts JSON.generate(Manifest.new(Pricer.new).lines(shipments).first(3))
`;

const TCL_CRASH = `proc rate_for {zone} {
    set rates [dict create eu 450 uk 620 us 980]
    return [dict get $rates $zone]
}
proc price {grams zone} {
    return [expr {[rate_for $zone] * $grams / 1000}]
}
set zones {eu uk us}
for {set i 0} {$i < 900} {incr i} {
    set zone [expr {$i == 613 ? "ch" : [lindex $zones [expr {$i % 3}]]}]
    set grams [expr {250 + ($i * 37) % 4000}]
    puts "shipment [expr {70000 + $i}] zone=$zone weight=\${grams}g price=[price $grams $zone]"
}
`;

const PHP_CRASH = `<?php
declare(strict_types=1);

final class Pricer {
    private const RATES = ['eu' => 450, 'uk' => 620, 'us' => 980];
    public function price(array $s): int {
        if (!isset(self::RATES[$s['zone']])) {
            throw new InvalidArgumentException("no rate for zone '{$s['zone']}'");
        }
        return intdiv(self::RATES[$s['zone']] * $s['grams'], 1000);
    }
}

function manifest(Pricer $p, array $shipments): array {
    return array_map(fn($s) => [$s['id'], $p->price($s)], $shipments);
}

$zones = ['eu', 'uk', 'us'];
$shipments = [];
for ($i = 0; $i < 900; $i++) {
    $shipments[] = ['id' => 70000 + $i, 'grams' => 250 + ($i * 37) % 4000, 'zone' => $i === 613 ? 'ch' : $zones[$i % 3]];
}
foreach (array_slice($shipments, 0, 500) as $s) {
    echo "queued shipment {$s['id']} zone={$s['zone']} weight={$s['grams']}g\\n";
}
$undefinedTotal += 1;
echo json_encode(array_slice(manifest(new Pricer(), $shipments), 0, 3)), "\\n";
`;

const LUA_CRASH = `local rates = { eu = 450, uk = 620, us = 980 }
local function rate_for(zone)
  return rates[zone] * 1
end
local function price(s)
  return rate_for(s.zone) * s.grams // 1000
end
local zones = { "eu", "uk", "us" }
for i = 0, 899 do
  local s = { id = 70000 + i, grams = 250 + (i * 37) % 4000, zone = i == 613 and "ch" or zones[i % 3 + 1] }
  print(string.format("shipment %d zone=%s weight=%dg price=%d", s.id, s.zone, s.grams, price(s)))
end
`;

const PY_RECURSION = `import sys


def depth(parent, node):
    return 0 if parent[node] == node else 1 + depth(parent, parent[node])


parent = [0] + [(i - 1) // 2 for i in range(1, 300)]
for i in range(300):
    print(f"category {i} depth {depth(parent, i)}")
parent[0] = 3
print("root depth", depth(parent, 5))
`;

const PY_CHAINED = `import json
import logging
import sys

logging.basicConfig(stream=sys.stdout, level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
log = logging.getLogger("settings")


class SettingsError(Exception):
    pass


def load(text):
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise SettingsError("settings.json is not valid JSON") from e


def apply(settings):
    for key in sorted(settings):
        log.info("applied %s = %r", key, settings[key])
    try:
        return settings["database"]["port"] + 1
    except KeyError:
        log.error("no database port")
        return int(settings["database"].get("port_fallback"))


good = {f"feature_{i:03d}": i % 2 == 0 for i in range(400)}
good["database"] = {"host": "db.internal"}
apply(good)
load('{"database": {"port": 5432,}}')
`;

const PY_BUFFERED = `import sys

# stdout is a pipe, so these lines are block-buffered; the traceback goes to stderr at once.
for i in range(1, 3001):
    print(f"migrated row {i:05d} table=orders status=ok")
    if i == 1800:
        sys.stderr.write("warning: row 1800 has no customer id\\n")
rows = {"orders": 3000}
print("checking", rows["customers"])
`;

const NODE_REJECTION = `import { setTimeout as delay } from "node:timers/promises";

async function fetchRate(zone) {
  await delay(1);
  if (zone === "ch") throw new Error(\`no rate for zone \${zone}\`);
  return { eu: 450, uk: 620, us: 980 }[zone];
}

async function price(s) {
  return ((await fetchRate(s.zone)) * s.grams) / 1000;
}

const zones = ["eu", "uk", "us"];
for (let i = 0; i < 900; i++) {
  const s = { id: 70000 + i, grams: 250 + ((i * 37) % 4000), zone: i === 613 ? "ch" : zones[i % 3] };
  console.log(\`shipment \${s.id} zone=\${s.zone} weight=\${s.grams}g price=\${await price(s)}\`);
}
`;

const NODE_OVERFLOW = `function depth(parent, node) {
  return parent[node] === node ? 0 : 1 + depth(parent, parent[node]);
}
const parent = Array.from({ length: 300 }, (_, i) => (i === 0 ? 0 : Math.floor((i - 1) / 2)));
for (let i = 0; i < 300; i++) console.log(\`category \${i} depth \${depth(parent, i)}\`);
parent[0] = 3;
console.log("root depth", depth(parent, 5));
`;

export default [
  {
    id: "java-exception-caused-by",
    program: "java",
    category: "CommandOutput",
    setup: () => {
      const dir = project("java-exception-caused-by", { "src/shop/Importer.java": JAVA_IMPORTER });
      sh("javac -d out src/shop/Importer.java", { cwd: dir });
      return dir;
    },
    command: "java -cp out shop.Importer",
    versions: ["java -version 2>&1 | head -n 1"],
    note: "Importer.java (in the capture script): row 2218 has a comma price; the exception is wrapped twice",
    facts: (f) =>
      f
        .errorLines(`grep -E '^(Exception in thread|Caused by: )' "$OUT"`)
        .mustKeep(`grep -oE 'at shop\\.Importer\\.(readRow|parseCents|importFile)\\(Importer\\.java:[0-9]+\\)' "$OUT" | sort -u`)
        .mustKeep(`grep -E '^\\[importer\\] prices-2024-03.csv: ' "$OUT" | tail -n 1`),
  },
  {
    id: "java-stack-overflow",
    program: "java",
    category: "CommandOutput",
    setup: () => {
      const dir = project("java-stack-overflow", { "src/shop/Categories.java": JAVA_RECURSE });
      sh("javac -d out src/shop/Categories.java", { cwd: dir });
      return dir;
    },
    command: "java -cp out shop.Categories",
    versions: ["java -version 2>&1 | head -n 1"],
    note: "a cycle in the category tree: 1,024 identical frames",
    facts: (f) =>
      f
        .errorLines(`grep -E '^Exception in thread' "$OUT"`)
        .mustKeep(`grep -oE 'at shop\\.Categories\\.depth\\(Categories\\.java:[0-9]+\\)' "$OUT" | sort -u`)
        .count("frames", `grep -c '^\\s*at ' "$OUT"`),
  },
  {
    id: "go-run-nil-map-panic",
    program: "go",
    category: "CommandOutput",
    setup: () => project("go-run-nil-map-panic", { "go.mod": "module example.test/orders\n\ngo 1.19\n", "main.go": GO_PANIC }),
    command: "go run .",
    env: { GOPROXY: "off" },
    versions: ["go version"],
    note: "order 5777 has a nil map: a panic after 777 orders",
    facts: (f) =>
      f
        .errorLines(`grep -E '^panic: |^exit status ' "$OUT"`)
        .mustKeep(`grep -oE 'main\\.\\(\\*order\\)\\.add\\(\\.\\.\\.\\)|/main\\.go:[0-9]+' "$OUT" | sort -u`),
  },
  {
    id: "go-deadlock-goroutines",
    program: "go",
    category: "CommandOutput",
    setup: () => project("go-deadlock-goroutines", { "go.mod": "module example.test/workers\n\ngo 1.19\n", "main.go": GO_DEADLOCK }),
    command: "go run .",
    env: { GOPROXY: "off" },
    versions: ["go version"],
    note: "32 workers block sending results nobody reads: Go dumps every goroutine",
    facts: (f) =>
      f
        .errorLines(`grep -E '^fatal error: ' "$OUT"`)
        .mustKeep(`grep -oE '^goroutine 1 \\[[a-z ]+\\]:' "$OUT"`)
        .count("goroutines", `grep -cE '^goroutine [0-9]+ ' "$OUT"`),
  },
  {
    id: "rust-panic-backtrace",
    program: "rust",
    category: "CommandOutput",
    setup: () => {
      const dir = scratch("rust-panic-backtrace");
      sh("cargo new --offline --vcs none shipping", { cwd: dir });
      writeTree(join(dir, "shipping"), { "src/main.rs": RUST_MAIN });
      sh("cargo build --offline -q", { cwd: join(dir, "shipping") });
      return join(dir, "shipping");
    },
    command: "cargo run --offline",
    env: { RUST_BACKTRACE: "1" },
    versions: ["cargo --version"],
    note: "shipment 70613 has zone ch, which has no rate; RUST_BACKTRACE=1",
    facts: (f) =>
      f
        .errorLines(`grep -E "^thread 'main' .*panicked at |^no rate for zone" "$OUT"`)
        .mustKeep(`grep -oE 'shipping::(rate_for|price|main)' "$OUT" | sort -u`),
  },
  {
    id: "perl-confess-stack",
    program: "perl",
    category: "CommandOutput",
    setup: () => project("perl-confess-stack", { "ship.pl": PERL_DIE }),
    command: "perl ship.pl",
    versions: ["perl -e 'print $^V'"],
    note: "Carp::confess with a stack; stdout is block-buffered, so the message lands mid-line, hundreds of lines before the last row printed",
    facts: (f) =>
      f
        .errorLines(`grep -oE "no rate for zone 'ch' at ship\\.pl line [0-9]+\\." "$OUT"`)
        .mustKeep(`grep -E '^\\s+main::(rate_for|price)' "$OUT" | sed 's/^\\s*//'`),
  },
  {
    id: "perl-uninitialized-warnings",
    program: "perl",
    category: "CommandOutput",
    exitCode: 0,
    setup: () => project("perl-uninitialized-warnings", { "rows.pl": PERL_WARN }),
    command: "perl rows.pl",
    versions: ["perl -e 'print $^V'"],
    note: "undefined quantities and non-numeric prices: warnings interleaved with the rows",
    facts: (f) =>
      f
        .errorLines(`grep -E '^(Use of uninitialized|Argument ".*" isn.t numeric)' "$OUT" | sort -u`)
        .mustKeep(`grep -E '^total ' "$OUT"`)
        .count("warnings", `grep -cE '^(Use of uninitialized|Argument )' "$OUT"`),
  },
  {
    id: "ruby-key-error",
    program: "ruby",
    category: "CommandOutput",
    setup: () => project("ruby-key-error", { "manifest.rb": RUBY_CRASH }),
    command: "ruby manifest.rb",
    versions: ["ruby --version"],
    note: "KeyError from Hash#fetch deep in a map block",
    facts: (f) =>
      f
        .errorLines(`grep -oE "manifest\\.rb:[0-9]+:in .fetch': key not found: .* \\(KeyError\\)" "$OUT"`)
        .mustKeep(`grep -oE "manifest\\.rb:[0-9]+:in \\\`[a-z_]+'" "$OUT" | sort -u`),
  },
  {
    id: "tclsh-dict-error",
    program: "tclsh",
    category: "CommandOutput",
    setup: () => project("tclsh-dict-error", { "ship.tcl": TCL_CRASH }),
    command: "tclsh ship.tcl",
    versions: ["echo 'puts [info patchlevel]' | tclsh"],
    note: "dict get of a missing key; Tcl prints errorInfo",
    facts: (f) =>
      f
        .errorLines(`grep -E '^key "ch" not known in dictionary' "$OUT"`)
        .mustKeep(`grep -E '^\\s+\\(procedure "(rate_for|price)"' "$OUT" | sed 's/^\\s*//'`),
  },
  {
    id: "php-uncaught-exception",
    program: "php",
    category: "CommandOutput",
    setup: () => project("php-uncaught-exception", { "manifest.php": PHP_CRASH }),
    command: "php manifest.php",
    versions: ["php --version | head -n 1"],
    note: "a warning for an undefined variable, then an uncaught exception with its stack",
    facts: (f) =>
      f
        .errorLines(`grep -E '^PHP (Fatal error|Warning): ' "$OUT"`)
        .mustKeep(`grep -E '^(PHP )?Stack trace:|^#[0-9]+ ' "$OUT" | head -n 4`),
  },
  {
    id: "lua-nil-arithmetic",
    program: "lua",
    category: "CommandOutput",
    setup: () => project("lua-nil-arithmetic", { "ship.lua": LUA_CRASH }),
    command: "lua5.4 ship.lua",
    versions: ["lua5.4 -v"],
    note: "arithmetic on a nil rate after 613 lines",
    facts: (f) =>
      f
        .errorLines(`grep -E '^lua5.4: ' "$OUT"`)
        .mustKeep(`grep -E "^\\s+ship\\.lua:[0-9]+: in " "$OUT" | sed 's/^\\s*//'`),
  },
  {
    id: "python-recursion-error",
    program: "python",
    category: "CommandOutput",
    setup: () => project("python-recursion-error", { "categories.py": PY_RECURSION }),
    command: "python3 categories.py",
    versions: ["python3 --version"],
    note: "a cycle in the category tree; Python folds the repeated frames",
    facts: (f) =>
      f
        .errorLines(`grep -E '^RecursionError: |Previous line repeated' "$OUT" | sed 's/^ *//'`)
        .mustKeep(`grep -E '^category 299 ' "$OUT"`),
  },
  {
    id: "python-chained-exceptions",
    program: "python",
    category: "CommandOutput",
    setup: () => project("python-chained-exceptions", { "settings.py": PY_CHAINED }),
    command: "python3 settings.py",
    versions: ["python3 --version"],
    note: "a KeyError handled by code that raises a TypeError: both tracebacks",
    facts: (f) =>
      f
        .errorLines(`grep -E '^(KeyError|TypeError): |^During handling of the above exception' "$OUT"`)
        .errorLines(`grep -E '^ERROR settings: ' "$OUT"`),
  },
  {
    id: "python-traceback-before-buffered-output",
    program: "python",
    category: "CommandOutput",
    setup: () => project("python-traceback-before-buffered-output", { "migrate.py": PY_BUFFERED }),
    command: "python3 migrate.py",
    // The capturing shell may export PYTHONUNBUFFERED; an agent's usually does not.
    env: { PYTHONUNBUFFERED: "" },
    versions: ["python3 --version"],
    note: "stdout is block-buffered into the pipe, stderr is not: the warning about row 1800 lands dozens of rows early; the traceback ends the output",
    facts: (f) =>
      f
        .errorLines(`grep -E '^KeyError: |^warning: ' "$OUT"`)
        .mustKeep(`grep -E '^migrated row 03000 ' "$OUT"`),
  },
  {
    id: "node-unhandled-rejection",
    program: "node",
    category: "CommandOutput",
    setup: () => project("node-unhandled-rejection", { "ship.mjs": NODE_REJECTION }),
    command: "node ship.mjs",
    versions: ["node --version"],
    note: "a rejected await at top level after 613 lines",
    facts: (f) =>
      f
        .errorLines(`grep -E '^Error: no rate for zone ch' "$OUT"`)
        .mustKeep(`grep -oE 'at (fetchRate|price) \\(file://[^)]+\\)' "$OUT" | sort -u`),
  },
  {
    id: "node-stack-overflow",
    program: "node",
    category: "CommandOutput",
    setup: () => project("node-stack-overflow", { "categories.mjs": NODE_OVERFLOW }),
    command: "node categories.mjs",
    versions: ["node --version"],
    note: "a cycle in the category tree",
    facts: (f) =>
      f
        .errorLines(`grep -E '^RangeError: ' "$OUT"`)
        .mustKeep(`grep -E '^category 299 ' "$OUT"`),
  },
];
