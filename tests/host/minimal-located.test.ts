// The minimal level (≈ 800 chars) offers the error lines that name where a failure is
// (a file and line, a test in its file) before rarer ones that name nothing, on a real
// capture of the corpus's tuning part: a build's compiler errors by file and line come
// before the tool's own help around them ("[ERROR] -> [Help 1]", "Re-run … -X", a URL).
import { describe, expect, it } from "vitest";
import { compact } from "../../host/pipeline.js";
import { tuningFixture } from "./support/tuning-fixture.js";

describe("minimal level: located errors before unlocated ones", () => {
  it("keeps a build's compiler errors by file and line rather than its help lines (mvn)", () => {
    const { meta, input, hint } = tuningFixture("mvn-offline-compile-failure");
    const text = compact(input, { level: "minimal" }, { hint }).llmContent;
    expect(text.length).toBeLessThanOrEqual(800);
    // Three of the four compiler errors ("Dunning.java:[8,43] cannot find symbol", …), each
    // message once: the fourth repeats the first one's words for another line.
    const kept = meta.facts.errorLines.filter((line) => text.includes(line));
    expect(kept.length).toBeGreaterThanOrEqual(3);
    expect(text).toContain("Exporter.java:[13,23] cannot find symbol");
    expect(text).toContain("VatCalculator.java:[16,35] incompatible types");
    // The help that names no place waits for them: shown only in room an error left out would not fit.
    const missing = meta.facts.errorLines.filter((line) => !text.includes(line));
    if (text.includes("-> [Help 1]")) for (const line of missing) expect(line.length).toBeGreaterThan(800 - text.length + "46: [ERROR] -> [Help 1]\n".length);
    expect(text).not.toContain("Re-run Maven using the -X switch");
    expect(text).not.toContain("[ERROR]   symbol:");
  });
});
