// A summary row stating a zero count ("[ 0 containers failed ]") says nothing went wrong:
// on a real capture of the tuning part of the corpus it is neither counted among the errors
// nor given an error's room at the minimal level (≈ 800 chars).
import { describe, expect, it } from "vitest";
import { compact } from "../../host/pipeline.js";
import { tuningFixture } from "./support/tuning-fixture.js";

const MINIMAL = 800;

function minimal(id: string) {
  const { input, hint } = tuningFixture(id);
  const result = compact(input, { level: "minimal" }, { hint });
  expect(result.llmContent.length).toBeLessThanOrEqual(MINIMAL);
  return result;
}

describe("a zero count is no failure (junit console)", () => {
  it("counts and shows the rows stating failures, not those stating none", () => {
    const result = minimal("junit5-console-failures");
    const text = result.llmContent;
    expect(text).toContain("[         2 tests failed          ]");
    expect(text).not.toContain("0 containers failed");
    // Both failed tests and what they threw.
    expect(text).toContain("discountTenPercent() ✘ 10 % off 2 × 10.00 ==> expected: <1800> but was: <1799>");
    expect(text).toContain('=> java.lang.NullPointerException: Cannot invoke "String.trim()" because "<parameter1>" is null');
  });

  it("does not count a zero-count row among the errors (balanced)", () => {
    const { input, hint } = tuningFixture("junit5-console-failures");
    const result = compact(input, { level: "balanced" }, { hint });
    // labelForGuest ✘, discountTenPercent ✘, their two "=>" lines, "Failures (2):" and "2 tests failed".
    expect(result.metadata.facts?.errors).toBe(6);
  });
});
