import { messageCount, tokenTable } from "../../assembly/important/templates";
import { scanImportant } from "../../assembly/important/scan";
import { rankedLines } from "./support/ranked";

/** A name of letters only, one per i (a number would be masked as a class anyway). */
function nameOf(i: i32): string {
  return String.fromCharCode(0x61 + (i % 26)) + String.fromCharCode(0x61 + i / 26) + "_field";
}

/**
 * `common` lines of one message about a different member each, with `rare` lines of
 * another message after line `at` (1-based: the rare lines are at + 1 …).
 */
function report(common: i32, rare: i32, at: i32, rareNamed: bool = true): string {
  let text = "";
  for (let i = 0; i < common; i++) {
    text += "inc/a.h:" + (i + 1).toString() + ": warning: Member " + nameOf(i) + " (variable) of struct " + nameOf(i + 7) + "_ctx is not documented.\n";
    if (i + 1 == at) for (let r = 0; r < rare; r++) text += "inc/b.h:" + (r + 1).toString() + ": warning: explicit link request to '" + nameOf(rareNamed ? r + 3 : 3) + "' could not be resolved\n";
  }
  return text;
}

function hitsOf(text: string): i32[] {
  const scan = scanImportant(text);
  const order = new Array<i32>();
  for (let h = 0; h < scan.count; h++) order.push(h);
  return order;
}

describe("tokenTable and messageCount: how many lines say what a line says, whatever names it holds", () => {
  it("counts a message by its words, not by the names that differ from line to line", () => {
    const text = report(40, 2, 20);
    const scan = scanImportant(text);
    const order = hitsOf(text);
    expect(order.length).toBe(42);
    const table = tokenTable(text, scan, order)!;
    // Each of the forty member lines is one of many; each of the two link lines one of few.
    for (let h = 0; h < 42; h++) {
      const line = scan.lineNumbers[h];
      const said = messageCount(text, scan, h, table);
      if (line == 21 || line == 22) expect(said).toBeLessThanOrEqual(2);
      else expect(said).toBeGreaterThanOrEqual(20);
    }
  });

  it("says nothing of fewer than 32 lines, where a word's count tells little", () => {
    const text = report(20, 2, 10);
    expect(tokenTable(text, scanImportant(text), hitsOf(text))).toBeNull();
  });
});

describe("novelFirst: a rare message among many alike ones comes first", () => {
  it("offers the rare message's lines right after the first line, before the alike ones", () => {
    // Every line's words differ (each names its member), so each is its own group: the
    // two link lines (21, 22) come before the member lines all the same.
    const text = report(40, 2, 20);
    const ranked = rankedLines(text, scanImportant(text), 1);
    expect(ranked.startsWith("1 21 22 2 3 ")).toBe(true);
  });

  it("puts a rare message said twice, only its places differing, before a message said by every other line", () => {
    // The two link lines share their words (one group of two); each member line is a group
    // of one, yet their message is said forty times.
    const text = report(40, 2, 20, false);
    expect(rankedLines(text, scanImportant(text), 1).startsWith("1 21 2 3 ")).toBe(true);
  });

  it("keeps line order among fewer than 32 lines", () => {
    const text = report(20, 2, 10);
    expect(rankedLines(text, scanImportant(text), 1).startsWith("1 2 3 ")).toBe(true);
  });
});

/** Three messages a checker prints under one prefix every line shares ("Warning N in FILE line M: …"). */
const CHECKS: string[] = [
  "2: Non-breaking space (`~') should have been used.",
  "8: Wrong length of dash may have been used.",
  "18: Use either `` or '' as an alternative to `\"'.",
];

/**
 * `perCheck` lines of each of CHECKS over six files, then, after line `at`, one line in
 * chapters/evaluation.tex of each of `rare`: a short rare message, its words fewer than the
 * shared prefix's.
 */
function framedReport(perCheck: i32, at: i32, rare: string[]): string {
  let text = "";
  const files = ["intro", "background", "design", "evaluation", "related", "conclusion"];
  let line = 0;
  for (let c = 0; c < CHECKS.length; c++) {
    for (let i = 0; i < perCheck; i++) {
      const check = CHECKS[c];
      const colon = check.indexOf(":");
      text += "Warning " + check.slice(0, colon) + " in chapters/" + files[i % 6] + ".tex line " + (i + 3).toString() + ":" + check.slice(colon + 1) + "\n";
      if (++line == at) for (let r = 0; r < rare.length; r++) text += "Warning " + rare[r] + "\n";
    }
  }
  return text;
}

/** Two rare lines of five words past the prefix's five tokens (ten in all). */
const MISMATCHED: string[] = ["9 in chapters/evaluation.tex line 23: `)' expected, found `]'.", "9 in chapters/evaluation.tex line 23: `]' expected, found `)'."];

/** That each of `rare`, in a framedReport, is said by two hits at most, and each other line by twelve at least. */
function expectFramed(rare: string[]): void {
  const text = framedReport(12, 20, rare);
  const scan = scanImportant(text);
  const order = hitsOf(text);
  const lines = 36 + rare.length;
  expect(order.length).toBe(lines);
  const table = tokenTable(text, scan, order)!;
  for (let h = 0; h < lines; h++) {
    const line = scan.lineNumbers[h];
    const said = messageCount(text, scan, h, table);
    // "Warning", "in", "line" and the two numbers stand in every line: the rare lines'
    // median would fall on them, or on their file's name, and make the rarest message
    // look among the most common.
    if (line > 20 && line <= 20 + rare.length) expect(said).toBeLessThanOrEqual(2);
    else expect(said).toBeGreaterThanOrEqual(12);
  }
}

describe("messageCount: the words every line shares are the output's frame", () => {
  it("counts a short rare message under a long shared prefix by its own words", () => {
    expectFramed(MISMATCHED);
  });

  it("counts it so whether the frame is half its tokens, more or less", () => {
    // Nine tokens, four past the frame; eleven, six past it (the median of all eleven
    // would be the file name's count).
    expectFramed(["15 in chapters/evaluation.tex line 23: No match `('."]);
    expectFramed(["15 in chapters/evaluation.tex line 23: No match found for `('."]);
  });

  it("offers the rare message's two lines right after the first line", () => {
    const text = framedReport(12, 20, MISMATCHED);
    expect(rankedLines(text, scanImportant(text), 1).startsWith("1 21 22 ")).toBe(true);
  });
});

describe("novelFirst with rareCopies: every place of a message few lines say is news", () => {
  it("offers the second place of a rare message before the first copies of a message said by every other line", () => {
    // The two link lines differ only in their line numbers: one group, whose second line
    // is a repeat; ranked as warnings are, it comes right after the first.
    const text = report(40, 2, 20, false);
    expect(rankedLines(text, scanImportant(text), 1, false, false, true).startsWith("1 21 22 2 3 ")).toBe(true);
    // Ranked as errors are, it waits with the repeats.
    expect(rankedLines(text, scanImportant(text), 1).endsWith("| 22")).toBe(true);
  });

  it("offers it after a first copy said by a few lines more", () => {
    // Three lines of another rare message at the end ("… is not found in the argument list",
    // each naming another function): said thrice, each a first copy, they come before the
    // link message's second place, which ranks as if said eight times as often as the link.
    let text = report(40, 2, 20, false);
    text += "inc/c.h:5: warning: argument 'ident' of command @param is not found in the argument list of a_retry(ctx)\n";
    text += "inc/d.h:6: warning: argument 'ident' of command @param is not found in the argument list of b_retry(ctx)\n";
    text += "inc/e.h:7: warning: argument 'ident' of command @param is not found in the argument list of c_retry(ctx)\n";
    const ranked = rankedLines(text, scanImportant(text), 1, false, false, true);
    expect(ranked.startsWith("1 21 43 44 45 22 ")).toBe(true);
  });

  it("leaves the copies of a message many lines say with the repeats", () => {
    // Every member line said twice: a message forty lines say is no news the second time.
    let text = "";
    for (let i = 0; i < 40; i++) text += "inc/a.h:" + (i + 1).toString() + ": warning: Member " + nameOf(i) + " (variable) of struct s_ctx is not documented.\n";
    text += text;
    const ranked = rankedLines(text, scanImportant(text), 1, false, false, true);
    expect(ranked.split(" | ")[1].split(" ").length).toBe(40);
  });
});

describe("messageCount: a line that says what every line says", () => {
  it("counts it as said by every line, though its names are few", () => {
    // All but the member's name stand in every line: the name alone is no message.
    let text = "";
    for (let i = 0; i < 40; i++) text += "inc/a.h:" + (i + 1).toString() + ": warning: Member " + nameOf(i % 20) + " (variable) of struct s_ctx is not documented.\n";
    const scan = scanImportant(text);
    const order = hitsOf(text);
    const table = tokenTable(text, scan, order)!;
    for (let h = 0; h < 40; h++) expect(messageCount(text, scan, h, table)).toBe(40);
  });
});
