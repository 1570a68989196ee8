import { keepImportant } from "../../assembly/important";
import { findRepeats } from "../../assembly/important/repeats";
import { isAssertion, isFrame, isLibraryFrame } from "../../assembly/important/frames";
import { refined, shapesOf } from "./support/refined";

/** A TAP stream: `n` passing tests, with failing ones after test `failAfter`. */
function tap(n: i32, failAfter: i32, failing: string[]): string {
  const parts = new Array<string>();
  parts.push("TAP version 13");
  for (let i = 1; i <= n; i++) {
    parts.push("ok " + i.toString() + " - reserve leaves " + i.toString() + " of " + (i + 5).toString());
    if (i == failAfter) {
      for (let k = 0; k < failing.length; k++) parts.push("not ok " + (n + k + 1).toString() + " - " + failing[k]);
    }
  }
  parts.push("1.." + (n + failing.length).toString());
  return parts.join("\n") + "\n";
}

function count(haystack: string, needle: string): i32 {
  let n = 0;
  let at = haystack.indexOf(needle);
  while (at >= 0) {
    n++;
    at = haystack.indexOf(needle, at + needle.length);
  }
  return n;
}

describe("line shapes", () => {
  it("finds the line whose status token breaks its column's rhythm", () => {
    const t = tap(120, 60, ["slug strips accents"]);
    const s = shapesOf(t);
    // Line 1 is "TAP version 13"; test 60 is line 61, the "not ok" line 62.
    expect(s.deviation(61)).toBeGreaterThan(0);
    expect(s.deviation(61, true)).toBeGreaterThan(100);
    expect(s.deviation(10)).toBe(0);
    expect(s.regularRow(10)).toBe(true);
    expect(s.regularRow(61)).toBe(false);
  });

  it("finds a first word that a tenth of its column's main word holds, though more than a sixteenth of the lines", () => {
    // Lines 0–49: "dangling blob <n>"; lines 50–54: "missing blob <n>"; lines 55–59: "dangling commit <n>".
    // Five "missing" lines of sixty are more than rareMax(60) = 3, but fifty-five "dangling" lines hold
    // ten times as many: the column keeps a rhythm and "missing" breaks it.
    const parts = new Array<string>();
    for (let i = 0; i < 50; i++) parts.push("dangling blob " + (1000 + i).toString());
    for (let i = 0; i < 5; i++) parts.push("missing blob " + (2000 + i).toString());
    for (let i = 0; i < 5; i++) parts.push("dangling commit " + (3000 + i).toString());
    const s = shapesOf(parts.join("\n") + "\n");
    expect(s.deviation(52, true)).toBe(60);
    expect(s.deviation(10)).toBe(0);
    expect(s.deviation(57, true)).toBe(0);
  });

  it("takes no first word with a digit as rare by that tenth: numbers are places and ids, not words", () => {
    // Lines 0–49: "--- PASS: Test<n>"; lines 50–54: "file_test.go:<n>: …", one number class of five lines,
    // more than rareMax(55) = 3: they break no rhythm, though fifty lines start with "---".
    const parts = new Array<string>();
    for (let i = 0; i < 50; i++) parts.push("--- PASS: Test" + i.toString() + " (0.00s)");
    for (let i = 0; i < 5; i++) parts.push("file_test.go:" + (80 + i).toString() + ": got wrong value");
    const s = shapesOf(parts.join("\n") + "\n");
    expect(s.deviation(52, true)).toBe(0);
  });

  it("finds no rhythm in prose", () => {
    const words = ["the", "a", "every", "one", "some", "this", "that", "each", "any", "no"];
    const nouns = ["file", "line", "test", "value", "option", "shell", "user", "path", "word", "name", "mode", "flag"];
    const parts = new Array<string>();
    for (let i = 0; i < 200; i++) parts.push(words[i % 10] + " " + nouns[(i * 7) % 12] + " " + nouns[(i * 5) % 11] + " is read when " + words[(i * 3) % 10] + " " + nouns[i % 12] + " changes");
    const s = shapesOf(parts.join("\n") + "\n");
    let deviating = 0;
    for (let i = 0; i < s.count; i++) if (s.deviation(i, true) > 0) deviating++;
    expect(deviating).toBe(0);
  });

  it("masks numbers, addresses and ids in a line's template", () => {
    const s = shapesOf("#0 0x7fffec5ba6c0 in worker (arg=0x17) at workers.c:13\n#0 0x7fffed5bc6c0 in worker (arg=0x15) at workers.c:13\n#0 0x7fffed5bc6c0 in main () at main.c:3\n");
    expect(s.sameTemplate(0, 1)).toBe(true);
    expect(s.sameTemplate(0, 2)).toBe(false);
  });

  it("marks lines labelled SUMMARY:", () => {
    const s = shapesOf("x\nSUMMARY: AddressSanitizer: heap-use-after-free /src/a.c:32 in main\n==7== LEAK SUMMARY:\nsummary: prose\n");
    expect(s.labelled.join(",")).toBe("1,2");
  });
});

describe("refined scan", () => {
  it("adds the lines that break the rhythm as notable, and a SUMMARY line as a summary", () => {
    const parts = new Array<string>();
    for (let i = 0; i < 200; i++) parts.push("loaded record " + (1000 + i).toString() + " item-" + i.toString() + " qty=" + (i % 30).toString());
    parts.push("==21355==ERROR: AddressSanitizer: heap-use-after-free on address 0x602000003210");
    parts.push("READ of size 1 at 0x602000003210 thread T0");
    parts.push("    #0 0x561ed148a68e in main /src/store.c:32");
    parts.push("SUMMARY: AddressSanitizer: heap-use-after-free /src/store.c:32 in main");
    parts.push("==21355==ABORTING");
    const r = refined(parts.join("\n") + "\n", 1);
    expect(r.includes("201:error")).toBe(true);
    expect(r.includes("202:notable")).toBe(true);
    expect(r.includes("204:summary")).toBe(true);
  });

  it("drops a keyword that is a word of a table row's free text", () => {
    const parts = new Array<string>();
    for (let i = 0; i < 60; i++) parts.push("ii  libpkg" + i.toString() + ":amd64   1.0-" + i.toString() + "   amd64   shared library for package " + i.toString());
    parts.push("ii  libasan:amd64   12.2.0-14   amd64   AddressSanitizer -- a fast memory error detector");
    parts.push("ii  libcom-err2:amd64   1.47.0-2   amd64   common error description library");
    expect(refined(parts.join("\n") + "\n", 0)).toBe("");
  });

  it("keeps a keyword that is a constant of every row, or a status in a column of its own", () => {
    const parts = new Array<string>();
    for (let i = 0; i < 20; i++) parts.push("src/m" + i.toString() + ".ts:" + i.toString() + ":3 - error TS2322: Type 'string' is not assignable to type 'number'.");
    expect(refined(parts.join("\n") + "\n", 2).split(",").length).toBe(20);
    const log = new Array<string>();
    for (let i = 0; i < 60; i++) log.push("2024-03-14 08:41:" + (10 + (i % 50)).toString() + " INFO http GET /api/orders/" + i.toString() + " 200");
    log.push("2024-03-14 08:44:52 ERROR http GET /api/orders/712 500 could not acquire a connection");
    expect(refined(log.join("\n") + "\n", 0)).toBe("61:error");
  });

  it("drops an error word mid-sentence when the command succeeded, not when it failed", () => {
    const t = "NAME\n       tar - an archiving utility\nDESCRIPTION\n       It reports an error when the archive is damaged and stops.\n";
    expect(refined(t, 0)).toBe("");
    expect(refined(t, 2)).toBe("4:error");
    // A status glued to punctuation stays a status.
    expect(refined("---- Test generated error; Return code was: 1\n", 0)).toBe("1:error");
  });

  it("drops a status word that is a cell of a ruled table's rows, and keeps the error after the table (psql)", () => {
    // The shape of tests/fixtures/corpus/psql-script-error: rows under a header and its rule.
    const parts = new Array<string>();
    parts.push("   month    |  status  | orders |  cents  ");
    parts.push("------------+----------+--------+---------");
    const statuses = ["failed  ", "paid    ", "refunded", "shipped "];
    for (let m = 1; m <= 6; m++) for (let k = 0; k < 4; k++) parts.push(" 2024-0" + m.toString() + "-01 | " + statuses[k] + " |    12" + k.toString() + " | 63" + m.toString() + "8859");
    parts.push("(24 rows)");
    parts.push("");
    parts.push("psql:report.sql:4: ERROR:  column o.totl_cents does not exist");
    expect(refined(parts.join("\n") + "\n", 0)).toBe("29:error");
  });

  it("drops a keyword that only names something, and keeps the status a line states after it", () => {
    // pyflakes (tests/fixtures/corpus/pyflakes-stdlib-email): a quoted name after a location,
    // a module of a dotted name in a list: warnings about names, not errors.
    const names = "asyncio/__init__.py:28:12: 'exceptions' may be undefined, or defined from star imports: .base_events, .exceptions\n" +
      "asyncio/__init__.py:29:12: 'futures' may be undefined, or defined from star imports: .exceptions, .futures\n" +
      "xml/sax/__init__.py:24:1: '._exceptions.SAXException' imported but unused\n";
    expect(refined(names, -1)).toBe("");
    // In a failed run those lines, most of its lines, each a location and a message with no
    // label, are its findings: its error lines (located-lines.ts).
    expect(refined(names, 1)).toBe("1:error,2:error,3:error");
    // A field's value or key is a status: line 1 and line 2.
    expect(refined("{\"level\": \"error\", \"job\": 1207}\n  \"error\": {\n", 0)).toBe("1:error,2:error");
    // The type an error is reported as, glued to its colon.
    expect(refined("json.decoder.JSONDecodeError: Expecting value: line 1 column 1 (char 0)\n", 1)).toBe("1:error");
    // A name in the location, then the status: the later keyword decides.
    expect(refined("src/errors.ts:3:1 - error TS2304: Cannot find name 'x'.\n", 2)).toBe("1:error");
  });

  it("drops a keyword that a verb before it turns off: advice on hiding a finding, not one", () => {
    // clang's note under its warning, splint's advice under its finding; exit 0, so that no
    // last line is taken for the outcome.
    expect(refined("src/tax.cpp:40:15: note: place parentheses around the assignment to silence this warning\n", 0)).toBe("");
    expect(refined("  A possibly null pointer is passed. (Use -nullpass to inhibit warning)\n", 0)).toBe("");
    // A warning that something was suppressed, or disabled, is still one.
    expect(refined("warning: 3 diagnostics suppressed\nwarning: cache disabled\n", 0)).toBe("1:warning,2:warning");
    // The verb is the whole token before the keyword: one that only ends in it, longer than any
    // verb or glued to a sign, turns nothing off.
    expect(refined("  A possibly null pointer is passed. (Use -nullpass to uninhibit warning)\n", 0)).toBe("1:warning");
    expect(refined("  A possibly null pointer is passed. (Use -nullpass to -inhibit warning)\n", 0)).toBe("1:warning");
    expect(refined("  A possibly null pointer is passed. (Use -nullpass to silence these warning)\n", 0)).toBe("");
  });

  it("drops a keyword quoted in a code excerpt under a diagnostic", () => {
    const t = "  ● reserve takes the last unit\n\n    RangeError: insufficient stock\n\n    > 10 |   if (qty > have) throw new RangeError(`insufficient`);\n         |                         ^\n";
    expect(refined(t, 1)).toBe("3:error");
  });

  it("keeps a keyword that fills the cell after a line number in a table of findings", () => {
    // A coding-standard checker's report per file: line | severity | message.
    const t =
      "FILE: /srv/shop/src/Tax.php\n" +
      "----------------------------------------------------------------------\n" +
      "FOUND 2 ERRORS AND 1 WARNING AFFECTING 2 LINES\n" +
      "----------------------------------------------------------------------\n" +
      " 14 | ERROR   | [x] Opening brace should be on a new line\n" +
      " 16 | ERROR   | [x] Expected 1 space(s) after FOREACH keyword; 0 found\n" +
      " 21 | WARNING | [ ] Line exceeds 120 characters; contains 127 characters\n";
    expect(refined(t, 2)).toBe("3:summary,5:error,6:error,7:warning");
    // Code quoted under a diagnostic stays code, though a keyword stands between bars in it.
    const code = "src/flags.c:12:5: error: 'FATAL' undeclared\n   12 |     int f = WARN | ERROR | FATAL;\n";
    expect(refined(code, 1)).toBe("1:error");
    // A keyword opening quoted code is the code's too: indented, or followed by an operator.
    const opening = (line: string): string => "src/job.ts:13:5: error: the job failed\n" + line + "\n";
    expect(refined(opening("   11 |     ERROR |"), 1)).toBe("1:error");
    expect(refined(opening("   11 | failed ||"), 1)).toBe("1:error");
    expect(refined(opening("   11 | error |= check(a);"), 1)).toBe("1:error");
  });
});

// pytest's failure report (tests/fixtures/corpus/pytest-failures): "E" padded to a
// column opens every line of what failed, with or without an error word.
function pytestReport(): string {
  return [
    "    def test_vat_rounding():",
    ">       assert vat(1999, \"19\") == 380",
    "E       AssertionError: assert 379 == 380",
    "E        +  where 379 = <function vat at 0x7fe4>(1999, '19')",
    "",
    "test_money.py:529: AssertionError",
    "    def test_parse_amount_comma():",
    ">       assert parse_amount(\"12,50\") == Decimal(\"12.50\")",
    "E       decimal.InvalidOperation: [<class 'decimal.ConversionSyntax'>]",
    "",
    "money.py:4: InvalidOperation",
    "E       ZeroDivisionError: integer division or modulo by zero",
    "",
  ].join("\n");
}

describe("margin markers of error lines", () => {
  it("flags a line with the marker most error lines carry, whatever it says", () => {
    const r = refined(pytestReport(), 1);
    expect(r.includes("9:error")).toBe(true);
    // The same letter padded to another column is the assertion's explanation, not an error.
    expect(r.includes("4:")).toBe(false);
  });

  it("needs two error lines with the marker, and them to be half of its lines at least", () => {
    const one = pytestReport().replace("E       ZeroDivisionError: integer division or modulo by zero", "").replace("E       AssertionError: assert 379 == 380", "        assert 379 == 380");
    expect(refined(one, 1).includes("9:")).toBe(false);
    const many = pytestReport() + "\nE       one\nE       two\nE       three\nE       four\n";
    expect(refined(many, 1).includes("9:")).toBe(false);
  });
});

describe("failure blocks", () => {
  it("keeps the line that closes a long trace at a small budget", () => {
    const parts = new Array<string>();
    for (let i = 0; i < 300; i++) parts.push("test_settings.py::test_port_" + i.toString() + " PASSED");
    parts.push("Traceback (most recent call last):");
    for (let i = 0; i < 30; i++) {
      parts.push("  File \"/usr/lib/python3.11/site-packages/pluggy/_callers.py\", line " + (100 + i).toString() + ", in _multicall");
      parts.push("    res = hook_impl.function(*args)");
    }
    parts.push("  File \"/usr/lib/python3.11/json/decoder.py\", line 355, in raw_decode");
    parts.push("    raise JSONDecodeError(\"Expecting value\", s, err.value) from None");
    parts.push("json.decoder.JSONDecodeError: Expecting value: line 1 column 1 (char 0)");
    for (let i = 0; i < 100; i++) parts.push("test_settings.py::test_host_" + i.toString() + " PASSED");
    const t = parts.join("\n") + "\n";
    // The source line a frame quotes is code, not a diagnostic.
    const r = refined(t, 1);
    expect(r.includes("363:error")).toBe(false);
    expect(r.includes("364:error")).toBe(true);
    const out = keepImportant(t, 800, 0.6, "");
    expect(out.length).toBeLessThanOrEqual(800);
    expect(out.includes("Traceback (most recent call last):\n")).toBe(true);
    expect(out.includes("json.decoder.JSONDecodeError: Expecting value: line 1 column 1 (char 0)")).toBe(true);
  });

  it("tells frames, library frames and assertions apart", () => {
    const frame = "    at reserve (file:///work/shop/src/inventory.mjs:10:25)";
    const lib = "    at process.processImmediate (node:internal/timers:483:21)";
    expect(isFrame(frame, 0, frame.length)).toBe(true);
    expect(isLibraryFrame(frame, 0, frame.length)).toBe(false);
    expect(isFrame(lib, 0, lib.length)).toBe(true);
    expect(isLibraryFrame(lib, 0, lib.length)).toBe(true);
    const py = "  File \"/usr/lib/python3.11/json/decoder.py\", line 353, in raw_decode";
    expect(isFrame(py, 0, py.length) && isLibraryFrame(py, 0, py.length)).toBe(true);
    const java = "       shop.CartTest.discountTenPercent(CartTest.java:138)";
    expect(isFrame(java, 0, java.length) && !isLibraryFrame(java, 0, java.length)).toBe(true);
    const prose = "the build finished in 3.2s";
    expect(isFrame(prose, 0, prose.length)).toBe(false);
    const cases: string[] = ["    Expected: 2379", "2378 !== 2379", "  left: 379", "==> expected: <1800> but was: <1799>"];
    for (let i = 0; i < cases.length; i++) expect(isAssertion(cases[i], 0, cases[i].length)).toBe(true);
    const code = "    expect(received).toEqual(expected) // deep equality";
    expect(isAssertion(code, 0, code.length)).toBe(false);
  });

  it("keeps the frame that names the user's file and the expected/actual lines at a small budget", () => {
    const parts = new Array<string>();
    for (let i = 0; i < 300; i++) parts.push("  \u2713 reserve leaves " + i.toString() + " of " + (i + 5).toString() + " (1 ms)");
    parts.push("  \u25cf priceWithVat rounds half to even cents");
    parts.push("");
    parts.push("    AssertionError: expected values to be strictly equal");
    parts.push("    Expected: 2379");
    parts.push("    Received: 2378");
    for (let i = 0; i < 12; i++) parts.push("      at Module._compile (node:internal/modules/cjs/loader:" + (1000 + i).toString() + ":14)");
    parts.push("      at priceWithVat (src/inventory.js:22:9)");
    for (let i = 0; i < 12; i++) parts.push("      at Object.<anonymous> (node_modules/jest-circus/build/run.js:" + (100 + i).toString() + ":3)");
    for (let i = 0; i < 40; i++) parts.push("  \u2713 parseQty reads " + i.toString());
    const t = parts.join("\n") + "\n";
    const out = keepImportant(t, 800, 0.6, "; read more: x offset={first}");
    expect(out.length).toBeLessThanOrEqual(800);
    expect(out.includes("AssertionError: expected values to be strictly equal")).toBe(true);
    expect(out.includes("    Expected: 2379")).toBe(true);
    expect(out.includes("    Received: 2378")).toBe(true);
    expect(out.includes("at priceWithVat (src/inventory.js:22:9)")).toBe(true);
    expect(out.includes("\u25cf priceWithVat rounds half to even cents")).toBe(true);
  });

  it("shows alike blocks once and says how many it left out", () => {
    const parts = new Array<string>();
    for (let t = 25; t >= 2; t--) {
      parts.push("Thread " + t.toString() + " (Thread 0x7fffec5ba6c0 (LWP " + (22970 + t).toString() + ") \"app\"):");
      parts.push("#0  0x00007ffff7ea8df2 in __libc_pause () at ../sysdeps/unix/sysv/linux/pause.c:29");
      parts.push("#1  0x00005555555551f1 in worker (arg=0x" + t.toString() + ") at workers.c:13");
      parts.push("");
    }
    parts.push("Thread 1 \"app\" received signal SIGSEGV, Segmentation fault.");
    parts.push("#0  0x00005555555551ea in main () at workers.c:12");
    const t = parts.join("\n") + "\n";
    const s = shapesOf(t);
    const r = findRepeats(s);
    expect(r.count).toBe(1);
    expect(r.starts.length).toBe(23);
    const out = keepImportant(t, 800, 0.6, "");
    expect(out.length).toBeLessThanOrEqual(800);
    expect(out.includes("Segmentation fault")).toBe(true);
    expect(out.includes("blocks like lines 1\u20133")).toBe(true);
  });
});

describe("minimal budget: failures first", () => {
  it("keeps TAP's not ok lines among a hundred ok lines, without a keyword", () => {
    const t = tap(200, 120, ["priceWithVat rounds half to even cents", "slug strips accents", "reserve takes the last unit"]);
    const out = keepImportant(t, 800, 0.6, "; read more: abridge_read id=call_1 offset={first}");
    expect(out.length).toBeLessThanOrEqual(800);
    expect(out.includes("not ok 201 - priceWithVat rounds half to even cents")).toBe(true);
    expect(out.includes("not ok 202 - slug strips accents")).toBe(true);
    expect(out.includes("not ok 203 - reserve takes the last unit")).toBe(true);
  });

  it("numbers the kept lines under one marker with the hint under a small budget, and marks every gap under a large one", () => {
    const parts = new Array<string>();
    for (let i = 0; i < 2000; i++) {
      parts.push("step " + i.toString() + ": copying build/out/file" + i.toString() + ".o to dist");
      if (i % 500 == 250) parts.push("src/unit" + i.toString() + ".c:3:9: error: 'x' undeclared");
    }
    const t = parts.join("\n") + "\n";
    const hint = "; read more: abridge_read id=call_1 offset={first}";
    const small = keepImportant(t, 800, 0.6, hint);
    expect(small.length).toBeLessThanOrEqual(800);
    expect(count(small, "chars omitted")).toBe(1);
    expect(count(small, "read more:")).toBe(1);
    expect(small.includes(" lines shown, numbered")).toBe(true);
    // Step i is line i + 1 plus the errors before it; the error after step 250 is line 252.
    for (let i = 0; i < 4; i++) expect(small.includes("\n" + (252 + i * 501).toString() + ": src/unit" + (250 + i * 500).toString() + ".c:3:9: error: 'x' undeclared\n")).toBe(true);
    const large = keepImportant(t, 4000, 0.6, hint);
    expect(count(large, "read more:")).toBe(count(large, "chars omitted"));
  });

  it("spends what the markers did not need instead of leaving it unused", () => {
    const parts = new Array<string>();
    for (let i = 0; i < 3000; i++) {
      parts.push("step " + i.toString() + ": copying build/out/file" + i.toString() + ".o to dist");
      if (i % 100 == 50) parts.push("src/unit" + i.toString() + ".c:3:9: error: 'x' undeclared (first use in this function)");
    }
    const t = parts.join("\n") + "\n";
    const out = keepImportant(t, 800, 0.6, "; read more: abridge_read id=call_1 offset={first}");
    expect(out.length).toBeLessThanOrEqual(800);
    // Thirty errors do not fit: what is left is smaller than one more error and its marker.
    expect(out.length).toBeGreaterThan(800 - 140);
  });

  it("never keeps a gap that is shorter than the marker that would replace it", () => {
    const parts = new Array<string>();
    for (let i = 0; i < 500; i++) parts.push("step " + i.toString() + ": copying build/out/file" + i.toString() + ".o to dist");
    parts.push("error: first");
    parts.push("x");
    parts.push("error: second");
    for (let i = 0; i < 500; i++) parts.push("step " + i.toString() + ": copying build/out/file" + i.toString() + ".o to dist");
    // 2,000 chars is the smallest budget that marks every gap rather than numbering lines.
    const out = keepImportant(parts.join("\n") + "\n", 2000, 0.6, "");
    expect(out.includes("error: first\nx\nerror: second\n")).toBe(true);
  });
});
