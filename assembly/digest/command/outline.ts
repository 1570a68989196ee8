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
// headings at least.
import { CharCode } from "../../util/chars";
import { findNewline, safeEnd, unitAt } from "../../util/lines";
import { formatCount, StrBuf } from "../../util/strbuf";
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

/** A heading's form: at the left edge, and ending with ':' or in capitals (`SEE ALSO`, `EXIT STATUS`). */
function isHeadingForm(s: string, a: i32, b: i32): bool {
  const first = unitAt(s, a);
  if (first == CharCode.SPACE || first == CharCode.TAB) return false;
  let e = b;
  while (e > a && unitAt(s, e - 1) == CharCode.SPACE) e--;
  if (e > a && unitAt(s, e - 1) == CharCode.COLON) return true;
  let letters = 0;
  for (let i = a; i < e; i++) {
    const c = unitAt(s, i);
    if (c >= 0x61 && c <= 0x7a) return false;
    if (c >= 0x41 && c <= 0x5a) letters++;
  }
  return letters >= 2;
}

function isBlank(s: string, a: i32, b: i32): bool {
  for (let i = a; i < b; i++) if (unitAt(s, i) != CharCode.SPACE && unitAt(s, i) != CharCode.TAB) return false;
  return true;
}

/** "sections (N): …" within `cap` units, or "" when the output is not shaped like a document. */
export function sectionOutline(text: string, cap: i32): string {
  const n = text.length;
  const starts = new Array<i32>();
  const ends = new Array<i32>();
  const lines = new Array<i32>();
  let headings = 0;
  let nonBlank = 0;
  let indented = 0;
  // The last line at the left edge that may head what follows, and the blank lines since.
  let pendingStart = -1;
  let pendingEnd = -1;
  let pendingLine = 0;
  let blanks = 0;
  let line = 0;
  let a = 0;
  while (a < n) {
    const nl = findNewline(text, a, n);
    let b = nl;
    if (b > a && unitAt(text, b - 1) == CharCode.CR) b--;
    line++;
    if (isBlank(text, a, b)) blanks++;
    else {
      nonBlank++;
      if (isIndented(text, a, b)) {
        indented++;
        if (pendingStart >= 0 && blanks <= 1) {
          headings++;
          if (starts.length < MAX_HEADINGS) {
            starts.push(pendingStart);
            ends.push(pendingEnd);
            lines.push(pendingLine);
          }
        }
        pendingStart = -1;
      } else if (isHeadingForm(text, a, b)) {
        pendingStart = a;
        pendingEnd = b;
        pendingLine = line;
      } else pendingStart = -1;
      blanks = 0;
    }
    a = nl + 1;
  }
  if (headings < MIN_HEADINGS || indented * 100 < nonBlank * INDENTED_PERCENT || headings * LINES_PER_HEADING > nonBlank) return "";
  const label = new StrBuf(32).add("sections (").add(formatCount(headings)).add("):").toString();
  const items = new ItemLine(label, cap, 16);
  let shown = 0;
  for (let k = 0; k < starts.length; k++) {
    const item = new StrBuf(MAX_HEADING + 16);
    const s = starts[k];
    let e = ends[k];
    while (e > s && (unitAt(text, e - 1) == CharCode.SPACE || unitAt(text, e - 1) == CharCode.COLON)) e--;
    if (e - s > MAX_HEADING) item.addRange(text, s, safeEnd(text, s + MAX_HEADING)).addChar(0x2026);
    else item.addRange(text, s, e);
    item.add(" L").addInt(lines[k]);
    if (!items.tryAdd(item.toString(), k == headings - 1)) break;
    shown++;
  }
  if (shown == 0) return "";
  return items.finish(shown < headings ? "+" + formatCount(headings - shown) + " more" : "");
}
