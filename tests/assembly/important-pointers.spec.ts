import { onlyPointer } from "../../assembly/util/lines";
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

// A linter's findings, each over the source line it quotes and a pointer under that line.
const FINDINGS =
  "lib/a.rb:39:7: C: Layout/RescueEnsureAlignment: rescue at 39, 6 is not aligned.\n" + // line 1
  "      rescue Exception => e\n" + // line 2, code: its keyword is the code's
  "      ^^^^^^\n" + // line 3
  "lib/a.rb:39:7: W: Lint/RescueException: Avoid rescuing the Exception class.\n" + // line 4
  "      rescue Exception => e ...\n" + // line 5, code
  "      ^^^^^^^^^^^^^^^^^^^^^\n" + // line 6
  "\n" +
  "1 file inspected, 2 offenses detected\n"; // line 8

describe("the line a pointer underlines", () => {
  it("is quoted code: a keyword in it flags nothing", () => {
    const flagged = refined(FINDINGS, 1);
    expect(flagged.includes("2:")).toBe(false);
    expect(flagged.includes("5:")).toBe(false);
    // The finding that states the word itself stays flagged.
    expect(flagged.includes("4:")).toBe(true);
  });

  it("is flagged when no pointer follows it", () => {
    const unpointed = FINDINGS.replace("      ^^^^^^\n", "").replace("      ^^^^^^^^^^^^^^^^^^^^^\n", "");
    expect(refined(unpointed, 1).includes("2:trace")).toBe(true);
  });

  it("is no rhythm break of the output either", () => {
    // Quoted code among a linter's findings breaks their rhythm; underlined, it is no candidate.
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
});
