// A line that says how to turn a warning off ("note: place parentheses around the assignment to
// silence this warning") is advice under a finding, not a warning of its own: its room goes to
// findings of other checks (clang-tidy).
import { describe, expect, it } from "vitest";
import { compact } from "../../host/pipeline.js";
import { tuningFixture } from "./support/tuning-fixture.js";

describe("advice on silencing a warning is no warning (clang-tidy)", () => {
  const { meta, input, hint } = tuningFixture("clang-tidy-cpp-service");
  const text = compact(input, { budget: 8000 }, { hint }).llmContent;

  it("leaves out the notes that say how to silence a finding", () => {
    expect(input.output.toString("utf8")).toContain("to silence this warning");
    expect(text).not.toContain("to silence this warning");
  });

  it("shows the checks those notes left no room for", () => {
    for (const check of ["[modernize-deprecated-headers]", "[modernize-loop-convert]", "[modernize-use-nodiscard]", "[readability-braces-around-statements]"]) {
      expect(meta.facts.mustKeep).toContain(check);
      expect(text).toContain(check);
    }
  });
});
