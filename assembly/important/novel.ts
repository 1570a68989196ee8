// Which error lines say something new. A build or a linter repeats a few
// messages for many files and lines ("'next' is defined but never used" eleven
// times, one "Duplicate case label"); the budget should reach every distinct
// message before the second copy of any. A line's message is its words with
// every number a class (locations, counts, durations), whatever the spacing
// that aligns the columns: "==== vat-1 FAILED" and "==== parse-1 FAILED" differ,
// "8:39  error  'next' …" and "8:40  error  'next' …" do not. Linear in the
// lines' length.
import { CharCode, isAlpha, isDigit } from "../util/chars";
import { unitAt } from "../util/lines";
import { Scan } from "./scan";

/** Hash of the words of s[a, b), every run of digits one class; 0 when the line has no letter. */
export function messageKey(s: string, a: i32, b: i32): u32 {
  let h: u32 = 2166136261;
  let letters = 0;
  let i = a;
  while (i < b) {
    while (i < b && isGap(unitAt(s, i))) i++;
    if (i >= b) break;
    while (i < b && !isGap(unitAt(s, i))) {
      const c = unitAt(s, i);
      if (isDigit(c)) {
        // "8:39" and "8:40", "(2.5ms)" and "(0.2ms)": a number is a class, not a value.
        while (i < b && isDigit(unitAt(s, i))) i++;
        h = (h ^ 0x23) * 16777619;
        continue;
      }
      if (isAlpha(c)) letters++;
      h = (h ^ <u32>c) * 16777619;
      i++;
    }
    h = (h ^ 0x20) * 16777619;
  }
  return letters == 0 ? 0 : h | 1;
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
