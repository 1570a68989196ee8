// messageKey() (novel.ts) one unit at a time, for the size-optimised build
// (ASC_SHRINK_LEVEL 2): the same key as its vector steps give, in a fraction of
// their code. The line's words are streamed, one space after each and every
// number a '#', into 64-bit blocks of 4 units, each folded in as it fills.
import { CharCode, isUnitOf } from "../util/chars";
import { unitAt } from "../util/lines";

/** FNV-1a's 64-bit prime, as messageKey() multiplies by. */
const PRIME: u64 = 0x100000001b3;

/** messageKey(s, a, b) read unit by unit. */
export function messageKeyByUnits(s: string, a: i32, b: i32): u32 {
  let h: u64 = 0xcbf29ce484222325;
  let block: u64 = 0;
  let written = 0;
  let letters = false;
  // The line's start counts as a gap (leading gaps go); the line ends with one.
  let prevGap = true;
  let prevDigit = false;
  for (let i = a; i <= b; i++) {
    const c = i < b ? unitAt(s, i) : CharCode.SPACE;
    const gap = (ASC_SHRINK_LEVEL >= 2 ? isUnitOf(c, " \t\r") : c == CharCode.SPACE || c == CharCode.TAB || c == CharCode.CR);
    const digit = <u32>(c - CharCode._0) < 10;
    // A letter is one of 'a'–'z' once 0x20 is set.
    if (<u32>((c | 0x20) - CharCode.a) < 26) letters = true;
    // A gap after a gap and a digit after a digit go: one space per gap, one '#' per number.
    if (!((gap && prevGap) || (digit && prevDigit))) {
      const unit = digit ? CharCode.HASH : gap ? CharCode.SPACE : c;
      block |= <u64>unit << (<u64>(written & 3) << 4);
      written++;
      if ((written & 3) == 0) {
        h = (h ^ block) * PRIME;
        block = 0;
      }
    }
    prevGap = gap;
    prevDigit = digit;
  }
  if (!letters) return 0;
  // The last units (fewer than 4) and the length in one more block.
  h = (h ^ (block | (<u64>written << 48))) * PRIME;
  h ^= h >> 32;
  h *= 0x9e3779b97f4a7c15;
  return <u32>(h >> 32) | 1;
}
