// The Node core's abort as a function of its own (scripts/abort-in-core.mjs) and what the host
// says of it (host/core-abort.ts): a module that imported `abort` imports nothing, traps where it
// aborted, and the trap reads as the imported abort's message did.
import { readFileSync } from "node:fs";
import binaryen from "binaryen";
import { describe, expect, it } from "vitest";
// @ts-expect-error: a build script without type declarations
import { abortInCore } from "../../scripts/abort-in-core.mjs";
import { trapMessage } from "../../host/core-abort.js";

/** A module laid out as asc lays out an aborting core: `check(n)` aborts with a static message and file name unless n is 0. */
function abortingModule(): Uint8Array {
  const utf16 = (text: string) => [...text].map((c) => `\\${c.charCodeAt(0).toString(16).padStart(2, "0")}\\00`).join("");
  const wat = `(module
    (import "env" "abort" (func $abort (param i32 i32 i32 i32)))
    (memory (export "memory") 1)
    (data (i32.const 1024) "${utf16("index out of range")}")
    (data (i32.const 2048) "${utf16("~lib/array.ts")}")
    (func (export "check") (param $n i32) (result i32)
      (if (local.get $n) (then (call $abort (i32.const 1024) (i32.const 2048) (i32.const 106) (i32.const 42))))
      (i32.const 7)))`;
  const module = binaryen.parseText(wat);
  module.setFeatures(binaryen.Features.MVP | binaryen.Features.MutableGlobals);
  const binary = module.emitBinary();
  module.dispose();
  return binary;
}

/** Reads the UTF-16 string at `ptr` of the test module, which ends at the next zero unit. */
function reader(memory: WebAssembly.Memory) {
  return (ptr: number) => {
    const units = new Uint16Array(memory.buffer, ptr);
    let end = 0;
    while (units[end] !== 0) end++;
    return String.fromCharCode(...units.subarray(0, end));
  };
}

describe("abortInCore", () => {
  const module = new WebAssembly.Module(abortInCore(abortingModule()));
  const instance = new WebAssembly.Instance(module, {});
  const ex = instance.exports as Record<string, unknown>;
  const check = ex.check as (n: number) => number;
  const read = reader(ex.memory as WebAssembly.Memory);

  it("leaves the module importing nothing, with the same results", () => {
    expect(WebAssembly.Module.imports(module)).toEqual([]);
    expect(check(0)).toBe(7);
  });

  it("traps where the core aborted, and the trap says what the imported abort said", () => {
    let caught: unknown;
    try {
      check(1);
    } catch (cause) {
      caught = cause;
    }
    expect(caught).toBeInstanceOf(WebAssembly.RuntimeError);
    expect(trapMessage(ex, caught, read)).toBe("core abort: index out of range at ~lib/array.ts:106:42");
  });

  it("has made the Node core the package ships import nothing", () => {
    const core = new WebAssembly.Module(readFileSync(new URL("../../build/abridge.wasm", import.meta.url)));
    expect(WebAssembly.Module.imports(core)).toEqual([]);
    expect(WebAssembly.Module.exports(core).map((e) => e.name)).toEqual(expect.arrayContaining(["abortMessage", "abortFile", "abortLine", "abortColumn"]));
  });

  it("leaves a module without an imported abort as it is", () => {
    const done = abortInCore(abortingModule());
    expect(Buffer.from(abortInCore(done)).equals(Buffer.from(done))).toBe(true);
  });
});

describe("trapMessage", () => {
  it("is the error's own message when the core recorded no abort", () => {
    const fresh = new WebAssembly.Instance(new WebAssembly.Module(abortInCore(abortingModule())), {}).exports as Record<string, unknown>;
    expect(trapMessage(fresh, new WebAssembly.RuntimeError("memory access out of bounds"), () => "")).toBe("memory access out of bounds");
    expect(trapMessage({}, new WebAssembly.RuntimeError("unreachable"), () => "")).toBe("unreachable");
  });
});
