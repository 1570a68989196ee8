// A C checker's findings state neither a severity nor a code ("src/cart.c:17:8: Arrow access
// from possibly null pointer row: row->name"), yet they are what the failed run reports: they
// are its error lines, and the closing total that counts them ("Finished checking --- 32 code
// warnings") is its outcome, kept beside them (splint).
import { describe, expect, it } from "vitest";
import { compact } from "../../host/pipeline.js";
import { tuningFixture } from "./support/tuning-fixture.js";

function digest(level: "minimal" | "balanced") {
  const { input, hint } = tuningFixture("splint-c-library");
  return compact(input, { level }, { hint }).llmContent;
}

/** The findings at the margin a digest shows, "path:line:col: message" as numbered lines show them. */
function findingsIn(text: string): string[] {
  return text.split("\n").filter((l) => /^\d+: src\/[a-z]+\.c:\d+:\d+: [A-Z]/.test(l));
}

describe("a checker's codeless findings are its error lines (splint)", () => {
  it("shows each kind of finding and the closing total at the minimal level", () => {
    const text = digest("minimal");
    expect(text.length).toBeLessThanOrEqual(800);
    const kinds = new Set(findingsIn(text).map((l) => l.replace(/^\d+: src\/[a-z]+\.c:\d+:\d+: /, "").slice(0, 12)));
    expect(kinds).toEqual(new Set(["Possibly nul", "Arrow access", "Buffer overf", "Return value"]));
    expect(text).toMatch(/^104: Finished checking --- 32 code warnings$/m);
  });

  it("shows most of the findings at the balanced level", () => {
    expect(findingsIn(digest("balanced")).length).toBeGreaterThanOrEqual(24);
  });
});
