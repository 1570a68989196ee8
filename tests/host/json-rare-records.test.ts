// An array of records cut to fit shows, besides its first and last records, those that
// hold its rarest values: a linter's JSON report shows the findings of a kind of their
// own rather than more files without any (a real capture of the corpus's tuning part).
import { describe, expect, it } from "vitest";
import { compact } from "../../host/pipeline.js";
import { tuningFixture } from "./support/tuning-fixture.js";

describe("an array's rare records are shown wherever they are", () => {
  it("shows eslint's one-off findings in its JSON report at the balanced level", () => {
    const { input, hint } = tuningFixture("eslint-json-format");
    const text = compact(input, { level: "balanced" }, { hint }).llmContent;
    expect(text.length).toBeLessThanOrEqual(4000);
    // 24 files; 11 of the 20 findings are "'next' is defined but never used.", these once each.
    expect(text).toContain(`"message":"'fonud' is not defined."`);
    expect(text).toContain(`"message":"Duplicate case label."`);
    expect(text).toContain(`"message":"The update clause in this loop moves the variable in the wro`);
    // The marker counts what it leaves out; the records shown and left out are all 24.
    const omitted = Number(/"…\+(\d+) items \(24 in all; errorCount 20 in all\)"/.exec(text)?.[1]);
    expect((text.match(/\{"filePath":/g) ?? []).length + omitted).toBe(24);
    // Records stay in their order.
    const files = [...text.matchAll(/route(\d+)\.js/g)].map((m) => Number(m[1]));
    expect(files).toEqual([...files].sort((a, b) => a - b));
  });

  it("shows each record by the member that says what it is at the minimal level", () => {
    const { input, hint } = tuningFixture("eslint-json-format");
    const text = compact(input, { level: "minimal" }, { hint }).llmContent;
    expect(text.length).toBeLessThanOrEqual(800);
    // The findings' messages vary from record to record yet recur: they stand for each
    // record and its findings, in place of the last member ("usedDeprecatedRules":[]).
    expect(text).not.toContain(`"usedDeprecatedRules":[]`);
    expect(text).toContain(`"message":"'fonud' is not defined."`);
    expect(text).toContain(`"message":"The update clause in this loop moves the variable in the wrong direction."`);
    expect(text).toContain(`"message":"Duplicate case label."`);
    // Every record left out or shown is counted: 24 in all.
    const omitted = Number(/"…\+(\d+) items \(24 in all; errorCount 20 in all\)"/.exec(text)?.[1]);
    expect((text.match(/\{"…":"\+\d+ keys","messages":/g) ?? []).length + omitted).toBe(24);
  });
});
