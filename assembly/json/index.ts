// A structural index of one JSON value: for every object and array, in the
// order they open, where it closes, how many members it has and which
// container comes after its subtree. Built in one pass with an explicit stack
// (no recursion: 10,000 levels of nesting cannot overflow anything), it
// validates the RFC 8259 grammar on the way; scalars are not stored, so a
// 5 MB array of numbers costs one entry.
import { CharCode, isDigit } from "../util/chars";
import { unitAt } from "../util/lines";
import { scanJsonString } from "./strings";
import { isJsonSpace, matchWord, scanNumber, skipJsonSpace } from "./scan";
import { U32Map } from "../util/u32-map";
export { isJsonSpace, skipJsonSpace } from "./scan";

export class JsonIndex {
  /** Per container, by ordinal (opening order): offset of its '{' or '['. */
  opens: Array<i32> = new Array<i32>();
  /** Offset of its closing '}' or ']'. */
  closes: Array<i32> = new Array<i32>();
  /** Members: keys of an object, items of an array. */
  counts: Array<i32> = new Array<i32>();
  /** Ordinal of the first container after this one's subtree. */
  nexts: Array<i32> = new Array<i32>();
  /** The value is s[start, end). */
  start: i32 = 0;
  end: i32 = 0;
  /**
   * The count sums of arrays already summed (digest/structured/sums.ts): each array's
   * ordinal to its place in countSumTexts (a map kind the core has already, where one of
   * ordinals to strings would add its own code).
   */
  countSums: U32Map | null = null;
  countSumTexts: string[] = [];
}

/** End of the string, number or literal at s[i], or -1 when there is none. */
export function scalarEnd(s: string, i: i32, end: i32): i32 {
  if (i >= end) return -1;
  const c = unitAt(s, i);
  if (c == CharCode.DQUOTE) {
    const e = scanJsonString(s, i);
    return e > end ? -1 : e;
  }
  if (c == CharCode.MINUS || isDigit(c)) return scanNumber(s, i, end);
  if (c == 0x74) return matchWord(s, i, end, "true");
  if (c == 0x66) return matchWord(s, i, end, "false");
  if (c == 0x6e) return matchWord(s, i, end, "null");
  return -1;
}

const enum Expect {
  Value,
  ValueOrClose,
  Key,
  KeyOrClose,
  After,
}

/**
 * Indexes the JSON value that starts at the first non-space unit of
 * s[start, end). What follows the value is not read: `index.end` says where
 * it stopped. null when no valid value starts there.
 */
export function indexJsonPrefix(s: string, start: i32, end: i32): JsonIndex | null {
  const idx = new JsonIndex();
  const stack = new Array<i32>(); // ordinals of the open containers
  let i = skipJsonSpace(s, start, end);
  idx.start = i;
  let expect = Expect.Value;
  while (true) {
    if (expect == Expect.After) {
      const depth = stack.length;
      if (depth == 0) break;
      i = skipJsonSpace(s, i, end);
      if (i >= end) return null;
      const top = unchecked(stack[depth - 1]);
      const isObject = unitAt(s, unchecked(idx.opens[top])) == CharCode.LBRACE;
      const c = unitAt(s, i++);
      if (c == CharCode.COMMA) expect = isObject ? Expect.Key : Expect.Value;
      else if ((isObject && c == CharCode.RBRACE) || (!isObject && c == CharCode.RBRACKET)) close(idx, stack, i - 1);
      else return null;
      continue;
    }
    i = skipJsonSpace(s, i, end);
    if (i >= end) return null;
    const c = unitAt(s, i);
    if (expect == Expect.Key || expect == Expect.KeyOrClose) {
      if (expect == Expect.KeyOrClose && c == CharCode.RBRACE) {
        close(idx, stack, i++);
        expect = Expect.After;
        continue;
      }
      if (c != CharCode.DQUOTE) return null;
      i = scanJsonString(s, i);
      if (i < 0 || i > end) return null;
      i = skipJsonSpace(s, i, end);
      if (i >= end || unitAt(s, i) != CharCode.COLON) return null;
      i++;
      const top = unchecked(stack[stack.length - 1]);
      unchecked((idx.counts[top] = unchecked(idx.counts[top]) + 1));
      expect = Expect.Value;
      continue;
    }
    if (expect == Expect.ValueOrClose && c == CharCode.RBRACKET) {
      close(idx, stack, i++);
      expect = Expect.After;
      continue;
    }
    // A value; an array counts it as an item.
    const depth = stack.length;
    if (depth > 0) {
      const top = unchecked(stack[depth - 1]);
      if (unitAt(s, unchecked(idx.opens[top])) == CharCode.LBRACKET) unchecked((idx.counts[top] = unchecked(idx.counts[top]) + 1));
    }
    if (c == CharCode.LBRACE || c == CharCode.LBRACKET) {
      stack.push(idx.opens.length);
      idx.opens.push(i);
      idx.closes.push(-1);
      idx.counts.push(0);
      idx.nexts.push(0);
      i++;
      expect = c == CharCode.LBRACE ? Expect.KeyOrClose : Expect.ValueOrClose;
      continue;
    }
    i = scalarEnd(s, i, end);
    if (i < 0) return null;
    expect = Expect.After;
  }
  idx.end = i;
  return idx;
}

function close(idx: JsonIndex, stack: Array<i32>, at: i32): void {
  const k = stack.pop();
  unchecked((idx.closes[k] = at));
  unchecked((idx.nexts[k] = idx.opens.length));
}

/** Indexes s[start, end) when it holds exactly one JSON value (spaces around allowed). */
export function indexJson(s: string, start: i32, end: i32): JsonIndex | null {
  const idx = indexJsonPrefix(s, start, end);
  if (idx === null) return null;
  return skipJsonSpace(s, idx.end, end) == end ? idx : null;
}
