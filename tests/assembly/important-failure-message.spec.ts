// A test's failure that names no place ("✘ Step 6") states what it failed with on the first
// line of words just below it and deeper ("   │ Undefined array key "luxury""), before
// where it failed: under a small budget that line is offered with the failure, before its
// frames. The input is built line by line below.
import { keepImportant } from "../../assembly/important";

const HINT = "; read more: x";

/**
 * Lines 1–30: " ✔ Step k" passes; then three failures of six lines each (31–36, 37–42,
 * 43–48): " ✘ Step k", "   │", "   │ Undefined array key "bandK"", "   │",
 * "   │ /srv/app/tests/BandsTest.php:4K", "   │"; then lines 49–78 passes again.
 */
function testRun(): string {
  const lines = new Array<string>();
  for (let i = 1; i <= 30; i++) lines.push(" \u2714 Step " + i.toString());
  for (let k = 0; k < 3; k++) {
    lines.push(" \u2718 Band " + k.toString());
    lines.push("   \u2502");
    lines.push("   \u2502 Undefined array key \"band" + k.toString() + "\"");
    lines.push("   \u2502");
    lines.push("   \u2502 /srv/app/tests/BandsTest.php:4" + k.toString());
    lines.push("   \u2502");
  }
  for (let i = 31; i <= 60; i++) lines.push(" \u2714 Step " + i.toString());
  return lines.join("\n") + "\n";
}

describe("keepImportant under the small budget: the message under a test's failure", () => {
  it("keeps each failure's message line", () => {
    const out = keepImportant(testRun(), 400, 0.5, HINT);
    expect(out.length).toBeLessThanOrEqual(400);
    expect(out.includes("33:    \u2502 Undefined array key \"band0\"")).toBe(true);
    expect(out.includes("45:    \u2502 Undefined array key \"band2\"")).toBe(true);
  });

  it("takes no line at the failure's own depth for its message", () => {
    // The line under the failure at its depth is the next test's, not its message.
    const text = testRun().replace("   \u2502\n   \u2502 Undefined array key \"band0\"", " \u2714 Step 0\n \u2714 Step 00");
    const out = keepImportant(text, 400, 0.5, HINT);
    expect(out.length).toBeLessThanOrEqual(400);
    expect(out.includes(":  \u2714 Step 0\n")).toBe(false);
  });
});
