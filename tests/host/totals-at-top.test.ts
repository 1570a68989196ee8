// Totals a model would otherwise count, stated once at the top, exactly, on real
// captures of the corpus's tuning part.
import { describe, expect, it } from "vitest";
import { compact } from "../../host/pipeline.js";
import { tuningFixture } from "./support/tuning-fixture.js";

function run(id: string, level: "minimal" | "balanced") {
  const { input, hint } = tuningFixture(id);
  return { input, text: compact(input, { level }, { hint }).llmContent };
}

describe("an array of records that each count their own", () => {
  it.each(["minimal", "balanced"] as const)("states the sum of a linter's per-file error counts at %s (eslint -f json, 20 errors in 24 files)", (level) => {
    const { text } = run("eslint-json-format", level);
    expect(text).toMatch(/"…\+\d+ items \(24 in all; errorCount 20 in all\)"/);
    expect(text.length).toBeLessThanOrEqual(level === "minimal" ? 800 : 4000);
  });
});

/** Lines of the fixture's output that start with `prefix`, counted as grep -c '^prefix' counts them. */
function linesStarting(input: { output: Buffer }, prefix: string): number {
  return input.output.toString("utf8").split("\n").filter((l) => l.startsWith(prefix)).length;
}

describe("lines that open with the same word, counted once under the status line", () => {
  it.each(["minimal", "balanced"] as const)("states a formatter's unformatted files at %s (prettier --check, 111 of 119 lines)", (level) => {
    const { input, text } = run("prettier-check-undici", level);
    const status = text.split("\n")[0];
    expect(linesStarting(input, "[warn] ")).toBe(111);
    // At minimal the numbered marker states the count of lines, and the lead's count is stated against it.
    expect(status).toBe(level === "minimal" ? 'exit 2 · 111 of 119 lines "[warn] …"' : 'exit 2 (failed) · 119 lines · 111 lines "[warn] …"');
  });

  it("states a few lines of one lead far apart at balanced: the files a formatter would change, the conflicts among merges", () => {
    // cargo fmt --check: one "Diff in" per file, 7 over 237 lines; a cut shows some of them only.
    const fmt = run("cargo-fmt-check-diffs", "balanced");
    expect(linesStarting(fmt.input, "Diff in ")).toBe(7);
    expect(fmt.text.split("\n")[0]).toContain('· 7 lines "Diff in …"');
    // git cherry-pick: 6 conflicts among 80 "Auto-merging" lines.
    const pick = run("git-cherry-pick-conflict", "balanced");
    expect(linesStarting(pick.input, "CONFLICT (content): ")).toBe(6);
    expect(pick.text.split("\n")[0]).toContain('· 6 lines "CONFLICT (content): Merge conflict in …"');
    // At minimal the room such a count takes is one of those conflict lines.
    expect(run("git-cherry-pick-conflict", "minimal").text.split("\n")[0]).not.toContain("CONFLICT");
  });

  it.each(["minimal", "balanced"] as const)("states the files a patch patched and its hunks at %s, not a notice printed before each", (level) => {
    const { input, text } = run("patch-hunks-failed", level);
    const status = text.split("\n")[0];
    expect(status).toMatch(new RegExp(`· ${linesStarting(input, "Hunk ")}( of \\d+)? lines "Hunk …"`));
    expect(status).toContain(`· ${linesStarting(input, "patching file ")} lines "patching file …"`);
    // "Hmm...  The next patch looks like a unified diff to me..." opens as many lines, all alike.
    expect(status).not.toContain("Hmm");
  });

  it("states a merge's auto-merged files and its conflicts at minimal, each once (git merge)", () => {
    const { input, text } = run("git-merge-conflicts", "minimal");
    expect(text.split("\n")[0]).toBe(
      `exit 1 · ${linesStarting(input, "Auto-merging ")} of 81 lines "Auto-merging …" · ${linesStarting(input, "CONFLICT ")} lines "CONFLICT …"`,
    );
    expect(text.match(/lines "Auto-merging …"/g)).toHaveLength(1);
  });

  it("counts no severity a linter's totals count already (cargo clippy: 14 warnings, not 15 lines \"warning: …\")", () => {
    const { text } = run("cargo-clippy-warnings", "minimal");
    expect(text.split("\n")[0]).toContain("14 warnings");
    expect(text).not.toMatch(/lines "warning:/);
  });
});

describe("a linter's totals count every located line", () => {
  it.each(["minimal", "balanced"] as const)("counts its path:line findings among its path:line:col ones at %s (markdownlint, 466 in 7 files)", (level) => {
    const { input, text } = run("markdownlint-readmes", level);
    const lines = input.output.toString("utf8").split("\n").filter((l) => l.length > 0);
    expect(lines.length).toBe(466);
    expect(text.split("\n")[0]).toContain(`${lines.length} findings; 16 codes: MD033 238,`);
    // The files are named where there is room for them.
    if (level === "balanced") expect(text.split("\n")[0]).toContain("; 7 files: docs/debug.md 221,");
  });

  it("counts them as a search's matches when the command that printed them is not seen (a script run by its path)", () => {
    const { input, hint } = tuningFixture("markdownlint-readmes");
    const text = compact({ ...input, args: { command: "./lint-docs.sh" } }, { level: "minimal" }, { hint }).llmContent;
    const lines = input.output.toString("utf8").split("\n").filter((l) => l.length > 0);
    const files = new Set(lines.map((l) => l.slice(0, l.indexOf(":"))));
    expect(text.split("\n")[0]).toBe(`Found ${lines.length} matches in ${files.size} files`);
  });
});

/** Rows of the fixture's output whose second field is `word`, counted as awk '$2 == word' counts them. */
function rowsOfKind(input: { output: Buffer }, word: string): number {
  return input.output.toString("utf8").split("\n").filter((l) => /^\S/.test(l) && l.split(/\s+/)[1] === word).length;
}

describe("the kinds a column of rows takes, tallied under the status line", () => {
  it.each(["minimal", "balanced"] as const)("states a tag listing's kinds, the commonest first, at %s (ctags -x: 24 functions, 18 macros)", (level) => {
    const { input, text } = run("ctags-x-c-project", level);
    const status = text.split("\n")[0];
    expect([rowsOfKind(input, "function"), rowsOfKind(input, "enumerator"), rowsOfKind(input, "macro")]).toEqual([24, 18, 18]);
    // Five kinds at balanced, three under a small budget; eight in all.
    const kinds = level === "balanced" ? "24 function, 18 enumerator, 18 macro, 18 member, 6 struct, …" : "24 function, 18 enumerator, 18 macro, …";
    expect(status).toBe(`exit 0${level === "minimal" ? "" : " · 102 lines"} · column 2: ${kinds}`);
    expect(text.length).toBeLessThanOrEqual(level === "minimal" ? 800 : 4000);
  });

  it("states a failed run's channels at balanced, not at minimal, where its errors take the room (npm install --offline)", () => {
    const { input, text } = run("npm-install-offline-not-cached", "balanced");
    expect(rowsOfKind(input, "http")).toBe(66);
    expect(text.split("\n")[0]).toContain("· column 2: 66 http, 22 verbose, 3 error, 2 info");
    expect(run("npm-install-offline-not-cached", "minimal").text.split("\n")[0]).not.toContain("column 2");
  });

  it("states no kinds another total counts already (file: 140 lines \"…: symbolic link to …\")", () => {
    const { text } = run("file-types-git-core", "balanced");
    expect(text.split("\n")[0]).toContain('140 lines "…: symbolic link to …"');
    expect(text.split("\n")[0]).not.toContain("column 2");
  });
});

describe("findings placed as path(line, col) with no colon after the place", () => {
  it.each(["minimal", "balanced"] as const)("counts a Nim build's warnings and hints by severity at %s", (level) => {
    const { input, text } = run("nim-type-mismatch", level);
    const lines = input.output.toString("utf8").split("\n");
    // Counted as grep -cE ' Warning: ' / ' Hint: ' count them: only the located lines hold a space before.
    const warnings = lines.filter((l) => /\(\d+, \d+\) Warning: /.test(l)).length;
    const hints = lines.filter((l) => /\(\d+, \d+\) Hint: /.test(l)).length;
    expect([warnings, hints]).toEqual([30, 80]);
    // The unlocated "Hint: used config file …" lines are no findings.
    expect(lines.filter((l) => l.startsWith("Hint: ")).length).toBeGreaterThan(0);
    expect(text.split("\n")[0]).toContain(`${warnings} warnings, ${hints} hints`);
  });
});

describe("findings stated as 'Severity N [name]:' under a place line printed above them", () => {
  it.each(["minimal", "balanced"] as const)("counts an OCaml build's warnings and names their kinds at %s", (level) => {
    const { input, text } = run("ocamlc-type-error", level);
    const lines = input.output.toString("utf8").split("\n");
    const warnings = lines.filter((l) => /^Warning \d+ \[[a-z-]+\]: /.test(l)).length;
    const partial = lines.filter((l) => l.startsWith("Warning 8 [partial-match]: ")).length;
    expect([warnings, partial]).toEqual([47, 12]);
    const status = text.split("\n")[0];
    expect(status).toContain(`${warnings} warnings`);
    expect(status).toContain(`partial-match ${partial}`);
  });
});
