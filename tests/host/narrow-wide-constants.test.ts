// The component build writes a 64-bit constant that an i32 converts to exactly as that
// conversion (scripts/narrow-wide-constants.mjs): `f64.const 0` as `f64.convert_i32_s
// (i32.const 0)`, `i64.const 4294967295` as `i64.extend_i32_u (i32.const -1)`. Each function
// returns the same bits as before, the module is smaller, and the constants no conversion
// writes in fewer bytes (a fraction, -0.0, 2^31 and more, a small i64) stay as they are.
import binaryen from "binaryen";
import { describe, expect, it } from "vitest";
// @ts-expect-error: a build script without type declarations
import { narrowWideConstants } from "../../scripts/narrow-wide-constants.mjs";

/** f64 values written as a function each (`f0`, `f1`, …) that returns its bits. */
const FLOATS = [0, 1, -1, 10, 64, 1024, 1e6, 2147483647, -2147483648, 0.5, -0, 2147483648, 1e15, -2147483649];
/** i64 values written as a function each (`i0`, `i1`, …). */
const INTS = [4294967295n, 4294967294n, 3000000000n, 2147483648n, 2147483647n, 16777215n, 4294967296n, -1n, 0n];
/** How many of them a conversion writes in fewer bytes. */
const NARROWED = 9 + 2;

const MODULE = `(module
  ${FLOATS.map((v, k) => `(func (export "f${k}") (result i64) (i64.reinterpret_f64 (f64.const ${Object.is(v, -0) ? "-0" : v})))`).join("\n  ")}
  ${INTS.map((v, k) => `(func (export "i${k}") (result i64) (i64.const ${v}))`).join("\n  ")}
)`;

type Exports = Record<string, () => bigint>;

describe("narrowing wide constants", () => {
  it("writes the integral f64 and the i64 of 2^31 to 2^32 - 1 as a converted i32, the same bits in fewer bytes", () => {
    const m = binaryen.parseText(MODULE);
    try {
      const bytesBefore = m.emitBinary();
      const before = new WebAssembly.Instance(new WebAssembly.Module(bytesBefore)).exports as Exports;
      expect(narrowWideConstants(m)).toBe(NARROWED);
      expect(m.validate()).toBeTruthy();
      const bytesAfter = m.emitBinary();
      expect(bytesAfter.length).toBeLessThan(bytesBefore.length);
      const after = new WebAssembly.Instance(new WebAssembly.Module(bytesAfter)).exports as Exports;
      FLOATS.forEach((_, k) => expect(after[`f${k}`]()).toBe(before[`f${k}`]()));
      INTS.forEach((_, k) => expect(after[`i${k}`]()).toBe(before[`i${k}`]()));
      const text = m.emitText();
      expect(text).toContain("f64.const 0.5");
      expect(text).toContain("f64.const -0");
      expect(text).toContain("f64.const 2147483648");
      expect(text).toContain("i64.const 4294967296");
    } finally {
      m.dispose();
    }
  });
});
