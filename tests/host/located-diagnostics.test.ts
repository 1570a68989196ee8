// A failed checker that prints one "path:line: message" line per problem, with no
// severity word, no code and no column (msgfmt -c), on a real capture of the tuning part:
// those lines are its error lines, kept verbatim before its warnings at both levels.
import { describe, expect, it } from "vitest";
import { compact } from "../../host/pipeline.js";
import { tuningFixture } from "./support/tuning-fixture.js";

function digest(id: string, level: "minimal" | "balanced", budget: number) {
  const { meta, input, hint } = tuningFixture(id);
  const text = compact(input, { level }, { hint }).llmContent;
  expect(text.length).toBeLessThanOrEqual(budget);
  return { facts: meta.facts as { errorLines: string[] }, text };
}

/** The fixture's error lines that are "path:line: message" diagnostics. */
function diagnostics(errorLines: string[]): string[] {
  return errorLines.filter((line) => /^[^\s:]+:\d+: /.test(line));
}

describe("a failed checker's bare located lines are its error lines (msgfmt -c)", () => {
  it("keeps them before its header warnings at minimal, with its totals", () => {
    const { facts, text } = digest("msgfmt-check-fr", "minimal", 800);
    const kept = diagnostics(facts.errorLines).filter((line) => text.includes(line));
    expect(kept.length).toBeGreaterThanOrEqual(5);
    expect(text).not.toContain("warning: header field");
    expect(text).toContain("msgfmt: found 45 fatal errors");
    expect(text).toContain("216 translated messages, 24 untranslated messages.");
  });

  it("keeps all but a few of the 45 at balanced, each verbatim", () => {
    const { facts, text } = digest("msgfmt-check-fr", "balanced", 4000);
    const all = diagnostics(facts.errorLines);
    expect(all.length).toBe(45);
    const kept = all.filter((line) => text.includes(line));
    expect(kept.length).toBeGreaterThanOrEqual(42);
    expect(text).not.toContain("warning: header field");
  });
});
