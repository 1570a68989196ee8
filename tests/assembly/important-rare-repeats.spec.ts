// Above the small budget, a warning said in a few places has each of them offered once
// every message has had its place and its key lines: a cut that leaves out a few hundred
// units should not leave out a warning for the context around the others. A message said
// in many places is left to head and tail, as are repeats when they are many.
import { digestCommand } from "../../assembly/digest/command";
import { DigestContext } from "../../assembly/digest/shared/types";

const CODES: string[] = ["null-dereference", "file-leak", "malloc-leak", "use-of-uninitialized-value", "null-argument", "double-fclose"];

/** The warning of finding i: its code use-after-free for every third, else one of CODES. */
function warning(i: i32, code: string): string {
  return "src/m" + (i % 4).toString() + ".c:" + (10 + i).toString() + ":5: warning: problem " + code + " of 'v" + i.toString() + "' [CWE-" + (400 + i).toString() + "] [-Wanalyzer-" + code + "]";
}

/** An analyzer's run: `findings` warnings, each with its excerpt and `events` lines of its path. */
function analyzerRun(findings: i32, events: i32, codeOf: (i: i32) => string): string {
  const lines = new Array<string>();
  for (let i = 0; i < findings; i++) {
    lines.push("src/m" + (i % 4).toString() + ".c: In function 'fn_" + i.toString() + "':");
    lines.push(warning(i, codeOf(i)));
    lines.push("   " + (10 + i).toString() + " |     free(v" + i.toString() + ");");
    lines.push("      |     ^~~~~~~~~~");
    for (let j = 0; j < events; j++) lines.push("    |   " + (j + 1).toString() + " |     step_" + j.toString() + "(v" + i.toString() + ", ctx->field_" + j.toString() + ");");
  }
  lines.push("cc1: some warnings being treated as errors");
  return lines.join("\n") + "\n";
}

function digest(text: string, budget: i32): string {
  const ctx = new DigestContext("bash", '{"command":"gcc -fanalyzer -c src/*.c"}', 1);
  const out = digestCommand(text, budget, ctx, "").llm;
  expect(out.length).toBeLessThanOrEqual(budget);
  return out;
}

describe("a warning's few repeats above the small budget", () => {
  it("shows every place of a message said three times, as of the others, at any budget", () => {
    // Nine findings: use-after-free at 2, 5 and 8, two codes twice, two once.
    const text = analyzerRun(9, 12, (i: i32): string => (i % 3 == 2 ? "use-after-free" : CODES[i % CODES.length]));
    for (let budget = 3000; budget <= 6000; budget += 1000) {
      const out = digest(text, budget);
      for (let i = 0; i < 9; i++) {
        const code = i % 3 == 2 ? "use-after-free" : CODES[i % CODES.length];
        expect(out.includes(warning(i, code))).toBe(true);
      }
    }
  });

  it("does not offer every place of a message said in five, though they would fit", () => {
    // Six findings of their own and one code in five places: all eleven would fit in 4,000,
    // but five places is more than a few, so the repeats are left to head and tail.
    const text = analyzerRun(11, 12, (i: i32): string => (i < 6 ? CODES[i] : "use-after-free"));
    const out = digest(text, 4000);
    for (let i = 0; i < 6; i++) expect(out.includes(warning(i, CODES[i]))).toBe(true);
    let shown = 0;
    for (let i = 6; i < 11; i++) if (out.includes(warning(i, "use-after-free"))) shown++;
    expect(shown).toBeGreaterThan(0);
    expect(shown).toBeLessThan(5);
  });

  it("leaves a message said in many places to head and tail", () => {
    // Twenty findings of one code and six of their own: the common one's places are not
    // all offered, and the run's last line stays.
    const text = analyzerRun(26, 6, (i: i32): string => (i < 6 ? CODES[i] : "use-after-free"));
    const out = digest(text, 4000);
    for (let i = 0; i < 6; i++) expect(out.includes(warning(i, CODES[i]))).toBe(true);
    let shown = 0;
    for (let i = 6; i < 26; i++) if (out.includes(warning(i, "use-after-free"))) shown++;
    expect(shown).toBeLessThan(20);
    expect(out.includes("cc1: some warnings being treated as errors")).toBe(true);
  });
});
