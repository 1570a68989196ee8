import { digestSearch } from "../../assembly/digest/search";
import { EITHER_FIELD, findNumberField, parseSearch, SearchMode } from "../../assembly/digest/search/parse";
import { DigestContext } from "../../assembly/digest/shared/types";

const ctx = new DigestContext("bash", "{}", 0);

/** Cut from `cd /usr/lib/python3.11 && grep -rn -C2 "raise ValueError" email` (GNU grep 3.8). */
const CONTEXT =
  "email/contentmanager.py-108-                msg[header.name] = header\n" +
  "email/contentmanager.py-109-        except email.errors.HeaderDefect as exc:\n" +
  'email/contentmanager.py:110:            raise ValueError("Invalid header: {}".format(\n' +
  "email/contentmanager.py-111-                                header.fold(policy=msg.policy))) from exc\n" +
  "email/contentmanager.py-112-\n" +
  "--\n" +
  "email/contentmanager.py-178-    else:\n" +
  'email/contentmanager.py:179:        raise ValueError("Unknown content transfer encoding {}".format(cte))\n';

/** Cut from `rg --heading -n "raise ValueError" email json` (ripgrep 13.0.0). */
const HEADING =
  "email/utils.py\n" +
  '280:            raise ValueError("usegmt option requires a UTC datetime")\n' +
  "315:        raise ValueError('Invalid date value or format \"%s\"' % str(data))\n" +
  "\n" +
  "email/charset.py\n" +
  "133:        raise ValueError('SHORTEST not allowed for body_enc')\n";

/** Cut from `rg --vimgrep "XXX" .` in /usr/lib/python3.11. */
const VIMGREP =
  "./runpy.py:169:3:# XXX ncoghlan: Should this be documented and made public?\n" +
  "./encodings/idna.py:192:15:            # XXX obviously wrong, see #3232\n" +
  "./collections/__init__.py:1202:15:            # XXX should this accept an arbitrary sequence?\n";

/** Cut from `grep -rc "TODO" --include=*.py .` in /usr/lib/python3.11. */
const COUNTS = "./fileinput.py:0\n./nntplib.py:1\n./stat.py:0\n./json/__init__.py:0\n./zipfile.py:3\n";

/** n lines "dir/fNN.py:L:match NN" over `files` files. */
function many(n: i32, files: i32): string {
  const parts = new Array<string>();
  for (let i = 0; i < n; i++) parts.push("dir/f" + (i % files).toString() + ".py:" + (i + 1).toString() + ":match " + i.toString());
  return parts.join("\n") + "\n";
}

describe("search parse", () => {
  it("reads grep context lines and separators", () => {
    const p = parseSearch(CONTEXT);
    expect(p.mode).toBe(SearchMode.Prefixed);
    expect(p.matches).toBe(2);
    expect(p.contextLines).toBe(5);
    expect(p.filesWithMatches).toBe(1);
  });
  it("reads rg --heading groups", () => {
    const p = parseSearch(HEADING);
    expect(p.mode).toBe(SearchMode.Heading);
    expect(p.matches).toBe(3);
    expect(p.filesWithMatches).toBe(2);
  });
  it("reads rg --vimgrep (line and column)", () => {
    const p = parseSearch(VIMGREP);
    expect(p.matches).toBe(3);
    expect(p.filesWithMatches).toBe(3);
    expect(p.lineNo[2]).toBe(1202);
  });
  it("reads grep -c counts, files with 0 included in the searched count only", () => {
    const p = parseSearch(COUNTS);
    expect(p.mode).toBe(SearchMode.Counts);
    expect(p.matches).toBe(4);
    expect(p.filesWithMatches).toBe(2);
    expect(p.fileCount).toBe(5);
  });
  it("keeps Windows drive letters and colons in paths", () => {
    const p = parseSearch("C:\\src\\a.c:12:int x;\nC:\\src\\a.c:40:int y;\nC:\\src\\b.c:3:int z;\n");
    expect(p.matches).toBe(3);
    expect(p.path(0)).toBe("C:\\src\\a.c");
    expect(p.lineNo[1]).toBe(40);
  });
  it("reads Claude Code files_with_matches with its header", () => {
    const p = parseSearch("Found 3 files\n/repo/src/a.ts\n/repo/src/b.ts\n/repo/lib/c.ts\n");
    expect(p.mode).toBe(SearchMode.FilesOnly);
    expect(p.filesWithMatches).toBe(3);
  });
  it("reads a path:line line without a column among path:line:col ones as a match (markdownlint-readmes)", () => {
    // As markdownlint prints them: a finding about a column, one about a whole line, in two files.
    const lint =
      "docs/ajv.md:1:1 MD033/no-inline-html Inline HTML [Element: img]\n" +
      "docs/ajv.md:1 MD041/first-line-heading/first-line-h1 First line in a file should be a top-level heading\n" +
      "docs/ajv.md:21:2 MD033/no-inline-html Inline HTML [Element: img]\n" +
      "docs/eventsource.md:90 MD040/fenced-code-language Fenced code blocks should have a language specified\n";
    const p = parseSearch(lint);
    expect(p.mode).toBe(SearchMode.Prefixed);
    expect(p.matches).toBe(4);
    expect(p.filesWithMatches).toBe(2);
    expect(p.otherLines).toBe(0);
    expect(p.lineNo[1]).toBe(1);
    expect(p.lineNo[3]).toBe(90);
    // A line whose first field reads as no path, or whose number has no space after it, is none.
    const q = parseSearch("a.py:3:x = 1\na.py:4:y = 2\nnote:12 things\nb.py:7x\n");
    expect(q.matches).toBe(2);
    expect(q.otherLines).toBe(2);
    // The headline says that the matches are not every line.
    expect(digestSearch("a.py:3:x = 1\na.py:4:y = 2\nnote:12 things\nb.py:7x\n", 10000, new DigestContext("Grep", "{}", 0)).summary).toBe("Found 2 matches in 1 file; 2 other lines");
  });
  it("reads single-file grep -n (no path)", () => {
    const p = parseSearch("41:def _exists(name):\n44:def _get_exports_list(module):\n104:    def _add(str, fn):\n");
    expect(p.mode).toBe(SearchMode.Single);
    expect(p.matches).toBe(3);
  });
});

/** findNumberField one unit at a time: the reference the SIMD search must agree with. */
function numberFieldReference(s: string, start: i32, end: i32, sep: i32, atEnd: bool): i32 {
  for (let i = start + 1; i < end; i++) {
    if (s.charCodeAt(i) != sep) continue;
    let j = i + 1;
    while (j < end && s.charCodeAt(j) >= 0x30 && s.charCodeAt(j) <= 0x39) j++;
    if (j == i + 1) continue;
    if (atEnd ? j == end : j < end && s.charCodeAt(j) == sep) return i;
  }
  return -1;
}

describe("search parse, one table of paths", () => {
  it("gives every path one id, however many files and in whatever order they come back", () => {
    // 300 files, each seen twice, the second round in reverse: the table grows
    // past its first size, and a path seen before is found again, not added.
    let text = "";
    for (let f = 0; f < 300; f++) text += "./pkg/m" + f.toString() + ".py:" + (f + 1).toString() + ":import os\n";
    for (let f = 299; f >= 0; f--) text += "./pkg/m" + f.toString() + ".py:" + (f + 2).toString() + ":import sys\n";
    const p = parseSearch(text);
    expect(p.mode).toBe(SearchMode.Prefixed);
    expect(p.fileCount).toBe(300);
    expect(p.matches).toBe(600);
    expect(p.filesWithMatches).toBe(300);
    expect(p.path(7)).toBe("./pkg/m7.py");
    expect(p.file[7]).toBe(7);
    expect(p.file[300 + 299 - 7]).toBe(7);
    expect(p.matchCount[123]).toBe(2);
  });

  it("tells paths apart that differ in one unit or in length only", () => {
    const p = parseSearch("a.py:1:x\na.pyi:2:y\nb.py:3:z\na.py:4:w\n:5:empty path\n");
    expect(p.fileCount).toBe(3);
    expect(p.file[3]).toBe(0);
    expect(p.matchCount[0]).toBe(2);
  });
});

describe("findNumberField", () => {
  it("agrees with a unit-by-unit search at every start and end, across SIMD steps", () => {
    const s = "src/a-1-b.py:12:x = a-3-b:4:c:-:55-99-\u00e9:7:";
    const seps: i32[] = [0x3a, 0x2d];
    for (let k = 0; k < 2; k++) {
      for (let start = 0; start < s.length; start++) {
        for (let end = start; end <= s.length; end++) {
          expect(findNumberField(s, start, end, seps[k], false)).toBe(numberFieldReference(s, start, end, seps[k], false));
          expect(findNumberField(s, start, end, seps[k], true)).toBe(numberFieldReference(s, start, end, seps[k], true));
        }
      }
    }
  });
});

describe("findNumberField of either kind", () => {
  it("finds the first ':' or '-' field, as the two separate searches do, at every start and end", () => {
    const lines: string[] = [
      "src/a-1-b.py:12:x = a-3-b:4:c:-:55-99-\u00e9:7:",
      "./pkg0/fileinput.py:68:import io and more text past the first sixteen units",
      "lib/x.py-12-context line with a:3:colon field after the dash field",
      "no fields here at all, only-dashes and:colons",
      "a:1:b-2-c:3:d-4-",
    ];
    for (let l = 0; l < lines.length; l++) {
      const s = lines[l];
      for (let start = 0; start < s.length; start++) {
        for (let end = start; end <= s.length; end++) {
          const colon = numberFieldReference(s, start, end, 0x3a, false);
          const dash = numberFieldReference(s, start, end, 0x2d, false);
          const first = colon < 0 ? dash : dash < 0 ? colon : min(colon, dash);
          expect(findNumberField(s, start, end, EITHER_FIELD, false)).toBe(first);
        }
      }
    }
  });
});

describe("digestSearch", () => {
  it("states exact totals, per-file counts and the number of matches not shown", () => {
    const d = digestSearch(many(4000, 120), 1500, ctx);
    expect(d.llm.length).toBeLessThanOrEqual(1500);
    expect(d.llm.startsWith("Found 4,000 matches in 120 files\n")).toBe(true);
    expect(d.summary).toBe("Found 4,000 matches in 120 files");
    expect(d.llm.includes("Matches per file:\n")).toBe(true);
    expect(d.facts.includes('"matches":4000,"files":120')).toBe(true);
    expect(d.truncated).toBe(true);
    // "12:match 11" lines shown, each one real; the marker counts the rest exactly.
    let shown = 0;
    const lines = d.llm.split("\n");
    for (let i = 0; i < lines.length; i++) if (lines[i].includes(":match ")) shown++;
    expect(d.llm.endsWith(" files not shown]")).toBe(true);
    expect(d.llm.includes("[..." + formatted(4000 - shown) + " more matches in ")).toBe(true);
  });
  it("one huge file cannot eat the budget: files take turns", () => {
    let t = many(2000, 1);
    t += "other/x.py:5:match x\nother/y.py:9:match y\n";
    const d = digestSearch(t, 800, ctx);
    expect(d.llm.includes("other/x.py:\n5:match x")).toBe(true);
    expect(d.llm.includes("other/y.py:\n9:match y")).toBe(true);
  });
  it("returns text that fits as it is, under its totals when both fit", () => {
    const d = digestSearch(VIMGREP, 10000, ctx);
    expect(d.llm).toBe("Found 3 matches in 3 files\n" + VIMGREP);
    expect(d.truncated).toBe(false);
    expect(d.summary).toBe("Found 3 matches in 3 files");
    expect(digestSearch(VIMGREP, VIMGREP.length, ctx).llm).toBe(VIMGREP);
  });
  it("grep -c: the sum of the counts and the number of files counted, those with 0 too", () => {
    const d = digestSearch(COUNTS, 10000, ctx);
    expect(d.summary).toBe("Found 4 matches in 2 of 5 files (3 with 0)");
    expect(d.llm.startsWith("Found 4 matches in 2 of 5 files (3 with 0)\n./fileinput.py:0\n")).toBe(true);
    // Cut: the files with matches, busiest first, each line as grep printed it.
    const parts = new Array<string>();
    for (let i = 0; i < 200; i++) parts.push("src/mod" + i.toString() + ".py:" + (i % 4 == 0 ? (i / 4).toString() : "0"));
    const cut = digestSearch(parts.join("\n") + "\n", 400, ctx);
    expect(cut.llm.length).toBeLessThanOrEqual(400);
    expect(cut.llm.startsWith("Found 1,225 matches in 49 of 200 files (151 with 0)\nsrc/mod196.py:49\nsrc/mod192.py:48\n")).toBe(true);
    expect(cut.llm.includes(":0\n")).toBe(false);
    expect(cut.llm.includes(" not shown]")).toBe(true);
    // Every file has a match: nothing to add.
    expect(digestSearch("a.py:2\nb.py:1\n", 10000, ctx).summary).toBe("Found 3 matches in 2 files");
  });
  it("degrades to a plain cut for text that is not search output", () => {
    const t = "Lorem ipsum dolor sit amet, consectetur adipiscing elit.\n".repeat(100);
    const d = digestSearch(t, 300, ctx);
    expect(d.llm.length).toBeLessThanOrEqual(300);
    expect(d.llm.includes(" chars omitted...]")).toBe(true);
    expect(d.facts.includes('"parsed":false')).toBe(true);
  });
  it("handles empty input, budgets 0, 1 and tiny", () => {
    expect(digestSearch("", 100, ctx).llm).toBe("");
    const t = many(300, 7);
    expect(digestSearch(t, 0, ctx).llm).toBe("");
    expect(digestSearch(t, 1, ctx).llm.length).toBeLessThanOrEqual(1);
    const tiny = digestSearch(t, 12, ctx);
    expect(tiny.llm.length).toBeLessThanOrEqual(12);
    expect(tiny.summary).toBe("Found 300 matches in 7 files");
  });
  it("CRLF, no trailing newline, identical lines", () => {
    const t = "a/b.ts:1:same\r\na/b.ts:2:same\r\na/b.ts:3:same";
    const p = parseSearch(t);
    expect(p.matches).toBe(3);
    const d = digestSearch(t.repeat(40), 200, ctx);
    expect(d.llm.length).toBeLessThanOrEqual(200);
    expect(d.llm.includes("\r")).toBe(false);
  });
  it("clips a huge single match line with an exact count", () => {
    const t = "big.min.js:1:" + "x".repeat(100000) + "\nsmall.js:2:y\n";
    const d = digestSearch(t, 1000, ctx);
    expect(d.llm.length).toBeLessThanOrEqual(1000);
    expect(d.llm.includes("[...99,760 chars omitted...]")).toBe(true);
  });
  it("counts surrogate pairs once and never splits them", () => {
    // d83d de00 (😀) × 300 in one match
    const t = "e.txt:1:" + "\u{1F600}".repeat(300) + "\nf.txt:1:ok\n";
    const d = digestSearch(t, 600, ctx);
    expect(d.llm.length).toBeLessThanOrEqual(600);
    const last = d.llm.indexOf(" [...");
    expect(last).toBeGreaterThan(0);
    expect(d.llm.charCodeAt(last - 1)).toBe(0xde00);
    // lone surrogate d800 in a path does not trap
    expect(digestSearch("\uD800x.txt:1:a\n".repeat(50), 100, ctx).llm.length).toBeLessThanOrEqual(100);
  });
  it("shows the matches of one file as printed, and the tool's other lines first", () => {
    // 30 lines "fr.po:N: format specifications … do not match" (N = 10, 20, … 300), as
    // `msgfmt -c` prints them, then its two lines of totals, which have no match's shape.
    const parts = new Array<string>();
    for (let i = 1; i <= 30; i++) parts.push("fr.po:" + (i * 10).toString() + ": format specifications in 'msgid' and 'msgstr' do not match");
    parts.push("msgfmt: found 30 fatal errors");
    parts.push("216 translated messages, 24 untranslated messages.");
    const t = parts.join("\n") + "\n";
    const d = digestSearch(t, 800, ctx);
    expect(d.llm.length).toBeLessThanOrEqual(800);
    const lines = d.llm.split("\n");
    expect(lines[0]).toBe("Found 30 matches in 1 file; 2 other lines");
    // The totals, though the tool printed them last, come before the matches they count.
    expect(lines[1]).toBe("msgfmt: found 30 fatal errors");
    expect(lines[2]).toBe("216 translated messages, 24 untranslated messages.");
    // No "fr.po (k of 30):" heading: each match is the line as printed (line 1 of the input).
    expect(lines[3]).toBe(parts[0]);
    expect(d.llm.includes("fr.po (")).toBe(false);
    let shown = 0;
    for (let i = 0; i < lines.length; i++) if (lines[i].startsWith("fr.po:")) shown++;
    expect(d.llm.includes("[..." + (30 - shown).toString() + " more matches in 1 file not shown]")).toBe(true);
    // Two files: each file's matches under its path.
    const two = digestSearch(t + "de.po:7: format specifications in 'msgid' and 'msgstr' do not match\n", 800, ctx);
    expect(two.llm.includes("\nde.po:\n7: format")).toBe(true);
  });
  it("keeps the heading of one file's matches under rg --heading, the path's only place", () => {
    // The first group of HEADING (email/utils.py, 2 matches) with 40 more of its lines, over the budget.
    let t = "email/utils.py\n";
    for (let i = 1; i <= 42; i++) t += (i * 7).toString() + ":        raise ValueError('bad value number " + i.toString() + "')\n";
    const d = digestSearch(t, 800, ctx);
    expect(d.llm.length).toBeLessThanOrEqual(800);
    expect(d.llm.startsWith("Found 42 matches in 1 file")).toBe(true);
    expect(d.llm.includes("email/utils.py")).toBe(true);
  });
  it("keeps tool errors verbatim and summarises a failed search as an error", () => {
    const t = "grep: no-such-dir: No such file or directory\n";
    const d = digestSearch(t.repeat(30), 200, ctx);
    expect(d.summary).toBe("Error: grep: no-such-dir: No such file or directory");
    expect(d.llm.includes("grep: no-such-dir: No such file or directory")).toBe(true);
  });
});

function formatted(n: i32): string {
  const s = n.toString();
  if (s.length <= 3) return s;
  return s.substring(0, s.length - 3) + "," + s.substring(s.length - 3);
}
