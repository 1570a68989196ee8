// Numbered (the minimal level), the first few errors that repeat a message in a place of
// their own come before the lines that only break the output's rhythm: "shop_test.cc:215:
// Failure" says where a second test failed, "the mailer total drifted …" only stands out.
// So does a repeated message under a numbered failure ("     Assertion with == failed"
// under "  2) test step 29 (Shop.StockTest)"): the number's line says which test failed.
// And a line a chosen one shows word for word, even inside a longer line, is not offered:
// a runner's closing list ("[  FAILED  ] CheckoutTest.Fails") repeats each failure's line
// ("[  FAILED  ] CheckoutTest.Fails (0 ms)") without its time. The inputs are built below.
import { keepImportant } from "../../assembly/important";

/** ExUnit's report of four failed tests, each numbered, its place, its message and values, and its frame. */
function numberedFailures(): string {
  const lines = ["Running ExUnit with seed: 0, max_cases: 4", ""];
  const names = ["unknown sku", "step 29", "step 30", "bulk discount"];
  for (let k = 0; k < 4; k++) {
    const at = 10 + 8 * k;
    lines.push("  " + (k + 1).toString() + ") test " + names[k] + " (Shop.StockTest)");
    lines.push("     test/stock_test.exs:" + at.toString());
    lines.push("     Assertion with == failed");
    lines.push('     code:  assert Stock.reserve(@levels, "SKU-' + k.toString() + '", ' + (k + 1).toString() + ") == {:error, :unknown}");
    lines.push("     left:  {:error, :unknown_sku_" + k.toString() + "}");
    lines.push("     right: {:error, :unknown}");
    lines.push("     stacktrace:");
    lines.push("       test/stock_test.exs:" + (at + 1).toString() + ": (test)");
    lines.push("");
  }
  lines.push("Finished in 0.1 seconds (0.1s async, 0.00s sync)");
  lines.push("40 tests, 4 failures");
  return lines.join("\n") + "\n";
}

const FAILURES = ["checkout", "mailer", "pricing", "tax"];
const PLACES = [93, 215, 248, 365];

/** Per failure: 40 passing lines, "shop_test.cc:N: Failure" and a line without keyword; then the totals. */
function driftingTotals(): string {
  const lines = new Array<string>();
  for (let k = 0; k < FAILURES.length; k++) {
    for (let i = 0; i < 40; i++) lines.push("ok " + FAILURES[k] + " case " + i.toString() + " passed in 3 ms");
    lines.push("shop_test.cc:" + PLACES[k].toString() + ": Failure");
    lines.push("the " + FAILURES[k] + " total drifted by one cent after rounding");
  }
  lines.push("4 failed, 160 passed");
  return lines.join("\n") + "\n";
}

/**
 * Per failure: 40 passing tests, its place, its values and "[  FAILED  ] …Test.Fails (0 ms)";
 * then the runner's list, each name there ending in `listed` in place of "Fails".
 */
function runnerList(listed: string = "Fails"): string {
  const lines = new Array<string>();
  const names = ["Checkout", "Mailer", "Pricing", "Tax"];
  for (let k = 0; k < names.length; k++) {
    for (let i = 0; i < 40; i++) {
      lines.push("[ RUN      ] " + names[k] + "Test.Case" + i.toString());
      lines.push("[       OK ] " + names[k] + "Test.Case" + i.toString() + " (0 ms)");
    }
    lines.push("[ RUN      ] " + names[k] + "Test.Fails");
    lines.push("shop_test.cc:" + PLACES[k].toString() + ": Failure");
    lines.push("Expected equality of these values:");
    lines.push("  total(" + PLACES[k].toString() + ")");
    lines.push("    Which is: " + (PLACES[k] + 1).toString());
    lines.push("  " + PLACES[k].toString());
    lines.push("[  FAILED  ] " + names[k] + "Test.Fails (0 ms)");
  }
  lines.push("[  PASSED  ] 160 tests.");
  lines.push("[  FAILED  ] 4 tests, listed below:");
  for (let k = 0; k < names.length; k++) lines.push("[  FAILED  ] " + names[k] + "Test." + listed);
  lines.push("");
  lines.push(" 4 FAILED TESTS");
  return lines.join("\n") + "\n";
}

describe("keepImportant under the small budget: a failure's own place before a line that only stands out", () => {
  it("keeps every failure's place when the lines without keyword would crowd them out", () => {
    const out = keepImportant(driftingTotals(), 300, 0.5, "");
    expect(out.length).toBeLessThanOrEqual(300);
    expect(out.includes("41: shop_test.cc:93: Failure")).toBe(true);
    expect(out.includes("83: shop_test.cc:215: Failure")).toBe(true);
    expect(out.includes("125: shop_test.cc:248: Failure")).toBe(true);
    expect(out.includes("167: shop_test.cc:365: Failure")).toBe(true);
  });

  it("still gives a line that stands out the room the places leave", () => {
    const out = keepImportant(driftingTotals(), 360, 0.5, "");
    expect(out.length).toBeLessThanOrEqual(360);
    expect(out.includes("167: shop_test.cc:365: Failure")).toBe(true);
    expect(out.includes("42: the checkout total drifted by one cent after rounding")).toBe(true);
  });
});

describe("keepImportant under the small budget: a line shown inside a longer chosen one", () => {
  it("is not offered again, and its room goes to another failure's place", () => {
    const text = runnerList();
    expect(text.includes("\n[  FAILED  ] CheckoutTest.Fails\n")).toBe(true);
    const out = keepImportant(text, 500, 0.5, "");
    expect(out.length).toBeLessThanOrEqual(500);
    expect(out.includes("87: [  FAILED  ] CheckoutTest.Fails (0 ms)")).toBe(true);
    expect(out.includes("351: ")).toBe(false);
    expect(out.includes("169: shop_test.cc:215: Failure")).toBe(true);
  });

  it("is offered when the longer line holds it only up to the middle of a word", () => {
    // "CheckoutTest.Fail" is another test than "CheckoutTest.Fails": its line says something new.
    const out = keepImportant(runnerList("Fail"), 500, 0.5, "");
    expect(out.length).toBeLessThanOrEqual(500);
    expect(out.includes("351: [  FAILED  ] CheckoutTest.Fail\n")).toBe(true);
  });
});

describe("keepImportant under the small budget: a repeated message under a numbered failure", () => {
  it("brings the title of another failed test before the first one's frame", () => {
    const out = keepImportant(numberedFailures(), 500, 0.5, "");
    expect(out.length).toBeLessThanOrEqual(500);
    expect(out.includes("3:   1) test unknown sku (Shop.StockTest)")).toBe(true);
    expect(out.includes("12:   2) test step 29 (Shop.StockTest)")).toBe(true);
  });
});
