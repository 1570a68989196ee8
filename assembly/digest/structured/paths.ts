// A member's path in an array of records, as a hash: the keys from the record
// down to it (quotes included), array positions left out, so the same member of
// every record, and of every item of a nested array, has the same path.
import { unitAt } from "../../util/lines";

export const FNV_OFFSET: u64 = 0xcbf29ce484222325;
export const FNV_PRIME: u64 = 0x100000001b3;

export function hashRange(h: u64, s: string, a: i32, b: i32): u64 {
  for (let i = a; i < b; i++) h = (h ^ <u64>unitAt(s, i)) * FNV_PRIME;
  return h;
}

/** The path of the member keyed s[keyStart, keyEnd) in an object whose path is `parent`. */
@inline export function memberPath(parent: u64, s: string, keyStart: i32, keyEnd: i32): u64 {
  return hashRange(parent * FNV_PRIME, s, keyStart, keyEnd);
}

export function fold(h: u64): u32 {
  return <u32>(h ^ (h >> 32));
}

/** `path` (folded) is one of `paths`. */
export function among(paths: Array<i32>, path: u64): bool {
  return paths.includes(<i32>fold(path));
}
