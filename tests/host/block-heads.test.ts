// A finding printed under a line that says where it is ("In zgrep line 25:" over
// the quoted code and its pointer, "Diff in src/cart.rs:1:" over a diff's lines) and
// naming no place of its own is shown with that head, at both levels, on real
// captures of the tuning part of the corpus: the model can tell where each kept
// finding is.
import { describe, expect, it } from "vitest";
import { compact } from "../../host/pipeline.js";
import { tuningFixture } from "./support/tuning-fixture.js";

function digest(id: string, level: "minimal" | "balanced", budget: number) {
  const { input, hint } = tuningFixture(id);
  const text = compact(input, { level }, { hint }).llmContent;
  expect(text.length).toBeLessThanOrEqual(budget);
  return { text, lines: input.output.toString("utf8").split("\n") };
}

describe("a kept finding comes with the head of its block", () => {
  it("shows each quoted line of a shell linter's report under its 'In FILE line N:' head (minimal)", () => {
    const { text, lines } = digest("shellcheck-system-scripts", "minimal", 800);
    const shown = new Map([...text.matchAll(/^(\d+): (.*)$/gm)].map((m) => [Number(m[1]), m[2]]));
    // Every kept line right under a head (line n - 1 of the output is "In … line N:") has
    // that head shown too.
    const underHead = [...shown.keys()].filter((n) => n >= 2 && /^In \S+ line \d+:$/.test(lines[n - 2]));
    expect(underHead.length).toBeGreaterThanOrEqual(5);
    for (const n of underHead) expect(shown.get(n - 1), `head of line ${n}`).toBe(lines[n - 2]);
    expect(text).toContain("In zgrep line 25:");
  });

  it("shows the 'Diff in FILE:LINE:' header of each file's kept changes (balanced and minimal)", () => {
    const balanced = digest("cargo-fmt-check-diffs", "balanced", 4000);
    for (const file of ["cart", "coupon", "invoice", "lib", "order", "refund", "shipment"]) {
      expect(balanced.text, file).toContain(`Diff in /tmp/abridge-corpus/cargo-fmt-check-diffs/src/${file}.rs:1:`);
    }
    const minimal = digest("cargo-fmt-check-diffs", "minimal", 800);
    for (const file of ["cart", "coupon", "invoice"]) {
      expect(minimal.text, file).toContain(`Diff in /tmp/abridge-corpus/cargo-fmt-check-diffs/src/${file}.rs:1:`);
    }
  });
});
