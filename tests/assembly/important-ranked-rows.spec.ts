import { digestCommand } from "../../assembly/digest/command";
import { DigestContext } from "../../assembly/digest/shared/types";
import { RankedRows } from "../../assembly/important/ranked-rows";
import { lineSpans } from "./support/line-spans";

/**
 * The top rows of `text`'s ranked table read line by line, as the 1-based line numbers offered,
 * in order; without `runs`, as a larger budget asks for them (rows that stand out only).
 */
function rankedOf(text: string, runs: bool = true, head: i32 = 0, tail: i32 = 0): i32[] {
  const reader = new RankedRows();
  const spans = lineSpans(text);
  for (let k = 0; k < spans.length; k += 3) {
    const t = spans[k + 1];
    const b = spans[k + 2];
    let digits = 0;
    for (let i = t; i < b; i++) if (text.charCodeAt(i) >= 0x30 && text.charCodeAt(i) <= 0x39) digits = 1;
    reader.line(text, spans[k], t, b, k / 3 + 1, digits);
  }
  const pairs = reader.rows(text, runs, head, tail);
  const lines = new Array<i32>();
  for (let i = 0; i + 1 < pairs.length; i += 2) {
    // Each pair's start is its line's first unit.
    expect(pairs[i] == 0 || text.charCodeAt(pairs[i] - 1) == 0x0a).toBe(true);
    lines.push(pairs[i + 1]);
  }
  return lines;
}

/** Where 1-based line n of text starts. */
function lineStart(text: string, n: i32): i32 {
  let at = 0;
  for (let k = 1; k < n; k++) at = text.indexOf("\n", at) + 1;
  return at;
}

/** `values` as rows "  <value>  <name k>", one a line. */
function rows(values: string[]): string {
  let s = "";
  for (let k = 0; k < values.length; k++) s += "  " + values[k] + "  fn_" + k.toString() + "\n";
  return s;
}

/** leadingSum() of `text` read line by line, as rankedOf() reads it. */
function sumOf(text: string): i32 {
  const reader = new RankedRows();
  const spans = lineSpans(text);
  for (let k = 0; k < spans.length; k += 3) reader.line(text, spans[k], spans[k + 1], spans[k + 2], k / 3 + 1, 1);
  return reader.leadingSum();
}

// As git shortlog -sn prints it (git-shortlog-authors): a count, a tab, a name and an address.
const SHORTLOG = ["   267\tAda Okafor <dev0@shop.example>", "   160\tBela Okafor <dev1@shop.example>", "   114\tChen Okafor <dev2@shop.example>", "    89\tDara Okafor <dev3@shop.example>", "    73\tEli Okafor <dev4@shop.example>", "    62\tFarah Okafor <dev5@shop.example>", "    53\tGoran Okafor <dev6@shop.example>", "    47\tHana Okafor <dev7@shop.example>"];

describe("RankedRows: what a ranked column of counts per name adds up to", () => {

  it("sums the first column when every line is a whole number and a name, ranked from the first line to the last", () => {
    // Lines 1-8: 267 + 160 + 114 + 89 + 73 + 62 + 53 + 47.
    expect(sumOf(SHORTLOG.join("\n") + "\n")).toBe(865);
  });

  it("sums nothing when a line breaks the shape: a path, a second number, a fraction, a line of no count", () => {
    // Line 9 of each: after the eight counts above, one that falls again but is not a count and a name.
    for (let k = 0; k < 4; k++) {
      const last = ["    40\tsrc/a.c", "    40\tAda 12", "    40.5\tAda", "Total"][k];
      expect(sumOf(SHORTLOG.join("\n") + "\n" + last + "\n")).toBe(0);
    }
  });

  it("sums nothing under a totals row, nor a column numbered down by one step", () => {
    // Line 1: the other eight's total (865) over them.
    expect(sumOf("   865\ttotal\n" + SHORTLOG.join("\n") + "\n")).toBe(0);
    // Lines 1-8: 8, 7, … 1: rows numbered, not measured.
    expect(sumOf("8 a\n7 b\n6 c\n5 d\n4 e\n3 f\n2 g\n1 h\n")).toBe(0);
  });
});

describe("RankedRows: the top rows of a table ranked by a number", () => {
  it("offers the first rows of a column that falls over eight rows or more, top first", () => {
    // 1      "Ir  file:function"      a header: no number
    // 2–11   "  149,070,763  fn_0" …  column 0 falls 9 times in 10 rows, by steps that differ
    // 12     ""                       closes the run
    const text = "Ir  file:function\n" + rows(["149,070,763", "77,521,960", "74,222,833", "33,509,600", "17,541,114", "15,660,342", "5,280,000", "5,280,000", "4,991,888", "2,160,475"]) + "\n";
    expect(rankedOf(text)).toStrictEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
  });

  it("reads a percentage as its number, and no lone sign", () => {
    // 1–9 "  46.0%  fn_0" … falls; then 10–18 "  %  fn_k": no number, so no run
    expect(rankedOf(rows(["46.0%", "18.0%", "10.4%", "9.9%", "9.5%", "4.1%", "2.0%", "1.5%", "0.3%"]))).toStrictEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(rankedOf(rows(["%", "%", "%", "%", "%", "%", "%", "%", "%"]))).toStrictEqual([]);
  });

  it("offers at most twelve rows of a long ranked column", () => {
    // 1–20  "  20.5  fn_0", "  19.25  fn_1", …: falls by a quarter more each row.
    const values = new Array<string>();
    for (let k = 0; k < 20; k++) values.push((100.0 - <f64>k * 3.0 - <f64>(k * k) * 0.25).toString());
    expect(rankedOf(rows(values)).length).toBe(12);
  });

  it("reads a later column when the first does not rank (a profile's rows sorted by cumulative time)", () => {
    // columns: ncalls (unsorted), tottime (unsorted), cumtime (falls), name
    // 1 "   ncalls  tottime  cumtime  name"  header
    // 2–10 the rows; ncalls "6/1" is no number
    const text =
      "   ncalls  tottime  cumtime  name\n" +
      "      6/1    0.000    0.976  exec\n" +
      "        1    0.017    0.976  report.py:1(<module>)\n" +
      "        1    0.001    0.950  report.py:45(main)\n" +
      "        1    0.000    0.394  report.py:10(make_orders)\n" +
      "        1    0.119    0.394  report.py:11(<listcomp>)\n" +
      "    60000    0.052    0.341  __init__.py:299(loads)\n" +
      "    60000    0.016    0.275  __init__.py:183(dumps)\n" +
      "    60000    0.101    0.267  decoder.py:332(decode)\n" +
      "    60000    0.084    0.259  encoder.py:183(encode)\n";
    expect(rankedOf(text)).toStrictEqual([2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it("takes no column that only counts down by one step, rises, or repeats one value", () => {
    // "case 240", "case 239", … numbers the rows; line numbers rise; "0.000" never falls.
    let countdown = "";
    for (let k = 0; k < 12; k++) countdown += "* abc1234 orders: handle case " + (240 - k).toString() + "\n";
    expect(rankedOf(countdown)).toStrictEqual([]);
    expect(rankedOf(rows(["1", "2", "3", "5", "8", "13", "21", "34", "55"]))).toStrictEqual([]);
    expect(rankedOf(rows(["0.000", "0.000", "0.000", "0.000", "0.000", "0.000", "0.000", "0.000", "0.000"]))).toStrictEqual([]);
  });

  it("takes no run shorter than eight rows, nor one a blank line or a row without the number breaks", () => {
    // 1–7 falls over seven rows only; 8 "" breaks; 9–12 four more rows
    const short = rows(["90", "70", "55", "40", "33", "20", "11"]) + "\n" + rows(["9", "7", "4", "2"]);
    expect(rankedOf(short)).toStrictEqual([]);
    // 1–4 falls, 5 "  total  all" has no number there, 6–10 falls again: two runs of 4 and 5
    const broken = rows(["90", "70", "55", "40"]) + "  total  all\n" + rows(["33", "20", "11", "7", "2"]);
    expect(rankedOf(broken)).toStrictEqual([]);
  });

  it("offers the longest ranked run when there are several", () => {
    // 1–8 a run of 8 rows; 9 "" ; 10–19 a run of 10 rows: the second is offered
    const first = rows(["80", "71", "60", "52", "40", "33", "21", "10"]);
    const second = rows(["95", "90", "81", "77", "64", "50", "47", "31", "22", "9"]);
    const offered = rankedOf(first + "\n" + second);
    expect(offered[0]).toBe(10);
    expect(offered.length).toBe(10);
  });

  it("puts a succeeded command's top rows before its banner under a small budget", () => {
    // A profiler's report: a 30-line banner, then 40 rows ranked by cost (lines 33–72), then a legend.
    let text = "";
    for (let k = 0; k < 30; k++) text += "Option " + k.toString() + ":   setting value that says little " + k.toString() + "\n";
    text += "\ncost  function\n";
    for (let k = 0; k < 40; k++) text += "  " + (900000 - k * 20000 - k * k * 7).toString() + "  module.c:function_" + k.toString() + "\n";
    for (let k = 0; k < 20; k++) text += "legend line " + k.toString() + " explains a column of the table above\n";
    const d = digestCommand(text, 800, new DigestContext("bash", '{"command":"profile"}', 0), "");
    expect(d.llm.length).toBeLessThanOrEqual(800);
    // Numbered: the first rows, then the banner's first lines with what is left.
    expect(d.llm.includes("\n33:   900000  module.c:function_0\n")).toBe(true);
    expect(d.llm.includes("\n36:   839937  module.c:function_3\n")).toBe(true);
    expect(d.llm.includes("\n20: Option 19:")).toBe(false);
  });
});

/** 60 rows of 100–159 in the order 137, 111, 148, … (unsorted), with `big` put at the given 0-based rows. */
function unsorted(big: Map<i32, string>): string[] {
  const values = new Array<string>();
  for (let k = 0; k < 60; k++) values.push(big.has(k) ? big.get(k) : (100 + ((k * 37) % 60)).toString());
  return values;
}

describe("RankedRows: rows that stand out of a table no number ranks", () => {
  it("offers the rows whose number is eight times its column's mean or more, largest first, and no totals row", () => {
    // 1–60   "  <value>  fn_k": 58 values of 100–159, 40000 at line 9, 90000 at line 21
    // 61     "  <sum of the above>  fn_60": about the sum of the others, a totals row the tail shows
    // The column's mean with the totals row is about 4,500: 90000 and 40000 stand out, 159 does not.
    const values = unsorted(new Map<i32, string>().set(8, "40000").set(20, "90000"));
    let sum = 0;
    for (let k = 0; k < values.length; k++) sum += I32.parseInt(values[k]);
    values.push(sum.toString());
    expect(rankedOf(rows(values))).toStrictEqual([21, 9]);
  });

  it("offers none where no number stands out, or where most lines hold no number in that column", () => {
    // 1–60 values of 100–159 only: the largest is not eight times the mean
    expect(rankedOf(rows(unsorted(new Map<i32, string>())))).toStrictEqual([]);
    // 1–70 prose without a number, then 71–90 twenty rows, one 50000: the column fills 20 of 90 lines
    let text = "";
    for (let k = 0; k < 70; k++) text += "a paragraph of prose line\n";
    const few = new Array<string>();
    for (let k = 0; k < 20; k++) few.push(k == 10 ? "50000" : (100 + k).toString());
    expect(rankedOf(text + rows(few))).toStrictEqual([]);
  });

  it("offers the column's header first: the line just above its first number, when it holds words there", () => {
    // 1      "  self   name": words where the numbers stand, the header
    // 2–61   the rows of the first test, 40000 at line 10, 90000 at line 22
    const values = unsorted(new Map<i32, string>().set(8, "40000").set(20, "90000"));
    expect(rankedOf("  self   name\n" + rows(values))).toStrictEqual([1, 22, 10]);
    // 1 "== banner ==", 2 blank, 3–62 the rows: a blank line stands between, so no header
    expect(rankedOf("== banner ==\n\n" + rows(values))).toStrictEqual([23, 11]);
    // 1 "a note on 3 runs" (a number, but none in the column), 2–61 the rows: a header
    expect(rankedOf("  note 3 runs\n" + rows(values))).toStrictEqual([1, 22, 10]);
  });

  it("offers a ranked run before any row that stands out", () => {
    // 1–10 fall by steps that differ; 11–70 unsorted values with 90000 at line 31
    const ranked = rows(["980", "870", "760", "640", "530", "420", "310", "250", "120", "60"]);
    expect(rankedOf(ranked + rows(unsorted(new Map<i32, string>().set(20, "90000"))))).toStrictEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it("without runs (a larger budget, whose head shows a ranked run), offers the rows that stand out only", () => {
    // 1–10 fall by steps that differ: a ranked run, offered with runs and not without
    const ranked = rows(["980", "870", "760", "640", "530", "420", "310", "250", "120", "60"]);
    expect(rankedOf(ranked, false)).toStrictEqual([]);
    // 1–60 unsorted values of 100–159, 40000 at line 9, 90000 at line 21: offered either way, largest first
    const standouts = rows(unsorted(new Map<i32, string>().set(8, "40000").set(20, "90000")));
    expect(rankedOf(standouts, false)).toStrictEqual([21, 9]);
    expect(rankedOf(standouts)).toStrictEqual([21, 9]);
  });

  it("without runs, leaves a row that stands out in the first `head` or last `tail` units to the head and tail", () => {
    // The same 60 rows: line 9 starts before `head` (line 10's start), line 21 at `tail` units from the end.
    const text = rows(unsorted(new Map<i32, string>().set(8, "40000").set(20, "90000")));
    const line10 = lineStart(text, 10);
    const fromLine21 = text.length - lineStart(text, 21);
    expect(rankedOf(text, false, line10, 0)).toStrictEqual([21]);
    expect(rankedOf(text, false, 0, fromLine21)).toStrictEqual([9]);
    // One unit short of either: both offered.
    expect(rankedOf(text, false, lineStart(text, 9), fromLine21 - 1)).toStrictEqual([21, 9]);
  });

  it("offers the column's header only with a row it offers, and not when the head prints it", () => {
    // 1      "  self   name": the header
    // 2–61   the rows, 40000 at line 10, 90000 at line 22
    const text = "  self   name\n" + rows(unsorted(new Map<i32, string>().set(8, "40000").set(20, "90000")));
    // Both standout rows lie inside the head (it ends at line 23's start): no row, so no header.
    expect(rankedOf(text, false, lineStart(text, 23), 0)).toStrictEqual([]);
    // The head ends at line 11's start: line 22 is offered, the header (inside the head) is not.
    expect(rankedOf(text, false, lineStart(text, 11), 0)).toStrictEqual([22]);
    // No head: the header comes first.
    expect(rankedOf(text, false, 0, 0)).toStrictEqual([1, 22, 10]);
  });
});
