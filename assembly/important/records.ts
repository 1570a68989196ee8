// Records a failed run prints between rules: a report of several findings, each
// a block that a rule of one fill character closes and whose first line states
// it (">> Issue: [B101:assert_used] Use of assert detected…" after
// "--------------------------------------------------"). When the run failed and
// no line says "error", those heads are what it failed for: they take the place
// of error lines, each message once before any repeats (novel.ts).
import { CharCode, isUnitOf } from "../util/chars";
import { gapEnd, tokenEnd, unitAt } from "../util/lines";
import { unitsEqual } from "../util/scan";
import { Kind } from "./kinds";
import { Shapes } from "./shapes";

/** A separating rule is at least this long. */
const MIN_RULE: i32 = 8;
/** Records needed before their heads are taken: fewer are sections, not a report. */
const MIN_RECORDS: i32 = 3;
/** Heads compared for their opening token, at most. */
const MAX_HEADS: i32 = 256;

function isFillUnit(c: i32): bool {
  if (ASC_SHRINK_LEVEL >= 2) return isUnitOf(c, "-=*_~\u2500\u2550");
  return c == CharCode.MINUS || c == 0x3d || c == 0x2a || c == CharCode.UNDERSCORE || c == 0x7e || c == 0x2500 || c == 0x2550;
}

/** s[a, b) is one fill character repeated at least MIN_RULE times, maybe indented. */
function isSeparator(s: string, a: i32, b: i32): bool {
  const t = gapEnd(s, a, b);
  let e = b;
  while (e > t && (unitAt(s, e - 1) == CharCode.SPACE || unitAt(s, e - 1) == CharCode.CR)) e--;
  if (e - t < MIN_RULE) return false;
  const c = unitAt(s, t);
  if (!isFillUnit(c)) return false;
  for (let i = t + 1; i < e; i++) if (unitAt(s, i) != c) return false;
  return true;
}

/** s[a, b) and s[c, d) hold the same units. */
function same(s: string, a: i32, b: i32, c: i32, d: i32): bool {
  return b - a == d - c && unitsEqual(changetype<usize>(s) + (<usize>a << 1), changetype<usize>(s) + (<usize>c << 1), b - a);
}

/**
 * Marks in `marked` (as Kind.Failure) the heads of the records of a report: the
 * lines right after a separating rule, those that open with the token most of them
 * open with, at their indentation, when MIN_RECORDS or more do; and any other line
 * that opens the same way at that indentation (the first record follows a title,
 * not a rule). Lines already `flagged` are left as they are. Returns how many it marked.
 */
export function markRecordHeads(s: string, shapes: Shapes, flagged: StaticArray<u8>, marked: StaticArray<u8>): i32 {
  const lines = shapes.count;
  const heads = new Array<i32>();
  for (let i = 0; i + 1 < lines && heads.length < MAX_HEADS; i++) {
    const a = unchecked(shapes.starts[i]);
    const b = unchecked(shapes.ends[i]);
    // Most lines open with a letter or a digit: one unit read.
    if (a >= b) continue;
    const c = unitAt(s, a);
    if (!isFillUnit(c) && c != CharCode.SPACE && c != CharCode.TAB) continue;
    if (!isSeparator(s, a, b)) continue;
    const na = unchecked(shapes.starts[i + 1]);
    const nb = unchecked(shapes.ends[i + 1]);
    if (shapes.blank(i + 1) || isSeparator(s, na, nb)) continue;
    heads.push(i + 1);
  }
  if (heads.length < MIN_RECORDS) return 0;
  // The opening token (and indentation) most heads share.
  let best = -1;
  let bestCount = 0;
  for (let h = 0; h < heads.length; h++) {
    const line = unchecked(heads[h]);
    const a = unchecked(shapes.starts[line]);
    const b = unchecked(shapes.ends[line]);
    const t = gapEnd(s, a, b);
    const e = tokenEnd(s, t, b);
    let n = 0;
    for (let k = 0; k < heads.length; k++) {
      const o = unchecked(heads[k]);
      const oa = unchecked(shapes.starts[o]);
      const ob = unchecked(shapes.ends[o]);
      const ot = gapEnd(s, oa, ob);
      if (ot - oa == t - a && same(s, t, e, ot, tokenEnd(s, ot, ob))) n++;
    }
    if (n > bestCount) {
      bestCount = n;
      best = line;
    }
  }
  if (bestCount < MIN_RECORDS) return 0;
  const ba = unchecked(shapes.starts[best]);
  const bb = unchecked(shapes.ends[best]);
  const bt = gapEnd(s, ba, bb);
  const be = tokenEnd(s, bt, bb);
  const indent = bt - ba;
  const width = be - bt;
  let count = 0;
  for (let i = 0; i < lines; i++) {
    if (unchecked(flagged[i]) != 0 || unchecked(marked[i]) != 0) continue;
    const a = unchecked(shapes.starts[i]);
    const b = unchecked(shapes.ends[i]);
    // One unit read for most lines: the head's first unit at its indentation.
    if (a + indent + width > b || unitAt(s, a + indent) != unitAt(s, bt)) continue;
    if (gapEnd(s, a, b) - a != indent || tokenEnd(s, a + indent, b) - (a + indent) != width || !same(s, a + indent, a + indent + width, bt, be)) continue;
    unchecked((marked[i] = <u8>Kind.Failure));
    count++;
  }
  return count;
}
