// A message printed under the code excerpt it is about, its place on a line of its own above
// the excerpt (gfortran, OCaml): the message's block reaches up to that place, so that a kept
// message says where it is. A message under another message's excerpt (gcc's next
// diagnostic) keeps its one line of context; a warning takes none.
import { Kind } from "../../assembly/important/kinds";
import { blockText } from "./support/block-text";

const FORTRAN =
  "      |                           1\n" +
  "Warning: Unused variable ‘spare’ declared at (1) [-Wunused-variable]\n" +
  "src/stock.f90:22:12:\n" +
  "\n" +
  "   22 |     total = label\n" +
  "      |            1\n" +
  "Error: Cannot convert CHARACTER(8) to REAL(4) at (1)\n" +
  "src/stock.f90:23:12:\n";

const OCAML =
  "Warning 32 [unused-value-declaration]: unused value stock_step_4.\n" +
  'File "src/stock.ml", line 51, characters 41-52:\n' +
  '51 |   if available l > 0 then l.sku ^ ": " ^ available l\n' +
  "                                              ^^^^^^^^^^^\n" +
  "Error: This expression has type int but an expression was expected of type\n" +
  "         string\n";

const GCC =
  "src/tax.c:6:9: warning: unused variable 'spare' [-Wunused-variable]\n" +
  "    6 |     int spare = qty;\n" +
  "      |         ^~~~~\n" +
  "src/tax.c:7:27: error: expected ';' before '}' token\n";

describe("blockOf: the place above the excerpt a message follows", () => {
  it("reaches up through an excerpt and an empty line to a place of its own (gfortran)", () => {
    expect(blockText(FORTRAN, 7, Kind.Error)).toBe(
      "src/stock.f90:22:12:\n\n   22 |     total = label\n      |            1\nError: Cannot convert CHARACTER(8) to REAL(4) at (1)\nsrc/stock.f90:23:12:\n",
    );
  });

  it("reaches up to a place that names its file in words (OCaml)", () => {
    const text = blockText(OCAML, 5, Kind.Error);
    expect(text.startsWith('File "src/stock.ml", line 51, characters 41-52:\n')).toBe(true);
    expect(text.includes("Warning 32")).toBe(false);
  });

  it("keeps one line of context under another diagnostic's excerpt (gcc)", () => {
    expect(blockText(GCC, 4, Kind.Error)).toBe("      |         ^~~~~\nsrc/tax.c:7:27: error: expected ';' before '}' token\n");
  });

  it("does not reach a line ending in ':' that names no file's line", () => {
    const s = "Compiling the stock module:\n   22 |     total = label\n      |            1\nError: Cannot convert\n";
    expect(blockText(s, 4, Kind.Error)).toBe("      |            1\nError: Cannot convert\n");
  });

  it("does not reach a place further up than the excerpt's lines allow", () => {
    let s = "src/stock.f90:22:12:\n";
    for (let i = 0; i < 12; i++) s += "   " + (22 + i).toString() + " |     total = label\n";
    s += "Error: Cannot convert\n";
    expect(blockText(s, 14, Kind.Error).startsWith("   33 |")).toBe(true);
  });

  it("takes no place for a warning, which takes no context", () => {
    const s = "src/stock.f90:22:12:\n\n   22 |     count = total\n      |            1\nWarning: Possible change of value in conversion\n";
    expect(blockText(s, 5, Kind.Warning)).toBe("Warning: Possible change of value in conversion\n");
  });

  it("stops at the output's first line", () => {
    const s = "   22 |     total = label\nError: Cannot convert\n";
    expect(blockText(s, 2, Kind.Error)).toBe(s);
  });
});
