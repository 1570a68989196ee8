// A successful command's table that no number ranks may still hold a few rows its numbers
// single out (important/ranked-rows.ts): the objects whose size dwarfs the others' in
// `size -t`, the one module that takes most of `python -X importtime`'s tree. Under a
// small budget they come before the head, which would leave them out.
import { describe, expect, it } from "vitest";
import { compact } from "../../host/pipeline.js";
import { tuningFixture } from "./support/tuning-fixture.js";

const MINIMAL = 800;

function seen(id: string) {
  const { input, hint } = tuningFixture(id);
  const text = compact(input, { level: "minimal" }, { hint }).llmContent;
  expect(text.length).toBeLessThanOrEqual(MINIMAL);
  return { text, lines: input.output.toString("utf8").split("\n") };
}

/** The numbered lines of a cut ("12: text"), by number. */
function numbered(text: string): Map<number, string> {
  const shown = new Map<number, string>();
  for (const m of text.matchAll(/^(\d+): (.*)$/gm)) shown.set(Number(m[1]), m[2]);
  return shown;
}

describe("rows that stand out of an unsorted table", () => {
  it("shows the object whose code dwarfs 95 others' at minimal, and the totals row once (size -t)", () => {
    const { text, lines } = seen("size-objects-totals");
    const at = lines.findIndex((l) => l.endsWith("obj/mod58.o")) + 1;
    expect(numbered(text).get(at)).toContain("80278");
    expect(text.match(/\(TOTALS\)/g)?.length).toBe(1);
  });

  it("shows the module that takes most of the import time at minimal (python -X importtime)", () => {
    const minimal = seen("python-importtime-slow-module");
    const at = minimal.lines.findIndex((l) => l.endsWith("| shop.pricing")) + 1;
    expect(numbered(minimal.text).get(at)).toContain("shop.pricing");
  });
});
