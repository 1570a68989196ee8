// The top level of a tree a command printed (npm ls, pnpm list, cargo tree,
// tree): the entries whose branch starts at column 0 ("├── x", "└─┬ x",
// "+-- x", "`-- x", "|-- x"). When a long tree is cut, head and tail show the
// first and last top-level entries with their subtrees; this line names all of
// them, so the model knows what the tree's root holds.
//
//   top level (14): @as-pect/cli@8.1.0, @vscode/tree-sitter-wasm@0.3.1, …, +2 more
import { CharCode } from "../../util/chars";
import { findNewline, spacesEnd, unitAt } from "../../util/lines";
import { StrBuf } from "../../util/strbuf";
import { addClipped, clippedLength } from "../shared/text";

/** Longest entry shown whole; longer ones are clipped with a count. */
const MAX_ENTRY: i32 = 80;

const BRANCH: i32 = 0x251c; // ├
const LAST_BRANCH: i32 = 0x2514; // └
const VERTICAL: i32 = 0x2502; // │
const HORIZONTAL: i32 = 0x2500; // ─
const DOWN: i32 = 0x252c; // ┬
const BACKTICK: i32 = 0x60;

/** Where the entry of a top-level branch line [a, b) starts, or -1 when it is not one. */
function topEntryStart(s: string, a: i32, b: i32): i32 {
  if (b - a < 3) return -1;
  const c = unitAt(s, a);
  let i = a + 1;
  if (c == BRANCH || c == LAST_BRANCH) {
    while (i < b && (unitAt(s, i) == HORIZONTAL || unitAt(s, i) == DOWN || unitAt(s, i) == CharCode.SPACE)) i++;
    return i > a + 1 && i < b ? i : -1;
  }
  if (c == CharCode.PLUS || c == BACKTICK || c == CharCode.PIPE) {
    // ASCII trees: "+-- x", "`-- x", "|-- x" (a lone "|" is a continuation).
    if (unitAt(s, i) != CharCode.MINUS || unitAt(s, i + 1) != CharCode.MINUS) return -1;
    while (i < b && (unitAt(s, i) == CharCode.MINUS || unitAt(s, i) == CharCode.SPACE)) i++;
    return i > a + 3 && i < b ? i : -1;
  }
  return -1;
}

/** A line inside a subtree: "│ ├── x", "  └── x", "|   `-- x". */
function isNested(s: string, a: i32, b: i32): bool {
  if (b <= a) return false;
  const c = unitAt(s, a);
  if (c == VERTICAL) return true;
  if (c != CharCode.SPACE && c != CharCode.PIPE) return false;
  const stop = min(b, a + 64);
  for (let i = a + 1; i < stop; i++) {
    // A run of spaces goes on to what follows it at once.
    i = spacesEnd(s, i, stop);
    if (i >= stop) break;
    const d = unitAt(s, i);
    if (d == BRANCH || d == LAST_BRANCH) return true;
    if ((d == CharCode.PLUS || d == BACKTICK || d == CharCode.PIPE) && i + 2 < b && unitAt(s, i + 1) == CharCode.MINUS && unitAt(s, i + 2) == CharCode.MINUS) return true;
    if (d != CharCode.SPACE && d != CharCode.PIPE && d != VERTICAL) return false;
  }
  return false;
}

/**
 * The tree lines of an output, read line by line (one pass over the lines,
 * see Shapes, feeds it along with the other per-line checks).
 */
export class TreeLines {
  /** Top-level entries: [starts[k], ends[k]). */
  starts: i32[] = [];
  ends: i32[] = [];
  /** Lines inside a subtree. */
  nested: i32 = 0;

  /** Line [pos, end) of s, without its '\r' and '\n'. */
  line(s: string, pos: i32, end: i32): void {
    if (end <= pos) return;
    // Tree lines start with a branch, a bar or a blank: most lines do not.
    const c = unitAt(s, pos);
    if (c != CharCode.SPACE && c != CharCode.PIPE && c != CharCode.PLUS && c != BACKTICK && c < 0x2500) return;
    const e = topEntryStart(s, pos, end);
    if (e >= 0) {
      this.starts.push(e);
      this.ends.push(end);
    } else if (isNested(s, pos, end)) this.nested++;
  }
}

/**
 * "top level (N): a, b, …, +K more" for a tree with at least two top-level
 * entries and nested ones, at most `share` units; "" otherwise.
 */
export function treeTopLevel(s: string, share: i32): string {
  const n = s.length;
  const lines = new TreeLines();
  let pos = 0;
  while (pos < n) {
    const nl = findNewline(s, pos, n);
    let end = nl;
    if (end > pos && unitAt(s, end - 1) == CharCode.CR) end--;
    lines.line(s, pos, end);
    pos = nl + 1;
  }
  return treeTopLevelOf(s, lines, share);
}

/** treeTopLevel() of the tree lines already read. */
export function treeTopLevelOf(s: string, lines: TreeLines, share: i32): string {
  const starts = lines.starts;
  const ends = lines.ends;
  const nested = lines.nested;
  const total = starts.length;
  if (total < 2 || nested == 0) return "";
  const out = new StrBuf(min(share, 4096) + 16);
  out.addLabelCount("top level (", total).add("): ");
  // Room for ", +N more" whenever an entry might not fit.
  const tail = 9 + 10;
  let shown = 0;
  for (let k = 0; k < total; k++) {
    const a = starts[k];
    const b = ends[k];
    const cost = clippedLength(s, a, b, MAX_ENTRY) + (shown > 0 ? 2 : 0);
    const last = k == total - 1;
    if (out.length + cost + (last ? 0 : tail) > share) break;
    if (shown > 0) out.add(", ");
    addClipped(out, s, a, b, MAX_ENTRY);
    shown++;
  }
  if (shown == 0) return "";
  if (shown < total) out.addLabelCount(", +", total - shown).add(" more");
  return out.toString();
}
