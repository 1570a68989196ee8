// A runner that lists a failed scenario's steps marks the ones that passed with a check, the
// ones skipped after the failure with "-" and an undefined one with "?", and names where each
// is defined ("   ✔ Given a cart with 4 cheese # features/support/steps.js:10", "   - And the
// cart has 2 lines # features/support/steps.js:29"). Such a line reports no failure: it is no
// frame of the failure, and a small budget does not spend room on it as one.
import { isFrame } from "../../assembly/important/frames";

/** isFrame over the whole of `line`. */
function frame(line: string): bool {
  return isFrame(line, 0, line.length);
}

describe("isFrame: a passed step is no frame", () => {
  it("refuses an indented line opened by a check mark, whatever place it names", () => {
    expect(frame("   ✔ Given a cart with 4 cheese # features/support/steps.js:10")).toBe(false);
    expect(frame("   ✓ When I add 1 milk # features/support/steps.js:14")).toBe(false);
    expect(frame("    √ totals a cart (src/cart.test.js:12)")).toBe(false);
  });

  it("refuses a listed step skipped or undefined, by its shape: a mark, the step, then \" # \" and where it is defined", () => {
    expect(frame("   - And the cart has 2 lines # features/support/steps.js:29")).toBe(false);
    expect(frame("   - Then the total is 8.9 # features/support/steps.js:22\r")).toBe(false);
    expect(frame("   ? And I choose express delivery # features/support/steps.js:33")).toBe(false);
  });

  it("still takes the frames and located lines of the failure", () => {
    expect(frame("           at World.<anonymous> (/tmp/shop/features/support/steps.js:26:10)")).toBe(true);
    expect(frame("   ✖ Then the total is 17.15 # features/support/steps.js:22")).toBe(true);
    expect(frame("   ✗ And the cart has 3 lines # features/support/steps.js:29")).toBe(true);
    expect(frame("     # ./spec/models/cart_spec.rb:10:in `block (2 levels) in <top (required)>'")).toBe(true);
    expect(frame("       shop.CartTest.total(CartTest.java:138)")).toBe(true);
  });
});
