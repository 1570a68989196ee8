// A line that ends by saying its subject is absent ("libtax.so.1 => not found",
// "guice.jar -> not found") reports a failed lookup though it holds no error
// word: a listing of lookups prints it among those that succeeded, in their
// rhythm, and often more than once, so neither keywords nor shapes tell it.
import { unitAt } from "../util/lines";
import { isLowerWordAt } from "../util/scan";

const ABSENT = " not found";

/**
 * Line s[a, b) (without its '\r') ends with " not found", in any case, after some text; its
 * last unit, read in place, rules out most lines (the size-optimised build compares the word).
 */
// @ts-ignore: decorator
@inline export function endsSayingAbsent(s: string, a: i32, b: i32): bool {
  return b - a > ABSENT.length && (ASC_SHRINK_LEVEL >= 2 || (unitAt(s, b - 1) | 0x20) == 0x64) && isLowerWordAt(s, b - ABSENT.length, b, ABSENT);
}
