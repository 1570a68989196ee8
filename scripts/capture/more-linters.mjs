// Linters, static analysers and checkers the other captures lack, each over a small project of
// several files with real findings: clang-tidy and cpplint over a C++ service, gcc -fanalyzer and
// flawfinder over a C daemon, rubocop over a Ruby gem, perlcritic over Perl modules, luacheck over
// Lua modules, codespell over a project's docs and sources, pydocstyle and vulture over a Python
// package, sqlfluff over SQL migrations and checkstyle over a Java library.
import { scratch, writeTree } from "./lib.mjs";

const AREAS = ["catalog", "pricing", "ledger", "stock", "orders", "shipping", "tax", "report"];
const cap = (s) => s[0].toUpperCase() + s.slice(1);

/** A C++ service: one header and one source per area, in the habits linters flag (C casts, NULL, copies, raw loops). */
function cppProject(id) {
  const dir = scratch(id);
  const files = {};
  for (const [i, area] of AREAS.entries()) {
    const T = cap(area);
    files[`include/${area}.h`] = `#ifndef SHOP_${area.toUpperCase()}_H
#define SHOP_${area.toUpperCase()}_H
#include <string>
#include <vector>
#include <map>
using namespace std;

namespace shop {

class ${T}Base {
public:
    virtual ~${T}Base() {}
    virtual int total(int qty) const = 0;
    virtual string name() const { return "${area}"; }
};

class ${T} : public ${T}Base {
public:
    ${T}(string label, vector<int> weights);
    virtual int total(int qty) const;
    virtual string name() const;
    int lookup(const string key);
    bool empty() { return entries_.size() == 0; }
private:
    string label_;
    vector<int> weights_;
    map<string, int> entries_;
    int scale_;
    char *buffer_;
};

}  // namespace shop
#endif
`;
    files[`src/${area}.cpp`] = `#include "${area}.h"
#include <stdio.h>
#include <string.h>
#include <stdlib.h>

namespace shop {

${T}::${T}(string label, vector<int> weights) {
    label_ = label;
    weights_ = weights;
    buffer_ = NULL;
}

int ${T}::total(int qty) const {
    int sum = 0;
    for (int i = 0; i < weights_.size(); i++) {
        sum += weights_[i] * qty;
    }
    if (sum > ${(i + 1) * 1000}) sum = ${(i + 1) * 1000};
    else sum = sum + ${i};
    return (int)(sum * 1.${i + 1});
}

string ${T}::name() const {
    string out = label_;
    for (auto it = entries_.begin(); it != entries_.end(); it++) {
        string key = it->first;
        out += ":" + key;
    }
    return out;
}

int ${T}::lookup(const string key) {
    char *copy = (char *)malloc(key.size() + 1);
    strcpy(copy, key.c_str());
    int value = atoi(copy);
    if (entries_.find(key) != entries_.end()) {
        value = entries_[key];
    }
    ${i % 3 === 0 ? "" : "free(copy);\n    "}${i % 2 === 0 ? `if (value = ${i}) return -1;\n    ` : ""}return value;
}

${i === 4 ? `int ${area}_checksum(const char *s) {
    int h = 0;
    while (*s) h = h * 31 + *s++;
    char out[8];
    sprintf(out, "%08x", h);
    return strlen(out) > 8 ? -1 : h;
}

` : ""}}  // namespace shop
`;
  }
  writeTree(dir, files);
  return dir;
}

/** A C daemon's sources: buffer handling with leaks, a double free, unchecked allocations and risky library calls. */
function cProject(id) {
  const dir = scratch(id);
  writeTree(dir, {
    "src/config.c": `#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct config { char *path; char *host; int port; };

struct config *config_load(const char *path) {
    struct config *cfg = malloc(sizeof *cfg);
    cfg->path = strdup(path);
    FILE *f = fopen(path, "r");
    if (!f) return NULL;
    char line[128];
    while (fgets(line, sizeof line, f)) {
        char key[32], value[96];
        if (sscanf(line, "%s = %s", key, value) != 2) continue;
        if (strcmp(key, "host") == 0) cfg->host = strdup(value);
        if (strcmp(key, "port") == 0) cfg->port = atoi(value);
    }
    return cfg;
}

void config_free(struct config *cfg) {
    free(cfg->path);
    free(cfg);
    free(cfg->host);
}
`,
    "src/queue.c": `#include <stdlib.h>
#include <string.h>

struct job { char name[32]; int priority; struct job *next; };

struct job *queue_push(struct job *head, const char *name, int priority) {
    struct job *j = malloc(sizeof *j);
    strcpy(j->name, name);
    j->priority = priority;
    j->next = head;
    return j;
}

void queue_drain(struct job *head) {
    while (head) {
        free(head);
        head = head->next;
    }
}

int queue_len(struct job *head) {
    int n;
    for (struct job *j = head; j; j = j->next) n++;
    return n;
}
`,
    "src/report.c": `#include <stdio.h>
#include <stdlib.h>
#include <string.h>

char *report_line(const char *sku, int qty, double price) {
    char *buf = malloc(64);
    sprintf(buf, "%s x%d @ %.2f", sku, qty, price);
    return buf;
}

void report_print(const char **skus, int n) {
    for (int i = 0; i < n; i++) {
        char *line = report_line(skus[i], i, i * 1.5);
        printf("%s\\n", line);
    }
}

int report_save(const char *path, const char *text) {
    char tmp[64];
    strcpy(tmp, path);
    strcat(tmp, ".tmp");
    FILE *f = fopen(tmp, "w");
    fputs(text, f);
    fclose(f);
    return rename(tmp, path);
}
`,
    "src/auth.c": `#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int auth_check(const char *user, const char *given) {
    char cmd[256];
    sprintf(cmd, "grep -q '^%s:' /etc/shop/users", user);
    if (system(cmd) != 0) return 0;
    char *secret = getenv("SHOP_SECRET");
    char copy[32];
    strcpy(copy, secret);
    return strcmp(copy, given) == 0;
}

char *auth_token(void) {
    char *tok = malloc(17);
    srand(getpid());
    for (int i = 0; i < 16; i++) tok[i] = 'a' + rand() % 26;
    tok[16] = 0;
    return tok;
}

void auth_log(const char *msg) {
    printf(msg);
    char *copy = malloc(strlen(msg));
    strcpy(copy, msg);
    free(copy);
    free(copy);
}
`,
    "src/cache.c": `#include <stdlib.h>
#include <string.h>

struct entry { char key[24]; char *value; };
static struct entry table[64];

void cache_put(int slot, const char *key, const char *value) {
    strncpy(table[slot].key, key, sizeof table[slot].key);
    table[slot].value = malloc(strlen(value) + 1);
    memcpy(table[slot].value, value, strlen(value) + 1);
}

const char *cache_get(const char *key) {
    for (int i = 0; i <= 64; i++)
        if (strcmp(table[i].key, key) == 0) return table[i].value;
    return NULL;
}

char *cache_dup(int slot) {
    char *v = table[slot].value;
    char *out = malloc(strlen(v) + 1);
    strcpy(out, v);
    if (out[0] == 0) return NULL;
    return out;
}
`,
  });
  return dir;
}

/** A Ruby gem's library: long methods, old hash syntax, string quoting, unused arguments. */
function rubyProject(id) {
  const dir = scratch(id);
  const files = { ".rubocop.yml": "AllCops:\n  NewCops: enable\n  TargetRubyVersion: 3.1\n  SuggestExtensions: false\n" };
  for (const [i, area] of AREAS.entries()) {
    const T = cap(area);
    files[`lib/shop/${area}.rb`] = `module Shop
  class ${T}
    attr_accessor :items, :rates

    def initialize(items, rates = {})
      @items = items
      @rates = rates
      @cache = Hash.new
    end

    def total(region, discount = nil, verbose = false)
      sum = 0
      for item in @items do
        price = @rates[item[:sku]] || 0
        if price > 0 then
          sum = sum + price * item[:qty]
        end
      end
      if discount != nil
        sum = sum - discount
      end
      puts "total for " + region + ": " + sum.to_s if verbose == true
      return sum
    end

    def lookup(key)
      unless @cache.has_key?(key)
        @cache[key] = @rates.select { |k, v| k.start_with?(key) }.map { |k, v| v }.reduce(0) { |a, b| a + b }
      end
      @cache[key]
    end

    def describe
      return "${area}: #{@items.length} items, rates #{@rates.keys.join(", ")} (#{@cache.size} cached lookups so far)" ${i % 2 ? "" : "  "}
    end
${i % 3 === 0 ? `
    def legacy_export(io)
      io.write(@items.map { |i| i[:sku] }.join(','))
      rescue Exception => e
        puts e
    end
` : ""}  end
end
`;
  }
  writeTree(dir, files);
  return dir;
}

/** Perl modules in an older style: no strict in some, two-argument open, bareword handles, string eval. */
function perlProject(id) {
  const dir = scratch(id);
  const files = {};
  for (const [i, area] of AREAS.entries()) {
    const T = cap(area);
    files[`lib/Shop/${T}.pm`] = `package Shop::${T};
${i % 3 === 1 ? "" : "use strict;\nuse warnings;\n"}
sub new {
    my $class = shift;
    my %args = @_;
    return bless { %args }, $class;
}

sub load {
    my ($self, $path) = @_;
    open(FH, "<$path") || die "cannot open $path";
    my @rows = <FH>;
    close FH;
    foreach $row (@rows) {
        chomp $row;
        next unless length $row;
        my ($sku, $qty) = split /,/, $row;
        $self->{rows}{$sku} = $qty;
    }
    return;
}

sub total {
    my $self = shift;
    my $sum = 0;
    map { $sum += $self->{rows}{$_} } keys %{ $self->{rows} };
    if ($sum > ${(i + 1) * 100}) { return ${(i + 1) * 100} } else { return $sum }
}
${i % 2 === 0 ? `
sub formula {
    my ($self, $expr) = @_;
    my $value = eval "$expr";
    return $value;
}
` : ""}
1;
`;
  }
  writeTree(dir, files);
  return dir;
}

/** Lua modules with globals, unused variables and shadowing. */
function luaProject(id) {
  const dir = scratch(id);
  const files = {};
  for (const [i, area] of AREAS.entries()) {
    files[`src/${area}.lua`] = `local json = require("json")
local util = require("util")

local M = {}

function M.total(items, rates, region)
  sum = 0
  for i, item in ipairs(items) do
    local price = rates[item.sku] or 0
    local unused_${area} = price * ${i + 1}
    sum = sum + price * item.qty
  end
  return sum
end

function M.lookup(cache, key, fallback)
  local value = cache[key]
  if value == nil then
    local value = fallback
    cache[key] = value
  end
  return value
end

function M.describe(items)
  local out = {}
  for _, item in pairs(items) do
    table.insert(out, string.format("%s x%d", item.sku, item.qty))
  end
  ${i % 2 === 0 ? "print(taxrate)\n  " : ""}return table.concat(out, ", ")
end

return M
`;
  }
  writeTree(dir, files);
  return dir;
}

/** A project's docs and sources with common misspellings. */
function typoProject(id) {
  const dir = scratch(id);
  const words = ["recieve", "seperate", "occured", "adress", "accomodate", "begining", "calender", "definately", "enviroment", "existance", "independant", "neccessary", "occurence", "persistant", "refered", "succesful", "untill", "wich", "teh", "paramter"];
  const files = {};
  for (const [i, area] of AREAS.entries()) {
    const w = (k) => words[(i * 3 + k) % words.length];
    files[`docs/${area}.md`] = `# ${cap(area)}

The ${area} module will ${w(0)} orders from the queue and keep them ${w(1)} from the archive.
If an error has ${w(2)}, the module logs the ${w(3)} of the failing service and retries ${w(4)} the limit.

## Configuration

Set the ${w(5)} variables before starting; the service stops ${w(6)} when a required value is missing.
`;
    files[`src/${area}.py`] = `"""The ${area} service: ${w(7)} handling of orders."""


def handle(order, ${w(8) === "paramter" ? "paramter" : "options"}):
    # ${cap(w(9))} check: the order must have an ${words[3]} before it is sent.
    if not order.get("address"):
        raise ValueError("order has no ${words[3]}")
    return order
`;
  }
  const entries = [];
  for (let v = 40; v > 0; v--) {
    const area = AREAS[v % AREAS.length];
    const w = words[(v * 7) % words.length];
    entries.push(`## 1.${v}.0\n\n- ${cap(area)}: fix the ${w} check when an order is split across warehouses (#${300 + v}).\n- ${cap(AREAS[(v + 3) % AREAS.length])}: log the region of each rejected order.\n`);
  }
  files["docs/CHANGELOG.md"] = `# Changelog\n\n${entries.join("\n")}`;
  writeTree(dir, files);
  return dir;
}

/** A Python package with undocumented and badly documented functions, dead code and unused names. */
function pythonProject(id) {
  const dir = scratch(id);
  const files = { "shop/__init__.py": "" };
  for (const [i, area] of AREAS.entries()) {
    const T = cap(area);
    files[`shop/${area}.py`] = `import os
import json
${i % 2 ? "import logging\n" : ""}
RATE_${area.toUpperCase()} = ${i + 1}
LEGACY_${area.toUpperCase()}_LIMIT = ${(i + 1) * 10}


class ${T}Service:
    """ service for ${area}"""

    def __init__(self, store, region="eu"):
        self.store = store
        self.region = region
        self.retries = 3

    def total(self, items):
        '''returns the total'''
        unused_total = 0
        return sum(item["qty"] * RATE_${area.toUpperCase()} for item in items)

    def export(self, path):
        with open(path, "w") as f:
            json.dump(self.store, f)
        return path
        print("exported", path)

    def _old_lookup(self, key, default=None):
        """Look up a key.
        Falls back to the default."""
        return self.store.get(key, default)


def load_${area}(path, strict=False):
    return json.load(open(path))


def _migrate_${area}(rows):
    """Migrate rows"""
    if False:
        return []
    return [dict(r) for r in rows]
`;
  }
  writeTree(dir, files);
  return dir;
}

/** SQL migrations written in mixed case, with implicit aliases and trailing whitespace. */
function sqlProject(id) {
  const dir = scratch(id);
  const files = {};
  for (const [i, area] of AREAS.entries()) {
    files[`migrations/${String(i + 1).padStart(3, "0")}_${area}.sql`] = `CREATE TABLE ${area}_items (
    id integer PRIMARY KEY,
    sku varchar(32) not null,
    qty INTEGER DEFAULT 0,
    price numeric(10,2)  
);

select i.sku, i.qty*i.price as total, o.region
from ${area}_items i join orders o on o.sku = i.sku
WHERE i.qty > ${i}   AND o.region = 'eu'
order by 2 desc;

INSERT INTO ${area}_items (id, sku, qty) values (1,'SKU-${i}', 4);
SELECT count(*) FROM ${area}_items${i % 2 ? "" : " where qty<>0"}
`;
  }
  writeTree(dir, files);
  return dir;
}

/** A Java library in the habits Sun's conventions flag: missing Javadoc, magic numbers, long lines, field visibility. */
function javaProject(id) {
  const dir = scratch(id);
  const files = {};
  for (const [i, area] of AREAS.entries()) {
    const T = cap(area);
    files[`src/main/java/shop/${T}.java`] = `package shop;

import java.util.*;
import java.io.IOException;

public class ${T} {
    public int scale = ${i + 2};
    private Map<String,Integer> rates = new HashMap<String,Integer>();

    public ${T}(Map<String,Integer> rates) {
        this.rates = rates;
    }

    public int total(List<String> skus, int qty) {
        int sum=0;
        for (String sku : skus) {
            if (rates.containsKey(sku)) sum += rates.get(sku) * qty * ${(i + 1) * 7};
        }
        if (sum > ${(i + 1) * 1000}) { return ${(i + 1) * 1000}; }
        return sum;
    }

    public String describe(final String region, final boolean verbose, final int limit, final String prefix, final String suffix) {
        return prefix + "${area} in " + region + " (" + rates.size() + " rates, limit " + limit + ", verbose " + verbose + ")" + suffix;
    }
}
`;
  }
  writeTree(dir, files);
  return dir;
}

export default [
  {
    id: "clang-tidy-cpp-service",
    program: "clang-tidy",
    category: "CommandOutput",
    setup: () => cppProject("clang-tidy-cpp-service"),
    command:
      "clang-tidy --checks='-*,clang-analyzer-*,clang-diagnostic-*,bugprone-*,modernize-*,performance-*,readability-*,-modernize-use-trailing-return-type,-readability-identifier-length' --warnings-as-errors='clang-analyzer-*' --header-filter='include/' src/*.cpp -- -std=c++17 -Iinclude",
    exitCode: 1,
    versions: ["clang-tidy --version | grep -m1 version"],
    facts: (f) =>
      f
        .errorLines(`grep -E ': error: ' "$OUT" | sort -u`)
        .mustKeep(`grep -E '^[0-9]+ warnings treated as errors$' "$OUT"`)
        .mustKeep(`grep -oE '\\[[a-z]+-[a-zA-Z.-]+\\]$' "$OUT" | sort -u`)
        .count("warnings", `grep -cE ': warning: ' "$OUT"`)
        .count("errors", `grep -cE ': error: ' "$OUT"`),
  },
  {
    id: "cpplint-cpp-service",
    program: "cpplint",
    category: "CommandOutput",
    setup: () => cppProject("cpplint-cpp-service"),
    command: "cpplint --recursive include src",
    exitCode: 1,
    versions: ["cpplint --version | tail -n 1"],
    facts: (f) =>
      f
        .errorLines(`grep -E '\\[runtime/printf\\] \\[[0-9]\\]$' "$OUT"`)
        .mustKeep(`grep -E '^Total errors found: ' "$OUT"`)
        .mustKeep(`grep -oE '\\[[a-z]+/[a-z_+]+\\] \\[[0-9]\\]$' "$OUT" | grep -oE '^\\[[a-z]+/[a-z_+]+\\]' | sort -u`)
        .count("findings", `grep -cE '^(include|src)/[a-z]+\\.(h|cpp):[0-9]+: ' "$OUT"`)
        .count("files", `grep -oE '^(include|src)/[a-z]+\\.(h|cpp):' "$OUT" | sort -u | wc -l`),
  },
  {
    id: "gcc-fanalyzer-c-daemon",
    program: "gcc -fanalyzer",
    category: "CommandOutput",
    setup: () => cProject("gcc-fanalyzer-c-daemon"),
    command: "gcc -fanalyzer -Werror=analyzer-double-free -c src/*.c",
    exitCode: 1,
    versions: ["gcc --version | head -n 1"],
    facts: (f) =>
      f
        .errorLines(`grep -E '^src/[a-z]+\\.c:[0-9]+:[0-9]+: (error: |warning: use after)' "$OUT"`)
        .mustKeep(`grep -oE '\\[-W(error=)?analyzer-[a-z-]+\\]' "$OUT" | sort -u`)
        .count("warnings", `grep -cE '^src/[a-z]+\\.c:[0-9]+:[0-9]+: warning: ' "$OUT"`)
        .count("files", `grep -oE '^src/[a-z]+\\.c: In function' "$OUT" | sort -u | wc -l`),
  },
  {
    id: "flawfinder-c-daemon",
    program: "flawfinder",
    category: "CommandOutput",
    setup: () => cProject("flawfinder-c-daemon"),
    command: "flawfinder --error-level=4 src",
    exitCode: 1,
    versions: ["flawfinder --version"],
    note: "the summary gives the time the analysis took",
    facts: (f) =>
      f
        .errorLines(`grep -E '^src/[a-z]+\\.c:[0-9]+:  \\[[45]\\] ' "$OUT"`)
        .mustKeep(`grep -E '^Hits = [0-9]+|^Lines analyzed = ' "$OUT" | sed -E 's/ in .*//'`)
        .mustKeep(`grep -E '^Hits@level = ' "$OUT"`)
        .count("hits", `grep -cE '^src/[a-z]+\\.c:[0-9]+:  \\[[0-5]\\] ' "$OUT"`),
  },
  {
    id: "rubocop-ruby-gem",
    program: "rubocop",
    category: "CommandOutput",
    setup: () => rubyProject("rubocop-ruby-gem"),
    command: "rubocop --format clang lib",
    exitCode: 1,
    versions: ["rubocop --version"],
    facts: (f) =>
      f
        .errorLines(`grep -E '^lib/shop/[a-z]+\\.rb:[0-9]+:[0-9]+: [WEF]: ' "$OUT"`)
        .mustKeep(`grep -E '^[0-9]+ files inspected, [0-9]+ offenses detected' "$OUT"`)
        .count("offenses", `grep -cE '^lib/shop/[a-z]+\\.rb:[0-9]+:[0-9]+: [CWERF]: ' "$OUT"`)
        .count("correctable", `grep -cE '^lib/shop/[a-z]+\\.rb:[0-9]+:[0-9]+: [CWERF]: \\[Correctable\\]' "$OUT"`),
  },
  {
    id: "perlcritic-perl-modules",
    program: "perlcritic",
    category: "CommandOutput",
    setup: () => perlProject("perlcritic-perl-modules"),
    command: "perlcritic --harsh --statistics lib",
    exitCode: 2,
    versions: ["perlcritic --version"],
    facts: (f) =>
      f
        .errorLines(`grep -E 'Code before strictures are enabled' "$OUT"`)
        .mustKeep(`grep -E '^ *[0-9]+ violations\\.$|^ *[0-9]+ severity [0-9] violations\\.$' "$OUT" | sed 's/^ *//'`)
        .mustKeep(`grep -oE '^[0-9]+ violations of [A-Za-z:]+\\.$' "$OUT"`)
        .count("violations", `grep -cE '^lib/Shop/[A-Za-z]+\\.pm: ' "$OUT"`)
        .count("files", `grep -oE '^lib/Shop/[A-Za-z]+\\.pm:' "$OUT" | sort -u | wc -l`),
  },
  {
    id: "luacheck-lua-modules",
    program: "luacheck",
    category: "CommandOutput",
    setup: () => luaProject("luacheck-lua-modules"),
    command: "luacheck --no-color --codes src",
    exitCode: 1,
    versions: ["luacheck --version | head -n 1"],
    facts: (f) =>
      f
        .mustKeep(`grep -E '^Total: [0-9]+ warnings? / [0-9]+ errors? in [0-9]+ files?' "$OUT"`)
        .errorLines(`grep -E '\\(W113\\) accessing undefined variable' "$OUT"`)
        .count("warnings", `grep -cE '^    src/[a-z]+\\.lua:[0-9]+:[0-9]+: \\(W[0-9]+\\)' "$OUT"`),
  },
  {
    id: "codespell-docs-and-sources",
    program: "codespell",
    category: "CommandOutput",
    setup: () => typoProject("codespell-docs-and-sources"),
    command: "codespell docs src",
    exitCode: 65,
    versions: ["codespell --version"],
    note: "codespell checks files in the order the directory lists them",
    facts: (f) =>
      f
        .errorLines(`grep -E '^src/[a-z]+\\.py:[0-9]+: ' "$OUT"`)
        .count("typos", `grep -cE '^(docs|src)/[a-z]+\\.(md|py):[0-9]+: ' "$OUT"`)
        .count("files", `grep -oE '^(docs|src)/[a-z]+\\.(md|py):' "$OUT" | sort -u | wc -l`),
  },
  {
    id: "pydocstyle-python-package",
    program: "pydocstyle",
    category: "CommandOutput",
    setup: () => pythonProject("pydocstyle-python-package"),
    command: "pydocstyle --count shop",
    exitCode: 1,
    versions: ["pydocstyle --version"],
    facts: (f) =>
      f
        .mustKeep(`tail -n 1 "$OUT"`)
        .mustKeep(`grep -oE '^        D[0-9]+: ' "$OUT" | sed 's/^ *//; s/: $//' | sort -u`)
        .mustKeep(`grep -oE '^shop/[a-z_]+\\.py' "$OUT" | sort -u`)
        .count("violations", `grep -cE '^        D[0-9]+: ' "$OUT"`),
  },
  {
    id: "vulture-python-package",
    program: "vulture",
    category: "CommandOutput",
    setup: () => pythonProject("vulture-python-package"),
    command: "vulture --min-confidence 60 shop",
    exitCode: 1,
    versions: ["vulture --version"],
    facts: (f) =>
      f
        .errorLines(`grep -E '\\(100% confidence\\)$' "$OUT"`)
        .count("findings", `grep -cE '^shop/[a-z_]+\\.py:[0-9]+: ' "$OUT"`)
        .count("files", `grep -oE '^shop/[a-z_]+\\.py:' "$OUT" | sort -u | wc -l`),
  },
  {
    id: "sqlfluff-lint-migrations",
    program: "sqlfluff",
    category: "CommandOutput",
    setup: () => sqlProject("sqlfluff-lint-migrations"),
    command: "sqlfluff lint --dialect postgres --nocolor migrations",
    exitCode: 1,
    versions: ["sqlfluff --version"],
    facts: (f) =>
      f
        .mustKeep(`grep -oE '^== \\[migrations/[0-9]+_[a-z]+\\.sql\\] FAIL' "$OUT"`)
        .mustKeep(`grep -oE '\\| L[0-9]+ ' "$OUT" | sed 's/| //; s/ $//' | sort -u`)
        .mustKeep(`tail -n 1 "$OUT"`)
        .count("violations", `grep -cE '^L: +[0-9]+ \\| P: +[0-9]+ \\| ' "$OUT"`),
  },
  {
    id: "checkstyle-java-library",
    program: "checkstyle",
    category: "CommandOutput",
    setup: () => javaProject("checkstyle-java-library"),
    command: "checkstyle -c /sun_checks.xml src/main/java",
    exitCode: 216,
    versions: ["checkstyle --version"],
    note: "checkstyle audits files in the order the directory lists them; its exit code is the number of errors, modulo 256",
    facts: (f) =>
      f
        .mustKeep(`grep -E '^Checkstyle ends with [0-9]+ errors\\.' "$OUT"`)
        .errorLines(`grep -E '\\[UnusedImports\\]$' "$OUT"`)
        .mustKeep(`grep -oE '\\[[A-Za-z]+\\]$' "$OUT" | sort -u`)
        .count("errors", `grep -cE '^\\[ERROR\\] ' "$OUT"`),
  },
];
