// Per-call figures of a long session without one object per call. A session can
// run for tens of thousands of tool calls; an object per call (with its own
// hidden class when built by spreading the caller's sample) cost ~700 bytes of
// heap each, where a row here costs ~100: one id string, a few slots in arrays.
import { ChunkedMap } from "./chunked.js";

export { Column, NumberColumn } from "./chunked.js";

/** Returns the one stored copy of equal strings, so a category named on every call is kept once. */
export class Interner {
  private readonly strings = new Map<string, string>();
  /** The last string interned: a column's next value is most often the same (one comparison, not a hash). */
  private last: string | undefined;

  intern<T extends string | undefined>(value: T): T {
    if (value === undefined) return value;
    if (value === this.last) return this.last as T;
    let known = this.strings.get(value);
    if (known === undefined) this.strings.set(value, (known = value));
    this.last = known;
    return known as T;
  }
}

/** Row numbers by (group, key): the row a key is given the first time is its row ever after. */
export class RowIndex {
  private readonly groups = new Map<string, ChunkedMap<number>>();
  private lastGroup: string | undefined;
  private lastKeys: ChunkedMap<number> | undefined;

  /** The row (group, key) has; a key seen for the first time is given `fresh`, the caller's next row. */
  rowFor(group: string, key: string, fresh: number): number {
    // A session's calls all name one group: the last one's keys are found by a comparison.
    let keys = group === this.lastGroup ? this.lastKeys : this.groups.get(group);
    if (!keys) this.groups.set(group, (keys = new ChunkedMap()));
    this.lastGroup = group;
    this.lastKeys = keys;
    return keys.getOrAdd(key, fresh);
  }
}
