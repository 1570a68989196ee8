// Lines compared with their digits masked: two lines that differ only in which digits they
// hold ("unit3_7.c:3:33: warning …" and "unit4_2.c:3:33: warning …") split into the same
// tokens, and every token but those holding a digit is the same. What a reader of a line's
// tokens works out with numbers masked (important/shapes.ts) holds for both.

/** The lanes of `units` (8 UTF-16 units) that hold an ASCII digit all ones, the others zero; `zeros` is '0' in every lane, `tens` 10. */
// @ts-ignore: decorator
@inline function digitLanes(units: v128, zeros: v128, tens: v128): v128 {
  return i16x8.lt_u(i16x8.sub(units, zeros), tens);
}

/** '0' in every 16-bit lane, then 10 in every lane (static data only where the functions below are compiled). */
// @ts-ignore: decorator
@inline function digitVectors(): usize {
  return memory.data<u64>([0x0030003000300030, 0x0030003000300030, 0x000a000a000a000a, 0x000a000a000a000a]);
}

/**
 * The `length` units at a and at b of the UTF-16 data at base are the same but for their
 * digits: where one holds a digit the other holds one too. Both runs lie inside the data.
 */
export function sameButDigits(base: usize, a: i32, b: i32, length: i32): bool {
  if (length < 8) {
    for (let i = 0; i < length; i++) {
      const x = <u32>load<u16>(base + (<usize>(a + i) << 1));
      const y = <u32>load<u16>(base + (<usize>(b + i) << 1));
      if (x != y && (x - 0x30 >= 10 || y - 0x30 >= 10)) return false;
    }
    return true;
  }
  const vectors = digitVectors();
  const zeros = v128.load(vectors);
  const tens = v128.load(vectors, 16);
  // Steps of 8 units, the last one ending at the runs' end (it may cover units seen already).
  let i = 0;
  while (true) {
    const x = v128.load(base + (<usize>(a + i) << 1));
    const y = v128.load(base + (<usize>(b + i) << 1));
    // Most steps of lines alike hold the same units: their digits are read only where not.
    const same = i16x8.eq(x, y);
    if (!i16x8.all_true(same) && !i16x8.all_true(v128.or(same, v128.and(digitLanes(x, zeros, tens), digitLanes(y, zeros, tens))))) return false;
    if (i + 8 == length) return true;
    i = min(i + 8, length - 8);
  }
}

/**
 * A hash of a run of `length` units (8 at least) at a of the UTF-16 data at base, its digits
 * masked, from its length and its first and last 8 units: runs sameButDigits() tells alike
 * hash alike. `bits` high bits of it.
 */
export function maskedEndsHash(base: usize, a: i32, length: i32, bits: i32): i32 {
  const vectors = digitVectors();
  const zeros = v128.load(vectors);
  const tens = v128.load(vectors, 16);
  const head = v128.load(base + (<usize>a << 1));
  const tail = v128.load(base + (<usize>(a + length - 8) << 1));
  const h = v128.xor(v128.bitselect(zeros, head, digitLanes(head, zeros, tens)), i64x2.shl(v128.bitselect(zeros, tail, digitLanes(tail, zeros, tens)), 7));
  const folded = ((<u64>i64x2.extract_lane(h, 0) ^ <u64>length) * 0x9e3779b97f4a7c15) ^ (<u64>i64x2.extract_lane(h, 1) * 0xc2b2ae3d27d4eb4f);
  return <i32>((folded ^ (folded >> 29)) * 0x94d049bb133111eb >> <u64>(64 - bits));
}
