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

/** FNV-1a's 64-bit prime: the key's state is 64 bits, folded to 32 at the end. */
const PRIME: u64 = 0x100000001b3;

/** Set by plainEnd: whether the run it found holds an ASCII letter. */
let runLetters = false;

/**
 * Where the run of units at i that are neither a gap, a digit nor '#' ends (before b),
 * 8 units per SIMD step; whether it holds a letter goes to runLetters.
 */
function plainEnd(base: usize, i: i32, b: i32): i32 {
  let letters = 0;
  while (i + 8 <= b) {
    const v = v128.load(base + (<usize>i << 1));
    const gaps = v128.or(v128.or(i16x8.eq(v, i16x8.splat(<i16>CharCode.SPACE)), i16x8.eq(v, i16x8.splat(<i16>CharCode.TAB))), i16x8.eq(v, i16x8.splat(<i16>CharCode.CR)));
    const numbers = v128.or(i16x8.lt_u(i16x8.sub(v, i16x8.splat(<i16>CharCode._0)), i16x8.splat(10)), i16x8.eq(v, i16x8.splat(<i16>CharCode.HASH)));
    const stops = i16x8.bitmask(v128.or(gaps, numbers));
    const alpha = i16x8.bitmask(i16x8.lt_u(i16x8.sub(v128.or(v, i16x8.splat(0x20)), i16x8.splat(<i16>CharCode.a)), i16x8.splat(26)));
    if (stops != 0) {
      const k = ctz<i32>(stops);
      runLetters = letters != 0 || (alpha & ((1 << k) - 1)) != 0;
      return i + k;
    }
    letters |= alpha;
    i += 8;
  }
  for (; i < b; i++) {
    const c = <i32>load<u16>(base + (<usize>i << 1));
    if (isGap(c) || isDigit(c) || c == CharCode.HASH) break;
    if (isAlpha(c)) letters = 1;
  }
  runLetters = letters != 0;
  return i;
}

/**
 * Hash of the words of s[a, b), every run of digits one class; 0 when the line has no letter.
 * A function of the line's words alone: each run of units other than gaps, digits and '#'
 * goes in four units per step with its length, a number (or a '#', which shares its class)
 * as one mark, the end of a word as another.
 */
export function messageKey(s: string, a: i32, b: i32): u32 {
  const base = changetype<usize>(s);
  let h: u64 = 0xcbf29ce484222325;
  let letters = false;
  let inWord = false;
  let i = a;
  while (i < b) {
    const r = plainEnd(base, i, b);
    if (r > i) {
      let j = i;
      for (; j + 4 <= r; j += 4) h = (h ^ load<u64>(base + (<usize>j << 1))) * PRIME;
      let tail: u64 = <u64>(r - i) << 48;
      for (let k: u64 = 0; j < r; j++, k += 16) tail |= <u64>load<u16>(base + (<usize>j << 1)) << k;
      h = (h ^ tail ^ 0x8000000000000000) * PRIME;
      letters = letters || runLetters;
      inWord = true;
      i = r;
      if (i >= b) break;
    }
    const c = unitAt(s, i);
    if (isGap(c)) {
      if (inWord) h = (h ^ 0x20) * PRIME;
      inWord = false;
      i++;
      continue;
    }
    // "8:39" and "8:40", "(2.5ms)" and "(0.2ms)": a number is a class, not a value.
    if (isDigit(c)) {
      while (i < b && isDigit(unitAt(s, i))) i++;
    } else i++; // '#'
    h = (h ^ 0x23) * PRIME;
    inWord = true;
  }
  if (inWord) h = (h ^ 0x20) * PRIME;
  if (!letters) return 0;
  h ^= h >> 32;
  h *= 0x9e3779b97f4a7c15;
  return <u32>(h >> 32) | 1;
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
  // A key's count turns negative once its first hit is placed: later hits with
  // it are repeats. A key of 0 (a line without words) is never a repeat.
  const novel = new Array<i64>();
  for (let j = 0; j < n; j++) {
    const k = unchecked(keys[j]);
    const count = counts.get(k);
    if (count < 0) {
      later.push(unchecked(order[j]));
      continue;
    }
    if (k != 0) counts.set(k, -count);
    const rarity = j < keepFirst ? 0 : min(count, 0xfffff);
    novel.push((<i64>rarity << 32) | <i64>j);
  }
  novel.sort();
  for (let j = 0; j < novel.length; j++) out.push(unchecked(order[<i32>(unchecked(novel[j]) & 0xffffffff)]));
}
