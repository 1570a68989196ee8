import { Kind } from "../../assembly/important/kinds";
import { flaggedAs } from "./support/refined";

/** The 1-based lines the refined scan of `text` flags as errors, joined by spaces. */
function errors(text: string, exitCode: i32): string {
  return flaggedAs(text, exitCode, Kind.Error);
}

// A script traced with `bash -x` that stops on a missing file: no line holds a keyword.
const TRACE =
  "+ mkdir -p release\n" + // line 1
  "+ cp a.conf release/a.conf\n" + // line 2
  "copied a\n" + // line 3
  "+ cp b.conf release/b.conf\n" + // line 4
  "copied b\n" + // line 5
  "+ cp c.pem release/c.pem\n" + // line 6
  "cp: cannot stat 'c.pem': No such file or directory\n" + // line 7, the complaint that stopped it
  "\n"; // line 8, blank

describe("refineScan: a failed run that flags nothing says why it stopped last", () => {
  it("marks its last line that is not blank an error", () => {
    expect(errors(TRACE, 1)).toBe("7");
  });

  it("marks nothing in a run that succeeded or whose exit is unknown", () => {
    expect(errors(TRACE, 0)).toBe("");
    expect(errors(TRACE, -1)).toBe("");
  });

  it("marks nothing when a line states a failure already", () => {
    // Line 3 holds "error": the run says what failed where it says it.
    const text = "+ build a\nbuilt a\nerror: b.c does not compile\n+ build c\nbuilt c\n";
    expect(errors(text, 2)).toBe("3");
  });

  it("marks nothing when a line is flagged as a warning", () => {
    const text = "+ lint a\nwarning: a.sh:3 unused variable\n+ lint b\nlinted b\n";
    expect(errors(text, 1)).toBe("");
  });
});

describe("refineScan: last words are a message", () => {
  it("marks no line of an output of one line", () => {
    expect(errors("cp: cannot stat 'c.pem': No such file or directory\n", 1)).toBe("");
  });

  it("marks no last line longer than a message (data, a minified blob)", () => {
    expect(errors("+ bundle app\n" + "x".repeat(600) + "\n", 1)).toBe("");
  });
});
