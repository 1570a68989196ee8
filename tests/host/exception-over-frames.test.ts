// A Java exception over its tab-indented frames is the failure the trace reports, at any
// budget: frames that name their function ("\tat shop.Cart.add(Cart.java:10)") are not
// the bare locations under a Go frame's function line, so the exception above them stays
// flagged. On a real capture of the tuning part (JUnit 4's runner, two failures).
import { describe, expect, it } from "vitest";
import { compact } from "../../host/pipeline.js";
import { tuningFixture } from "./support/tuning-fixture.js";

describe("an exception over frames that name their function", () => {
  it("keeps both failures' exceptions and headers under a 600-char budget (JUnit 4)", () => {
    const { meta, input, hint } = tuningFixture("junit4-runner-failures");
    const text = compact(input, { budget: 600 }, { hint }).llmContent;
    expect(text.length).toBeLessThanOrEqual(600);
    for (const line of meta.facts.errorLines) expect(text, line).toContain(line);
  });
});
