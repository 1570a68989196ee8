import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { digest, type DigestKind } from "../../host/core-api.js";

// Real captures (tests/fixtures/<id>/output + meta.json, and the shared corpus under
// tests/fixtures/corpus/). The expected totals come from the tools themselves: each
// meta.json names the command (grep -rl … | wc -l, find … -type f | wc -l, git diff --numstat).

const root = new URL("../..", import.meta.url).pathname;
const fixtures = join(root, "tests/fixtures");

interface Fixture {
  id: string;
  dir: string;
  text: string;
  meta: { tool: string; args: unknown; exitCode: number; category: string; facts?: { counts?: Record<string, number> } };
}

/** A fixture by id; a missing one fails the test that names it (never a silent pass). */
function load(id: string): Fixture {
  const dir = join(fixtures, id);
  if (!existsSync(join(dir, "output"))) throw new Error(`fixture ${id} is missing: tests/fixtures/${id}/output`);
  return { id, dir, text: readFileSync(join(dir, "output"), "utf8"), meta: JSON.parse(readFileSync(join(dir, "meta.json"), "utf8")) };
}

/** Directories under tests/fixtures that hold a fixture (the corpus folder itself does not). */
function isFixture(id: string): boolean {
  return existsSync(join(fixtures, id, "output"));
}

function byCategory(category: string): Fixture[] {
  const ids: string[] = [];
  for (const id of readdirSync(fixtures).sort()) ids.push(id);
  if (existsSync(join(fixtures, "corpus"))) for (const id of readdirSync(join(fixtures, "corpus")).sort()) ids.push(`corpus/${id}`);
  return ids.filter(isFixture).map(load).filter((f) => f.meta.category === category);
}

const KIND_OF: Record<string, DigestKind> = { SearchResults: "search", DirectoryListing: "listing", Diff: "diff" };

function run(kind: DigestKind, f: Fixture, budget: number) {
  return digest(kind, f.text, budget, { tool: f.meta.tool, args: f.meta.args, exitCode: f.meta.exitCode });
}

describe("every digest stays within its budget on every real fixture", () => {
  for (const category of Object.keys(KIND_OF)) {
    const kind = KIND_OF[category];
    for (const f of byCategory(category)) {
      it(`${kind}: ${f.id}`, () => {
        for (const budget of [0, 1, 7, 40, 200, 1000, 4000, 16000]) {
          const d = run(kind, f, budget);
          expect(d.llm.length, `budget ${budget}`).toBeLessThanOrEqual(budget);
          expect(d.summary.length).toBeLessThanOrEqual(160);
          expect(d.summary).not.toMatch(/\s\s|\n/);
          expect(d.omittedChars).toBeGreaterThanOrEqual(0);
          // A text that fits comes whole, under its one-line totals when both fit.
          if (f.text.length <= budget) expect([f.text, `${d.llm.split("\n")[0]}\n${f.text}`]).toContain(d.llm);
          else expect(d.truncated).toBe(true);
        }
      });
    }
  }
});

describe("search totals match grep/rg's own counts", () => {
  const cases: Array<[string, string[]]> = [
    ["corpus/grep-rn-python-stdlib-defs", ["matches", "files"]],
    ["corpus/grep-rn-binary-matches", ["matches", "files", "binaryFiles"]],
    ["corpus/grep-rl-files-only", ["files"]],
    ["corpus/grep-rc-count-mode", ["matches"]],
    ["search-grep-rn-import-py", ["matches", "files"]],
    ["search-grep-rl-import-os", ["files"]],
    ["search-grep-rc-todo", ["matches", "files", "filesSearched"]],
    ["search-grep-r-no-numbers", ["matches", "files", "binaryFiles"]],
    ["search-grep-n-single-file", ["matches"]],
    ["search-grep-context", ["matches", "files"]],
    ["search-rg-heading", ["matches", "files"]],
    ["search-rg-vimgrep", ["matches", "files"]],
    ["search-rg-count", ["matches", "files"]],
    ["search-grep-missing-path", ["matches", "files", "errors"]],
  ];
  for (const [id, keys] of cases) {
    it(id, () => {
      const f = load(id);
      // Below the text's length, so the digest is written (a text that fits comes back as it is).
      const d = run("search", f, Math.min(4000, f.text.length - 1));
      const counts = f.meta.facts!.counts!;
      for (const k of keys) expect(d.facts[k], k).toBe(counts[k]);
      if (counts.matches !== undefined && keys.includes("files")) {
        const files = counts.files;
        expect(d.llm.startsWith(`Found ${counts.matches.toLocaleString("en-US")} match`)).toBe(true);
        // grep -c adds the files it counted with 0: "in 2 of 5 files".
        expect(d.summary).toMatch(new RegExp(`in ${files.toLocaleString("en-US")}( of [\\d,]+)? file`));
      }
    });
  }

  it("grep -rc: the count of files searched is grep's line count", () => {
    const f = load("corpus/grep-rc-count-mode");
    const d = run("search", f, 4000);
    const c = f.meta.facts!.counts!;
    expect(d.facts.filesSearched).toBe(c.files);
    // It fits whole: the totals a model would otherwise add up ride on top.
    expect(d.llm).toBe(`Found ${c.matches.toLocaleString("en-US")} matches in ${d.facts.files} of ${c.files} files (${c.files - (d.facts.files as number)} with 0)\n${f.text}`);
  });

  it("shows verbatim matches with their line numbers, and the exact number not shown", () => {
    const f = load("corpus/grep-rn-python-stdlib-defs")!;
    const d = run("search", f, 4000);
    const body = d.llm.split("\n");
    // Every "N:text" line under a path heading is a real grep line "path:N:text".
    const lines = new Set(f.text.split("\n"));
    let heading = "";
    let shown = 0;
    for (const line of body) {
      const h = /^(\S.*?)(?: \([\d,]+ of [\d,]+\))?:$/.exec(line);
      if (h && !/^\d/.test(line)) {
        heading = h[1];
        continue;
      }
      const m = /^(\d+):(.*)$/.exec(line);
      if (m && heading) {
        expect(lines.has(`${heading}:${m[1]}:${m[2]}`), line).toBe(true);
        shown++;
      }
    }
    expect(shown).toBeGreaterThan(10);
    const marker = /\[\.\.\.([\d,]+) more matches in ([\d,]+) files not shown\]$/.exec(d.llm);
    expect(marker).not.toBeNull();
    expect(Number(marker![1].replace(/,/g, ""))).toBe(14806 - shown);
  });
});

describe("listing totals match find/ls/tree's own counts", () => {
  const cases: Array<[string, string[]]> = [
    ["corpus/find-gemini-cli-core", ["dirs"]],
    ["corpus/ls-r-gemini-src", ["files", "entries"]],
    ["corpus/find-usr-include-headers", ["files"]],
    ["listing-find-python-stdlib", ["files", "directories"]],
    ["listing-find-type-f", ["files", "directories"]],
    ["listing-ls-la", ["files", "directories"]],
    ["listing-ls-R", ["files", "directories"]],
    ["listing-ls-lR", ["files", "directories"]],
    ["listing-tree", ["files", "directories"]],
    ["listing-tree-L2", ["files", "directories"]],
    ["listing-du-a", ["files", "directories"]],
    ["listing-glob-abs", ["files"]],
    ["listing-ls-C", ["entries"]],
    ["listing-ls-1", ["entries"]],
  ];
  for (const [id, keys] of cases) {
    it(id, () => {
      const f = load(id);
      const d = run("listing", f, 4000);
      const counts = f.meta.facts!.counts!;
      // ls -R's directories are entries below its roots; these fixtures count with `find ROOT -type d`.
      const dirs = (d.facts.directories as number) + ((d.facts.roots as number | undefined) ?? 0);
      for (const k of keys) expect(k === "directories" ? dirs : d.facts[k === "dirs" ? "directories" : k], k).toBe(counts[k]);
    });
  }

  it("find output: entries are every line; a symlink counts among the leaves, as `find -not -type d` does", () => {
    const f = load("corpus/find-gemini-cli-core");
    const d = run("listing", f, 4000);
    const c = f.meta.facts!.counts!;
    expect(d.facts.entries).toBe(c.entries);
    expect((d.facts.files as number) + (d.facts.directories as number)).toBe(c.entries);
    // `find -type f` leaves its one symlink out (3,424): what is stated of the leaves must hold for it too.
    expect(d.summary).toBe("Listed 3,552 entries: 3,425 leaves (files, links, empty directories), 127 directories");
  });

  it("ls -R: entries and directories below the listed root, as `find DIR -mindepth 1` counts them", () => {
    const f = load("corpus/ls-r-gemini-src");
    const d = run("listing", f, 4000);
    const c = f.meta.facts!.counts!;
    expect(d.facts.entries).toBe(c.entries);
    expect(d.facts.files).toBe(c.files);
    expect(d.facts.directories).toBe(c.dirs);
  });

  it("tree: its own totals line is trusted and checked", () => {
    const full = run("listing", load("listing-tree")!, 4000);
    expect(full.facts.countsAgree).toBe(true);
    // -L 2 cuts directories off: tree still counts them as directories, the parse cannot.
    const cut = run("listing", load("listing-tree-L2")!, 4000);
    expect(cut.facts.countsAgree).toBe(false);
    expect(cut.summary).toBe("Listed 748 files in 79 directories (3 symlinks)");
  });
});

/** git's --numstat lines as path → [added, removed] ("-" for binary), rename braces resolved to the new path. */
function numstat(file: string, strip: string[]): Map<string, [string, string]> {
  const out = new Map<string, [string, string]>();
  for (const line of readFileSync(file, "utf8").split("\n")) {
    if (!line) continue;
    const [a, r, ...rest] = line.split("\t");
    let path = rest.join("\t").replace(/\{[^}]* => ([^}]*)\}/, "$1");
    const arrow = / => /.exec(path);
    if (arrow) {
      const [from, to] = path.split(" => ");
      path = to === "/dev/null" ? from : to;
    }
    path = path.replace(/\/\//g, "/");
    for (const s of strip) if (path.startsWith(s)) path = path.slice(s.length);
    out.set(path, [a, r]);
  }
  return out;
}

describe("diff counts agree with git diff --numstat", () => {
  const cases: Array<[string, string[]]> = [
    ["diff-git-multi-language", []],
    ["diff-git-show-multi-language", []],
    ["diff-no-index-stdlib", ["3.11/", "3.13/"]],
    ["diff-ruN-trees", ["old/", "new/"]],
  ];
  for (const [id, strip] of cases) {
    it(id, () => {
      const f = load(id)!;
      const d = run("diff", f, 4000);
      const expected = numstat(join(f.dir, "numstat"), strip);
      const perFile = d.facts.perFile as Array<{ path: string; added: number; removed: number; binary: boolean }>;
      const unprefixed = (path: string) => strip.reduce((p, s) => (p.startsWith(s) ? p.slice(s.length) : p), path);
      const got = new Map(perFile.map((p) => [unprefixed(p.path), p]));
      let added = 0;
      let removed = 0;
      for (const [path, [a, r]] of expected) {
        const p = got.get(path);
        // diff -ruN prints nothing for a mode change; git lists it as 0 0.
        if (!p && a === "0" && r === "0") continue;
        expect(p, path).toBeDefined();
        if (a === "-") expect(p!.binary, path).toBe(true);
        else {
          expect([p!.added, p!.removed], path).toEqual([Number(a), Number(r)]);
          added += Number(a);
          removed += Number(r);
        }
      }
      expect(d.facts.insertions).toBe(added);
      expect(d.facts.deletions).toBe(removed);
      expect(d.llm.split("\n")[id.includes("show") ? 0 : 0]).toMatch(/^\d+ files? changed, \+[\d,]+\/-[\d,]+$/);
    });
  }

  for (const id of ["corpus/git-diff-stdlib-upgrade", "corpus/git-show-stdlib-commit"]) {
    it(`${id}: totals`, () => {
      const f = load(id);
      const d = run("diff", f, 4000);
      const c = f.meta.facts!.counts!;
      expect([d.facts.files, d.facts.insertions, d.facts.deletions]).toEqual([c.files, c.insertions, c.deletions]);
      expect(d.summary).toBe(`${c.files} files changed, +${c.insertions.toLocaleString("en-US")}/-${c.deletions.toLocaleString("en-US")}`);
    });
  }

  it("names the file states and the functions touched", () => {
    const d = run("diff", load("diff-git-multi-language")!, 4000);
    expect(d.llm).toContain("\u2717 py/quoprimime.py (deleted, 300 lines)");
    expect(d.llm).toContain("+ py/validator.py (new file, 85 lines)");
    expect(d.llm).toContain("\u2192 py/scanner.py \u2192 py/json_scanner.py (renamed, similarity 98%) +1/-1 lines");
    expect(d.llm).toContain("binary assets/icon.png (new file)");
    expect(d.llm).toContain("binary assets/logo.png");
    expect(d.llm).toMatch(/\u270e src\/client\.go \+5\/-0 lines \([^)]*Close/);
    expect(d.llm).toMatch(/\u270e web\/util\.js \+3\/-0 lines \([^)]*isBlank/);
    expect(d.llm).toMatch(/\u270e py\/decoder\.py \+7\/-2 lines \([^)]*_describe/);
    expect(d.llm).toContain("(mode 100644 \u2192 100755)");
    // A removed SQL comment "-- x" is a diff line "--- x", not a file header.
    expect(d.facts.perFile).toContainEqual(expect.objectContaining({ path: "db/sepgsql.sql", added: 1, removed: 2 }));
  });

  it("keeps hunks verbatim and counts the ones left out", () => {
    const f = load("corpus/git-diff-stdlib-upgrade")!;
    const d = run("diff", f, 4000);
    const hunks = (f.text.match(/^@@ /gm) ?? []).length;
    expect(d.facts.hunks).toBe(hunks);
    const m = /\[\.\.\.([\d,]+) of ([\d,]+) hunks not shown/.exec(d.llm);
    expect(m).not.toBeNull();
    expect(Number(m![2].replace(/,/g, ""))).toBe(hunks);
    const shownHeaders = (d.llm.match(/^@@ /gm) ?? []).length;
    expect(shownHeaders).toBeGreaterThan(0);
    for (const line of d.llm.split("\n")) if (line.startsWith("@@ ")) expect(f.text).toContain(line);
  });
});

describe("edits and writes", () => {
  const tool = readFileSync("/usr/lib/python3.11/json/tool.py", "utf8");

  it("Write: lines and bytes of the content (wc -l / wc -c of the same file)", () => {
    const d = digest("edit", "File created successfully at: /repo/json/tool.py", 4000, {
      tool: "Write",
      args: { file_path: "/repo/json/tool.py", content: tool },
    });
    const lines = tool.split("\n").length - (tool.endsWith("\n") ? 1 : 0);
    const bytes = Buffer.byteLength(tool, "utf8");
    expect(d.llm.split("\n")[0]).toBe(`\u2713 Created /repo/json/tool.py (${lines} lines, ${bytes.toLocaleString("en-US")} bytes)`);
    expect(d.summary).toBe("Wrote /repo/json/tool.py");
    expect(d.facts).toMatchObject({ kind: "write", lines, bytes, created: true });
  });

  it("MultiEdit: replacements and old→new line counts from the edits array", () => {
    const d = digest("edit", "Applied 2 edits to /repo/py/decoder.py", 4000, {
      tool: "MultiEdit",
      args: {
        file_path: "/repo/py/decoder.py",
        edits: [
          { old_string: "def JSONObject(", new_string: "def _describe(pos):\n    \"\"\"Position for error messages.\"\"\"\n    return 'char %d' % pos\n\n\ndef JSONObject(" },
          { old_string: "a\nb", new_string: "c", replace_all: true },
        ],
      },
    });
    expect(d.llm.split("\n")[0]).toBe("\u270e Modified /repo/py/decoder.py: 2 replacement(s), 3\u21927 lines");
    expect(d.facts).toMatchObject({ kind: "edit", replacements: 2, oldLines: 3, newLines: 7, replaceAll: true });
    expect(d.summary).toBe("Updated /repo/py/decoder.py");
  });

  it("apply_patch: one line per file from the patch headers", () => {
    const patch = [
      "*** Begin Patch",
      "*** Update File: src/app.py",
      "@@ def main():",
      "-    print('hi')",
      "+    print('hello')",
      "+    return 0",
      "*** Add File: src/new.py",
      "+x = 1",
      "+y = 2",
      "*** Delete File: src/old.py",
      "*** Update File: a.txt",
      "*** Move to: b.txt",
      "@@",
      "-a",
      "+b",
      "*** End Patch",
    ].join("\n");
    const d = digest("edit", "Success. Updated the following files:\nM src/app.py\nA src/new.py\nD src/old.py", 4000, {
      tool: "apply_patch",
      args: { command: ["apply_patch", patch] },
    });
    expect(d.llm.split("\n").slice(0, 5)).toEqual([
      "Patch: 4 files changed, +5/-2",
      "\u270e src/app.py +2/-1 lines",
      "+ src/new.py (new file, 2 lines)",
      "\u2717 src/old.py (deleted)",
      "\u2192 a.txt \u2192 b.txt +1/-1 lines",
    ]);
    expect(d.llm).toContain("Success. Updated the following files:");
  });

  it("a failed edit says so in the summary", () => {
    const d = digest("edit", "<tool_use_error>String to replace not found in file.</tool_use_error>", 4000, {
      tool: "Edit",
      args: { file_path: "/repo/a.ts", old_string: "x", new_string: "y" },
    });
    expect(d.summary).toBe("Error: <tool_use_error>String to replace not found in file.</tool_use_error>");
    expect(d.llm.startsWith("\u2717 Edit failed: /repo/a.ts")).toBe(true);
  });
});
