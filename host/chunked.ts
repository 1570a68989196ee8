// Tables that grow with a session in fixed-size pieces. A long session adds a row per tool call;
// one array or Map holding every row grows by copying all of them at once (a Map rehashes at
// each power of two), which stalls the call that crosses the size: ~30 ms at 32,768 rows. Here
// growth allocates one new piece at a time, so no call pays more than a piece's worth.

/** Rows per piece of a column: 1,024 slots copy in microseconds. */
const ROW_BITS = 10;
const ROWS_PER_CHUNK = 1 << ROW_BITS;
const ROW_MASK = ROWS_PER_CHUNK - 1;
/** A short session's first piece starts this small and doubles up to a full piece. */
const FIRST_ROWS = 64;

/** A growable column of numbers, one slot per row, kept in fixed-size pieces. */
export class NumberColumn {
  private readonly chunks: Float64Array[] = [new Float64Array(FIRST_ROWS)];

  get(row: number): number {
    return this.chunks[row >>> ROW_BITS]![row & ROW_MASK]!;
  }

  set(row: number, value: number): void {
    const index = row >>> ROW_BITS;
    const slot = row & ROW_MASK;
    let chunk = this.chunks[index];
    if (chunk === undefined || slot >= chunk.length) chunk = this.grow(index, slot);
    chunk[slot] = value;
  }

  private grow(index: number, slot: number): Float64Array {
    const short = this.chunks[index];
    if (short !== undefined) {
      let capacity = short.length * 2;
      while (capacity <= slot) capacity *= 2;
      const next = new Float64Array(Math.min(capacity, ROWS_PER_CHUNK));
      next.set(short);
      return (this.chunks[index] = next);
    }
    // Earlier pieces are full-sized from here on: rows past the first piece mean a long session.
    if (this.chunks[0]!.length < ROWS_PER_CHUNK) this.grow(0, ROW_MASK);
    while (this.chunks.length <= index) this.chunks.push(new Float64Array(ROWS_PER_CHUNK));
    return this.chunks[index]!;
  }
}

/** A growable column of any values, one slot per row, kept in fixed-size pieces (undefined where unset). */
export class Column<T> {
  private readonly chunks: T[][] = [];

  get(row: number): T | undefined {
    return this.chunks[row >>> ROW_BITS]?.[row & ROW_MASK];
  }

  set(row: number, value: T): void {
    const index = row >>> ROW_BITS;
    while (this.chunks.length <= index) this.chunks.push([]);
    this.chunks[index]![row & ROW_MASK] = value;
  }
}

/** Keys spread over this many groups by a hash of their own, so each group holds a share. */
const SHARD_BITS = 6;
const SHARD_MASK = (1 << SHARD_BITS) - 1;
/** Keys per Map: its last rehash copies at most this many. */
const KEYS_PER_MAP = 1024;

/**
 * A Map from strings to values that never rehashes more than KEYS_PER_MAP keys at once: keys go
 * to one of 64 groups by their hash, and a group is a list of Maps, each filled up to
 * KEYS_PER_MAP before the next is started. A lookup reads one Map per 1,024 keys of its group
 * (one up to ~65,000 keys in all). Values must not be undefined.
 */
export class ChunkedMap<V> {
  private readonly groups: Array<Array<Map<string, V>>> = [];
  private count = 0;

  get size(): number {
    return this.count;
  }

  get(key: string): V | undefined {
    const group = this.groups[groupOf(key)];
    if (group === undefined) return undefined;
    for (let i = group.length - 1; i >= 0; i--) {
      const value = group[i]!.get(key);
      if (value !== undefined) return value;
    }
    return undefined;
  }

  set(key: string, value: V): void {
    const g = groupOf(key);
    const group = (this.groups[g] ??= []);
    for (const map of group) {
      if (map.has(key)) {
        map.set(key, value);
        return;
      }
    }
    let last = group[group.length - 1];
    if (last === undefined || last.size >= KEYS_PER_MAP) group.push((last = new Map()));
    last.set(key, value);
    this.count++;
  }

  /**
   * The value of `key`; when it has none, `value` becomes it. One hash and one pass over the
   * group where get() and then set() take two of each: a session adds a key on every call.
   */
  getOrAdd(key: string, value: V): V {
    const group = (this.groups[groupOf(key)] ??= []);
    for (let i = group.length - 1; i >= 0; i--) {
      const known = group[i]!.get(key);
      if (known !== undefined) return known;
    }
    let last = group[group.length - 1];
    if (last === undefined || last.size >= KEYS_PER_MAP) group.push((last = new Map()));
    last.set(key, value);
    this.count++;
    return value;
  }

  delete(key: string): boolean {
    const group = this.groups[groupOf(key)];
    if (group === undefined) return false;
    for (const map of group) {
      if (map.delete(key)) {
        this.count--;
        return true;
      }
    }
    return false;
  }
}

/** Which group a key belongs to: FNV-1a over its UTF-16 units. */
function groupOf(key: string): number {
  let h = 0x811c9dc5 | 0;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
  return (h ^ (h >>> 16)) & SHARD_MASK;
}
