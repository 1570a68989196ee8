// A long source file read at a small budget: the outline shows its largest symbols whole and
// names the others with their first line, so a symbol the reader looks for can be found
// without paging through the file (real captures of the corpus's tuning part).
import { describe, expect, it } from "vitest";
import { compact } from "../../host/pipeline.js";
import { tuningFixture } from "./support/tuning-fixture.js";

function read(id: string, level: "minimal" | "balanced", budget: number): string {
  const { input, hint } = tuningFixture(id);
  const text = compact(input, { level }, { hint }).llmContent;
  expect(text.length).toBeLessThanOrEqual(budget);
  return text;
}

/** The outline's line of symbols not shown whole: "[+R smaller symbols: kind name Ln, …, +N not listed]". */
function restOf(text: string): { rest: number; named: Array<{ kind: string; name: string; line: number }>; notListed: number } {
  const m = /^ {2}\[\+(\d+) smaller symbols: (.*?)(?:, \+(\d+) not listed)?\]$/m.exec(text);
  expect(m, text).not.toBeNull();
  const named = m![2].split(", ").map((s) => {
    const p = /^(\S+) (.+) L(\d+)$/.exec(s);
    expect(p, s).not.toBeNull();
    return { kind: p![1], name: p![2], line: Number(p![3]) };
  });
  return { rest: Number(m![1]), named, notListed: Number(m![3] ?? 0) };
}

describe("a long file's outline names the symbols it cannot show whole", () => {
  it("names argparse's classes at the minimal level, in source order, counted exactly", () => {
    const text = read("cat-python-source-argparse", "minimal", 800);
    const whole = text.match(/^ {2}(class|function) \S+ {2}L\d+/gm) ?? [];
    const { rest, named, notListed } = restOf(text);
    expect(whole.length + rest).toBe(29); // "Outline: 29 symbols"
    expect(named.length + notListed).toBe(rest);
    // Larger symbols first: the classes the module is used through.
    for (const name of ["Action", "FileType"]) expect(text).toContain(`class ${name} L`);
    const lines = named.map((s) => s.line);
    expect(lines).toEqual([...lines].sort((a, b) => a - b));
  });

  it("shows more of a C file's 117 symbols at the balanced level than whole lines alone would", () => {
    const text = read("cat-c-source-wrapt", "balanced", 4000);
    const whole = text.match(/^ {2}function \S+ {2}L\d+/gm) ?? [];
    const { rest, named, notListed } = restOf(text);
    expect(whole.length + rest).toBe(117);
    expect(named.length + notListed).toBe(rest);
    expect(whole.length + named.length).toBeGreaterThan(28);
  });
});
