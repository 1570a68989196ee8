// Totals a model would otherwise count, on real captures of the tuning part of the corpus,
// each checked against a count made here from the output: lines that open alike in an output
// that fits its budget but not at a glance, blocks a dump opens with a quoted name, the
// members a skeleton outlines, the rows of a table nested under its first, the items of a
// list printed on one line, and a markup file's elements at every depth.
import { describe, expect, it } from "vitest";
import { compact } from "../../host/pipeline.js";
import { tuningFixture } from "./support/tuning-fixture.js";

const LEVELS = [
  ["minimal", 800],
  ["balanced", 4000],
] as const;

/** What the model sees at each level, and the output's lines. */
function seen(id: string) {
  const { input, hint } = tuningFixture(id);
  const texts = LEVELS.map(([level, budget]) => {
    const text = compact(input, { level }, { hint }).llmContent;
    expect(text.length).toBeLessThanOrEqual(budget);
    return text;
  });
  return { texts, lines: input.output.toString("utf8").split("\n"), output: input.output.toString("utf8") };
}

const statusOf = (text: string) => text.slice(0, text.indexOf("\n"));

describe("totals of an output that fits its budget but not a glance", () => {
  it("cuts a merge's 81 lines to state its 71 auto-merged files and 9 conflicts, every conflict kept (git merge)", () => {
    const { texts, lines, output } = seen("git-merge-conflicts");
    const merged = lines.filter((l) => l.startsWith("Auto-merging ")).length;
    const conflicts = lines.filter((l) => l.startsWith("CONFLICT ")).length;
    expect([merged, conflicts]).toEqual([71, 9]);
    const balanced = texts[1];
    expect(output.length).toBeLessThan(4000);
    expect(balanced.length).toBeLessThanOrEqual(output.length);
    expect(statusOf(balanced)).toBe(`exit 1 (failed) · 81 lines · ${merged} lines "Auto-merging …" · ${conflicts} lines "CONFLICT …"`);
    for (const l of lines.filter((l) => l.startsWith("CONFLICT "))) expect(balanced).toContain(l);
  });

  it("states the 48 files a status lists, and leaves a short build's 3 errors uncounted (git status, cargo build)", () => {
    const status = seen("git-status-many-changes");
    const changes = status.lines.filter((l) => l.startsWith("\t")).length;
    expect(changes).toBe(48);
    for (const t of status.texts) expect(statusOf(t)).toContain(`Changes to be committed: ${changes} entries`);
    // Three errors are counted at a glance: the output that fits comes whole.
    const cargo = seen("cargo-build-type-errors");
    expect(cargo.texts[1]).toBe(cargo.output);
  });
});

describe("blocks, members, rows and items counted from the whole output", () => {
  it("counts the blocks a dump opens with a quoted name (jstack)", () => {
    const { texts, lines } = seen("jstack-java-deadlock");
    const blocks = lines.filter((l) => /^"[A-Za-z][^"]*"( |:?$)/.test(l)).length;
    expect(blocks).toBe(34);
    // At minimal the numbered marker states the count of lines: the status leaves it out.
    expect(texts.map(statusOf)).toEqual([`exit 0 · "…" blocks: ${blocks}`, `exit 0 · 253 lines · "…" blocks: ${blocks}`]);
  });

  it("counts the members a disassembly's skeleton outlines, each heading its instructions (javap -c)", () => {
    const { texts, lines } = seen("javap-c-duration-format-utils");
    const methods = lines.filter((l, i) => /^ {2}\S/.test(l) && lines[i + 1] === "    Code:").length;
    expect(methods).toBe(12);
    expect(texts.map(statusOf)).toEqual([`exit 0 · nested blocks: ${methods}`, `exit 0 · 925 lines · nested blocks: ${methods}`]);
  });

  it("counts no blocks whose heads end every which way (callgrind's annotated source, ms_print's graph)", () => {
    for (const id of ["callgrind-annotate-catalog", "ms-print-massif-heap"]) {
      for (const t of seen(id).texts) expect(statusOf(t)).not.toContain("nested blocks");
    }
  });

  it("says how many of a table's rows nest under its first, a total's row (c8)", () => {
    const { texts, lines } = seen("c8-coverage-threshold");
    const files = lines.filter((l) => /^ +\S+\.mjs +\|/.test(l)).length;
    expect(files).toBe(19);
    for (const t of texts) expect(statusOf(t)).toContain(`table: ${files + 1} rows, ${files} indented under the first`);
  });

  it("counts the items of a list printed on one line, by label (openssl x509 -text)", () => {
    const { texts, lines } = seen("openssl-x509-text");
    const at = lines.findIndex((l) => l.includes("DNS:"));
    const items = lines[at].trim().split(", ");
    const dns = items.filter((i) => i.startsWith("DNS:")).length;
    expect(dns).toBe(24);
    for (const t of texts) expect(statusOf(t)).toBe(`exit 0 · 72 lines · line ${at + 1} lists ${items.length} items: DNS ${dns}, IP Address ${items.length - dns}`);
  });

  it("counts no list in a signature's parameters (pydoc)", () => {
    for (const t of seen("pydoc-json-package").texts) expect(statusOf(t)).not.toContain(" lists ");
  });

  it("counts a figure's elements at every depth, the ones nested in groups too (cat of an SVG)", () => {
    const { texts, output } = seen("cat-svg-illustrator-figure");
    const paths = output.match(/<path/g)?.length ?? 0;
    expect(paths).toBe(59);
    for (const t of texts) expect(t).toContain(`(52 elements; at every depth: <path> ×${paths})`);
  });
});
