// A file of `NAME=value` lines and comments (a dotenv file, an environment file a
// shell sources) is a config file whatever its name: when the
// extension says nothing, its first lines say so. Read as a program instead, it
// would get a program's first page and lose the overrides at its end.
import { CharCode, isIdentChar } from "../util/chars";
import { findNewline, gapEnd, unitAt } from "../util/lines";

const EQUALS: i32 = 0x3d;
/** Assignments the first lines must hold: fewer say too little. */
const MIN_ASSIGNMENTS: i32 = 3;

/** A unit of a name: a letter, a digit, `_`, `$`, `.` or `-` (`server.port`, `log-level`). */
// @ts-ignore: decorator
@inline function isNameUnit(c: i32): bool {
  return isIdentChar(c) || c == CharCode.DOT || c == CharCode.MINUS;
}

/**
 * Whether every line in `text`'s first `limit` units that is neither blank nor a `#` comment
 * is `NAME=value` or `export NAME=value` (a name, then `=` with no space between), and there
 * are at least MIN_ASSIGNMENTS of them. A program's lines (`export const x = 1;`, `x = f()`,
 * `run()`) fail; a line cut at `limit` is not judged.
 */
export function looksLikeAssignments(text: string, limit: i32): bool {
  const n = min(text.length, limit);
  let assignments = 0;
  for (let i = 0; i < n; ) {
    const end = findNewline(text, i, n);
    if (end == n && n < text.length) break;
    let p = gapEnd(text, i, end);
    const c = p < end ? unitAt(text, p) : CharCode.HASH;
    if (c != CharCode.HASH && c != CharCode.CR) {
      if (text.startsWith("export ", p)) p += 7;
      const name = p;
      while (p < end && isNameUnit(unitAt(text, p))) p++;
      if (p == name || p == end || unitAt(text, p) != EQUALS) return false;
      assignments++;
    }
    i = end + 1;
  }
  return assignments >= MIN_ASSIGNMENTS;
}
