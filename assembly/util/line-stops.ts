// The units a line that needs no cleaning is scanned for, 32 at a time.

/**
 * All ones in lane k when unit k of the eight in v is one the cleaner must
 * look at (util/scan.ts isStopUnit): a C0 control but tab, DEL, the 8-bit
 * CSI, or a surrogate. Saturating subtraction and a masked compare instead of
 * unsigned compares, which x86 lacks for 16-bit lanes.
 */
// @ts-ignore: decorator
@inline function stops(v: v128): v128 {
  const control = v128.andnot(i16x8.eq(i16x8.sub_sat_u(v, i16x8.splat(0x1f)), i16x8.splat(0)), i16x8.eq(v, i16x8.splat(0x09)));
  const surrogate = i16x8.eq(v128.and(v, i16x8.splat(<i16>0xf800)), i16x8.splat(<i16>0xd800));
  const other = v128.or(i16x8.eq(v, i16x8.splat(0x7f)), i16x8.eq(v, i16x8.splat(<i16>0x9b)));
  return v128.or(v128.or(control, surrogate), other);
}

// @ts-ignore: decorator
@inline function stopBits16(p: usize): u32 {
  return <u32>i8x16.bitmask(i8x16.narrow_i16x8_s(stops(v128.load(p)), stops(v128.load(p, 16))));
}

/**
 * Bit k set when unit k of the 32 at p is one the cleaner must look at.
 * 32 a step: plain lines are a few dozen units long, and a wider step
 * classifies units past the line end that the next step reads again.
 */
// @ts-ignore: decorator
@inline export function stopBits32(p: usize): u32 {
  return stopBits16(p) | (stopBits16(p + 32) << 16);
}
