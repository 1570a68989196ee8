// The outline of a text no other scanner knows (a .properties file by another
// name, SQL, a shell script, a Makefile, CSS …): the lines that open a
// statement or a block at the text's least indentation.
//
//   /* Functions */          ← the comment block that opens the text: L1
//   CREATE FUNCTION f(a int) ← statement L2–5: its deeper lines, and the lines
//    RETURNS int               at its indentation up to a `;` (in a text where
//   RETURN a + 1;              statements end with one), belong to it
//   END;                     ← one word after a block of lines closes it
//   CREATE FUNCTION g(b int) ← alike statements in a row make a run, named by
//   …                          the words they share: "CREATE FUNCTION" ×2
//   key=value                ← key "key" L8, its detail `=value`
//
// A comment is a line that starts, after its indentation, with `#`, `//`,
// `--`, `;`, `/*`, `*` or `<!--`; `/*` and `<!--` run to the line that ends
// with their close (when one does: else the line is content). Only the comment block that opens the text is a symbol:
// the others are counted. A line at the least indentation continues the
// statement before it when that one ends in `\`, `,` or an open bracket,
// when it starts with a closing bracket (or is a `{` of its own), or, in a
// text where statements end with `;`, until one does.
//
// Two passes over the lines, no string made for a line: the first learns
// which lines are content, the least indentation and whether statements end
// with `;`; the second lists, and may stop once an outline could not show
// what it has listed (a large file costs what its outline can show).
import { CharCode, isAlpha, isDigit, isUnitOf } from "../util/chars";
import { blanksEnd, countNewlines, spaceRunEnd, unitAt } from "../util/lines";
import { startsWithAt } from "../util/scan";
import { Outline } from "./symbols";
import { detailOf, Lines, MAX_DETAIL } from "./text-lines";

const EQUALS: i32 = 0x3d;
const STAR: i32 = 0x2a;
const LPAREN: i32 = 0x28;
const RPAREN: i32 = 0x29;
/** Statements of a run that get what tells them apart: more never fit an outline line. */
const MAX_PARTS: i32 = 80;

/** What the scan learns: the outline and which lines are comments. */
export class StatementScan {
  /**
   * Symbols in line order: the "comment" block that opens the text, "key" settings (the key, the
   * rest of its line as the detail) and other "statement"s; a statement alone is named by its
   * text, a run of alike ones by the words they share, each with the word after them as its detail.
   */
  outline: Outline = new Outline();
  /** One flag per line (0-based), 1 when not blank and not a comment (as i32: each kind of array takes room). */
  content: Array<i32> = new Array<i32>();
  /** Statements (settings among them), entries (a run of alike statements is one) and comment blocks. */
  statements: i32 = 0;
  keys: i32 = 0;
  entries: i32 = 0;
  commentBlocks: i32 = 0;
  /** Lines with content among the lines read, and the lines read (all but when the listing stopped). */
  contentLines: i32 = 0;
  lines: i32 = 0;
}

function isWordAt(s: string, i: i32): bool {
  const d = unitAt(s, i);
  return isAlpha(d) || isDigit(d) || d == CharCode.UNDERSCORE || d >= 0xc0;
}

/** Whether the line [a, e) opens a comment; `*` and `--` only before a space, a `/` or the line's end. */
function opensComment(s: string, a: i32, e: i32): bool {
  const c = unitAt(s, a);
  const next = a + 1 < e ? unitAt(s, a + 1) : CharCode.SPACE;
  const after = a + 2 < e ? unitAt(s, a + 2) : CharCode.SPACE;
  if (c == CharCode.HASH || c == CharCode.SEMICOLON) return true;
  if (c == CharCode.SLASH) return next == CharCode.SLASH || next == STAR;
  if (c == STAR) return (ASC_SHRINK_LEVEL >= 2 ? isUnitOf(next, " \t/") : next == CharCode.SPACE || next == CharCode.TAB || next == CharCode.SLASH);
  if (c == CharCode.MINUS) return next == CharCode.MINUS && (after == CharCode.SPACE || after == CharCode.TAB || after == CharCode.MINUS);
  return c == CharCode.LT && next == 0x21 && after == CharCode.MINUS;
}

/** Whether the line [a, e) ends with `lit`. */
function endsWith(s: string, a: i32, e: i32, lit: string): bool {
  const n = lit.length;
  return e - a >= n && startsWithAt(s, e - n, e, lit);
}

/** End of the key that opens [a, e) (`name=`, `name = `, `name: `, `target:`), or -1. */
export function keyEnd(s: string, a: i32, e: i32): i32 {
  if (!isAlpha(unitAt(s, a))) return -1;
  let i = a + 1;
  while (i < e && (isWordAt(s, i) || unitAt(s, i) == CharCode.DOT || unitAt(s, i) == CharCode.MINUS || unitAt(s, i) == CharCode.SLASH)) i++;
  const key = i;
  i = blanksEnd(s, i, e);
  if (i >= e) return -1;
  const after = i + 1 < e ? unitAt(s, i + 1) : CharCode.SPACE;
  // `key: value` and `target:`, not `a::b` or `http://`; `key = value`, not `a == b`.
  if (unitAt(s, i) == CharCode.COLON) return after == CharCode.SPACE || after == CharCode.TAB ? key : -1;
  return unitAt(s, i) == EQUALS && after != EQUALS ? key : -1;
}

/**
 * Whether the line [a, e) ends the block before rather than opening one: it starts with a
 * closing bracket or is a `{` of its own, or, after a statement of several lines, it holds no
 * letter or digit (`'`, `$$`) or one word and maybe a `;` (`end`, `fi`, `END;`).
 */
function closesBlock(s: string, a: i32, e: i32, afterBlock: bool): bool {
  const c = unitAt(s, a);
  if (c == CharCode.RBRACE || c == RPAREN || c == CharCode.RBRACKET || (c == CharCode.LBRACE && e == a + 1)) return true;
  if (!afterBlock) return false;
  let words = 0;
  let other = false;
  for (let i = a; i < e; i++) {
    if (isWordAt(s, i)) {
      if (i == a || !isWordAt(s, i - 1)) words++;
    } else if (!(unitAt(s, i) == CharCode.SEMICOLON && i == e - 1)) other = true;
  }
  return words == 0 || (words == 1 && !other);
}

/** Units s[a, e) and s[b, f) share from their starts, cut back to a word boundary. */
function sharedPrefix(s: string, a: i32, e: i32, b: i32, f: i32): i32 {
  let k = 0;
  while (a + k < e && b + k < f && unitAt(s, a + k) == unitAt(s, b + k)) k++;
  if ((a + k >= e || !isWordAt(s, a + k)) && (b + k >= f || !isWordAt(s, b + k))) return k;
  while (k > 0 && isWordAt(s, a + k - 1)) k--;
  return k;
}

/**
 * What tells a statement [a, e) from the others of its run: the word after its first `shared`
 * units (the whole title when they end inside quotes: `test 'split a …'`), "" when none follows.
 */
function partAfter(s: string, a: i32, e: i32, shared: i32): string {
  const quote = openQuote(s, a, a + shared);
  let i = quote >= 0 ? quote + 1 : a + shared;
  i = spaceRunEnd(s, i, e);
  let j = i;
  while (j < e) {
    const c = unitAt(s, j);
    if (quote >= 0 ? c == unitAt(s, quote) : c == CharCode.SPACE || c == CharCode.TAB || c == LPAREN || c == CharCode.COMMA || c == CharCode.SEMICOLON) break;
    j++;
  }
  return detailOf(s, i, j);
}

/** Where a quote that s[a, b) leaves open starts, or -1. */
function openQuote(s: string, a: i32, b: i32): i32 {
  let quote = -1;
  for (let i = a; i < b; i++) {
    const c = unitAt(s, i);
    if (quote >= 0 ? c == unitAt(s, quote) : c == CharCode.SQUOTE || c == CharCode.DQUOTE) quote = quote >= 0 ? -1 : i;
  }
  return quote;
}

/** The run of alike statements being read. */
class Run {
  /** Its first symbol (-1: none), the units its statements share, its first line [a, e), and the line after that one. */
  first: i32 = -1;
  shared: i32 = 0;
  a: i32 = 0;
  e: i32 = 0;
  next: string = "";

  /** Names its statements (see StatementScan.outline) once it has ended. */
  close(o: Outline, s: string): void {
    const syms = o.symbols;
    const first = this.first;
    this.first = -1;
    if (first < 0) return;
    if (first == syms.length - 1) {
      syms[first].name = detailOf(s, this.a, this.e);
      return;
    }
    // The words they share, before a quoted title they only start alike.
    const quote = openQuote(s, this.a, this.a + this.shared);
    let b = quote >= 0 ? quote : this.a + this.shared;
    while (b > this.a + 1 && !isWordAt(s, b - 1) && unitAt(s, b - 1) != CharCode.DOT) b--;
    const name = s.substring(this.a, b);
    const part = partAfter(s, this.a, this.e, this.shared);
    syms[first].detail = part.length > 0 ? part : this.next;
    for (let k = first; k < syms.length; k++) syms[k].name = name;
  }
}

/** The statements and comment blocks of `text` (see the file's header), all of them listed. */
export function scanStatements(text: string): StatementScan {
  const cap = countNewlines(text, 0, text.length) + 1;
  const starts = new StaticArray<i32>(cap);
  const ends = new StaticArray<i32>(cap);
  const l = new Lines(text);
  let n = 0;
  while (l.advance()) {
    unchecked((starts[n] = l.start));
    unchecked((ends[n] = l.end));
    n++;
  }
  return scanStatementLines(text, starts, ends, n, i32.MAX_VALUE);
}

/** Where the text of line [start, end) starts after its indentation (a BOM too). */
@inline function textStart(s: string, start: i32, end: i32): i32 {
  let a = start;
  while (a < end) {
    const c = unitAt(s, a);
    if (c != CharCode.SPACE && c != CharCode.TAB && c != 0xfeff) break;
    a++;
  }
  return a;
}

/** Where the text of a line that starts at `a` ends, trailing spaces and tabs left out. */
@inline function textEnd(s: string, a: i32, end: i32): i32 {
  let e = end;
  while (e > a) {
    const c = unitAt(s, e - 1);
    if (c != CharCode.SPACE && c != CharCode.TAB) break;
    e--;
  }
  return e;
}

/** What an entry's outline line costs at the least: `  ` + its first units + `  L` + its line number. */
@inline function leastEntryCost(a: i32, e: i32, line: i32): i32 {
  return 8 + min(e - a, MAX_DETAIL) + (line < 10000 ? 4 : 6);
}

/**
 * The statements of the `count` lines [starts[i], ends[i]) of `text`. The listing stops at the
 * first entry after the entries listed would cost more than `listMax` units as outline lines (an
 * outline that size cannot show them all): `scan.lines` says how far it read.
 */
export function scanStatementLines(s: string, starts: StaticArray<i32>, ends: StaticArray<i32>, count: i32, listMax: i32): StatementScan {
  const scan = new StatementScan();
  // Pass 1: which lines are content (not blank, not a comment), the least indentation, and
  // whether statements end with `;` (a quarter of the lines at that indentation do).
  const content = new Array<i32>(count);
  let minIndent = i32.MAX_VALUE;
  let outer = 0;
  let semicolons = 0;
  let closer = 0;
  // A block comment no line closes is no comment (a shell's `/*)` pattern): the lines from its
  // opener are read again, with no opener of its kind taken for one (no close follows them).
  let unclosed = 0;
  let opener = 0;
  let openerIndent = 0;
  let openerOuter = 0;
  let openerSemicolons = 0;
  for (let i = 0; i < count || closer != 0; i++) {
    if (i == count) {
      unclosed |= closer == STAR ? 1 : 2;
      closer = 0;
      i = opener;
      minIndent = openerIndent;
      outer = openerOuter;
      semicolons = openerSemicolons;
    }
    const start = unchecked(starts[i]);
    const end = unchecked(ends[i]);
    const a = textStart(s, start, end);
    if (a >= end) continue;
    const e = textEnd(s, a, end);
    if (closer != 0) {
      // A block comment runs to the line that ends with its close.
      if (closer == STAR ? endsWith(s, a, e, "*/") : endsWith(s, a, e, "-->")) closer = 0;
      continue;
    }
    if (opensComment(s, a, e)) {
      let opens = 0;
      if (unitAt(s, a) == CharCode.SLASH && unitAt(s, a + 1) == STAR && !endsWith(s, a + 2, e, "*/")) opens = STAR;
      else if (unitAt(s, a) == CharCode.LT && !endsWith(s, a + 4, e, "-->")) opens = CharCode.LT;
      if (opens == 0) continue;
      if ((unclosed & (opens == STAR ? 1 : 2)) == 0) {
        closer = opens;
        opener = i;
        openerIndent = minIndent;
        openerOuter = outer;
        openerSemicolons = semicolons;
        continue;
      }
    }
    unchecked((content[i] = true));
    const indent = a - start;
    if (indent > minIndent) continue;
    // No line before one at a new least indentation was at it: the counts start again.
    if (indent < minIndent) {
      minIndent = indent;
      outer = 0;
      semicolons = 0;
    }
    outer++;
    if (unitAt(s, e - 1) == CharCode.SEMICOLON) semicolons++;
  }
  scan.content = content;
  const terminated = semicolons > 0 && semicolons * 4 >= outer;
  // Pass 2: statements, runs of alike ones, comment blocks.
  const o = scan.outline;
  const run = new Run();
  let current = -1;
  let inComment = false;
  let open = false;
  let deeper = false;
  let inKey = false;
  let listed = 0;
  let i = 0;
  for (; i < count; i++) {
    const start = unchecked(starts[i]);
    const end = unchecked(ends[i]);
    const number = i + 1;
    if (!unchecked(content[i])) {
      const a = textStart(s, start, end);
      if (a >= end) {
        // A statement at the least indentation that a blank line follows has ended.
        if (terminated && !deeper) open = false;
        continue;
      }
      // A comment deeper than the statement before it is that statement's.
      if (current >= 0 && a - start > minIndent && !inComment) continue;
      if (!inComment) scan.commentBlocks++;
      if (current < 0) {
        if (!inComment) o.add("comment", "", number, number, 0, -1);
        unchecked(o.symbols[0]).last = number;
      }
      inComment = true;
      continue;
    }
    scan.contentLines++;
    const a = textStart(s, start, end);
    const e = textEnd(s, a, end);
    const indent = a - start;
    inComment = false;
    const inner = indent > minIndent;
    if (current >= 0 && (inner || open || closesBlock(s, a, e, unchecked(o.symbols[current]).last > unchecked(o.symbols[current]).first))) {
      const sym = unchecked(o.symbols[current]);
      // A statement that names its subject on its next line (`CREATE FUNCTION` / `  lpad(…)`).
      if (sym.last == sym.first && !inKey) {
        if (current == run.first) run.next = partAfter(s, a, e, 0);
        else if (sym.detail.length == 0 && current - run.first < MAX_PARTS) sym.detail = partAfter(s, a, e, 0);
      }
      sym.last = number;
      if (inner) deeper = true;
    } else {
      const k = keyEnd(s, a, e);
      const shared = run.first >= 0 && k < 0 ? sharedPrefix(s, run.a, run.e, a, e) : 0;
      const joined = min(shared, run.shared);
      if (joined >= 2 && hasLetter(s, run.a, run.a + joined)) {
        run.shared = joined;
        current = o.add("statement", "", number, number, 0, -1);
        // Only the first parts of a long run fit its outline line.
        if (current - run.first < MAX_PARTS) unchecked(o.symbols[current]).detail = partAfter(s, a, e, shared);
      } else {
        // An outline that cannot show the entries listed so far would not show this one either.
        if (listed > listMax) {
          scan.contentLines--;
          break;
        }
        listed += leastEntryCost(a, e, number);
        run.close(o, s);
        scan.entries++;
        if (k >= 0) {
          // The detail is the rest of the line as written (`=SUN`, ` = tryLast`, `: all`).
          current = o.add("key", s.substring(a, k), number, number, 0, -1);
          unchecked(o.symbols[current]).detail = (unitAt(s, k) == CharCode.SPACE ? " " : "") + detailOf(s, k, e);
          inKey = true;
          scan.keys++;
        } else {
          current = run.first = o.add("statement", "", number, number, 0, -1);
          inKey = false;
          run.shared = e - a;
          run.a = a;
          run.e = e;
          run.next = "";
        }
      }
      scan.statements++;
      deeper = false;
    }
    const last = unitAt(s, e - 1);
    if (last == CharCode.BACKSLASH) open = true;
    else if (terminated) open = !(last == CharCode.SEMICOLON || last == CharCode.RBRACE);
    else open = last == CharCode.COMMA || last == LPAREN || last == CharCode.LBRACKET || last == CharCode.LBRACE;
  }
  run.close(o, s);
  scan.lines = i;
  return scan;
}

function hasLetter(s: string, a: i32, b: i32): bool {
  for (let i = a; i < b; i++) if (isAlpha(unitAt(s, i))) return true;
  return false;
}
