// Is a text a log? A log is a log whatever printed it (`cat app.log`, `tail -n 2000
// app.log`, a Read tool on a `.log`): what a reader wants of it is the errors and the
// end, not a file's first page. Two signs, either enough:
// - the path: `app.log`, `app.log.1`, `server.log.2024-03-14`;
// - the text: most of its first lines open with a timestamp, after an optional line
//   number (`     1→`, `12\t`) and an optional `[` or `<`:
//     2024-03-14 08:41:08.055 / 2024-03-14T08:41:08Z / 2024/03/14 08:41
//     08:41:08 / 08:41:08.055
//     Mar 14 08:41:08              (syslog, journalctl)
//     [   12.345678]               (kernel messages)
//     I0314 08:41:08.055           (glog: a level letter, month and day)
//   A date followed by a comma or a tab is a data row (CSV, TSV), not a stamp.
// Only the first SNIFF_UNITS units and SNIFF_LINES lines are read.
import { CharCode, isDigit } from "../util/chars";
import { blanksEnd, digitRunEnd, findNewline, spaceRunEnd, unitAt } from "../util/lines";
import { lowerForAsciiTests } from "../util/lower";
import { endsWithText } from "../util/scan";

const SNIFF_UNITS: i32 = 8192;
const SNIFF_LINES: i32 = 100;
/** Stamped lines needed at least, and their share of the non-blank lines (percent). */
const MIN_STAMPED: i32 = 3;
const STAMPED_PERCENT: i32 = 50;
const ARROW: i32 = 0x2192;

/** Whether `path` names a log file: its name ends in `.log` or has `.log.` in it (rotated logs). */
export function isLogPath(path: string): bool {
  const slash = path.lastIndexOf("/");
  const name = slash >= 0 ? path.substring(slash + 1) : path;
  const lower = lowerForAsciiTests(name);
  if (lower.length > 4 && endsWithText(lower, ".log")) return true;
  const at = lower.indexOf(".log.");
  return at > 0;
}

function digitsFrom(s: string, i: i32, end: i32, n: i32): bool {
  if (i + n > end) return false;
  for (let k = 0; k < n; k++) if (!isDigit(unitAt(s, i + k))) return false;
  return true;
}

/** `HH:MM` (one or two hour digits) at s[i]: the index after it, or -1. */
function clockEnd(s: string, i: i32, end: i32): i32 {
  let j = i;
  if (!digitsFrom(s, j, end, 1)) return -1;
  j++;
  if (j < end && isDigit(unitAt(s, j))) j++;
  if (j >= end || unitAt(s, j) != CharCode.COLON || !digitsFrom(s, j + 1, end, 2)) return -1;
  return j + 3;
}

/** `HH:MM:SS` at s[i], with its fraction, followed by something that is not a digit. */
export function isTimeOfDay(s: string, i: i32, end: i32): bool {
  let j = clockEnd(s, i, end);
  if (j < 0 || j >= end || unitAt(s, j) != CharCode.COLON || !digitsFrom(s, j + 1, end, 2)) return false;
  j += 3;
  if (j < end && (unitAt(s, j) == CharCode.DOT || unitAt(s, j) == CharCode.COMMA) && digitsFrom(s, j + 1, end, 1)) {
    j++;
    j = digitRunEnd(s, j, end);
  }
  if (j >= end) return true;
  // A time followed by a field separator is a data row's first column.
  const c = unitAt(s, j);
  return !isDigit(c) && c != CharCode.COMMA && c != CharCode.TAB && c != CharCode.SEMICOLON && c != CharCode.DOT;
}

/** `YYYY-MM-DD` or `YYYY/MM/DD`, then `T` or a space, then a clock. */
function isDateTime(s: string, i: i32, end: i32): bool {
  if (!digitsFrom(s, i, end, 4) || i + 10 > end) return false;
  const sep = unitAt(s, i + 4);
  if (sep != CharCode.MINUS && sep != CharCode.SLASH) return false;
  if (!digitsFrom(s, i + 5, end, 2) || unitAt(s, i + 7) != sep || !digitsFrom(s, i + 8, end, 2)) return false;
  if (i + 10 >= end) return false;
  const t = unitAt(s, i + 10);
  if (t != 0x54 && t != CharCode.SPACE && t != 0x5f) return false;
  return clockEnd(s, i + 11, end) > 0;
}

const MONTHS = "JanFebMarAprMayJunJulAugSepOctNovDec";

/** `Mar 14 08:41:08` (syslog). */
function isSyslogStamp(s: string, i: i32, end: i32): bool {
  if (i + 15 > end) return false;
  let month = false;
  for (let m = 0; m < 36 && !month; m += 3) {
    month = unitAt(s, i) == unitAt(MONTHS, m) && unitAt(s, i + 1) == unitAt(MONTHS, m + 1) && unitAt(s, i + 2) == unitAt(MONTHS, m + 2);
  }
  if (!month || unitAt(s, i + 3) != CharCode.SPACE) return false;
  let j = i + 4;
  if (unitAt(s, j) == CharCode.SPACE) j++;
  if (!digitsFrom(s, j, end, 1)) return false;
  j++;
  if (j < end && isDigit(unitAt(s, j))) j++;
  if (j >= end || unitAt(s, j) != CharCode.SPACE) return false;
  return isTimeOfDay(s, j + 1, end);
}

/** `[   12.345678]`: seconds since boot, as the kernel prints them (after the `[`). */
function isUptimeStamp(s: string, i: i32, end: i32): bool {
  let j = i;
  j = spaceRunEnd(s, j, end);
  const digits = j;
  j = digitRunEnd(s, j, end);
  if (j == digits || j >= end || unitAt(s, j) != CharCode.DOT) return false;
  const frac = ++j;
  j = digitRunEnd(s, j, end);
  return j - frac >= 3 && j < end && unitAt(s, j) == CharCode.RBRACKET;
}

/** `I0314 08:41:08.055`: a level letter, month and day, a time. */
function isGlogStamp(s: string, i: i32, end: i32): bool {
  const c = unitAt(s, i);
  if (c != 0x49 && c != 0x57 && c != 0x45 && c != 0x46 && c != 0x44) return false;
  return digitsFrom(s, i + 1, end, 4) && i + 5 < end && unitAt(s, i + 5) == CharCode.SPACE && isTimeOfDay(s, i + 6, end);
}

/** Index after a `   12\t` / `12→` line-number prefix at s[i], or i when there is none. */
function afterLineNumber(s: string, i: i32, end: i32): i32 {
  let j = i;
  j = spaceRunEnd(s, j, end);
  const digits = j;
  j = digitRunEnd(s, j, end);
  if (j == digits || j >= end) return i;
  const c = unitAt(s, j);
  return c == CharCode.TAB || c == ARROW ? j + 1 : i;
}

/** Whether the line s[i, end) opens with a timestamp. */
export function isStampedLine(s: string, i: i32, end: i32): bool {
  i = afterLineNumber(s, i, end);
  if (i >= end) return false;
  const open = unitAt(s, i);
  if (open == CharCode.LBRACKET && isUptimeStamp(s, i + 1, end)) return true;
  if (open == CharCode.LBRACKET || open == CharCode.LT) i++;
  if (i >= end) return false;
  return isDateTime(s, i, end) || isTimeOfDay(s, i, end) || isSyslogStamp(s, i, end) || isGlogStamp(s, i, end);
}

/** Whether most of the first lines of `s` open with a timestamp. */
export function looksLikeLog(s: string): bool {
  const limit = min(s.length, SNIFF_UNITS);
  let lines = 0;
  let stamped = 0;
  let i = 0;
  while (i < limit && lines < SNIFF_LINES) {
    // Looked for one unit past the window: a line ending right at its edge still counts.
    let eol = findNewline(s, i, min(s.length, limit + 1));
    if (eol == s.length || eol > limit) {
      if (limit < s.length) break; // cut by the window
      eol = limit;
    }
    let end = eol;
    if (end > i && unitAt(s, end - 1) == CharCode.CR) end--;
    let j = i;
    j = blanksEnd(s, j, end);
    if (j < end) {
      lines++;
      if (isStampedLine(s, i, end)) stamped++;
    }
    i = eol + 1;
  }
  return stamped >= MIN_STAMPED && stamped * 100 >= lines * STAMPED_PERCENT;
}
