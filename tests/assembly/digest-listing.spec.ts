import { digestListing } from "../../assembly/digest/listing";
import { ListingMode, parseListing } from "../../assembly/digest/listing/parse";
import { DigestContext } from "../../assembly/digest/shared/types";

const ctx = new DigestContext("bash", "{}", 0);

/** Cut from `cd /usr/lib/python3.11 && ls -la` (GNU coreutils 9.1). */
const LS_LA =
  "total 5092\n" +
  "drwxr-xr-x 35 root root   4096 May  9  2026 .\n" +
  "drwxr-xr-x 57 root root   4096 Sep 22 04:45 ..\n" +
  "-rw-r--r--  1 root root    645 Apr 28  2025 EXTERNALLY-MANAGED\n" +
  "-rw-r--r--  1 root root  13936 Apr 28  2025 LICENSE.txt\n" +
  "-rw-r--r--  1 root root   5218 Apr 28  2025 __future__.py\n" +
  "drwxr-xr-x  3 root root   4096 Jun 24  2025 __phello__\n" +
  "lrwxrwxrwx  1 root root     32 Apr 28  2025 sitecustomize.py -> /etc/python3.11/sitecustomize.py\n";

/** Cut from `cd /usr/lib/python3.11 && tree -I __pycache__ asyncio email json` (tree 2.1.0), middle lines removed. */
const TREE =
  "email\n" +
  "\u251c\u2500\u2500 __init__.py\n" +
  "\u251c\u2500\u2500 mime\n" +
  "\u2502\u00a0\u00a0 \u251c\u2500\u2500 __init__.py\n" +
  "\u2502\u00a0\u00a0 \u2514\u2500\u2500 text.py\n" +
  "\u2514\u2500\u2500 utils.py\n" +
  "\n" +
  "2 directories, 4 files\n";

/** Cut from `cd /usr/lib/python3.11 && ls -R json` (GNU coreutils 9.1). */
const LS_R = "json:\n__init__.py\n__pycache__\ndecoder.py\n\njson/__pycache__:\n__init__.cpython-311.pyc\ndecoder.cpython-311.pyc\n";

/** n paths "./dD/fF.ext" spread over `dirs` directories, find-style with the directories listed. */
function findOutput(n: i32, dirs: i32): string {
  const parts = new Array<string>();
  parts.push(".");
  for (let d = 0; d < dirs; d++) parts.push("./d" + d.toString());
  for (let i = 0; i < n; i++) parts.push("./d" + (i % dirs).toString() + "/f" + i.toString() + (i % 3 == 0 ? ".ts" : ".py"));
  return parts.join("\n") + "\n";
}

describe("listing parse", () => {
  it("ls -la: files, directories, symlinks, sizes; . and .. skipped", () => {
    const p = parseListing(LS_LA);
    expect(p.mode).toBe(ListingMode.Ls);
    expect(p.paths.length).toBe(5);
    expect(p.isDir[3]).toBe(true);
    expect(p.isLink[4]).toBe(true);
    expect(p.paths[4]).toBe("sitecustomize.py");
    expect(p.size[1]).toBe(13936);
  });
  it("tree: nesting, directories from children, its totals line", () => {
    const p = parseListing(TREE);
    expect(p.mode).toBe(ListingMode.Tree);
    expect(p.paths[2]).toBe("mime/__init__.py");
    expect(p.isDir[1]).toBe(true);
    expect(p.treeDirs).toBe(2);
    expect(p.treeFiles).toBe(4);
  });
  it("ls -R: headers name directories", () => {
    const p = parseListing(LS_R);
    expect(p.headerCount).toBe(2);
    expect(p.paths[1]).toBe("json/__pycache__");
    expect(p.isDir[1]).toBe(true);
  });
});

describe("digestListing", () => {
  it("states exact totals and groups by directory and extension", () => {
    const d = digestListing(findOutput(3000, 40), 1200, ctx);
    expect(d.llm.length).toBeLessThanOrEqual(1200);
    // find lists "." and the 40 directories as entries beside the files.
    expect(d.summary).toBe("Listed 3,041 entries: 3,000 files, 41 directories");
    expect(d.llm.includes("By extension: .py 2,000, .ts 1,000")).toBe(true);
    expect(d.llm.includes("Top level (40): ")).toBe(true);
    expect(d.llm.includes(" more entries not shown: lines ")).toBe(true);
    expect(d.facts.includes('"files":3000,"directories":41')).toBe(true);
  });
  it("ls -la of one directory: the entries, then files and directories beside each other", () => {
    const d = digestListing(LS_LA, 10000, ctx);
    expect(d.summary).toBe("Listed 5 entries: 4 files, 1 directory (1 symlink)");
    expect(d.facts.includes('"entries":5,"files":4,"directories":1')).toBe(true);
  });
  it("a listing that fits comes whole under its totals, or whole alone when both do not fit", () => {
    const d = digestListing(LS_LA, 10000, ctx);
    expect(d.llm).toBe("Listed 5 entries: 4 files, 1 directory (1 symlink)\n" + LS_LA);
    expect(d.truncated).toBe(false);
    expect(digestListing(LS_LA, LS_LA.length, ctx).llm).toBe(LS_LA);
  });
  it("no extension line for a single file among directories", () => {
    const parts = new Array<string>();
    parts.push("-rw-r--r--   1 root root 304246 Nov 22 08:31 .package-lock.json");
    for (let i = 0; i < 60; i++) parts.push("drwxr-xr-x   3 root root   4096 Nov 22 08:13 pkg" + i.toString());
    const d = digestListing(parts.join("\n") + "\n", 600, ctx);
    expect(d.llm.startsWith("Listed 61 entries: 1 file, 60 directories\n-rw-r--r--")).toBe(true);
    expect(d.llm.includes("By extension:")).toBe(false);
  });
  it("ls -l without directories: every type is printed, so these are files, not unknown entries", () => {
    const t = "total 8\n-rwxr-xr-x 1 root root 100 Apr 28  2025 a\nlrwxrwxrwx 1 root root 1 Apr 28  2025 b -> a\n-rwxr-xr-x 1 root root 9 Apr 28  2025 c\n";
    expect(digestListing(t, 1000, ctx).summary).toBe("Listed 3 files (1 symlink)");
  });
  it("ls -R: entries below the roots; the root's header is not a directory entry", () => {
    const d = digestListing(LS_R, 1000, ctx);
    // As `find json -mindepth 1` counts: 4 files and json/__pycache__.
    expect(d.summary).toBe("Listed 5 entries: 4 files, 1 directory");
    // The root is told apart, so `find json -type d` (2) can be had back.
    expect(d.facts.includes('"directories":1,"roots":1')).toBe(true);
  });
  it("ls -R of \"dir/\": the root header's slash is not doubled in the paths", () => {
    const p = parseListing("lsr/:\na\n\nlsr/a:\nb\nf\n\nlsr/a/b:\ng\n");
    expect(p.paths[0]).toBe("lsr/a");
    expect(p.isDir[0]).toBe(true);
    expect(p.isDir[1]).toBe(true);
    expect(digestListing("lsr/:\na\n\nlsr/a:\nb\nf\n\nlsr/a/b:\ng\n", 1000, ctx).summary).toBe("Listed 4 entries: 2 files, 2 directories");
  });
  it("lists the biggest files when sizes are printed", () => {
    const d = digestListing(LS_LA.repeat(20), 900, ctx);
    expect(d.llm.includes("Largest: 13936 LICENSE.txt")).toBe(true);
  });
  it("trusts tree's totals", () => {
    expect(digestListing(TREE, 1000, ctx).summary).toBe("Listed 4 files in 2 directories");
  });
  it("plain names without markers: entries, not files", () => {
    const t = "Makefile\nsrc\nREADME.md\n";
    expect(digestListing(t, 1000, ctx).summary).toBe("Listed 3 entries");
  });
  it("empty, garbage, budgets 0/1/tiny", () => {
    expect(digestListing("", 10, ctx).llm).toBe("");
    const prose = "This is: not a listing at all, just words.\n".repeat(50);
    expect(digestListing(prose, 100, ctx).facts.includes('"parsed":false')).toBe(true);
    const t = findOutput(200, 5);
    expect(digestListing(t, 0, ctx).llm).toBe("");
    expect(digestListing(t, 1, ctx).llm.length).toBeLessThanOrEqual(1);
    expect(digestListing(t, 9, ctx).llm.length).toBeLessThanOrEqual(9);
  });
  it("CRLF, no trailing newline, one huge name, surrogates", () => {
    const crlf = "a/x.py\r\na/y.py\r\nb/z.py";
    expect(digestListing(crlf, 1000, ctx).summary).toBe("Listed 3 files in 2 directories");
    const huge = "a/" + "n".repeat(50000) + ".txt\nb/c.txt\n";
    const d = digestListing(huge, 500, ctx);
    expect(d.llm.length).toBeLessThanOrEqual(500);
    // d83d de00 (😀) in names
    const emoji = "dir/\u{1F600}.png\n".repeat(300);
    const e = digestListing(emoji, 300, ctx);
    expect(e.llm.length).toBeLessThanOrEqual(300);
    expect(e.summary).toBe("Listed 300 files in 1 directory");
  });
  it("the root path alone among relative paths ends (found by fuzzing: it looped)", () => {
    expect(digestListing("a\n/", 1000, ctx).summary.length).toBeGreaterThan(0);
    expect(digestListing("/\nsrc/a.ts\n", 1000, ctx).summary.length).toBeGreaterThan(0);
  });
});
