// The component build writes a test `a && b` that decides only whether a statement or a
// branch runs as two nested tests, and a branch taken on `a || b` as two branches
// (scripts/split-and-conditions.mjs): smaller, and each
// function computes what it did, calls included (`b` runs only where `a` holds).
import binaryen from "binaryen";
import { describe, expect, it } from "vitest";
// @ts-expect-error: a build script without type declarations
import { splitAndConditions } from "../../scripts/split-and-conditions.mjs";

/** `a && b` as asc writes it, `b` a call the host counts. */
const and = (a: string, b: string) => `(if (result i32) ${a} (then ${b}) (else (i32.const 0)))`;
/** `a || b` as asc writes it. */
const or = (a: string, b: string) => `(if (result i32) ${a} (then (i32.const 1)) (else ${b}))`;
/** `!a && b` and `!a || b` as Binaryen leaves them. */
const notAnd = (a: string, b: string) => `(if (result i32) ${a} (then (i32.const 0)) (else ${b}))`;
const notOr = (a: string, b: string) => `(if (result i32) ${a} (then ${b}) (else (i32.const 1)))`;
const counted = (x: string) => `(call $count ${x})`;

const MODULE = `(module
  (import "host" "count" (func $count (param i32) (result i32)))
  (func (export "ifAnd") (param $x i32) (param $y i32) (result i32) (local $r i32)
    (if ${and("(local.get $x)", counted("(local.get $y)"))} (then (local.set $r (i32.const 7))))
    (local.get $r))
  (func (export "ifAndAnd") (param $x i32) (param $y i32) (result i32) (local $r i32)
    (if ${and(and("(local.get $x)", counted("(local.get $y)")), counted("(i32.sub (local.get $x) (local.get $y))"))}
      (then (local.set $r (i32.const 9))))
    (local.get $r))
  (func (export "brIfAnd") (param $x i32) (param $y i32) (result i32)
    (block $out
      (br_if $out ${and(counted("(local.get $x)"), "(local.get $y)")})
      (return (i32.const 1)))
    (i32.const 2))
  (func (export "brIfOr") (param $x i32) (param $y i32) (result i32)
    (block $out
      (br_if $out ${or(counted("(local.get $x)"), and(counted("(local.get $y)"), counted("(i32.add (local.get $x) (local.get $y))")))})
      (return (i32.const 1)))
    (i32.const 2))
  (func (export "ifNotAnd") (param $x i32) (param $y i32) (result i32) (local $r i32)
    (if ${notAnd(counted("(local.get $x)"), counted("(local.get $y)"))} (then (local.set $r (i32.const 5))))
    (local.get $r))
  (func (export "brIfNotOr") (param $x i32) (param $y i32) (result i32)
    (block $out
      (br_if $out ${notOr(counted("(local.get $x)"), counted("(local.get $y)"))})
      (return (i32.const 1)))
    (i32.const 2))
  (func $ifAndElse (export "ifAndElse") (param $x i32) (param $y i32) (result i32)
    (if (result i32) ${and("(local.get $x)", counted("(local.get $y)"))} (then (i32.const 3)) (else (i32.const 4)))))`;

type Exports = Record<"ifAnd" | "ifAndAnd" | "brIfAnd" | "brIfOr" | "ifNotAnd" | "brIfNotOr" | "ifAndElse", (x: number, y: number) => number>;

/** Each export's answers and the host calls it made, over a grid of arguments. */
function answers(binary: Uint8Array): string[] {
  const calls: number[] = [];
  const count = (v: number) => (calls.push(v), v);
  const exports = new WebAssembly.Instance(new WebAssembly.Module(binary), { host: { count } }).exports as unknown as Exports;
  const out: string[] = [];
  for (const name of ["ifAnd", "ifAndAnd", "brIfAnd", "brIfOr", "ifNotAnd", "brIfNotOr", "ifAndElse"] as const)
    for (const x of [0, 1, 2, -1])
      for (const y of [0, 1, 2]) {
        calls.length = 0;
        out.push(`${name}(${x},${y})=${exports[name](x, y)} calls ${calls.join(",")}`);
      }
  return out;
}

describe("splitting && conditions", () => {
  it("nests the && tests of ifs without else and of br_ifs, makes a br_if on a || b two, negates a of !a && b and !a || b, keeps an if with else, and every answer and call as before", () => {
    const m = binaryen.parseText(MODULE);
    try {
      const before = m.emitBinary();
      expect(splitAndConditions(m)).toBe(8);
      expect(m.validate()).toBeTruthy();
      const after = m.emitBinary();
      expect(after.length).toBeLessThan(before.length);
      // The if with an else keeps its `&&`: its else would have to be written twice.
      expect(binaryen.emitText(binaryen.getFunctionInfo(m.getFunction("ifAndElse")).body)).toMatch(/\(else\s+\(i32\.const 0\)/);
      expect(answers(after)).toEqual(answers(before));
    } finally {
      m.dispose();
    }
  });
});
