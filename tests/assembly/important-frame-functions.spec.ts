// A keyword in the line that names a frame's function ("panic({…})" over its location
// alone under a tab) is the function's name: no failure of its own. The input is built
// line by line below.
import { refined } from "./support/refined";

describe("refineScan: a keyword that names a frame's function", () => {
  it("flags the panic, not the frame of the function named panic under it", () => {
    // 1: the panic; 2: blank; 3: the goroutine; 4: a frame's function "panic(…)";
    // 5: its location alone, under a tab; 6–7: the test's frame and its location.
    const text = [
      "panic: assignment to entry in nil map",
      "",
      "goroutine 69 [running]:",
      "panic({0x509fc0, 0x553490})",
      "\t/usr/lib/go-1.19/src/runtime/panic.go:884 +0x212",
      "example.test/shop/inventory.TestSlugIndex(0xc0000f3d40?)",
      "\t/work/shop/inventory/inventory_test.go:89 +0x49",
    ].join("\n") + "\n";
    const flagged = refined(text, 1);
    expect(flagged.includes("1:trace")).toBe(true);
    expect(flagged.includes("4:")).toBe(false);
  });
});

describe("refineScan: an exception over a frame that names its own function", () => {
  it("flags the exception: the frame under it is not a location alone", () => {
    // 1: a failed test's header; 2: the exception it threw; 3–4: frames under a tab,
    // each naming its function ("at shop.Cart.add(…)"), so line 2 names no frame's function.
    const text = [
      "1) rejectsZeroQuantity(shop.CartTest)",
      "java.lang.IllegalArgumentException: quantity must be positive: 0",
      "\tat shop.Cart.add(Cart.java:10)",
      "\tat shop.CartTest.rejectsZeroQuantity(CartTest.java:41)",
    ].join("\n") + "\n";
    const flagged = refined(text, 1);
    expect(("," + flagged).includes(",2:")).toBe(true);
  });
});
