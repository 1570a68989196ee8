// The component build reads a large constant written several times in a function off the hot
// path from a local set once (scripts/hoist-cold-constants.mjs); a hot function keeps its
// constants in place. Both compute what they did.
import binaryen from "binaryen";
import { describe, expect, it } from "vitest";
// @ts-expect-error: a build script without type declarations
import { hoistColdConstants } from "../../scripts/hoist-cold-constants.mjs";

/** A function that adds a five-byte constant to its parameter at four places. */
const manyMax = (name: string) => `(func $${name} (export "${name}") (param $x i32) (result i32)
  (i32.add (i32.add (local.get $x) (i32.const 2147483000))
    (i32.add (i32.xor (local.get $x) (i32.const 2147483000))
      (i32.add (i32.and (local.get $x) (i32.const 2147483000)) (i32.or (local.get $x) (i32.const 2147483000))))))`;

/** The i32.const instructions of function `name` in the module's text. */
function constantsIn(m: binaryen.Module, name: string): number {
  const body = binaryen.getFunctionInfo(m.getFunction(name)).body;
  return (binaryen.emitText(body).match(/i32\.const 2147483000/g) ?? []).length;
}

describe("hoisting a cold function's constants", () => {
  it("sets a constant written four times once in a cold function, leaves the hot one's alone, and both answer as before", () => {
    const m = binaryen.parseText(`(module ${manyMax("cold")} ${manyMax("hot")})`);
    try {
      const before = new WebAssembly.Instance(new WebAssembly.Module(m.emitBinary())).exports as Record<string, (x: number) => number>;
      const hoisted = hoistColdConstants(m, (name: string) => name === "hot");
      expect(hoisted).toBe(1);
      expect(m.validate()).toBeTruthy();
      expect(constantsIn(m, "cold")).toBe(1);
      expect(constantsIn(m, "hot")).toBe(4);
      const after = new WebAssembly.Instance(new WebAssembly.Module(m.emitBinary())).exports as Record<string, (x: number) => number>;
      for (const x of [0, 1, -7, 123456, 2147483647]) {
        expect(after.cold(x)).toBe(before.cold(x));
        expect(after.hot(x)).toBe(before.hot(x));
      }
    } finally {
      m.dispose();
    }
  });
});
