// Keyword lines that are rows like hundreds of others: in a command that
// succeeded, a line whose template (its tokens' classes, numbers masked; see
// shapes.ts) most lines of a large group share without a keyword is one more
// row of that group, and its keyword is the data's ("… decoder.py:20(JSONDecodeError)"
// among a profile's rows, a function or file named after an error). A failure
// stands out from its siblings by its tokens (a log's ERROR among INFO, "not ok"
// among "ok"); a group whose rows all say the word (a service log's repeated
// error) keeps them.
import { rankOf } from "./kinds";
import { Scan } from "./scan";
import { Shapes } from "./shapes";

/** A template is a group of rows when at least this many lines share it. */
const MIN_ROWS: i32 = 16;
/** At most one in this many of a group's rows may be flagged for the flagged ones to be data. */
const FLAGGED_SHARE: i32 = 8;
/** Distinct templates of flagged lines compared, at most: past that the output is not quiet. */
const MAX_TEMPLATES: i32 = 32;

/**
 * Clears `keep` for the error and warning lines of `scan` that are rows of a group
 * of alike lines (see above); `keep` and `scan` are index-aligned. Returns how many
 * of them were failures (rank 3). One pass over the lines' templates, only when
 * the flagged lines have at most MAX_TEMPLATES templates.
 */
export function dropDataRows(scan: Scan, keep: StaticArray<u8>, shapes: Shapes): i32 {
  // As i32: the core has no other Array<u32>, and each kind of array takes room.
  const templates = new Array<i32>();
  for (let i = 0; i < scan.count; i++) {
    if (unchecked(keep[i]) == 0 || rankOf(unchecked(scan.kinds[i])) == 0 || rankOf(unchecked(scan.kinds[i])) == 2) continue;
    const line = unchecked(scan.lineNumbers[i]) - 1;
    if (line >= shapes.count) continue;
    const t = <i32>unchecked(shapes.templates[line]);
    if (t == 0 || templates.includes(t)) continue;
    if (templates.length == MAX_TEMPLATES) return 0;
    templates.push(t);
  }
  const nt = templates.length;
  if (nt == 0) return 0;
  const lines = new StaticArray<i32>(nt);
  const flagged = new StaticArray<i32>(nt);
  for (let i = 0; i < shapes.count; i++) {
    const t = <i32>unchecked(shapes.templates[i]);
    for (let k = 0; k < nt; k++) {
      if (unchecked(templates[k]) == t) {
        unchecked((lines[k] += 1));
        break;
      }
    }
  }
  for (let i = 0; i < scan.count; i++) {
    if (unchecked(keep[i]) == 0) continue;
    const line = unchecked(scan.lineNumbers[i]) - 1;
    if (line >= shapes.count) continue;
    const k = templates.indexOf(<i32>unchecked(shapes.templates[line]));
    if (k >= 0) unchecked((flagged[k] += 1));
  }
  let dropped = 0;
  for (let i = 0; i < scan.count; i++) {
    const r = rankOf(unchecked(scan.kinds[i]));
    if (unchecked(keep[i]) == 0 || r == 0 || r == 2) continue;
    const line = unchecked(scan.lineNumbers[i]) - 1;
    if (line >= shapes.count) continue;
    const k = templates.indexOf(<i32>unchecked(shapes.templates[line]));
    if (k < 0) continue;
    const n = unchecked(lines[k]);
    if (n < MIN_ROWS || unchecked(flagged[k]) * FLAGGED_SHARE > n) continue;
    unchecked((keep[i] = 0));
    if (r == 3) dropped++;
  }
  return dropped;
}
