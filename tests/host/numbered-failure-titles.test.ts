// A runner that numbers the failures it details ("  1) test unknown sku (Shop.StockTest)")
// prints each one's findings indented under that line. On a real ExUnit run of the tuning
// part of the corpus, every kept finding comes with the numbered line that says which test
// failed: under the minimal level, where other groups' headers are left out, and at 2000
// characters, where four of the six failures repeat the same assertion message.
import { describe, expect, it } from "vitest";
import { compact } from "../../host/pipeline.js";
import { tuningFixture } from "./support/tuning-fixture.js";

function digest(budget: { level: "minimal" } | { budget: number }, max: number) {
  const { input, hint } = tuningFixture("mix-test-exunit-failures");
  const text = compact(input, budget, { hint }).llmContent;
  expect(text.length).toBeLessThanOrEqual(max);
  const lines = input.output.toString("utf8").split("\n");
  const shown = new Map([...text.matchAll(/^(\d+): (.*)$/gm)].map((m) => [Number(m[1]), m[2]]));
  return { lines, shown };
}

/** The numbered line (1-based) whose block holds output line n, or 0. */
function titleOf(lines: string[], n: number): number {
  for (let k = n - 1; k >= 1; k--) {
    if (/^ {2}\d+\) test /.test(lines[k - 1])) return k;
    if (/^\S/.test(lines[k - 1])) return 0;
  }
  return 0;
}

describe("a failure's findings come with the numbered line naming its test", () => {
  it("shows the title over each kept failure message at the minimal level", () => {
    const { lines, shown } = digest({ level: "minimal" }, 800);
    // The failure messages kept: "     Assertion with == failed", "     Expected exception …".
    const messages = [...shown.keys()].filter((n) => /^ {5}(Assertion with|Expected exception)/.test(lines[n - 1]));
    expect(messages.length).toBeGreaterThanOrEqual(2);
    for (const n of messages) {
      const title = titleOf(lines, n);
      expect(title, `line ${n}`).toBeGreaterThan(0);
      expect(shown.get(title), `title of line ${n}`).toBe(lines[title - 1]);
    }
  });

  it("names four of the six failing tests at the minimal level, before the first failure's frames", () => {
    const { lines, shown } = digest({ level: "minimal" }, 800);
    // Four of them fail with "     Assertion with == failed" word for word: each title says which test.
    const titles = lines.map((l, i) => [i + 1, l] as const).filter(([, l]) => /^ {2}\d+\) test /.test(l));
    expect(titles.filter(([n, l]) => shown.get(n) === l).length).toBeGreaterThanOrEqual(4);
  });

  it("shows every failing test's title at 2000 characters, the repeated messages' too", () => {
    const { lines, shown } = digest({ budget: 2000 }, 2000);
    const titles = lines.map((l, i) => [i + 1, l] as const).filter(([, l]) => /^ {2}\d+\) test /.test(l));
    expect(titles.length).toBe(6);
    for (const [n, l] of titles) expect(shown.get(n), l).toBe(l);
  });
});
