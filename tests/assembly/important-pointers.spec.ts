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
});
