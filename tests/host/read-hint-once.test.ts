// A cut output names its read hint once: the first gap marker carries it, and the markers
// after it say only what they left out and where ("lines 42–74 of 237"), which is the
// offset a read of that gap takes. Real captures of the tuning part, at the balanced level.
import { describe, expect, it } from "vitest";
import { compact } from "../../host/pipeline.js";
import { tuningFixture } from "./support/tuning-fixture.js";

const BALANCED = 4000;

function balanced(id: string): string {
  const { input, hint } = tuningFixture(id);
  const text = compact(input, { level: "balanced" }, { hint }).llmContent;
  expect(text.length).toBeLessThanOrEqual(BALANCED);
  return text;
}

const MARKER = /^\[\.\.\.[\d,]+ chars omitted\.\.\.\] lines? ([\d,]+)(?:–[\d,]+)? of [\d,]+(.*)$/gm;

describe("the read hint, once per result", () => {
  for (const id of ["cargo-fmt-check-diffs", "npm-ls-all", "pydoc-json-package", "go-test-json-failures"]) {
    it(`${id}: the first marker carries the hint at its own first line, the later ones none`, () => {
      const markers = [...balanced(id).matchAll(MARKER)];
      expect(markers.length).toBeGreaterThan(2);
      const [first, ...later] = markers;
      expect(first![2]).toMatch(new RegExp(`; read more: abridge_read id=${id} offset=${first![1]!.replaceAll(",", "")}$`));
      for (const m of later) expect(m[2]).not.toContain("read more");
    });
  }

  it("leaves a single marker's hint where it is", () => {
    const text = balanced("tsc-strict-noemit");
    expect(text).toMatch(/lines shown, numbered; read more: abridge_read id=tsc-strict-noemit offset=\d+\n/);
  });
});
