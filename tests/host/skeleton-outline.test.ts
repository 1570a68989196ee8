// A long output that succeeded shows its skeleton, on real captures of the tuning part of
// the corpus: the lines at the shallowest levels of indentation that head many deeper
// ones, spread over the whole output, before head and tail take the rest of the budget.
import { describe, expect, it } from "vitest";
import { compact } from "../../host/pipeline.js";
import { tuningFixture } from "./support/tuning-fixture.js";

function digest(id: string, level: "minimal" | "balanced", budget: number) {
  const { meta, input, hint } = tuningFixture(id);
  const text = compact(input, { level }, { hint }).llmContent;
  expect(text.length).toBeLessThanOrEqual(budget);
  return { meta, text };
}

describe("a successful nested output shows its skeleton", () => {
  it("keeps a disassembly's method signatures from between its instruction blocks (javap -c)", () => {
    // Signatures at indent 2, each over "    Code:" and its instructions at indent 6.
    const signatures = (meta: { facts: { mustKeep: string[] } }) => meta.facts.mustKeep.filter((f) => f.startsWith("  public static"));
    const minimal = digest("javap-c-duration-format-utils", "minimal", 800);
    // Signatures from the first page and from past the middle (line 295 of 925), where a
    // head and a tail alone show instructions.
    expect(signatures(minimal.meta).filter((s) => minimal.text.includes(s)).length).toBeGreaterThanOrEqual(2);
    expect(minimal.text).toContain("public class org.apache.commons.lang3.time.DurationFormatUtils {");
    expect(minimal.text).toMatch(/^295:   public static java\.lang\.String formatPeriod\(long, long, java\.lang\.String, boolean, java\.util\.TimeZone\);$/m);
    const balanced = digest("javap-c-duration-format-utils", "balanced", 4000);
    for (const s of signatures(balanced.meta)) expect(balanced.text, s).toContain(s);
  });

  it("keeps a help page's section names and a class from its middle (pydoc)", () => {
    const { text } = digest("pydoc-json-package", "minimal", 800);
    for (const heading of ["NAME", "DESCRIPTION", "CLASSES", "FUNCTIONS", "AUTHOR", "FILE"]) expect(text, heading).toMatch(new RegExp(`^\\d+: ${heading}$`, "m"));
    // The classes from the middle of the page, where head and tail show prose: at 800 chars the
    // class tree's first lines, at 4,000 the classes themselves.
    expect(text).toMatch(/^120:     builtins\.ValueError\(builtins\.Exception\)$/m);
    const balanced = digest("pydoc-json-package", "balanced", 4000).text;
    expect(balanced).toMatch(/^    class JSONDecodeError\(builtins\.ValueError\)$/m);
    expect(balanced).toMatch(/^    class JSONEncoder\(builtins\.object\)$/m);
  });
});
