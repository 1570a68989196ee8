// At the minimal level (800 chars, laid out numbered) the first errors that repeat a message in
// a place of their own come before the lines that only break the output's rhythm, and a line a
// chosen one shows inside a longer line is not shown again: on a real capture of the tuning
// part of the corpus, googletest's "shop_test.cc:N: Failure" lines before "empty field dropped
// in mailer", and its closing list "[  FAILED  ] CheckoutTest.RoundsHalfUp" left to the
// failure's own "[  FAILED  ] CheckoutTest.RoundsHalfUp (0 ms)".
import { describe, expect, it } from "vitest";
import { compact } from "../../host/pipeline.js";
import { tuningFixture } from "./support/tuning-fixture.js";

describe("minimal level: a failure's own place before a line that only stands out", () => {
  it("shows the places of four failed tests within 800 chars (googletest)", () => {
    const { input, hint } = tuningFixture("googletest-expectation-failures");
    const text = compact(input, { level: "minimal" }, { hint }).llmContent;
    expect(text.length).toBeLessThanOrEqual(800);
    for (const place of [93, 215, 248, 365]) expect(text).toContain(`: shop_test.cc:${place}: Failure\n`);
    expect(text).toContain("[  FAILED  ] CheckoutTest.RoundsHalfUp (0 ms)");
    expect(text).not.toMatch(/^\d+: \[ {2}FAILED {2}\] CheckoutTest\.RoundsHalfUp$/m);
  });
});
