// The component build reads a constant that the functions off the hot path write at many
// places from an immutable global (scripts/cold-constants-to-globals.mjs): two bytes a place
// instead of three or more. A hot function keeps its immediates, and so does a function the
// build made that a hot one calls (one only cold ones call is cold); a constant written at too
// few places for its global's entry to pay stays, and every function computes what it did.
import binaryen from "binaryen";
import { describe, expect, it } from "vitest";
// @ts-expect-error: a build script without type declarations
import { coldConstantsToGlobals } from "../../scripts/cold-constants-to-globals.mjs";

/** A function that tests its parameter against `value` (an i32 of `type`) at `places` places and counts the matches. */
const matches = (name: string, type: string, value: string, places: number) => `(func $${name} (export "${name}") (param $x ${type}) (result i32)
  ${Array.from({ length: places }, (_, k) => `(${type}.eq (${type}.add (local.get $x) (${type}.const ${k})) (${type}.const ${value}))`).reduce((a, b) => `(i32.add ${a} ${b})`)})`;

const MODULE = `(module
  ${matches("coldChar", "i32", "93", 8)}
  ${matches("hotChar", "i32", "93", 8)}
  ${matches("coldFew", "i32", "2048", 3)}
  ${matches("coldHash", "i64", "1099511628211", 2)}
  ${matches("coldHashToo", "i64", "1099511628211", 2)}
  ${matches("coldRatio", "f64", "0.35", 2)}
  ${matches("~madeForCold", "i32", "4096", 8)}
  ${matches("~madeForHot", "i32", "4096", 8)}
  (func $coldCaller (export "coldCaller") (param $x i32) (result i32) (call $~madeForCold (local.get $x)))
  (func $hotCaller (export "hotCaller") (param $x i32) (result i32) (call $~madeForHot (local.get $x)))
)`;

/** Hot to scripts/hot-functions.mjs: the hot ones by their source names, and those the build made. */
const isHot = (name: string) => name.startsWith("hot") || name.startsWith("~");

/** How many times `pattern` stands in function `name`'s body. */
function count(m: binaryen.Module, name: string, pattern: RegExp): number {
  return (binaryen.emitText(binaryen.getFunctionInfo(m.getFunction(name)).body).match(pattern) ?? []).length;
}

type Exports = Record<string, (x: number | bigint) => number>;

describe("cold constants read from globals", () => {
  it("reads a constant the cold functions write at enough places from a global, and every function answers as before", () => {
    const m = binaryen.parseText(MODULE);
    try {
      const bytesBefore = m.emitBinary();
      const before = new WebAssembly.Instance(new WebAssembly.Module(bytesBefore)).exports as Exports;
      // 8 places of `93` in coldChar, 8 of 4096 in ~madeForCold, 4 of the hash constant across two functions, 2 of 0.35.
      expect(coldConstantsToGlobals(m, isHot)).toBe(8 + 8 + 4 + 2);
      expect(m.validate()).toBeTruthy();
      expect(m.getNumGlobals()).toBe(4);
      expect(count(m, "coldChar", /i32\.const 93/g)).toBe(0);
      expect(count(m, "coldChar", /global\.get/g)).toBe(8);
      expect(count(m, "hotChar", /i32\.const 93/g)).toBe(8);
      expect(count(m, "coldFew", /i32\.const 2048/g)).toBe(3);
      expect(count(m, "~madeForCold", /i32\.const 4096/g)).toBe(0);
      expect(count(m, "~madeForHot", /i32\.const 4096/g)).toBe(8);
      const bytesAfter = m.emitBinary();
      expect(bytesAfter.length).toBeLessThan(bytesBefore.length);
      const after = new WebAssembly.Instance(new WebAssembly.Module(bytesAfter)).exports as Exports;
      for (const x of [0, 1, 86, 93, 4090]) {
        for (const name of ["coldChar", "hotChar", "coldFew", "coldCaller", "hotCaller"]) expect(after[name](x)).toBe(before[name](x));
        for (const name of ["coldHash", "coldHashToo"]) expect(after[name](BigInt(x))).toBe(before[name](BigInt(x)));
      }
      for (const x of [0.35, -0.65, 1.5]) expect(after.coldRatio(x)).toBe(before.coldRatio(x));
    } finally {
      m.dispose();
    }
  });
});
