// Outputs of language toolchains, debuggers, test frameworks and documentation tools the other
// captures lack: pdb's post-mortem session over a crashing script, cargo doc with broken
// intra-doc links among missing-docs warnings, sphinx-build -n -W --keep-going over a manual with
// broken references, doxygen over an undocumented C library, meson setup missing a dependency,
// meson test with failing, skipped and timed-out tests, bats and shunit2 suites with failures,
// shfmt -d over unformatted scripts (one that does not parse), makeinfo over a manual with broken
// cross-references and mandoc -T lint over man pages.
import { scratch, sh, writeTree } from "./lib.mjs";

const SERVICES = ["billing", "catalog", "checkout", "inventory", "ledger", "mailer", "pricing", "search", "shipping", "tax"];
const VERBS = ["open", "close", "fetch", "store", "retry", "flush", "verify", "render"];

/** A checkout script that logs its orders, then fails on one whose line lacks a price. */
function crashingScript(id) {
  const dir = scratch(id);
  const orders = [];
  for (let i = 0; i < 120; i++) {
    const svc = SERVICES[i % SERVICES.length];
    const line = i === 97 ? `{"sku": "${svc.toUpperCase()}-${i}", "qty": 2}` : `{"sku": "${svc.toUpperCase()}-${i}", "qty": ${(i % 4) + 1}, "price": ${(3.5 + i * 0.75).toFixed(2)}}`;
    orders.push(`    {"id": ${1000 + i}, "customer": "c${(i * 37) % 101}", "lines": [${line}]},`);
  }
  writeTree(dir, {
    "checkout.py": `"""Totals a day's orders and prints one line per order."""


def line_total(line):
    return line["qty"] * line["price"]


def order_total(order):
    return sum(line_total(line) for line in order["lines"])


ORDERS = [
${orders.join("\n")}
]


def main():
    grand = 0.0
    for order in ORDERS:
        total = order_total(order)
        grand += total
        print(f"order {order['id']} customer {order['customer']:>4} total {total:8.2f} running {grand:10.2f}")
    print(f"grand total {grand:.2f}")


if __name__ == "__main__":
    main()
`,
    "session.pdb": ["continue", "where", "p line", "up", "up", "p order['id'], order['customer']", "args", "list", "up", "p grand", "quit", ""].join("\n"),
  });
  return dir;
}

/** A library crate whose docs link to items that do not exist, with many items left undocumented. */
function undocumentedCrate(id) {
  const dir = scratch(id);
  const mods = [];
  for (const [i, svc] of SERVICES.entries()) {
    const fns = VERBS.map(
      (verb, k) => `    ${k % 3 === 0 ? `/// ${verb[0].toUpperCase()}${verb.slice(1)}s the ${svc} record.\n` : ""}    pub fn ${verb}(&mut self, id: u64) -> Result<u64, Error> {
        if id == 0 { return Err(Error::Missing(${i})); }
        self.count += ${k + 1};
        Ok(self.count)
    }`,
    );
    mods.push(`${i % 2 === 0 ? `//! The ${svc} service.\n` : ""}
${i === 3 ? `/// Wraps [\`InventoryLedger\`] and [\`crate::stock::Level\`].` : i === 7 ? "/// See [`Index::rebuild`] and [search engine](SearchEngine)." : `/// The ${svc} client.`}
pub struct Client {
    pub count: u64,
    pub name: String,
}

pub enum Error {
    Missing(u32),
    ${i === 5 ? "/// Bounced mail; see [`Bounce`].\n    " : ""}Refused { code: u16 },
}

impl Client {
${fns.join("\n\n")}
}
`);
  }
  const files = {
    "Cargo.toml": `[package]\nname = "shop"\nversion = "0.7.2"\nedition = "2021"\n\n[lib]\npath = "src/lib.rs"\n`,
    "src/lib.rs": `//! Shop services: one client per service.
#![warn(missing_docs)]
#![deny(rustdoc::broken_intra_doc_links)]

${SERVICES.map((s) => `pub mod ${s};`).join("\n")}
`,
  };
  for (const [i, svc] of SERVICES.entries()) files[`src/${svc}.rs`] = mods[i];
  writeTree(dir, files);
  return dir;
}

/** A Sphinx manual whose pages reference labels, documents and Python objects that do not exist. */
function sphinxManual(id) {
  const dir = scratch(id);
  const files = {
    "conf.py": `project = "Shop"\nauthor = "Shop team"\nrelease = "2.4"\nextensions = []\nnitpicky = True\nhtml_theme = "basic"\n`,
  };
  const toc = [];
  for (const [i, svc] of SERVICES.entries()) {
    toc.push(`   services/${svc}`);
    const sections = [];
    for (let k = 0; k < 4; k++) {
      sections.push(`${svc[0].toUpperCase()}${svc.slice(1)} step ${k + 1}
${"-".repeat(svc.length + 7)}

.. _${svc}-step-${k + 1}:

The ${svc} service runs step ${k + 1} after :ref:\`${k === 0 ? "overview" : `${svc}-step-${k}`}\`.
Its handler is :py:func:\`shop.${svc}.step_${k + 1}\`${i % 3 === 0 && k === 2 ? ` and it retries as :ref:\`${svc}-retry-policy\` says` : ""}.
${i === 4 && k === 1 ? "\n.. note::\n   The ledger is append only.\n  Entries are never rewritten.\n" : ""}${i === 8 && k === 3 ? "\nSee :doc:`../carriers/dhl` for the carrier's limits.\n" : ""}`);
    }
    files[`services/${svc}.rst`] = `${svc[0].toUpperCase()}${svc.slice(1)}
${"=".repeat(svc.length)}

${sections.join("\n")}`;
  }
  files["index.rst"] = `Shop manual
===========

.. _overview:

Overview
--------

The shop is ten services.

.. toctree::
   :maxdepth: 2

${toc.join("\n")}
   services/returns
`;
  files["orphans/notes.rst"] = "Notes\n=====\n\nUnlisted notes.\n";
  writeTree(dir, files);
  return dir;
}

/** A C library whose headers document some functions, misname parameters of others and leave the rest bare. */
function doxygenProject(id) {
  const dir = scratch(id);
  const files = {
    Doxyfile: `PROJECT_NAME = shop
OUTPUT_DIRECTORY = docs
INPUT = include src
FILE_PATTERNS = *.h *.c
RECURSIVE = YES
EXTRACT_ALL = NO
EXTRACT_STATIC = YES
WARN_IF_UNDOCUMENTED = YES
WARN_IF_DOC_ERROR = YES
WARN_NO_PARAMDOC = YES
GENERATE_LATEX = NO
GENERATE_HTML = YES
HAVE_DOT = NO
QUIET = NO
`,
  };
  for (const [i, svc] of SERVICES.entries()) {
    const up = svc.toUpperCase();
    const decls = VERBS.map((verb, k) => {
      const doc =
        k % 4 === 0
          ? `/**\n * @brief ${verb[0].toUpperCase()}${verb.slice(1)}s a ${svc} record.\n * @param ctx the client\n * @param ${k === 4 && i % 3 === 1 ? "ident" : "id"} the record\n * @return 0 on success\n */\n`
          : k % 4 === 1
            ? `/** ${verb[0].toUpperCase()}${verb.slice(1)}s a ${svc} record. ${i === 6 ? "See \\ref pricing_table and @sa ::pricing_quote." : ""} */\n`
            : "";
      return `${doc}int ${svc}_${verb}(${svc}_ctx_t *ctx, unsigned long id);`;
    });
    files[`include/${svc}.h`] = `/** @file ${svc}.h
 * @brief The ${svc} client.
 */
#ifndef ${up}_H
#define ${up}_H

#define ${up}_MAX_ITEMS ${64 << (i % 3)}

/** The ${svc} client's state. */
typedef struct {
  int state;
  unsigned retries;
  ${i % 2 === 0 ? "/** records seen */\n  " : ""}unsigned long seen;
} ${svc}_ctx_t;

enum ${svc}_status { ${up}_IDLE, ${up}_BUSY, ${up}_FAILED };

${decls.join("\n\n")}

#endif
`;
    files[`src/${svc}.c`] = `#include "${svc}.h"\n\n${VERBS.map((verb) => `int ${svc}_${verb}(${svc}_ctx_t *ctx, unsigned long id) { ctx->seen += id; return 0; }`).join("\n")}\n`;
  }
  writeTree(dir, files);
  return dir;
}

/** A meson project that needs a library by pkg-config name that this machine lacks. */
function mesonMissingDependency(id) {
  const dir = scratch(id);
  writeTree(dir, {
    "meson.build": `project('shopd', 'c', version : '2.4.1', default_options : ['warning_level=3', 'c_std=c11'])
cc = meson.get_compiler('c')
m_dep = cc.find_library('m', required : true)
threads_dep = dependency('threads')
foreach h : ['stdint.h', 'stdlib.h', 'string.h', 'unistd.h', 'sys/epoll.h', 'sys/socket.h', 'netinet/in.h', 'pthread.h', 'sys/event.h']
  message('header ' + h + ': ' + cc.has_header(h).to_string())
endforeach
foreach f : ['accept4', 'clock_gettime', 'epoll_create1', 'kqueue', 'pipe2', 'sendfile', 'strndup']
  message('function ' + f + ': ' + cc.has_function(f).to_string())
endforeach
zstd_dep = dependency('libzstd-shop', version : '>=1.5', required : true)
executable('shopd', 'src/main.c', dependencies : [m_dep, threads_dep, zstd_dep])
`,
    "src/main.c": "int main(void) { return 0; }\n",
  });
  return dir;
}

/** A meson project with one test program per case: most pass, some fail, one is skipped, one times out. */
function mesonTests(id) {
  const dir = scratch(id);
  const tests = [];
  for (let i = 0; i < 48; i++) {
    const svc = SERVICES[i % SERVICES.length];
    const verb = VERBS[i % VERBS.length];
    tests.push({ name: `${svc}_${verb}_${i}`, i });
  }
  const body = (i) =>
    i === 13
      ? `fprintf(stderr, "${tests[i].name}: expected 3 retries, got 5\\n"); return 1;`
      : i === 29
        ? `fprintf(stderr, "${tests[i].name}: index has 0 documents\\n"); return 1;`
        : i === 36
          ? `printf("${tests[i].name}: no carrier configured, skipping\\n"); return 77;`
          : i === 41
            ? `sleep(30); return 0;`
            : i === 44
              ? `int *p = 0; return *p;`
              : `printf("${"ok"} %d\\n", ${i}); return 0;`;
  writeTree(dir, {
    "meson.build": `project('shoptests', 'c')
${tests.map((t) => `test('${t.name}', executable('t${t.i}', 't${t.i}.c')${t.i === 41 ? ", timeout : 2" : ""})`).join("\n")}
`,
    ...Object.fromEntries(tests.map((t) => [`t${t.i}.c`, `#include <stdio.h>\n#include <unistd.h>\nint main(void) { ${body(t.i)} }\n`])),
  });
  sh("meson setup build >/dev/null && ninja -C build >/dev/null", { cwd: dir });
  return dir;
}

/** A bats suite over a small CLI: most tests pass, some fail on output or status, some are skipped. */
function batsSuite(id) {
  const dir = scratch(id);
  const tests = [];
  for (let i = 0; i < 60; i++) {
    const svc = SERVICES[i % SERVICES.length];
    const verb = VERBS[i % VERBS.length];
    const expect = i === 17 ? "status: degraded" : i === 42 ? `${svc} ${verb}ed 2 records` : `${svc} ${verb}ed ${(i % 5) + 1} records`;
    tests.push(
      i === 23 || i === 51
        ? `@test "${svc} ${verb} ${i} works offline" {\n  skip "needs the ${svc} sandbox"\n}`
        : i === 33
          ? `@test "${svc} ${verb} ${i} rejects a bad id" {\n  run ./shopctl ${svc} ${verb} -1\n  [ "$status" -eq 2 ]\n}`
          : `@test "${svc} ${verb} ${i} with ${(i % 5) + 1} records" {\n  run ./shopctl ${svc} ${verb} ${(i % 5) + 1}\n  [ "$status" -eq 0 ]\n  [ "$output" = "${expect}" ]\n}`,
    );
  }
  writeTree(dir, {
    shopctl: `#!/bin/bash\n# Prints what a service did with N records.\nif [ "$3" -lt 0 ] 2>/dev/null; then echo "bad id $3" >&2; exit 1; fi\necho "$1 $2ed $3 records"\n`,
    "test/shopctl.bats": tests.join("\n\n") + "\n",
  });
  sh("chmod +x shopctl", { cwd: dir });
  return dir;
}

/** A shunit2 suite of price arithmetic in shell; a few assertions fail. */
function shunitSuite(id) {
  const dir = scratch(id);
  const tests = [];
  for (let i = 0; i < 150; i++) {
    const svc = SERVICES[i % SERVICES.length];
    const qty = (i % 6) + 1;
    const cents = 250 + i * 75;
    const expected = i === 11 || i === 118 ? qty * cents + 1 : qty * cents;
    tests.push(`test_${svc}_total_${i}() {
  result=$(line_total ${qty} ${cents})
  assertEquals "${svc} line ${i}" ${expected} "$result"${i === 27 ? `\n  assertTrue "${svc} discount applies" "[ $(discount ${cents}) -lt ${cents} ]"` : ""}${i === 35 ? `\n  assertNotNull "${svc} currency" "$(currency ${svc})"` : ""}
}`);
  }
  writeTree(dir, {
    "prices.sh": `line_total() { echo $(( $1 * $2 )); }\ndiscount() { echo $(( $1 - $1 / 10 * 0 )); }\ncurrency() { case $1 in tax) ;; *) echo EUR ;; esac; }\n`,
    "test_prices.sh": `#!/bin/bash\n. ./prices.sh\n\n${tests.join("\n\n")}\n\n. shunit2\n`,
  });
  return dir;
}

/** Deploy scripts written by hand: inconsistent indentation and spacing, one with an unclosed quote. */
function shellScripts(id) {
  const dir = scratch(id);
  const files = {};
  for (const [i, svc] of SERVICES.entries()) {
    files[`deploy/${svc}.sh`] = `#!/bin/bash
set -eu
SERVICE=${svc}
PORT=$(( 8000 + ${i} ))
deploy_${svc}() {
    local host=$1
  if [ -z "$host" ];then
        echo "no host for $SERVICE" >&2
            return 1
    fi
  for f in bin/* ; do
     scp "$f"   "$host:/opt/$SERVICE/"
  done
    ssh $host "systemctl restart $SERVICE"   &&   echo "restarted $SERVICE on $host"
}
case "$1" in
  start) deploy_${svc} "$2" ;;
    stop)   ssh "$2" "systemctl stop $SERVICE";;
  *) echo "usage: $0 start|stop HOST" ;;
esac
${i === 6 ? 'echo "pricing deployed to $2\n' : ""}`;
  }
  writeTree(dir, files);
  return dir;
}

/** A Texinfo manual with cross-references to nodes that do not exist and a misspelled command. */
function texinfoManual(id) {
  const dir = scratch(id);
  const nodes = SERVICES.map((svc, i) => {
    const title = `${svc[0].toUpperCase()}${svc.slice(1)}`;
    return `@node ${title}
@chapter ${title}

The ${svc} service keeps its state in @file{/var/lib/shop/${svc}}.
${i === 2 ? "@xref{Payments}, for the card flow.\n" : ""}${i === 5 ? "Bounces are described in @ref{Bounce Handling}.\n" : ""}${i === 7 ? "@emphh{Rebuild} the index after an upgrade.\n" : ""}${i === 9 ? "Rates come from @pxref{Tax Tables}.\n" : ""}
@menu
${VERBS.slice(0, 3).map((v) => `* ${title} ${v}::`).join("\n")}
@end menu

${VERBS.slice(0, 3)
  .map((v) => `@node ${title} ${v}\n@section ${title} ${v}\n\nTo ${v} a ${svc} record, run @code{shopctl ${svc} ${v} ID}.\n`)
  .join("\n")}`;
  });
  writeTree(dir, {
    "shop.texi": `\\input texinfo
@setfilename shop.info
@settitle Shop manual 2.4

@node Top
@top Shop manual

@menu
${SERVICES.map((s) => `* ${s[0].toUpperCase()}${s.slice(1)}::`).join("\n")}
@end menu

${nodes.join("\n")}
@bye
`,
  });
  return dir;
}

/** Man pages of the shop's commands: some miss sections or dates, some use macros that do not exist. */
function manPages(id) {
  const dir = scratch(id);
  const files = {};
  const names = SERVICES.flatMap((svc) => [svc, `${svc}-admin`, `${svc}-export`]);
  for (const [i, svc] of names.entries()) {
    files[`man/shop-${svc}.1`] = `.TH SHOP-${svc.toUpperCase()} 1 ${i % 3 === 0 ? "" : '"2024-03-01" '}"shop 2.4"
.SH NAME
shop-${svc} \\- manage the ${svc} service
.SH SYNOPSIS
.B shop-${svc}
[\\fB\\-v\\fR]
.I command
.SH DESCRIPTION
.B shop-${svc}
starts, stops and inspects the ${svc} service.${i === 4 ? "  " : ""}
${i === 2 ? ".PP\n.PP\n" : ".PP\n"}Its state lives under
.IR /var/lib/shop/${svc} .
${i === 7 ? ".Xr shop-index 1\n" : ""}${i === 5 ? ".SH OPTIONS\n.TP\n.B \\-v\nverbose\n.SH OPTIONS\n.TP\n.B \\-q\nquiet\n" : ".SH OPTIONS\n.TP\n.B \\-v\nverbose output\n"}${i === 8 ? ".RS\ncarriers\n" : ""}${i !== 3 ? `.SH SEE ALSO\n.BR shop (1)${i === 1 ? "," : ""}\n` : ""}`;
  }
  writeTree(dir, files);
  return dir;
}

export default [
  {
    id: "pdb-post-mortem-session",
    program: "pdb",
    category: "CommandOutput",
    setup: () => crashingScript("pdb-post-mortem-session"),
    command: "python3 -m pdb checkout.py < session.pdb",
    exitCode: 0,
    versions: ["python3 --version"],
    note: "the standard library's frames are this machine's Python",
    facts: (f) =>
      f
        .errorLines(`grep -E '^KeyError: ' "$OUT"`)
        .errorLines(`grep -m1 -E '^Uncaught exception' "$OUT"`)
        .mustKeep(`grep -oE "^order 1096 customer +[^ ]+" "$OUT"`)
        .mustKeep(`grep -m1 -oE "\\{'sku': '[A-Z]+-97', 'qty': 2\\}" "$OUT"`)
        .count("orders", `grep -c '^order [0-9]' "$OUT"`),
  },
  {
    id: "cargo-doc-broken-links",
    program: "cargo doc",
    category: "CommandOutput",
    setup: () => undocumentedCrate("cargo-doc-broken-links"),
    command: "cargo doc --offline --no-deps --color never",
    exitCode: 101,
    versions: ["cargo --version", "rustdoc --version"],
    facts: (f) =>
      f
        .errorLines(`grep -E '^error: unresolved link to' "$OUT"`)
        .errorLines(`grep -E '^error: could not document' "$OUT"`)
        .mustKeep(`grep -oE 'generated [0-9]+ warnings?' "$OUT" | head -n 1`)
        .count("missingDocs", `grep -cE '^warning: missing documentation for' "$OUT"`)
        .count("brokenLinks", `grep -cE '^error: unresolved link to' "$OUT"`),
  },
  {
    id: "sphinx-build-nitpicky-warnings",
    program: "sphinx-build",
    category: "CommandOutput",
    setup: () => sphinxManual("sphinx-build-nitpicky-warnings"),
    command: "sphinx-build -b html -n -W --keep-going . _build/html",
    exitCode: 1,
    versions: ["sphinx-build --version"],
    facts: (f) =>
      f
        .errorLines(`grep -E 'WARNING: (undefined label|unknown document|toctree contains reference to nonexisting document|document isn.t included in any toctree)' "$OUT"`)
        .errorLines(`grep -E '(ERROR|WARNING): .*(Unexpected indentation|Block quote ends)' "$OUT"`)
        .mustKeep(`grep -oE 'build finished with problems, [0-9]+ warnings?' "$OUT"`)
        .count("warnings", `grep -cE 'WARNING: ' "$OUT"`)
        .count("missingFunctions", `grep -cE 'py:func reference target not found' "$OUT"`),
  },
  {
    id: "doxygen-undocumented-library",
    program: "doxygen",
    category: "CommandOutput",
    setup: () => doxygenProject("doxygen-undocumented-library"),
    command: "doxygen Doxyfile",
    exitCode: 0,
    versions: ["doxygen --version"],
    note: "doxygen's step timings and the order of its threads' messages vary",
    facts: (f) =>
      f
        .errorLines(`grep -E 'warning: (argument|unable to resolve reference|explicit link request)' "$OUT" | sort -u`)
        .mustKeep(`grep -m1 -E '^Parsing file .*pricing\\.h' "$OUT"`)
        .count("undocumented", `grep -cE 'warning: Member .* is not documented' "$OUT"`)
        .count("warnings", `grep -cE ': warning: ' "$OUT"`),
  },
  {
    id: "meson-setup-missing-dependency",
    program: "meson setup",
    category: "CommandOutput",
    setup: () => mesonMissingDependency("meson-setup-missing-dependency"),
    command: "meson setup build",
    exitCode: 1,
    versions: ["meson --version", "gcc --version | head -n 1"],
    note: "the checks' answers are this machine's compiler and libraries",
    facts: (f) =>
      f
        .errorLines(`grep -E 'ERROR: ' "$OUT"`)
        .mustKeep(`grep -E '^Message: header sys/event\\.h: ' "$OUT"`)
        .mustKeep(`grep -E '^A full log can be found at' "$OUT"`)
        .count("messages", `grep -c '^Message: ' "$OUT"`),
  },
  {
    id: "meson-test-failures",
    program: "meson test",
    category: "CommandOutput",
    setup: () => mesonTests("meson-test-failures"),
    command: "meson test -C build --print-errorlogs",
    exitCode: 4,
    versions: ["meson --version", "ninja --version"],
    note: "test durations vary; tests run in parallel, so their order varies",
    facts: (f) =>
      f
        .errorLines(`grep -E '^ *[0-9]+/48 .* (FAIL|TIMEOUT) ' "$OUT" | sort -u`)
        .mustKeep(`grep -E '^(Ok|Fail|Skipped|Timeout): ' "$OUT"`)
        .mustKeep(`grep -m1 -oE '^[a-z]+_[a-z]+_(13|29): [a-z0-9 ,]+' "$OUT"`)
        .count("tests", `grep -oE '^ *[0-9]+/48 [a-z_0-9]+' "$OUT" | sort -u | wc -l`),
  },
  {
    id: "bats-suite-failures",
    program: "bats",
    category: "CommandOutput",
    setup: () => batsSuite("bats-suite-failures"),
    command: "bats test/shopctl.bats",
    exitCode: 1,
    versions: ["bats --version"],
    facts: (f) =>
      f
        .errorLines(`grep -E '^not ok ' "$OUT"`)
        .mustKeep(`grep -E '^1\\.\\.[0-9]+' "$OUT"`)
        .mustKeep(`grep -m1 -E '# skip' "$OUT"`)
        .count("tests", `grep -cE '^(not )?ok ' "$OUT"`)
        .count("failed", `grep -cE '^not ok ' "$OUT"`),
  },
  {
    id: "shunit2-assert-failures",
    program: "shunit2",
    category: "CommandOutput",
    ansi: true,
    setup: () => shunitSuite("shunit2-assert-failures"),
    command: "bash test_prices.sh",
    exitCode: 1,
    versions: ["dpkg-query -W -f '${Version}' shunit2"],
    facts: (f) =>
      f
        .errorLines(`sed 's/\\x1b\\[[0-9;]*m//g' "$OUT" | grep -E '^ASSERT:'`)
        .mustKeep(`sed 's/\\x1b\\[[0-9;]*m//g' "$OUT" | grep -E '^FAILED \\('`)
        .mustKeep(`sed 's/\\x1b\\[[0-9;]*m//g' "$OUT" | grep -E '^Ran [0-9]+ tests'`)
        .count("tests", `grep -cE '^test_' "$OUT"`),
  },
  {
    id: "shfmt-diff-deploy-scripts",
    program: "shfmt",
    category: "CommandOutput",
    setup: () => shellScripts("shfmt-diff-deploy-scripts"),
    command: "shfmt -d -i 2 deploy",
    exitCode: 1,
    versions: ["shfmt --version"],
    facts: (f) =>
      f
        .errorLines(`grep -E '^deploy/[a-z]+\\.sh:[0-9]+:[0-9]+: ' "$OUT"`)
        .mustKeep(`grep -E '^--- deploy/' "$OUT" | head -n 3`)
        .count("files", `grep -cE '^--- deploy/' "$OUT"`),
  },
  {
    id: "makeinfo-broken-references",
    program: "makeinfo",
    category: "CommandOutput",
    setup: () => texinfoManual("makeinfo-broken-references"),
    command: "makeinfo --no-split shop.texi",
    exitCode: 1,
    versions: ["makeinfo --version | head -n 1"],
    facts: (f) =>
      f
        .errorLines(`grep -E '^shop\\.texi:[0-9]+: ' "$OUT" | grep -v ' warning: '`)
        .count("messages", `grep -cE '^shop\\.texi:[0-9]+: ' "$OUT"`),
  },
  {
    id: "mandoc-lint-man-pages",
    program: "mandoc",
    category: "CommandOutput",
    setup: () => manPages("mandoc-lint-man-pages"),
    command: "mandoc -T lint man/*.1",
    exitCode: 3,
    versions: ["dpkg-query -W -f '${Version}' mandoc"],
    facts: (f) =>
      f
        .errorLines(`grep -E ': (ERROR|UNSUPP): ' "$OUT"`)
        .count("messages", `grep -c '^mandoc: ' "$OUT"`)
        .count("pages", `grep -oE 'man/shop-[a-z-]+\\.1' "$OUT" | sort -u | wc -l`),
  },
];
