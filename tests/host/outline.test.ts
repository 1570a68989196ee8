// The core's outline against a real parser (tree-sitter) on real files: two
// per language, copied into tests/fixtures/outline/ (origins in SOURCES.md).
// The floors are below today's agreement (100 % on these files, see
// docs/outline.md) so a regression in any language fails here.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { languageOf, outline } from "../../host/core-api.js";
// @ts-expect-error: a plain ESM script without type declarations
import { compareOutlines, treeSitterOutline } from "../../scripts/outline-agreement.mjs";

const dir = new URL("../fixtures/outline/", import.meta.url).pathname;
const files = readdirSync(dir).filter((f) => f !== "SOURCES.md").sort();

const MIN_RECALL = 0.9;
const MIN_PRECISION = 0.9;
const MIN_EXACT_RANGES = 0.8;

describe("outline agrees with tree-sitter on real files", () => {
  const byLanguage = new Map<string, string[]>();
  for (const f of files) {
    const language = languageOf(f, "");
    byLanguage.set(language, [...(byLanguage.get(language) ?? []), f]);
  }

  it("covers every language with two files", () => {
    expect([...byLanguage.keys()].sort()).toEqual(["c", "cpp", "go", "java", "javascript", "python", "rust", "typescript"]);
    for (const list of byLanguage.values()) expect(list.length).toBe(2);
  });

  for (const [language, list] of byLanguage) {
    it(`${language}: names and line ranges of top-level symbols`, async () => {
      let theirs = 0;
      let ours = 0;
      let matched = 0;
      let exact = 0;
      for (const f of list) {
        const text = readFileSync(join(dir, f), "utf8");
        const reference = await treeSitterOutline(text, language, f);
        const c = compareOutlines(outline(text, language), reference, language);
        theirs += c.theirs;
        ours += c.ours;
        matched += c.matched;
        exact += c.exact;
      }
      expect(theirs).toBeGreaterThan(0);
      expect(matched / theirs).toBeGreaterThanOrEqual(MIN_RECALL);
      expect(matched / ours).toBeGreaterThanOrEqual(MIN_PRECISION);
      expect(exact / matched).toBeGreaterThanOrEqual(MIN_EXACT_RANGES);
    });
  }

  it("lists the methods of a class", () => {
    const text = readFileSync(join(dir, "StringJoiner.java"), "utf8");
    const symbols = outline(text, "java");
    const cls = symbols.find((s) => s.kind === "class" && s.name === "StringJoiner");
    const methods = symbols.filter((s) => s.depth === 1 && s.parent === "StringJoiner").map((s) => s.name);
    expect(cls?.members).toBe(methods.length);
    for (const m of ["setEmptyValue", "toString", "add", "merge", "length"]) expect(methods).toContain(m);
  });
});

describe("digestFile on a real file", () => {
  it("gives header, outline, first chunk and next offset within the budget", async () => {
    const { digestFile } = await import("../../host/core-api.js");
    const text = readFileSync(join(dir, "textwrap.py"), "utf8");
    const r = digestFile(text, 2500, { tool: "Read", args: { file_path: "Lib/textwrap.py" } });
    expect(r.llm.length).toBeLessThanOrEqual(2500);
    expect(r.llm.startsWith("Read Lib/textwrap.py (491 lines, 19 KB, python)\nOutline: 6 symbols; 1 import L8\n  class TextWrapper  L17–368 (9 methods)\n  function wrap  L373–384\n")).toBe(true);
    const m = /\(showing lines 1-(\d+) of 491 total; next: offset=(\d+)\)$/.exec(r.llm);
    expect(m).not.toBeNull();
    expect(Number(m![2])).toBe(Number(m![1]) + 1);
    expect(r.keptLines).toEqual([[1, Number(m![1])]]);
    expect(r.summary).toBe("Read Lib/textwrap.py (491 lines)");
    expect(r.facts).toEqual({ path: "Lib/textwrap.py", lines: 491, bytes: 19718, language: "python", symbols: 6, imports: 1, firstLine: 1 });
  });

  it("reads a Read call's range of the whole file as hashlines that verify", async () => {
    const { digestFile, verifyAnchors } = await import("../../host/core-api.js");
    const text = readFileSync(join(dir, "Scraper.cc"), "utf8");
    const r = digestFile(text, 3000, { tool: "Read", args: { file_path: "Scraper.cc", offset: 100, limit: 20 } });
    expect(r.llm).toContain("Before lines 1–99: ");
    const anchors = r.llm.split("\n").filter((l) => /^\d+:[0-9a-f]{2}\|/.test(l));
    expect(anchors.length).toBe(20);
    expect(anchors[0].startsWith("100:")).toBe(true);
    expect(JSON.parse(JSON.stringify(verifyAnchors(anchors.join("\n"), text))).ok).toBe(true);
  });
});
