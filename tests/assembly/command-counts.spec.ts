import { countFindings, findingsLine } from "../../assembly/digest/command/findings";
import { IndentedRuns, indentedLine } from "../../assembly/digest/command/indented";
import { LineLeads, leadsLine } from "../../assembly/digest/command/leads";
import { recordsLine } from "../../assembly/digest/command/records";
import { commandTotals } from "../../assembly/digest/command/totals";
import { readEachLine } from "../../assembly/util/lines";

// The totals a model would otherwise count, on lines as the tools print them (cut from the
// real runs in tests/fixtures/corpus: flake8-count-statistics-logging, cprofile-sort-cumulative,
// ld-cpp-linked-by-gcc, node-test-tap-failures, ldconfig-p-cache, esbuild-analyze-express).

/** `line` n times, "#" replaced by the count (from 0). */
function repeat(line: string, n: i32): string {
  const parts = new Array<string>();
  for (let i = 0; i < n; i++) parts.push(line.replaceAll("#", i.toString()));
  return parts.join("\n") + "\n";
}

/** `prefix` and its line's count (from 0), n lines: for lines whose "#" is their own. */
function numbered(prefix: string, n: i32): string {
  let out = "";
  for (let i = 0; i < n; i++) out += prefix + i.toString() + "\n";
  return out;
}

function leads(text: string): string {
  return leadsLine(readEachLine(text, new LineLeads()), "", false);
}

function indented(text: string, stated: string = ""): string {
  return indentedLine(readEachLine(text, new IndentedRuns()).finish(), stated);
}

describe("findings: how many codes when some go unnamed", () => {
  it("states the codes' number in place of `by code` when `+K more` leaves some out", () => {
    // Eight codes (E100 … E107), E100 on two lines: six are named, two are not.
    const flake8 = "a.py:1:1: E100 x\n" + repeat("a.py:#:1: E10# x", 8);
    expect(findingsLine(countFindings(flake8))).toBe("9 findings; 8 codes: E100 2, E101 1, E102 1, E103 1, E104 1, E105 1, +2 more");
    // Under a small budget only the codes that repeat are named: the number covers the others.
    expect(findingsLine(countFindings(flake8), true)).toBe("9 findings; 8 codes: E100 2, +7 more");
  });

  it("says `by code` when every code is named", () => {
    expect(findingsLine(countFindings("a.py:1:1: F401 x\na.py:2:1: F401 y\na.py:3:1: E302 z\n"))).toBe("3 findings; by code: F401 2, E302 1");
  });
});

describe("findings: the files that hold them", () => {
  // As flake8 prints them (flake8-stdlib-json-http): `path:line:col: CODE message`.
  it("names each file with its findings, most first, when files hold four or more on the mean", () => {
    // Lines 1-6: a.py, lines 7-8: b/c.py: 8 findings in 2 files.
    const flake8 = repeat("a.py:#:1: E302 x", 6) + repeat("b/c.py:#:5: F821 y", 2);
    expect(findingsLine(countFindings(flake8))).toBe("8 findings; by code: E302 6, F821 2; 2 files: a.py 6, b/c.py 2");
    // A small budget keeps its room for the findings' own lines.
    expect(findingsLine(countFindings(flake8), true)).toBe("8 findings; by code: E302 6, F821 2");
  });

  it("names no files when each holds few findings: the lines kept name them", () => {
    // Lines 1-2: a.ts, b.ts (tsc's `path(line,col): error CODE:`), lines 3-4 again: 4 findings in 2 files.
    const tsc = "a.ts(1,1): error TS2322: x\nb.ts(2,1): error TS2322: x\na.ts(3,1): error TS2379: y\nb.ts(4,1): error TS2379: y\n";
    expect(findingsLine(countFindings(tsc))).toBe("4 errors; by code: TS2322 2, TS2379 2");
  });

  it("reads a drive's colon as part of the path and a bare `line:col` as no file", () => {
    // Lines 1-8: C:\\src\\a.c:N:1:, lines 9-16: d.c:N:1: (a drive's `C:` is no location).
    const windows = repeat("C:\\src\\a.c:#:1: warning: x [-Wx]", 8) + repeat("d.c:#:1: warning: x [-Wx]", 8);
    expect(findingsLine(countFindings(windows))).toBe("16 warnings; by code: -Wx 16; 2 files: C:\\src\\a.c 8, d.c 8");
    // eslint's rows under the file's own line (`  9:7  error  message  rule`): counted, no file named.
    const eslint = "/src/a.js\n" + repeat("  #:7  error  Use the isNaN function  use-isnan", 10);
    expect(findingsLine(countFindings(eslint))).toBe("10 errors; by code: use-isnan 10");
  });

  it("names a long directory every file shares once, before the names within it", () => {
    // Lines 1-4: /tmp/build/src/shop/a.c, lines 5-8: /tmp/build/src/shop/b/c.c (a clang-tidy run over absolute paths).
    const tidy = repeat("/tmp/build/src/shop/a.c:#:1: warning: x [modernize-use-nullptr]", 4) + repeat("/tmp/build/src/shop/b/c.c:#:1: warning: y [modernize-use-nullptr]", 4);
    expect(findingsLine(countFindings(tidy))).toBe("8 warnings; by code: modernize-use-nullptr 8; 2 files in /tmp/build/src/shop/: a.c 4, b/c.c 4");
    // A short one ("src/") costs less than the line it would take to say it.
    const short = repeat("src/a.c:#:1: warning: x [-Wx]", 4) + repeat("src/b.c:#:1: warning: x [-Wx]", 4);
    expect(findingsLine(countFindings(short))).toBe("8 warnings; by code: -Wx 8; 2 files: src/a.c 4, src/b.c 4");
    // Files whose shared directory is short ("/tmp/") keep their whole names.
    const apart = repeat("/tmp/build/src/shop/a.c:#:1: warning: x [-Wx]", 4) + repeat("/tmp/other/src/shop/b.c:#:1: warning: x [-Wx]", 4);
    expect(findingsLine(countFindings(apart))).toBe("8 warnings; by code: -Wx 8; 2 files: /tmp/build/src/shop/a.c 4, /tmp/other/src/shop/b.c 4");
  });

  it("reads a long check name closing a line as its code (clang-tidy's, with the option that made it an error)", () => {
    const tidy = repeat("a.cpp:#:5: error: Call to function 'strcpy' is insecure [clang-analyzer-security.insecureAPI.strcpy,-warnings-as-errors]", 2);
    expect(findingsLine(countFindings(tidy))).toBe("2 errors; by code: clang-analyzer-security.insecureAPI.strcpy,-warnings-as-errors 2");
  });
});

describe("findings: errors and warnings stated without a place", () => {
  // As bibtex, asciidoctor and lintian print them (bibtex-missing-entries, asciidoctor-guide-warnings,
  // lintian-hand-made-deb): a severity at the margin, after a program's name at most.
  it("counts `Warning--`, `prog: WARNING:`, `error:` and the initials `E:` and `W:`", () => {
    const bibtex = repeat("Warning--empty journal in bergen200#", 3);
    expect(findingsLine(countFindings(bibtex))).toBe("3 warnings");
    const asciidoctor = "asciidoctor: ERROR: abisko.adoc: line 17: include file not found\n" + repeat("asciidoctor: WARNING: skipping reference to missing attribute: a#", 2) + "Input file: abisko.adoc\n";
    expect(findingsLine(countFindings(asciidoctor))).toBe("1 error, 2 warnings");
    const lintian = "E: shop-tools: no-copyright-file\nN: \nN:   Each binary package must have a copyright file\nW: shop-tools: no-manual-page [usr/bin/x]\nE: shop-tools: dir-in-usr-local\n";
    expect(findingsLine(countFindings(lintian))).toBe("2 errors, 1 warning");
    expect(findingsLine(countFindings("error: shop.conf:98 unknown unit 'Q'\nerror: stat of logs/checkout failed\n"))).toBe("2 errors");
  });

  it("counts no indented field, no word run into what follows, no note, hint or info, and no path before the word", () => {
    // A TAP report's YAML block (node-test-tap-failures) and python's logging (`WARNING:root:`).
    expect(findingsLine(countFindings(repeat("  error: |-", 3)))).toBe("");
    expect(findingsLine(countFindings(repeat("WARNING:root:disk # full", 3)))).toBe("");
    expect(findingsLine(countFindings(repeat("hint: Updates were rejected #", 3) + repeat("info: x #", 3) + repeat("note: y #", 3)))).toBe("");
    expect(findingsLine(countFindings(repeat("src/a.txt: warning about #", 3) + repeat("Error 1", 3)))).toBe("");
  });

  it("states them only when no finding has a place: a compiler's closing `error:` sums up its findings", () => {
    const gcc = repeat("a.c:#:5: warning: unused variable [-Wunused-variable]", 2) + "error: could not compile `shop`\nerror: aborting\n";
    expect(findingsLine(countFindings(gcc))).toBe("2 warnings; by code: -Wunused-variable 2");
  });

  it("states a few of them only under a large budget, eight warnings or more under a small one", () => {
    const few = repeat("WARNING: ThreadSanitizer: data race (pid=#)", 4);
    expect(findingsLine(countFindings(few))).toBe("4 warnings");
    expect(findingsLine(countFindings(few), true)).toBe("");
    // Errors without a place are left to their lines under a small budget: the cut keeps them first.
    expect(findingsLine(countFindings(repeat("error: skipping #", 8)), true)).toBe("");
    expect(findingsLine(countFindings(repeat("error: skipping #", 8) + repeat("Warning--empty journal in x#", 8)), true)).toBe("8 warnings");
  });

  it("leaves a test run's to its runner's totals", () => {
    // tox's closing lines under a runner's summary (tox-envs-failing).
    const tox = "Ran 3 tests in 0.002s\n\nFAILED (errors=2)\nERROR:   unit: commands failed\nERROR:   pytest: commands failed\n";
    expect(commandTotals(tox)).not.toContain("errors");
  });
});

describe("rows under a header in lower case", () => {
  // As cProfile prints its table (cprofile-sort-cumulative): the last header word is 25 units long.
  const HEADER = "   ncalls  tottime  percall  cumtime  percall filename:lineno(function)\n";
  const ROW = "        1    0.000    0.000    0.394    0.394 report.py:#(make_orders)";

  it("counts the rows that line up with a header whose words are all in lower case", () => {
    expect(recordsLine(HEADER + repeat(ROW, 6) + "\n")).toBe("table: 6 rows");
  });

  it("counts a row whose first value is wider than its column, when the next lines up again", () => {
    // "60368/60335" pushes the row's other values two columns right.
    const wide = "60368/60335    0.003    0.000    0.003    0.000 {built-in method builtins.len}";
    expect(recordsLine(HEADER + repeat(ROW, 3) + wide + "\n" + repeat(ROW, 3) + "\n")).toBe("table: 7 rows");
    // Two in a row end the table: the rows before them are counted.
    expect(recordsLine(HEADER + repeat(ROW, 5) + wide + "\n" + wide + "\n" + repeat(ROW, 3) + "\n")).toBe("table: 5 rows");
  });

  it("counts no table of fewer than 5 rows under a header in lower case (a detail's fields)", () => {
    // As ip addr prints an address's lifetimes (ip-addr-netns), under which the next address lines up by chance.
    const ip = repeat("    inet6 fd77:#::1/64 scope global tentative\n       valid_lft forever preferred_lft forever", 4);
    expect(recordsLine(ip)).toBe("");
    expect(recordsLine(HEADER + repeat(ROW, 4) + "\n")).toBe("");
  });
});

describe("lines that open with a place, then the same message", () => {
  it("counts the message after a place that ends in a colon, quoted after an ellipsis", () => {
    // As ld prints them (ld-cpp-linked-by-gcc): one place or two before the message.
    const ld =
      "/usr/bin/ld: report.o: in function `main':\n" +
      repeat("report.cpp:(.text+0x#b): undefined reference to `std::f#()'", 8) +
      "/usr/bin/ld: report.o:(.data.rel.local.DW.ref.__gxx_personality_v0+0x0): undefined reference to `__gxx_personality_v0'\n";
    expect(leads(ld)).toBe('9 lines "\u2026 undefined reference to \u2026"');
  });

  it("counts no message after a place without a colon, nor at a third place", () => {
    expect(leads(repeat("src/m#.c undefined reference to f", 9))).toBe("");
    expect(leads(repeat("a/b: c/d: e/f: undefined reference to f#", 9))).toBe("");
  });

  it("keeps the lines at a place apart from the lines that open with the same word", () => {
    const mixed = repeat("In file included from m#.h", 8) + repeat("src/m#.c: In function f#", 9);
    expect(leads(mixed)).toBe('9 lines "\u2026 In function \u2026" \u00b7 8 lines "In file included from \u2026"');
  });

  it("counts no line at a place that introduces the next (it ends in a colon), nor a severity", () => {
    // As gcc prints them (gcc-wall-wextra-wrapt): findings.ts counts the warnings.
    expect(leads(repeat("src/m#.c: In function \u2018f#\u2019:", 9))).toBe("");
    expect(leads(repeat("/usr/bin/ld: m#.o: warning: relocation in read-only section", 9))).toBe("");
  });

  it("counts the word after a clock's time as after a place (a capture's packets, a trace's lines)", () => {
    // As tcpdump -r prints them (tcpdump-r-loopback): a time of day, then the protocol.
    const tcpdump = "reading from file loopback.pcap, link-type EN10MB (Ethernet)\n" + repeat("18:17:51.31915# IP 127.0.0.1.4024# > 127.0.0.1.18861: Flags [S], seq #", 9);
    expect(leads(tcpdump)).toBe('9 lines "\u2026 IP \u2026"');
    expect(leads(repeat("18:17:5# GET /api/items/#", 9))).toBe('9 lines "\u2026 GET \u2026"');
    // Not a clock: a count of hours beyond two digits, a ratio, a date.
    expect(leads(repeat("118:17:51 IP x#", 9))).toBe("");
    expect(leads(repeat("18:17 IP x#", 9))).toBe("");
    expect(leads(repeat("2024-03-01 IP x#", 9))).toBe("");
  });
});

/** n blocks: `lead` ("#" its count), then 8 indented lines of 62 units and their newlines (no lead: they detail it): 548 units a block of CONFLICT. */
function spread(lead: string, n: i32): string {
  let out = "";
  for (let i = 0; i < n; i++) out += lead.replaceAll("#", i.toString()) + "\n" + repeat("    a detail of the block above: indented, so it opens no lead", 8);
  return out;
}

const CONFLICT = "CONFLICT (content): Merge conflict in f#.py";

/** leads() as a budget that shows many lines asks for them: a few lines of a lead far apart counted too. */
function sparseLeads(text: string, findings: bool = false): string {
  return leadsLine(readEachLine(text, new LineLeads()), "", findings, "", "", true);
}

describe("a few lines of a lead far apart", () => {
  it("counts five to seven lines of a lead when the first and last are 2,000 units apart or more", () => {
    // Lines 1, 10, …, 46: six leads, the last 5 × 548 = 2,740 units after the first.
    expect(sparseLeads(spread(CONFLICT, 6))).toBe('6 lines "CONFLICT (content): Merge conflict in …"');
  });

  it("counts none that a glance counts: side by side, fewer than five, beside the findings, or under a small budget", () => {
    // Lines 1–6: the same six leads, 44 units apart.
    expect(sparseLeads(repeat(CONFLICT, 6))).toBe("");
    // Lines 1, 10, 19, 28: four leads.
    expect(sparseLeads(spread(CONFLICT, 4))).toBe("");
    // Findings stated: a sparse lead is part of their messages (`help: …`).
    expect(sparseLeads(spread(CONFLICT, 6), true)).toBe("");
    // A small budget: the count would take the room of one of those lines.
    expect(leads(spread(CONFLICT, 6))).toBe("");
  });
});

describe("a lead of signs and the label after it", () => {
  it("counts `# Subtest:` and `>> Issue:` lines by the label after their signs", () => {
    // As node --test prints its TAP (node-test-tap-failures).
    expect(leads(numbered("# Subtest: case ", 9))).toBe('9 lines "# Subtest: case \u2026"');
    expect(leads(repeat(">> Issue: [B#:x] y", 9))).toBe('9 lines ">> Issue: \u2026"');
  });

  it("counts no signs before a word that is no label, a mark before a name, or signs before a number", () => {
    expect(leads(repeat("| * 7e2404d orders: case #", 9))).toBe("");
    expect(leads(repeat("| line #", 9) + repeat("* Item x#", 9))).toBe("");
    expect(leads(repeat("\u2714 parseQty reads case #", 9))).toBe("");
    expect(leads(repeat("* 7e2404d orders #", 9) + repeat("-- 12 items", 9))).toBe("");
  });
});

describe("a flat list indented under a line", () => {
  it("counts the lines at one indentation under the line above them (ldconfig -p, esbuild --analyze)", () => {
    const ldconfig = "540 libs found in cache `/etc/ld.so.cache'\n" + repeat("\tlibm#.so.6 (libc6,x86-64) => /lib/x86_64-linux-gnu/libm#.so.6", 24) + "Cache generated by: ldconfig\n";
    expect(indented(ldconfig)).toBe('24 lines indented under "540 libs found in cache \u2026"');
    // The head up to the padding before its columns; the list up to the blank line.
    const esbuild = "\n  dist/server.js                 814.2kb  100.0%\n" + repeat("   \u251c ../node_modules/m#/index.js   1.2kb    0.1%", 20) + "   \u2514 ../node_modules/z/index.js   37b    0.0%\n\n";
    expect(indented(esbuild)).toBe('21 lines indented under "dist/server.js \u2026"');
  });

  it("counts no list of fewer than 20 lines, one with a line more indented, rows of right-aligned numbers or a subtree", () => {
    expect(indented("Head\n" + repeat("  item #", 19))).toBe("");
    expect(indented("Head\n" + repeat("  item #", 12) + "    detail\n" + repeat("  item #", 12))).toBe("");
    expect(indented("   ncalls  tottime\n60368/60335    0.003\n" + repeat("    60000    0.05#", 25))).toBe("");
    // As npm ls prints its last subtree (npm-ls-all): one of the tree's, under a branch.
    expect(indented("\u2514\u2500\u252c undici@7.30.2\n" + repeat("  \u251c\u2500\u2500 dep-#@1.0.0 deduped", 25))).toBe("");
  });

  it("states the longest list once, and not when another total states its count", () => {
    expect(indented("Head\n" + repeat("  item #", 20) + "Tail\n" + repeat("  entry #", 30))).toBe('30 lines indented under "Tail"');
    expect(indented("Files:\n" + repeat("  pkg/mod_#.py", 25), "Files: 25 entries")).toBe("");
    expect(commandTotals("Files:\n" + repeat("  pkg/mod_#.py", 25))).toBe("Files: 25 entries");
  });
});
