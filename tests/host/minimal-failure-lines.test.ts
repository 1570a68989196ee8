// At the minimal level (≈ 800 chars) a failure's room goes to what it states, on real
// captures of the tuning part of the corpus: what a failed spec expected rather than a
// frame that names no file, a TAP report's expected and actual values and its totals
// rather than the keys that name the failure's kind, and the start of a last line too
// long for the tail (a link step) rather than nothing, and a runner's tests marked ❌
// rather than its banner.
import { describe, expect, it } from "vitest";
import { compact } from "../../host/pipeline.js";
import { tuningFixture } from "./support/tuning-fixture.js";

function minimal(id: string): string {
  const { input, hint } = tuningFixture(id);
  const text = compact(input, { level: "minimal" }, { hint }).llmContent;
  expect(text.length).toBeLessThanOrEqual(800);
  return text;
}

describe("minimal level: what a failure states", () => {
  it("shows what a failed spec expected, not a frame that names no file (jasmine)", () => {
    const text = minimal("jasmine-failures");
    expect(text).toContain("1) inventory priceWithVat rounds half to even cents");
    expect(text).toContain("Expected 2378 to equal 2379.");
    expect(text).not.toContain("at <Jasmine>");
    expect(text).not.toMatch(/^\d+:\s+Stack:$/m);
  });

  it("takes a TAP report's expected and actual values and its totals as values, not as section names (node --test)", () => {
    const text = minimal("node-test-tap-failures");
    for (const line of ["not ok 70 - priceWithVat rounds half to even cents", "expected: 2379", "actual: 2378", "# tests 113", "# pass 110", "# fail 3"]) {
      expect(text, line).toContain(line);
    }
  });

  it("shows the start of a link line too long for the tail, cut with its own marker (make)", () => {
    const text = minimal("make-c-warnings-only");
    expect(text).toMatch(/^320: gcc -o bin\/inventory build\/buffer\.o .* \[\.\.\.[\d,]+ chars omitted\.\.\.\]$/m);
    expect(text).toContain("src/hash.c:6:21: warning: comparison of integer expressions of different signedness");
  });

  it("shows the tests a runner marks with ❌, not its banner (as-pect)", () => {
    const { meta } = tuningFixture("as-pect-failing-rules");
    const text = minimal("as-pect-failing-rules");
    // Seven failing tests in six files; 800 chars hold most of them with their files.
    const shown = meta.facts.errorLines.filter((line) => text.includes(line));
    expect(shown.length).toBeGreaterThanOrEqual(4);
    expect(text).toContain("[Result]: ❌ Fail");
    expect(text).not.toContain("⚡AS-pect⚡");
  });
});
