// The lines that frame a table: the rule under its header, a blank line and a line in
// parentheses (a query's own count) that end its rows. Read by the totals' row counts
// (digest/command/records.ts) and by the refinement of important lines (refine.ts), which
// takes the words of a ruled table's rows for data.
import { CharCode, isUnitOf } from "../util/chars";
import { spaceRunEnd, unitAt } from "../util/lines";

/** A rule's fill: `-`, `=`, and the box-drawing horizontals `─ ━ ═` (and their dashed forms). */
function isFill(c: i32): bool {
  return (ASC_SHRINK_LEVEL >= 2 ? isUnitOf(c, "-=\u2500\u2501\u2550") : c == CharCode.MINUS || c == 0x3d || c == 0x2500 || c == 0x2501 || c == 0x2550) || (c >= 0x2504 && c <= 0x250b);
}

/** What separates a rule's runs: spaces, `+`, `|`, and the box-drawing verticals and junctions. */
function isJunction(c: i32): bool {
  return c == CharCode.SPACE || c == CharCode.PLUS || c == CharCode.PIPE || (c >= 0x2500 && c <= 0x257f && !isFill(c));
}

/**
 * A rule under a table's header: two or more runs of fill between junctions (`---- ----`,
 * `----+----`, `+----+----+`, `+++-====-===`, `├────┼────┤`); a single `-` separates runs of `=`.
 */
export function isRule(s: string, a: i32, b: i32): bool {
  let groups = 0;
  let i = a;
  while (i < b) {
    const c = unitAt(s, i);
    if (isFill(c)) {
      let j = i;
      while (j < b && unitAt(s, j) == c) j++;
      if (j - i >= 2) groups++;
      i = j;
    } else if (isJunction(c)) i++;
    else return false;
  }
  return groups >= 2;
}

/** Nothing but spaces (and the bars of a margin, as in pydoc's `     |  `): no row. */
export function isBlank(s: string, a: i32, b: i32): bool {
  for (let i = a; i < b; i++) {
    const c = unitAt(s, i);
    if (c != CharCode.SPACE && c != CharCode.TAB && c != CharCode.PIPE && c != 0x2502) return false;
  }
  return true;
}

/** A line in parentheses: a query's own count, `(48 rows)`. */
export function isParenthesized(s: string, a: i32, b: i32): bool {
  a = spaceRunEnd(s, a, b);
  while (b > a && unitAt(s, b - 1) == CharCode.SPACE) b--;
  return b - a >= 2 && unitAt(s, a) == 0x28 && unitAt(s, b - 1) == 0x29;
}
