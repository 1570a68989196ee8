// The totals of an array of records a model would otherwise add up from the
// items it is shown and the ones left out: the count members of every item
// ("errorCount", "warningCount" of a linter's per-file report), summed over all
// of them, so that a shortened array still states "errorCount 20" exactly.
import { CharCode, isDigit } from "../../util/chars";
import { JsonIndex, scalarEnd, skipJsonSpace } from "../../json";
import { scanJsonString } from "../../json/strings";
import { unitAt } from "../../util/lines";
import { StrBuf } from "../../util/strbuf";
import { U32Map } from "../../util/u32-map";

/** Count members named in a total, at most (the first ones seen with a sum above zero). */
const MAX_SUMS: i32 = 3;
/** Distinct count members followed, at most. */
const MAX_KEYS: i32 = 16;

/** s[a, b) (a key with its quotes) names a count: "count", or a name ending in "Count" or "_count". */
function isCountKey(s: string, a: i32, b: i32): bool {
  const len = b - a - 2;
  if (len < 5) return false;
  const e = b - 1;
  if (!(unitAt(s, e - 5) == 0x63 || unitAt(s, e - 5) == 0x43)) return false;
  if (!(unitAt(s, e - 4) == 0x6f && unitAt(s, e - 3) == 0x75 && unitAt(s, e - 2) == 0x6e && unitAt(s, e - 1) == 0x74)) return false;
  if (len == 5) return unitAt(s, e - 5) == 0x63;
  // "errorCount" or "error_count", not "discount" or "account".
  return unitAt(s, e - 5) == 0x43 || unitAt(s, e - 6) == CharCode.UNDERSCORE;
}

/** The non-negative integer s[a, b), or -1 when it is not one (a fraction, a sign, too many digits). */
function integerAt(s: string, a: i32, b: i32): i64 {
  if (b <= a || b - a > 15) return -1;
  let v: i64 = 0;
  for (let i = a; i < b; i++) {
    const c = unitAt(s, i);
    if (!isDigit(c)) return -1;
    v = v * 10 + <i64>(c - 0x30);
  }
  return v;
}

/**
 * "errorCount 20, warningCount 3": the count members of the objects among the
 * items of array `k`, each summed over every item, in the order first seen; ""
 * when no count member has a sum above zero.
 */
export function countSums(s: string, idx: JsonIndex, k: i32): string {
  // The shortener writes the same value several times under tighter limits: each array is summed once.
  let cached = idx.countSums;
  if (cached === null) idx.countSums = cached = new U32Map();
  const held = cached.valueOr(<u32>k, -1);
  if (held >= 0) return unchecked(idx.countSumTexts[held]);
  const sums = sumsOf(s, idx, k);
  cached.set(<u32>k, idx.countSumTexts.length);
  idx.countSumTexts.push(sums);
  return sums;
}

function sumsOf(s: string, idx: JsonIndex, k: i32): string {
  const close = unchecked(idx.closes[k]);
  const keys = new Array<string>();
  const sums = new Array<i64>();
  let c = k + 1;
  // Records that count their own all do: an array whose first item has no count member is
  // not summed (and a long array of other records costs one item, not a pass over all).
  while (c < idx.opens.length && unchecked(idx.opens[c]) < close && unitAt(s, unchecked(idx.opens[c])) != CharCode.LBRACE) c = unchecked(idx.nexts[c]);
  if (!(c < idx.opens.length && unchecked(idx.opens[c]) < close)) return "";
  sumMembers(s, idx, c, unchecked(idx.opens[c]), unchecked(idx.closes[c]), keys, sums);
  if (keys.length == 0) return "";
  keys.length = 0;
  sums.length = 0;
  while (c < idx.opens.length && unchecked(idx.opens[c]) < close) {
    const open = unchecked(idx.opens[c]);
    const end = unchecked(idx.closes[c]);
    if (unitAt(s, open) == CharCode.LBRACE) sumMembers(s, idx, c, open, end, keys, sums);
    c = unchecked(idx.nexts[c]);
  }
  const out = new StrBuf(64);
  let shown = 0;
  for (let i = 0; i < keys.length && shown < MAX_SUMS; i++) {
    if (unchecked(sums[i]) <= 0) continue;
    if (shown++ > 0) out.add(", ");
    out.add(unchecked(keys[i])).addChar(CharCode.SPACE).addCount(<i32>min(unchecked(sums[i]), <i64>i32.MAX_VALUE));
  }
  return out.toString();
}

/** Adds the count members of the object `c` (s[open, end]) to keys and sums. */
function sumMembers(s: string, idx: JsonIndex, c: i32, open: i32, end: i32, keys: string[], sums: i64[]): void {
  let inner = c + 1;
  let q = skipJsonSpace(s, open + 1, end);
  while (q < end && unitAt(s, q) == CharCode.DQUOTE) {
    const keyEnd = scanJsonString(s, q);
    if (keyEnd < 0 || keyEnd > end) return;
    let v = skipJsonSpace(s, keyEnd, end);
    if (v >= end || unitAt(s, v) != CharCode.COLON) return;
    v = skipJsonSpace(s, v + 1, end);
    let after: i32;
    const ch = unitAt(s, v);
    if (ch == CharCode.LBRACE || ch == CharCode.LBRACKET) {
      // A nested container: skip its subtree by the index.
      while (inner < idx.opens.length && unchecked(idx.opens[inner]) < v) inner = unchecked(idx.nexts[inner]);
      if (inner >= idx.opens.length || unchecked(idx.opens[inner]) != v) return;
      after = unchecked(idx.closes[inner]) + 1;
      inner = unchecked(idx.nexts[inner]);
    } else {
      after = scalarEnd(s, v, end);
      if (after < 0) return;
      if (isCountKey(s, q, keyEnd)) {
        const n = integerAt(s, v, after);
        if (n >= 0) add(s.substring(q + 1, keyEnd - 1), n, keys, sums);
      }
    }
    q = skipJsonSpace(s, after, end);
    if (q < end && unitAt(s, q) == CharCode.COMMA) q = skipJsonSpace(s, q + 1, end);
  }
}

function add(key: string, n: i64, keys: string[], sums: i64[]): void {
  for (let i = 0; i < keys.length; i++) {
    if (unchecked(keys[i]) == key) {
      unchecked((sums[i] += n));
      return;
    }
  }
  if (keys.length >= MAX_KEYS) return;
  keys.push(key);
  sums.push(n);
}
