// A copy of part of an i32 array. Array#slice takes negative and optional bounds and is
// compiled with them into the core, a second time as a wrapper for its defaults; the
// core's slices start at or past 0, so this one copy does for them all.

/** a[from, to) as a new array, both bounds clamped to a's length (from >= 0). */
export function sliceInts(a: i32[], from: i32, to: i32): i32[] {
  const len = a.length;
  const start = min(from, len);
  const n = max(min(to, len) - start, 0);
  const out = new Array<i32>(n);
  memory.copy(out.dataStart, a.dataStart + (<usize>start << 2), <usize>n << 2);
  return out;
}
