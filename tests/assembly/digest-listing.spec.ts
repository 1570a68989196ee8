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

/** `tree --charset=ascii email json` (tree 2.1.0) over a copy of a few of those files. */
const TREE_ASCII =
  "email\n" +
  "|-- __init__.py\n" +
  "`-- mime\n" +
  "    |-- __init__.py\n" +
  "    `-- text.py\n" +
  "json\n" +
  "`-- decoder.py\n" +
  "\n" +
  "3 directories, 4 files\n";

/** Cut from `cd /usr/lib/python3.11 && ls -R json` (GNU coreutils 9.1). */
const LS_R = "json:\n__init__.py\n__pycache__\ndecoder.py\n\njson/__pycache__:\n__init__.cpython-311.pyc\ndecoder.cpython-311.pyc\n";

/** `unzip -v a.zip` (UnZip 6.00) of a small tree. */
const UNZIP_V =
  "Archive:  a.zip\n" +
  " Length   Method    Size  Cmpr    Date    Time   CRC-32   Name\n" +
  "--------  ------  ------- ---- ---------- ----- --------  ----\n" +
  "       0  Stored        0   0% 2026-11-25 02:20 00000000  src/\n" +
  "       0  Stored        0   0% 2026-11-25 02:20 00000000  src/sub/\n" +
  "     500  Defl:N        8  98% 2026-11-25 02:20 0ab2ce51  src/sub/b.txt\n" +
  "       6  Stored        6   0% 2026-11-25 02:20 363a3020  src/a.txt\n" +
  "--------          -------  ---                            -------\n" +
  "     506               14  97%                            4 files\n";

/** `zipinfo a.zip` (ZipInfo 3.00) of the same tree. */
const ZIPINFO =
  "Archive:  a.zip\n" +
  "Zip file size: 616 bytes, number of entries: 4\n" +
  "drwxr-xr-x  3.0 unx        0 bx stor 26-Nov-25 02:20 src/\n" +
  "drwxr-xr-x  3.0 unx        0 bx stor 26-Nov-25 02:20 src/sub/\n" +
  "-rw-r--r--  3.0 unx      500 tx defN 26-Nov-25 02:20 src/sub/b.txt\n" +
  "-rw-r--r--  3.0 unx        6 tx stor 26-Nov-25 02:20 src/a.txt\n" +
  "4 files, 506 bytes uncompressed, 14 bytes compressed:  97.2%\n";

/** `unzip -l junit-platform-console-standalone.jar`, the rows cut to `n`. */
function unzipL(n: i32): string {
  const parts = new Array<string>();
  parts.push("Archive:  junit-platform-console-standalone.jar");
  parts.push("  Length      Date    Time    Name");
  parts.push("---------  ---------- -----   ----");
  parts.push("        0  2023-01-16 06:34   META-INF/");
  for (let i = 1; i < n; i++) parts.push("      725  2023-01-16 06:34   org/opentest4j/C" + i.toString() + ".class");
  parts.push("---------                     -------");
  parts.push("  " + (725 * (n - 1)).toString() + "                     " + n.toString() + " files");
  return parts.join("\n") + "\n";
}

/** `du -sh * | sort -h` of n directories: sizes ascending, the biggest last. */
function duSortedUp(n: i32): string {
  const parts = new Array<string>();
  for (let i = 1; i <= n; i++) parts.push((i * 4).toString() + "K\tpkg-" + i.toString());
  return parts.join("\n") + "\n";
}

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
  it("tree --charset=ascii: branches drawn with |-- and `--, nested alike", () => {
    const p = parseListing(TREE_ASCII);
    expect(p.mode).toBe(ListingMode.Tree);
    expect(p.paths.length).toBe(5);
    expect(p.paths[0]).toBe("__init__.py");
    expect(p.paths[2]).toBe("mime/__init__.py");
    expect(p.paths[4]).toBe("decoder.py");
    expect(p.isDir[1]).toBe(true);
    expect(p.treeRoots).toBe(2);
    expect(p.treeDirs).toBe(3);
    expect(p.treeFiles).toBe(4);
  });
  it("unzip -v: a table under a Name header; the archive's name and its totals are notes", () => {
    const p = parseListing(UNZIP_V);
    expect(p.mode).toBe(ListingMode.Table);
    expect(p.paths.join(",")).toBe("src,src/sub,src/sub/b.txt,src/a.txt");
    expect(p.isDir[1]).toBe(true);
    // The size, not the compressed size.
    expect(p.size[2]).toBe(500);
    expect(p.notes.length).toBe(2);
    expect(p.errors.length).toBe(0);
  });
  it("zipinfo: long rows with its own date form; the lines around them are notes", () => {
    const p = parseListing(ZIPINFO);
    expect(p.mode).toBe(ListingMode.Ls);
    expect(p.paths.join(",")).toBe("src,src/sub,src/sub/b.txt,src/a.txt");
    expect(p.size[2]).toBe(500);
    expect(p.notes.length).toBe(3);
    expect(p.errors.length).toBe(0);
  });
  it("a tool's complaints among the entries are errors, whatever the tool", () => {
    // tsort of build-order pairs with a loop (GNU coreutils 9.1), cut: the order goes on around
    // the loop's report, whose members are then listed again.
    const tsort =
      "cart/core\n" + //                                        1: an entry
      "tsort: build-order.txt: input contains a loop:\n" + //  2: an error
      "tsort: cart/export\n" + //                               3: an error, though it names a path
      "cart/export\n" + //                                      4: an entry
      "search/store\n"; //                                      5: an entry
    const p = parseListing(tsort);
    expect(p.mode).toBe(ListingMode.Paths);
    expect(p.errors.join(",")).toBe("1,2");
    expect(p.paths.join(",")).toBe("cart/core,cart/export,search/store");
    // find's own complaint, as before.
    expect(parseListing("./a.ts\nfind: \u2018./secret\u2019: Permission denied\n./b.ts\n").errors.join(",")).toBe("1");
    // Not complaints: an ls -R header (its colon ends the line), a capitalised archive line.
    expect(parseListing(LS_R).errors.length).toBe(0);
    expect(parseListing(UNZIP_V).errors.length).toBe(0);
    // A name with a colon in it but no command word before it stays an entry.
    expect(parseListing("./notes/2024-03-01: draft.md\n./a.ts\n").errors.length).toBe(0);
  });
  it("a complaint written into an unfinished entry line is an error, found by its program's prefix", () => {
    // bsdtar -tvf of a zip cut short (bsdtar 3.6.2), cut: the complaint went to stderr while the
    // last entry's line still waited for its newline on stdout.
    const cut =
      "drwxrwxr-x  0 0      0           0 Mar  1  2024 srv/shop/\n" + //                            0: an entry
      "-rw-rw-r--  0 0      0          20 Mar  1  2024 srv/shop/oslo/config.ini\n" + //               1: an entry
      "-rw-rw-r--  0 0      0        5470 Mar  1  2024 srv/shop/oslo/refunds.csvbsdtar: Truncated input file (needed 1568 bytes, only 1097 available)\n" + // 2
      "bsdtar: Error exit delayed from previous errors.\n"; //                                    3: an error
    const p = parseListing(cut);
    expect(p.mode).toBe(ListingMode.Ls);
    expect(p.errors.join(",")).toBe("2,3");
    // Among enough entries to be cut, the complaint comes first.
    let long = "";
    for (let i = 0; i < 30; i++) long += "-rw-rw-r--  0 0      0          20 Mar  1  2024 srv/shop/store" + i.toString() + "/config.ini\n";
    const d = digestListing(long + cut, 600, ctx);
    expect(d.llm.length).toBeLessThan((long + cut).length);
    expect(d.llm.includes("bsdtar: Truncated input file (needed 1568 bytes, only 1097 available)")).toBe(true);
    // And so does the error after it: a listing's errors are its failures, worth more than its groupings.
    expect(d.llm.includes("\nbsdtar: Error exit delayed from previous errors.\n")).toBe(true);
    // The prefix must open an error line: an entry named with the same words alone marks nothing,
    // nor does another program's prefix inside an entry.
    const named = "-rw-r--r-- 1 root root 10 Mar  1  2024 a.ts\n-rw-r--r-- 1 root root 10 Mar  1  2024 old tar: notes.txt\n";
    expect(parseListing(named).errors.length).toBe(0);
    expect(parseListing(named + "ls: cannot open directory 'x': Permission denied\n").errors.join(",")).toBe("2");
  });
  it("a record naming its entry after its last tab is one entry, not a row of names in columns", () => {
    // git ls-tree -r -l HEAD (git 2.39): mode, type, object id, the size padded into a column, a tab, the path.
    const lsTree =
      "100644 blob fdcdd446587754ad54f355c216178b412a9ea24e     539\tshop/auth/README.md\n" + // 1: 539 bytes
      "100644 blob e0e31c934686875b5edc87fd0cf2959d84db0d6f    1926\tshop/auth/schema.sql\n" + // 2
      "100644 blob 3f1a2b3c4d5e6f708192a3b4c5d6e7f801234567  320000\tshop/static/vendor/chart.min.js\n"; // 3
    const p = parseListing(lsTree);
    expect(p.mode).toBe(ListingMode.Ls);
    expect(p.paths.join(",")).toBe("shop/auth/README.md,shop/auth/schema.sql,shop/static/vendor/chart.min.js");
    expect(p.size[0]).toBe(539);
    expect(p.size[2]).toBe(320000);
    // git ls-files -s: the stage after one space is no size.
    const q = parseListing("100644 fdcdd446587754ad54f355c216178b412a9ea24e 0\tshop/a.py\n100644 e0e31c934686875b5edc87fd0cf2959d84db0d6f 0\tshop/b.py\n");
    expect(q.paths.join(",")).toBe("shop/a.py,shop/b.py");
    expect(q.size[0]).toBe(-1);
    // ls -C: names in columns, one starting with a digit but no words after it.
    expect(parseListing("2024.txt\tREADME.md\tsrc\nnotes.md\tpackage.json\n").paths.length).toBe(5);
  });
  it("a row of ls -C columns that starts with digits is names, and a tree record's '-' size is a directory", () => {
    // GNU ls -C, tabs and spaces padding the columns:
    // 1 "2024-01-report.md  7-notes.txt\t zeta": starts with a digit, a space before its tab: three names
    // 2 "2024  notes.md\tzeta.txt": digits, then two spaces (a column's padding): three names
    // 3 "a.md\tb.md\tc.md": three names
    const p = parseListing("2024-01-report.md  7-notes.txt\t zeta\n2024  notes.md\tzeta.txt\na.md\tb.md\tc.md\n");
    expect(p.paths.join(",")).toBe("2024-01-report.md,7-notes.txt,zeta,2024,notes.md,zeta.txt,a.md,b.md,c.md");
    // git ls-tree -l HEAD (no -r), git 2.39:
    // 1 a tree: "-" where a blob's size stands, a directory with no size
    // 2 a blob of 539 bytes
    const q = parseListing("040000 tree 0c2ab8f1d4e6a3b5c7d9e1f2a4b6c8d0e2f4a6b8       -\tshop\n100644 blob fdcdd446587754ad54f355c216178b412a9ea24e     539\tREADME.md\n");
    expect(q.paths.join(",")).toBe("shop,README.md");
    expect(q.isDir[0]).toBe(true);
    expect(q.size[0]).toBe(-1);
    expect(q.isDir[1]).toBe(false);
    expect(q.size[1]).toBe(539);
  });
  it("ls -l --time-style=long-iso: a date, a time, then the name", () => {
    const p = parseListing("total 8\n-rw-r--r-- 1 root root    6 2026-11-25 02:20 a.txt\ndrwxr-xr-x 2 root root 4096 2026-11-25 02:20 sub\n");
    expect(p.paths.join(",")).toBe("a.txt,sub");
    expect(p.size[0]).toBe(6);
    expect(p.isDir[1]).toBe(true);
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
    // find lists "." and the 40 directories as entries beside the files. It prints no type: the
    // directories are the entries others sit under, and the rest may be links or empty directories.
    expect(d.summary).toBe("Listed 3,041 entries: 3,000 leaves (files, links, empty directories), 41 directories");
    expect(d.llm.includes("By extension: .py 2,000, .ts 1,000")).toBe(true);
    expect(d.llm.includes("Top level (40): ")).toBe(true);
    expect(d.llm.includes(" more entries not shown: lines ")).toBe(true);
    expect(d.facts.includes('"files":3000,"directories":41')).toBe(true);
  });
  it("find output: a leaf is a file, a link or an empty directory; a directory marked by its slash is known", () => {
    // Line 1 "./a": a directory, as line 2 sits under it
    // Line 2 "./a/f.py": a file or a link, find does not say
    // Line 3 "./b": nothing under it: a file, a link or an empty directory
    expect(digestListing("./a\n./a/f.py\n./b\n", 1000, ctx).summary).toBe("Listed 3 entries: 2 leaves (files, links, empty directories), 1 directory");
    // Lines 1 and 3 end in "/": directories by their own line (find -printf '%p/', ls -p), so line 2 is a file
    expect(digestListing("a/\na/f.py\nb/\n", 1000, ctx).summary).toBe("Listed 3 entries: 1 file, 2 directories");
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
  it("archive listings: exact entry totals, and the tool's own totals line kept", () => {
    const d = digestListing(unzipL(1936), 800, ctx);
    expect(d.llm.length).toBeLessThanOrEqual(800);
    expect(d.summary).toBe("Listed 1,936 entries: 1,935 files, 1 directory");
    expect(d.llm.includes("\n  1402875                     1936 files\n")).toBe(true);
    expect(d.llm.includes("Archive:  junit-platform-console-standalone.jar")).toBe(true);
    expect(digestListing(ZIPINFO, 100000, ctx).summary).toBe("Listed 4 entries: 2 files, 2 directories");
    expect(digestListing(UNZIP_V, 100000, ctx).summary).toBe("Listed 4 entries: 2 files, 2 directories");
  });
  it("a listing sorted by size keeps its order, from its big end, ungrouped", () => {
    const up = digestListing(duSortedUp(300), 600, ctx);
    expect(up.llm.length).toBeLessThanOrEqual(600);
    expect(up.summary).toBe("Listed 300 entries, sorted by size, largest last");
    expect(up.llm.includes("By extension")).toBe(false);
    expect(up.llm.includes("Largest:")).toBe(false);
    // The biggest entries, in the listing's order, after a marker for the rest.
    expect(up.llm.endsWith("1196K\tpkg-299\n1200K\tpkg-300")).toBe(true);
    expect(up.llm.includes("entries before these not shown: lines 1\u2013")).toBe(true);
    expect(up.facts.includes('"sortedBySize":"ascending"')).toBe(true);
    // Largest first: the head.
    const lines = duSortedUp(300).trimEnd().split("\n").reverse().join("\n") + "\n";
    const down = digestListing(lines, 600, ctx);
    expect(down.llm.startsWith("Listed 300 entries, sorted by size, largest first\n1200K\tpkg-300\n1196K\tpkg-299\n")).toBe(true);
    // Sizes that go up and down are not an order: grouped as before.
    expect(digestListing(LS_LA.repeat(20), 900, ctx).llm.includes("sorted by size")).toBe(false);
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

/** `ls -R` of six directories of 15 files each: a blank line before each directory's header. */
function recursiveListing(): string {
  const lines = new Array<string>();
  for (let d = 0; d < 6; d++) {
    if (d > 0) lines.push("");
    lines.push("shop/module" + d.toString() + ":");
    for (let f = 0; f < 15; f++) lines.push("handler_" + f.toString() + "_of_module" + d.toString() + ".py");
  }
  return lines.join("\n") + "\n";
}

describe("digestListing: the lines under the groups", () => {
  it("passes over blank lines, and fills the room held for the marker once its length is known", () => {
    const text = recursiveListing();
    for (let budget = 500; budget <= 1500; budget += 50) {
      const d = digestListing(text, budget, ctx);
      expect(d.llm.length).toBeLessThanOrEqual(budget);
      expect(d.llm.includes("\n\n")).toBe(false);
      // The marker names the first line not shown; the line it names would not have fit.
      const at = d.llm.indexOf(" not shown: lines ");
      expect(at).toBeGreaterThan(0);
      const first = I32.parseInt(d.llm.substring(at + 18, d.llm.indexOf("\u2013", at)));
      const next = text.split("\n")[first - 1];
      expect(d.llm.length + next.length + 1).toBeGreaterThan(budget);
    }
  });
});
