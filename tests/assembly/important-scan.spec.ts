import { confirmAt } from "../../assembly/important/confirm";
import { scanImportant } from "../../assembly/important/scan";

/** The strongest kind confirmAt gives anywhere on each line: what the SIMD prefilter must not miss. */
function referenceKinds(s: string): string {
  const out: string[] = [];
  let start = 0;
  let line = 1;
  while (start <= s.length) {
    let end = s.indexOf("\n", start);
    if (end < 0) end = s.length;
    let kind = 0;
    for (let i = start; i < end; i++) kind = max(kind, confirmAt(s, i));
    if (kind != 0) out.push(line.toString() + ":" + kind.toString());
    if (end == s.length) break;
    start = end + 1;
    line++;
  }
  return out.join(",");
}

function scannedKinds(s: string): string {
  const scan = scanImportant(s);
  const out: string[] = [];
  for (let i = 0; i < scan.count; i++) out.push(scan.lineNumbers[i].toString() + ":" + scan.kinds[i].toString());
  return out.join(",");
}

describe("scanImportant", () => {
  it("flags every outcome word the confirmer accepts, at every offset across SIMD steps", () => {
    const words: string[] = [
      "error", "Error", "ERROR", "errors", "npm ERR! x", "[ERR]", "fail", "FAILED", "failures", "fatal", "Segmentation fault",
      "panic", "panicked", "5 passed", "12 passing", "warning", "Warnings", "WARN", "DeprecationWarning:", "Ran 4 tests",
      "Traceback (most recent call last):", "Exception", "NullPointerException", "exit status 1", "exited with code 2",
      "make: *** [all] Error 2", "\u2715 test", "\u00d7 test", "name() \u2718 10 % off", "name() \u2718", "\u274c test", "[Result]: \u274c Fail",
      // near misses that must stay unflagged, as the confirmer says
      "-Wall", "always", "parentheses", "falsy", "pattern", "water", "Random", "ebb", "excel", "exits", "**",
    ];
    for (let w = 0; w < words.length; w++) {
      for (let at = 0; at < 24; at++) {
        const s = "x".repeat(at) + " " + words[w] + " end\nnext line\n" + " ".repeat(at) + words[w];
        expect(scannedKinds(s)).toBe(referenceKinds(s));
      }
    }
  });

  it("takes a cross mark after a test's name in a drawn tree as a failure, and × there as arithmetic", () => {
    // JUnit's console tree (tests/fixtures/corpus/junit5-console-failures).
    const tree = "\u2502  \u251c\u2500 totalOf040Items() \u2714\n\u2502     \u251c\u2500 discountTenPercent() \u2718 10 % off 2 \u00d7 10.00 ==> expected: <1800> but was: <1799>\n";
    expect(scannedKinds(tree)).toBe("2:5");
    // Inside a word or a symbol run it is not a mark of its own.
    expect(scannedKinds("a\u2718b\nx \u2718\u2718 y\n")).toBe("");
    expect(scannedKinds("2 \u00d7 10.00 = 20.00\n")).toBe("");
  });

  it("takes the cross mark emoji at a line start or standing alone as a failure", () => {
    // A test runner's report (as-pect 8.1): the file's line, its failing test's line, the verdict.
    const report =
      "\u2714 assembly/__tests__/cart.spec.ts Pass: 6 / 6 Todo: 0 Time: 3.1ms\n" + // 1: passed
      "\u274c assembly/__tests__/tax.spec.ts Pass: 5 / 6 Todo: 0 Time: 1.2ms\n" + //   2: the failing file
      "  Failed: tax\n" + //                                                           3: a failure word
      "    \u274c tax rule 3 rounds 9 items to cents - tax total after rounding\n" + // 4: the failing test
      "      [Actual]  : 9.9\n" + //                                                   5
      "   [Result]: \u274c Fail\n"; //                                                 6: the verdict
    expect(scannedKinds(report)).toBe("2:5,3:5,4:5,6:5");
    // Inside a word it is not a mark of its own.
    expect(scannedKinds("done\u274cnot\n")).toBe("");
  });

  it("keeps a line its first word labels a warning a warning, whatever words its text holds", () => {
    // sphinx-build -n: the warning's text says a cross reference failed, the label says how grave it is.
    const log =
      "index.rst:11: WARNING: toctree contains reference to nonexisting document 'services/returns'\n" + // 1: warning
      "billing.rst:17: WARNING: Failed to create a cross reference. A title or caption not found: 'x'\n" + // 2: still a warning
      "warning: failed to remove build/tmp: Directory not empty\n" + // 3: still a warning
      "build finished with problems, 2 warnings.\n"; // 4: a count of warnings (no label)
    expect(scannedKinds(log)).toBe("1:2,2:2,3:2,4:2");
    // Without a label the graver word wins, as before: a warning word inside the text labels nothing.
    expect(scannedKinds("warnings about an error\nWARNING Failed to start\nerror: warning: x failed\n")).toBe("1:6,2:5,3:6");
    // A plural label heads a count, not one warning: its graver word still wins.
    expect(scannedKinds("Warnings: 2, Errors: 5\n")).toBe(scannedKinds("Errors: 5, Warnings: 2\n"));
  });
});
