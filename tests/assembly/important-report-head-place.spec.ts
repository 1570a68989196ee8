// A failure's report that opens with its place on a line of its own, one line above the line
// that says what failed ("test_shop.cpp:164:Assertion" over "Test name: CurrencyTest::testRate"
// over "double equality assertion failed"), a token alone at the margin: the flagged line's block
// reaches up to that place, so that a kept failure says where it is. A diagnostic of its own
// there, a line that only names a place further in (prose), a quoted line of code and a
// warning's block (no context) do not reach it.
import { Kind } from "../../assembly/important/kinds";
import { blockText } from "./support/block-text";

const REPORT =
  "TaxTest::testRate : OK\n" +
  "test_shop.cpp:164:Assertion\n" +
  "Test name: CurrencyTest::testRate\n" +
  "double equality assertion failed\n" +
  "- Expected: 1.25\n";

describe("blockOf: the place a failure's report opens with", () => {
  it("reaches up past the test's name to the report's place", () => {
    expect(blockText(REPORT, 4, Kind.Failure).startsWith("test_shop.cpp:164:Assertion\nTest name: CurrencyTest::testRate\ndouble equality")).toBe(true);
  });

  it("keeps one line of context when the line two up is a diagnostic of its own", () => {
    const s = "shop_shipping.adb:19:07: warning: variable \"Weight\" is not referenced [-gnatwu]\n" +
      "shop_shipping.adb:26:07: warning: variable \"Weight\" is not referenced [-gnatwu]\n" +
      "shop_shipping.adb:35:20: error: invalid operand types for operator \"*\"\n";
    expect(blockText(s, 3, Kind.Error).startsWith("shop_shipping.adb:26:07:")).toBe(true);
  });

  it("keeps one line of context when the line two up names a place only further in (prose)", () => {
    const s = "The fix for src/tax.c:12 landed last week.\nTest name: vat\nassertion failed\n";
    expect(blockText(s, 3, Kind.Error)).toBe("Test name: vat\nassertion failed\n");
  });

  it("keeps one line of context when the line two up is a quoted line of code", () => {
    const s = "   12 |   total = rate(tax.c:3)\nTest name: vat\nassertion failed\n";
    expect(blockText(s, 3, Kind.Error)).toBe("Test name: vat\nassertion failed\n");
  });

  it("keeps one line of context when the lone token two up is no place with a line and a colon", () => {
    for (let i = 0; i < 4; i++) {
      const head = ["api.example.com:443", "console.log(1)", "tests/test_a.py::test_b", "a.c:3"][i];
      expect(blockText(head + "\nTest name: vat\nassertion failed\n", 3, Kind.Error)).toBe("Test name: vat\nassertion failed\n");
    }
  });

  it("takes no place for a warning, which takes no context", () => {
    const s = "test_shop.cpp:164:Assertion\nTest name: vat\nwarning: slow test\n";
    expect(blockText(s, 3, Kind.Warning)).toBe("warning: slow test\n");
  });

  it("stops at the output's second line", () => {
    const s = "Test name: vat\nassertion failed\n";
    expect(blockText(s, 2, Kind.Error)).toBe(s);
  });
});
