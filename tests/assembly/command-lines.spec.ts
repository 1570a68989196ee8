import { CommandLines } from "../../assembly/digest/command/lines";
import { entriesLine, LabeledEntries } from "../../assembly/digest/command/entries";
import { inlineListLine, InlineLists } from "../../assembly/digest/command/inline-lists";
import { ColumnKinds } from "../../assembly/digest/command/kinds";
import { leadsLine, LineLeads } from "../../assembly/digest/command/leads";
import { treeTopLevel, treeTopLevelOf } from "../../assembly/digest/command/tree";
import { findRunnerSummaries, RunnerSummary } from "../../assembly/important/runners";
import { Scan } from "../../assembly/important/scan";
import { Shapes } from "../../assembly/important/shapes";
import { countNewlines, findNewline, gapEnd, readEachLine } from "../../assembly/util/lines";

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

/**
 * The kinds, labelled entries, longest line and endings of `text` read by the Shapes pass, which
 * calls each of those readers only for the lines its first test passes, must be those of the
 * reader fed every line.
 */
function expectReadersFedEveryLine(text: string): void {
  const lines = new CommandLines(new Scan());
  new Shapes(text, countNewlines(text, 0, text.length), lines);
  const kinds = readEachLine(text, new ColumnKinds());
  expect(lines.kinds.lines).toBe(kinds.lines);
  expect(lines.kinds.totalsLine(5, "")).toBe(kinds.totalsLine(5, ""));
  expect(entriesLine(lines.entries.finish())).toBe(entriesLine(readEachLine(text, new LabeledEntries()).finish()));
  // Every line that is not blank, to the readers that take its first unit after the blanks.
  const inline = new InlineLists();
  const endings = new LineLeads();
  const n = text.length;
  for (let a = 0, lineNo = 1; a < n; lineNo++) {
    const nl = findNewline(text, a, n);
    const b = nl > a && text.charCodeAt(nl - 1) == 0x0d ? nl - 1 : nl;
    const t = gapEnd(text, a, b);
    inline.line(text, t, b, lineNo);
    if (t < b) endings.endingAt(text, t, b);
    a = nl + 1;
  }
  expect(lines.inline.number).toBe(inline.number);
  expect(inlineListLine(lines.inline)).toBe(inlineListLine(inline));
  expect(lines.endings.lines).toBe(endings.lines);
  expect(leadsLine(lines.endings, "", false)).toBe(leadsLine(endings, "", false));
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

describe("one pass over the lines for readers called only for the lines they read", () => {
  it("agrees with the reader fed every line on a column's kinds", () => {
    let rows = "";
    for (let i = 0; i < 40; i++) rows += "tag_" + i.toString() + "   " + (i % 3 == 0 ? "macro" : i % 3 == 1 ? "function" : "struct") + "   " + i.toString() + " src/a.c   int f();\n";
    expect(readEachLine(rows, new ColumnKinds()).totalsLine(5, "")).not.toBe("");
    expectReadersFedEveryLine(rows);
    expectReadersFedEveryLine("  indented first\n" + rows + "\n\n    detail under a row\n");
  });

  it("agrees with the reader fed every line on labelled entries, blank lines and lines that end in a colon", () => {
    let files = "Files:\n";
    for (let i = 0; i < 12; i++) files += "  pkg/module_" + i.toString() + ".py\n";
    expect(entriesLine(readEachLine(files, new LabeledEntries()).finish())).not.toBe("");
    expectReadersFedEveryLine(files + "\nDev Dependencies:\n    x\n    y\nab:\nSummary: done\n\t\ttabbed:\n" + files);
    let changes = "Changes not staged for commit:\r\n";
    for (let i = 0; i < 9; i++) changes += "\tmodified:   src/file_" + i.toString() + ".c\r\n";
    expectReadersFedEveryLine(changes + "\r\n");
  });

  it("agrees with the reader fed every line on the longest line and the lines' endings", () => {
    let verdicts = "";
    for (let i = 0; i < 30; i++) verdicts += "./pkg/file_" + i.toString() + ".py: " + (i % 4 == 0 ? "FAILED" : "OK") + "\n";
    expectReadersFedEveryLine(verdicts + "DNS:a.example, DNS:b.example, DNS:c.example, IP Address:10.0.0.1, DNS:d.example, DNS:e.example\n");
    expectReadersFedEveryLine("x\n  longer line here\nshort\n" + verdicts + "ends in a digit 3\nends in a sign ;\n");
    expectReadersFedEveryLine("");
  });
});
