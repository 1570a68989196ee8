// A file of very long lines (a minified bundle, a one-line data blob) shows
// only a few clipped lines in a digest, which say little. One line says what
// the file is instead: how long its lines are and which version literals it
// holds, since "which version of this library is vendored here" is the usual
// question about a minified file and its VERSION constant sits deep inside.
//
//   Minified: lines average 521 chars, longest 4,144; version strings: 4.17.21
import { CharCode, isDigit } from "../../util/chars";
import { digitRunEnd, unitAt } from "../../util/lines";
import { StrBuf } from "../../util/strbuf";
import { LineIndex } from "../shared/text";
import { isWordOf } from "../../util/words";
import { endsWithText } from "../../util/scan";

/** Mean line length (code units) from which a file counts as made of long lines. */
const LONG_MEAN: i32 = 200;
/** ...and its longest line must be at least this long. */
const LONG_MAX: i32 = 1000;
const MAX_VERSIONS: i32 = 3;
const MAX_VERSION_LENGTH: i32 = 40;

/** End of "1.2.3" or "1.2.3-beta.1" at i (digits first), or -1. */
function versionEnd(s: string, i: i32, n: i32): i32 {
  for (let part = 0; part < 3; part++) {
    const start = i;
    i = digitRunEnd(s, i, n);
    if (i == start || i - start > 9) return -1;
    if (part < 2) {
      if (i >= n || unitAt(s, i) != CharCode.DOT) return -1;
      i++;
    }
  }
  if (i < n && (unitAt(s, i) == CharCode.MINUS || unitAt(s, i) == CharCode.PLUS)) {
    i++;
    const start = i;
    while (i < n) {
      const c = unitAt(s, i);
      if (!(isDigit(c) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c == CharCode.DOT || c == CharCode.MINUS)) break;
      i++;
    }
    if (i == start) return -1;
  }
  return i;
}

/** Distinct quoted version literals ("4.17.21", '1.0.0-rc.1'), first seen first. */
export function versionLiterals(s: string, limit: i32): Array<string> {
  const found = new Array<string>();
  const n = s.length;
  for (let i = 0; i + 6 < n; i++) {
    const q = unitAt(s, i);
    if (q != CharCode.DQUOTE && q != CharCode.SQUOTE) continue;
    if (!isDigit(unitAt(s, i + 1))) continue;
    const e = versionEnd(s, i + 1, n);
    if (e < 0 || e >= n || unitAt(s, e) != q || e - i - 1 > MAX_VERSION_LENGTH) continue;
    const v = s.substring(i + 1, e);
    if (!found.includes(v)) {
      found.push(v);
      if (found.length > limit) break;
    }
    i = e;
  }
  return found;
}

/** The note for a file of long lines, or "" for ordinary text. */
export function longLinesNote(lines: LineIndex, language: string, path: string): string {
  const count = lines.count;
  if (count == 0) return "";
  let longest = 0;
  let sum: i64 = 0;
  for (let i = 0; i < count; i++) {
    const len = lines.end(i) - lines.start(i);
    sum += len;
    if (len > longest) longest = len;
  }
  const mean = <i32>(sum / count);
  if (mean < LONG_MEAN || longest < LONG_MAX) return "";
  const code = isWordOf(language, "javascript typescript css") || endsWithText(path, ".css") || path.includes(".min.");
  const out = new StrBuf(128);
  out.add(code ? "Minified: " : "Long lines: ").add(count == 1 ? "one line of " : "lines average ").addCount(mean).add(" chars");
  if (count > 1) out.addLabelCount(", longest ", longest);
  const versions = versionLiterals(lines.text, MAX_VERSIONS);
  if (versions.length > 0) {
    out.add(versions.length == 1 ? "; version string: " : "; version strings: ");
    const shown = min(versions.length, MAX_VERSIONS);
    for (let k = 0; k < shown; k++) {
      if (k > 0) out.add(", ");
      out.add(versions[k]);
    }
    if (versions.length > shown) out.add(", …");
  }
  return out.toString();
}
