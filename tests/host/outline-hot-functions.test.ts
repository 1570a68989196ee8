// The component build reads the source names asc writes with `--debug` (scripts/wasm-names.mjs)
// to keep its alike-expression outlining (scripts/outline-alike-exprs.mjs) out of the hot
// functions (scripts/hot-functions.mjs): the names never reach Binaryen, and a hot function's
// expressions stay as they are while the others' still go through one function.
import binaryen from "binaryen";
import { describe, expect, it } from "vitest";
// @ts-expect-error: a build script without type declarations
import { splitFunctionNames } from "../../scripts/wasm-names.mjs";
// @ts-expect-error: a build script without type declarations
import { HOT_FUNCTION_PATTERNS, ONCE_PER_OUTPUT_FUNCTIONS, hotFunctions } from "../../scripts/hot-functions.mjs";
// @ts-expect-error: a build script without type declarations
import { outlineAlikeExpressions } from "../../scripts/outline-alike-exprs.mjs";

/** The bump of a field of the object at $p, written alike in every function. */
const BUMP = "(i32.store offset=4 (local.get $p) (i32.add (i32.load offset=8 (local.get $p)) (i32.const 1)))";

/**
 * A module of `names.length` functions, each bumping a field of the object it is given,
 * once or, `inLoop`, at each turn of a loop until the field reaches 10.
 */
function bumpers(names: string[], inLoop = false): string {
  const bump = inLoop ? `(loop $turn ${BUMP} (br_if $turn (i32.lt_s (i32.load offset=4 (local.get $p)) (i32.const 10))))` : BUMP;
  const functions = names.map(
    (name) => `(func $${name} (export "${name}") (param $p i32)
      ${bump}
      (return))`,
  );
  return `(module (memory 1) ${functions.join("\n")})`;
}

/** The binary of the module `wat`, with its name section or without. */
function emit(wat: string, withNames: boolean): Uint8Array {
  const m = binaryen.parseText(wat);
  try {
    binaryen.setDebugInfo(withNames);
    return m.emitBinary();
  } finally {
    binaryen.setDebugInfo(false);
    m.dispose();
  }
}

const SOURCE_NAMES = ["assembly/util/lines/unitAt", "~lib/string/String#get:length", "assembly/important/scan/scanAt", "assembly/digest/command/a", "assembly/util/strbuf/StrBuf#add", "assembly/classify/c"];
// The names as asc writes them with `--debug` (a WAT name cannot hold every character they do).
const WAT_NAMES = SOURCE_NAMES.map((_, k) => `f${k}`);

describe("the source names of a module's functions", () => {
  it("are read from its name section, which is split off and leaves the module byte for byte as without names", () => {
    const named = emit(bumpers(WAT_NAMES), true);
    const plain = emit(bumpers(WAT_NAMES), false);
    expect(named.length).toBeGreaterThan(plain.length);
    const { module, names } = splitFunctionNames(Buffer.from(named));
    expect([...names]).toEqual(WAT_NAMES.map((name, k) => [k, name]));
    expect(Buffer.compare(module, Buffer.from(plain))).toBe(0);
  });

  it("tell the hot path's functions (standard library, util, per-line checks, the build's own) from the others", () => {
    const isHot = hotFunctions(new Map(SOURCE_NAMES.map((name, k) => [k, name])));
    expect(SOURCE_NAMES.map((_, k) => isHot(String(k)))).toEqual([true, true, true, false, false, false]);
    expect(isHot("~call-test|3")).toBe(true);
  });

  it("leave out the functions that run a few times per output, though their folders are hot", () => {
    const names = ["assembly/util/lines/findNewline", "assembly/util/lines/lineCount", "~lib/array/Array<~lib/string/String>#join", "~lib/array/Array<i32>#__get"];
    const isHot = hotFunctions(new Map(names.map((name, k) => [k, name])));
    expect(names.map((_, k) => isHot(String(k)))).toEqual([true, false, false, true]);
  });

  it("list as run once per output only functions a hot folder holds (any other is cold already)", () => {
    for (const name of ONCE_PER_OUTPUT_FUNCTIONS) expect(HOT_FUNCTION_PATTERNS.some((p: RegExp) => p.test(name)), name).toBe(true);
  });

  it("count imported functions first, as the name section does, while Binaryen numbers the defined ones from 0", () => {
    // Two imports named at indices 0 and 1: Binaryen's "0" is the function at index 2.
    const names = new Map([[0, "env/abort"], [1, "env/seed"], ...SOURCE_NAMES.map((name, k): [number, string] => [k + 2, name])]);
    const isHot = hotFunctions(names, undefined, 2);
    expect(SOURCE_NAMES.map((_, k) => isHot(String(k)))).toEqual([true, true, true, false, false, false]);
  });
});

describe("alike-expression outlining", () => {
  /** The number of places outlined, and the functions whose body now calls an outlined one. */
  function outline(isHot?: (name: string) => boolean, inLoop = false): { places: number; calling: string[] } {
    const { module: binary } = splitFunctionNames(Buffer.from(emit(bumpers(WAT_NAMES, inLoop), true)));
    const m = binaryen.readBinary(binary);
    try {
      const places = outlineAlikeExpressions(m, isHot ?? hotFunctions(new Map(SOURCE_NAMES.map((name, k) => [k, name]))));
      expect(m.validate()).toBeTruthy();
      const calling: string[] = [];
      for (let k = 0; k < m.getNumFunctions(); k++) {
        const fn = binaryen.getFunctionInfo(m.getFunctionByIndex(k));
        if (/^\d+$/.test(fn.name) && binaryen.emitText(fn.body).includes("~alike-expr|")) calling.push(SOURCE_NAMES[Number(fn.name)]);
      }
      return { places, calling };
    } finally {
      m.dispose();
    }
  }

  it("goes through one function at every place when no function is hot", () => {
    expect(outline(() => false)).toEqual({ places: 6, calling: SOURCE_NAMES });
  });

  it("leaves the hot functions' places as they are", () => {
    expect(outline()).toEqual({ places: 3, calling: SOURCE_NAMES.slice(3) });
  });

  it("reaches into the loops of the functions off the hot path, never into a hot function's loop", () => {
    expect(outline(undefined, true)).toEqual({ places: 3, calling: SOURCE_NAMES.slice(3) });
  });
});
