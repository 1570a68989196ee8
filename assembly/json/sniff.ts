// Does a window of text hold JSON? A validating scanner that stops at a
// limit, so a 100 MB document is judged by its first few KB: a prefix with
// no syntax error counts, as long as the text goes on past the window.
import { CharCode, isDigit } from "../util/chars";
import { unitAt } from "../util/lines";
import { isJsonSpace, numberStop } from "./scan";

/** scanJsonValue: the value is not valid JSON. */
export const JSON_INVALID = -1;
/** scanJsonValue: no error up to the limit, where the value was still open. */
export const JSON_CUT = -2;

const enum Expect {
  Value,
  ValueOrClose, // just after '['
  Key,
  KeyOrClose, // just after '{'
  Colon,
  After, // a value has been read
}

export function skipJsonSpace(s: string, i: i32, limit: i32): i32 {
  while (i < limit && isJsonSpace(unitAt(s, i))) i++;
  return i;
}

/** Index after the string opening at s[i], JSON_INVALID, or JSON_CUT. */
function scanString(s: string, i: i32, limit: i32): i32 {
  let j = i + 1;
  while (j < limit) {
    const c = unitAt(s, j);
    if (c == CharCode.DQUOTE) return j + 1;
    if (c < 0x20) return JSON_INVALID;
    j += c == CharCode.BACKSLASH ? 2 : 1;
  }
  return JSON_CUT;
}

/** Index after the number at s[i], JSON_INVALID, or JSON_CUT when s[limit) came first. */
function scanNumber(s: string, i: i32, limit: i32): i32 {
  const stop = numberStop(s, i, limit);
  if (stop >= 0) return stop >= limit ? JSON_CUT : stop;
  return -2 - stop >= limit ? JSON_CUT : JSON_INVALID;
}

function scanWord(s: string, i: i32, limit: i32, word: string): i32 {
  for (let k = 0, m = word.length; k < m; k++) {
    if (i + k >= limit) return JSON_CUT;
    if (unitAt(s, i + k) != <i32>word.charCodeAt(k)) return JSON_INVALID;
  }
  return i + word.length;
}

const IN_OBJECT: i32 = 1;
const IN_ARRAY: i32 = 2;

/**
 * Scans the JSON value that starts at s[i] (no leading space) and returns
 * the index just after it, JSON_INVALID, or JSON_CUT when s[limit) came
 * first. No recursion: nesting depth costs heap, not stack.
 */
export function scanJsonValue(s: string, i: i32, limit: i32): i32 {
  // As i32: each kind of array takes room, and the core has Array<i32> already.
  const stack = new Array<i32>();
  let expect = Expect.Value;
  while (true) {
    i = skipJsonSpace(s, i, limit);
    if (expect == Expect.After && stack.length == 0) return i;
    if (i >= limit) return JSON_CUT;
    const c = unitAt(s, i);
    if (expect == Expect.After) {
      const top = stack[stack.length - 1];
      if (c == CharCode.COMMA) expect = top == IN_OBJECT ? Expect.Key : Expect.Value;
      else if ((top == IN_OBJECT && c == CharCode.RBRACE) || (top == IN_ARRAY && c == CharCode.RBRACKET)) stack.pop();
      else return JSON_INVALID;
      i++;
      continue;
    }
    if (expect == Expect.Colon) {
      if (c != CharCode.COLON) return JSON_INVALID;
      i++;
      expect = Expect.Value;
      continue;
    }
    if (expect == Expect.Key || expect == Expect.KeyOrClose) {
      if (expect == Expect.KeyOrClose && c == CharCode.RBRACE) {
        stack.pop();
        i++;
        expect = Expect.After;
        continue;
      }
      if (c != CharCode.DQUOTE) return JSON_INVALID;
      i = scanString(s, i, limit);
      if (i < 0) return i;
      expect = Expect.Colon;
      continue;
    }
    if (expect == Expect.ValueOrClose && c == CharCode.RBRACKET) {
      stack.pop();
      i++;
      expect = Expect.After;
      continue;
    }
    expect = Expect.After;
    if (c == CharCode.LBRACE) {
      stack.push(IN_OBJECT);
      expect = Expect.KeyOrClose;
      i++;
    } else if (c == CharCode.LBRACKET) {
      stack.push(IN_ARRAY);
      expect = Expect.ValueOrClose;
      i++;
    } else {
      if (c == CharCode.DQUOTE) i = scanString(s, i, limit);
      else if (c == CharCode.MINUS || isDigit(c)) i = scanNumber(s, i, limit);
      else if (c == 0x74) i = scanWord(s, i, limit, "true");
      else if (c == 0x66) i = scanWord(s, i, limit, "false");
      else if (c == 0x6e) i = scanWord(s, i, limit, "null");
      else return JSON_INVALID;
      if (i < 0) return i;
    }
  }
}

/** Whether s[i] opens an object or an array. */
function opensContainer(s: string, i: i32): bool {
  if (i >= s.length) return false;
  const c = unitAt(s, i);
  return c == CharCode.LBRACE || c == CharCode.LBRACKET;
}

/**
 * Whether the text is one JSON object or array (whitespace around it), judged
 * on s[0, window): past the window, a valid open prefix is enough.
 */
export function isJsonDocument(s: string, window: i32): bool {
  const limit = min(window, s.length);
  const start = skipJsonSpace(s, 0, limit);
  if (!opensContainer(s, start)) return false;
  const end = scanJsonValue(s, start, limit);
  if (end == JSON_CUT) return limit < s.length;
  if (end < 0) return false;
  return skipJsonSpace(s, end, limit) == limit;
}

/**
 * Whether the text is newline-delimited JSON: at least two lines in the
 * window, every non-blank one a whole object or array. A line cut by the
 * window's end is not judged.
 */
export function isJsonLines(s: string, window: i32): bool {
  const limit = min(window, s.length);
  let lines = 0;
  let i = 0;
  while (i < limit) {
    let eol = i;
    while (eol < limit && unitAt(s, eol) != CharCode.LF) eol++;
    if (eol == limit && limit < s.length) break;
    const start = skipJsonSpace(s, i, eol);
    if (start < eol) {
      if (!opensContainer(s, start)) return false;
      const end = scanJsonValue(s, start, eol);
      if (end < 0 || skipJsonSpace(s, end, eol) != eol) return false;
      lines++;
    }
    i = eol + 1;
  }
  return lines >= 2;
}

/**
 * Whether a JSON object or array starts on one of the first `maxLines` lines
 * and has no syntax error within the window: what a command asked for JSON
 * prints, perhaps after a warning or two on stderr (`npm warn …`).
 */
export function jsonAfterPreamble(s: string, window: i32, maxLines: i32): bool {
  const limit = min(window, s.length);
  let i = 0;
  for (let line = 0; line < maxLines && i < limit; line++) {
    const start = skipJsonSpace(s, i, limit);
    if (opensContainer(s, start)) return scanJsonValue(s, start, limit) != JSON_INVALID;
    while (i < limit && unitAt(s, i) != CharCode.LF) i++;
    i++;
  }
  return false;
}
