import { digestCommand } from "../../assembly/digest/command";
import { tableNamesOf } from "../../assembly/digest/command/names";
import { DigestContext } from "../../assembly/digest/shared/types";
import { Cut } from "../../assembly/cut";

// Tables as the tools print them, cut from real runs in tests/fixtures/corpus: pip-list
// (a header over a rule), readelf-sections-symbols (a two-line header, rows of two lines),
// ss-tlnp-netns (no rule, the address aligned right under its header word).

function rows(template: string, n: i32): string {
  const parts = new Array<string>();
  for (let i = 0; i < n; i++) parts.push(template.replaceAll("#", i.toString()));
  return parts.join("\n");
}

// Line 1 the header, line 2 the rule, lines 3–10 the rows: the Package column is the key
// (Version holds numbers only).
const PIP =
  "Package                   Version\n" +
  "------------------------- -----------\n" +
  "annotated-types           0.7.0\n" +
  "asttokens                 3.0.1\n" +
  "attrs                     26.1.0\n" +
  "boto3                     1.43.11\n" +
  "Flask                     3.1.1\n" +
  "moto                      5.1.4\n" +
  "numpy                     2.2.6\n" +
  "pytest                    8.4.0\n";

// Lines 1–2 the header, then two lines a row: the first holds the Name, under the header
// word (the `[Nr]` column is a number); row [ 0] has no name, and the count is of the rows named.
const READELF =
  "  [Nr] Name              Type             Address           Offset\n" +
  "       Size              EntSize          Flags  Link  Info  Align\n" +
  "  [ 0]                   NULL             0000000000000000  00000000\n" +
  "       0000000000000000  0000000000000000           0     0     0\n" +
  "  [ 1] .interp           PROGBITS         0000000000000318  00000318\n" +
  "       000000000000001c  0000000000000000   A       0     0     1\n" +
  "  [ 2] .text             PROGBITS         0000000000001060  00001060\n" +
  "       0000000000000271  0000000000000000  AX       0     0     16\n" +
  "  [ 3] .data             PROGBITS         0000000000004018  00003018\n" +
  "       0000000000000010  0000000000000000  WA       0     0     8\n" +
  "  [ 4] .bss              NOBITS           0000000000004028  00003028\n" +
  "       0000000000000010  0000000000000000  WA       0     0     8\n" +
  "  [ 5] .comment          PROGBITS         0000000000000000  00003028\n" +
  "       000000000000001f  0000000000000001  MS       0     0     1\n" +
  "  [ 6] .debug_info       PROGBITS         0000000000000000  00003047\n" +
  "       0000000000000262  0000000000000000           0     0     1\n";

// The state repeats, the queues are numbers: the local address (right-aligned under
// `Address:Port`) is the first column that names each row.
const SS =
  "State  Recv-Q Send-Q Local Address:Port Peer Address:PortProcess\n" +
  "LISTEN 0      16        10.77.10.1:8443      0.0.0.0:*    users:((\"python3\",pid=4132,fd=4))\n" +
  "LISTEN 0      16        10.77.11.1:5432      0.0.0.0:*    users:((\"python3\",pid=4132,fd=5))\n" +
  "LISTEN 0      16         127.0.0.1:9100      0.0.0.0:*    users:((\"python3\",pid=4132,fd=8))\n" +
  "LISTEN 0      16        10.77.12.1:6379      0.0.0.0:*    users:((\"python3\",pid=4132,fd=6))\n" +
  "LISTEN 0      16        10.77.10.1:8080      0.0.0.0:*    users:((\"python3\",pid=4132,fd=3))\n" +
  "LISTEN 0      16           0.0.0.0:2222      0.0.0.0:*    users:((\"python3\",pid=4132,fd=10))\n";

// Line 1 the header, lines 2–11 the rows (lsof-p-service; FD repeats `mem`): NAME, the
// last column, names each row and runs to the line's end; NODE holds numbers but on lines
// 9–10, where a socket's protocol stands (`TCP`): those rows are unlike the rest (a column
// is of numbers when fewer than a quarter of its values are more: here 2 of 10). SIZE/OFF's
// `0t0` is no word (it opens with a digit).
const LSOF =
  "COMMAND   PID USER   FD   TYPE             DEVICE SIZE/OFF    NODE NAME\n" +
  "python3 32644 root  mem    REG              254,0   911904  339704 /usr/lib/libm.so.6\n" +
  "python3 32644 root  mem    REG              254,0  1926232  339380 /usr/lib/libc.so.6\n" +
  "python3 32644 root  mem    REG              254,0    27028  338846 /usr/lib/gconv-modules.cache\n" +
  "python3 32644 root  mem    REG              254,0   215000  338944 /usr/lib/ld-linux-x86-64.so.2\n" +
  "python3 32644 root    0r   CHR                1,3      0t0       3 /dev/null\n" +
  "python3 32644 root    3w   REG              254,0        0 2187797 /logs/worker-00.log\n" +
  "python3 32644 root   15u   REG              254,0     8192 2188884 /orders.db\n" +
  "python3 32644 root   16u  IPv4             102773      0t0     TCP 127.0.0.1:18601 (LISTEN)\n" +
  "python3 32644 root   17u  IPv4             102774      0t0     TCP 127.0.0.1:18602 (LISTEN)\n" +
  "python3 32644 root   22r  FIFO               0,15      0t0  102779 pipe\n";

/** A cut of `text` keeping its 1-based lines first..last (inclusive). */
function cutKeeping(text: string, first: i32, last: i32): Cut {
  const lines = text.split("\n");
  let start = 0;
  for (let i = 1; i < first; i++) start += lines[i - 1].length + 1;
  let end = start;
  for (let i = first; i <= last; i++) end += lines[i - 1].length + 1;
  const cut = new Cut(text, lines.length);
  cut.keep(start, end, first);
  return cut;
}

describe("table names: the key column of every row a cut leaves out", () => {
  it("a header over a rule: the first column that names its rows, in the output's order", () => {
    const names = tableNamesOf(PIP, 1000)!;
    expect(names.tables.length).toBe(1);
    expect(names.tables[0].label).toBe("Package");
    expect(names.tables[0].names.join(" ")).toBe("annotated-types asttokens attrs boto3 Flask moto numpy pytest");
    // Rows 3–5 shown: the five others are named, the shown ones not again.
    expect(names.linesFor(cutKeeping(PIP, 1, 5), 1000)).toBe("Package of the 5 rows not shown: boto3, Flask, moto, numpy, pytest");
    // Only the header shown: every row named.
    expect(names.linesFor(cutKeeping(PIP, 1, 2), 1000)).toBe("Package, all 8 rows: annotated-types, asttokens, attrs, boto3, Flask, moto, numpy, pytest");
    // Every row shown: nothing to name.
    expect(names.linesFor(cutKeeping(PIP, 1, 10), 1000)).toBe("");
  });

  it("a two-line header: rows of two lines, the key on the first", () => {
    const names = tableNamesOf(READELF, 1000)!;
    expect(names.tables.length).toBe(1);
    expect(names.tables[0].label).toBe("Name");
    expect(names.tables[0].names.join(" ")).toBe(" .interp .text .data .bss .comment .debug_info");
    // Seven rows left out, six named: the count is the list's, and says so.
    expect(names.linesFor(cutKeeping(READELF, 1, 2), 1000)).toBe("Name of the 6 named rows not shown: .interp, .text, .data, .bss, .comment, .debug_info");
    // Only named rows left out: no more to say.
    expect(names.linesFor(cutKeeping(READELF, 1, 6), 1000)).toBe("Name of the 5 rows not shown: .text, .data, .bss, .comment, .debug_info");
  });

  it("a header without a rule: a right-aligned value is the one under its header word", () => {
    const names = tableNamesOf(SS, 1000)!;
    expect(names.tables[0].label).toBe("Address:Port");
    expect(names.linesFor(cutKeeping(SS, 1, 2), 1000)).toBe("Address:Port of the 5 rows not shown: 10.77.11.1:5432, 127.0.0.1:9100, 10.77.12.1:6379, 10.77.10.1:8080, 0.0.0.0:2222");
  });

  it("the last column's value runs to the line's end; a word under a column of numbers marks a row unlike the rest", () => {
    const names = tableNamesOf(LSOF, 1000)!;
    expect(names.tables[0].label).toBe("NAME");
    expect(names.tables[0].names.join(" | ")).toBe("/usr/lib/libm.so.6 | /usr/lib/libc.so.6 | /usr/lib/gconv-modules.cache | /usr/lib/ld-linux-x86-64.so.2 | /dev/null | /logs/worker-00.log | /orders.db | 127.0.0.1:18601 (LISTEN) | 127.0.0.1:18602 (LISTEN) | pipe");
    expect(names.unlike.join(",")).toBe("9,10");
  });

  it("no key column, too few rows, or names longer than the room: no names", () => {
    // Every column a number.
    expect(tableNamesOf("Size      Count     Total\n--------- --------- ---------\n" + rows("1#        2#        3#", 8), 1000) === null).toBe(true);
    // Five rows are seen at a glance.
    expect(tableNamesOf("Package   Version\n--------- -------\n" + rows("pkg-#     1.#", 5), 1000) === null).toBe(true);
    // A list more than three times the room given: no use offering it the room.
    expect(tableNamesOf("Package   Version\n--------- -------\n" + rows("pkg-#     1.#", 40), 36) === null).toBe(true);
  });

  it("a list longer than the room is offered all of it, and gives it back when the rows left out do not fit", () => {
    // The full list takes 125 units (its count's wording and lines counted at their longest);
    // offered 120 (70 % of the room), the 51 left show one row as printed, and the seven
    // others may fit.
    const names = tableNamesOf(PIP, 120)!;
    expect(names.reserve).toBe(120);
    expect(names.linesFor(cutKeeping(PIP, 1, 8), 119)).toBe("Package of the 2 rows not shown: numpy, pytest");
    // Names longer than their limit are given back (null), not cut.
    expect(names.linesFor(cutKeeping(PIP, 1, 2), 40) === null).toBe(true);
    // Offered 60, the 25 left show no row: the eight cannot fit, and nothing is offered.
    expect(tableNamesOf(PIP, 60) === null).toBe(true);
  });
});

describe("table names in a command's digest", () => {
  it("names the rows the cut leaves out under the status line, within the budget", () => {
    // Wide rows, short names (dpkg -l): 60 rows of 84 units, their names 30 units in all.
    const table = "Name     Version    Architecture Description\n-------- ---------- ------------ -----------------------------------------------\n" + rows("pkg-#    1.0.#      amd64        what the package holds, said at some length here", 60);
    const d = digestCommand(table, 2500, new DigestContext("bash", '{"command":"dpkg -l"}', 0), "");
    expect(d.llm.length).toBeLessThanOrEqual(2500);
    const lines = d.llm.split("\n");
    expect(lines[0]).toBe("exit 0 \u00b7 62 lines \u00b7 table: 60 rows");
    expect(lines[1].startsWith("Name of the ")).toBe(true);
    // Every row is either shown (its name opening a line) or named, and named once.
    for (let i = 0; i < 60; i++) {
      const name = "pkg-" + i.toString();
      const named = lines[1].includes(" " + name + ",") || lines[1].endsWith(" " + name);
      const shown = d.llm.includes("\n" + name + " ");
      expect(named != shown).toBe(true);
    }
  });

  it("names never push out a row unlike the rest that the cut shows without them", () => {
    // 80 files, four sockets (a word, `TCP`, under NODE's numbers: lines 82–85), four pipes.
    // Without names the tail shows the sockets; the names of the rows the cut leaves out
    // would take the tail's room, so they give it back.
    const table =
      "COMMAND   PID USER   FD   TYPE DEVICE SIZE/OFF    NODE NAME\n" +
      rows("python3 32644 root  mem  REG   254,0     8192 21877#0 /var/log/w-#.log", 80) + "\n" +
      rows("python3 32644 root  8#u  IPv4  1027#      0t0     TCP 127.0.0.1:1860# (LISTEN)", 4) + "\n" +
      rows("python3 32644 root  9#r  FIFO    0,15      0t0  10279# pipe", 4) + "\n";
    const d = digestCommand(table, 2500, new DigestContext("bash", '{"command":"lsof -p 1"}', 0), "");
    expect(d.llm.length).toBeLessThanOrEqual(2500);
    expect(d.llm.includes("rows not shown")).toBe(false);
    for (let i = 0; i < 4; i++) expect(d.llm.includes("TCP 127.0.0.1:1860" + i.toString() + " (LISTEN)\n")).toBe(true);
  });

  it("a failed command cut to a few lines spends them on how it failed", () => {
    const table = "Package                   Version\n------------------------- -----------\n" + rows("package-number-#          1.0.#", 60) + "\nERROR: could not resolve package-number-7\n";
    const d = digestCommand(table, 800, new DigestContext("bash", '{"command":"pip list"}', 1), "");
    expect(d.llm.includes("rows not shown")).toBe(false);
    expect(d.llm.includes("ERROR: could not resolve package-number-7")).toBe(true);
  });
});
