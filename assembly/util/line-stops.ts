// The units a line that needs no cleaning is scanned for, eight at a time.

/**
 * Bit k set when unit k of the eight in v is one the cleaner must look at
 * (util/scan.ts isStopUnit): a C0 control but tab, DEL, the 8-bit CSI, or
 * a surrogate. Saturating subtraction and a masked compare instead of
 * unsigned compares, which x86 lacks for 16-bit lanes.
 */
// @ts-ignore: decorator
@inline function stops(v: v128): v128 {
  const control = v128.andnot(i16x8.eq(i16x8.sub_sat_u(v, i16x8.splat(0x1f)), i16x8.splat(0)), i16x8.eq(v, i16x8.splat(0x09)));
  const surrogate = i16x8.eq(v128.and(v, i16x8.splat(<i16>0xf800)), i16x8.splat(<i16>0xd800));
  const other = v128.or(i16x8.eq(v, i16x8.splat(0x7f)), i16x8.eq(v, i16x8.splat(<i16>0x9b)));
  return v128.or(v128.or(control, surrogate), other);
}

/** stopBits for the 16 units at p. */
// @ts-ignore: decorator
@inline export function stopBits16(p: usize): i32 {
  return i8x16.bitmask(i8x16.narrow_i16x8_s(stops(v128.load(p)), stops(v128.load(p, 16))));
}
