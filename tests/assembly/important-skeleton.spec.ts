import { digestCommand } from "../../assembly/digest/command";
import { DigestContext } from "../../assembly/digest/shared/types";
import { skeletonRead } from "./support/line-spans";

/** The skeleton of `text` read line by line, as the 1-based line numbers it offers, in order. */
function skeletonOf(text: string): i32[] {
  const reader = skeletonRead(text);
  const pairs = reader.order([]);
  const lines = new Array<i32>();
  for (let i = 1; i < pairs.length; i += 2) lines.push(pairs[i]);
  return lines;
}

/** `n` lines at `indent` spaces: "op 0", "op 1", … */
function body(indent: string, n: i32): string {
  let s = "";
  for (let i = 0; i < n; i++) s += indent + "op " + i.toString() + "\n";
  return s;
}

describe("SkeletonLines: the lines a nested output hangs on", () => {
  it("offers the shallowest level first, then the next, each line that heads deeper ones", () => {
    // 1      "class Duration {"      level 0: heads lines 2–16
    // 2      "  format(long);"       level 1: heads lines 3–8 (6 lines)
    // 3–8    "    op 0" … "    op 5" deeper: head nothing
    // 9      "  parse(String);"      level 1: heads lines 10–15 (6 lines)
    // 10–15  "    op 0" … "    op 5"
    // 16     "  static int x;"       level 1, heads nothing: not offered
    // 17     "}"                     level 0, heads nothing
    const text = "class Duration {\n  format(long);\n" + body("    ", 6) + "  parse(String);\n" + body("    ", 6) + "  static int x;\n}\n";
    expect(skeletonOf(text)).toStrictEqual([1, 2, 9]);
  });

  it("spreads a level over the whole output: first, middle, quarters", () => {
    // Five headers at the margin (lines 1, 6, 11, 16, 21), each over four indented lines:
    // offered as the first, then the fifth (index 4), then the third (index 2), then
    // the second and the fourth.
    let text = "";
    for (let k = 0; k < 5; k++) text += "section " + k.toString() + "\n" + body("  ", 4);
    expect(skeletonOf(text)).toStrictEqual([1, 21, 11, 6, 16]);
  });

  it("takes no level whose lines head few lines each (a log whose lines wrap now and then)", () => {
    // 1 "line one"   heads line 2 only
    // 3 "line two"   heads line 4 only: one deeper line each on average, below MIN_MEAN_SPAN (4)
    const text = "line one\n  wrapped\nline two\n  wrapped\nline three\n";
    expect(skeletonOf(text)).toStrictEqual([]);
  });

  it("passes blank lines over: a header's block goes on past them", () => {
    // 1 "NAME", 2–5 indented with a blank line (4) between: NAME heads 4 lines
    const text = "NAME\n    json\n    more\n\n    again\n    last\nEND\n";
    expect(skeletonOf(text)).toStrictEqual([1]);
  });
});

/**
 * 200 methods of 30 instruction lines each under one class: the methods at indent 2 lie
 * far apart, past any head or tail.
 */
function disassembly(): string {
  let text = "public class Shop {\n";
  for (let m = 0; m < 200; m++) text += "  public static String method" + m.toString() + "(long);\n" + body("      ", 30);
  return text + "}\n";
}

describe("the skeleton in a command's cut", () => {

  it("shows a successful output's methods spread over all of it: the halves, quarters, … first", () => {
    const d = digestCommand(disassembly(), 2000, new DigestContext("bash", '{"command":"dump"}', 0), "");
    expect(d.llm.length).toBeLessThanOrEqual(2000);
    // Numbered ("3969:   public static String method128(long);"). Offered as the 1st, then
    // the 129th, 65th, 193rd, 33rd, 97th, … in half the share: every sixteenth method fits
    // (and some eighths), the odd ones from the middle do not.
    for (let m = 0; m < 200; m += 16) expect(d.llm.includes(":   public static String method" + m.toString() + "(long);\n")).toBe(true);
    expect(d.llm.includes(":   public static String method101(long);\n")).toBe(false);
    expect(d.llm.includes(":   public static String method99(long);\n")).toBe(false);
  });

  it("leaves a failed command's cut as it was: no skeleton is offered", () => {
    const d = digestCommand(disassembly(), 2000, new DigestContext("bash", '{"command":"dump"}', 1), "");
    expect(d.llm.includes("method128(long);")).toBe(false);
    expect(d.llm.includes("method64(long);")).toBe(false);
  });
});
