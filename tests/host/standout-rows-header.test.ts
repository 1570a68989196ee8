// A table's rows that stand out (important/ranked-rows.ts) come with the table's header
// at the minimal level, on a real capture of the tuning part of the corpus.
import { describe, expect, it } from "vitest";
import { minimalOf } from "./support/tuning-fixture.js";

describe("rows that stand out of a table, at the minimal level", () => {
  it("are read through the column header above them (python -X importtime)", () => {
    const text = minimalOf("python-importtime-slow-module");
    // Line 1 names the columns; line 215 is the module whose own time dwarfs the others'.
    expect(text).toContain("\n1: import time: self [us] | cumulative | imported package\n");
    expect(text).toContain("\n215: import time:    251207 |     251207 | shop.pricing");
    expect(text.indexOf("\n1: ")).toBeLessThan(text.indexOf("\n215: "));
  });
});
