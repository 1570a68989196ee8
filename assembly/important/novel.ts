// Which error lines say something new. A build or a linter repeats a few
// messages for many files and lines ("'next' is defined but never used" eleven
// times, one "Duplicate case label"); the budget should reach every distinct
// message before the second copy of any. A line's message is its words: the
// tokens without a digit (locations, counts, codes with numbers), whatever the
// spacing that aligns the columns. Linear in the lines' length.
import { CharCode, isDigit } from "../util/chars";
import { unitAt } from "../util/lines";
import { Scan } from "./scan";

/** Hash of the tokens of s[a, b) that hold no digit; 0 when there are none. */
export function messageKey(s: string, a: i32, b: i32): u32 {
  let h: u32 = 2166136261;
  let words = 0;
  let i = a;
  while (i < b) {
    while (i < b && isGap(unitAt(s, i))) i++;
    const from = i;
    let digit = false;
    while (i < b && !isGap(unitAt(s, i))) {
      if (isDigit(unitAt(s, i))) digit = true;
      i++;
    }
    if (i == from || digit) continue;
    for (let k = from; k < i; k++) h = (h ^ <u32>unitAt(s, k)) * 16777619;
    h = (h ^ 0x20) * 16777619;
    words++;
  }
  return words == 0 ? 0 : h | 1;
}

// @ts-ignore: decorator
@inline function isGap(c: i32): bool {
  return c == CharCode.SPACE || c == CharCode.TAB || c == CharCode.CR;
}

/** The message key of scan hit h. */
export function hitKey(text: string, scan: Scan, h: i32): u32 {
  return messageKey(text, unchecked(scan.lineStarts[h]), unchecked(scan.lineEnds[h]));
}

/**
 * Splits hits `order` into `out`, those whose message no earlier hit stated,
 * the rarest messages first (stably; the first `keepFirst` keep their places
 * in front), and `later`, the repeats, in their order.
 */
export function novelFirst(text: string, scan: Scan, order: i32[], keepFirst: i32, out: i32[], later: i32[]): void {
  const n = order.length;
  const keys = new Array<u32>(n);
  const counts = new Map<u32, i32>();
  for (let j = 0; j < n; j++) {
    const k = hitKey(text, scan, unchecked(order[j]));
    unchecked((keys[j] = k));
    counts.set(k, counts.has(k) ? counts.get(k) + 1 : 1);
  }
  // A key of 0 (a line without words) is never a repeat.
  const seen = new Set<u32>();
  const novel = new Array<i64>();
  for (let j = 0; j < n; j++) {
    const k = unchecked(keys[j]);
    if (k != 0 && seen.has(k)) {
      later.push(unchecked(order[j]));
      continue;
    }
    if (k != 0) seen.add(k);
    const rarity = j < keepFirst ? 0 : min(counts.get(k), 0xfffff);
    novel.push((<i64>rarity << 32) | <i64>j);
  }
  novel.sort();
  for (let j = 0; j < novel.length; j++) out.push(unchecked(order[<i32>(unchecked(novel[j]) & 0xffffffff)]));
}
