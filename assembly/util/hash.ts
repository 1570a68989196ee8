// A fast hash of UTF-16 ranges for the core's tables (line shapes, search paths):
// four units per multiply, the length mixed in, a final mix so that its low bits
// index a table. Tables compare what they hash, or count a collision as a match
// only where one in 2^32 does not matter; nothing stores these values.

/** Hash of the units [a, b) of the UTF-16 data at base. */
export function unitsHash(base: usize, a: i32, b: i32): u32 {
  let h: u64 = 0xcbf29ce484222325;
  let i = a;
  for (; i + 4 <= b; i += 4) h = (h ^ load<u64>(base + (<usize>i << 1))) * 0x100000001b3;
  if (i < b) {
    let tail: u64 = 0;
    for (let k = 0; i < b; i++, k += 16) tail |= <u64>load<u16>(base + (<usize>i << 1)) << <u64>k;
    h = (h ^ tail) * 0x100000001b3;
  }
  // The length goes in after the units: "b" and "a\0" must differ.
  h = (h ^ (<u64>(b - a) << 32)) * 0x100000001b3;
  h ^= h >> 32;
  h *= 0x9e3779b97f4a7c15;
  return <u32>(h >> 32);
}
