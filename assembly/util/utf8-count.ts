// UTF-8 bytes of UTF-16 text already in the core's memory, as Buffer.byteLength counts
// them (a lone surrogate as the 3 bytes of U+FFFD): the host's test of whether a whole
// output is past streamBufferBytes, on the copy the digest and the log's escape read,
// where V8 counts a string holding one non-Latin-1 character a unit at a time.
//
// A raw-pointer export: the host lowers the text (the session's resident copy).

const UNITS_PER_STEP = 8;
/** Units of the blocks tested for ASCII at once (four steps). */
const ASCII_BLOCK = 32;

/**
 * UTF-8 bytes of the UTF-16 units [text, text + 2·units): one byte a unit, one more from
 * 0x80, one more from 0x800, less two for each high surrogate followed by a low one (a pair
 * is 4 bytes, where its two units counted 3 each). Returned as f64: it may pass 2^31.
 */
export function utf8ByteCount(text: usize, units: i32): f64 {
  let extra: i64 = 0;
  let i = 0;
  // Per-lane counts, each lane moving by at most 2 a step: flushed before they could wrap.
  let acc = i16x8.splat(0);
  let steps = 0;
  const limit80 = i16x8.splat(0x7f);
  const limit800 = i16x8.splat(0x7ff);
  const surrogateMask = i16x8.splat(<i16>0xfc00);
  const high = i16x8.splat(<i16>0xd800);
  const low = i16x8.splat(<i16>0xdc00);
  const nonAscii = i16x8.splat(<i16>0xff80);
  // The step reads units up to i + 8 (the low surrogate after the last lane). The
  // size-optimised build (the component's) leaves it out: the scalar loop counts alike.
  for (; ASC_SHRINK_LEVEL < 2 && i + UNITS_PER_STEP < units; i += UNITS_PER_STEP) {
    const at = text + (<usize>i << 1);
    // A block of ASCII units, the most of a log, is passed in one test of four vectors;
    // one that holds another unit is counted by the steps of 8 below, block after block.
    if ((i & (ASCII_BLOCK - 1)) == 0 && i + ASCII_BLOCK <= units) {
      const any = v128.or(v128.or(v128.load(at), v128.load(at, 16)), v128.or(v128.load(at, 32), v128.load(at, 48)));
      if (!v128.any_true(v128.and(any, nonAscii))) {
        i += ASCII_BLOCK - UNITS_PER_STEP;
        continue;
      }
    }
    const u = v128.load(at);
    const wide = i16x8.gt_u(u, limit80);
    // Eight ASCII units are eight bytes, the units' own count: most text is ASCII.
    if (!v128.any_true(wide)) continue;
    const next = v128.load(at, 2);
    // Comparisons give -1 for true: subtracting them adds one.
    acc = i16x8.sub(acc, wide);
    acc = i16x8.sub(acc, i16x8.gt_u(u, limit800));
    const pair = v128.and(i16x8.eq(v128.and(u, surrogateMask), high), i16x8.eq(v128.and(next, surrogateMask), low));
    // A pair counted 2 extra bytes for each unit: 4 in all, 2 too many.
    acc = i16x8.add(acc, i16x8.add(pair, pair));
    if (++steps == 8192) {
      extra += lanesSum(acc);
      acc = i16x8.splat(0);
      steps = 0;
    }
  }
  extra += lanesSum(acc);
  for (; i < units; i++) {
    const c = <i32>load<u16>(text + (<usize>i << 1));
    if (c < 0x80) continue;
    if (c < 0x800) extra += 1;
    else if ((c & 0xfc00) == 0xd800 && i + 1 < units && (<i32>load<u16>(text + (<usize>(i + 1) << 1)) & 0xfc00) == 0xdc00) {
      extra += 2;
      i++;
    } else extra += 2;
  }
  return <f64>(<i64>units + extra);
}

/** The sum of eight signed 16-bit lanes. */
// @ts-ignore: decorator
@inline function lanesSum(v: v128): i64 {
  const wide = i32x4.extadd_pairwise_i16x8_s(v);
  return <i64>(i32x4.extract_lane(wide, 0) + i32x4.extract_lane(wide, 1) + i32x4.extract_lane(wide, 2) + i32x4.extract_lane(wide, 3));
}
