// Which of a few short ASCII needles occur in a text, ignoring ASCII case: the
// prefilter of the host's secret redaction (host/redact.ts owns the needles; a
// rule's regular expressions run only when one of its needles occurs). One pass
// of 16 units a step: each needle's first three characters select it into one of
// eight buckets, and three nibble tables per position say which buckets the
// characters at i, i+1 and i+2 may start (the "Teddy" scheme); a block where no
// bucket survives all three is skipped, a surviving position is checked in full.
//
// A raw-pointer export: the host lowers the text and the needles ("\n" between
// them, lower case, each 3 to 64 characters) and allocates `found`, one byte a
// needle, set to 1 for each needle that occurs. The text is UTF-16 (findNeedles) or
// UTF-8 bytes (findNeedlesUtf8: a byte from 0x80 on is no ASCII needle's, as a unit
// from 0x100 on is none's), read 16 units a step either way.

const MAX_NEEDLES = 64;
const FINGERPRINT = 3;

// @ts-ignore: decorator
@inline function foldUnit(u: u32): u32 {
  return u - 0x41 < 26 ? u | 0x20 : u;
}

/** Whether needle `n` (its units at [start, start + len) of `needles`) occurs at text unit `at` (units of T). */
function occursAt<T>(text: usize, at: i32, units: i32, needles: usize, start: i32, len: i32): bool {
  if (at + len > units) return false;
  for (let k = 0; k < len; k++) {
    const u = foldUnit(<u32>load<T>(text + <usize>(at + k) * sizeof<T>()));
    if (u != <u32>load<u16>(needles + (<usize>(start + k) << 1))) return false;
  }
  return true;
}

/**
 * Sets found[n] = 1 for each needle n that occurs in the UTF-16 text [text, text + 2·units).
 * Returns how many needles were found, or -1 when the needles are not 1 to 64 of 3 to 64 characters.
 */
export function findNeedles(text: usize, units: i32, needles: usize, needleUnits: i32, found: usize): i32 {
  return findNeedlesIn<u16>(text, units, needles, needleUnits, found);
}

/** findNeedles() of UTF-8 bytes [text, text + bytes): the Node core's, for bytes given to process(). */
export function findNeedlesUtf8(text: usize, bytes: i32, needles: usize, needleUnits: i32, found: usize): i32 {
  return findNeedlesIn<u8>(text, bytes, needles, needleUnits, found);
}

/** findNeedles() of a text of units of T: u16 (UTF-16) or u8 (UTF-8 bytes). */
function findNeedlesIn<T>(text: usize, units: i32, needles: usize, needleUnits: i32, found: usize): i32 {
  // The needles' starts and lengths, and each one's bucket.
  const starts = new StaticArray<i32>(MAX_NEEDLES);
  const lengths = new StaticArray<i32>(MAX_NEEDLES);
  const buckets = new StaticArray<u8>(MAX_NEEDLES);
  let count = 0;
  let from = 0;
  for (let i = 0; i <= needleUnits; i++) {
    if (i < needleUnits && load<u16>(needles + (<usize>i << 1)) != 0x0a) continue;
    const len = i - from;
    if (count == MAX_NEEDLES || len < FINGERPRINT || len > 64) return -1;
    unchecked((starts[count] = from));
    unchecked((lengths[count] = len));
    count++;
    from = i + 1;
  }
  // Needles with the same first character share a bucket (their first column is then exact).
  // The largest groups get a bucket each; past eight, the smaller groups share the last ones.
  const firsts = new StaticArray<u32>(MAX_NEEDLES);
  const sizes = new StaticArray<i32>(MAX_NEEDLES);
  const groupOf = new StaticArray<i32>(MAX_NEEDLES);
  let distinct = 0;
  for (let n = 0; n < count; n++) {
    const c = <u32>load<u16>(needles + (<usize>unchecked(starts[n]) << 1));
    let d = 0;
    while (d < distinct && unchecked(firsts[d]) != c) d++;
    if (d == distinct) unchecked((firsts[distinct++] = c));
    unchecked((sizes[d] += 1));
    unchecked((groupOf[n] = d));
  }
  // Rank of each group by size (largest first, ties by first appearance).
  const bucketOfGroup = new StaticArray<i32>(MAX_NEEDLES);
  for (let g = 0; g < distinct; g++) {
    let rank = 0;
    for (let h = 0; h < distinct; h++) {
      if (unchecked(sizes[h]) > unchecked(sizes[g]) || (unchecked(sizes[h]) == unchecked(sizes[g]) && h < g)) rank++;
    }
    // Ranks 0–4 alone; the rest share buckets 5–7.
    unchecked((bucketOfGroup[g] = rank < 5 ? rank : 5 + ((rank - 5) % 3)));
  }
  // Each bucket's needles, so a candidate is checked against its bucket only.
  const members = new StaticArray<i32>(8 * MAX_NEEDLES);
  const memberCounts = new StaticArray<i32>(8);
  for (let n = 0; n < count; n++) {
    const b = unchecked(bucketOfGroup[unchecked(groupOf[n])]);
    unchecked((buckets[n] = <u8>(<i32>1 << b)));
    unchecked((members[b * MAX_NEEDLES + memberCounts[b]] = n));
    unchecked((memberCounts[b] += 1));
  }
  // Nibble tables per fingerprint column: a character may start bucket b at column k when
  // some needle of b has its low nibble and some needle of b its high nibble there.
  const lo = new StaticArray<u8>(16 * FINGERPRINT);
  const hi = new StaticArray<u8>(16 * FINGERPRINT);
  for (let n = 0; n < count; n++) {
    for (let k = 0; k < FINGERPRINT; k++) {
      // Folded as the scan folds the text (OR 0x20: `_` becomes 0x7f in both).
      const c = <u32>load<u16>(needles + (<usize>(unchecked(starts[n]) + k) << 1)) | 0x20;
      const b = unchecked(buckets[n]);
      unchecked((lo[k * 16 + (c & 15)] |= b));
      unchecked((hi[k * 16 + ((c >> 4) & 15)] |= b));
    }
  }
  const base = changetype<usize>(lo);
  const baseHi = changetype<usize>(hi);
  const lo0 = v128.load(base), lo1 = v128.load(base, 16), lo2 = v128.load(base, 32);
  const hi0 = v128.load(baseHi), hi1 = v128.load(baseHi, 16), hi2 = v128.load(baseHi, 32);
  const nibble = i8x16.splat(0x0f);
  const fold = i8x16.splat(0x20);
  for (let n = 0; n < count; n++) store<u8>(found + n, 0);
  let remaining = count;

  // Each block of 16 units is narrowed once and looked up in all three columns' tables; a
  // needle that starts at unit p then shows in lane p + 2 of column 2's result, of column 1's
  // shifted one lane on and of column 0's shifted two (the lanes shifted in come from the
  // block before), so the lanes that survive all three are the ends of candidates.
  let i = 0;
  let prev0 = i8x16.splat(0);
  let prev1 = i8x16.splat(0);
  for (; i + 16 <= units && remaining > 0; i += 16) {
    const at = text + <usize>i * sizeof<T>();
    // Units from 0x100 narrow to 0xff (or 0 from 0x8000), which no needle holds; OR 0x20 folds
    // letters (and maps a few other characters together, which the full check sorts out).
    // Bytes from 0x80 stay from 0xa0 on: no needle's either.
    const c = v128.or(sizeof<T>() == 1 ? v128.load(at) : i8x16.narrow_i16x8_u(v128.load(at), v128.load(at, 16)), fold);
    const low = v128.and(c, nibble);
    const high = i8x16.shr_u(c, 4);
    const t0 = v128.and(i8x16.swizzle(lo0, low), i8x16.swizzle(hi0, high));
    const t1 = v128.and(i8x16.swizzle(lo1, low), i8x16.swizzle(hi1, high));
    const t2 = v128.and(i8x16.swizzle(lo2, low), i8x16.swizzle(hi2, high));
    const m = v128.and(
      t2,
      v128.and(
        i8x16.shuffle(prev1, t1, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30),
        i8x16.shuffle(prev0, t0, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29),
      ),
    );
    prev0 = t0;
    prev1 = t1;
    if (!v128.any_true(m)) continue;
    let lanes = i8x16.bitmask(v128.not(i8x16.eq(m, i8x16.splat(0))));
    while (lanes != 0) {
      const j = ctz<i32>(lanes);
      lanes &= lanes - 1;
      remaining -= checkAt<T>(text, i + j - (FINGERPRINT - 1), units, needles, starts, lengths, members, memberCounts, found, <u8>i8x16.extract_lane_u(i8x16.swizzle(m, i8x16.splat(<i8>j)), 0));
    }
  }
  // The starts whose fingerprint ends past the last block, one at a time against every bucket.
  i = max(0, i - (FINGERPRINT - 1));
  for (; i < units && remaining > 0; i++) remaining -= checkAt<T>(text, i, units, needles, starts, lengths, members, memberCounts, found, 0xff);
  return count - remaining;
}

/** Checks the needles of the buckets in `bucketBits` at `at`; marks and counts the ones newly found. */
function checkAt<T>(text: usize, at: i32, units: i32, needles: usize, starts: StaticArray<i32>, lengths: StaticArray<i32>, members: StaticArray<i32>, memberCounts: StaticArray<i32>, found: usize, bucketBits: u8): i32 {
  let newly = 0;
  let bits = <i32>bucketBits;
  while (bits != 0) {
    const b = ctz<i32>(bits);
    bits &= bits - 1;
    const m = unchecked(memberCounts[b]);
    for (let k = 0; k < m; k++) {
      const n = unchecked(members[b * MAX_NEEDLES + k]);
      if (load<u8>(found + n) != 0) continue;
      if (occursAt<T>(text, at, units, needles, unchecked(starts[n]), unchecked(lengths[n]))) {
        store<u8>(found + n, 1);
        newly++;
      }
    }
  }
  return newly;
}
