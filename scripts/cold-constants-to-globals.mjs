// A constant the functions off the hot path of compact() write at many places is read from an
// immutable global instead: `global.get` of one of the first 128 globals takes two bytes, where
// `i32.const 64` takes three, `i32.const 2147483647` six, and an i64 hash constant up to eleven.
// A global costs its entry (its type, mutability and the constant), so only a value written at
// enough places gets one, the most bytes saved first, while global indices take one byte.
// The hot functions (scripts/hot-functions.mjs) keep their immediates, which their loops read
// fastest; a function the build made (an outlined call, which hotFunctions counts as hot) is
// cold when only cold functions call it. For the component's core module (scripts/build-component.mjs), at the end of each
// round of Binaryen's size pipeline: its next round writes such globals' values back in place
// (simplify-globals) and drops them, and this makes them again.
import binaryen from "binaryen";
import { walkWithPlaces } from "./outline-call-tests.mjs";

/** Prefix of the globals made here. */
const PREFIX = "~cold-constant|";
/** Globals below this index are read with a one-byte index. */
const ONE_BYTE_GLOBALS = 128;
/** Bytes of `global.get` with a one-byte index. */
const GLOBAL_GET_BYTES = 2;
/** Bytes of a global's entry besides its constant: its type, its mutability and the end of its initializer. */
const GLOBAL_ENTRY_BYTES = 3;

/** Bytes of a signed LEB128 of the BigInt `value`. */
function slebBytes(value) {
  let bytes = 1;
  for (let v = value; v < -64n || v > 63n; v >>= 7n) bytes++;
  return bytes;
}

const f64Bits = new Float64Array(1);
const f64BitsView = new BigUint64Array(f64Bits.buffer);

/** `expr`, a constant: { key, bytes, make } (its value and type as a key, its size, a function making it again) or null for a kind left alone. */
function constantOf(module, expr) {
  const type = binaryen.getExpressionType(expr);
  if (type === binaryen.i32) {
    const v = binaryen.Const.getValueI32(expr);
    return { key: `i32 ${v}`, bytes: 1 + slebBytes(BigInt(v)), type, make: () => module.i32.const(v) };
  }
  if (type === binaryen.i64) {
    const v = BigInt.asIntN(64, BigInt(binaryen.Const.getValueI64(expr)));
    return { key: `i64 ${v}`, bytes: 1 + slebBytes(v), type, make: () => module.i64.const(v) };
  }
  if (type === binaryen.f64) {
    const v = binaryen.Const.getValueF64(expr);
    // A NaN's payload would not survive the round trip through a JavaScript number.
    if (Number.isNaN(v)) return null;
    f64Bits[0] = v;
    return { key: `f64 ${f64BitsView[0]}`, bytes: 9, type, make: () => module.f64.const(v) };
  }
  return null;
}

/**
 * The names of `module`'s defined functions off the hot path: those `isHot(name)` says are cold,
 * and those the build made (named other than by their index) that are called, and only by cold ones.
 */
function coldFunctions(module, isHot) {
  const callers = new Map();
  const made = [];
  const cold = new Set();
  for (let k = 0, n = module.getNumFunctions(); k < n; k++) {
    const info = binaryen.getFunctionInfo(module.getFunctionByIndex(k));
    if (info.module || !info.body) continue;
    if (!isHot(info.name)) cold.add(info.name);
    else if (!/^\d+$/.test(info.name)) made.push(info.name);
    walkWithPlaces(info.body, (expr) => {
      if (binaryen.getExpressionId(expr) !== binaryen.CallId) return;
      const target = binaryen.Call.getTarget(expr);
      if (!callers.has(target)) callers.set(target, new Set());
      callers.get(target).add(info.name);
    });
  }
  // A made function called from another made one is cold once that one is.
  for (let grew = true; grew; ) {
    grew = false;
    for (const name of made) {
      const from = callers.get(name);
      if (cold.has(name) || !from || ![...from].every((caller) => cold.has(caller))) continue;
      cold.add(name);
      grew = true;
    }
  }
  return cold;
}

/**
 * Reads the constants written at enough places in `module`'s functions off the hot path
 * (coldFunctions) from immutable globals made for them; how many places changed.
 */
export function coldConstantsToGlobals(module, isHot) {
  const cold = coldFunctions(module, isHot);
  const found = new Map();
  for (let k = 0, n = module.getNumFunctions(); k < n; k++) {
    const fn = module.getFunctionByIndex(k);
    const info = binaryen.getFunctionInfo(fn);
    if (info.module || !info.body || !cold.has(info.name)) continue;
    walkWithPlaces(info.body, (expr, replace) => {
      if (replace === null || binaryen.getExpressionId(expr) !== binaryen.ConstId) return;
      const c = constantOf(module, expr);
      if (c === null || c.bytes <= GLOBAL_GET_BYTES) return;
      let entry = found.get(c.key);
      if (!entry) found.set(c.key, (entry = { constant: c, places: [] }));
      entry.places.push(replace);
    });
  }
  const gain = ({ constant, places }) => places.length * (constant.bytes - GLOBAL_GET_BYTES) - (GLOBAL_ENTRY_BYTES + constant.bytes);
  const room = ONE_BYTE_GLOBALS - module.getNumGlobals();
  const chosen = [...found.values()]
    .filter((e) => gain(e) > 0)
    .sort((a, b) => gain(b) - gain(a) || (a.constant.key < b.constant.key ? -1 : 1))
    .slice(0, Math.max(room, 0));
  let count = 0;
  chosen.forEach(({ constant, places }, k) => {
    const name = `${PREFIX}${k}`;
    module.addGlobal(name, constant.type, false, constant.make());
    for (const replace of places) replace(module.global.get(name, constant.type));
    count += places.length;
  });
  return count;
}
