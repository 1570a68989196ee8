// A JSON scanner that rewrites string values and copies everything else
// verbatim. It validates as it goes (RFC 8259 grammar, no recursion, so deep
// nesting cannot overflow the stack) and gives up, returning the input, at
// the first error.
import { CharCode, hexValue, isDigit, isUnitOf } from "../util/chars";
import { unitAt } from "../util/lines";
import { StrBuf } from "../util/strbuf";
import { matchWord, scanNumber, skipJsonSpace } from "./scan";

const enum Expect {
  Value,
  ValueOrClose, // just after '['
  Key,
  KeyOrClose, // just after '{'
  After, // a value has been read
}

const IN_OBJECT: i32 = 1;
const IN_ARRAY: i32 = 2;

/** Index just after the string that opens at s[i] ('"'), or -1 if it is invalid. */
export function scanJsonString(s: string, i: i32): i32 {
  const n = s.length;
  const base = changetype<usize>(s);
  const quote = i16x8.splat(<i16>CharCode.DQUOTE);
  const backslash = i16x8.splat(<i16>CharCode.BACKSLASH);
  const control = i16x8.splat(0x20);
  let j = i + 1;
  while (j < n) {
    // Plain units (no quote, backslash or control) are skipped 8 at a time (one at a
    // time in the size-optimised build, the component's).
    if (ASC_SHRINK_LEVEL < 2 && j + 8 <= n) {
      const v = v128.load(base + (<usize>j << 1));
      const stop = v128.or(v128.or(i16x8.eq(v, quote), i16x8.eq(v, backslash)), i16x8.lt_u(v, control));
      const bits = i16x8.bitmask(stop);
      if (bits == 0) {
        j += 8;
        continue;
      }
      j += ctz<i32>(bits);
    }
    const c = unitAt(s, j);
    if (c == CharCode.DQUOTE) return j + 1;
    if (c < 0x20) return -1;
    if (c != CharCode.BACKSLASH) {
      j++;
      continue;
    }
    if (j + 1 >= n) return -1;
    const e = unitAt(s, j + 1);
    if (e == 0x75) {
      if (j + 5 >= n) return -1;
      for (let k = j + 2; k < j + 6; k++) if (hexValue(unitAt(s, k)) < 0) return -1;
      j += 6;
    } else if (ASC_SHRINK_LEVEL >= 2 ? isUnitOf(e, "\"\\/bfnrt") : e == CharCode.DQUOTE || e == CharCode.BACKSLASH || e == CharCode.SLASH || e == 0x62 || e == 0x66 || e == 0x6e || e == 0x72 || e == 0x74) {
      j += 2;
    } else return -1;
  }
  return -1;
}

/** The value of the (already validated) JSON string body s[start, end). */
export function decodeJsonString(s: string, start: i32, end: i32): string {
  const out = new StrBuf(end - start);
  let run = start;
  let j = start;
  while (j < end) {
    if (unitAt(s, j) != CharCode.BACKSLASH) {
      j++;
      continue;
    }
    out.addRange(s, run, j);
    const e = unitAt(s, j + 1);
    if (e == 0x75) {
      let u = 0;
      for (let k = j + 2; k < j + 6; k++) u = (u << 4) | hexValue(unitAt(s, k));
      out.addChar(u);
      j += 6;
    } else {
      out.addChar(e == 0x62 ? 0x08 : e == 0x66 ? 0x0c : e == 0x6e ? 0x0a : e == 0x72 ? 0x0d : e == 0x74 ? 0x09 : e);
      j += 2;
    }
    run = j;
  }
  out.addRange(s, run, end);
  return out.toString();
}

/**
 * Copies JSON text `s`, replacing each string value longer than `maxChars`
 * (raw units between the quotes) by `rewrite(value, maxChars)` when that
 * differs from the value. Keys are never rewritten. Returns `s` itself when
 * it is not valid JSON.
 */
export function abridgeJsonStrings(s: string, maxChars: i32, rewrite: (value: string, maxChars: i32) => string): string {
  const n = s.length;
  const out = new StrBuf(min(n, 1 << 16) + 16);
  // As i32: each kind of array takes room, and the core has Array<i32> already.
  const stack = new Array<i32>();
  let run = 0; // start of the input not yet copied to out
  let expect = Expect.Value;
  let i = 0;
  while (true) {
    i = skipJsonSpace(s, i, s.length);
    if (expect == Expect.After) {
      const depth = stack.length;
      if (depth == 0) {
        if (i != n) return s;
        break;
      }
      if (i >= n) return s;
      const top = stack[depth - 1];
      const c = unitAt(s, i++);
      if (c == CharCode.COMMA) expect = top == IN_OBJECT ? Expect.Key : Expect.Value;
      else if ((top == IN_OBJECT && c == CharCode.RBRACE) || (top == IN_ARRAY && c == CharCode.RBRACKET)) stack.pop();
      else return s;
      continue;
    }
    if (i >= n) return s;
    const c = unitAt(s, i);
    if (expect == Expect.Key || expect == Expect.KeyOrClose) {
      if (expect == Expect.KeyOrClose && c == CharCode.RBRACE) {
        stack.pop();
        i++;
        expect = Expect.After;
        continue;
      }
      if (c != CharCode.DQUOTE) return s;
      i = scanJsonString(s, i);
      if (i < 0) return s;
      i = skipJsonSpace(s, i, s.length);
      if (i >= n || unitAt(s, i) != CharCode.COLON) return s;
      i++;
      expect = Expect.Value;
      continue;
    }
    // A value is expected.
    if (expect == Expect.ValueOrClose && c == CharCode.RBRACKET) {
      stack.pop();
      i++;
      expect = Expect.After;
      continue;
    }
    expect = Expect.After;
    if (c == CharCode.LBRACE) {
      stack.push(IN_OBJECT);
      i++;
      expect = Expect.KeyOrClose;
    } else if (c == CharCode.LBRACKET) {
      stack.push(IN_ARRAY);
      i++;
      expect = Expect.ValueOrClose;
    } else if (c == CharCode.DQUOTE) {
      const end = scanJsonString(s, i);
      if (end < 0) return s;
      if (end - i - 2 > maxChars) {
        const value = decodeJsonString(s, i + 1, end - 1);
        const next = rewrite(value, maxChars);
        if (next != value) {
          out.addRange(s, run, i);
          out.addJson(next);
          run = end;
        }
      }
      i = end;
    } else if (c == CharCode.MINUS || isDigit(c)) {
      i = scanNumber(s, i, s.length);
    } else if (c == 0x74) {
      i = matchWord(s, i, s.length, "true");
    } else if (c == 0x66) {
      i = matchWord(s, i, s.length, "false");
    } else if (c == 0x6e) {
      i = matchWord(s, i, s.length, "null");
    } else return s;
    if (i < 0) return s;
  }
  out.addRange(s, run, n);
  return out.toString();
}
