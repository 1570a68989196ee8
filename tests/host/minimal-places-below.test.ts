// The minimal level (≈ 800 chars) on real captures of the corpus's tuning part: an error
// whose next line only names its place is shown with that line before the errors that
// repeat a message (important.ts, offerPlacesBelow), and the numbered cut's fill passes
// over lines that say nothing alone ("   |", a gutter drawn with box-drawing characters,
// important/fill.ts).
import { describe, expect, it } from "vitest";
import { compact } from "../../host/pipeline.js";
import { minimalOf as minimal, tuningFixture } from "./support/tuning-fixture.js";

describe("minimal level: where each failure is", () => {
  it("shows a stylesheet compiler's errors each with the line that places it (sassc)", () => {
    const text = minimal("sassc-themes-undefined-variable");
    expect(text).toContain('\n683: Error: Undefined variable: "$accent-strong".\n684:         on line 54:17 of themes/desert.scss\n');
    expect(text).toContain("\n689: Error: Function tint is missing argument $amount.\n690:         on line 55 of themes/forest.scss\n");
  });

  it("shows a compiler's error with its place under it (rustc)", () => {
    const text = minimal("rustc-borrow-type-errors");
    // An error and, numbered next, the line that places it.
    const placed = [...text.matchAll(/^(\d+): error\[E\d+\]: .*\n(\d+):   --> main\.rs:\d+:\d+$/gm)];
    expect(placed.length).toBeGreaterThanOrEqual(1);
    for (const m of placed) expect(Number(m[2])).toBe(Number(m[1]) + 1);
    // A snippet's bare gutter line says nothing alone.
    expect(text).not.toMatch(/\n\d+: +\|\n/);
  });

  it("fills no room with a gutter drawn in box-drawing characters (phpunit's testdox)", () => {
    const { input, hint } = tuningFixture("phpunit-failures-errors");
    const gutterOnly = /^\d+: [\s\u00a0\u2500-\u259f]*[\u2500-\u259f][\s\u00a0\u2500-\u259f]*$/;
    for (let budget = 400; budget <= 1040; budget += 20) {
      const lines = compact(input, { budget }, { hint }).llmContent.split("\n");
      expect(lines.filter((line) => gutterOnly.test(line)), `budget ${budget}`).toEqual([]);
    }
  });
});
