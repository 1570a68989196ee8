import { Kind } from "../../assembly/important/kinds";
import { opensWithBareLocation } from "../../assembly/important/located-lines";
import { flaggedAs } from "./support/refined";

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

  it("reads no labelled message, column, indented line or prose", () => {
    expect(bare("fr.po:2: warning: header field missing")).toBe(false);
    expect(bare("zgrep:25:6: note: Expressions don't expand")).toBe(false);
    expect(bare("    x_test.go:12: got 3, want 4")).toBe(false);
    expect(bare("msgfmt: found 45 fatal errors")).toBe(false);
    expect(bare("see http://host:8080/ for more")).toBe(false);
  });
});

describe("refineScan: a failed checker's located lines are its error lines", () => {
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

  it("counts the lines at the margin: indented lines detail the located line above them", () => {
    // A scanner's hits (flawfinder): each located line over indented advice, then a blank
    // line; 3 located lines of 5 at the margin, 3 of 11 in all.
    const hits =
      "Examining src/auth.c\n" + // line 1
      "src/auth.c:12:  [4] (buffer) strcpy:\n" + // line 2
      "  Does not check for buffer overflows when copying to destination.\n" + // line 3
      "  Consider using snprintf or strlcpy.\n" + // line 4
      "src/auth.c:25:  [4] (format) printf:\n" + // line 5
      "  If format strings can be influenced by an attacker, they can be exploited.\n" + // line 6
      "  Use a constant for the format specification.\n" + // line 7
      "src/auth.c:30:  [2] (buffer) char:\n" + // line 8
      "  Statically-sized arrays can be improperly restricted.\n" + // line 9
      "\n" + // line 10
      "Hits = 3\n"; // line 11
    expect(errors(hits, 1)).toBe("2 5 8");
    // With a fourth line at the margin that names no place, located lines are 3 of 6: none,
    // only the last line, the failed run's outcome (last-words.ts).
    expect(errors(hits.replace("\n\nHits", "\nANALYSIS SUMMARY:\nHits"), 1)).toBe("11");
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
