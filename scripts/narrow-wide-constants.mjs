// A 64-bit constant that an i32 constant converts to exactly is written as that conversion:
// `f64.const 0` takes nine bytes (its opcode and eight of IEEE 754), `f64.convert_i32_s
// (i32.const 0)` three; `i64.const 4294967295` six, `i64.extend_i32_u (i32.const -1)` three.
// The value is the same bits (an integral f64 converts exactly; -0.0 is left alone, as the
// conversion gives +0.0), and a compiler folds the conversion of a constant.
// For the component's core module (scripts/build-component.mjs), at the end of each round of
// Binaryen's size pipeline: its next round folds the conversions back into constants (and
// this writes them out again), so only the module a round emits holds them.
import binaryen from "binaryen";
import { walkWithPlaces } from "./outline-call-tests.mjs";

/** Bytes of a signed LEB128 of the BigInt `value`. */
function slebBytes(value) {
  let bytes = 1;
  for (let v = value; v < -64n || v > 63n; v >>= 7n) bytes++;
  return bytes;
}

/** Bytes of `f64.const`: its opcode and eight of IEEE 754. */
const F64_CONST_BYTES = 9;
/** Bytes of `i32.const` or `i64.const` of the BigInt `value`: its opcode and the LEB128. */
const constBytes = (value) => 1 + slebBytes(value);
/** Bytes of a conversion: its opcode. */
const CONVERSION_BYTES = 1;

/**
 * The i32 constant whose conversion (`convert`: "f64" signed to f64, "i64u" unsigned to i64) gives
 * `expr`'s value, where the conversion and it take fewer bytes than `expr`: { value, convert }; null otherwise.
 */
function narrowerOf(expr) {
  const type = binaryen.getExpressionType(expr);
  if (type === binaryen.f64) {
    const v = binaryen.Const.getValueF64(expr);
    if (!Number.isInteger(v) || Object.is(v, -0) || v < -(2 ** 31) || v >= 2 ** 31) return null;
    return constBytes(BigInt(v)) + CONVERSION_BYTES < F64_CONST_BYTES ? { value: v, convert: "f64" } : null;
  }
  if (type === binaryen.i64) {
    // Only a value below 2^32 converts from an i32 without sign, and only one of 2^31 or
    // more gains: its own signed LEB128 is longer than that of the i32, which is negative.
    const wide = BigInt.asIntN(64, BigInt(binaryen.Const.getValueI64(expr)));
    if (wide < 2n ** 31n || wide >= 2n ** 32n) return null;
    const narrow = BigInt.asIntN(32, wide);
    return constBytes(narrow) + CONVERSION_BYTES < constBytes(wide) ? { value: Number(narrow), convert: "i64u" } : null;
  }
  return null;
}

/** Rewrites the wide constants of `module`'s defined functions that a converted i32 constant writes in fewer bytes; how many. */
export function narrowWideConstants(module) {
  let count = 0;
  for (let k = 0, n = module.getNumFunctions(); k < n; k++) {
    const fn = module.getFunctionByIndex(k);
    const info = binaryen.getFunctionInfo(fn);
    if (info.module || !info.body) continue;
    const visit = (expr, replace) => {
      if (binaryen.getExpressionId(expr) !== binaryen.ConstId) return;
      const narrow = narrowerOf(expr);
      if (narrow === null) return;
      const i32 = module.i32.const(narrow.value);
      replace(narrow.convert === "f64" ? module.f64.convert_s.i32(i32) : module.i64.extend_u(i32));
      count++;
    };
    walkWithPlaces(info.body, visit, (other) => binaryen.Function.setBody(fn, other));
  }
  return count;
}
