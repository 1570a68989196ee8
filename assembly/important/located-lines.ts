// A checker that fails may print one "path:line: message" line per problem and little
// else: no severity word, no code, perhaps a column (msgfmt -c: "fr.po:103: number of format
// specifications in 'msgid' and 'msgstr' does not match"; splint: "src/cart.c:17:8: Arrow
// access from possibly null pointer row: row->name"). No keyword flags those lines,
// yet they are what the run failed for. In a failed run whose lines are mostly such lines
// at the margin, they are its diagnostics: each is marked an error (a checker may explain
// each finding in lines indented under it: those are not counted against it). Located lines among a
// test runner's log ("money.py:6: InvalidOperation" under a traceback, "    x_test.go:12:
// got 3" indented) are a minority of the output and stay as they are; so do a linter's
// findings that name a code (notes.ts), ranked by their severity and code, and lines whose message opens
// with a label ("note: …", "warning: …"), which the keyword scan reads.
import { CharCode } from "../util/chars";
import { digitsEnd, lettersEnd, unitAt } from "../util/lines";
import { Kind } from "./kinds";
import { findingCode, findingOf } from "./notes";
import { Shapes } from "./shapes";

/**
 * Whether line [a, b) opens at its margin with "path:line: " or "path:line:col: " (a token
 * up to its first ':', then digits, ':', perhaps digits and ':' again, and a space) and a
 * message that opens with no label ("warning:").
 */
export function opensWithBareLocation(s: string, a: i32, b: i32): bool {
  for (let j = a; j < b; j++) {
    const c = unitAt(s, j);
    // A space, a tab or a control unit ends the token before any location.
    if (c <= CharCode.SPACE) return false;
    if (c == CharCode.COLON) {
      let e = digitsEnd(s, j + 1, b);
      if (e == j + 1 || e + 2 >= b || unitAt(s, e) != CharCode.COLON) return false;
      // A column may follow the line ("src/cart.c:10:12: Possibly null storage …").
      const col = digitsEnd(s, e + 1, b);
      if (col > e + 1 && col + 2 < b && unitAt(s, col) == CharCode.COLON) e = col;
      if (unitAt(s, e + 1) != CharCode.SPACE) return false;
      const w = lettersEnd(s, e + 2, b);
      return w >= b || unitAt(s, w) != CharCode.COLON;
    }
  }
  return false;
}

/**
 * Counts, line by line as the pass over a failed command's lines reads them, what the first
 * pass of markLocatedLines() counts: its lines at the margin that open with a bare location,
 * and the others there that are not blank. Whether a line opens so reads only which units
 * are digits, letters, colons and spaces, never which digits: a line alike to one read before
 * but for its digits (LineVisitor.alike) takes that line's answer.
 */
export class LocatedCounter {
  located: i32 = 0;
  others: i32 = 0;
  /** Per line (0-based): 0 not read, 1 read and not located, 2 located. */
  private read: StaticArray<u8>;

  constructor(lines: i32) {
    this.read = new StaticArray<u8>(lines);
  }

  /** Line `lineNo` (1-based), [a, b) without its '\r', alike to line `alike` (0 for none). */
  line(text: string, a: i32, b: i32, lineNo: i32, alike: i32): void {
    if (a == b || unitAt(text, a) <= CharCode.SPACE) return;
    const read = this.read;
    let held: u8 = alike > 0 && alike <= read.length ? unchecked(read[alike - 1]) : 0;
    if (held == 0) {
      held = opensWithBareLocation(text, a, b) ? 2 : 1;
      if (lineNo <= read.length) unchecked((read[lineNo - 1] = held));
    }
    if (held == 2) this.located++;
    else this.others++;
  }
}

/**
 * Marks in `into` as errors the lines of `shapes` that open with a bare location
 * (opensWithBareLocation), neither flagged nor noted as findings with a code (`notes`, notes.ts),
 * when they are more than half of its lines at the margin. A line indented under one
 * (a checker's explanation of its finding) or a blank one belongs to the line above: it
 * counts neither way. The first pass counts them (it stops once the located ones cannot
 * be most), the second marks them. The `margin` lines and the `counted` located ones among
 * them, when the pass over the lines counted them (LocatedCounter; 0 when it did not), take
 * the first pass's place: with no line at the margin it would find none located either.
 */
export function markLocatedLines(text: string, shapes: Shapes, notes: StaticArray<u64>, flagged: StaticArray<u8>, into: StaticArray<u8>, margin: i32, counted: i32): void {
  const lines = shapes.count;
  let located = 0;
  let others = 0;
  let first = 0;
  if (ASC_SHRINK_LEVEL < 2 && margin > 0) {
    if (counted <= margin - counted) return;
    first = 1;
  }
  // Counted at the margin, one located line over indented ones only is most of them: its
  // explanation details it, and the line is the run's finding.
  for (let pass = first; pass < 2; pass++) {
    for (let i = 0; i < lines; i++) {
      const a = unchecked(shapes.starts[i]);
      const b = unchecked(shapes.ends[i]);
      if (pass == 0 && (a == b || unitAt(text, a) <= CharCode.SPACE)) continue;
      if (!opensWithBareLocation(text, a, b)) {
        // Were every line after this one located, they would still not be most.
        if (pass == 0 && ++others >= located + lines - i - 1) return;
      } else if (pass == 0) located++;
      else if (unchecked(flagged[i]) == 0 && findingCode(findingOf(unchecked(notes[i]))) < 0) unchecked((into[i] = <u8>Kind.Error));
    }
    if (located <= others) return;
  }
}
