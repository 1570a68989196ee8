// Column padding of a listing that must be cut under a small budget (ss, dpkg -l,
// readelf, ps, ls -l, nm, pip list): the spaces that align a table's columns cost as
// many characters as the values they align, so a cut through a padded table keeps
// half the rows it could. A run of three or more spaces between two values becomes two (a column
// break stays visible and distinct from a space inside a value), trailing spaces
// go, indentation (and the spaces after a one-unit marker such as
// pytest's `>` or `E`) stays. Lines the scan flags as warnings or worse (an error row whose
// padding a reader may quote) and rows in a rare state (Shapes.lastStateBreak: "CrashLoop"
// among "Running") keep every space. Only outputs that are mostly padded rows are
// squeezed, so prose and logs that merely hold a padded line are left as they are. Line for line: the squeezed text has the same lines, so line
// numbers, read offsets and kept ranges still refer to the output.
import { CharCode } from "../../util/chars";
import { findNewline, spaceRunEnd, unitAt } from "../../util/lines";
import { StrBuf } from "../../util/strbuf";
import { Kind } from "../../important/kinds";
import { Scan } from "../../important/scan";
import { Shapes } from "../../important/shapes";

/** Spaces in a row that mark a column break; shorter runs are part of a value. */
const MIN_PAD: i32 = 3;
/** What a column break becomes. */
const KEPT_PAD: i32 = 2;
/** Share (percent) of the non-blank lines that must be padded rows. */
const PADDED_LINES_PERCENT: i32 = 50;
/** Share (percent) of the text the padding must make up for the squeeze to be worth it. */
const SAVED_PERCENT: i32 = 10;
/** Lines at least for a table. */
const MIN_LINES: i32 = 4;

/**
 * Where the squeeze of line [a, b) starts: after its indentation, and after a one-unit
 * marker and the spaces that follow it (pytest's `>       assert …` and `E       …`, a
 * gutter's `|`): those spaces indent code, they do not align columns.
 */
function bodyStart(s: string, a: i32, b: i32): i32 {
  let i = a;
  i = spaceRunEnd(s, i, b);
  if (i + 1 < b && unitAt(s, i + 1) == CharCode.SPACE) {
    i++;
    i = spaceRunEnd(s, i, b);
  }
  return i;
}

/** A one-unit token of punctuation: a gutter (`|`, `│`), a marker (`>`, `+`, `*`, `#`, `:`). */
function isGutter(s: string, from: i32, to: i32): bool {
  if (to - from != 1) return false;
  const c = unitAt(s, from);
  return c == CharCode.PIPE || c == 0x2502 || c == 0x3e || c == CharCode.PLUS || c == 0x2a || c == CharCode.HASH || c == CharCode.COLON || c == CharCode.MINUS;
}

/**
 * Squeezes line [a, b) into `out` (or only measures it when `out` is null): returns the
 * units saved. The spaces after a gutter or marker token indent code: they stay.
 */
function squeezeLine(out: StrBuf | null, s: string, a: i32, b: i32): i32 {
  let i = bodyStart(s, a, b);
  if (out !== null) out.addRange(s, a, i);
  let saved = 0;
  let tokenFrom = i;
  while (i < b) {
    if (unitAt(s, i) != CharCode.SPACE) {
      tokenFrom = i;
      while (i < b && unitAt(s, i) != CharCode.SPACE) i++;
      if (out !== null) out.addRange(s, tokenFrom, i);
      continue;
    }
    let j = i;
    j = spaceRunEnd(s, j, b);
    let keep = j - i;
    if (j == b) keep = 0;
    else if (keep >= MIN_PAD && !isGutter(s, tokenFrom, i)) keep = KEPT_PAD;
    saved += j - i - keep;
    if (out !== null) out.addRepeat(CharCode.SPACE, keep);
    i = j;
  }
  return saved;
}

/** The line at `a` is the scan's k-th flagged line and a warning or worse, or a row in a rare state: kept verbatim. */
function verbatim(scan: Scan, k: i32, a: i32, shapes: Shapes): bool {
  return k < scan.count && unchecked(scan.lineStarts[k]) == a && (unchecked(scan.kinds[k]) >= Kind.Warning || shapes.lastStateBreak(unchecked(scan.lineNumbers[k]) - 1));
}

/**
 * `text` with its column padding squeezed (see above), or null when it is not mostly
 * padded rows or the squeeze would save little. `scan` names the lines kept verbatim, and
 * `shapes` (of `text`) the rows among them in a rare state.
 */
export function squeezeColumns(text: string, scan: Scan, shapes: Shapes): string | null {
  const n = text.length;
  let lines = 0;
  let padded = 0;
  let saved = 0;
  let k = 0;
  let a = 0;
  while (a < n) {
    const nl = findNewline(text, a, n);
    let b = nl;
    if (b > a && unitAt(text, b - 1) == CharCode.CR) b--;
    while (k < scan.count && unchecked(scan.lineStarts[k]) < a) k++;
    const flagged = verbatim(scan, k, a, shapes);
    if (b > a) {
      lines++;
      const s = flagged ? 0 : squeezeLine(null, text, a, b);
      if (s > 0) padded++;
      saved += s;
    }
    a = nl + 1;
  }
  if (lines < MIN_LINES || padded * 100 < lines * PADDED_LINES_PERCENT || saved * 100 < n * SAVED_PERCENT) return null;
  const out = new StrBuf(n - saved + 16);
  k = 0;
  a = 0;
  while (a < n) {
    const nl = findNewline(text, a, n);
    let b = nl;
    if (b > a && unitAt(text, b - 1) == CharCode.CR) b--;
    while (k < scan.count && unchecked(scan.lineStarts[k]) < a) k++;
    if (verbatim(scan, k, a, shapes)) out.addRange(text, a, b);
    else squeezeLine(out, text, a, b);
    // The line's own ending, '\r' and all.
    out.addRange(text, b, min(nl + 1, n));
    a = nl + 1;
  }
  return out.toString();
}
