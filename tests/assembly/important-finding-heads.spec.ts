// A linter that prints each finding as a block heads it with the place and the rule
// ("src/tax.js:15:3 lint/suspicious/noDebugger  FIXABLE  ━━━"), then a blank line, then the
// flagged message indented ("  × This is an unexpected use of the debugger statement.") over
// a code frame. The message names no place: under a small budget its head comes with it.
import { keepImportant } from "../../assembly/important";
import { placesFinding } from "../../assembly/important/parents";
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

describe("keepImportant: a finding's head comes with it under a small budget", () => {
  it("shows the heads of most findings it keeps, at a budget where headers are otherwise left out", () => {
    const text = run();
    expect(text.length).toBeGreaterThan(4000);
    const out = keepImportant(text, 1200, 0.5, HINT);
    expect(out.length).toBeLessThanOrEqual(1200);
    expect(headsShown(out)).toBeGreaterThanOrEqual(4);
    expect(out.includes("Found 10 errors.")).toBe(true);
  });
});
