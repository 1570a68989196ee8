// A tool that prints unified diffs among lines of its own (a formatter's --check --diff)
// keeps those lines in the Diff digest, on real captures of the tuning part of the corpus:
// they state the outcome (`would reformat x.py`, `5 files would be reformatted.`), so they
// stand where they stood among the files and take the room before the hunks do, and the
// output is a Diff whatever its first line says.
import { describe, expect, it } from "vitest";
import { compact } from "../../host/pipeline.js";
import { tuningFixture } from "./support/tuning-fixture.js";

const BUDGETS = { minimal: 800, balanced: 4000 } as const;

function digest(id: string, level: keyof typeof BUDGETS) {
  const { meta, input, hint } = tuningFixture(id);
  const result = compact(input, { level }, { hint });
  const text = result.llmContent;
  expect(text.length).toBeLessThanOrEqual(BUDGETS[level]);
  const lines = input.output.toString("utf8").split("\n");
  return { meta, result, text, lines };
}

/** The output's lines that are no part of a diff: neither headers nor hunk lines. */
function toolLines(lines: string[]): string[] {
  return lines.filter((l) => l.trim() !== "" && !/^(?:[-+ @\\]|diff )/.test(l));
}

describe("Diff digest: the lines of the tool that printed the diffs", () => {
  it("keeps every `would reformat` line and the closing total at both levels (black --check --diff)", () => {
    for (const level of ["minimal", "balanced"] as const) {
      const { meta, result, text } = digest("black-check-diff-json", level);
      expect(result.category).toBe("Diff");
      for (const line of meta.facts.mustKeep) expect(text, `${level}: ${line}`).toContain(line);
      // The headline still counts the files; the marker counts the hunks left out.
      expect(text.startsWith("5 files changed, +458/-256\n")).toBe(true);
      expect(text).toMatch(/\[\.\.\.\d+ of 29 hunks not shown \(/);
    }
  });

  it("shows each tool line where it stands: after its file's hunks, before the next file", () => {
    const { text } = digest("black-check-diff-json", "balanced");
    const at = (s: string) => text.indexOf(s);
    const decoderLabel = at("--- /tmp/abridge-corpus/black-check-diff-json/json/decoder.py\t");
    const decoderSaid = at("would reformat /tmp/abridge-corpus/black-check-diff-json/json/decoder.py\n");
    const scannerLabel = at("--- /tmp/abridge-corpus/black-check-diff-json/json/scanner.py\t");
    expect(decoderLabel).toBeGreaterThan(0);
    expect(decoderSaid).toBeGreaterThan(decoderLabel);
    expect(scannerLabel).toBeGreaterThan(decoderSaid);
    // The closing total comes last, before the marker.
    expect(text.indexOf("5 files would be reformatted.\n[...")).toBeGreaterThan(scannerLabel);
  });

  it("takes a diff behind an ERROR line per file for a Diff and keeps those lines verbatim, in order (isort --check-only --diff)", () => {
    const { meta, result, text, lines } = digest("isort-check-diff-stdlib", "balanced");
    expect(result.category).toBe("Diff");
    const errors = meta.facts.errorLines;
    const shown = errors.filter((l) => text.includes(l + "\n"));
    // Ahead of the hunks: at the balanced level all 31 ERROR lines (in the room the per-file
    // list would take: they name the files too), and no hunk body.
    expect(shown.length).toBe(31);
    expect(text).toContain("[...33 of 33 hunks not shown (389 diff lines)]");
    // In the output's order, each on a line of its own.
    const positions = shown.map((l) => text.indexOf(l));
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    // None of the tool's lines is left out, so the marker counts none.
    expect(toolLines(lines).length).toBe(errors.length);
    expect(text).not.toContain("outside the diffs not shown");
  });

  it("counts what the model sees: the tool lines shown are kept lines of the cleaned output", () => {
    const { result, text, lines } = digest("isort-check-diff-stdlib", "minimal");
    const kept = new Set<number>();
    for (const [first, last] of result.metadata.keptLines) for (let n = first; n <= last; n++) kept.add(n);
    lines.forEach((line, i) => {
      if (line.startsWith("ERROR: ")) expect(kept.has(i + 1), `line ${i + 1}`).toBe(text.includes(line + "\n"));
    });
    // The closing lines of the output come first when the room is short.
    expect(text).toContain(lines.filter((l) => l.startsWith("ERROR: ")).at(-1)!);
  });
});
