// Outputs of language toolchains and developer tools the other captures lack: bison over a grammar
// with conflicts and errors, m4 tracing macros until an include is missing, an autoconf configure
// script stopping on a missing library, coverage's report under its threshold, npm explain of a
// package held at two versions, tsc --explainFiles over a project with type errors, make -n -k
// with a missing source, python -m dis of a module, ctags -x cross-reference of a C project, the
// GNU assembler's listing with errors, and a jshell script whose snippets fail.
import { join } from "node:path";
import { REPO, scratch, sh, writeTree } from "./lib.mjs";

const SERVICES = ["billing", "catalog", "checkout", "inventory", "ledger", "mailer", "pricing", "search", "shipping", "tax"];

/** A calculator grammar with ambiguous rules, a symbol never defined and a type clash. */
function grammar(id) {
  const dir = scratch(id);
  const rules = [];
  for (const [i, svc] of SERVICES.entries()) {
    rules.push(`${svc}_stmt
    : KW_${svc.toUpperCase()} expr ';'        { $$ = mk_stmt(${i}, $2); }
    | KW_${svc.toUpperCase()} IDENT '=' expr ';' { $$ = mk_assign(${i}, $2, $4); }
    ${i % 4 === 2 ? `| KW_${svc.toUpperCase()} ${svc}_options ';' { $$ = mk_stmt(${i}, $2); }` : ""}
    ;`);
  }
  writeTree(dir, {
    "calc.y": `%{
#include <stdio.h>
#include "ast.h"
int yylex(void);
void yyerror(const char *msg);
%}
%define parse.error verbose
%union { double num; char *name; struct node *node; }
%token <num> NUMBER
%token <name> IDENT
%token ${SERVICES.map((s) => `KW_${s.toUpperCase()}`).join(" ")}
%token KW_UNUSED_ONE KW_UNUSED_TWO
%type <node> checkout_options pricing_options program stmt_list stmt expr ${SERVICES.map((s) => `${s}_stmt`).join(" ")}
%left '+' '-'
%%
program: stmt_list { $$ = $1; root = $$; } ;
stmt_list
    : %empty          { $$ = NULL; }
    | stmt_list stmt  { $$ = append($1, $2); }
    ;
stmt
    : ${SERVICES.map((s) => `${s}_stmt`).join("\n    | ")}
    | expr ';'        { $$ = $1; }
    ;
${rules.join("\n")}
checkout_options: IDENT | checkout_options IDENT ;
pricing_options: IDENT | pricing_options IDENT ;
expr
    : NUMBER          { $$ = mk_num($1); }
    | IDENT           { $$ = mk_var($1); }
    | expr '+' expr   { $$ = mk_bin('+', $1, $3); }
    | expr '-' expr   { $$ = mk_bin('-', $1, $3); }
    | expr '*' expr   { $$ = mk_bin('*', $1, $3); }
    | expr '/' expr   { $$ = mk_bin('/', $1, $3); }
    | '-' expr        { $$ = mk_neg($2); }
    | '(' expr ')'    { $$ = $2; }
    | IDENT '(' expr ')' { $$ = mk_call($1, $3); }
    ;
%%
`,
  });
  return dir;
}

/** A site template expanded by m4 with traced macros; one include names a file that is not there. */
function siteTemplate(id) {
  const dir = scratch(id);
  const pages = [];
  for (const [i, svc] of SERVICES.entries()) {
    pages.push(`page(\`${svc}', \`The ${svc} service')
link(\`${svc}/status', \`status of ${svc}')
link(\`${svc}/metrics', \`metrics of ${svc}')
${i === 6 ? "include(`partials/pricing-table.m4')" : `para(\`Owned by team ${i + 1}, on call rota ${String.fromCharCode(65 + i)}.')`}
`);
  }
  writeTree(dir, {
    "macros.m4": `divert(-1)
define(\`page', \`<h2 id="$1">$2</h2>')
define(\`link', \`<a href="/$1">$2</a>')
define(\`para', \`<p>$1</p>')
define(\`count', \`len(\`$1', \`$2')')
divert(0)dnl
`,
    "site.m4": `include(\`macros.m4')dnl
<html><body>
${pages.join("")}count(\`services', \`ten')
</body></html>
`,
  });
  return dir;
}

/** An autoconf project that needs a library this machine does not have. */
function configureProject(id) {
  const dir = scratch(id);
  writeTree(dir, {
    "configure.ac": `AC_INIT([shopd], [2.4.1], [ops@shop.example])
AC_CONFIG_SRCDIR([src/main.c])
AC_CONFIG_HEADERS([config.h])
AC_PROG_CC
AC_C_BIGENDIAN
AC_CHECK_HEADERS([arpa/inet.h fcntl.h inttypes.h limits.h locale.h malloc.h netdb.h netinet/in.h poll.h pthread.h sched.h signal.h stddef.h stdint.h stdlib.h string.h strings.h sys/epoll.h sys/event.h sys/ioctl.h sys/mman.h sys/param.h sys/resource.h sys/socket.h sys/stat.h sys/time.h sys/uio.h sys/un.h syslog.h termios.h unistd.h zstd.h lz4.h])
AC_CHECK_FUNCS([accept4 clock_gettime dup2 epoll_create1 fork ftruncate getaddrinfo gettimeofday kqueue localtime_r memchr memmove memset mmap munmap pipe2 poll realpath sendfile setlocale socket strcasecmp strchr strdup strerror strndup strrchr strtol strtoull])
AC_CHECK_SIZEOF([long])
AC_CHECK_SIZEOF([size_t])
AC_CHECK_SIZEOF([off_t])
AC_CHECK_DECLS([SO_REUSEPORT, TCP_NODELAY], [], [], [[#include <sys/socket.h>
#include <netinet/tcp.h>]])
AC_TYPE_SIZE_T
AC_TYPE_SSIZE_T
AC_TYPE_UINT64_T
AC_CHECK_LIB([m], [cos])
AC_CHECK_LIB([pthread], [pthread_create])
AC_CHECK_LIB([zstd], [ZSTD_compress], [], [AC_MSG_ERROR([libzstd is required to build shopd: install its development package or pass --without-zstd])])
AC_CONFIG_FILES([Makefile])
AC_OUTPUT
`,
    "Makefile.in": "all:\n\t@echo building shopd\n",
    "src/main.c": "int main(void) { return 0; }\n",
  });
  sh("autoconf", { cwd: dir });
  return dir;
}

/** A Python package whose tests cover some modules well and others hardly at all. */
function coveredPackage(id) {
  const dir = scratch(id);
  const files = {};
  for (const [i, svc] of SERVICES.entries()) {
    const fns = [];
    for (let k = 0; k < 4 + (i % 3); k++) {
      fns.push(`def ${svc}_step_${k}(value):
    if value < 0:
        raise ValueError("negative ${svc} value")
    if value > ${100 * (k + 1)}:
        return value - ${k + 1}
    return value * ${k + 2}
`);
    }
    files[`shop/${svc}/api.py`] = fns.join("\n\n");
    files[`shop/${svc}/store.py`] = `from shop.${svc}.api import ${svc}_step_0\n\n\ndef load(path):\n    with open(path) as f:\n        return [${svc}_step_0(int(x)) for x in f]\n\n\ndef save(path, values):\n    with open(path, "w") as f:\n        for v in values:\n            f.write(f"{v}\\n")\n`;
    files[`shop/${svc}/cli.py`] = `import sys\n\nfrom shop.${svc} import store\n\n\ndef main(argv):\n    if len(argv) != 3:\n        print("usage: ${svc} IN OUT", file=sys.stderr)\n        return 2\n    store.save(argv[2], store.load(argv[1]))\n    return 0\n`;
    files[`shop/${svc}/__init__.py`] = "";
  }
  files["shop/__init__.py"] = "";
  files["tests/__init__.py"] = "";
  // Tests reach all of the first services' steps and only the first step of the later ones.
  const tests = SERVICES.map((svc, i) => {
    const steps = i < 4 ? [0, 1, 2, 3] : [0];
    return `    def test_${svc}(self):
${steps.map((k) => `        self.assertEqual(${svc}.${svc}_step_${k}(${i < 2 ? 500 : 3}), ${svc}.${svc}_step_${k}(${i < 2 ? 500 : 3}))`).join("\n")}
`;
  });
  files["tests/test_shop.py"] = `import unittest
${SERVICES.map((s) => `from shop.${s} import api as ${s}`).join("\n")}


class ShopTest(unittest.TestCase):
${tests.join("\n")}

if __name__ == "__main__":
    unittest.main()
`;
  writeTree(dir, files);
  sh("python3-coverage run --branch --source=shop -m unittest discover -s tests -t . -q", { cwd: dir });
  return dir;
}

/** A TypeScript project with type errors across modules that import each other. */
function tsProject(id) {
  const dir = scratch(id);
  const files = {
    "tsconfig.json": JSON.stringify({ compilerOptions: { target: "es2020", module: "es2020", moduleResolution: "node", strict: true, noEmit: true, lib: ["es2020"], types: [] }, include: ["src"] }, null, 2) + "\n",
    "src/types.ts": "export interface Order { id: string; total: number; lines: Line[] }\nexport interface Line { sku: string; qty: number; price: number }\n",
  };
  for (const [i, svc] of SERVICES.entries()) {
    const prev = i > 0 ? SERVICES[i - 1] : null;
    files[`src/${svc}.ts`] = `import type { Order } from "./types";
${prev ? `import { ${prev}Total } from "./${prev}";\n` : ""}
export function ${svc}Total(order: Order): number {
  ${i === 3 ? "const base: string = order.total;" : "const base = order.total;"}
  return base + order.lines.reduce((s, l) => s + l.qty * l.price, 0)${prev ? ` + ${prev}Total(order)` : ""};
}
${i === 7 ? `\nexport const ${svc}Label = ${svc}Total({ id: "x", total: 1 });\n` : ""}`;
  }
  files["src/index.ts"] = `import { taxTotal } from "./tax";\nimport { helper } from "./util/missing";\nconsole.log(taxTotal, helper);\n`;
  writeTree(dir, files);
  return dir;
}

/** A C project's makefile whose object list names a source that is not there. */
function makeProject(id) {
  const dir = scratch(id);
  const files = {};
  const mods = [...SERVICES, "net", "store", "auth", "cache", "queue", "report", "audit", "session"];
  for (const m of mods) if (m !== "net") files[`src/${m}.c`] = `int ${m}_init(void) { return 0; }\n`;
  files["Makefile"] = `CC = gcc
CFLAGS = -O2 -g -Wall -Wextra -Iinclude -DSHOP_VERSION=\\"2.4.1\\"
LDLIBS = -lpthread -lm
MODULES = ${mods.join(" ")}
OBJS = $(patsubst %,build/%.o,$(MODULES))
TESTS = $(patsubst %,build/test_%,$(MODULES))

all: build/shopd build/shopd.1.gz tests

build/%.o: src/%.c | build
\t$(CC) $(CFLAGS) -MMD -MP -c $< -o $@

build/shopd: $(OBJS)
\t$(CC) $(LDFLAGS) $^ $(LDLIBS) -o $@
\tstrip --strip-debug -o build/shopd.stripped $@

build/test_%: src/%.c | build
\t$(CC) $(CFLAGS) -DUNIT_TEST $< -o $@

tests: $(TESTS)

build/shopd.1.gz: doc/shopd.1 | build
\tgzip -9 -c $< > $@

build:
\tmkdir -p build
`;
  files["doc/shopd.1"] = ".TH SHOPD 1\n";
  writeTree(dir, files);
  return dir;
}

/** A pricing module with classes, closures and comprehensions, for the disassembler. */
function pricingModule(id) {
  const dir = scratch(id);
  writeTree(dir, {
    "pricing.py": `"""Prices baskets with discounts and taxes."""
from dataclasses import dataclass

TAX_RATES = {"de": 0.19, "fr": 0.20, "pt": 0.23, "no": 0.25}


@dataclass
class Line:
    sku: str
    qty: int
    price: float


def line_total(line, discount=0.0):
    total = line.price * line.qty
    if discount:
        total -= total * discount
    return round(total, 2)


def basket_total(lines, discount=0.0):
    return sum(line_total(l, discount) for l in lines)


def with_tax(amount, country):
    try:
        rate = TAX_RATES[country]
    except KeyError:
        raise ValueError(f"no tax rate for {country}") from None
    return round(amount * (1 + rate), 2)


def cheapest(lines):
    return min(lines, key=lambda l: l.price) if lines else None


def bulk_discount(threshold, rate):
    def apply(lines):
        qty = sum(l.qty for l in lines)
        return rate if qty >= threshold else 0.0
    return apply


class Basket:
    def __init__(self, country):
        self.country = country
        self.lines = []

    def add(self, sku, qty, price):
        self.lines.append(Line(sku, qty, price))

    def skus(self):
        return sorted({l.sku for l in self.lines})

    def total(self, rule=None):
        discount = rule(self.lines) if rule else 0.0
        return with_tax(basket_total(self.lines, discount), self.country)
`,
  });
  return dir;
}

/** A C project with structs, enums, macros and functions for ctags to index. */
function cProject(id) {
  const dir = scratch(id);
  const files = {};
  for (const [i, svc] of SERVICES.slice(0, 6).entries()) {
    const up = svc.toUpperCase();
    files[`src/${svc}.h`] = `#ifndef ${up}_H
#define ${up}_H
#define ${up}_MAX_ITEMS ${64 << i}
#define ${up}_TIMEOUT_MS ${250 * (i + 1)}
enum ${svc}_state { ${up}_IDLE, ${up}_BUSY, ${up}_FAILED };
struct ${svc}_ctx {
  int fd;
  enum ${svc}_state state;
  unsigned retries;
};
typedef struct ${svc}_ctx ${svc}_ctx_t;
int ${svc}_open(${svc}_ctx_t *ctx, const char *path);
int ${svc}_process(${svc}_ctx_t *ctx, const void *buf, unsigned len);
void ${svc}_close(${svc}_ctx_t *ctx);
#endif
`;
    files[`src/${svc}.c`] = `#include "${svc}.h"
static int ${svc}_retry_limit = ${3 + i};

static int ${svc}_backoff(unsigned attempt) { return attempt * ${up}_TIMEOUT_MS; }

int ${svc}_open(${svc}_ctx_t *ctx, const char *path) {
  (void)path;
  ctx->fd = -1;
  ctx->state = ${up}_IDLE;
  ctx->retries = 0;
  return 0;
}

int ${svc}_process(${svc}_ctx_t *ctx, const void *buf, unsigned len) {
  (void)buf;
  if (len > ${up}_MAX_ITEMS) { ctx->state = ${up}_FAILED; return ${svc}_backoff(ctx->retries++) > ${svc}_retry_limit; }
  ctx->state = ${up}_BUSY;
  return 0;
}

void ${svc}_close(${svc}_ctx_t *ctx) { ctx->state = ${up}_IDLE; }
`;
  }
  writeTree(dir, files);
  return dir;
}

/** A hand-written x86-64 routine with a few lines the assembler rejects. */
function asmSource(id) {
  const dir = scratch(id);
  const body = [];
  for (const [i, svc] of SERVICES.entries()) {
    body.push(`# checksum of the ${svc} record
        .globl  ${svc}_sum
        .type   ${svc}_sum, @function
${svc}_sum:
        xorl    %eax, %eax
        movq    %rdi, %rcx
.L${svc}_loop:
        testq   %rsi, %rsi
        je      .L${svc}_done
        ${i === 2 ? "movzb   (%rcx), %edx, %r8d" : "movzbl  (%rcx), %edx"}
        ${i === 5 ? "addl    %edx, %eax, %ebx" : "addl    %edx, %eax"}
        ${i === 7 ? "incr    %rcx" : "incq    %rcx"}
        decq    %rsi
        jmp     .L${svc}_loop
.L${svc}_done:
        ${i === 8 ? "ret     $4, %eax" : "ret"}
        .size   ${svc}_sum, .-${svc}_sum
`);
  }
  writeTree(dir, { "checksum.s": `        .text\n${body.join("\n")}        .section .note.GNU-stack,"",@progbits\n` });
  return dir;
}

/** A jshell script of order arithmetic, some snippets referring to names never declared. */
function jshellScript(id) {
  const dir = scratch(id);
  const lines = [
    "record Line(String sku, int qty, double price) { double total() { return qty * price; } }",
    "var lines = new java.util.ArrayList<Line>()",
  ];
  for (let i = 0; i < 36; i++) {
    const svc = SERVICES[i % SERVICES.length];
    lines.push(`lines.add(new Line("${svc.toUpperCase()}-${100 + i}", ${(i % 7) + 1}, ${(9.5 + i * 3.25).toFixed(2)}))`);
  }
  lines.push(
    "double subtotal = lines.stream().mapToDouble(Line::total).sum()",
    "System.out.printf(\"subtotal %.2f%n\", subtotal)",
    "double taxed = subtotal * (1 + taxRate)",
    "int perLine = lines.size() / (lines.size() - 36)",
    "lines.forEach(l -> System.out.printf(\"%-14s qty %2d price %7.2f total %8.2f%n\", l.sku(), l.qty(), l.price(), l.total()))",
    "Line dearest = lines.stream().max(java.util.Comparator.comparingDouble(Line::total)).get()",
    "System.out.println(\"dearest \" + dearest)",
    "int count = lines.stream().filter(l -> l.qty() > 3).count()",
    "String first = lines.get(0).sku().toLowercase()",
    "lines.stream().map(Line::sku).forEach(System.out::println)",
    "Line missing = lines.get(40)",
    "/exit",
  );
  writeTree(dir, { "orders.jsh": lines.join("\n") + "\n" });
  return dir;
}

export default [
  {
    id: "bison-grammar-conflicts",
    program: "bison",
    category: "CommandOutput",
    setup: () => grammar("bison-grammar-conflicts"),
    command: "bison -Wall -Wcounterexamples -Werror=conflicts-sr -o calc.c calc.y",
    exitCode: 1,
    versions: ["bison --version | head -n 1"],
    facts: (f) =>
      f
        .errorLines(`grep -E '^calc\\.y:[0-9.-]*:? ?error: ' "$OUT" | sort -u`)
        .mustKeep(`grep -oE '[0-9]+ reduce/reduce conflicts' "$OUT" | head -n 1`)
        .mustKeep(`grep -E '^calc\\.y:[0-9.-]+: warning: type clash' "$OUT" | sort -u`)
        .count("counterexamples", `grep -cE '^  Example: ' "$OUT"`),
  },
  {
    id: "m4-trace-missing-include",
    program: "m4",
    category: "CommandOutput",
    setup: () => siteTemplate("m4-trace-missing-include"),
    command: "m4 -daeq --trace=page --trace=link site.m4",
    exitCode: 1,
    versions: ["m4 --version | head -n 1"],
    facts: (f) =>
      f
        .errorLines(`grep -E '^m4:site\\.m4:[0-9]+: ' "$OUT" | grep -v '^m4trace'`)
        .mustKeep(`grep -m1 -F '<h2 id="tax">' "$OUT"`)
        .count("pages", `grep -c '<h2 id=' "$OUT"`)
        .count("traced", `grep -c '^m4trace:' "$OUT"`),
  },
  {
    id: "configure-missing-library",
    program: "configure",
    category: "CommandOutput",
    setup: () => configureProject("configure-missing-library"),
    command: "./configure --prefix=/opt/shop",
    exitCode: 1,
    versions: ["autoconf --version | head -n 1", "gcc --version | head -n 1"],
    note: "the checks' answers are this machine's compiler and libraries",
    facts: (f) =>
      f
        .errorLines(`grep -E '^configure: error: ' "$OUT"`)
        .mustKeep(`grep -E '^checking for ZSTD_compress in -lzstd' "$OUT"`)
        .mustKeep(`grep -E '^checking for gcc\\.\\.\\.' "$OUT"`)
        .count("checks", `grep -c '^checking ' "$OUT"`),
  },
  {
    id: "coverage-report-fail-under",
    program: "coverage",
    category: "CommandOutput",
    setup: () => coveredPackage("coverage-report-fail-under"),
    command: "python3-coverage report -m --fail-under=90",
    exitCode: 2,
    versions: ["python3-coverage --version | head -n 1"],
    facts: (f) =>
      f
        .errorLines(`grep -E '^Coverage failure' "$OUT"`)
        .mustKeep(`grep -E '^TOTAL ' "$OUT"`)
        .mustKeep(`grep -E '^shop/' "$OUT" | sort -k6 -n | awk '{print $1}' | head -n 1`)
        .count("files", `grep -cE '^shop/' "$OUT"`)
        .count("uncoveredFiles", `grep -cE ' 0%' "$OUT"`),
  },
  {
    id: "npm-explain-two-versions",
    program: "npm explain",
    category: "CommandOutput",
    cwd: REPO,
    command: "npm explain readable-stream",
    exitCode: 0,
    versions: ["npm --version"],
    note: "the dependents are this repository's lockfile",
    facts: (f) =>
      f
        .mustKeep(`grep -E '^readable-stream@' "$OUT" | sort -u`)
        .mustKeep(`grep -E '^node_modules/' "$OUT"`)
        .count("rootDependents", `grep -c 'from the root project' "$OUT"`),
  },
  {
    id: "tsc-explain-files-errors",
    program: "tsc --explainFiles",
    category: "CommandOutput",
    setup: () => tsProject("tsc-explain-files-errors"),
    command: `${join(REPO, "node_modules/.bin/tsc")} -p . --explainFiles`,
    exitCode: 2,
    versions: [`${join(REPO, "node_modules/.bin/tsc")} --version`],
    facts: (f) =>
      f
        .errorLines(`grep -E '^src/.*error TS[0-9]+' "$OUT"`)
        .mustKeep(`grep -F 'Imported via "./tax" from file' "$OUT"`)
        .count("sourceFiles", `grep -cE '^src/[a-z]+\\.ts$' "$OUT"`),
  },
  {
    id: "make-n-missing-source",
    program: "make -n",
    category: "CommandOutput",
    setup: () => makeProject("make-n-missing-source"),
    command: "make -n -k",
    exitCode: 2,
    versions: ["make --version | head -n 1"],
    facts: (f) =>
      f
        .errorLines(`grep -E '^make: \\*\\*\\*' "$OUT"`)
        .mustKeep(`grep -m1 -F 'gzip -9' "$OUT"`)
        .count("compiles", `grep -c -- ' -c src/' "$OUT"`),
  },
  {
    id: "python-m-dis-module",
    program: "python -m dis",
    category: "CommandOutput",
    setup: () => pricingModule("python-m-dis-module"),
    command: "python3 -m dis pricing.py",
    exitCode: 0,
    versions: ["python3 --version"],
    facts: (f) =>
      f
        .mustKeep(`grep -oE 'Disassembly of <code object [a-z_]+' "$OUT" | sort -u | head -n 4`)
        .count("codeObjects", `grep -c '^Disassembly of' "$OUT"`)
        .count("calls", `grep -cE ' (CALL|CALL_FUNCTION|PRECALL) ' "$OUT"`),
  },
  {
    id: "ctags-x-c-project",
    program: "ctags",
    category: "CommandOutput",
    setup: () => cProject("ctags-x-c-project"),
    command: "ctags -x --sort=yes src/*.c src/*.h",
    exitCode: 0,
    versions: ["ctags --version | head -n 1"],
    facts: (f) =>
      f
        .mustKeep(`grep -E '^mailer_process ' "$OUT"`)
        .mustKeep(`grep -E ' function ' "$OUT" | grep -F 'static int' | head -n 2`)
        .count("functions", `grep -c ' function ' "$OUT"`)
        .count("macros", `grep -c ' macro ' "$OUT"`)
        .count("tags", `grep -c '' "$OUT"`),
  },
  {
    id: "as-listing-errors",
    program: "as",
    category: "CommandOutput",
    setup: () => asmSource("as-listing-errors"),
    command: "as --64 -al -o checksum.o checksum.s",
    exitCode: 1,
    versions: ["as --version | head -n 1"],
    facts: (f) =>
      f
        .errorLines(`grep -E '^checksum\\.s:[0-9]+: Error: ' "$OUT"`)
        .mustKeep(`grep -E '^ +139 ' "$OUT"`)
        .count("errors", `grep -cE '^checksum\\.s:[0-9]+: Error: ' "$OUT"`)
        .count("listingPages", `grep -c '^GAS LISTING' "$OUT"`),
  },
  {
    id: "jshell-script-errors",
    program: "jshell",
    category: "CommandOutput",
    setup: () => jshellScript("jshell-script-errors"),
    command: "jshell --feedback normal orders.jsh",
    exitCode: 0,
    versions: ["jshell --version"],
    facts: (f) =>
      f
        .errorLines(`grep -E '^Exception ' "$OUT"`)
        .errorLines(`grep -E '^  symbol: |^incompatible types' "$OUT"`)
        .mustKeep(`grep -E '^subtotal |^dearest ' "$OUT"`)
        .count("errors", `grep -c '^Error:' "$OUT"`),
  },
];
