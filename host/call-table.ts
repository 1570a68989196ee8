// Per-call figures of a long session without one object per call. A session can
// run for tens of thousands of tool calls; an object per call (with its own
// hidden class when built by spreading the caller's sample) cost ~700 bytes of
// heap each, where a row here costs ~100: one id string, a few slots in arrays.
import { ChunkedMap } from "./chunked.js";

export { Column, NumberColumn } from "./chunked.js";

/** Returns the one stored copy of equal strings, so a category named on every call is kept once. */
export class Interner {
  private readonly strings = new Map<string, string>();

  intern<T extends string | undefined>(value: T): T {
    if (value === undefined) return value;
    const known = this.strings.get(value);
    if (known !== undefined) return known as T;
    this.strings.set(value, value);
    return value;
  }
}

/** Row numbers by (group, key): the row of a key recorded again is reused, so it counts once. */
export class RowIndex {
  private readonly groups = new Map<string, ChunkedMap<number>>();
  private rows = 0;

  get size(): number {
    return this.rows;
  }

  /** The row of (group, key), and whether it was just added. */
  rowOf(group: string, key: string): { row: number; added: boolean } {
    let keys = this.groups.get(group);
    if (!keys) this.groups.set(group, (keys = new ChunkedMap()));
    const known = keys.get(key);
    if (known !== undefined) return { row: known, added: false };
    keys.set(key, this.rows);
    return { row: this.rows++, added: true };
  }
}
