import { digestDiff } from "../../assembly/digest/diff";
import { parseDiff } from "../../assembly/digest/diff/parse";
import { definedName } from "../../assembly/digest/diff/funcs";
import { DigestContext } from "../../assembly/digest/shared/types";

const ctx = new DigestContext("bash", "{}", 0);

/** Cut from `git diff HEAD~1 HEAD` in a scratch repo (git 2.39.5): a SQL comment removed is "--- …". */
const SQL =
  "diff --git a/db/sepgsql.sql b/db/sepgsql.sql\n" +
  "index 2d1e0a1..8c6d5b3 100644\n" +
  "--- a/db/sepgsql.sql\n" +
  "+++ b/db/sepgsql.sql\n" +
  "@@ -1,9 +1,8 @@\n" +
  " --\n" +
  " -- contrib/sepgsql/sepgsql.sql\n" +
  " --\n" +
  "--- [Step to install]\n" +
  " --\n" +
  "--- 1. Run initdb\n" +
  "+-- 1. Run initdb (once)\n" +
  " --    to set up a new database cluster.\n" +
  " --\n" +
  " -- 2. Edit $PGDATA/postgresql.conf\n";

/** Same capture: a rename, a deletion header, a binary file, a mode change. */
const HEADERS =
  "diff --git a/assets/icon.png b/assets/icon.png\n" +
  "new file mode 100644\n" +
  "index 0000000..3c5a1f2\n" +
  "Binary files /dev/null and b/assets/icon.png differ\n" +
  "diff --git a/py/scanner.py b/py/json_scanner.py\n" +
  "similarity index 98%\n" +
  "rename from py/scanner.py\n" +
  "rename to py/json_scanner.py\n" +
  "index 7a59a9e..0e4b0e4 100644\n" +
  "--- a/py/scanner.py\n" +
  "+++ b/py/json_scanner.py\n" +
  "@@ -15 +15 @@ NUMBER_RE = re.compile(\n" +
  "-def py_make_scanner(context):\n" +
  "+def py_make_scanner(context):  # renamed module\n" +
  "diff --git a/py/quoprimime.py b/py/quoprimime.py\n" +
  "deleted file mode 100644\n" +
  "index 27fcbb5..0000000\n" +
  "--- a/py/quoprimime.py\n" +
  "+++ /dev/null\n" +
  "@@ -1,2 +0,0 @@\n" +
  "-# Copyright (C) 2001-2006 Python Software Foundation\n" +
  "-# Author: Ben Gertzfield\n" +
  "diff --git a/src/main.go b/src/main.go\n" +
  "old mode 100644\n" +
  "new mode 100755\n";

/**
 * Shaped like `isort --check-only --diff` and `black --check --diff` (isort 5.6, black 23.1): the
 * tool's own lines around the diffs. Line by line:
 *   0  ERROR: … a.py …            before the first file: the tool's
 *   1  --- a.py:before             file a.py: its header
 *   2  +++ a.py:after
 *   3  @@ -1,5 +1,5 @@            its one hunk (five old lines, five new)
 *   4  -import b, a
 *   5  +import a, b
 *   6   x = 1
 *   7   y = 2
 *   8   z = x + y
 *   9   print(z)
 *  10  would reformat a.py         after a.py's hunk: the tool's
 *  11  (blank)                     no one's, and not shown
 *  12  ERROR: … c.py …             the tool's
 *  13  --- c.py:before             file c.py
 *  14  +++ c.py:after
 *  15  @@ -1 +1 @@
 *  16  -import os,sys
 *  17  +import os, sys
 *  18  2 files would be reformatted.   after the last file: the tool's closing total
 */
const TOOL_LINES =
  "ERROR: /src/a.py Imports are incorrectly sorted and/or formatted.\n" +
  "--- /src/a.py:before\n" +
  "+++ /src/a.py:after\n" +
  "@@ -1,5 +1,5 @@\n" +
  "-import b, a\n" +
  "+import a, b\n" +
  " x = 1\n" +
  " y = 2\n" +
  " z = x + y\n" +
  " print(z)\n" +
  "would reformat /src/a.py\n" +
  "\n" +
  "ERROR: /src/c.py Imports are incorrectly sorted and/or formatted.\n" +
  "--- /src/c.py:before\n" +
  "+++ /src/c.py:after\n" +
  "@@ -1 +1 @@\n" +
  "-import os,sys\n" +
  "+import os, sys\n" +
  "2 files would be reformatted.\n";

// A context diff (diff -c -r): a changed line on both sides, a side left out, a second file.
const CONTEXT =
  "diff -c -r a/x.py b/x.py\n" + // 0
  "*** a/x.py\t2024-01-01 00:00:00.000000000 +0000\n" + // 1
  "--- b/x.py\t2024-01-02 00:00:00.000000000 +0000\n" + // 2
  "***************\n" + // 3
  "*** 1,3 ****\n" + // 4
  "! old = 1\n" + // 5
  "  keep = 2\n" + // 6
  "- gone = 3\n" + // 7
  "--- 1,3 ----\n" + // 8
  "! old = 10\n" + // 9
  "  keep = 2\n" + // 10
  "+ new = 4\n" + // 11
  "***************\n" + // 12
  "*** 9,10 ****\n" + // 13
  "--- 9,11 ----\n" + // 14
  "  a\n" + // 15
  "+ b\n" + // 16
  "  c\n" + // 17
  "Only in b: y.py\n" + // 18
  "*** a/z.py\t2024-01-01 00:00:00.000000000 +0000\n" + // 19
  "--- b/z.py\t2024-01-02 00:00:00.000000000 +0000\n" + // 20
  "***************\n" + // 21
  "*** 1 ****\n" + // 22
  "- z = 1\n" + // 23
  "--- 0 ----\n"; // 24

describe("diff parse", () => {
  it("reads a context diff: '!' lines on both sides, a side left out, '--- 1,3 ----' no file", () => {
    const p = parseDiff(CONTEXT);
    expect(p.files.length).toBe(2);
    expect(p.files[0].oldPath).toBe("x.py");
    expect(p.files[0].newPath).toBe("x.py");
    expect(p.files[0].removed).toBe(2);
    expect(p.files[0].added).toBe(3);
    // Each hunk from its old side's header to its last line.
    expect(p.files[0].hunkStarts.join(",")).toBe("4,13");
    expect(p.files[0].hunkEnds.join(",")).toBe("12,18");
    expect(p.files[1].removed).toBe(1);
    expect(p.files[1].added).toBe(0);
    expect(p.files[1].firstLine).toBe(19);
    expect(p.hunks).toBe(3);
    expect(p.messages.join(",")).toBe("18");
  });
  it("counts by the hunk header, so '--- x' inside a hunk is a removed line", () => {
    const p = parseDiff(SQL);
    expect(p.files.length).toBe(1);
    expect(p.files[0].added).toBe(1);
    expect(p.files[0].removed).toBe(2);
    expect(p.hunks).toBe(1);
  });
  it("finds the tool's lines: before the first file, after a file's hunks, after the last", () => {
    const p = parseDiff(TOOL_LINES);
    expect(p.files.length).toBe(2);
    expect(p.hunks).toBe(2);
    expect(p.messages.join(",")).toBe("0,10,12,18");
    // A commit's header is not the tool's; "Only in" after a file's hunks is (diff -r).
    const show = "commit 0123456789abcdef\nAuthor: A <a@b>\n\n    Fix x\n\n" + SQL + "Only in old: gone.txt\n";
    expect(parseDiff(show).messages.join(",")).toBe("20");
    // A file's header lines and the lines between its header and its hunk are its own.
    expect(parseDiff(HEADERS).messages.length).toBe(0);
    expect(parseDiff(SQL).messages.length).toBe(0);
  });
  it("reads renames, deletions, binary files and mode changes", () => {
    const p = parseDiff(HEADERS);
    expect(p.files.length).toBe(4);
    expect(p.files[0].binary).toBe(true);
    expect(p.files[1].similarity).toBe(98);
    expect(p.files[1].oldPath).toBe("py/scanner.py");
    expect(p.files[2].removed).toBe(2);
    expect(p.files[3].newMode).toBe("100755");
  });
});

describe("definedName", () => {
  it("finds definitions in common languages", () => {
    const cases = [
      "func (c *Client) Close() error {", "Close",
      "func main() {", "main",
      "export async function loadCore(path: string): Promise<void> {", "loadCore",
      "const isBlank = (value) => value == null", "isBlank",
      "export const run = async (x: number): Promise<void> => {", "run",
      "  async fetchAll(ids: string[]) {", "fetchAll",
      "def py_scanstring(s, end, strict=True,", "py_scanstring",
      "    async def handler(self):", "handler",
      "class JSONEncoder(object):", "JSONEncoder",
      "pub(crate) fn parse_args() -> (OutputFormat, PathBuf) {", "parse_args",
      "static int realpath_builtin(WORD_LIST *list)", "realpath_builtin",
      "public static void main(String[] args) {", "main",
    ];
    for (let i = 0; i < cases.length; i += 2) expect(definedName(cases[i], 0, cases[i].length)).toBe(cases[i + 1]);
  });
  it("does not take calls and statements for definitions", () => {
    const calls = ["    foo(x)", "  return compute(a, b);", "x = build(y)", "if (ok) {", "    print(value)", "  } else if (x) {"];
    for (let i = 0; i < calls.length; i++) expect(definedName(calls[i], 0, calls[i].length)).toBe("");
  });
});

describe("digestDiff", () => {
  it("one line per file and the totals", () => {
    const d = digestDiff(HEADERS, 100000, ctx);
    expect(d.summary).toBe("4 files changed, +1/-3");
    const big = digestDiff(HEADERS + SQL.repeat(3), 700, ctx);
    expect(big.llm.length).toBeLessThanOrEqual(700);
    expect(big.llm.includes("binary assets/icon.png (new file)")).toBe(true);
    expect(big.llm.includes("\u2192 py/scanner.py \u2192 py/json_scanner.py (renamed, similarity 98%) +1/-1 lines (py_make_scanner)")).toBe(true);
    expect(big.llm.includes("\u2717 py/quoprimime.py (deleted, 2 lines)")).toBe(true);
    expect(big.llm.includes("\u270e src/main.go +0/-0 lines (mode 100644 \u2192 100755)")).toBe(true);
    expect(big.llm.includes("\u270e db/sepgsql.sql +1/-2 lines")).toBe(true);
  });
  it("keeps whole hunks and counts those left out", () => {
    const t = SQL.repeat(30);
    const d = digestDiff(t, 1500, ctx);
    expect(d.llm.length).toBeLessThanOrEqual(1500);
    expect(d.llm.startsWith("30 files changed, +30/-60\n")).toBe(true);
    expect(d.llm.includes(" of 30 hunks not shown (")).toBe(true);
    expect(d.llm.includes("@@ -1,9 +1,8 @@\n --\n -- contrib/sepgsql/sepgsql.sql\n")).toBe(true);
  });
  it("keeps the tool's lines where they stand, ahead of the hunks, the last first, then from the first", () => {
    // Whole: the text fits.
    expect(digestDiff(TOOL_LINES, 1000, ctx).llm).toBe(TOOL_LINES);
    // 385 units: the headline, what is left of the file list's room, then the tool's four
    // lines in the output's order before any hunk; the blank line 11 is no one's.
    const d = digestDiff(TOOL_LINES, 385, ctx);
    expect(d.llm).toBe(
      "2 files changed, +2/-2\n" +
        "+2 more files: +2/-2\n" +
        "ERROR: /src/a.py Imports are incorrectly sorted and/or formatted.\n" +
        "would reformat /src/a.py\n" +
        "ERROR: /src/c.py Imports are incorrectly sorted and/or formatted.\n" +
        "2 files would be reformatted.\n" +
        "[...2 of 2 hunks not shown (8 diff lines)]",
    );
    // Kept lines, 1-based: the four tool lines.
    expect(d.keptLines.join(",")).toBe("1,1,11,11,13,13,19,19");
    // 640 units: room for hunks too; each tool line stays where it stood among them.
    const roomy = digestDiff(TOOL_LINES + "\n".repeat(300), 640, ctx).llm;
    const label = roomy.indexOf("--- /src/a.py:before\n@@ -1,5 +1,5 @@\n");
    expect(label).toBeGreaterThan(roomy.indexOf("ERROR: /src/a.py"));
    expect(roomy.indexOf("would reformat /src/a.py")).toBeGreaterThan(roomy.indexOf(" print(z)\n"));
    expect(roomy.indexOf("ERROR: /src/c.py")).toBeGreaterThan(roomy.indexOf("would reformat /src/a.py"));
    // 200 units: room for one tool line, the last (the closing total); the marker counts the other three.
    const short = digestDiff(TOOL_LINES, 200, ctx);
    expect(short.llm).toBe("2 files changed, +2/-2\n2 files would be reformatted.\n[...2 of 2 hunks not shown (8 diff lines); 3 lines outside the diffs not shown]");
    // 280 units: room for two, the last and then the first (read first; line 10 waits).
    expect(digestDiff(TOOL_LINES, 280, ctx).llm).toBe(
      "2 files changed, +2/-2\n+2 more files: +2/-2\n" +
        "ERROR: /src/a.py Imports are incorrectly sorted and/or formatted.\n" +
        "2 files would be reformatted.\n" +
        "[...2 of 2 hunks not shown (8 diff lines); 2 lines outside the diffs not shown]",
    );
    // 350 units: the four lines overflow their share (7/8 of the room) but fit the room: they
    // take it, and the file list, whose names they state already, gives way.
    expect(digestDiff(TOOL_LINES, 350, ctx).llm).toBe(
      "2 files changed, +2/-2\n" +
        "ERROR: /src/a.py Imports are incorrectly sorted and/or formatted.\n" +
        "would reformat /src/a.py\n" +
        "ERROR: /src/c.py Imports are incorrectly sorted and/or formatted.\n" +
        "2 files would be reformatted.\n" +
        "[...2 of 2 hunks not shown (8 diff lines)]",
    );
  });
  it("a unified diff without git headers (diff -u)", () => {
    const t = "--- old/a.py\t2026-11-22 08:59:16.000000000 +0000\n+++ new/a.py\t2026-11-22 08:59:41.000000000 +0000\n@@ -1,2 +1,2 @@\n-def f():\n+def g():\n     pass\n";
    const p = parseDiff(t);
    expect(p.files[0].newPath).toBe("new/a.py");
    expect(p.files[0].funcs.join(",")).toBe("f,g");
  });
  it("empty, garbage, budgets 0/1/tiny, CRLF, a huge line", () => {
    expect(digestDiff("", 10, ctx).llm).toBe("");
    expect(digestDiff("hello world\n".repeat(100), 50, ctx).facts.includes('"parsed":false')).toBe(true);
    const t = SQL.repeat(10);
    expect(digestDiff(t, 0, ctx).llm).toBe("");
    expect(digestDiff(t, 1, ctx).llm.length).toBeLessThanOrEqual(1);
    expect(digestDiff(t, 15, ctx).llm.length).toBeLessThanOrEqual(15);
    const crlf = SQL.replaceAll("\n", "\r\n");
    expect(parseDiff(crlf).files[0].removed).toBe(2);
    const huge = "--- a/x\n+++ b/x\n@@ -1 +1 @@\n-" + "y".repeat(80000) + "\n+z\n";
    const h = digestDiff(huge, 800, ctx);
    expect(h.llm.length).toBeLessThanOrEqual(800);
    expect(h.summary).toBe("1 file changed, +1/-1");
    // a hunk cut short by the end of the text does not trap; d83d de00 (😀) in a line
    expect(digestDiff("@@ -1,5 +1,5 @@\n-\u{1F600}\n", 100, ctx).summary).toBe("1 file changed, +0/-1");
  });

  it("lists every file, compact, before any hunk when the full lines do not fit", () => {
    const parts = new Array<string>();
    for (let i = 0; i < 40; i++) {
      const path = "lib/pkg/module_" + i.toString() + ".py";
      parts.push("diff --git a/" + path + " b/" + path + "\n--- a/" + path + "\n+++ b/" + path + "\n@@ -1,3 +1,3 @@ class Worker" + i.toString() + ":\n def start_" + i.toString() + "(self):\n-    return 1\n+    return 2\n");
    }
    const t = parts.join("");
    const d = digestDiff(t, 2000, ctx);
    expect(d.llm.length).toBeLessThanOrEqual(2000);
    for (let i = 0; i < 40; i++) expect(d.llm.includes("\u270e lib/pkg/module_" + i.toString() + ".py +1/-1")).toBe(true);
    expect(d.llm.includes("+1/-1 lines")).toBe(false);
    expect(d.llm.includes("more files")).toBe(false);
    // Names go round the files: the first files do not take them all.
    expect(d.llm.includes("\u270e lib/pkg/module_0.py +1/-1 (Worker0")).toBe(true);
    // Too many files for the whole room: one line per directory, naming what fits.
    const small = digestDiff(t, 700, ctx);
    expect(small.llm.length).toBeLessThanOrEqual(700);
    expect(small.llm.includes("\nlib/pkg/ (40 files, +40/-40): module_0.py +1/-1, module_1.py +1/-1, ")).toBe(true);
    expect(small.llm.includes(" more\n")).toBe(true);
    // Too small even for that: as many compact lines as fit, then a count.
    const tiny = digestDiff(t, 150, ctx);
    expect(tiny.llm.length).toBeLessThanOrEqual(150);
  });

  it("groups by directory, shallower when the directories do not fit", () => {
    const parts = new Array<string>();
    for (let d = 0; d < 30; d++) {
      for (let i = 0; i < 4; i++) {
        const path = "tests/fixtures/case_" + d.toString() + "/file_" + i.toString() + ".txt";
        parts.push("diff --git a/" + path + " b/" + path + "\n--- a/" + path + "\n+++ b/" + path + "\n@@ -1 +1 @@\n-old\n+new\n");
      }
    }
    parts.push("diff --git a/README.md b/README.md\n--- a/README.md\n+++ b/README.md\n@@ -1 +1,2 @@\n-a\n+b\n+c\n");
    const t = parts.join("");
    const wide = digestDiff(t, 3000, ctx);
    expect(wide.llm.length).toBeLessThanOrEqual(3000);
    expect(wide.llm.includes("\ntests/fixtures/case_0/ (4 files, +4/-4): file_0.txt +1/-1, ")).toBe(true);
    expect(wide.llm.includes("\ntests/fixtures/case_29/ (4 files, +4/-4): ")).toBe(true);
    expect(wide.llm.includes("\n\u270e README.md +2/-1\n")).toBe(true);
    const narrow = digestDiff(t, 900, ctx);
    expect(narrow.llm.length).toBeLessThanOrEqual(900);
    expect(narrow.llm.includes("\ntests/fixtures/ (120 files, +120/-120): case_0/file_0.txt +1/-1, ")).toBe(true);
    expect(narrow.llm.includes("\n\u270e README.md +2/-1\n")).toBe(true);
  });
});
