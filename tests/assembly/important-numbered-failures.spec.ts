// A runner that numbers the failures it details ("  1) test unknown sku (Shop.StockTest)")
// prints each one's findings indented under that line, often in the same words from one
// failure to the next ("     Assertion with == failed"). The numbered line says which test
// failed: it comes with its findings under a small budget too, and with each finding that
// repeats one already chosen.
import { keepImportant } from "../../assembly/important";
import { opensNumberedItem } from "../../assembly/important/parents";
import { Shapes } from "../../assembly/important/shapes";
import { countNewlines } from "../../assembly/util/lines";

const HINT = "; read more: x";
const TESTS = ["unknown sku", "bulk discount", "zero quantity", "bands", "restock", "levels", "refund window", "vat rounding"];

/** opensNumberedItem for line i of `text` (0-based). */
function numbered(text: string, i: i32): bool {
  return opensNumberedItem(text, new Shapes(text, countNewlines(text, 0, text.length)), i);
}

/**
 * A run: a hundred passing tests' dots, then eight failures, each a numbered line over the
 * same assertion message, its code, the values that differ and the place; the totals last.
 */
function run(): string {
  let text = "Compiling 10 files (.ex)\nGenerated shop app\n";
  for (let i = 0; i < 10; i++) text += "..........\n";
  for (let i = 0; i < TESTS.length; i++) {
    text += "\n  " + (i + 1).toString() + ") test " + TESTS[i] + " (Shop.CartTest)\n";
    text += "     test/cart_test.exs:" + (10 + i * 7).toString() + "\n";
    text += "     Assertion with == failed\n";
    text += "     code:  assert Cart.total(cart_" + i.toString() + ") == " + (100 * i).toString() + "\n";
    text += "     left:  " + (100 * i + 7).toString() + "\n";
    text += "     right: " + (100 * i).toString() + "\n";
    text += "     stacktrace:\n       test/cart_test.exs:" + (11 + i * 7).toString() + ": (test)\n";
  }
  return text + "\nFinished in 0.1 seconds\n108 tests, 8 failures\n\nRandomized with seed 0\n";
}

function titlesShown(out: string): i32 {
  let n = 0;
  for (let i = 0; i < TESTS.length; i++) if (out.includes(") test " + TESTS[i] + " (Shop.CartTest)")) n++;
  return n;
}

describe("opensNumberedItem: a line that numbers an item", () => {
  it("takes a number and a closing bracket before a word, at the margin or indented", () => {
    expect(numbered("  1) test unknown sku (Shop.CartTest)\n", 0)).toBe(true);
    expect(numbered("12) inventory\n", 0)).toBe(true);
    expect(numbered("\t3) orders ships once paid\n", 0)).toBe(true);
  });

  it("refuses a number without its bracket, a long number, a bracket without a word after it", () => {
    expect(numbered("  1. test unknown sku\n", 0)).toBe(false);
    expect(numbered("  12345) too long a number\n", 0)).toBe(false);
    expect(numbered("  (1) test in brackets\n", 0)).toBe(false);
    expect(numbered("  1)  two spaces\n", 0)).toBe(false);
    expect(numbered("  1)\n", 0)).toBe(false);
    expect(numbered("  f(1) call\n", 0)).toBe(false);
  });
});

describe("keepImportant: the numbered line over each failure's findings", () => {
  it("shows most failures' numbered lines under a small budget, where other headers are left out", () => {
    const text = run();
    expect(text.length).toBeGreaterThan(1800);
    const out = keepImportant(text, 1400, 0.5, HINT);
    expect(out.length).toBeLessThanOrEqual(1400);
    expect(titlesShown(out)).toBeGreaterThanOrEqual(5);
    expect(out.includes("108 tests, 8 failures")).toBe(true);
  });

  it("shows every failure's numbered line when its repeated message is offered again", () => {
    const text = run();
    const out = keepImportant(text, 2000, 0.5, HINT);
    expect(out.length).toBeLessThanOrEqual(2000);
    expect(titlesShown(out)).toBe(TESTS.length);
  });
});
