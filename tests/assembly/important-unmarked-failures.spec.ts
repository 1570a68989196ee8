import { keepImportant } from "../../assembly/important";
import { annotatesFrame, isLibraryFrame, isMarkedFrame } from "../../assembly/important/frames";
import { Block, blockOf } from "../../assembly/important/blocks";
import { Kind, kindName } from "../../assembly/important/kinds";
import { scanImportant } from "../../assembly/important/scan";
import { Shapes } from "../../assembly/important/shapes";
import { refined, shapesOf } from "./support/refined";
import { isUnderlinedTitle } from "../../assembly/important/titles";


/**
 * A thread dump: `threads` alike stacks, each a header, two frames with a
 * "- locked" line under the first, then a blank line; `tail` after them.
 */
function dump(threads: i32, tail: string): string {
  const parts = new Array<string>();
  for (let t = 0; t < threads; t++) {
    parts.push('"worker-' + t.toString() + '" #' + (t + 10).toString() + " prio=5 waiting on condition");
    parts.push("\tat shop.Queue.take(Queue.java:" + (40 + t).toString() + ")");
    parts.push("\t- locked <0x00000006" + t.toString() + "> (a java.lang.Object)");
    parts.push("\tat java.lang.Thread.run(java.base@17/Thread.java:840)");
    parts.push("");
  }
  return parts.join("\n") + "\n" + tail;
}

describe("underlined titles", () => {
  it("takes a line whose next line is a rule of its length, from its column", () => {
    // line 0: the title (30 units), line 1: 29 '=' (within the slack of 2), line 2: its content.
    const t = "Found one Java-level deadlock:\n=============================\n\"ledger-writer\":\n";
    expect(isUnderlinedTitle(t, shapesOf(t), 0)).toBe(true);
    // An indented title and its rule, both from column 2.
    const indented = "  Results for the whole run\n  --------------------------\n";
    expect(isUnderlinedTitle(indented, shapesOf(indented), 0)).toBe(true);
  });

  it("leaves a rule that frames a block, a table's header rule, a short name and a rule line itself", () => {
    // The rule (80) is far longer than the line (27): a frame around a block, not an underline.
    const framed = "Profile data file 'cg.out'\n" + "-".repeat(80) + "\n";
    expect(isUnderlinedTitle(framed, shapesOf(framed), 0)).toBe(false);
    // A table's header rule has runs between spaces.
    const table = "Package      Version\n------------ -------\n";
    expect(isUnderlinedTitle(table, shapesOf(table), 0)).toBe(false);
    // "Usage:" (6 units) only names a section.
    const short = "Usage:\n======\n";
    expect(isUnderlinedTitle(short, shapesOf(short), 0)).toBe(false);
    // Line 0 is a rule over a rule: no letters.
    const rules = "==============\n==============\n";
    expect(isUnderlinedTitle(rules, shapesOf(rules), 0)).toBe(false);
    // The last line has no next line.
    const last = "Found one Java-level deadlock:";
    expect(isUnderlinedTitle(last, shapesOf(last), 0)).toBe(false);
  });

  it("flags an underlined title as a summary in an output that exited 0", () => {
    // 30 thread stacks (150 lines), then the title at line 151, its rule at 152.
    const t = dump(30, "Found one Java-level deadlock:\n=============================\n\"worker-3\":\n  waiting to lock monitor 0x7f12 (a java.lang.Object)\n");
    expect(refined(t, 0)).toBe("151:summary");
  });

  it("keeps the title's rule and the lines under it up to a blank one as its block", () => {
    // Line 1 the title, 2 its rule, 3–4 what it announces, 5 blank, 6 another paragraph.
    const t = "Found one Java-level deadlock:\n=============================\n\"ledger-writer\":\n  which is held by \"audit-reader\"\n\n\"audit-reader\":\n";
    const block = new Block();
    blockOf(t, 0, 30, 1, Kind.Summary, block, shapesOf(t));
    expect(block.firstLine).toBe(1);
    expect(block.lastLine).toBe(4);
    expect(t.substring(block.start, block.end)).toBe("Found one Java-level deadlock:\n=============================\n\"ledger-writer\":\n  which is held by \"audit-reader\"\n");
  });
});

describe("stack frames and their annotations", () => {
  it("tells a frame by its own mark from a located message", () => {
    expect(isMarkedFrame("\tat shop.Ledger.post(Ledger.java:17)", 0, 36)).toBe(true);
    expect(isMarkedFrame("    #0 usleep tsan_interceptors_posix.cpp:351 (libtsan.so.2+0x61e11)", 0, 70)).toBe(true);
    expect(isMarkedFrame('  File "a.py", line 3, in f', 0, 27)).toBe(true);
    // A go test message is located, not a frame; doctest's report header sits at the margin.
    expect(isMarkedFrame("    inventory_test.go:71: Reserve: insufficient stock", 0, 52)).toBe(false);
    expect(isMarkedFrame('File "/src/money.py", line 185, in money.parse_amount', 0, 52)).toBe(false);
  });

  it("takes a frame whose module is a shared object for a library's", () => {
    expect(isLibraryFrame("    #0 usleep ../src/tsan_interceptors_posix.cpp:351 (libtsan.so.2+0x61e11)", 0, 74)).toBe(true);
    expect(isLibraryFrame("    #1 record /tmp/shop/jobs.c:30 (jobs+0x1361)", 0, 47)).toBe(false);
  });

  it("takes the lines under a frame at its depth for its annotations, not a line back at the margin", () => {
    // 0 a frame, 1–2 its annotations, 3 the next frame, 4 "Caused by:" at the margin.
    const t = "\tat a.B.c(B.java:3)\n\t- waiting to lock <0x1>\n\t- locked <0x2>\n\tat a.B.d(B.java:9)\nCaused by: java.io.IOException: disk full\n";
    const s = shapesOf(t);
    expect(annotatesFrame(t, s, 0)).toBe(false);
    expect(annotatesFrame(t, s, 1)).toBe(true);
    expect(annotatesFrame(t, s, 2)).toBe(true);
    expect(annotatesFrame(t, s, 3)).toBe(false);
    expect(annotatesFrame(t, s, 4)).toBe(false);
  });

  it("does not offer a thread dump's lock annotations as lines that break its rhythm", () => {
    // Each stack's "- locked" line breaks the column of "at" under the frames' indentation.
    const t = dump(30, "JNI global refs: 4\n");
    expect(refined(t, 0)).toBe("");
  });
});

/** A profile's table: `rows` rows alike but for their numbers, and `named` more after them. */
function profile(rows: i32, named: string[]): string {
  const parts = new Array<string>();
  parts.push("   ncalls  tottime  percall  cumtime  percall filename:lineno(function)");
  for (let i = 0; i < rows; i++) parts.push("        1    0.000    0.000    0.00" + (i % 10).toString() + "    0.000 report.py:" + (i + 10).toString() + "(step" + i.toString() + ")");
  for (let k = 0; k < named.length; k++) parts.push("        1    0.000    0.000    0.000    0.000 " + named[k]);
  return parts.join("\n") + "\n";
}

describe("keyword lines that are rows like the others", () => {
  it("drops an error word inside a row of a large group of alike rows when the command succeeded", () => {
    // Line 1 the header, lines 2–41 forty rows, line 42 a row naming a class after an error.
    const t = profile(40, ["decoder.py:20(JSONDecodeError)"]);
    expect(refined(t, 0)).toBe("");
    // A failed run keeps it: its keyword lines are its outcome.
    expect(refined(t, 1)).toBe("42:error");
  });

  it("keeps a group whose rows say the word in more than one of eight", () => {
    // Forty rows, then six rows naming errors: 6 of 46 alike lines, more than one in eight.
    const t = profile(40, ["a.py:1(ParseError)", "a.py:2(ParseError)", "a.py:3(ParseError)", "a.py:4(ParseError)", "a.py:5(ParseError)", "a.py:6(ParseError)"]);
    expect(refined(t, 0)).toBe("42:error,43:error,44:error,45:error,46:error,47:error");
  });

  it("tells a break by a leading token from a break by the last token only", () => {
    // 40 rows "* <hash> orders: handle case N", then line 40 "(tag: …)" in column 2 and
    // line 41 whose last token alone differs.
    const parts = new Array<string>();
    for (let i = 0; i < 40; i++) parts.push("* " + (1000 + i).toString() + "abc orders: handle case " + i.toString());
    parts.push("* 2000abc (tag: v1.0.0) handle case 99");
    parts.push("* 2001abc orders: handle case closing");
    const t = parts.join("\n") + "\n";
    const s = new Shapes(t, scanImportant(t).totalLines);
    expect(s.leadingDeviation(40)).toBeGreaterThan(0);
    expect(s.deviation(41)).toBeGreaterThan(0);
    expect(s.leadingDeviation(41)).toBe(0);
  });
});

/** A report of records between rules: a title, then per record a head, two detail lines, a rule. */
function report(heads: string[]): string {
  const parts = new Array<string>();
  parts.push("Test results:");
  for (let k = 0; k < heads.length; k++) {
    parts.push(heads[k]);
    parts.push("   Severity: Low   Confidence: High");
    parts.push("   Location: pkg/mod.py:" + (10 * k + 7).toString());
    parts.push("--------------------------------------------------");
  }
  parts.push("Code scanned: 5279 lines");
  return parts.join("\n") + "\n";
}

describe("the heads of a failed run's records", () => {
  it("flags each record's first line, the first one after a title too, when the run failed and said no error", () => {
    // Line 1 the title; heads at lines 2, 6, 10, 14; rules at 5, 9, 13, 17; line 18 the total.
    const t = report([">> Issue: [B101:assert_used] Use of assert detected.", ">> Issue: [B101:assert_used] Use of assert detected.", ">> Issue: [B404:blacklist] Consider the subprocess module.", ">> Issue: [B603:subprocess_without_shell] check for untrusted input."]);
    // The title breaks the rhythm of the records' lines: a candidate, as before. The total
    // closes the failed run: its outcome (last-words.ts).
    expect(refined(t, 1)).toBe("1:notable,2:failure,6:failure,10:failure,14:failure,18:summary");
    // A run that succeeded printed a listing, not its failures.
    expect(refined(t, 0)).toBe("");
  });

  it("takes no heads from fewer than three records, nor from records whose heads open differently", () => {
    expect(refined(report([">> Issue: one", ">> Issue: two"]), 1).includes("failure")).toBe(false);
    expect(refined(report(["alpha one", "beta two", "gamma three", "delta four"]), 1).includes("failure")).toBe(false);
  });
});

describe("room left under a small budget goes to more findings", () => {
  it("offers the warnings that repeat a message beyond the first six once everything else is offered", () => {
    // 60 lines "compiling unit N", then ten warnings of one message at lines 61–70
    // ("src/unitN.c:12:5: warning: unused variable 'count' [-Wunused-variable]"), then "done".
    const parts = new Array<string>();
    for (let i = 1; i <= 60; i++) parts.push("compiling unit " + i.toString() + " of the inventory service");
    for (let i = 1; i <= 10; i++) parts.push("src/unit" + i.toString() + ".c:12:5: warning: unused variable 'count' [-Wunused-variable]");
    parts.push("done");
    const t = parts.join("\n") + "\n";
    const out = keepImportant(t, 1000, 0.5, "");
    expect(out.length).toBeLessThanOrEqual(1000);
    // Every one of the ten fits in 1,000 units beside the marker; before, six were offered
    // and the rest of the budget went to the head's "compiling" lines.
    for (let i = 1; i <= 10; i++) {
      const line = (60 + i).toString() + ": src/unit" + i.toString() + ".c:12:5: warning: unused variable";
      expect(out.includes(line)).toBe(true, line);
    }
  });
});

/** "line:kind" of every line the keyword scan flags, joined with ",". */
function scanned(text: string): string {
  const scan = scanImportant(text);
  const out = new Array<string>();
  for (let i = 0; i < scan.count; i++) out.push(scan.lineNumbers[i].toString() + ":" + kindName(scan.kinds[i]));
  return out.join(",");
}

describe("a count of errors", () => {
  it("states a total: a summary, not an error line", () => {
    // Line 1 a module listed with its count, 2 the run's total, 3 an error, 4 a file named by number.
    const t = "  ./src/flow.js [653] 308 bytes [built] [1 error]\nwebpack compiled with 4 errors and 1 warning\nERROR in ./src/flow.js 8:8\nmain.c:12: error: expected ';'\n";
    expect(scanned(t)).toBe("1:summary,2:summary,3:error,4:error");
    // "0 errors" is no outcome at all; "E0308 error" names a code, not a count.
    expect(scanned("0 errors\nE0308 error here\n")).toBe("2:error");
  });
});
