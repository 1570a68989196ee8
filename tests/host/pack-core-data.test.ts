// The component build's data packing (scripts/pack-core-data.mjs): a module whose
// static data is laid out as AssemblyScript lays it out comes back smaller, and
// after `_initialize` its memory is byte for byte what the original's is.
import binaryen from "binaryen";
import { describe, expect, it } from "vitest";
// @ts-expect-error: a build script without type declarations
import { packCoreData } from "../../scripts/pack-core-data.mjs";

/** WAT bytes of a static String object as the runtime lays it out: header word, zeros, class id 2, byte size, UTF-16 units. */
function staticString(text: string): string {
  const size = text.length * 2;
  const info = ((size + 35) & ~15) - 4;
  const u32 = (v: number) => [0, 8, 16, 24].map((s) => `\\${((v >>> s) & 0xff).toString(16).padStart(2, "0")}`).join("");
  const units = [...text].map((c) => `\\${c.charCodeAt(0).toString(16).padStart(2, "0")}\\00`).join("");
  return u32(info) + u32(0) + u32(0) + u32(2) + u32(size) + units;
}

/** A module with static strings at 16-byte aligned payloads from `base`, a table of bytes, and a start function that reads them. */
function moduleWithData(texts: string[]): Uint8Array {
  let at = 1052;
  const segments: string[] = [];
  for (const text of texts) {
    segments.push(`(data (i32.const ${at}) "${staticString(text)}")`);
    at = ((at + 20 + text.length * 2 + 35) & ~15) - 20;
  }
  segments.push(`(data (i32.const ${at + 64}) "\\ff\\00\\7f\\80\\01\\fe\\ff\\ff\\00\\00\\00\\00\\00\\00\\09")`);
  const wat = `(module
    (memory (export "memory") 2)
    ${segments.join("\n    ")}
    (global $sum (mut i32) (i32.const 0))
    (func (export "_initialize") (local $p i32)
      (local.set $p (i32.const 1024))
      (loop $next
        (global.set $sum (i32.add (global.get $sum) (i32.load8_u (local.get $p))))
        (i32.store (i32.const 120000) (global.get $sum))
        (br_if $next (i32.lt_u (local.tee $p (i32.add (local.get $p) (i32.const 1))) (i32.const 8192))))))`;
  const module = binaryen.parseText(wat);
  module.setFeatures(binaryen.Features.MVP | binaryen.Features.BulkMemory | binaryen.Features.BulkMemoryOpt);
  const binary = module.emitBinary();
  module.dispose();
  return binary;
}

function memoryAfterStart(binary: Uint8Array): Uint8Array {
  const instance = new WebAssembly.Instance(new WebAssembly.Module(binary), {});
  (instance.exports._initialize as () => void)();
  return new Uint8Array((instance.exports.memory as WebAssembly.Memory).buffer);
}

const TEXTS = [
  "error", "warning", "error: expected", "", "a", "The quick brown fox jumps over the lazy dog", "ELF", "PNG image",
  ...Array.from({ length: 60 }, (_, k) => `item ${k} of the list, ${"x".repeat(k % 7)}`),
];

describe("packCoreData", () => {
  it("shrinks the data and rebuilds the same memory before the start code runs", () => {
    const original = moduleWithData(TEXTS);
    const packed: Uint8Array = packCoreData(original);
    expect(packed.length).toBeLessThan(original.length);
    expect(Buffer.from(memoryAfterStart(packed)).equals(Buffer.from(memoryAfterStart(original)))).toBe(true);
  });

  it("keeps a module without data as it is", () => {
    const module = binaryen.parseText(`(module (memory (export "memory") 1) (func (export "_initialize")))`);
    const binary = module.emitBinary();
    module.dispose();
    expect(packCoreData(binary)).toBe(binary);
  });

  it("refuses a module that imports functions", () => {
    const module = binaryen.parseText(`(module (import "env" "f" (func)) (memory (export "memory") 1) (data (i32.const 16) "abc") (func (export "_initialize") (call 0)))`);
    const binary = module.emitBinary();
    module.dispose();
    expect(() => packCoreData(binary)).toThrow(/imports/);
  });
});
