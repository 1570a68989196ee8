/**
 * Ascending sorts of integers. The core has one sort of the standard library, for i64:
 * every sort in the core orders packed (key << 32 | index) i64 values, and a second
 * instantiation for i32 would add about 1 KB of code to the module. The size-optimised
 * build (the component's, ASC_SHRINK_LEVEL 2) has none: a heap sort in a tenth of the
 * code. Ascending i64 values have one order, so both sorts give the same array.
 */

/** `values` sorted ascending, in place. */
// @ts-ignore: decorator
@inline export function sortI64(values: Array<i64>): void {
  if (ASC_SHRINK_LEVEL < 2) values.sort();
  else heapSort(values.dataStart, values.length);
}

/** `values` sorted ascending, in place. */
// @ts-ignore: decorator
@inline export function sortStaticI64(values: StaticArray<i64>): void {
  if (ASC_SHRINK_LEVEL < 2) values.sort();
  else heapSort(changetype<usize>(values), values.length);
}

/** `values` sorted ascending, in place (exact at the extremes, where the standard i32 comparator's subtraction overflows). */
export function sortI32(values: Array<i32>): void {
  const n = values.length;
  const wide = new StaticArray<i64>(n);
  for (let i = 0; i < n; i++) unchecked((wide[i] = <i64>unchecked(values[i])));
  sortStaticI64(wide);
  for (let i = 0; i < n; i++) unchecked((values[i] = <i32>unchecked(wide[i])));
}

/** The n i64 values at p sorted ascending: a heap sort, O(n log n) whatever their order. */
function heapSort(p: usize, n: i32): void {
  for (let i = (n >> 1) - 1; i >= 0; i--) siftDown(p, i, n);
  for (let end = n - 1; end > 0; end--) {
    const last = p + (<usize>end << 3);
    const top = load<i64>(p);
    store<i64>(p, load<i64>(last));
    store<i64>(last, top);
    siftDown(p, 0, end);
  }
}

/** Moves the value at i of the heap of n values at p down to where both its children are no larger. */
function siftDown(p: usize, i: i32, n: i32): void {
  const v = load<i64>(p + (<usize>i << 3));
  while (true) {
    let c = 2 * i + 1;
    if (c >= n) break;
    if (c + 1 < n && load<i64>(p + (<usize>(c + 1) << 3)) > load<i64>(p + (<usize>c << 3))) c++;
    const child = load<i64>(p + (<usize>c << 3));
    if (child <= v) break;
    store<i64>(p + (<usize>i << 3), child);
    i = c;
  }
  store<i64>(p + (<usize>i << 3), v);
}
