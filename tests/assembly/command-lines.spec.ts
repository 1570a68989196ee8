import { CommandLines } from "../../assembly/digest/command/lines";
import { treeTopLevel, treeTopLevelOf } from "../../assembly/digest/command/tree";
import { findRunnerSummaries, RunnerSummary } from "../../assembly/important/runners";
import { Scan } from "../../assembly/important/scan";
import { Shapes } from "../../assembly/important/shapes";
import { countNewlines } from "../../assembly/util/lines";

function summary(r: RunnerSummary): string {
  return r.runner + " p=" + r.passed.toString() + " f=" + r.failed.toString() + " s=" + r.skipped.toString() + " e=" + r.errors.toString() +
    " lines=" + r.lineNumbers.join(",") + " at=" + r.lineStarts.join(",") + "-" + r.lineEnds.join(",");
}

/** The runner summary and tree line of `text` read by the Shapes pass must be those of the separate passes. */
function expectSameAsSeparatePasses(text: string): void {
  const lines = new CommandLines(new Scan());
  new Shapes(text, countNewlines(text, 0, text.length), lines);
  expect(summary(lines.runners.finish())).toBe(summary(findRunnerSummaries(text)));
  expect(treeTopLevelOf(text, lines.tree, 200)).toBe(treeTopLevel(text, 200));
}

describe("one pass over the lines for the runner and tree checks", () => {
  it("agrees with the separate passes on runner summaries of every kind", () => {
    expectSameAsSeparatePasses("Test Suites: 1 failed, 3 passed, 4 total\nTests:       1 failed, 12 passed, 13 total\n");
    expectSameAsSeparatePasses(" Test Files  2 passed (2)\r\n      Tests  6 passed (6)\r\n");
    expectSameAsSeparatePasses("==== 2 failed, 10 passed in 0.31s ====\n");
    expectSameAsSeparatePasses("....\nRan 4 tests in 0.002s\n\nOK (skipped=1)\n");
    expectSameAsSeparatePasses("Ran 4 tests in 0.002s\nFAILED (failures=1, errors=1)\n");
    expectSameAsSeparatePasses("--- FAIL: TestA (0.00s)\n--- PASS: TestB (0.00s)\nFAIL\nFAIL\tpkg/a\t0.01s\n");
    expectSameAsSeparatePasses("test result: FAILED. 3 passed; 1 failed; 2 ignored; 0 measured\n");
    expectSameAsSeparatePasses("2 failed, 300 passed in 0.95s\n");
    expectSameAsSeparatePasses("  12 passing (30ms)\n  1 pending\n  2 failing\n");
    expectSameAsSeparatePasses("no summary here\n\tjust lines\n");
  });

  it("agrees with the separate passes on trees, nested or flat, Unicode or ASCII", () => {
    expectSameAsSeparatePasses("+-- a@1\n|   `-- b@1\n+-- c@2\n`-- d@3\n    `-- e@1\n");
    expectSameAsSeparatePasses("\u251c\u2500\u252c a@1\n\u2502 \u2514\u2500\u2500 b@1\n\u2514\u2500\u2500 c@2\n");
    expectSameAsSeparatePasses("\u251c\u2500\u2500 a\n\u2514\u2500\u2500 b\n");
    expectSameAsSeparatePasses("");
    expectSameAsSeparatePasses("\n\n\n");
  });
});
