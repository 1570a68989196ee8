// Line shapes read an indentation by a tab as a column of its own: a test's message
// under four spaces is not taken for one of the frames under a tab. The input is built
// line by line below.
import { shapesOf } from "./support/refined";

describe("line shapes: an indentation by a tab is a column of its own", () => {
  it("sets a message under four spaces apart from the frames under a tab", () => {
    // Lines 1–40: "    --- PASS: TestVat/vat_N (0.00s)"; 41: a test's message under
    // four spaces, its tokens all holding digits; 42–53: six frames, each a function
    // line and its location under a tab (tokens with digits too).
    const lines = new Array<string>();
    for (let i = 1; i <= 40; i++) lines.push("    --- PASS: TestVat/vat_" + i.toString() + " (0.00s)");
    lines.push("    inventory_test.go:61: PriceWithVat(1999, 19) = 2378, want 2379");
    for (let i = 0; i < 6; i++) {
      lines.push("testing.tRunner(0xc0000f8000, 0x530770)");
      lines.push("\t/usr/lib/go-1.19/src/testing/testing.go:" + (1446 + i).toString() + " +0x10b");
    }
    const s = shapesOf(lines.join("\n") + "\n");
    expect(s.deviation(40, true)).toBeGreaterThan(0);
  });
});
