// At the minimal level (≈ 800 chars) the errors that repeat a message in another place come
// before the context of the errors chosen first, on a real capture of the tuning part of the
// corpus: each error's own line says what failed this time.
import { describe, expect, it } from "vitest";
import { compact } from "../../host/pipeline.js";
import { tuningFixture } from "./support/tuning-fixture.js";

describe("minimal level: a repeated error's line before the context of the first", () => {
  it("names every URL that answered 404 before the response headers of the first (wget -S)", () => {
    const { input, hint, meta } = tuningFixture("wget-S-loopback-missing");
    const text = compact(input, { level: "minimal" }, { hint }).llmContent;
    expect(text.length).toBeLessThanOrEqual(800);
    // Each "ERROR 404: File not found." is introduced by the URL line above it.
    for (const line of meta.facts.errorLines) expect(text, line).toContain(line);
    expect(text).toContain("ERROR 404: File not found.");
  });
});
