// The component build's alike-statement outlining (scripts/outline-alike-statements.mjs): runs of
// statements written alike in the functions off compact()'s hot path go through one function,
// a local the run sets comes back from it, and the module computes what it computed before.
import binaryen from "binaryen";
import { describe, expect, it } from "vitest";
// @ts-expect-error: a build script without type declarations
import { hotFunctions } from "../../scripts/hot-functions.mjs";
// @ts-expect-error: a build script without type declarations
import { outlineAlikeStatements } from "../../scripts/outline-alike-statements.mjs";

const SOURCE_NAMES = ["assembly/util/lines/unitAt", "~lib/string/String#get:length", "assembly/important/scan/scanAt", "assembly/digest/command/a", "assembly/digest/command/b", "assembly/classify/c"];
const isHot = hotFunctions(new Map(SOURCE_NAMES.map((name, k) => [k, name])));

/**
 * Function k adds `n` to a counter of the object at `p`, marks it when the counter passes 10 + k,
 * multiplies `n` by the counter and stores the product, then returns `n` less the counter:
 * `n` is set in the middle of the run and read after it, and only a constant differs.
 */
const run = (k: number) => `
  (i32.store offset=4 (local.get $p) (i32.add (i32.load offset=4 (local.get $p)) (local.get $n)))
  (if (i32.gt_s (i32.load offset=4 (local.get $p)) (i32.const ${10 + k})) (then (i32.store offset=8 (local.get $p) (i32.const 1))))
  (local.set $n (i32.mul (local.get $n) (i32.load offset=4 (local.get $p))))
  (i32.store offset=12 (local.get $p) (local.get $n))`;

// Functions named by their index, as Binaryen names those of a module read without names.
const WAT = `(module (memory (export "memory") 1)
  ${SOURCE_NAMES.map(
    (_, k) => `(func $${k} (export "f${k}") (param $p i32) (param $n i32) (result i32)
      ${run(k)}
      (i32.sub (local.get $n) (i32.load offset=4 (local.get $p))))`,
  ).join("\n")})`;

/** The module, its places outlined with `hot`, and the names of the functions that now call an outlined one. */
function outlined(hot: (name: string) => boolean): { binary: Uint8Array; places: number; calling: string[] } {
  const m = binaryen.parseText(WAT);
  try {
    const places = outlineAlikeStatements(m, hot);
    expect(m.validate()).toBeTruthy();
    const calling: string[] = [];
    for (let k = 0; k < m.getNumFunctions(); k++) {
      const fn = binaryen.getFunctionInfo(m.getFunctionByIndex(k));
      if (/^\d+$/.test(fn.name) && binaryen.emitText(fn.body).includes("~alike-statements|")) calling.push(SOURCE_NAMES[Number(fn.name)]);
    }
    return { binary: m.emitBinary(), places, calling };
  } finally {
    m.dispose();
  }
}

/** What each exported function returns and leaves in memory, for a few counters and `n`s. */
function answers(binary: Uint8Array): number[] {
  const out: number[] = [];
  for (let k = 0; k < SOURCE_NAMES.length; k++) {
    for (const [start, n] of [[0, 3], [9, 4], [8, 5], [20, -7], [5, 0]]) {
      const { exports } = new WebAssembly.Instance(new WebAssembly.Module(binary));
      const words = new Int32Array((exports.memory as WebAssembly.Memory).buffer, 64, 4);
      words[1] = start;
      out.push((exports[`f${k}`] as (p: number, n: number) => number)(64, n), ...words);
    }
  }
  return out;
}

describe("alike-statement outlining", () => {
  const original = binaryen.parseText(WAT);
  const before = answers(original.emitBinary());
  original.dispose();

  it("goes through one function at every place when no function is hot, the run's local set from its result and the constant passed in", () => {
    const { binary, places, calling } = outlined(() => false);
    expect(places).toBe(SOURCE_NAMES.length);
    expect(calling).toEqual(SOURCE_NAMES);
    expect(answers(binary)).toEqual(before);
  });

  it("leaves the hot functions' statements as they are", () => {
    const { binary, places, calling } = outlined(isHot);
    expect(places).toBe(3);
    expect(calling).toEqual(SOURCE_NAMES.slice(3));
    expect(answers(binary)).toEqual(before);
  });
});

/**
 * Function k counts `n` up once and, while it stays below 5 + k % 2, again (a loop whose `br_if`
 * goes back to it), or, in the functions given `exit`, once only (the same `br_if` leaves the
 * block around the loop instead); then it stores `n`, traps past 1000 and returns it: runs
 * that loop and branch inside themselves, alike but for the label one branch targets.
 */
const loopRun = (k: number, exit: boolean) => `
  (block $out
    (loop $again
      (local.set $n (i32.add (local.get $n) (i32.const 1)))
      (br_if ${exit ? "$out" : "$again"} (i32.lt_s (local.get $n) (i32.const ${5 + (k % 2)})))))
  (i32.store offset=4 (local.get $p) (local.get $n))
  (if (i32.gt_s (local.get $n) (i32.const 1000)) (then (unreachable)))
  (i32.store offset=8 (local.get $p) (i32.mul (local.get $n) (i32.load offset=4 (local.get $p))))`;

const LOOPS = 8;
const LOOP_WAT = `(module (memory (export "memory") 1)
  ${Array.from(
    { length: LOOPS },
    (_, k) => `(func $${k} (export "f${k}") (param $p i32) (param $n i32) (result i32)
      ${loopRun(k, k >= LOOPS / 2)}
      (local.get $n))`,
  ).join("\n")})`;

/** What each function returns and stores for a few `n`s (a trap as null). */
function loopAnswers(binary: Uint8Array): (number | null)[] {
  const out: (number | null)[] = [];
  for (let k = 0; k < LOOPS; k++) {
    for (const n of [-3, 0, 4, 5, 9, 1000, 1001]) {
      const { exports } = new WebAssembly.Instance(new WebAssembly.Module(binary));
      const words = new Int32Array((exports.memory as WebAssembly.Memory).buffer, 64, 3);
      try {
        out.push((exports[`f${k}`] as (p: number, n: number) => number)(64, n), ...words);
      } catch {
        out.push(null, ...words);
      }
    }
  }
  return out;
}

describe("alike-statement outlining of loops and blocks branched out of", () => {
  it("goes through a function of its own per label the branch targets, each computing what the places did", () => {
    const m = binaryen.parseText(LOOP_WAT);
    try {
      const before = loopAnswers(m.emitBinary());
      outlineAlikeStatements(m, () => false);
      expect(m.validate()).toBeTruthy();
      // The outlined functions that hold a loop, by the functions that call them.
      const bodies = new Map<string, string>();
      for (let k = 0; k < m.getNumFunctions(); k++) {
        const fn = binaryen.getFunctionInfo(m.getFunctionByIndex(k));
        bodies.set(fn.name, binaryen.emitText(fn.body));
      }
      const loopsCalled = (k: number) =>
        [...(bodies.get(String(k)) ?? "").matchAll(/call \$(~alike-statements\|\d+)/g)].map((c) => c[1]).filter((f) => bodies.get(f)?.includes("loop"));
      const again = new Set(Array.from({ length: LOOPS / 2 }, (_, k) => loopsCalled(k)).flat());
      const out = new Set(Array.from({ length: LOOPS / 2 }, (_, k) => loopsCalled(k + LOOPS / 2)).flat());
      expect(again.size).toBe(1);
      expect(out.size).toBe(1);
      expect([...again][0]).not.toBe([...out][0]);
      expect(loopAnswers(m.emitBinary())).toEqual(before);
    } finally {
      m.dispose();
    }
  });

  it("leaves a loop whose branch leaves it for a block outside the run", () => {
    const m = binaryen.parseText(`(module (memory 1)
      ${Array.from(
        { length: LOOPS },
        (_, k) => `(func $${k} (param $n i32) (result i32)
          (block $out
            (loop $again
              (local.set $n (i32.add (local.get $n) (i32.const 1)))
              (br_if $out (i32.gt_s (local.get $n) (i32.const 5)))
              (i32.store offset=4 (i32.const 64) (local.get $n))
              (i32.store offset=8 (i32.const 64) (local.get $n))
              (br $again))
            (i32.store offset=12 (i32.const 64) (i32.${["add", "sub", "mul", "and", "or", "xor", "shl", "shr_u"][k]} (local.get $n) (i32.const 3))))
          (local.get $n))`,
      ).join("\n")})`);
    try {
      const outlinedLoop = () => {
        for (let k = 0; k < m.getNumFunctions(); k++) {
          const fn = binaryen.getFunctionInfo(m.getFunctionByIndex(k));
          if (fn.name.startsWith("~alike-statements|") && binaryen.emitText(fn.body).includes("br_if")) return true;
        }
        return false;
      };
      outlineAlikeStatements(m, () => false);
      expect(m.validate()).toBeTruthy();
      expect(outlinedLoop()).toBe(false);
    } finally {
      m.dispose();
    }
  });
});

/**
 * Function k stores `n` and `n * n` past `p`, counts `n` up and moves `p` on by 4 + k % 2 (after
 * which it reads `t`, set from memory, or, in the functions given `readAgain`, reads `t` again
 * first), then returns `n + p`: a run that sets two locals before a return, and one that sets a
 * local nothing reads after it.
 */
const endingRun = (k: number, readAgain: boolean) => `
  (local.set $t (i32.load offset=4 (local.get $p)))
  (i32.store offset=8 (local.get $p) (i32.add (local.get $t) (local.get $n)))
  (i32.store offset=12 (local.get $p) (i32.mul (local.get $t) (local.get $t)))
  ${readAgain ? "(i32.store offset=16 (local.get $p) (local.get $t))" : ""}
  (local.set $t (i32.load offset=8 (local.get $p)))
  (if (i32.gt_s (local.get $t) (i32.const 100)) (then (local.set $t (i32.const 100))))
  (local.set $n (i32.add (local.get $n) (local.get $t)))
  (local.set $p (i32.add (local.get $p) (i32.const ${4 + (k % 2)})))
  (i32.store offset=20 (local.get $p) (local.get $n))
  (return (i32.add (local.get $n) (local.get $p)))`;

describe("alike-statement outlining of runs before a return and of locals nothing reads after", () => {
  it("computes what the places did", () => {
    const m = binaryen.parseText(`(module (memory (export "memory") 1)
      ${Array.from(
        { length: LOOPS },
        (_, k) => `(func $${k} (export "f${k}") (param $p i32) (param $n i32) (result i32) (local $t i32)
          ${endingRun(k, k >= LOOPS / 2)})`,
      ).join("\n")})`);
    try {
      const answers = () => {
        const out: number[] = [];
        for (let k = 0; k < LOOPS; k++) {
          for (const [start, n] of [[0, 3], [9, 4], [200, -7]]) {
            const { exports } = new WebAssembly.Instance(new WebAssembly.Module(m.emitBinary()));
            const words = new Int32Array((exports.memory as WebAssembly.Memory).buffer, 64, 8);
            words[1] = start;
            out.push((exports[`f${k}`] as (p: number, n: number) => number)(64, n), ...words);
          }
        }
        return out;
      };
      const before = answers();
      expect(outlineAlikeStatements(m, () => false)).toBeGreaterThan(0);
      expect(m.validate()).toBeTruthy();
      let returned = 0;
      for (let k = 0; k < LOOPS; k++) if (/\(return\s+\(call \$~alike-statements/.test(binaryen.emitText(binaryen.getFunctionInfo(m.getFunction(String(k))).body))) returned++;
      expect(returned).toBe(LOOPS);
      expect(answers()).toEqual(before);
    } finally {
      m.dispose();
    }
  });

  it("passes back a local read after the run, in the functions that read it", () => {
    // `t` is read once more after the run in the second half of the functions only.
    const m = binaryen.parseText(`(module (memory (export "memory") 1)
      ${Array.from(
        { length: LOOPS },
        (_, k) => `(func $${k} (export "f${k}") (param $p i32) (param $n i32) (result i32) (local $t i32)
          (local.set $t (i32.load offset=4 (local.get $p)))
          (local.set $n (i32.add (local.get $n) (i32.mul (local.get $t) (i32.const 3))))
          (i32.store offset=8 (local.get $p) (local.get $n))
          (i32.store offset=12 (local.get $p) (i32.const ${k}))
          ${k >= LOOPS / 2 ? "(i32.store offset=16 (local.get $p) (local.get $t))" : ""}
          (i32.sub (local.get $n) (i32.const 1)))`,
      ).join("\n")})`);
    try {
      const answers = () =>
        Array.from({ length: LOOPS }, (_, k) => {
          const { exports } = new WebAssembly.Instance(new WebAssembly.Module(m.emitBinary()));
          const words = new Int32Array((exports.memory as WebAssembly.Memory).buffer, 64, 5);
          words[1] = 7 + k;
          return [(exports[`f${k}`] as (p: number, n: number) => number)(64, k), ...words];
        });
      const before = answers();
      expect(outlineAlikeStatements(m, () => false)).toBeGreaterThan(0);
      expect(m.validate()).toBeTruthy();
      expect(answers()).toEqual(before);
    } finally {
      m.dispose();
    }
  });

  it("passes back a local read inside an instruction the walk does not see into (a SIMD lane)", () => {
    // `y` is read by a vector instruction after the run and set again after that: unseen, the
    // read would make `y` look unread after the run and keep it in the outlined function.
    const m = binaryen.parseText(`(module (memory (export "memory") 1)
      ${Array.from(
        { length: LOOPS },
        (_, k) => `(func $${k} (export "f${k}") (param $p i32) (param $n i32) (result i32) (local $x i32) (local $y i32)
          (local.set $x (i32.add (local.get $n) (i32.load offset=4 (local.get $p))))
          (local.set $y (i32.mul (local.get $x) (i32.const ${k + 3})))
          (i32.store offset=8 (local.get $p) (i32.add (local.get $y) (local.get $x)))
          (i32.store offset=12 (local.get $p) (i32x4.extract_lane 0 (i32x4.splat (local.get $y))))
          (local.set $y (i32.const 0))
          (i32.add (local.get $x) (local.get $y)))`,
      ).join("\n")})`);
    m.setFeatures(binaryen.Features.All);
    try {
      const answers = () =>
        Array.from({ length: LOOPS }, (_, k) => {
          const { exports } = new WebAssembly.Instance(new WebAssembly.Module(m.emitBinary()));
          const words = new Int32Array((exports.memory as WebAssembly.Memory).buffer, 0, 4);
          return [(exports[`f${k}`] as (p: number, n: number) => number)(0, 5), ...words];
        });
      const before = answers();
      outlineAlikeStatements(m, () => false);
      expect(m.validate()).toBeTruthy();
      expect(answers()).toEqual(before);
    } finally {
      m.dispose();
    }
  });
});
