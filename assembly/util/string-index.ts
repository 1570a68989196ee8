// A map of strings to i32 values for the core's few string-keyed tables (tool names,
// directories and extensions of a listing). Built on the map of u32 to i32 the core
// has already: a string map of the standard library adds its own hashing, probing and
// resizing code (about 1 KB) to every module, the component's included.
import { unitsHash } from "./hash";

export class StringIndex {
  /** Per hash, the last entry added with that hash. */
  private last: Map<u32, i32> = new Map<u32, i32>();
  private keys: Array<string> = [];
  private values: Array<i32> = [];
  /** Per entry, the entry added before it with the same hash, or -1. */
  private before: Array<i32> = [];

  /** The number of keys. */
  get size(): i32 {
    return this.keys.length;
  }

  /** The entry of `key`, or -1. */
  private find(key: string, hash: u32): i32 {
    let e = this.last.has(hash) ? this.last.get(hash) : -1;
    while (e >= 0 && unchecked(this.keys[e]) != key) e = unchecked(this.before[e]);
    return e;
  }

  has(key: string): bool {
    return this.find(key, hashOf(key)) >= 0;
  }

  /** The value of `key`, which the index holds. */
  get(key: string): i32 {
    return this.values[this.find(key, hashOf(key))];
  }

  set(key: string, value: i32): void {
    const hash = hashOf(key);
    const e = this.find(key, hash);
    if (e >= 0) {
      unchecked((this.values[e] = value));
      return;
    }
    this.before.push(this.last.has(hash) ? this.last.get(hash) : -1);
    this.last.set(hash, this.keys.length);
    this.keys.push(key);
    this.values.push(value);
  }
}

function hashOf(key: string): u32 {
  return unitsHash(changetype<usize>(key), 0, key.length);
}
