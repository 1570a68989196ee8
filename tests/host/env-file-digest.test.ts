// A dotenv file read whole (`cat .env`, 183 lines of `NAME=value`, `export NAME=value` and
// comments) is read as settings, not as JavaScript: the outline of its keys names the
// override near its end that a program's first page would cut off.
import { describe, expect, it } from "vitest";
import { compact } from "../../host/pipeline.js";
import { tuningFixture } from "./support/tuning-fixture.js";

const BALANCED = 4000;

describe("a file of assignments read whole", () => {
  const { input, hint } = tuningFixture("file-env-service");
  const text = compact(input, { level: "balanced" }, { hint }).llmContent;

  it("is not taken for a program", () => {
    expect(text.length).toBeLessThanOrEqual(BALANCED);
    expect(text.split("\n")[0]).toBe("Read .env (183 lines, 4.8 KB)");
    expect(text).toMatch(/^Outline: 136 statements \(\d+ keys\); \d+ comment blocks$/m);
  });

  it("names the override at its end and keeps the first settings on the page", () => {
    // Line 180 sets PRICING_TIMEOUT_MS again; line 53 is the first setting of it.
    expect(text).toContain("PRICING_TIMEOUT_MS=9000 L180");
    expect(text).toContain("\n53: PRICING_TIMEOUT_MS=2000\n");
    expect(text).toContain("\n60: SEARCH_URL=http://search.internal:7007\n");
  });
});
