/**
 * Ascending sorts of i32 values through the core's one i64 sort: every other
 * sort in the core orders packed (key << 32 | index) i64 values, and a second
 * instantiation of the standard library's sort for i32 would add about 1 KB
 * of code to the module. (It is also exact at the extremes, where the standard
 * i32 comparator's subtraction overflows.)
 */

/** `values` sorted ascending, in place. */
export function sortI32(values: Array<i32>): void {
  const n = values.length;
  const wide = new StaticArray<i64>(n);
  for (let i = 0; i < n; i++) unchecked((wide[i] = <i64>unchecked(values[i])));
  wide.sort();
  for (let i = 0; i < n; i++) unchecked((values[i] = <i32>unchecked(wide[i])));
}
