import { digestCommand } from "../../assembly/digest/command";
import { DumpBlocks, dumpsLine } from "../../assembly/digest/command/dumps";
import { InlineLists, inlineListLine } from "../../assembly/digest/command/inline-lists";
import { recordsLine } from "../../assembly/digest/command/records";
import { digestFileJson } from "../../assembly/digest/file";
import { DigestContext } from "../../assembly/digest/shared/types";
import { largestCount } from "../../assembly/digest/shared/whole";
import { skeletonRead } from "./support/line-spans";
import { readEachLine } from "../../assembly/util/lines";

// Lines below are cut from the real runs in tests/fixtures/corpus (git-merge-conflicts,
// jstack-java-deadlock, javap-c-duration-format-utils, c8-coverage-threshold,
// openssl-x509-text, cat-svg-illustrator-figure), renumbered where a count needs many.

function repeat(line: string, n: i32): string {
  const parts = new Array<string>();
  for (let i = 0; i < n; i++) parts.push(line.replaceAll("#", i.toString()));
  return parts.join("\n") + "\n";
}

function statusOf(text: string, budget: i32, exitCode: i32): string {
  const out = digestCommand(text, budget, new DigestContext("bash", '{"command":"x"}', exitCode), "").llm;
  return out.substring(0, out.indexOf("\n"));
}

describe("largestCount: the largest count a line of totals states", () => {
  it("reads counts that stand alone, thousands separated or not", () => {
    expect(largestCount("3 errors; by code: E0308 3")).toBe(3);
    expect(largestCount('71 lines "Auto-merging …" · 9 lines "CONFLICT …"')).toBe(71);
    expect(largestCount("table: 1,204 rows")).toBe(1204);
    expect(largestCount("tables: 48, 6 rows")).toBe(48);
  });

  it("takes no number inside a code, a word or the quoted start of lines", () => {
    expect(largestCount("2 warnings; by code: E0308 2, C4996 2")).toBe(2);
    expect(largestCount('12 lines "[2024 build] …"')).toBe(12);
    expect(largestCount("")).toBe(0);
  });
});

// Lines 1–21: "Auto-merging services/svcN.py"; line 22: one conflict; line 23: the outcome.
function mergeOutput(): string {
  return (
    repeat("Auto-merging services/svc#.py", 21) +
    "CONFLICT (content): Merge conflict in services/svc9.py\n" +
    "Automatic merge failed; fix conflicts and then commit the result.\n"
  );
}

describe("an output that fits its budget, cut to state a total a glance does not count", () => {
  it("cuts the alike lines, never the conflict, when the budget is the output's own length", () => {
    const merge = mergeOutput();
    const out = digestCommand(merge, merge.length, new DigestContext("bash", '{"command":"git merge x"}', 1), "").llm;
    expect(out.length).toBeLessThanOrEqual(merge.length);
    expect(out.startsWith('exit 1 · 23 lines · 21 lines "Auto-merging …"\n')).toBe(true);
    expect(out.includes("CONFLICT (content): Merge conflict in services/svc9.py")).toBe(true);
  });

  it("shows the output whole, without the status, when the total is counted at a glance", () => {
    // 20 alike lines: a glance counts them.
    const short = repeat("Auto-merging services/svc#.py", 20) + "Automatic merge failed; fix conflicts and then commit the result.\n";
    expect(digestCommand(short, short.length, new DigestContext("bash", '{"command":"git merge x"}', 1), "").llm).toBe(short);
  });
});

describe("dump blocks opened by a quoted name", () => {
  it("counts the lines at the margin that open with a name in quotes, then fields or a colon (jstack)", () => {
    // Lines 1–16: eight threads, each a head and one frame; line 17: blank; 18: the deadlock's
    // "ledger-writer": (a block too); 19: its detail, indented.
    const dump =
      repeat('"worker-#" #1# daemon prio=5 os_prio=0 tid=0x00007f125c1 nid=0x790# waiting on condition\n\tat java.lang.Thread.sleep(Native Method)', 8) +
      "\n" +
      '"ledger-writer":\n' +
      '  waiting to lock monitor 0x00007f1228001460 (object 0x000000069ec1aed8, a java.lang.Object),\n';
    expect(dumpsLine(readEachLine(dump, new DumpBlocks()))).toBe('"…" blocks: 9');
  });

  it("counts no quoted value of a row, no key and no few quoted lines", () => {
    expect(dumpsLine(readEachLine(repeat('"a#","b","c"', 10), new DumpBlocks()))).toBe("");
    expect(dumpsLine(readEachLine(repeat('"key#": 1,', 10), new DumpBlocks()))).toBe("");
    expect(dumpsLine(readEachLine(repeat('"worker-#" #1 prio=5', 7), new DumpBlocks()))).toBe("");
  });
});

/** mostHeads() of `text` read line by line. */
function headsOf(text: string): i32 {
  return skeletonRead(text).mostHeads();
}

// Line 1: the class; then per method its signature at 2 spaces, "    Code:" and five
// instructions at 7 spaces (7 lines a method); the closing brace last: 86 lines for 12.
function methods(n: i32, signature: string): string {
  return "public class Formatter {\n" + repeat(signature + "\n    Code:\n       0: aload_0\n       1: iload_1\n       2: iadd\n       3: ireturn\n       4: nop", n) + "}\n";
}

describe("the members a skeleton outlines", () => {
  it("counts the lines of the busiest level when they end alike (javap -c: `);`)", () => {
    expect(headsOf(methods(12, "  public static java.lang.String format#(long);"))).toBe(12);
  });

  it("counts none when the heads end every which way (annotated source)", () => {
    let text = "public class Formatter {\n";
    for (let i = 0; i < 12; i++) text += "  line " + i.toString() + (i % 2 == 0 ? " {" : " x") + "\n      a\n      b\n      c\n      d\n";
    expect(headsOf(text + "}\n")).toBe(0);
  });

  it("states them on the status line of a command that succeeded, not one that failed", () => {
    const text = methods(12, "  static int member#(int);");
    expect(statusOf(text, 800, 0)).toBe("exit 0 · 86 lines · nested blocks: 12");
    expect(statusOf(text, 800, 1)).toBe("exit 1 · 86 lines");
  });
});

describe("a table's rows nested under its first", () => {
  it("says how many rows are indented deeper than the first, a total's row (c8)", () => {
    // Line 1: the rule; 2: the header; 3: the rule under it; 4: "All files"; 5–7: a file each, indented; 8: the rule.
    const table =
      "---------------|---------|----------\n" +
      "File           | % Stmts | % Branch\n" +
      "---------------|---------|----------\n" +
      "All files      |   42.84 |    39.81\n" +
      " carriers.mjs  |   25.42 |       50\n" +
      " catalog.mjs   |   45.76 |    38.46\n" +
      " coupons.mjs   |   25.42 |       50\n" +
      "---------------|---------|----------\n";
    expect(recordsLine(table)).toBe("table: 4 rows, 3 indented under the first");
  });

  it("says nothing of rows that share the first row's indentation (psql)", () => {
    const table = "   month    | status | orders\n------------+--------+-------\n 2024-08-01 | paid   |    120\n 2024-08-01 | failed |    120\n(2 rows)\n";
    expect(recordsLine(table)).toBe("table: 2 rows");
  });
});

function listOf(text: string): string {
  const lists = new InlineLists();
  let a = 0;
  let line = 0;
  while (a < text.length) {
    let b = text.indexOf("\n", a);
    if (b < 0) b = text.length;
    let t = a;
    while (t < b && text.charCodeAt(t) == 0x20) t++;
    lists.line(text, t, b, ++line);
    a = b + 1;
  }
  return inlineListLine(lists);
}

describe("a list printed on one line", () => {
  it("counts its items by label, the longest lines read only (openssl x509 -text)", () => {
    // Line 1: the extension's name; line 2: 24 names and 2 addresses; line 3: the next extension.
    let names = new Array<string>();
    for (let i = 0; i < 24; i++) names.push("DNS:api" + i.toString() + ".shop.internal");
    names.push("IP Address:127.0.0.1");
    names.push("IP Address:0:0:0:0:0:0:0:1");
    const text = "            X509v3 Subject Alternative Name: \n                " + names.join(", ") + "\n            X509v3 CRL Distribution Points: \n";
    expect(listOf(text)).toBe("line 2 lists 26 items: DNS 24, IP Address 2");
  });

  it("counts items without labels, and none in a sentence or a signature", () => {
    let paths = new Array<string>();
    for (let i = 0; i < 12; i++) paths.push("'/usr/lib/python3.11/site-packages/pkg" + i.toString() + "'");
    expect(listOf("[" + paths.join(", ") + "]\n")).toBe("line 1 lists 12 items");
    const sentence = repeat("word #, ", 20).replaceAll("\n", "");
    expect(listOf(sentence + "\n")).toBe("");
    expect(listOf("    dump(obj, fp, *, skipkeys=False, ensure_ascii=True, check_circular=True, allow_nan=True, cls=None, indent=None, separators=None, default=None, sort_keys=False, **kw)\n")).toBe("");
  });
});

describe("a markup file's elements at every depth", () => {
  it("counts the elements nested in the root's children, not those the outline counts already (SVG)", () => {
    // Line 1: the root; lines 2–31: 30 paths; line 32: a group of 10 more (lines 33–42); line 43: its end; 44: the root's end.
    const text = '<svg version="1.1">\n' + repeat('<path fill-rule="evenodd" d="M#,71c6.51,5.823,8.749,15.918,11,26z"/>', 30) + '<g opacity="0.7">\n' + repeat('  <path d="M#,1z"/>', 10) + "</g>\n</svg>\n";
    const json = digestFileJson(text, 800, "Read", '{"file_path":"figure.svg"}', 0);
    expect(json.includes("(31 elements; at every depth: <path> \\u00d740)") || json.includes("(31 elements; at every depth: <path> \u00d740)")).toBe(true);
  });
});
