import { digestCommand } from "../../assembly/digest/command";
import { DumpBlocks, dumpsLine } from "../../assembly/digest/command/dumps";
import { countFindings, findingsLine } from "../../assembly/digest/command/findings";
import { LineLeads, leadsLine } from "../../assembly/digest/command/leads";
import { recordsLine } from "../../assembly/digest/command/records";
import { commandTotals } from "../../assembly/digest/command/totals";
import { DigestContext } from "../../assembly/digest/shared/types";
import { gapEnd, readEachLine } from "../../assembly/util/lines";

// Lines below are as the tools print them (cut from the real runs in tests/fixtures/corpus:
// gcc-wall-wextra-errors, tsc-project-errors(-pretty), eslint-recommended-errors,
// shellcheck-system-scripts, cargo-build-type-errors, pyflakes-stdlib-email, pip-list,
// dpkg-l-installed, psql-script-error, git-log-graph-oneline, git-blame-stdlib-decoder).

function repeat(line: string, n: i32): string {
  const parts = new Array<string>();
  for (let i = 0; i < n; i++) parts.push(line.replaceAll("#", i.toString()));
  return parts.join("\n") + "\n";
}

function findings(text: string): string {
  return findingsLine(countFindings(text));
}

const GCC =
  "report.c: In function \u2018scale_0\u2019:\n" +
  "report.c:4:24: warning: unused parameter \u2018unused_0\u2019 [-Wunused-parameter]\n" +
  "    4 | int scale_0(int v, int unused_0) {\n" +
  "      |                    ~~~~^~~~~~~~\n" +
  "report.c:9:24: warning: unused parameter \u2018unused_1\u2019 [-Wunused-parameter]\n" +
  "report.c:120:9: warning: comparison of integer expressions of different signedness [-Wsign-compare]\n" +
  "report.c:121:3: note: in expansion of macro \u2018CHECK\u2019\n" +
  "report.c:210:13: error: expected \u2018;\u2019 before \u2018}\u2019 token\n" +
  "report.c:215:12: fatal error: stdio2.h: No such file or directory\n";

describe("findings: totals by severity and code", () => {
  it("compilers: path:line:col: severity: message [code]; notes are not findings", () => {
    expect(findings(GCC)).toBe("2 errors, 3 warnings; by code: -Wunused-parameter 2, -Wsign-compare 1");
  });

  it("tsc, plain and pretty: the code after the severity", () => {
    const plain = "src/index.ts(7,39): error TS2322: Type 'string' is not assignable to type 'number'.\nsrc/index.ts(8,43): error TS2554: Expected 1 arguments, but got 2.\nsrc/parse.ts(6,3): error TS2322: x\n";
    expect(findings(plain)).toBe("3 errors; by code: TS2322 2, TS2554 1");
    const pretty = "src/index.ts:7:39 - error TS2322: Type 'string' is not assignable.\n\n7   x\n\nsrc/parse.ts:6:3 - error TS2322: y\n\nFound 2 errors in 2 files.\n";
    expect(findings(pretty)).toBe("2 errors; by code: TS2322 2");
  });

  it("path(line, col) Severity: message, no colon after the place (nim, fpc); notes and calls are no findings", () => {
    const t =
      "Hint: used config file '/etc/nim/nim.cfg' [Conf]\n" +
      "src/billing.nim(1, 8) Warning: imported and not used: 'strutils' [UnusedImport]\n" +
      "src/catalog.nim(1, 18) Warning: imported and not used: 'tables' [UnusedImport]\n" +
      "src/billing.nim(4, 7) Hint: 'spare0' is declared but not used [XDeclaredButNotUsed]\n" +
      "billingunit.pas(7,37) Hint: Parameter \"Scale\" not used\n" +
      "billingunit.pas(16,3) Note: Local variable \"Tag\" not used\n" +
      "max(3, 4) is 4\n" +
      "range(1, 10) Warning: a call before a severity names no file\n";
    expect(findings(t)).toBe("2 warnings, 2 hints; by code: UnusedImport 2, XDeclaredButNotUsed 1");
  });

  it("Severity N [name]: message, placed on a line above the source it quotes (ocamlc); a severity alone is prose", () => {
    const t =
      "File \"src/pricing.ml\", line 18, characters 2-40:\n" +
      "18 |   | x :: y :: _ when x > y -> x - y\n" +
      "Warning 8 [partial-match]: this pattern-matching is not exhaustive.\n" +
      "File \"src/cart.ml\", line 7, characters 6-11:\n" +
      "Warning 26 [unused-var]: unused variable scale.\n" +
      "Warning 26 [unused-var]: unused variable total.\n" +
      "Warning: the cache is cold\n" +
      "Error 2 [x] is no finding: no colon after the name\n" +
      "Warning 3 [a] see [b]: a name ends at its first bracket\n" +
      "Warning 4 [two words]: a name holds no space\n";
    expect(findings(t)).toBe("3 warnings; by code: unused-var 2, partial-match 1");
  });

  it("eslint's stylish rows: line:col, severity, message, the rule closing the row", () => {
    const t =
      "/srv/src/routes/route03.js\n" +
      "  8:39  error  'next' is defined but never used  no-unused-vars\n" +
      "  9:7   error  Use the isNaN function to compare with NaN  use-isnan\n" +
      "  12:1  warning  Unexpected console statement  no-console\n" +
      "\n\u2716 3 problems (2 errors, 1 warning)\n";
    expect(findings(t)).toBe("2 errors, 1 warning; by code: no-unused-vars 1, use-isnan 1, no-console 1");
  });

  it("shellcheck's pointer lines, rustc's findings located on the next line", () => {
    const sc =
      "In zgrep line 25:\n" +
      "grep='${GREP-'\\''grep'\\''}'\n" +
      "     ^-------^ SC2016 (info): Expressions don't expand in single quotes.\n" +
      "In zgrep line 227:\n" +
      "        exit $r\n" +
      "             ^-- SC2086 (info): Double quote to prevent globbing and word splitting.\n" +
      "             ^-- SC2046 (warning): Quote this to prevent word splitting.\n";
    expect(findings(sc)).toBe("1 warning, 2 info; by code: SC2016 1, SC2086 1, SC2046 1");
    const rust =
      "error[E0308]: mismatched types\n  --> src/main.rs:24:4\n   |\n" +
      "error[E0308]: mismatched types\n  --> src/main.rs:33:38\n" +
      "warning: unused variable: `x`\n --> src/main.rs:3:9\n" +
      "error: could not compile `ledger` (bin \"ledger\") due to 2 previous errors; 1 warning emitted\n";
    expect(findings(rust)).toBe("2 errors, 1 warning; by code: E0308 2");
  });

  it("rules in parentheses, codes located on the next line", () => {
    const css = "src/a.css:3:10: warning: Unexpected unit (length-zero-no-unit)\nsrc/a.css:9:1: error: Unexpected empty block (block-no-empty)\n";
    expect(findings(css)).toBe("1 error, 1 warning; by code: length-zero-no-unit 1, block-no-empty 1");
    const ruff = "F401 [*] `os` imported but unused\n --> a.py:1:8\n  |\nE501 Line too long (99 > 88)\n --> a.py:3:89\n";
    expect(findings(ruff)).toBe("2 findings; by code: F401 1, E501 1");
    // Prose in parentheses is no code.
    expect(findings("ship.lua:3:5: error: attempt to index a nil value (field '?')\nship.lua:9:1: error: x (y z)\n")).toBe("2 errors");
  });

  it("linters without a severity: a code after the location, or a column at least", () => {
    expect(findings("a.py:1:1: F401 'os' imported but unused\nb.py:3:5: E302 expected 2 blank lines\nc.py:9:1: F401 'sys' imported\n")).toBe(
      "3 findings; by code: F401 2, E302 1",
    );
    expect(findings(repeat("email/_header_value_parser.py:#:5: undefined name 'x'", 5))).toBe("5 findings");
    // grep -n hits have no column: not findings.
    expect(findings(repeat("src/a.ts:#:const x = 1;", 5))).toBe("");
    // Rows of hex bytes (openssl x509 -text's modulus, cut from openssl-x509-text): "a0:a4:00:18:50:"
    // has a line and a column after "a0:a4", but no gap before what would be the message.
    expect(findings("    a0:a4:00:18:50:33:e6:5a:22:ba:06:b5:2b:7c:9c:\n    16:ad:31:c1:e0:fe:e6:9a:32:26:eb:b0:c1:c8:6f:\n    15:72:68:c8:08:50:e6:b2:76:4d:0f:12:37:a6:45:8f:e0:74:4a:6c\n")).toBe("");
  });

  it("a severity's initial after the location (rubocop's clang format): E and F errors, W warnings, C and R none", () => {
    // Lines of rubocop-ruby-gem, and an error and a fatal one as rubocop prints them.
    const t =
      "lib/shop/catalog.rb:2:3: C: Style/Documentation: Missing top-level documentation comment for class Shop::Catalog.\n" +
      "lib/shop/catalog.rb:39:7: W: Lint/RescueException: Avoid rescuing the Exception class.\n" +
      "lib/shop/catalog.rb:16:23: W: [Correctable] Lint/AmbiguousOperatorPrecedence: Wrap expressions with varying precedence.\n" +
      "lib/shop/catalog.rb:19:5: R: Metrics/AbcSize: Assignment Branch Condition size for total is too high.\n" +
      "lib/shop/catalog.rb:40:1: E: Lint/Syntax: unexpected token kEND\n" +
      "lib/shop/ledger.rb:1:1: F: Lint/Syntax: An error occurred while Style/For cop was inspecting it.\n";
    expect(findings(t).substring(0, 32)).toBe("2 errors, 2 warnings, 2 findings");
    // A capital and a colon that run on (a drive's path) or a word are no severity: the
    // column makes findings of no stated severity.
    expect(findings("a.txt:1:2: C:\\Windows not found\na.txt:3:4: Warn: ahead\n")).toBe("2 findings");
    // Another letter is no severity's: a FAQ's questions and answers under `grep -n` are no findings.
    expect(findings(repeat("docs/faq.md:#:Q: How do I reset the cache?", 3))).toBe("");
  });

  it("a code after `path:line` or `path:line:col` and a space, before its rule's name (markdownlint)", () => {
    // Lines of markdownlint-readmes: the column only where the finding has one, the code
    // joined to the rule's name by a '/'; the code counts, each file is named.
    const t =
      "docs/ajv.md:1:1 MD033/no-inline-html Inline HTML [Element: img]\n" +
      "docs/ajv.md:1 MD041/first-line-heading/first-line-h1 First line in a file should be a top-level heading\n" +
      "docs/ajv.md:21:2 MD033/no-inline-html Inline HTML [Element: img]\n" +
      "docs/cors.md:61 MD001/heading-increment Heading levels should only increment by one level at a time\n";
    expect(findings(t)).toBe("4 findings; by code: MD033 2, MD041 1, MD001 1");
    // The same locations before prose, or before a word that is no code: no findings.
    expect(findings(repeat("docs/a.md:# see the notes below", 3))).toBe("");
    expect(findings(repeat("docs/a.md:#:2 Inline/HTML here", 3))).toBe("");
    // A clock's time opens a log line like `line:col` with no file: no findings.
    expect(findings("12:30:45 ERROR worker 7 E102 stopped\n12:30:46 INFO worker 8 E103 started\n12:30:47 warning: slow\n")).toBe("");
  });

  it("a log level in brackets before the place: `[ERROR] path:line:col: message [Code]`", () => {
    // Lines of checkstyle-java-library: the level states the severity, the bracketed name
    // closing the line is the code. Checkstyle shortens a warning to `[WARN]`.
    const errors =
      "[ERROR] /src/shop/Stock.java:4:8: Unused import - java.io.IOException. [UnusedImports]\n" +
      "[ERROR] /src/shop/Stock.java:7:24: '7' is a magic number. [MagicNumber]\n" +
      "[ERROR] /src/shop/Tax.java:4:8: Unused import - java.io.IOException. [UnusedImports]\n";
    const t = errors + "[WARN] /src/shop/Tax.java:24: Line is longer than 80 characters (found 136). [LineLength]\n";
    expect(findings(t).substring(0, 74)).toBe("3 errors, 1 warning; by code: UnusedImports 2, MagicNumber 1, LineLength 1");
    // The level spelled out, and the place after more than one space.
    const spelled = errors + "[WARNING]  /src/shop/Tax.java:24: Line is longer than 80 characters (found 136). [LineLength]\n";
    expect(findings(spelled).substring(0, 74)).toBe("3 errors, 1 warning; by code: UnusedImports 2, MagicNumber 1, LineLength 1");
    // A level in brackets over a line that names no place, or a word in brackets that is no level: no findings.
    expect(findings(repeat("[ERROR] Failed to execute goal # on project shop", 3))).toBe("");
    expect(findings(repeat("[main] /src/a.java:#: started", 3))).toBe("");
  });

  it("under a small budget, codes named while they take 80 units, the first whatever its length (clang-tidy)", () => {
    const tidy =
      repeat("src/catalog.cpp:#:5: warning: use a trailing return type for this function [modernize-use-trailing-return-type]", 3) +
      repeat("src/ledger.cpp:#:12: warning: 42 is a magic number; consider replacing it with a named constant [readability-magic-numbers]", 3) +
      repeat("src/orders.cpp:#:30: warning: the parameter 'sku' is copied for each invocation but only used as a const reference [performance-unnecessary-value-param]", 2) +
      repeat("src/tax.cpp:#:9: warning: variable name 'r' is too short, expected at least 3 characters [readability-identifier-length]", 2);
    // 36 and 27 units with their separators fit 80; the third would take 37 more.
    expect(findingsLine(countFindings(tidy), true)).toBe("10 warnings; 4 codes: modernize-use-trailing-return-type 3, readability-magic-numbers 3, +2 more");
    // A larger budget names all four.
    expect(findings(tidy)).toBe("10 warnings; by code: modernize-use-trailing-return-type 3, readability-magic-numbers 3, performance-unnecessary-value-param 2, readability-identifier-length 2");
    const long = repeat("src/a.cpp:#:1: warning: x [cppcoreguidelines-pro-bounds-array-to-pointer-decay-and-then-some-more-words-long]", 2) + repeat("src/b.cpp:#:1: warning: y [misc-const]", 2);
    expect(findingsLine(countFindings(long), true)).toBe("4 warnings; 2 codes: cppcoreguidelines-pro-bounds-array-to-pointer-decay-and-then-some-more-words-long 2, +1 more");
  });

  it("nothing for one finding, prose, or a progress log", () => {
    expect(findings("a.c:3:5: error: boom\n")).toBe("");
    expect(findings("Compiling 12 crates\nerror handling is described in docs/errors.md\nwarning: this is prose without a location\n")).toBe("");
    expect(findings("")).toBe("");
  });
});

describe("records: commits, lines per commit, table rows", () => {
  it("a log's commits, one id each, with or without a graph", () => {
    const oneline = "* 7e2404d (HEAD -> main) orders: handle case 240\n* 9e38acc orders: handle case 239\n|\\\n| * a5ab7fd Merge branch 'feature/refunds'\n|/\n* 40f1a1a orders: handle case 237\n";
    expect(recordsLine(oneline)).toBe("4 commits");
    const full = "commit 18344c56cafc92bb9766962f0a5d93c4dd6251e2\nAuthor: A <a@example>\n\n    Fix host type error\n\ncommit 08668ccf56bdb1dea3d7c9719325da7dd51ea049\nAuthor: A <a@example>\n\n    Core\n";
    expect(recordsLine(full)).toBe("2 commits");
  });

  it("no commits where the ids rise line after line: offsets and addresses", () => {
    // od -Ad -c and pmap -x, as they print (od-c-crlf-export, pmap-x-python-service).
    const od = new Array<string>();
    for (let i = 0; i < 12; i++) od.push((i * 16).toString().padStart(7, "0") + "   i   d   ;   s   t   o   r   e");
    expect(recordsLine(od.join("\n") + "\n")).toBe("");
    const pmap = new Array<string>();
    for (let i = 0; i < 12; i++) pmap.push("000056552e8a" + (0x1000 + i * 0x1000).toString(16).padStart(4, "0") + "       4       4       0 r---- python3.11");
    expect(recordsLine(pmap.join("\n") + "\n")).toBe("");
    // Nine ids in rising order are offsets; one fall among them makes them a log's commits.
    const rising = ["0a1b2c3", "1b2c3d4", "2c3d4e5", "3d4e5f6", "4e5f6a7", "5f6a7b8", "6a7b8c9", "7b8c9d0", "8c9d0e1"];
    expect(recordsLine(rising.map<string>((id) => id + " fix").join("\n") + "\n")).toBe("");
    rising[4] = "04e5f6a";
    expect(recordsLine(rising.map<string>((id) => id + " fix").join("\n") + "\n")).toBe("9 commits");
    // A short log whose ids happen to rise is still a log.
    expect(recordsLine("1a2b3c4 one\n2b3c4d5 two\n3c4d5e6 three\n4d5e6f7 four\n")).toBe("4 commits");
  });

  it("blame: the same ids again and again are lines per commit", () => {
    const blame =
      repeat("^a8c09c6 (corpus            2023-12-04 12:00:00 +0000   #) x = #", 6) +
      repeat("00000000 (Not Committed Yet 2026-11-25 01:16:22 +0000 #) y", 2) +
      "1b2c3d4e (other 2024-01-01 10:00:00 +0000 99) z\n";
    expect(recordsLine(blame)).toBe("9 lines from 3 commits: ^a8c09c6 6, 00000000 2, 1b2c3d4e 1");
  });

  it("tables under a rule of two or more groups, to a blank line, a rule or a count in parentheses", () => {
    const pip = "Package                   Version\n------------------------- -----------\nannotated-types           0.7.0\nasttokens                 3.0.1\nattrs                     25.3.0\n";
    expect(recordsLine(pip)).toBe("table: 3 rows");
    const dpkg =
      "||/ Name           Version      Architecture Description\n" +
      "+++-==============-============-============-=================\n" +
      "ii  adduser        3.134        all          add and remove users and groups\n" +
      "ii  apt            2.6.1        amd64        commandline package manager\n";
    expect(recordsLine(dpkg)).toBe("table: 2 rows");
    const psql =
      "   month    |  status  | orders\n------------+----------+--------\n 2024-01-01 | failed   |    127\n 2024-01-01 | paid     |    135\n 2024-02-01 | failed   |    128\n(3 rows)\n\n" +
      " id | name\n----+------\n  1 | a\n  2 | b\n(2 rows)\n";
    expect(recordsLine(psql)).toBe("tables: 3, 2 rows");
    // Box drawing, as sqlite3 -box and many newer tools draw tables.
    const box =
      "\u250c\u2500\u2500\u2500\u2500\u252c\u2500\u2500\u2500\u2500\u2500\u2500\u2510\n" +
      "\u2502 id \u2502 name \u2502\n" +
      "\u251c\u2500\u2500\u2500\u2500\u253c\u2500\u2500\u2500\u2500\u2500\u2500\u2524\n" +
      "\u2502 1  \u2502 a    \u2502\n\u2502 2  \u2502 b    \u2502\n\u2502 3  \u2502 c    \u2502\n" +
      "\u2514\u2500\u2500\u2500\u2500\u2534\u2500\u2500\u2500\u2500\u2500\u2500\u2518\n";
    expect(recordsLine("SELECT 3;\n" + box)).toBe("table: 3 rows");
    // One row, then the closing border: the lines after it are no rows.
    expect(recordsLine("mysql> SELECT 1;\n+----+------+\n| id | name |\n+----+------+\n|  1 | a    |\n+----+------+\nnot a row\nnor this\n")).toBe("");
    // A grid table in pydoc's margin: its rows end at the margin's empty line.
    const grid =
      "     |  Performs the following translations:\n     |  +---------------+-------------------+\n     |  | JSON          | Python            |\n" +
      "     |  +===============+===================+\n     |  | object        | dict              |\n     |  +---------------+-------------------+\n" +
      "     |  | array         | list              |\n     |  +---------------+-------------------+\n     |  \n" +
      repeat("     |  __init__(self, #)", 40);
    expect(recordsLine(grid)).toBe("");
    // A divider of one run of dashes is not a table's rule (unittest, pytest).
    expect(recordsLine("Ran 12 tests\n----------------------------------------------------------------------\nOK\nline\nline\n")).toBe("");
  });
});

describe("totals in the command digest", () => {
  it("under the status line, whether the output is cut or fits", () => {
    const ctx = new DigestContext("bash", '{"command":"gcc -Wall -Wextra -c report.c"}', 1);
    const long = repeat("report.c:#:24: warning: unused parameter \u2018unused\u2019 [-Wunused-parameter]\n    # | int scale(int v, int unused) {", 300);
    const d = digestCommand(long, 800, ctx, "");
    expect(d.llm.length).toBeLessThanOrEqual(800);
    // Under a small budget the numbered cut's marker states the count of lines: the status leaves it out.
    expect(d.llm.startsWith("exit 1 \u00b7 300 warnings; by code: -Wunused-parameter 300\n")).toBe(true);
    expect(d.llm.includes(" of 600 lines shown, numbered")).toBe(true);
    const log = new DigestContext("bash", '{"command":"git log --oneline"}', 0);
    const fits = "7e2404d orders: handle case 240\n9e38acc orders: handle case 239\n";
    expect(digestCommand(fits, 4000, log, "").llm).toBe("exit 0 \u00b7 2 lines \u00b7 2 commits\n" + fits);
    expect(commandTotals(GCC + "\n" + "Package Version\n------- -------\na 1\nb 2\n")).toBe("2 errors, 3 warnings; by code: -Wunused-parameter 2, -Wsign-compare 1 \u00b7 table: 2 rows");
  });
});

// As `ip addr` prints them (ip-addr-netns): each entry numbered at the margin, its details indented.
const IP =
  "1: lo: <LOOPBACK,UP,LOWER_UP> mtu 65536 qdisc noqueue state UNKNOWN group default qlen 1000\n" +
  "    link/loopback 00:00:00:00:00:00 brd 00:00:00:00:00:00\n" +
  "    inet 127.0.0.1/8 scope host lo\n" +
  "2: br-app: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 1500 qdisc noqueue state UP group default qlen 1000\n" +
  "    inet 10.77.10.1/24 scope global br-app\n" +
  "3: br-db: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 1500 qdisc noqueue state UP group default qlen 1000\n" +
  "    inet 10.77.11.1/24 scope global br-db\n";

describe("numbered entries", () => {
  it("counts entries numbered 1, 2, 3 … at the margin", () => {
    expect(recordsLine(IP)).toBe("3 numbered entries");
    // Lines after the list that are not numbered (ip route) leave the count as it is.
    expect(recordsLine(IP + "10.77.10.0/24 dev br-app proto kernel scope link src 10.77.10.1\n")).toBe("3 numbered entries");
  });

  it("counts nothing when the numbers break their order or are too few", () => {
    expect(recordsLine(IP + "7: veth0: <BROADCAST> mtu 1500\n")).toBe("");
    expect(recordsLine("1: lo: <LOOPBACK>\n2: eth0: <BROADCAST>\n")).toBe("");
    // grep -n's "12:text" has no space after the colon: no entry.
    expect(recordsLine("1:a\n2:b\n3:c\n")).toBe("");
  });
});

describe("entries under a label", () => {
  it("counts the lines indented under a label, the hint set off by another indentation aside", () => {
    // As git status prints them (git-status-many-changes).
    const status =
      "On branch main\nChanges to be committed:\n  (use \"git restore --staged <file>...\" to unstage)\n" +
      repeat("\tmodified:   lib/asyncio/mod_#.py", 9) + "\n";
    expect(commandTotals(status)).toBe("Changes to be committed: 9 entries");
  });

  it("counts a tab-indented entry whose units are as many as its indentation's columns (bandit's run metrics)", () => {
    // "\t\tUndefined: 0.0" is 16 units, and its two tabs are 16 columns wide: an entry all the same, not a blank line.
    const metrics =
      "Run metrics:\n\tTotal issues (by severity):\n\t\tUndefined: 0.0\n\t\tLow: 12.0\n\t\tMedium: 0.0\n\t\tHigh: 0.0\n" +
      "\tTotal issues (by confidence):\n\t\tUndefined: 0.0\n\t\tLow: 0.0\n\t\tMedium: 1.0\n\t\tHigh: 11.0\nFiles skipped (0):\n";
    expect(commandTotals(metrics)).toBe("Run metrics: 8 entries");
  });

  it("counts nothing under a line that is no label or over too few entries", () => {
    // A traceback's heading has parentheses; a short list is counted at a glance.
    expect(commandTotals("Traceback (most recent call last):\n" + repeat("  File \"m#.py\", line #, in f", 9))).toBe("");
    expect(commandTotals("Files:\n" + repeat("  pkg/mod_#.py", 5))).toBe("");
  });
});

describe("rows under a header without a rule", () => {
  it("counts the rows that line up with the header (ss -tlnp, df -h)", () => {
    const ss =
      "State  Recv-Q Send-Q Local Address:Port Peer Address:PortProcess\n" +
      "LISTEN 0      16        10.77.10.1:8443      0.0.0.0:*    users:((\"python3\",pid=4132,fd=4))\n" +
      "LISTEN 0      16        10.77.11.1:5432      0.0.0.0:*    users:((\"python3\",pid=4132,fd=5))\n" +
      "LISTEN 0      16             [::1]:9101         [::]:*    users:((\"python3\",pid=4132,fd=9))\n";
    expect(recordsLine(ss)).toBe("table: 3 rows");
    const df =
      "Filesystem      Size  Used Avail Use% Mounted on\n" +
      "overlay          98G   61G   33G  65% /\n" +
      "tmpfs            64M     0   64M   0% /dev\n" +
      "/dev/sda1        98G   61G   33G  65% /etc/hosts\n" +
      "\n" +
      "done\n";
    expect(recordsLine(df)).toBe("table: 3 rows");
  });

  it("counts nothing under a capitalized line the next lines do not line up with", () => {
    const log =
      "Starting Build For Release\n" +
      "[12:00:01] compiling src/a.ts\n" +
      "[12:00:02] compiling src/b.ts\n" +
      "[12:00:03] compiling src/c.ts\n";
    expect(recordsLine(log)).toBe("");
  });
});

function dumps(text: string): string {
  return dumpsLine(readEachLine(text, new DumpBlocks()));
}

describe("dump blocks", () => {
  it("counts the blocks a dump opens with a numbered name and a colon (gdb, go, Python)", () => {
    // As gdb-thread-apply-all-bt prints them: the event line names a thread too, without the colon.
    const gdb =
      'Thread 19 "app" received signal SIGSEGV, Segmentation fault.\n' +
      repeat('Thread # (Thread 0x7fffec5ba6c0 (LWP 22995) "app"):\n#0  futex_wait () at futex-internal.h:146\n', 25);
    expect(dumps(gdb)).toBe("Thread blocks: 25");
    expect(dumps(repeat("goroutine # [chan receive]:\nexample.test/queue.(*Pool).work()\n", 35))).toBe("goroutine blocks: 35");
    expect(dumps(repeat("Thread 0x00007f3a#c0 (most recent call first):\n  File \"a.py\", line 3 in run\n", 4))).toBe("Thread blocks: 4");
  });

  it("counts nothing below three blocks or for words without a number", () => {
    expect(dumps(repeat("Thread # (Thread 0x1 (LWP 2)):\n", 2))).toBe("");
    expect(dumps(repeat("Changes not staged for commit:\n", 5))).toBe("");
    expect(dumps(repeat("Step #a of the build:\n", 5))).toBe("");
  });
});

function leads(text: string, stated: string = "", findings: bool = false): string {
  return leadsLine(readEachLine(text, new LineLeads()), stated, findings);
}

describe("lines that open with the same word", () => {
  it("counts the lines of each lead at the margin, quoting what they all open with", () => {
    // As prettier --check prints them (prettier-check-undici): one line per file, then a note.
    const prettier = "Checking formatting...\n" + repeat("[warn] lib/api/file-#.js", 11) + "[warn] Code style issues found in 11 files. Run Prettier with --write to fix.\n";
    expect(leads(prettier)).toBe('12 lines "[warn] \u2026"');
    // As patch prints them (patch-hunks-failed): the common start runs to the last whole word.
    // ("#" is repeat()'s counter: these hunks are numbered by hand.)
    const hunks = "Hunk #1 succeeded at 613.\nHunk #1 succeeded at 92.\nHunk #1 succeeded at 40 (offset 2 lines).\n";
    expect(leads(hunks + hunks + hunks)).toBe('9 lines "Hunk #1 succeeded at \u2026"');
    expect(leads(hunks + hunks + hunks + "Hunk #2 FAILED at 925.\n")).toBe('10 lines "Hunk \u2026"');
    // A quote in the common start ends the quoted part before it.
    expect(leads(repeat('File "m#.py", line #', 9))).toBe('9 lines "File \u2026"');
  });

  it("states a count once: another lead's or another total's", () => {
    // Two leads of 9 lines each say one number: the one of a word (patching) is stated.
    expect(leads(repeat("|diff -ruN old/m#.py new/m#.py\npatching file m#.py", 9))).toBe('9 lines "patching file \u2026"');
    // git status's entries are counted under their label (entries.ts).
    expect(leads(repeat("modified:   lib/m#.py", 9), "Changes to be committed: 9 entries")).toBe("");
    expect(leads(repeat("modified:   lib/m#.py", 9), "Changes to be committed: 19 entries")).toBe('9 lines "modified: \u2026"');
    // A count in a list of counts is stated; one inside a longer number is not.
    expect(leads(repeat("cc -c unit#.c -o unit#.o", 9), "9 warnings; by code: -Wunused-variable 9, -Wparentheses 9")).toBe("");
    expect(leads(repeat("cc -c unit#.c -o unit#.o", 9), "1,009 warnings; by code: -Wunused-variable 9,009")).toBe('9 lines "cc -c \u2026"');
  });

  it("states no count the output's closing lines state themselves", () => {
    // As black --check closes (black-check-stdlib-packages): its own total is read in its last lines.
    const black = repeat("would reformat lib/m#.py", 9);
    expect(leads(black + "\nOh no!\n9 files would be reformatted, 2 files would be left unchanged.\n")).toBe("");
    // As node --test closes its TAP report: "# tests 9" counts its subtests and "ok" lines.
    let tap = "TAP version 13\n";
    for (let i = 0; i < 9; i++) tap += "# Subtest: case " + i.toString() + "\nok - case " + i.toString() + "\n";
    expect(leads(tap)).toBe('9 lines "ok - case \u2026"');
    expect(leads(tap + "1..9\n# tests 9\n# pass 9\n")).toBe("");
    // A number inside a name is no total ("u9.o").
    expect(leads(repeat("gcc -c u#.c -o u#.o", 9) + "make: 'u9.o' is up to date.\n")).toBe('9 lines "gcc -c \u2026"');
    // A total more than 8 lines before the end is not read.
    expect(leads(black + "9 files would be reformatted\n" + repeat("#: done", 8))).toBe('9 lines "would reformat \u2026"');
  });

  it("never counts the lines that open with an error's level: they are not its errors", () => {
    // As Maven prints a failed compile (mvn-offline-compile-failure): 4 errors, in 13 "[ERROR]"
    // lines with the help around them; the "[INFO]" lines are counted.
    const mvn = repeat("[INFO] step #", 9) + repeat("[ERROR] /src/F#.java:[8,43] cannot find symbol", 4) + repeat("[ERROR] -> [Help #]", 9);
    expect(leads(mvn)).toBe('9 lines "[INFO] step \u2026"');
    expect(leads(repeat("error: cannot open f#.c", 9))).toBe("");
    // A warning's level is counted while no findings are (prettier's "[warn]" lines above).
    expect(leads(repeat("warning: unused f#", 9))).toBe('9 lines "warning: unused \u2026"');
    expect(leads(repeat("warning: unused f#", 9), "", true)).toBe("");
  });

  it("counts no lead of fewer than 8 lines, of signs, a number or a path, nor indented lines", () => {
    expect(leads(repeat("Auto-merging services/svc#.py", 7))).toBe("");
    expect(leads(repeat("| line #", 9) + repeat("#: entry", 9) + repeat("src/m#.c undefined reference to `f#'", 9))).toBe("");
    expect(leads(repeat("    at f# (a.js:#:1)", 9))).toBe("");
  });

  it("counts no lead whose lines say what its line before them said (a notice printed per item)", () => {
    const notices = "Hmm...  Looks like a unified diff to me...\n" + repeat("Hmm...  The next patch looks like a unified diff to me...\npatching file m#.py", 9);
    expect(leads(notices)).toBe('9 lines "patching file \u2026"');
    expect(leads(repeat("Using Plan A...\npatching file m#.py", 9))).toBe('9 lines "patching file \u2026"');
  });

  it("counts no severity when findings are stated: they count those lines their own way", () => {
    const clippy = repeat("warning: unused variable: `x#`", 9);
    expect(leads(clippy, "9 warnings", true)).toBe("");
    expect(leads(clippy, "", false)).toBe('9 lines "warning: unused variable: \u2026"');
  });

  it("counts no lead in a test run: its runner's totals count its tests", () => {
    // As cargo test prints them (runner-cargo-test-failures): "test result:" opens alike too.
    const cargo = repeat("test tests::case_# ... ok", 9) + "\ntest result: ok. 9 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.00s\n";
    expect(commandTotals(cargo)).toBe("");
    expect(leads(cargo)).toBe('10 lines "test \u2026"');
  });

  it("counts no lead that is the word of the dump blocks the totals count (gdb: 25 blocks, 26 lines)", () => {
    const gdb = 'Thread 19 "app" received signal SIGSEGV, Segmentation fault.\n' + repeat('Thread # (Thread 0x7fffec5ba6c0 (LWP 22995) "app"):\n#0  futex_wait () at futex-internal.h:146', 9);
    expect(commandTotals(gdb)).toBe("Thread blocks: 9");
    expect(leads(gdb)).toBe('10 lines "Thread \u2026"');
  });

  it("names two leads at most, the most lines first", () => {
    const merge = repeat("Auto-merging s#.py", 12) + repeat("CONFLICT (content): Merge conflict in s#.py", 9) + repeat("Removing s#.py", 8);
    expect(leads(merge)).toBe('12 lines "Auto-merging \u2026" \u00b7 9 lines "CONFLICT (content): Merge conflict in \u2026"');
    expect(commandTotals(merge)).toBe('12 lines "Auto-merging \u2026" \u00b7 9 lines "CONFLICT (content): Merge conflict in \u2026"');
  });
});

/** Reads each line's ending as the command digest's pass does (LineLeads.endingAt, every line that holds more than spaces). */
class EndingsReader {
  endings: LineLeads = new LineLeads();
  line(text: string, a: i32, b: i32): void {
    const t = gapEnd(text, a, b);
    if (t < b) this.endings.endingAt(text, t, b);
  }
}

function endings(text: string): string {
  return leadsLine(readEachLine(text, new EndingsReader()).endings, "", false);
}

describe("lines that end alike", () => {
  it("counts the verdict after each item's colon, quoted whole when every line ends with it", () => {
    // As `sha256sum -c` prints them (sha256sum-check-failed): the file, a colon, its verdict.
    expect(endings(repeat("./m#/app.py: OK", 9) + "./pay/app.py: FAILED\n")).toBe('9 lines "\u2026: OK"');
    // Alignment after the colon (`file`, file-types-git-core) is the separator too; a line that goes
    // on after the shared words (`git-remote-http`) leaves them cut back to a word's end.
    expect(endings(repeat("/usr/lib/git-core/git-#-add:     symbolic link to git", 8) + "/usr/lib/git-core/git-remote-https: symbolic link to git-remote-http\n")).toBe(
      '9 lines "\u2026: symbolic link to \u2026"',
    );
  });

  it("counts a verdict that closes its sentence with a full stop", () => {
    // As `python -m tabnanny -v` prints them: the file quoted, a colon, a sentence per file.
    const checked = repeat("'shop/m#.py': Clean bill of health.", 9) + "'shop/tax.py': *** Line 4: trouble in tab city! ***\n";
    expect(endings(checked)).toBe('9 lines "\u2026: Clean bill of health."');
    // A one-word verdict ends at its full stop too; a stop after no letter ends none (`…`, `v1.2.`).
    expect(endings(repeat("./m#.py: done.", 9))).toBe('9 lines "\u2026: done."');
    expect(endings(repeat("./m#.py: v1.#.", 9))).toBe("");
    expect(endings(repeat("./m#.py: ...", 9))).toBe("");
  });

  it("counts the words after a gap of spaces, the last column", () => {
    // As jdeps prints them (jdeps-package-not-found): package, arrow, dependency, where it is found.
    expect(endings(repeat("   com.google.inject#     -> com.google.common.base     not found", 8))).toBe('8 lines "\u2026 not found"');
  });

  it("states nothing for numbers, names, whole lines or a small part of the output", () => {
    // A number differs from line to line (git log: "orders: handle case 238").
    expect(endings(repeat("7e2404d orders: handle case #", 9))).toBe("");
    // A dotted name is an item, not a verdict (jdeps: "-> java.lang   java.base").
    expect(endings(repeat("   a#   -> java.lang   java.base", 9))).toBe("");
    // A verdict ends in a word: a quoted name or code ends in a sign (ld: "undefined reference to `f'").
    expect(endings(repeat("/usr/bin/ld: a#.o: undefined reference to `f'", 9))).toBe("");
    // An indented line that is all words has no item before a separator (`    fi`).
    expect(endings(repeat("    fi", 9))).toBe("");
    // A number before the separator counts the lines of a listing, not items (javap -c: `2: iadd`).
    expect(endings(repeat("       #: iadd", 9))).toBe("");
    // Eight verdicts among 72 lines end less than one line in eight.
    expect(endings(repeat("./m#.py: OK", 8) + repeat("line #", 64))).toBe("");
    expect(endings(repeat("./m#.py: OK", 9) + repeat("line #", 63))).toBe('9 lines "\u2026: OK"');
  });
});
