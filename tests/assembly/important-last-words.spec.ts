import { Kind } from "../../assembly/important/kinds";
import { flaggedAs } from "./support/refined";

/** The 1-based lines the refined scan of `text` flags as outcome summaries, joined by spaces. */
function outcomes(text: string, exitCode: i32): string {
  return flaggedAs(text, exitCode, Kind.Summary);
}

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

// A resolver's batch that lost its server: the errors that led to it are flagged, the
// closing sentence that states the outcome holds no keyword.
const LOOKUPS =
  "a.shop.internal.\t0\tIN\tA\t10.30.0.10\n" + // line 1
  "b.shop.internal.\t0\tIN\tA\t10.30.0.11\n" + // line 2
  ";; communications error to 127.0.0.1#53: connection refused\n" + // line 3, an error
  ";; communications error to 127.0.0.1#53: connection refused\n" + // line 4, an error
  "no servers could be reached\n" + // line 5, the outcome
  "\n"; // line 6, blank

describe("refineScan: a failed run's last line states its outcome beside its errors", () => {
  it("marks its last line that is not blank an outcome summary, the errors staying errors", () => {
    expect(outcomes(LOOKUPS, 9)).toBe("5");
    expect(errors(LOOKUPS, 9)).toBe("3 4");
  });

  it("marks no outcome in a run that succeeded or whose exit is unknown", () => {
    expect(outcomes(LOOKUPS, 0)).toBe("");
    expect(outcomes(LOOKUPS, -1)).toBe("");
  });

  it("marks no indented last line: a frame, a diff's or a listing's row", () => {
    const frames = "error: reserve failed\n  at reserve (stock.js:10:5)\n  at main (main.js:3:1)\n";
    expect(outcomes(frames, 1)).toBe("");
  });

  it("marks no last row of a rhythm", () => {
    const rows = "error: store 3 is closed\nok 58 store 58\nok 59 store 59\nok 60 store 60\n";
    expect(outcomes(rows, 1)).toBe("");
  });

  it("marks no last line led by a place: a note of the diagnostic above it", () => {
    const notes = "a.cpp:12:3: error: no matching call\nb.h:90:56: note: candidate expects 2 arguments\n";
    expect(outcomes(notes, 1)).toBe("");
  });

  it("marks no last line led by a place under its diagnostic's excerpt", () => {
    const notes =
      "a.cpp:12:3: error: static assertion failed\n" + // line 1, an error
      "   12 |   static_assert(ok);\n" + // line 2, the excerpt
      "      |   ^~~~~~~~~~~~~\n" + // line 3
      "a.cpp:12:3: note: 'ok' evaluates to false\n"; // line 4, the note
    expect(outcomes(notes, 1)).toBe("");
  });

  it("marks a last line that names a place under lines no diagnostic holds: a complaint of its own", () => {
    // A plotting script's run: a warning, the rows it drew, then the error that stopped it.
    const plot =
      '"plot.gp" line 12: warning: Cannot find or open file "b.dat"\n' + // line 1, a warning
      "    10 +-----------+\n" + // line 2
      "       |  **   *   |\n" + // line 3
      "     0 +-----------+\n" + // line 4
      "\n" + // line 5
      '"plot.gp" line 20: undefined variable: scale\n' + // line 6, the outcome
      "\n"; // line 7, blank
    expect(outcomes(plot, 1)).toBe("6");
  });
});
