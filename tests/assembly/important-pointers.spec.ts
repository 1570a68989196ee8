import { onlyPointer } from "../../assembly/util/lines";

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
