// A failure's labelled detail: an indented "key: value" line right under a failure line
// (within DETAIL_LINES of it) names what failed ("  symbol:   variable taxRate" under
// "cannot find symbol"), and is offered with the failure's expected and actual lines,
// before a further head or tail line. The input is built line by line below.
import { keepImportant } from "../../assembly/important";

const HINT = "; read more: x";

/**
 * Lines 1–30: "ROW-k    qty 2 price 9.50"; then three failures of five lines each
 * (31–35, 36–40, 41–45): "Error:", "cannot find symbol", "  symbol:   variable rateK",
 * "double taxed = subtotal * rateK;", "             ^^^^^"; then lines 46–75 rows again.
 */
function scriptRun(): string {
  const lines = new Array<string>();
  for (let i = 1; i <= 30; i++) lines.push("ROW-" + i.toString() + "    qty 2 price 9.50");
  for (let k = 0; k < 3; k++) {
    lines.push("Error:");
    lines.push("cannot find symbol");
    lines.push("  symbol:   variable rate" + k.toString());
    lines.push("double taxed = subtotal * rate" + k.toString() + ";");
    lines.push("                          ^^^^^");
  }
  for (let i = 31; i <= 60; i++) lines.push("ROW-" + i.toString() + "    qty 2 price 9.50");
  return lines.join("\n") + "\n";
}

describe("keepImportant under the small budget: the labelled detail under a failure", () => {
  it("keeps the first and the last failure's \"symbol:\" line", () => {
    const out = keepImportant(scriptRun(), 420, 0.5, HINT);
    expect(out.length).toBeLessThanOrEqual(420);
    expect(out.includes("33:   symbol:   variable rate0")).toBe(true);
    expect(out.includes("43:   symbol:   variable rate2")).toBe(true);
  });

  it("does not take a labelled line above the failure, or one past DETAIL_LINES, for a detail", () => {
    // "  note:   see above" two lines above the first failure (line 29) is no detail of it:
    // only the lines under "Error:" count.
    const text = scriptRun().replace("ROW-29    qty 2 price 9.50", "  note:   see above");
    const out = keepImportant(text, 420, 0.5, HINT);
    expect(out.length).toBeLessThanOrEqual(420);
    expect(out.includes("29:   note:   see above")).toBe(false);
    expect(out.includes("33:   symbol:   variable rate0")).toBe(true);
  });
});
