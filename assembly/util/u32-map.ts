// A map of u32 keys to i32 values, the only kind of map the core needs (messages' word
// hashes, JSON paths, string hashes). Open addressing in two flat arrays: smaller code than
// the standard library's Map (its buckets, entry chains and shrinking), no slower for the
// core's has/get/set, and nothing here iterates or deletes.

const FIRST_CAPACITY: i32 = 16;

export class U32Map {
  /** Per slot, its key + 1, or 0 for an empty slot. */
  private keys: StaticArray<u64> = new StaticArray<u64>(FIRST_CAPACITY);
  private values: StaticArray<i32> = new StaticArray<i32>(FIRST_CAPACITY);
  private count: i32 = 0;

  /** The slot that holds `key`, or the empty slot where it would go. */
  private slotOf(key: u32): i32 {
    const mask = this.keys.length - 1;
    const mixed = key * 0x9e3779b1;
    let i = <i32>(mixed ^ (mixed >>> 16)) & mask;
    const want = <u64>key + 1;
    while (true) {
      const held = unchecked(this.keys[i]);
      if (held == 0 || held == want) return i;
      i = (i + 1) & mask;
    }
  }

  has(key: u32): bool {
    return unchecked(this.keys[this.slotOf(key)]) != 0;
  }

  /** The value of `key`, or `missing` when the map has none. */
  valueOr(key: u32, missing: i32): i32 {
    const i = this.slotOf(key);
    return unchecked(this.keys[i]) != 0 ? unchecked(this.values[i]) : missing;
  }

  set(key: u32, value: i32): void {
    let i = this.slotOf(key);
    if (unchecked(this.keys[i]) == 0) {
      // At most three quarters full, so that probes stay short.
      if ((this.count + 1) * 4 > this.keys.length * 3) {
        this.grow();
        i = this.slotOf(key);
      }
      this.count++;
      unchecked((this.keys[i] = <u64>key + 1));
    }
    unchecked((this.values[i] = value));
  }

  private grow(): void {
    const keys = this.keys;
    const values = this.values;
    const n = keys.length;
    this.keys = new StaticArray<u64>(n << 1);
    this.values = new StaticArray<i32>(n << 1);
    this.count = 0;
    for (let j = 0; j < n; j++) {
      const held = unchecked(keys[j]);
      if (held != 0) this.set(<u32>(held - 1), unchecked(values[j]));
    }
  }
}
