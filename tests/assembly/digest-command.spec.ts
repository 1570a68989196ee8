import { digestCommand } from "../../assembly/digest/command";
import { treeTopLevel } from "../../assembly/digest/command/tree";
import { DigestContext } from "../../assembly/digest/shared/types";
import { findRunnerSummaries, scanWithRunners } from "../../assembly/important/runners";
import { kindName } from "../../assembly/important/kinds";

// Runner lines below are written as each runner prints them (vitest, pytest,
// unittest and cargo were also checked on real captures in tests/host;
// jest, mocha and go are not installed on this machine).

function runner(text: string): string {
  const r = findRunnerSummaries(text);
  return r.runner + " p=" + r.passed.toString() + " f=" + r.failed.toString() + " s=" + r.skipped.toString() + " e=" + r.errors.toString() + " lines=" + r.lineNumbers.join(",");
}

/** A ctest test's name: "price_17_standard". */
function priceTest(k: i32): string {
  const kinds = ["zero", "reduced", "standard"];
  return "price_" + k.toString() + "_" + kinds[k % 3];
}

function addAll(to: string[], more: string[]): void {
  for (let i = 0; i < more.length; i++) to.push(more[i]);
}

/** `n` lines of progress, then `tail`. */
function withNoise(n: i32, tail: string): string {
  const parts = new Array<string>();
  for (let i = 0; i < n; i++) parts.push("compiling module " + i.toString() + " of the project tree");
  return parts.join("\n") + "\n" + tail;
}

const failed = new DigestContext("bash", '{"command":"npm test"}', 1);
const passed = new DigestContext("bash", '{"command":"make all"}', 0);

describe("test-runner summaries", () => {
  it("jest", () => {
    expect(runner("Test Suites: 1 failed, 3 passed, 4 total\nTests:       1 failed, 12 passed, 13 total\nSnapshots:   0 total\n")).toBe("jest p=12 f=1 s=-1 e=-1 lines=1,2");
  });

  it("vitest", () => {
    expect(runner(" Test Files  1 failed | 3 passed (4)\n      Tests  2 failed | 40 passed (42)\n   Start at  09:22:48\n")).toBe("vitest p=40 f=2 s=-1 e=-1 lines=1,2");
  });

  it("pytest, with its short summary block and -q", () => {
    const t = "=========================== short test summary info ============================\nFAILED t.py::test_a - assert 1 == 2\n==== 2 failed, 10 passed, 1 skipped in 0.12s ====\n";
    expect(runner(t)).toBe("pytest p=10 f=2 s=1 e=-1 lines=1,3");
    expect(runner("2 failed, 300 passed in 0.95s\n")).toBe("pytest p=300 f=2 s=-1 e=-1 lines=1");
    expect(runner("==== 1 passed, 1 error in 0.01s ====\n")).toBe("pytest p=1 f=0 s=-1 e=1 lines=1");
  });

  it("unittest", () => {
    expect(runner("----------------------------------------------------------------------\nRan 12 tests in 0.003s\n\nFAILED (failures=2, errors=1)\n")).toBe("unittest p=9 f=2 s=-1 e=1 lines=2,4");
    expect(runner("Ran 201 tests in 0.006s\n\nOK (skipped=1)\n")).toBe("unittest p=200 f=0 s=1 e=-1 lines=1,3");
    expect(runner("Ran 3 tests in 0.001s\n\nOK\n")).toBe("unittest p=3 f=0 s=-1 e=-1 lines=1,3");
  });

  it("go test", () => {
    const t = "=== RUN   TestAdd\n--- PASS: TestAdd (0.00s)\n=== RUN   TestSub\n--- FAIL: TestSub (0.00s)\n    calc_test.go:12: got 1\nFAIL\nFAIL\texample.com/calc\t0.004s\nok  \texample.com/util\t0.002s\n";
    expect(runner(t)).toBe("go test p=1 f=1 s=-1 e=-1 lines=4,6,7,8");
    expect(runner("ok  \texample.com/util\t0.002s\n")).toBe("go test p=-1 f=-1 s=-1 e=-1 lines=1");
  });

  it("cargo test, summed over its test binaries", () => {
    const t = "test result: FAILED. 3 passed; 1 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.01s\n\n   Doc-tests x\ntest result: ok. 2 passed; 0 failed; 1 ignored; 0 measured; 0 filtered out; finished in 0.20s\n";
    expect(runner(t)).toBe("cargo test p=5 f=1 s=1 e=-1 lines=1,4");
  });

  it("mocha", () => {
    expect(runner("\n  3 passing (12ms)\n  1 pending\n  1 failing\n")).toBe("mocha p=3 f=1 s=1 e=-1 lines=2,3,4");
  });

  it("phpunit, whose Tests line is not jest's", () => {
    // The closing lines of a real PHPUnit 10 run (phpunit-failures-errors).
    expect(runner("ERRORS!\nTests: 140, Assertions: 139, Errors: 1, Failures: 4.\n")).toBe("phpunit p=-1 f=4 s=-1 e=1 lines=2");
    expect(runner("FAILURES!\nTests: 9, Assertions: 9, Failures: 2, Skipped: 1.")).toBe("phpunit p=-1 f=2 s=1 e=-1 lines=2");
    expect(runner("WARNINGS!\nTests: 3, Assertions: 3, Warnings: 1.\n")).toBe("phpunit p=-1 f=0 s=-1 e=-1 lines=2");
    expect(runner("Tests:, none\n")).toBe("jest p=-1 f=-1 s=-1 e=-1 lines=1");
  });

  it("leaves a Ran line without unittest's verdict after it to no runner", () => {
    // The closing lines of clojure.test and luaunit runs that failed (clojure-test-failures,
    // luaunit-verbose-failures): no test passed by unittest's count.
    expect(runner("Ran 48 tests containing 48 assertions.\n2 failures, 1 errors.\n")).toBe(" p=-1 f=-1 s=-1 e=-1 lines=1");
    expect(runner("Ran 31 tests in 0.001 seconds, 28 successes, 2 failures, 1 error\n")).toBe(" p=-1 f=-1 s=-1 e=-1 lines=1");
    // A bare OK after other lines is no verdict of the Ran line.
    expect(runner("Ran 5 tests containing 5 assertions.\n0 failures, 0 errors.\nOK\n")).toBe(" p=-1 f=-1 s=-1 e=-1 lines=1");
  });

  it("unittest's other verdicts: no tests ran (Python 3.12), trial's PASSED", () => {
    expect(runner("Ran 0 tests in 0.000s\n\nNO TESTS RAN\n")).toBe("unittest p=0 f=0 s=-1 e=-1 lines=1,3");
    expect(runner("Ran 7 tests in 0.013s\n\nPASSED (successes=7)\n")).toBe("unittest p=7 f=0 s=-1 e=-1 lines=1,3");
  });

  it("ignores look-alikes", () => {
    expect(runner("Tests are great\nRan out of memory\nok then\n12 passengers\n")).toBe(" p=-1 f=-1 s=-1 e=-1 lines=");
  });

  it("flags summaries the scanner missed, in line order", () => {
    const t = "step\nok  \texample.com/util\t0.002s\nRan 3 tests in 0.001s\n\nOK\n";
    const scan = scanWithRunners(t, findRunnerSummaries(t));
    const parts = new Array<string>();
    for (let i = 0; i < scan.count; i++) parts.push(scan.lineNumbers[i].toString() + ":" + kindName(scan.kinds[i]));
    expect(parts.join(",")).toBe("2:summary,3:summary,5:summary");
  });
});

describe("CommandOutput digest", () => {
  it("returns what fits as it is, with facts and a summary", () => {
    const d = digestCommand("a\nb\n", 100, passed, "");
    expect(d.llm).toBe("a\nb\n");
    expect(d.summary).toBe("Ran make all (2 lines)");
    expect(d.facts).toBe('"exitCode":0,"lines":2,"errors":0,"warnings":0');
  });

  it("puts the status first and keeps the error and the runner summary", () => {
    const t = withNoise(400, "src/a.ts:3:1: error: boom\n" + withNoise(400, "Tests:       1 failed, 12 passed, 13 total\nDone.\n"));
    const d = digestCommand(t, 900, failed, "");
    expect(d.llm.length).toBeLessThanOrEqual(900);
    // A test run's totals are its runner's: the noise's 800 alike lines are not counted (leads.ts).
    // The count of lines is the marker's ("… of 803 lines shown, numbered"): the status leaves it out.
    expect(d.llm.startsWith("exit 1 \u00b7 jest: 1 failed, 12 passed (13 tests)\n")).toBe(true);
    expect(d.llm.includes(" of 803 lines shown, numbered")).toBe(true);
    expect(d.llm.includes("src/a.ts:3:1: error: boom")).toBe(true);
    expect(d.llm.includes("Tests:       1 failed, 12 passed, 13 total")).toBe(true);
    expect(d.summary).toBe("jest: 1 failed, 12 passed");
    expect(d.facts).toBe('"exitCode":1,"lines":803,"errors":2,"warnings":0,"runner":"jest","tests":{"passed":12,"failed":1}');
  });

  it("summarises a failure by its first error line", () => {
    const t = withNoise(300, "Traceback (most recent call last):\n  File \"x.py\", line 1\nValueError: bad value\n");
    const d = digestCommand(t, 600, new DigestContext("bash", '{"command":"python3 x.py"}', 1), "");
    expect(d.summary).toBe("Error: ValueError: bad value");
    expect(d.llm.includes("ValueError: bad value")).toBe(true);
  });

  it("writes exit 0 and no exit when unknown", () => {
    const t = withNoise(300, "all good\n");
    // Under a small budget a count of lines that opens the totals is stated against the output's.
    expect(digestCommand(t, 500, passed, "").llm.startsWith('exit 0 \u00b7 300 of 301 lines "compiling module \u2026"\n')).toBe(true);
    expect(digestCommand(t, 500, new DigestContext("bash", "{}", -1), "").llm.startsWith('301 lines \u00b7 300 lines "compiling module \u2026"\n')).toBe(true);
  });

  it("stays within budgets 0, 1 and tiny", () => {
    const t = withNoise(200, "error: x\n");
    for (let b = 0; b < 80; b++) expect(digestCommand(t, b, failed, "").llm.length).toBeLessThanOrEqual(b);
    expect(digestCommand(t, 0, failed, "").llm).toBe("");
  });

  it("handles empty input, CRLF, one huge line and identical lines", () => {
    expect(digestCommand("", 10, passed, "").llm).toBe("");
    expect(digestCommand("", 10, passed, "").summary).toBe("Ran make all (0 lines)");
    const crlf = withNoise(100, "").replaceAll("\n", "\r\n") + "Ran 3 tests in 0.1s\r\n\r\nOK\r\n";
    const c = digestCommand(crlf, 400, passed, "");
    expect(c.llm.length).toBeLessThanOrEqual(400);
    // Numbered under this budget: each line keeps its own CR.
    expect(c.llm.includes(": Ran 3 tests in 0.1s\r\n")).toBe(true);
    expect(c.llm.includes(": OK\r\n")).toBe(true);
    expect(c.summary).toBe("unittest: 3 passed");
    // d83d de00 repeated: a cut never splits the pair.
    const huge = "\uD83D\uDE00".repeat(50000);
    const h = digestCommand(huge, 300, passed, "");
    expect(h.llm.length).toBeLessThanOrEqual(300);
    const same = "same line\n".repeat(5000);
    expect(digestCommand(same, 300, passed, "").llm.length).toBeLessThanOrEqual(300);
  });

  it("appends the hint to its markers", () => {
    const d = digestCommand(withNoise(500, "done\n"), 600, passed, "; read more: offset={first}");
    expect(d.llm.includes("; read more: offset=")).toBe(true);
  });

  it("puts the status above a failed command's output that fits, never at the cost of its text", () => {
    const t = withNoise(3, "error: could not compile `ledger`\n");
    expect(digestCommand(t, 1000, failed, "").llm).toBe("exit 1 \u00b7 4 lines\n" + t);
    expect(digestCommand(t, 1000, passed, "").llm).toBe(t);
    // Too tight for both: the text alone.
    expect(digestCommand(t, t.length + 5, failed, "").llm).toBe(t);
  });

  it("names the top-level entries of a cut tree", () => {
    // Shaped like `npm ls --all` (npm 11).
    const parts = new Array<string>();
    parts.push("app@1.0.0 /work/app");
    const tops = ["@types/node@20.19.43", "fast-check@4.10.2", "typescript@5.9.3", "undici@7.30.2"];
    for (let k = 0; k < tops.length; k++) {
      parts.push((k == tops.length - 1 ? "\u2514\u2500\u252c " : "\u251c\u2500\u252c ") + tops[k]);
      for (let i = 0; i < 60; i++) parts.push((k == tops.length - 1 ? "  " : "\u2502 ") + "\u251c\u2500\u2500 dep-" + k.toString() + "-" + i.toString() + "@1.0.0 deduped");
    }
    const t = parts.join("\n") + "\n";
    const d = digestCommand(t, 1200, passed, "");
    expect(d.llm.length).toBeLessThanOrEqual(1200);
    expect(d.llm.startsWith("exit 0\ntop level (4): @types/node@20.19.43, fast-check@4.10.2, typescript@5.9.3, undici@7.30.2\n")).toBe(true);
    // ASCII trees (`tree --charset ascii`, `npm ls --unicode=false`), cut to a share with a count.
    const ascii = "+-- a@1\n|   `-- b@1\n+-- c@2\n`-- d@3\n    `-- e@1\n";
    expect(treeTopLevel(ascii, 200)).toBe("top level (3): a@1, c@2, d@3");
    expect(treeTopLevel(ascii, 40)).toBe("top level (3): a@1, +2 more");
    // A flat list or one entry is no tree; nor is a diff's "+-- x" line without nesting.
    expect(treeTopLevel("\u251c\u2500\u2500 a\n\u2514\u2500\u2500 b\n", 200)).toBe("");
    expect(treeTopLevel("\u2514\u2500\u252c a\n  \u2514\u2500\u2500 b\n", 200)).toBe("");
    expect(treeTopLevel("", 200)).toBe("");
  });

  it("under a small budget keeps a failure's report before the progress line naming it", () => {
    // Shaped like `python3 -m unittest -v` (tests/fixtures/corpus/unittest-verbose-failures).
    const lines = new Array<string>();
    const progress = (name: string, status: string): string => name + " (test_money.MoneyTest." + name + ") ... " + status;
    lines.push(progress("test_parse_amount_comma", "ERROR"));
    for (let i = 1; i <= 60; i++) lines.push(progress("test_split_" + (1000 + i).toString().substring(1), "ok"));
    lines.push(progress("test_split_never_negative", "ERROR"));
    for (let i = 1; i <= 60; i++) lines.push(progress("test_to_cents_" + (1000 + i).toString().substring(1), "ok"));
    lines.push(progress("test_vat_rounding", "FAIL"));
    const rule = "======================================================================";
    const dash = "----------------------------------------------------------------------";
    const file = '  File "/tmp/abridge-corpus/unittest-verbose-failures/';
    addAll(lines, ["", rule, "ERROR: test_parse_amount_comma (test_money.MoneyTest.test_parse_amount_comma)", dash, "Traceback (most recent call last):"]);
    addAll(lines, [file + 'test_money.py", line 374, in test_parse_amount_comma', '    self.assertEqual(money.parse_amount("12,50 EUR"), (1250, "EUR"))']);
    addAll(lines, [file + 'money.py", line 6, in to_cents', "    return int((Decimal(text) * 100).quantize(Decimal(1), rounding=ROUND_HALF_EVEN))"]);
    addAll(lines, ["decimal.InvalidOperation: [<class 'decimal.ConversionSyntax'>]", "", rule]);
    addAll(lines, ["ERROR: test_split_never_negative (test_money.MoneyTest.test_split_never_negative)", dash, "Traceback (most recent call last):"]);
    addAll(lines, [file + 'money.py", line 10, in split', "    base, rest = divmod(cents, parts)", "ZeroDivisionError: integer division or modulo by zero", "", rule]);
    addAll(lines, ["FAIL: test_vat_rounding (test_money.MoneyTest.test_vat_rounding)", dash, "Traceback (most recent call last):"]);
    addAll(lines, [file + 'test_money.py", line 368, in test_vat_rounding', '    self.assertEqual(money.vat(1999, "19"), 380)', "AssertionError: 379 != 380", ""]);
    addAll(lines, [dash, "Ran 123 tests in 0.007s", "", "FAILED (failures=1, errors=2)", ""]);
    const t = lines.join("\n");
    const ctx = new DigestContext("bash", '{"command":"python3 -m unittest -v"}', 1);
    const d = digestCommand(t, 800, ctx, "read more: abridge_read id=unittest-verbose-failures offset=2");
    expect(d.llm.length).toBeLessThanOrEqual(800);
    const reports = ["ERROR: test_parse_amount_comma (test_money.MoneyTest.test_parse_amount_comma)", "decimal.InvalidOperation: [<class 'decimal.ConversionSyntax'>]", "ERROR: test_split_never_negative (test_money.MoneyTest.test_split_never_negative)", "ZeroDivisionError: integer division or modulo by zero", "FAIL: test_vat_rounding (test_money.MoneyTest.test_vat_rounding)", "AssertionError: 379 != 380"];
    for (let i = 0; i < reports.length; i++) expect(d.llm.includes(reports[i])).toBe(true, reports[i]);
  });

  it("under a small budget offers a closing list that only names failures again after their messages", () => {
    // Shaped like `ctest --output-on-failure` (tests/fixtures/corpus/ctest-output-on-failure):
    // 48 tests, each a "Start" line and a result line; tests 17, 31 and 44 fail, each result
    // followed by its message ("FAIL: …") and a line of context. The closing list names the
    // three again: "\t 17 - price_17_standard (Failed)" holds the name of "17/48 Test #17:
    // price_17_standard …***Failed" and a bracketed status besides, so it says nothing new
    // and waits behind every repeat; the three messages (one message, three copies) fit.
    // Offered before them, the list took the room of the last message (line 96).
    const lines = new Array<string>();
    const failing = [17, 31, 44];
    const messages = ["FAIL: gross(729, 19) = 868, expected 869", "FAIL: gross(1247, 7) = 1334, expected 1335", "FAIL: gross(1728, 19) = 2056, expected 2057"];
    const contexts = ["pricing 729 cents at 19%", "pricing 1247 cents at 7%", "pricing 1728 cents at 19%"];
    lines.push("Test project /tmp/build");
    for (let k = 1; k <= 48; k++) {
      const name = priceTest(k);
      lines.push("      Start " + k.toString() + ": " + name);
      const f = failing.indexOf(k);
      const head = k.toString() + "/48 Test #" + k.toString() + ": " + name + " " + ".".repeat(32 - name.length) + (f >= 0 ? "***Failed" : "   Passed") + "    0.00 sec";
      lines.push(head);
      if (f >= 0) addAll(lines, [messages[f], contexts[f], ""]);
    }
    addAll(lines, ["", "94% tests passed, 3 tests failed out of 48", "", "Total Test time (real) =   0.14 sec", "", "The following tests FAILED:"]);
    for (let j = 0; j < 3; j++) lines.push("\t " + failing[j].toString() + " - " + priceTest(failing[j]) + " (Failed)");
    lines.push("Errors while running CTest");
    const t = lines.join("\n") + "\n";
    const ctx = new DigestContext("bash", '{"command":"ctest --output-on-failure"}', 8);
    const d = digestCommand(t, 800, ctx, "read more: abridge_read id=ctest-output-on-failure offset=1");
    expect(d.llm.length).toBeLessThanOrEqual(800);
    for (let j = 0; j < 3; j++) expect(d.llm.includes(messages[j])).toBe(true, messages[j]);
    expect(d.llm.includes("The following tests FAILED:")).toBe(true);
  });

  it("leaves out a cut tree's top level when a failed command's error lines need the room", () => {
    // Shaped like `npm ls --all` failing with invalid packages (tests/fixtures/corpus/npm-ls-all).
    const parts = new Array<string>();
    parts.push("abridge@0.1.0 /work/main");
    const tops = ["@as-pect/cli@8.1.0", "@bytecodealliance/jco@1.35.0", "@google/gemini-cli-core@0.61.0", "@mariozechner/pi-coding-agent@0.73.1"];
    for (let k = 0; k < tops.length; k++) {
      parts.push((k == tops.length - 1 ? "\u2514\u2500\u252c " : "\u251c\u2500\u252c ") + tops[k]);
      for (let i = 0; i < 60; i++) parts.push((k == tops.length - 1 ? "  " : "\u2502 ") + "\u251c\u2500\u2500 dep-" + k.toString() + "-" + i.toString() + "@1.0.0 deduped");
    }
    const errors = [
      "npm error code ELSPROBLEMS",
      "npm error invalid: @modelcontextprotocol/sdk@1.23.0 /work/main/node_modules/@modelcontextprotocol/sdk",
      "npm error invalid: @opentelemetry/exporter-trace-otlp-http@0.218.0 /work/main/node_modules/@opentelemetry/exporter-trace-otlp-http",
      "npm error invalid: @opentelemetry/resources@2.7.1 /work/main/node_modules/@opentelemetry/resources",
      "npm error invalid: @opentelemetry/sdk-trace-base@2.7.1 /work/main/node_modules/@opentelemetry/sdk-trace-base",
      "npm error A complete log of this run can be found in: /root/.npm/_logs/2026-11-22T08_57_52_316Z-debug-0.log",
    ];
    const t = parts.join("\n") + "\n" + errors.join("\n") + "\n";
    const ctx = new DigestContext("bash", '{"command":"npm ls --all"}', 1);
    const hint = "read more: abridge_read id=npm-ls-all offset=1";
    const d = digestCommand(t, 800, ctx, hint);
    expect(d.llm.length).toBeLessThanOrEqual(800);
    expect(d.llm.includes("top level (4)")).toBe(false);
    for (let i = 0; i < errors.length; i++) expect(d.llm.includes(errors[i])).toBe(true, errors[i]);
    // With room for both, the top level stays.
    expect(digestCommand(t, 2000, ctx, hint).llm.includes("top level (4)")).toBe(true);
  });
});
