// Errors and warnings a tool states without a place (`Warning--…` from bibtex, `asciidoctor:
// WARNING: …`, lintian's `E: …` and `W: …`) are counted in the totals line on real captures of
// the tuning part: the counts the fixtures' facts computed from the output with grep -c.
import { describe, expect, it } from "vitest";
import { compact } from "../../host/pipeline.js";
import { tuningFixture } from "./support/tuning-fixture.js";

interface CountedMeta {
  facts: { counts: Record<string, number> };
}

function headOf(id: string, level: "minimal" | "balanced"): { head: string; counts: Record<string, number> } {
  const { input, hint, meta } = tuningFixture(id);
  const text = compact(input, { level }, { hint }).llmContent;
  return { head: text.split("\n")[0], counts: (meta as unknown as CountedMeta).facts.counts };
}

describe("errors and warnings stated without a place", () => {
  it("counts bibtex's `Warning--` lines at every level", () => {
    for (const level of ["minimal", "balanced"] as const) {
      const { head, counts } = headOf("bibtex-missing-entries", level);
      expect(head).toContain(` ${counts.warnings} warnings `);
    }
  });

  it("counts the warnings after a program's name apart from its errors (asciidoctor)", () => {
    const { head, counts } = headOf("asciidoctor-guide-warnings", "balanced");
    expect(head).toMatch(new RegExp(`\\b\\d+ errors, ${counts.warnings} warnings\\b`));
  });

  it("counts lintian's `E:` and `W:` lines by the initial of their severity", () => {
    const { head, counts } = headOf("lintian-hand-made-deb", "balanced");
    expect(head).toContain(`${counts.errors} errors, ${counts.warnings} warnings`);
  });

  it("states a few only above the minimal level, where an error line needs the room (ThreadSanitizer's reports)", () => {
    // The count ThreadSanitizer states itself in its closing line.
    const reported = /^ThreadSanitizer: reported (\d+) warnings/m.exec(tuningFixture("tsan-races-lock-inversion").input.output.toString("utf8"));
    expect(reported).not.toBeNull();
    expect(Number(reported![1])).toBeLessThan(8);
    expect(headOf("tsan-races-lock-inversion", "minimal").head).not.toMatch(/\bwarnings?\b/);
    expect(headOf("tsan-races-lock-inversion", "balanced").head).toContain(` ${reported![1]} warnings `);
  });
});
