// Numbered (the minimal level), what each failure expected and what came instead is
// offered for every failure before the frames of any: a frame costs several of those short
// lines. A first frame that only names a place comes with them. The input is built line by
// line below.
import { keepImportant } from "../../assembly/important";

const HINT = "; read more: x";

/**
 * Lines 1–40: passing specs; then three failures of eight lines each (41–48, 49–56, 57–64):
 * "  ● name", blank, "    Expected: …", "    Received: …", blank, the frame
 * `frameHead` + (160 + k) + `frameTail`, blank, blank; 65: the totals.
 */
function failingRun(frameHead: string, frameTail: string): string {
  const lines = new Array<string>();
  for (let i = 1; i <= 40; i++) lines.push("  ✓ case " + i.toString() + " (1 ms)");
  const names = ["priceWithVat rounds half up", "slug strips accents", "reserve takes the last unit"];
  for (let k = 0; k < 3; k++) {
    lines.push("  ● " + names[k]);
    lines.push("");
    lines.push('    Expected: "want-' + k.toString() + '"');
    lines.push('    Received: "got-' + k.toString() + '"');
    lines.push("");
    lines.push(frameHead + (160 + k).toString() + frameTail);
    lines.push("");
    lines.push("");
  }
  lines.push("Tests:       3 failed, 40 passed, 43 total");
  return lines.join("\n") + "\n";
}

describe("keepImportant under the small budget: what each failure expected, before any frame", () => {
  it("shows every failure's expected and received lines before the frames of the first", () => {
    // failingRun() with a frame 100 units long.
    const out = keepImportant(failingRun("      at Object.toEqual (test/" + "deep/".repeat(12) + "inventory.test.js:", ":34)"), 420, 0.5, HINT);
    expect(out.length).toBeLessThanOrEqual(420);
    for (let k = 0; k < 3; k++) {
      const at = 43 + 8 * k;
      expect(out.includes(at.toString() + ':     Expected: "want-' + k.toString() + '"')).toBe(true);
      expect(out.includes((at + 1).toString() + ':     Received: "got-' + k.toString() + '"')).toBe(true);
    }
  });

  it("offers a first frame that only names a place together with what was expected", () => {
    // As above, but each failure's frame only names a place ("      at t (a.test.js:160:3)"):
    // lines 46, 54 and 62.
    const out = keepImportant(failingRun("      at t (a.test.js:", ":3)"), 420, 0.5, HINT);
    expect(out.length).toBeLessThanOrEqual(420);
    // Each failure's statement, and the places of the first two: a place costs little.
    for (let k = 0; k < 3; k++) expect(out.includes((43 + 8 * k).toString() + ':     Expected: "want-' + k.toString() + '"')).toBe(true);
    expect(out.includes("46:       at t (a.test.js:160:3)")).toBe(true);
    expect(out.includes("54:       at t (a.test.js:161:3)")).toBe(true);
  });
});
