// The totals a model would otherwise count, stated on the status line of real captures of
// the tuning part of the corpus, each checked against a count made here from the output:
// how many codes a linter's findings fall in, the rows of a table under a header in lower
// case, one message at many places, and a flat list indented under a line.
import { describe, expect, it } from "vitest";
import { compact } from "../../host/pipeline.js";
import { tuningFixture } from "./support/tuning-fixture.js";

const LEVELS = [
  ["minimal", 800],
  ["balanced", 4000],
] as const;

/** The status line at each level, and the output's lines. */
function statusLines(id: string) {
  const { input, hint } = tuningFixture(id);
  const status = LEVELS.map(([level, budget]) => {
    const text = compact(input, { level }, { hint }).llmContent;
    expect(text.length).toBeLessThanOrEqual(budget);
    return text.slice(0, text.indexOf("\n"));
  });
  return { status, lines: input.output.toString("utf8").split("\n") };
}

describe("totals stated on the status line of real outputs", () => {
  it("states how many codes a linter's findings fall in when some go unnamed (flake8 --statistics)", () => {
    const { status, lines } = statusLines("flake8-count-statistics-logging");
    const codes = new Set(lines.map((l) => /^\S+:\d+:\d+: ([A-Z]\d+) /.exec(l)?.[1]).filter(Boolean));
    expect(codes.size).toBe(25);
    for (const s of status) expect(s).toMatch(/ 356 findings; 25 codes: E265 117, .*, \+\d+ more/);
  });

  it("counts every row of a table under a header in lower case, a row pushed aside by a wide value too (cProfile)", () => {
    const { status, lines } = statusLines("cprofile-sort-cumulative");
    const header = lines.findIndex((l) => l.trim().startsWith("ncalls"));
    const rows = lines.slice(header + 1, lines.indexOf("", header));
    expect(rows.some((r) => /^\d/.test(r))).toBe(true);
    for (const s of status) expect(s).toContain(` table: ${rows.length} rows`);
  });

  it("counts one message at many places, after the places (ld)", () => {
    const { status, lines } = statusLines("ld-cpp-linked-by-gcc");
    const n = lines.filter((l) => l.includes(": undefined reference to `")).length;
    expect(n).toBe(93);
    // Under a small budget the status leaves the count of lines to the marker: the lead's count is stated against it.
    expect(status[0]).toContain(` ${n} of ${lines.length - 1} lines "\u2026 undefined reference to \u2026"`);
    expect(status[1]).toContain(` ${n} lines "\u2026 undefined reference to \u2026"`);
  });

  it("counts a flat list indented under a line, not its head or its tail (ldconfig -p, esbuild --analyze)", () => {
    const ldconfig = statusLines("ldconfig-p-cache");
    const libs = ldconfig.lines.filter((l) => l.startsWith("\t")).length;
    for (const s of ldconfig.status) expect(s).toMatch(new RegExp(` ${libs}( of ${ldconfig.lines.length - 1})? lines indented under "540 libs found in cache \u2026"`));
    const esbuild = statusLines("esbuild-analyze-express");
    const inputs = esbuild.lines.filter((l) => /^ +[├└] /.test(l)).length;
    for (const s of esbuild.status) expect(s).toMatch(new RegExp(` ${inputs}( of ${esbuild.lines.length - 1})? lines indented under "dist/server\\.js \u2026"`));
  });

  it("names the files that hold a linter's findings, with each file's count, where a cut keeps none of some (flake8)", () => {
    const { status, lines } = statusLines("flake8-stdlib-json-http");
    const perFile = new Map<string, number>();
    for (const l of lines) {
      const file = /^([^:]+):\d+:\d+: /.exec(l)?.[1];
      if (file) perFile.set(file, (perFile.get(file) ?? 0) + 1);
    }
    expect(perFile.size).toBe(10);
    const [minimal, balanced] = status;
    // Balanced: every file, most findings first, each with its count.
    const named = [...perFile].sort((a, b) => b[1] - a[1]).map(([file, n]) => `${file} ${n}`);
    expect(balanced).toContain(`; 10 files: ${named.join(", ")}`);
    // Minimal: the room goes to the findings' own lines.
    expect(minimal).not.toContain(" files");
  });

  it("states what a ranked column of counts per name adds up to (git shortlog -sn)", () => {
    const { status, lines } = statusLines("git-shortlog-authors");
    const sum = lines.filter((l) => l.trim()).reduce((n, l) => n + Number(/^\s*(\d+)\t/.exec(l)![1]), 0);
    expect(sum).toBe(1938);
    for (const s of status) expect(s).toContain(" column 1 sums to 1,938");
  });
});
