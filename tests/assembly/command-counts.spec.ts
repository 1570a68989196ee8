import { countFindings, findingsLine } from "../../assembly/digest/command/findings";
import { recordsLine } from "../../assembly/digest/command/records";

// The totals a model would otherwise count, on lines as the tools print them (cut from the
// real runs in tests/fixtures/corpus: flake8-count-statistics-logging, cprofile-sort-cumulative).

/** `line` n times, "#" replaced by the count (from 0). */
function repeat(line: string, n: i32): string {
  const parts = new Array<string>();
  for (let i = 0; i < n; i++) parts.push(line.replaceAll("#", i.toString()));
  return parts.join("\n") + "\n";
}

describe("findings: how many codes when some go unnamed", () => {
  it("states the codes' number in place of `by code` when `+K more` leaves some out", () => {
    // Eight codes (E100 … E107), E100 on two lines: six are named, two are not.
    const flake8 = "a.py:1:1: E100 x\n" + repeat("a.py:#:1: E10# x", 8);
    expect(findingsLine(countFindings(flake8))).toBe("9 findings; 8 codes: E100 2, E101 1, E102 1, E103 1, E104 1, E105 1, +2 more");
    // Under a small budget only the codes that repeat are named: the number covers the others.
    expect(findingsLine(countFindings(flake8), true)).toBe("9 findings; 8 codes: E100 2, +7 more");
  });

  it("says `by code` when every code is named", () => {
    expect(findingsLine(countFindings("a.py:1:1: F401 x\na.py:2:1: F401 y\na.py:3:1: E302 z\n"))).toBe("3 findings; by code: F401 2, E302 1");
  });
});

describe("rows under a header in lower case", () => {
  // As cProfile prints its table (cprofile-sort-cumulative): the last header word is 25 units long.
  const HEADER = "   ncalls  tottime  percall  cumtime  percall filename:lineno(function)\n";
  const ROW = "        1    0.000    0.000    0.394    0.394 report.py:#(make_orders)";

  it("counts the rows that line up with a header whose words are all in lower case", () => {
    expect(recordsLine(HEADER + repeat(ROW, 6) + "\n")).toBe("table: 6 rows");
  });

  it("counts a row whose first value is wider than its column, when the next lines up again", () => {
    // "60368/60335" pushes the row's other values two columns right.
    const wide = "60368/60335    0.003    0.000    0.003    0.000 {built-in method builtins.len}";
    expect(recordsLine(HEADER + repeat(ROW, 3) + wide + "\n" + repeat(ROW, 3) + "\n")).toBe("table: 7 rows");
    // Two in a row end the table: the rows before them are counted.
    expect(recordsLine(HEADER + repeat(ROW, 5) + wide + "\n" + wide + "\n" + repeat(ROW, 3) + "\n")).toBe("table: 5 rows");
  });

  it("counts no table of fewer than 5 rows under a header in lower case (a detail's fields)", () => {
    // As ip addr prints an address's lifetimes (ip-addr-netns), under which the next address lines up by chance.
    const ip = repeat("    inet6 fd77:#::1/64 scope global tentative\n       valid_lft forever preferred_lft forever", 4);
    expect(recordsLine(ip)).toBe("");
    expect(recordsLine(HEADER + repeat(ROW, 4) + "\n")).toBe("");
  });
});
