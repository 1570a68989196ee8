import { Kind } from "../../assembly/important/kinds";
import { opensWithBareLocation } from "../../assembly/important/located-lines";
import { flaggedAs, refined } from "./support/refined";

/** The 1-based lines the refined scan of `text` flags as errors, joined by spaces. */
function errors(text: string, exitCode: i32): string {
  return flaggedAs(text, exitCode, Kind.Error);
}

function bare(line: string): bool {
  return opensWithBareLocation(line, 0, line.length);
}

// A translation checker's run (msgfmt -c): one "path:line: message" per problem, no
// severity word, no code, no column, then its totals.
const CHECKER =
  "fr.po:2: warning: header field 'Language-Team' missing in header\n" + // line 1, a labelled message
  "fr.po:28: format specifications in 'msgid' and 'msgstr' for argument 1 are not the same\n" + // line 2
  "fr.po:38: number of format specifications in 'msgid' and 'msgstr' does not match\n" + // line 3
  "fr.po:53: number of format specifications in 'msgid' and 'msgstr' does not match\n" + // line 4
  "fr.po:83: format specifications in 'msgid' and 'msgstr' for argument 1 are not the same\n" + // line 5
  "msgfmt: found 4 fatal errors\n" + // line 6, flagged by its keyword
  "16 translated messages, 4 untranslated messages.\n"; // line 7

describe("opensWithBareLocation: a path, a line number and a message with no label", () => {
  it("reads path:line: and a message", () => {
    expect(bare("fr.po:103: number of format specifications does not match")).toBe(true);
    expect(bare("src/a.c:7: undefined reference to `f'")).toBe(true);
  });

  it("reads a column after the line number", () => {
    expect(bare("src/cart.c:17:8: Arrow access from possibly null pointer row: row->name")).toBe(true);
    expect(bare("src/cart.c:17:8:")).toBe(false);
  });

  it("reads no labelled message, indented line or prose", () => {
    expect(bare("fr.po:2: warning: header field missing")).toBe(false);
    expect(bare("zgrep:25:6: note: Expressions don't expand")).toBe(false);
    expect(bare("    x_test.go:12: got 3, want 4")).toBe(false);
    expect(bare("msgfmt: found 45 fatal errors")).toBe(false);
    expect(bare("see http://host:8080/ for more")).toBe(false);
  });
});

// A C checker's run (splint): "path:line:col: message" findings with no severity word or
// code, each explained in indented lines, under "(in function …)" headers, then its total.
const EXPLAINED =
  "Splint 3.1.2 --- 21 Feb 2021\n" + // line 1
  "\n" + // line 2
  "src/a.c: (in function a_copy)\n" + // line 3
  "src/a.c:10:12: Possibly null storage copy passed as non-null param:\n" + // line 4
  "  A possibly null pointer is passed. (Use -nullpass to inhibit warning)\n" + // line 5
  "src/a.c:11:3: Fresh storage copy not released before return\n" + // line 6
  "src/a.c:17:8: Arrow access from possibly null pointer row: row->name\n" + // line 7
  "  (Use -nullderef to inhibit warning)\n" + // line 8
  "src/b.c: (in function b_print)\n" + // line 9
  "src/b.c:36:5: Buffer overflow possible with sprintf.\n" + // line 10
  "src/b.c:37:5: Return value (type int) ignored: puts(line)\n" + // line 11
  "\n" + // line 12
  "Finished checking --- 5 code warnings\n"; // line 13

describe("refineScan: a failed checker's located lines are its error lines", () => {
  it("marks located lines with a column too, and the closing total a summary though a keyword flags it", () => {
    // 5 located lines of 9 at the margin.
    expect(errors(EXPLAINED, 1)).toBe("4 6 7 10 11");
    expect(flaggedAs(EXPLAINED, 1, Kind.Summary)).toBe("13");
    // A last line that states no total keeps the rank its keyword gives it.
    const noTotal = EXPLAINED.replace("Finished checking --- 5 code warnings", "Finished checking with warnings enabled");
    expect(flaggedAs(noTotal, 1, Kind.Summary)).toBe("");
  });

  it("gives the closing total one entry, its keyword's raised to the outcome, and lowers none", () => {
    const entries = refined(EXPLAINED, 1).split(",");
    expect(entries.filter((e) => e.startsWith("13:")).join(",")).toBe("13:summary");
    // A total a failure word flags stays a failure: the outcome does not rank it lower.
    const failed = EXPLAINED.replace("Finished checking --- 5 code warnings", "3 features passed, 2 failed, 0 skipped");
    expect(refined(failed, 1).split(",").filter((e) => e.startsWith("13:")).join(",")).toBe("13:failure");
  });

  it("marks each bare located line an error when they are most of the lines (4 of 7)", () => {
    expect(errors(CHECKER, 1)).toBe("2 3 4 5 6");
  });

  it("marks none in a run that succeeded or whose exit is unknown", () => {
    expect(errors(CHECKER, 0)).toBe("6");
    expect(errors(CHECKER, -1)).toBe("6");
  });

  it("marks none when they are half of the lines or fewer", () => {
    // Lines 4 and 5 dropped: 2 of 5 lines are bare located lines.
    const half = CHECKER.split("\n").filter((_, i) => i != 3 && i != 4).join("\n");
    expect(errors(half, 1)).toBe("4");
  });

  it("counts the lines at the margin only: each finding's indented explanation is part of it", () => {
    // 3 located lines of 5 at the margin, though of 12 lines in all.
    const explained =
      "Examining src/a.c\n" + // line 1
      "\n" + // line 2
      "src/a.c:8:  [4] (buffer) sprintf:\n" + // line 3
      "  Does not check for buffer overflows (CWE-120). Use\n" + // line 4
      "  snprintf.\n" + // line 5
      "src/a.c:12:  [4] (buffer) strcpy:\n" + // line 6
      "  Does not check for buffer overflows when copying.\n" + // line 7
      "src/b.c:3:  [2] (misc) fopen:\n" + // line 8
      "  Check when opening files - can an attacker redirect it\n" + // line 9
      "  (via symlinks)?\n" + // line 10
      "\n" + // line 11
      "Hits = 3\n"; // line 12
    expect(errors(explained, 1)).toBe("3 6 8");
    // With two more lines at the margin the located ones are no longer most of them: only
    // the last line is flagged, as a failed run's outcome when nothing else is.
    expect(errors("Checking src/a.c\nChecking src/b.c\n" + explained, 1)).toBe("14");
  });

  it("marks none where located lines are a minority (a test runner's log around its failure)", () => {
    const log =
      "=== RUN   TestParse\n" + // line 1
      "x_test.go:12: parsing a\n" + // line 2, a log line of the test
      "x_test.go:14: parsing b\n" + // line 3
      "--- FAIL: TestParse (0.00s)\n" + // line 4, the failure
      "=== RUN   TestFormat\n" + // line 5
      "--- PASS: TestFormat (0.00s)\n" + // line 6
      "FAIL\n"; // line 7
    expect(errors(log, 1).includes("2")).toBe(false);
    expect(errors(log, 1).includes("3")).toBe(false);
  });
});
