// Per-call figures of a long session without one object per call. A session can
// run for tens of thousands of tool calls; an object per call (with its own
// hidden class when built by spreading the caller's sample) cost ~700 bytes of
// heap each, where a row here costs ~100: one id string, a few slots in arrays.

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

/** A growable column of numbers, one slot per row. */
export class NumberColumn {
  private data = new Float64Array(64);

  get(row: number): number {
    return this.data[row]!;
  }

  set(row: number, value: number): void {
    if (row >= this.data.length) {
      let capacity = this.data.length * 2;
      while (capacity <= row) capacity *= 2;
      const next = new Float64Array(capacity);
      next.set(this.data);
      this.data = next;
    }
    this.data[row] = value;
  }
}

/** Row numbers by (group, key): the row of a key recorded again is reused, so it counts once. */
export class RowIndex {
  private readonly groups = new Map<string, Map<string, number>>();
  private rows = 0;

  get size(): number {
    return this.rows;
  }

  /** The row of (group, key), and whether it was just added. */
  rowOf(group: string, key: string): { row: number; added: boolean } {
    let keys = this.groups.get(group);
    if (!keys) this.groups.set(group, (keys = new Map()));
    const known = keys.get(key);
    if (known !== undefined) return { row: known, added: false };
    keys.set(key, this.rows);
    return { row: this.rows++, added: true };
  }
}
