// A failed linter's lines that say a name they quote is undefined ("accessing undefined
// variable 'sum'") are its errors, among findings that only note style (unused variables,
// shadowing): real capture of the corpus's tuning part (luacheck, no error word, no severity
// beyond a warning's code).
import { describe, expect, it } from "vitest";
import { compact } from "../../host/pipeline.js";
import { tuningFixture } from "./support/tuning-fixture.js";

describe("a failed run's undefined names are its error lines", () => {
  it("spends the minimal level on them rather than on unused names (luacheck)", () => {
    const { meta, input, hint } = tuningFixture("luacheck-lua-modules");
    const text = compact(input, { level: "minimal" }, { hint }).llmContent;
    expect(text.length).toBeLessThanOrEqual(800);
    const kept = meta.facts.errorLines.filter((line) => text.includes(line));
    // The undefined names are the failed run's errors: they come before the unused names that
    // only break the rhythm, which would otherwise hold the room.
    expect(kept.length).toBeGreaterThanOrEqual(6);
    expect(text).not.toContain("unused variable 'unused_catalog'");
  });

  it("keeps nearly all at 2,000 chars", () => {
    const { meta, input, hint } = tuningFixture("luacheck-lua-modules");
    const text = compact(input, { budget: 2000 }, { hint }).llmContent;
    const kept = meta.facts.errorLines.filter((line) => text.includes(line));
    expect(kept.length).toBeGreaterThanOrEqual(18);
  });
});
