// The sections of a command's output shaped like a document: headings at the left edge
// over indented bodies. A man page's NAME, SYNOPSIS, OPTIONS; a disassembly's function
// labels (`0000000000001139 <main>:`); readelf's tables; `ip addr`'s interfaces; the
// Usage and Options of a `--help`. When such an output is cut, its head shows the first
// sections and its tail the last; this line names all of them with their lines, so the
// model knows what the output holds and where to read on.
//
//   sections (5): NAME L1, SYNOPSIS L4, DESCRIPTION L8, OPTIONS L20, SEE ALSO L212
//
// A heading is a line at the left edge that ends with ':' or is written in capitals,
// whose next line, perhaps after one blank line, is indented. The output must be mostly
// indented bodies (a compiler's findings, a log, a table are not documents), with three
// headings at least. A line that opens with a file's line ("src/auth.c:8:  [4] strcpy:")
// is a finding over its explanation, not a section: the cut shows findings themselves.
import { CharCode } from "../../util/chars";
import { blanksEnd, findNewline, safeEnd, unitAt } from "../../util/lines";
import { formatCount, StrBuf } from "../../util/strbuf";
import { opensWithBareLocation } from "../../important/located-lines";
import { ItemLine } from "../shared/items";

/** Headings needed, the share of indented lines (percent), the most headings per line of body. */
const MIN_HEADINGS: i32 = 3;
const INDENTED_PERCENT: i32 = 60;
const LINES_PER_HEADING: i32 = 3;
/** Headings remembered (the rest are counted); longest heading shown whole. */
const MAX_HEADINGS: i32 = 4096;
const MAX_HEADING: i32 = 60;

/** A body line: two spaces or a tab at its start, then text. */
function isIndented(s: string, a: i32, b: i32): bool {
  if (b - a < 2) return false;
  const c = unitAt(s, a);
  if (c == CharCode.TAB) return true;
  return c == CharCode.SPACE && unitAt(s, a + 1) == CharCode.SPACE;
}

/**
 * A heading's form: at the left edge, and ending with ':' or in capitals (`SEE ALSO`,
 * `EXIT STATUS`), not a finding that names a file's line.
 */
function isHeadingForm(s: string, a: i32, b: i32): bool {
  const first = unitAt(s, a);
  if (first == CharCode.SPACE || first == CharCode.TAB) return false;
  // The form first, then the location: most lines of a log fail the form at their first
  // lower-case letter, before the first token the location would be read from.
  let e = b;
  while (e > a && unitAt(s, e - 1) == CharCode.SPACE) e--;
  if (e > a && unitAt(s, e - 1) == CharCode.COLON) return !opensWithBareLocation(s, a, b);
  let letters = 0;
  for (let i = a; i < e; i++) {
    const c = unitAt(s, i);
    if (c >= 0x61 && c <= 0x7a) return false;
    if (c >= 0x41 && c <= 0x5a) letters++;
  }
  return letters >= 2 && !opensWithBareLocation(s, a, b);
}

/**
 * The headings of an output read line by line (the command digest's one pass over the
 * lines feeds it, see lines.ts), with the counts that tell a document from a log.
 */
export class SectionLines {
  /** Per heading remembered: its start, its end and its line, three entries. */
  found: i32[] = [];
  headings: i32 = 0;
  nonBlank: i32 = 0;
  indented: i32 = 0;
  // The last line not indented (not blank), and the blank lines since: it heads what follows
  // if an indented line comes next and it has a heading's form. The form is read only then:
  // most lines of a log are followed by another line at the margin, and never need it.
  private pendingStart: i32 = -1;
  private pendingEnd: i32 = -1;
  private pendingLine: i32 = 0;
  private blanks: i32 = 0;

  /** Line `line` (1-based) [a, b) of text, without its '\r' and '\n'; `t` its first unit after spaces and tabs. */
  line(text: string, a: i32, t: i32, b: i32, line: i32): void {
    if (t >= b) {
      this.blanks++;
      return;
    }
    this.nonBlank++;
    if (isIndented(text, a, b)) {
      this.indented++;
      if (this.pendingStart >= 0 && this.blanks <= 1 && isHeadingForm(text, this.pendingStart, this.pendingEnd)) {
        this.headings++;
        const found = this.found;
        if (found.length < MAX_HEADINGS * 3) {
          found.push(this.pendingStart);
          found.push(this.pendingEnd);
          found.push(this.pendingLine);
        }
      }
      this.pendingStart = -1;
    } else {
      this.pendingStart = a;
      this.pendingEnd = b;
      this.pendingLine = line;
    }
    this.blanks = 0;
  }
}

/** "sections (N): …" within `cap` units, or "" when the output is not shaped like a document. */
export function sectionOutline(text: string, cap: i32): string {
  const n = text.length;
  const reader = new SectionLines();
  let line = 0;
  let a = 0;
  while (a < n) {
    const nl = findNewline(text, a, n);
    let b = nl;
    if (b > a && unitAt(text, b - 1) == CharCode.CR) b--;
    let t = a;
    t = blanksEnd(text, t, b);
    reader.line(text, a, t, b, ++line);
    a = nl + 1;
  }
  return sectionOutlineOf(text, reader, cap);
}

/** sectionOutline() of the lines already read. */
export function sectionOutlineOf(text: string, r: SectionLines, cap: i32): string {
  const headings = r.headings;
  const nonBlank = r.nonBlank;
  const indented = r.indented;
  const found = r.found;
  if (headings < MIN_HEADINGS || indented * 100 < nonBlank * INDENTED_PERCENT || headings * LINES_PER_HEADING > nonBlank) return "";
  const label = new StrBuf(32).add("sections (").add(formatCount(headings)).add("):").toString();
  const items = new ItemLine(label, cap, 16);
  let shown = 0;
  for (let k = 0; k * 3 < found.length; k++) {
    const item = new StrBuf(MAX_HEADING + 16);
    const s = found[k * 3];
    let e = found[k * 3 + 1];
    while (e > s && (unitAt(text, e - 1) == CharCode.SPACE || unitAt(text, e - 1) == CharCode.COLON)) e--;
    if (e - s > MAX_HEADING) item.addRange(text, s, safeEnd(text, s + MAX_HEADING)).addChar(0x2026);
    else item.addRange(text, s, e);
    item.addLabelInt(" L", found[k * 3 + 2]);
    if (!items.tryAdd(item.toString(), k == headings - 1)) break;
    shown++;
  }
  if (shown == 0) return "";
  return items.finish(shown < headings ? "+" + formatCount(headings - shown) + " more" : "");
}
