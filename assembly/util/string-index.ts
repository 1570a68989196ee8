// A map of strings to i32 values for the core's few string-keyed tables (tool names,
// directories and extensions of a listing). Built on the core's map of u32 to i32
// (u32-map.ts): a string map of the standard library adds its own hashing, probing and
// resizing code (about 1 KB) to every module, the component's included.
import { unitsHash } from "./hash";
import { U32Map } from "./u32-map";

export class StringIndex {
  /** Per hash, the last entry added with that hash. */
  private last: U32Map = new U32Map();
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
    let e = this.last.valueOr(hash, -1);
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
    this.before.push(this.last.valueOr(hash, -1));
    this.last.set(hash, this.keys.length);
    this.keys.push(key);
    this.values.push(value);
  }
}

function hashOf(key: string): u32 {
  return unitsHash(changetype<usize>(key), 0, key.length);
}
