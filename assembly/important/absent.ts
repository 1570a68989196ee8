// A line that ends by saying its subject is absent ("libtax.so.1 => not found",
// "guice.jar -> not found") reports a failed lookup though it holds no error
// word: a listing of lookups prints it among those that succeeded, in their
// rhythm, and often more than once, so neither keywords nor shapes tell it.
import { isLowerWordAt } from "../util/scan";

const ABSENT = " not found";

/** Line s[a, b) (without its '\r') ends with " not found", in any case, after some text. */
export function endsSayingAbsent(s: string, a: i32, b: i32): bool {
  return b - a > ABSENT.length && isLowerWordAt(s, b - ABSENT.length, b, ABSENT);
}
