import { onlyPointer } from "../../assembly/util/lines";
import { keepImportant } from "../../assembly/important";
import { numberedTailStart } from "../../assembly/important/numbered";
import { refined } from "./support/refined";

// A pointer marks a place in the line above it (rubocop's and many compilers' `^^^` under a
// quoted source line): apart from that line it says nothing, and is never a notable line.
function pointer(line: string): bool {
  return onlyPointer(line, 0, line.length);
}

describe("pointers under a quoted line", () => {
  it("are carets or tildes among blanks", () => {
    expect(pointer("      ^^^^^^^^^^^^^^^^^^^^^")).toBe(true);
    expect(pointer("^")).toBe(true);
    expect(pointer("\t   ~~~^~~~")).toBe(true);
  });

  it("are not lines that hold anything else, nor blank lines", () => {
    expect(pointer("")).toBe(false);
    expect(pointer("      ")).toBe(false);
    expect(pointer("      |     ^~~~")).toBe(false);
    expect(pointer("  ^-- SC2086 (info): Double quote to prevent globbing")).toBe(false);
    expect(pointer("x ^ y")).toBe(false);
  });
});

describe("the line a pointer underlines", () => {
  it("is quoted code: no rhythm break of the output", () => {
    // Quoted code among a linter's findings breaks their rhythm ("module Shop" at the margin,
    // the others indented); underlined, it is no candidate.
    let quoted = "lib/a.rb:1:1: C: Style/FrozenStringLiteralComment: Missing frozen string literal comment.\nmodule Shop\n^\n";
    for (let i = 2; i < 12; i++) {
      const n = i.toString();
      quoted += "lib/a.rb:" + n + ":7: C: Style/For: Prefer each over for.\n      for item in items" + n + " do ...\n      ^^^^^^^^^^^^^^^^^^\n";
    }
    quoted += "\n1 file inspected, 11 offenses detected\n";
    expect(refined(quoted, 1).includes("2:")).toBe(false);
    // Without its pointer it is a line of its own that breaks the rhythm.
    expect(refined(quoted.replace("module Shop\n^\n", "module Shop\n"), 1).includes("2:notable")).toBe(true);
  });

  it("is quoted code: a keyword in it is the code's, not the run's", () => {
    // "Exception" in the quoted rescue clause is the code's word; the finding above says what is wrong.
    const text = "lib/a.rb:9:7: W: Lint/RescueException: Avoid rescuing the Exception class.\n      rescue Exception => e\n      ^^^^^^^^^^^^^^^^^^^^^\n\n1 file inspected, 1 offense detected\n";
    const flags = refined(text, 1);
    expect(flags.includes("1:")).toBe(true);
    expect(flags.includes("2:")).toBe(false);
    // Not underlined, the same line is flagged by its keyword.
    expect(refined(text.replace("      ^^^^^^^^^^^^^^^^^^^^^\n", ""), 1).includes("2:")).toBe(true);
    // A line above one that is no pointer alone keeps its flag.
    expect(refined(text.replace("      ^^^^^^^^^^^^^^^^^^^^^\n", "      ^^^ here\n"), 1).includes("2:")).toBe(true);
  });
});

/**
 * `lines` lines "compiling unit N …", but every `every`-th is a finding over the code it
 * quotes and a pointer under that: "src/uN.c:3:1: warning: unused variable 'vN'",
 * "      int vN = 0;", "          ^~".
 */
function findings(lines: i32, every: i32): string {
  const parts = new Array<string>();
  for (let i = 1; i <= lines; i++) {
    if (i % every == 0) {
      const n = i.toString();
      parts.push("src/u" + n + ".c:3:1: warning: unused variable 'v" + n + "'");
      parts.push("      int v" + n + " = 0;");
      parts.push("          ^~");
    } else parts.push("compiling unit " + i.toString() + " of the shop's sources with the release flags (pass one of two)");
  }
  return parts.join("\n") + "\n";
}

function count(text: string, needle: string): i32 {
  let n = 0;
  for (let at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + needle.length)) n++;
  return n;
}

describe("a cut's layout", () => {
  it("does not count the pointers a marker per gap keeps as lines it shows", () => {
    // Marked gap by gap, each finding's block (the finding, its code and the pointer) would
    // keep 8 findings; numbered, 28. The marked cut holds more lines only by its pointers,
    // which say nothing apart from the line above: the numbered layout is shown.
    const text = findings(90, 3);
    const cut = keepImportant(text, 2000, 0.3, "");
    expect(cut.length <= 2000).toBe(true);
    expect(cut.indexOf("lines shown, numbered") >= 0).toBe(true);
    expect(count(cut, "warning: unused variable") >= 20).toBe(true);
  });
});

describe("a numbered tail", () => {
  it("does not open on a pointer whose line it leaves out", () => {
    const text = "first line\n  raise Error(code)\n  ^^^^^\nlast line\n";
    // Room for the pointer and the last line (each with a 3-unit number), not for the code above.
    expect(text.substring(numberedTailStart(text, 25, 3))).toBe("last line\n");
    // With room for the code too, the pointer stays under it.
    expect(text.substring(numberedTailStart(text, 50, 3))).toBe("  raise Error(code)\n  ^^^^^\nlast line\n");
  });
});

