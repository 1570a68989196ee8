// A successful command's table that no number ranks may still hold a few rows its numbers
// single out (important/ranked-rows.ts): the objects whose size dwarfs the others' in
// `size -t`, the one module that takes most of `python -X importtime`'s tree. Under a
// small budget they come before the head, which would leave them out; under a larger one
// they are kept where they stand, between the head and the tail.
import { describe, expect, it } from "vitest";
import { compact } from "../../host/pipeline.js";
import { tuningFixture } from "./support/tuning-fixture.js";

const MINIMAL = 800;
const BALANCED = 4000;

function seen(id: string, level: "minimal" | "balanced" = "minimal") {
  const { input, hint } = tuningFixture(id);
  const text = compact(input, { level }, { hint }).llmContent;
  expect(text.length).toBeLessThanOrEqual(level === "minimal" ? MINIMAL : BALANCED);
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

  it("keeps the object whose code dwarfs the others' at balanced too, though the head and tail leave its line out (size -t)", () => {
    const { text, lines } = seen("size-objects-totals", "balanced");
    const row = lines.find((l) => l.endsWith("obj/mod58.o"))!;
    expect(text.split("\n")).toContain(row);
    expect(text.match(/\(TOTALS\)/g)?.length).toBe(1);
  });

  it("keeps the largest module of the import-time tree at balanced, far from the head and tail (python -X importtime)", () => {
    const { text, lines } = seen("python-importtime-slow-module", "balanced");
    const row = lines.find((l) => l.endsWith("|   asyncio.unix_events"))!;
    expect(text.split("\n")).toContain(row);
  });
});
