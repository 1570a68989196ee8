// Compilers, linkers and build drivers the other captures do not cover: g++'s template and
// concept errors, ld's undefined references (a C++ program linked by gcc; a library left off
// the link line), ninja over a CMake project with compile errors, an offline Maven build that
// fails to compile, and rustc without cargo.
import { scratch, sh, writeTree } from "./lib.mjs";

/** A scratch directory with the given files. */
function project(id, files) {
  const dir = scratch(id);
  writeTree(dir, files);
  return dir;
}

/** A price index over standard containers, with the template mistakes people make. */
const CPP_TEMPLATES = `#include <algorithm>
#include <list>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

struct Sku {
  std::string code;
  int variant;
};

struct Price {
  Sku sku;
  long cents;
};

class PriceIndex {
 public:
  void add(const Price &p) {
    by_sku_[p.sku] = p.cents;          // std::map<Sku, long> needs operator< on Sku
    seen_.insert(p.sku);               // so does std::set<Sku>
    recent_.push_back(p);
  }

  void sort_recent() {
    std::sort(recent_.begin(), recent_.end(),   // std::list has no random-access iterators
              [](const Price &a, const Price &b) { return a.cents < b.cents; });
  }

  long lookup(const Sku &s) const { return by_sku_.at(s); }

  std::unique_ptr<PriceIndex> clone() const {
    std::unique_ptr<PriceIndex> copy(new PriceIndex);
    copy->cache_ = cache_;
    return copy;
  }

  std::vector<std::unique_ptr<Price>> snapshot() const {
    std::vector<std::unique_ptr<Price>> out;
    for (auto &p : recent_) out.push_back(std::make_unique<Price>(p));
    std::vector<std::unique_ptr<Price>> copy = out;   // unique_ptr cannot be copied
    return copy;
  }

 private:
  std::map<Sku, long> by_sku_;
  std::set<Sku> seen_;
  std::list<Price> recent_;
  std::unordered_map<Sku, Price> cache_;   // no std::hash<Sku>
};

int main() {
  PriceIndex index;
  index.add({{"A-100", 1}, 1999});
  index.sort_recent();
  return index.lookup({"A-100", 1}) > 0 ? 0 : 1;
}
`;

/** C++20 constrained algorithms over types that do not meet their concepts. */
const CPP_CONCEPTS = `#include <algorithm>
#include <concepts>
#include <map>
#include <ranges>
#include <string>
#include <vector>

struct Order {
  int id;
  std::string customer;
  double total;
};

template <typename T>
concept Priced = requires(T t) {
  { t.price() } -> std::convertible_to<double>;
};

template <Priced T>
double sum_prices(const std::vector<T> &items) {
  double s = 0;
  for (const auto &i : items) s += i.price();
  return s;
}

int main() {
  std::vector<Order> orders{{1, "ada", 12.5}, {2, "lin", 7.25}};
  std::ranges::sort(orders);                                  // Order is not totally ordered
  auto big = orders | std::views::filter([](const Order &o) { return o.total > 10; });
  std::ranges::sort(big);                                     // a filter view is not random access
  std::map<int, Order> by_id;
  std::ranges::sort(by_id);                                   // nor is a map
  return static_cast<int>(sum_prices(orders));                // Order has no price()
}
`;

/** A C++ program that builds with g++ but is linked by gcc, which leaves libstdc++ off the link. */
const CPP_REPORT = `#include <fstream>
#include <iostream>
#include <map>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

struct Line { std::string sku; int qty; double price; };

static std::vector<Line> read_lines(const std::string &path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot open " + path);
  std::vector<Line> out;
  std::string row;
  while (std::getline(in, row)) {
    std::istringstream fields(row);
    Line l;
    fields >> l.sku >> l.qty >> l.price;
    out.push_back(l);
  }
  return out;
}

int main(int argc, char **argv) {
  std::map<std::string, double> totals;
  for (const auto &l : read_lines(argc > 1 ? argv[1] : "orders.txt")) totals[l.sku] += l.qty * l.price;
  for (const auto &[sku, total] : totals) std::cout << sku << ": " << total << "\\n";
  return 0;
}
`;

/** A CMake project of a few libraries and tools, some of whose sources do not compile. */
function cmakeProject() {
  const files = {
    "CMakeLists.txt": `cmake_minimum_required(VERSION 3.20)
project(shipping C)
set(CMAKE_C_STANDARD 11)
add_compile_options(-Wall -Wextra)
file(GLOB CORE_SOURCES src/core/*.c)
file(GLOB RATES_SOURCES src/rates/*.c)
add_library(core STATIC \${CORE_SOURCES})
add_library(rates STATIC \${RATES_SOURCES})
target_include_directories(core PUBLIC include)
target_include_directories(rates PUBLIC include)
target_link_libraries(rates PUBLIC core m)
add_executable(quote tools/quote.c)
target_link_libraries(quote PRIVATE rates)
add_executable(label tools/label.c)
target_link_libraries(label PRIVATE core)
`,
    "include/shipping.h": `#ifndef SHIPPING_H
#define SHIPPING_H
#include <stddef.h>
struct parcel { const char *id; double kg; double cm[3]; const char *zone; };
double volume_kg(const struct parcel *p);
double rate_for(const char *zone, double kg);
int format_label(char *out, size_t n, const struct parcel *p);
#endif
`,
    "tools/quote.c": `#include <stdio.h>\n#include "shipping.h"\n\nint main(void) {\n  struct parcel p = {"P-1", 2.5, {30, 20, 10}, "eu"};\n  printf("%.2f\\n", rate_for(p.zone, volume_kg(&p)));\n  return 0;\n}\n`,
    "tools/label.c": `#include <stdio.h>\n#include "shipping.h"\n\nint main(void) {\n  char buf[128];\n  struct parcel p = {"P-2", 1.0, {10, 10, 10}, "uk"};\n  format_label(buf, sizeof buf, &p);\n  puts(buf);\n  return 0;\n}\n`,
    "src/core/volume.c": `#include "shipping.h"\n\ndouble volume_kg(const struct parcel *p) {\n  double v = p->cm[0] * p->cm[1] * p->cm[2] / 5000.0;\n  return v > p->kg ? v : p->kg;\n}\n`,
    "src/core/label.c": `#include <stdio.h>\n#include "shipping.h"\n\nint format_label(char *out, size_t n, const struct parcel *p) {\n  return snprintf(out, n, "%s %.1fkg -> %s", p->id, p->kg, p->zone, p->cm);\n}\n`,
    "src/rates/table.c": `#include <string.h>\n#include "shipping.h"\n\nstatic const struct { const char *zone; double per_kg; } RATES[] = {{"eu", 4.5}, {"uk", 6.2}, {"us", 9.8}};\n\ndouble rate_for(const char *zone, double kg) {\n  for (size_t i = 0; i < sizeof RATES / sizeof RATES[0]; i++)\n    if (strcmp(RATES[i].zone, zone) == 0) return RATES[i].per_kg * kg\n  return -1;\n}\n`,
    "src/rates/surcharge.c": `#include <math.h>\n#include "shipping.h"\n\ndouble surcharge(const struct parcel *p) {\n  double girth = 2 * (p->cm[1] + p->cm[2]) + p->cm[0];\n  if (girth > 300) return ceil(girth - 300) * 0.1;\n  return parcel_fee(p);\n}\n`,
  };
  // Ordinary modules, so the failures sit among many successful steps.
  for (let i = 1; i <= 30; i++) {
    const n = String(i).padStart(2, "0");
    const area = i % 2 ? "core" : "rates";
    files[`src/${area}/zone${n}.c`] = `#include <string.h>\n#include "shipping.h"\n\nint zone${n}_matches(const struct parcel *p) {\n  return strcmp(p->zone, "z${n}") == 0;\n}\n`;
  }
  return files;
}

const MAVEN_POM = `<?xml version="1.0" encoding="UTF-8"?>
<project xmlns="http://maven.apache.org/POM/4.0.0" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
         xsi:schemaLocation="http://maven.apache.org/POM/4.0.0 http://maven.apache.org/xsd/maven-4.0.0.xsd">
  <modelVersion>4.0.0</modelVersion>
  <groupId>shop</groupId>
  <artifactId>billing</artifactId>
  <version>1.4.0-SNAPSHOT</version>
  <packaging>jar</packaging>
  <properties>
    <maven.compiler.source>17</maven.compiler.source>
    <maven.compiler.target>17</maven.compiler.target>
    <project.build.sourceEncoding>UTF-8</project.build.sourceEncoding>
  </properties>
  <build>
    <plugins>
      <plugin>
        <groupId>org.apache.maven.plugins</groupId>
        <artifactId>maven-compiler-plugin</artifactId>
        <version>3.11.0</version>
      </plugin>
      <plugin>
        <groupId>org.apache.maven.plugins</groupId>
        <artifactId>maven-resources-plugin</artifactId>
        <version>3.3.1</version>
      </plugin>
    </plugins>
  </build>
</project>
`;

function mavenProject() {
  const files = {
    "pom.xml": MAVEN_POM,
    "src/main/resources/billing.properties": "currency=EUR\nvat.rate=0.19\n",
    "src/main/java/shop/billing/Invoice.java": `package shop.billing;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

public class Invoice {
    private final String number;
    private final List<InvoiceLine> lines = new ArrayList<>();

    public Invoice(String number) { this.number = number; }

    public void add(InvoiceLine line) { lines.add(line); }

    public BigDecimal total() {
        BigDecimal sum = BigDecimal.ZERO;
        for (InvoiceLine l : lines) sum = sum.add(l.amount());
        return sum;
    }

    public int lineCount() { return lines.size(); }

    public String number() { return number; }
}
`,
    "src/main/java/shop/billing/InvoiceLine.java": `package shop.billing;

import java.math.BigDecimal;

public record InvoiceLine(String sku, int quantity, BigDecimal unitPrice) {
    public BigDecimal amount() { return unitPrice.multiply(BigDecimal.valueOf(quantity)); }
}
`,
    "src/main/java/shop/billing/VatCalculator.java": `package shop.billing;

import java.math.BigDecimal;
import java.math.RoundingMode;

public class VatCalculator {
    private final BigDecimal rate;

    public VatCalculator(BigDecimal rate) { this.rate = rate; }

    public BigDecimal vat(Invoice invoice) {
        return invoice.total().multiply(rate).setScale(2, RoundingMode.HALF_EVEN);
    }

    public double gross(Invoice invoice) {
        return invoice.total().add(vat(invoice));
    }
}
`,
    "src/main/java/shop/billing/Dunning.java": `package shop.billing;

import java.time.LocalDate;
import java.util.List;

public class Dunning {
    public List<Invoice> overdue(List<Invoice> open, LocalDate today) {
        return open.stream().filter(i -> i.dueDate().isBefore(today)).toList();
    }

    public String reminder(Invoice invoice) {
        return "Invoice " + invoice.number() + " is overdue: " + invoice.total() + " " + currency;
    }
}
`,
    "src/main/java/shop/billing/Exporter.java": `package shop.billing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

public class Exporter {
    public void write(Invoice invoice, Path dir) {
        Files.writeString(dir.resolve(invoice.number() + ".txt"), invoice.total().toPlainString());
    }

    public int count(Invoice invoice) {
        return invoice.lineCount;
    }
}
`,
  };
  for (let i = 1; i <= 20; i++) {
    const n = String(i).padStart(2, "0");
    files[`src/main/java/shop/billing/rules/Rule${n}.java`] = `package shop.billing.rules;\n\nimport java.math.BigDecimal;\n\npublic class Rule${n} {\n    public BigDecimal apply(BigDecimal amount) {\n        return amount.multiply(new BigDecimal("1.0${n}"));\n    }\n}\n`;
  }
  return files;
}

const RUSTC_MAIN = `use std::collections::HashMap;
use std::fmt;

#[derive(Debug, Clone)]
struct Parcel {
    id: String,
    grams: u32,
    zone: String,
}

struct Manifest {
    parcels: Vec<Parcel>,
    by_zone: HashMap<String, Vec<&Parcel>>,
}

impl fmt::Display for Parcel {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "{} {}g {}", self.id, self.grams, self.zone)
    }
}

fn heaviest(parcels: &Vec<Parcel>) -> &Parcel {
    parcels.iter().max_by_key(|p| p.grams)
}

fn total_grams(parcels: &[Parcel]) -> u32 {
    parcels.iter().map(|p| p.grams).sum::<u64>()
}

fn relabel(parcels: &mut Vec<Parcel>) {
    for p in parcels.iter() {
        if p.zone == "uk" {
            parcels.push(Parcel { id: format!("{}-ni", p.id), ..p.clone() });
        }
    }
}

fn first_zone(parcels: Vec<Parcel>) -> String {
    let first = &parcels[0];
    drop(parcels);
    first.zone.clone()
}

fn main() {
    let mut parcels = vec![
        Parcel { id: "P-1".into(), grams: 1200, zone: "eu".into() },
        Parcel { id: "P-2".into(), grams: 800, zone: "uk".into() },
    ];
    relabel(&mut parcels);
    let label: String = heaviest(&parcels);
    println!("{} {}", label, total_grams(&parcels));
    let zone = first_zone(parcels);
    println!("{} parcels, first zone {}", parcels.len(), zone);
    let count: i32 = "12".parse();
    println!("{}", count + undeclared_offset);
}
`;

/** A C tool split over objects: one calls libm and zlib without linking them, two define the same global. */
const LINK_SOURCES = {
  "main.c": "#include <stdio.h>\nint compress_report(const char *path);\ndouble shipping_cost(double kg);\nint main(void) {\n  printf(\"%.2f\\n\", shipping_cost(2.5));\n  return compress_report(\"report.txt\");\n}\n",
  "cost.c": "#include <math.h>\nint verbose = 0;\ndouble shipping_cost(double kg) { return ceil(kg) * 4.5 + pow(kg, 1.2) + log1p(kg); }\n",
  "pack.c": "#include <stdio.h>\n#include <zlib.h>\nint verbose = 1;\nint compress_report(const char *path) {\n  gzFile out = gzopen(\"report.gz\", \"wb\");\n  if (!out) return 1;\n  gzprintf(out, \"%s\\n\", path);\n  gzclose(out);\n  printf(\"%s\\n\", zlibVersion());\n  return 0;\n}\n",
};

export default [
  {
    id: "gpp-template-errors",
    program: "g++",
    category: "CommandOutput",
    setup: () => project("gpp-template-errors", { "price_index.cpp": CPP_TEMPLATES }),
    command: "g++ -std=c++17 -Wall -c price_index.cpp",
    exitCode: 1,
    versions: ["g++ --version"],
    note: "a class over std::map, std::set, std::list and std::unordered_map keyed by a struct with no ordering or hash",
    facts: (f) =>
      f
        .errorLines(`grep -E '^price_index\\.cpp:[0-9]+:[0-9]+: error: ' "$OUT" | sort -u`)
        .mustKeep(`grep -oE "no match for ‘operator<’ \\(operand types are ‘const Sku’ and ‘const Sku’\\)" "$OUT" | head -n 1`)
        .mustKeep(`grep -oE "static assertion failed: [^‘]*" "$OUT" | sort -u`)
        .count("requiredFromHere", `grep -cE '^price_index\\.cpp:[0-9]+:[0-9]+: +required from here' "$OUT"`)
        .count("errors", `grep -c ': error: ' "$OUT"`),
  },
  {
    id: "gpp-concepts-ranges-errors",
    program: "g++",
    category: "CommandOutput",
    setup: () => project("gpp-concepts-ranges-errors", { "orders.cpp": CPP_CONCEPTS }),
    command: "g++ -std=c++20 -c orders.cpp",
    exitCode: 1,
    versions: ["g++ --version"],
    note: "C++20 ranges algorithms and a concept over a struct that satisfies none of them; g++ explains each unsatisfied constraint",
    facts: (f) =>
      f
        .errorLines(`grep -E '^orders\\.cpp:[0-9]+:[0-9]+: error: ' "$OUT"`)
        .mustKeep(`grep -oE "the required expression ‘t\\.price\\(\\)’ is invalid" "$OUT" | head -n 1`)
        .count("errors", `grep -c ': error: ' "$OUT"`),
  },
  {
    id: "ld-cpp-linked-by-gcc",
    program: "ld",
    category: "CommandOutput",
    setup: () => {
      const dir = project("ld-cpp-linked-by-gcc", { "report.cpp": CPP_REPORT });
      sh("g++ -std=c++17 -O1 -c report.cpp", { cwd: dir });
      return dir;
    },
    command: "gcc -o report report.o",
    exitCode: 1,
    versions: ["gcc --version", "ld --version"],
    note: "report.o compiled by g++ in the setup; gcc links without libstdc++",
    facts: (f) =>
      f
        .errorLines(`grep -E 'collect2: error: ld returned 1 exit status' "$OUT"`)
        .mustKeep(`grep -oE "undefined reference to \\\`std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> >::_M_dispose\\(\\)'" "$OUT" | head -n 1`)
        .mustKeep(`grep -oE "undefined reference to \\\`__gxx_personality_v0'" "$OUT" | head -n 1`)
        .count("undefinedReferences", `grep -c 'undefined reference to' "$OUT"`),
  },
  {
    id: "ld-missing-libraries-duplicate-symbol",
    program: "ld",
    category: "CommandOutput",
    setup: () => {
      const dir = project("ld-missing-libraries-duplicate-symbol", LINK_SOURCES);
      sh("gcc -O1 -fno-common -c main.c cost.c pack.c", { cwd: dir });
      return dir;
    },
    command: "gcc -o shipper main.o cost.o pack.o",
    exitCode: 1,
    versions: ["gcc --version", "ld --version"],
    note: "objects compiled in the setup; the link line has neither -lm nor -lz, and two objects define `verbose`",
    facts: (f) =>
      f
        .errorLines(`grep -E 'multiple definition of|collect2: error' "$OUT"`)
        .mustKeep(`grep -oE "undefined reference to \\\`[a-zA-Z0-9_]+'" "$OUT" | sort -u`),
  },
  {
    id: "ninja-cmake-compile-errors",
    program: "ninja",
    category: "CommandOutput",
    setup: () => {
      const dir = project("ninja-cmake-compile-errors", cmakeProject());
      sh("cmake -S . -B build -G Ninja >/dev/null", { cwd: dir });
      return dir;
    },
    command: "ninja -C build -k 0",
    exitCode: 1,
    versions: ["ninja --version", "cmake --version", "gcc --version"],
    note: "a CMake project (configured with -G Ninja in the setup) of two libraries and two tools; -k 0 keeps going past failures; the order of the steps differs per run (two jobs)",
    facts: (f) =>
      f
        .errorLines(`grep -E '^FAILED: ' "$OUT"`)
        .errorLines(`grep -E '/src/[a-z/]+\\.c:[0-9]+:[0-9]+: error: ' "$OUT"`)
        .mustKeep(`grep -E '^ninja: build stopped' "$OUT"`)
        .mustKeep(`grep -oE "implicit declaration of function ‘parcel_fee’" "$OUT"`)
        .count("steps", `grep -oE '^\\[[0-9]+/[0-9]+\\]' "$OUT" | tail -n 1 | grep -oE '[0-9]+\\]' | tr -d ']'`),
  },
  {
    id: "mvn-offline-compile-failure",
    program: "mvn",
    category: "CommandOutput",
    setup: () => project("mvn-offline-compile-failure", mavenProject()),
    command: "mvn -o -B -e compile",
    exitCode: 1,
    versions: ["mvn -v | head -n 1", "java -version 2>&1 | head -n 1"],
    note: "Maven offline with the plugins of this machine's ~/.m2; a billing module whose sources have four mistakes (in the capture script); -e adds Maven's own stack trace after the summary; times differ per run",
    facts: (f) =>
      f
        .errorLines(`grep -E '^\\[ERROR\\] /.*\\.java:\\[[0-9]+,[0-9]+\\] ' "$OUT" | sort -u`)
        .mustKeep(`grep -E '^\\[(INFO|ERROR)\\] BUILD FAILURE' "$OUT"`)
        .mustKeep(`grep -oE 'Failed to execute goal org\\.apache\\.maven\\.plugins:maven-compiler-plugin:[0-9.]+:compile' "$OUT" | head -n 1`)
        .count("compileErrors", `grep -E '^\\[ERROR\\] /.*\\.java:\\[[0-9]+,[0-9]+\\] ' "$OUT" | sort -u | wc -l`),
  },
  {
    id: "rustc-borrow-type-errors",
    program: "rustc",
    category: "CommandOutput",
    setup: () => project("rustc-borrow-type-errors", { "main.rs": RUSTC_MAIN }),
    command: "rustc --edition 2021 main.rs",
    exitCode: 1,
    versions: ["rustc --version"],
    note: "one file compiled by rustc alone",
    facts: (f) =>
      f
        .errorLines(`grep -E '^error(\\[E[0-9]+\\])?: ' "$OUT" | grep -v 'aborting due to' | sort -u`)
        .mustKeep(`grep -oE '^ +--> main\\.rs:[0-9]+:[0-9]+' "$OUT" | sed 's/^ *//'`)
        .mustKeep(`grep -E '^error: aborting due to ' "$OUT"`)
        .mustKeep(`grep -E '^For more information about (this|an) error' "$OUT"`),
  },
];
