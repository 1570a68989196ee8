import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { countTokens } from "gpt-tokenizer/encoding/o200k_base";
import { describe, expect, it } from "vitest";
import { estimateTokens, outputToText } from "../../host/core-api.js";
import { isHeldOut } from "./support/held-out.js";

// The bound documented in docs/tokens.md: every text within 30 % (or 5 tokens, for tiny ones)
// of the exact o200k_base count, and a mean absolute error of at most 10 %.
const MAX_ERROR = 0.3;
const MAX_MEAN_ERROR = 0.1;

const root = new URL("../..", import.meta.url).pathname;
const fixtures = join(root, "tests/fixtures");

/**
 * Text a model could be shown: fixture outputs, except binary ones (those are described, never
 * shown) and those of the corpus's held-out part (measured by `npm run eval` only).
 */
function fixtureTexts(): Array<[string, string]> {
  if (!existsSync(fixtures)) return [];
  const out: Array<[string, string]> = [];
  const outputs = readdirSync(fixtures, { recursive: true, encoding: "utf8" }).filter((p) => p === "output" || p.endsWith("/output"));
  for (const id of outputs.map((p) => p.slice(0, -"output".length)).sort()) {
    const file = join(fixtures, id, "output");
    const bytes = readFileSync(file);
    const meta = existsSync(join(fixtures, id, "meta.json")) ? JSON.parse(readFileSync(join(fixtures, id, "meta.json"), "utf8")) : {};
    if (meta.category === "Binary" || bytes.includes(0) || isHeldOut(meta)) continue;
    // Bytes the host takes for binary are described, not shown; text in another encoding is shown decoded.
    const decoded = outputToText(new Uint8Array(bytes));
    if (decoded.binary !== "") continue;
    out.push([id, decoded.text]);
  }
  return out;
}

/** A few real files pinned by the lockfile, one per kind the fixtures may lack. */
const pinned = [
  "node_modules/typescript/lib/lib.es5.d.ts",
  "node_modules/vitest/README.md",
  "node_modules/gpt-tokenizer/package.json",
  "node_modules/assemblyscript/std/assembly/string.ts",
]
  .map((p) => join(root, p))
  .filter((p) => existsSync(p))
  .map((p): [string, string] => [p.replace(root, ""), readFileSync(p, "utf8").slice(0, 16384)]);

describe("estimateTokens", () => {
  const texts = [...fixtureTexts(), ...pinned];

  it("has texts to check", () => {
    expect(texts.length).toBeGreaterThan(2);
  });

  it.each(texts)(`stays within ${MAX_ERROR * 100} %% of the exact count: %s`, (_, text) => {
    const exact = countTokens(text);
    expect(Math.abs(estimateTokens(text) - exact)).toBeLessThanOrEqual(Math.max(MAX_ERROR * exact, 5));
  });

  it(`has a mean error of at most ${MAX_MEAN_ERROR * 100} %`, () => {
    const errors = texts.map(([, t]) => Math.abs(estimateTokens(t) - countTokens(t)) / Math.max(1, countTokens(t)));
    expect(errors.reduce((a, b) => a + b, 0) / errors.length).toBeLessThanOrEqual(MAX_MEAN_ERROR);
  });

  it("counts nothing as 0 and any text as at least 1", () => {
    expect(estimateTokens("")).toBe(0);
    expect(estimateTokens("a")).toBe(1);
    expect(estimateTokens(" ")).toBe(1);
  });

  it("handles one huge line, CJK, emoji and lone surrogates without trapping", () => {
    // (gpt-tokenizer's BPE is quadratic in one long word: only the estimate sees the 1 MB line.)
    expect(estimateTokens("x".repeat(1 << 20))).toBeGreaterThan(1000);
    for (const t of ["x".repeat(2000), "漢字かな交じり文".repeat(1000), "\u{1F600}".repeat(1000), "\ud800a\udc00".repeat(1000)]) {
      const exact = countTokens(t);
      const est = estimateTokens(t);
      expect(est).toBeGreaterThan(0);
      // Degenerate texts: only the order of magnitude is promised.
      expect(est / exact).toBeGreaterThan(0.1);
      expect(est / exact).toBeLessThan(10);
    }
  });

  it("scales linearly: the estimate of a text repeated is the repeat of its estimate (± rounding)", () => {
    const t = "const x = foo(bar, 42);\n";
    expect(Math.abs(estimateTokens(t.repeat(1000)) - 1000 * estimateTokens(t))).toBeLessThan(1000);
  });
});
