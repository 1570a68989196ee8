// A failed command's error lines come before head and tail at every level, on real
// captures of the corpus's tuning part: when they do not fit the share flagged lines
// get above the small budget, they take the whole budget, numbered when they stand
// apart (a line's number costs a few chars where a gap's marker costs a line).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { compact } from "../../host/pipeline.js";
import { tuningFixture } from "./support/tuning-fixture.js";

function run(id: string, level: "minimal" | "balanced") {
  const { meta, input, hint } = tuningFixture(id);
  const result = compact(input, { level }, { hint });
  return { meta, input, text: result.llmContent };
}

/** Lines of `output` matching `re` that `text` shows whole (each after its number or on its own line). */
function wholeLines(output: string, text: string, re: RegExp): number {
  const shown = new Set(text.split("\n").map((l) => l.replace(/^\d+: /, "")));
  return output.split("\n").filter((l) => re.test(l) && shown.has(l)).length;
}

describe("balanced level: error lines before head and tail", () => {
  it("numbers a failed type check whose errors stand apart, to show more of them whole", () => {
    // 29 errors of about 300 chars each, with the lines that explain them between:
    // marked gap by gap, eight of them fitted whole; numbered, ten.
    const { input, text } = run("tsc-strict-noemit", "balanced");
    expect(text.length).toBeLessThanOrEqual(4000);
    expect(text.match(/chars omitted\.\.\.\] \d+ of 111 lines shown, numbered; read more:/g)!.length).toBe(1);
    expect(wholeLines(input.output.toString("utf8"), text, /error TS\d+/)).toBeGreaterThanOrEqual(10);
    // The status line first, then the first error with its number.
    expect(text.split("\n")[0]).toMatch(/^exit 2 \(failed\) · 111 lines · 29 errors/);
    expect(text).toContain("\n2: host/adapters/pi-output.ts(58,15): error TS2375:");
  });

  it("does not lay out a command that succeeded for its error words: they are source, not the outcome", () => {
    // A blame of a decoder: "raise JSONDecodeError(…)" on dozens of lines, exit 0. Its error
    // lines do not take the budget, nor count for the numbered layout (important.ts
    // keepWithScan); the lines that break its rhythm do: 6 of the 7 uncommitted lines are
    // kept numbered, where a marker per gap kept 2.
    const { text } = run("git-blame-stdlib-decoder", "balanced");
    expect(text).toContain('1) """Implementation of JSONDecoder');
    expect(text.match(/00000000 \(Not Committed Yet/g)?.length ?? 0).toBeGreaterThanOrEqual(6);
  });

  it("keeps every error line whole where they fit the share, as before", () => {
    const { meta, text } = run("tsc-project-errors", "balanced");
    expect(meta.facts.errorLines.filter((l) => !text.includes(l))).toEqual([]);
    expect(readFileSync(new URL("../fixtures/corpus/tsc-project-errors/output", import.meta.url), "utf8").length).toBeLessThan(4000);
  });
});

describe("error lines that carry no error word", () => {
  it("keeps a line opened by the margin marker of the other error lines (pytest's \"E       \") at minimal", () => {
    const { meta, text } = run("pytest-failures", "minimal");
    expect(text.length).toBeLessThanOrEqual(800);
    expect(text).toContain("41: E       decimal.InvalidOperation: [<class 'decimal.ConversionSyntax'>]\n");
    expect(meta.facts.errorLines.filter((l) => !text.includes(l))).toEqual([]);
  });
});

describe("a failed test marked by a cross after its name in a drawn tree", () => {
  it("keeps the failed test's own line at minimal (JUnit's console tree: \"├─ discountTenPercent() ✘ …\")", () => {
    const { meta, text } = run("junit5-console-failures", "minimal");
    expect(text.length).toBeLessThanOrEqual(800);
    expect(text).toContain("35: │     ├─ discountTenPercent() ✘ 10 % off 2 × 10.00 ==> expected: <1800> but was: <1799>\n");
    expect(meta.facts.errorLines.filter((l) => !text.includes(l))).toEqual([]);
  });
});
