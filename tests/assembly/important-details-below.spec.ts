// A runner's progress line states a verdict ("TestTax.test_ten ... FAIL", "  Test: total
// ...FAILED"); the line under it that opens with the failure's place ("test_shop.lua:36:
// expected: 7, actual: 6", "    1. test_shop.c:80  - CU_ASSERT_EQUAL(…)") says what failed.
// Under the small budget that line is offered with the failure, before the notable lines:
// where every progress line repeats one verdict, it is what tells the failures apart. A
// verdict glued to an ellipsis is a word. Each input is built line by line below.
import { keepImportant } from "../../assembly/important";
import { opensWithPlace } from "../../assembly/important/place";
import { scanImportant } from "../../assembly/important/scan";

const AREAS = ["cart", "pricing", "stock", "tax", "ledger", "shipping", "returns", "coupons", "billing", "refunds"];

/**
 * A runner's verbose run: "Started on …"; for each area "    TestArea.test_total ... Ok" and
 * "    TestArea.test_rows ... Ok", but for tax "... FAIL" over "test_shop.lua:34: expected: 3,
 * actual: 4" and for refunds "... ERROR" over "test_shop.lua:94: attempt to index a nil value
 * (field 'refunds')"; a rule; then each failure again under "Tests with errors:" or "Failed
 * tests:" (its name, its detail, "stack traceback:" and a frame); then "Ran 20 tests in …".
 */
function build(): string {
  const lines = new Array<string>();
  lines.push("Started on Mon Nov 30 23:12:04 2026");
  const again = new Array<string>();
  for (let k = 0; k < AREAS.length; k++) {
    const name = "Test" + AREAS[k] + ".test_";
    lines.push("    " + name + "total ... Ok");
    const place = "test_shop.lua:" + (10 * k + 4).toString();
    let detail = "";
    let heading = "";
    if (AREAS[k] == "refunds") {
      lines.push("    " + name + "rows ... ERROR");
      detail = place + ": attempt to index a nil value (field '" + AREAS[k] + "')";
      heading = "Tests with errors:";
    } else if (AREAS[k] == "tax") {
      lines.push("    " + name + "rows ... FAIL");
      detail = place + ": expected: " + k.toString() + ", actual: " + (k + 1).toString();
      heading = "Failed tests:";
    } else lines.push("    " + name + "rows ... Ok");
    if (detail.length == 0) continue;
    lines.push(detail);
    again.push(heading);
    again.push("-".repeat(heading.length));
    again.push("1) " + name + "rows");
    again.push(detail);
    again.push("stack traceback:");
    again.push("\t" + place + ": in upvalue '" + name + "rows'");
    again.push("");
  }
  lines.push("=========================================================");
  for (let i = 0; i < again.length; i++) lines.push(again[i]);
  lines.push("Ran 20 tests in 0.001 seconds, 18 successes, 1 failure, 1 error");
  return lines.join("\n") + "\n";
}

describe("keepImportant under the small budget: a failure's detail below it", () => {
  it("shows the detail under a progress line chosen late, whose failure a later list names again", () => {
    const out = keepImportant(build(), 450, 0.6, "");
    expect(out.length).toBeLessThanOrEqual(450);
    expect(out.includes("test_shop.lua:94: attempt to index a nil value (field 'refunds')\n")).toBe(true);
    expect(out.includes("test_shop.lua:34: expected: 3, actual: 4\n")).toBe(true);
  });
});

/** The whole of `s` opens with a file's line. */
function opens(s: string): bool {
  return opensWithPlace(s, 0, s.length);
}

describe("opensWithPlace: a line that opens with a file's line", () => {
  it("finds a place at the margin, indented, or after an ordinal", () => {
    expect(opens("test_shop.lua:36: expected: 7, actual: 6")).toBe(true);
    expect(opens("    1. test_shop.c:80  - CU_ASSERT_EQUAL(total(2, 12),25)")).toBe(true);
    expect(opens("  2) src/tax.js:15:3 expected 22")).toBe(true);
  });

  it("takes a row led by a count, quoted code, a table row or prose for none", () => {
    expect(opens("     1  src/format.ts:4")).toBe(false);
    expect(opens("12 |   total += rows[i].qty;")).toBe(false);
    expect(opens("  42 | cart     |     3")).toBe(false);
    expect(opens("The total moved to src/tax.c:12 last week.")).toBe(false);
    expect(opens("   |")).toBe(false);
  });
});

describe("scanImportant: a verdict after an ellipsis", () => {
  it("flags a verdict glued to the dots, and still no name's component", () => {
    expect(scanImportant("Suite: tax\n  Test: total ...FAILED\n  Test: rows ...passed\n").count).toBe(1);
    expect(scanImportant("checking for zlib...ERROR\n").count).toBe(1);
    expect(scanImportant("see lib.error and src/fail.c\n").count).toBe(0);
  });

  it("flags no spread or range of code, whose dots open a name", () => {
    expect(scanImportant("line one\n  const all = [...errors, e];\n").count).toBe(0);
    expect(scanImportant("line one\n  return {...failed};\n").count).toBe(0);
    expect(scanImportant("line one\n  ...warnings,\n").count).toBe(0);
    expect(scanImportant("line one\n  ...exception\n").count).toBe(0);
    expect(scanImportant("line one\n  let r = 0..errors;\n").count).toBe(0);
    expect(scanImportant("git log main..fail\n").count).toBe(0);
  });
});
