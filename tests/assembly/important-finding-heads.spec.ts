// A linter that prints each finding as a block heads it with the place and the rule
// ("src/tax.js:15:3 lint/suspicious/noDebugger  FIXABLE  ━━━"), then a blank line, then the
// flagged message indented ("  × This is an unexpected use of the debugger statement.") over
// a code frame. The message names no place: under a small budget its head comes with it.
import { keepImportant, placeHeadOf } from "../../assembly/important";
import { placesFinding } from "../../assembly/important/parents";
import { refineScan } from "../../assembly/important/refine";
import { scanImportant } from "../../assembly/important/scan";
import { Shapes } from "../../assembly/important/shapes";
import { countNewlines } from "../../assembly/util/lines";

const HINT = "; read more: x";
const FILES = ["cart", "pricing", "stock", "tax", "ledger", "shipping", "returns", "coupons", "billing", "refunds"];
const RULES = ["suspicious/noDebugger", "style/noVar", "suspicious/noDoubleEquals", "complexity/noExtraBooleanCast"];
const MESSAGES = ["This is an unexpected use of the debugger statement.", "Use let or const instead of var.", "Use === instead of ==", "Avoid redundant double-negation."];

/** placesFinding for header line j and line i of `text` (0-based). */
function places(text: string, j: i32, i: i32): bool {
  return placesFinding(text, new Shapes(text, countNewlines(text, 0, text.length)), j, i);
}

/** The head of finding k: its file's line and column, its rule, a bar to the width of the terminal. */
function head(k: i32): string {
  return "src/" + FILES[k % FILES.length] + ".js:" + (10 + k).toString() + ":3 lint/" + RULES[k % RULES.length] + "  FIXABLE  " + "━".repeat(40);
}

/** A lint run: each finding a block (head, blank, message, code frame, hints), the totals last. */
function run(): string {
  let text = "";
  for (let k = 0; k < FILES.length; k++) {
    text += head(k) + "\n\n";
    text += "  × " + MESSAGES[k % MESSAGES.length] + "\n  \n";
    for (let n = 8 + k; n < 13 + k; n++) text += "    " + n.toString() + " │   const total = rows.reduce((sum, row) => sum + row.qty * row.price, 0);\n";
    text += "       │   ^^^^^^^^^\n  \n";
    text += "  i Unsafe fix: rewrite the expression as the rule suggests for this code.\n  \n\n";
  }
  return text + "Checked 14 files in 31ms. No fixes applied.\nFound " + FILES.length.toString() + " errors.\n";
}

function headsShown(out: string): i32 {
  let n = 0;
  for (let k = 0; k < FILES.length; k++) if (out.includes("src/" + FILES[k % FILES.length] + ".js:" + (10 + k).toString() + ":3 lint/")) n++;
  return n;
}

/**
 * Kept message lines ("45:   × Avoid redundant double-negation.", numbered) whose head
 * ("43: src/tax.js:13:3 lint/…", two lines up) is not kept with them.
 */
function headless(out: string): i32 {
  const lines = out.split("\n");
  let n = 0;
  for (let k = 0; k < lines.length; k++) {
    const at = lines[k].indexOf(":   × ");
    if (at <= 0) continue;
    const head = (I32.parseInt(lines[k].substring(0, at)) - 2).toString() + ": src/";
    let found = false;
    for (let j = 0; j < k; j++) if (lines[j].startsWith(head)) found = true;
    if (!found) n++;
  }
  return n;
}

/** placeHeadOf for line i (0-based) of `text`, its scan refined as the core refines it. */
function placeHead(text: string, i: i32): i32 {
  const shapes = new Shapes(text, countNewlines(text, 0, text.length));
  const scan = refineScan(text, scanImportant(text), shapes, -1);
  return placeHeadOf(text, scan, shapes, new StaticArray<i32>(shapes.count), unchecked(shapes.starts[i]), i + 1);
}

describe("placesFinding: the head of a finding's own block", () => {
  it("takes a head that names a file's line, just above or over one blank line", () => {
    expect(places("src/tax.js:15:3 lint/suspicious/noDebugger  FIXABLE\n\n  × Unexpected debugger.\n", 0, 2)).toBe(true);
    expect(places("src/invoices.js:13:29 parse ━━━━\n  × expected `,` but instead found `{`\n", 0, 1)).toBe(true);
  });

  it("refuses a head further up, one that names a file only, and a finding that names its own place", () => {
    expect(places("src/tax.js:15:3 lint/suspicious/noDebugger\n\n  note\n  × Unexpected debugger.\n", 0, 3)).toBe(false);
    expect(places("css/chrome.css\n  × Expected empty line before rule\n", 0, 1)).toBe(false);
    expect(places("src/tax.js:15:3 lint\n  6:1  ×  Expected empty line (src/tax.js:6:1)\n", 0, 1)).toBe(false);
  });
});

describe("placeHeadOf: a flagged head ranks alone", () => {
  it("takes an unflagged head that places the finding under it", () => {
    expect(placeHead("src/tax.js:15:3 lint/suspicious/noDebugger  FIXABLE  ━━━━\n\n  × This is an unexpected use of the debugger statement.\n", 2)).toBe(0);
  });

  it("refuses a head that is a finding with its own severity, flagged in its own right", () => {
    const warned = "src/tax.c:15:3: warning: unused variable ‘rate’ [-Wunused-variable]\n   15 |   double rate = 0.2;\n";
    expect(places(warned, 0, 1)).toBe(true);
    expect(placeHead(warned, 1)).toBe(-1);
    const failed = "src/tax.js:15:3 error: lint/suspicious/noDebugger\n\n  × This is an unexpected use of the debugger statement.\n";
    expect(places(failed, 0, 2)).toBe(true);
    expect(placeHead(failed, 2)).toBe(-1);
  });
});

describe("keepImportant: a finding's head comes with it under a small budget", () => {
  it("shows the heads of most findings it keeps, at a budget where headers are otherwise left out", () => {
    const text = run();
    expect(text.length).toBeGreaterThan(4000);
    const out = keepImportant(text, 1200, 0.5, HINT);
    expect(out.length).toBeLessThanOrEqual(1200);
    expect(headsShown(out)).toBeGreaterThanOrEqual(4);
    expect(out.includes("Found 10 errors.")).toBe(true);
  });

  it("keeps no message without its head, a repeated one included, whatever the room", () => {
    const text = run();
    const budgets = [450, 600, 800, 1200, 1600];
    for (let b = 0; b < budgets.length; b++) {
      const out = keepImportant(text, budgets[b], 0.5, HINT);
      expect(out.length).toBeLessThanOrEqual(budgets[b]);
      expect(out.includes(":   × ")).toBe(true);
      expect(headless(out)).toBe(0);
    }
  });

  it("keeps no message of the last blocks without its head, where the fill takes the output's last lines", () => {
    // Short blocks (no code frame), the same message in each: the last lines fit the room.
    let text = "";
    for (let k = 0; k < 3; k++) {
      text += "src/" + FILES[k] + ".js:" + (10 + k).toString() + ":3 lint/suspicious/noDebugger  FIXABLE  " + "━".repeat(5) + "\n\n";
      text += "  × " + MESSAGES[0] + "\n  \n       │   ^^^^^^^^^\n  \n";
      text += "  i Unsafe fix: rewrite the expression as the rule suggests for this code.\n  \n\n";
    }
    text += "Checked 14 files in 31ms. No fixes applied.\nFound 3 errors.\n";
    const budgets = [450, 500, 600];
    for (let b = 0; b < budgets.length; b++) {
      const out = keepImportant(text, budgets[b], 0.5, HINT);
      expect(out.length).toBeLessThanOrEqual(budgets[b]);
      expect(headless(out)).toBe(0);
    }
  });
});
