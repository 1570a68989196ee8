// Numbered (the minimal level), an error that repeats a message in a place of its own is
// offered before the key lines of the errors chosen: its own line says where it failed, which
// the first failure's "Expected:"/"Received:" lines cannot say for it. The input is built line
// by line below.
import { keepImportant } from "../../assembly/important";

/**
 * Lines 1–30, 34–60 and 64–90: passing cases; 31, 61, 91: "tests/shop.c:N: Failure", each
 * followed by "  Expected: N" and "  Received: N+1"; 94: the totals.
 */
function threeFailures(): string {
  const lines = new Array<string>();
  const places = [10, 20, 30];
  for (let k = 0; k < 3; k++) {
    for (let i = 1; i <= 30 - (k == 0 ? 0 : 3); i++) lines.push("ok case " + (lines.length + 1).toString() + " passed in 3 ms");
    const n = places[k];
    lines.push("tests/shop.c:" + n.toString() + ": Failure");
    lines.push("  Expected: " + n.toString());
    lines.push("  Received: " + (n + 1).toString());
  }
  lines.push("3 failed, 84 passed");
  return lines.join("\n") + "\n";
}

describe("keepImportant under the small budget: a repeated error's own line before the context of the first", () => {
  it("keeps every failure's line when the first one's context would crowd the others out", () => {
    const text = threeFailures();
    expect(text.includes("\ntests/shop.c:20: Failure\n")).toBe(true);
    const out = keepImportant(text, 200, 0.5, "");
    expect(out.length).toBeLessThanOrEqual(200);
    expect(out.includes("31: tests/shop.c:10: Failure")).toBe(true);
    expect(out.includes("61: tests/shop.c:20: Failure")).toBe(true);
    expect(out.includes("91: tests/shop.c:30: Failure")).toBe(true);
  });

  it("still gives the first failure's context the room the failures' lines leave", () => {
    const out = keepImportant(threeFailures(), 240, 0.5, "");
    expect(out.length).toBeLessThanOrEqual(240);
    expect(out.includes("61: tests/shop.c:20: Failure")).toBe(true);
    expect(out.includes("32:   Expected: 10")).toBe(true);
    expect(out.includes("33:   Received: 11")).toBe(true);
  });
});
