// A runner that lists a failed scenario's steps marks the ones that passed with a check
// and names where each is defined ("   ✔ Given a cart with 4 cheese #
// features/support/steps.js:10"). Such a line reports a pass: it is no frame of the failure,
// and a small budget does not spend room on it as one.
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

  it("still takes the frames and located lines of the failure", () => {
    expect(frame("           at World.<anonymous> (/tmp/shop/features/support/steps.js:26:10)")).toBe(true);
    expect(frame("   ✖ Then the total is 17.15 # features/support/steps.js:22")).toBe(true);
    expect(frame("       shop.CartTest.total(CartTest.java:138)")).toBe(true);
  });
});
