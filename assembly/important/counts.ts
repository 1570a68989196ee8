// Lines near the end that state a total: "# tests 113", "ℹ pass 110",
// "(48 rows)", "Tests: 3 failed, 80 passed, 83 total", "Non-2xx responses: 40",
// "transactions actually processed: 64/600". A runner, a query or a
// build ends with them, and a reader would otherwise have to count. Their shape
// says it, whatever the tool: a short line of words and whole numbers only
// (a duration may stand beside them); a date, a version, an address or a path
// with a number in it makes the line a record, not a total, and so does a
// line whose words its neighbours repeat.
import { CharCode, isAlpha, isDigit, isUnitOf } from "../util/chars";
import { unitAt } from "../util/lines";
import { U32Map } from "../util/u32-map";
import { messageKey } from "./novel";

/** Lines read back from the end of the output. */
export const COUNT_WINDOW: i32 = 80;
/** Longest line taken as a total, trimmed. */
const MAX_COUNT_LINE: i32 = 64;
/** Lines with the same words that make a series rather than totals ("(48 rows)" and "(6 rows)" are two totals). */
const SERIES: i32 = 3;
/** Tokens of a total at most. */
const MAX_TOKENS: i32 = 8;

/** Starts (offsets) of the count lines among the last COUNT_WINDOW lines of `text`, in line order. */
export function countLines(text: string): i32[] {
  const n = text.length;
  const starts = new Array<i32>();
  const keys = new Array<u32>();
  const seen = new U32Map();
  // Line starts of the window, walking back from the end.
  let end = n;
  if (end > 0 && unitAt(text, end - 1) == CharCode.LF) end--;
  for (let k = 0; k < COUNT_WINDOW && end > 0; k++) {
    let s = end;
    while (s > 0 && unitAt(text, s - 1) != CharCode.LF) s--;
    // Every line's words are counted: a total stands alone, a series ("category 287 depth 8") repeats them.
    const key = messageKey(text, s, end);
    seen.set(key, seen.valueOr(key, 0) + 1);
    if (isCountLine(text, s, end)) {
      starts.push(s);
      keys.push(key);
    }
    end = s - 1;
  }
  const out = new Array<i32>();
  for (let k = starts.length - 1; k >= 0; k--) if (seen.valueOr(unchecked(keys[k]), 0) < SERIES) out.push(unchecked(starts[k]));
  return out;
}

/** The line [a, b) states a total (see above). */
export function isCountLine(s: string, a: i32, b: i32): bool {
  while (a < b && isBlank(unitAt(s, a))) a++;
  while (b > a && isBlank(unitAt(s, b - 1))) b--;
  if (b - a < 4 || b - a > MAX_COUNT_LINE) return false;
  let numbers = 0;
  let words = 0;
  let tokens = 0;
  let i = a;
  while (i < b) {
    while (i < b && isBlank(unitAt(s, i))) i++;
    if (i >= b) break;
    let from = i;
    while (i < b && !isBlank(unitAt(s, i))) i++;
    let to = i;
    if (++tokens > MAX_TOKENS) return false;
    // Punctuation around a token ("(48", "rows)", "failed,", "Tests:") is not part of it.
    while (from < to && isPunct(unitAt(s, from))) from++;
    while (to > from && isPunct(unitAt(s, to - 1))) to--;
    if (from == to) continue;
    const kind = tokenKind(s, from, to);
    // A share closes its line ("processed: 64/600"); one before other words is a step or a
    // row's state ("[12/12] Linking …", "Step 4/7 : RUN …", a pod's "1/1 Running 0 45s").
    if (kind == SHARE && i < b) return false;
    if (kind == NUMBER || kind == SHARE) numbers++;
    else if (kind == WORD) words++;
    else if (kind == OTHER) return false;
  }
  return numbers > 0 && words > 0;
}

const WORD: i32 = 0;
const NUMBER: i32 = 1;
const DURATION: i32 = 2;
const OTHER: i32 = 3;
/** A share of a whole, "64/600": a number where it closes the line. */
const SHARE: i32 = 4;

/** A whole number (with separators), a duration ("0.007s", "12ms"), a word of letters, or something else. */
function tokenKind(s: string, a: i32, b: i32): i32 {
  let digits = 0;
  let letters = 0;
  let dots = 0;
  let i = a;
  while (i < b && (isDigit(unitAt(s, i)) || unitAt(s, i) == CharCode.COMMA || unitAt(s, i) == CharCode.DOT)) {
    const c = unitAt(s, i);
    if (isDigit(c)) digits++;
    else if (c == CharCode.DOT) dots++;
    i++;
  }
  if (digits > 0) {
    if (i == b) return dots == 0 ? NUMBER : DURATION;
    // A share of a whole ("64/600" transactions processed, "3/5" checks) counts as a number.
    if (dots == 0 && unitAt(s, i) == CharCode.SLASH && isWholeNumber(s, i + 1, b)) return SHARE;
    // A unit of time after the digits: a duration.
    const rest = b - i;
    if (rest <= 2 && (unitAt(s, i) == 0x73 || unitAt(s, i) == 0x6d)) return DURATION;
    return OTHER;
  }
  let inner = 0;
  let underscores = 0;
  let runs = 0;
  for (i = a; i < b; i++) {
    const c = unitAt(s, i);
    if (isAlpha(c) || c == CharCode.UNDERSCORE || c == CharCode.MINUS || c >= 0x80) letters++;
    // A digit after a letter may be part of a word's name ("Non-2xx responses", "IPv4").
    else if (isDigit(c) && letters > 0) {
      if (!isDigit(unitAt(s, i - 1))) runs++;
      inner++;
    } else return OTHER;
    if (c == CharCode.UNDERSCORE) underscores++;
  }
  // Mostly digits ("E221", a finding's code), an identifier ("price_17_standard", a test's
  // name) or digits strewn through it (a hash "a1b2c3d", a pod "web-7d4b9cf-x2kfq") names
  // an item, not what is counted.
  if (inner > 0 && (inner >= letters || underscores > 0 || runs > 1)) return OTHER;
  return letters > 0 ? WORD : OTHER;
}

/** [a, b) is digits only, at least one. */
function isWholeNumber(s: string, a: i32, b: i32): bool {
  if (a >= b) return false;
  for (let i = a; i < b; i++) if (!isDigit(unitAt(s, i))) return false;
  return true;
}

function isBlank(c: i32): bool {
  if (ASC_SHRINK_LEVEL >= 2) return isUnitOf(c, " \t\r");
  return c == CharCode.SPACE || c == CharCode.TAB || c == CharCode.CR;
}

/** Brackets, colons, commas, a leading "#" or "|": what frames a count without being one. */
function isPunct(c: i32): bool {
  if (ASC_SHRINK_LEVEL >= 2) return isUnitOf(c, "()[]:,#|;");
  return c == 0x28 || c == 0x29 || c == CharCode.LBRACKET || c == CharCode.RBRACKET || c == CharCode.COLON || c == CharCode.COMMA || c == CharCode.HASH || c == CharCode.PIPE || c == CharCode.SEMICOLON;
}
