// Real captures of the tuning part at the balanced level: a static analyzer's warnings said
// in a few places each (gcc -fanalyzer), and a checker's findings each explained in lines
// indented under it (flawfinder), both failed runs. Every place of a rare warning and every
// finding of the checker is kept verbatim. The TypeScript port agrees with the core on the
// marked form of such a run.
import { describe, expect, it } from "vitest";
import { keepImportant } from "../../host/core-api.js";
import { compact } from "../../host/pipeline.js";
import * as port from "../../bench/ts-port.js";
import { tuningFixture } from "./support/tuning-fixture.js";

const BALANCED = 4000;

function balanced(id: string) {
  const { meta, input, hint } = tuningFixture(id);
  const text = compact(input, { level: "balanced" }, { hint }).llmContent;
  expect(text.length).toBeLessThanOrEqual(BALANCED);
  return { facts: meta.facts, text };
}

describe("a rare warning's every place at the balanced level", () => {
  it("keeps both use-after-free warnings of gcc -fanalyzer beside its double free", () => {
    const { facts, text } = balanced("gcc-fanalyzer-c-daemon");
    expect(facts.errorLines.length).toBe(3);
    for (const line of facts.errorLines) expect(text).toContain(line);
  });

  it("keeps every finding of a checker that explains each in indented lines (flawfinder)", () => {
    const { facts, text } = balanced("flawfinder-c-daemon");
    expect(facts.errorLines.length).toBe(10);
    for (const line of facts.errorLines) expect(text).toContain(line);
    // The findings are not taken for a document's sections.
    expect(text).not.toContain("sections (");
  });
});

describe("the TypeScript port on a run with a warning said in three places", () => {
  const CODES = ["null-dereference", "file-leak", "malloc-leak", "use-of-uninitialized-value", "null-argument", "double-fclose"];
  const codeOf = (i: number) => (i % 3 === 2 ? "use-after-free" : CODES[i % CODES.length]!);
  const lines: string[] = [];
  for (let i = 0; i < 9; i++) {
    lines.push(`src/m${i % 4}.c: In function 'fn_${i}':`);
    lines.push(`src/m${i % 4}.c:${10 + i}:5: warning: problem ${codeOf(i)} of 'v${i}'`);
    lines.push(`   ${10 + i} |     free(v${i});`, "      |     ^~~~~~~~~~");
    for (let j = 0; j < 12; j++) lines.push(`    |   ${j + 1} |     step_${j}(v${i}, ctx->field_${j});`);
  }
  lines.push("cc1: some warnings being treated as errors");
  const text = lines.join("\n") + "\n";

  it("agrees with the core on the marked form, each warning kept", () => {
    let compared = 0;
    for (let budget = 2000; budget <= 5500; budget += 500) {
      const core = keepImportant(text, budget, 0.6, "");
      if (core.includes(" lines shown, numbered")) continue;
      compared++;
      expect(port.keepImportant(text, budget, 0.6, ""), `budget ${budget}`).toBe(core);
      if (budget >= 3000) for (let i = 2; i < 9; i += 3) expect(core).toContain(`warning: problem use-after-free of 'v${i}'`);
    }
    expect(compared).toBeGreaterThan(3);
  });
});
