// A condition `a && b` that asc writes as `if (result i32) a then b else 0` costs four bytes
// more than testing `a` and `b` one inside the other where nothing happens when it fails:
// `if (a && b) { s }` becomes `if (a) { if (b) { s } }` and `br_if $l (a && b)` becomes
// `if (a) { br_if $l b }`. `b` runs exactly when it ran before, and `s` or the branch exactly
// when both hold, so the code does what it did; only an `if` without `else` (and a `br_if`
// without a value) is rewritten, as an `else` would have to be written twice. Nested tests run
// as fast as the `if` that computed 0 or `b` (one branch less when `a` fails), so the hot
// path is rewritten too. For the component's core module (scripts/build-component.mjs), before
// each round's binary is written.
import binaryen from "binaryen";
import { walkWithPlaces } from "./outline-call-tests.mjs";

/** `expr` = `if (result i32) a then b else 0`: { a, b }; null otherwise. */
function andOf(expr) {
  if (binaryen.getExpressionId(expr) !== binaryen.IfId || binaryen.getExpressionType(expr) !== binaryen.i32) return null;
  const info = binaryen.getExpressionInfo(expr);
  const otherwise = info.ifFalse;
  if (!otherwise || binaryen.getExpressionId(otherwise) !== binaryen.ConstId) return null;
  if (binaryen.getExpressionType(otherwise) !== binaryen.i32 || binaryen.Const.getValueI32(otherwise) !== 0) return null;
  if (binaryen.getExpressionType(info.condition) !== binaryen.i32 || binaryen.getExpressionType(info.ifTrue) !== binaryen.i32) return null;
  return { a: info.condition, b: info.ifTrue };
}

/** Splits the `&&` conditions of `expr`, an `if` without `else`, into nested ifs; how many. */
function splitIf(module, expr) {
  let count = 0;
  for (let and = andOf(binaryen.If.getCondition(expr)); and !== null; and = andOf(binaryen.If.getCondition(expr))) {
    const inner = module.if(and.b, binaryen.If.getIfTrue(expr));
    count += splitIf(module, inner);
    binaryen.If.setCondition(expr, and.a);
    binaryen.If.setIfTrue(expr, inner);
    count++;
  }
  return count;
}

/** Rewrites the `&&` conditions of `module`'s ifs without else and br_ifs without value; how many. */
export function splitAndConditions(module) {
  let count = 0;
  for (let k = 0, n = module.getNumFunctions(); k < n; k++) {
    const fn = module.getFunctionByIndex(k);
    const info = binaryen.getFunctionInfo(fn);
    if (info.module) continue;
    walkWithPlaces(info.body, (expr, replace) => {
      const id = binaryen.getExpressionId(expr);
      if (id === binaryen.IfId && !binaryen.If.getIfFalse(expr) && binaryen.getExpressionType(expr) === binaryen.none) {
        count += splitIf(module, expr);
      } else if (id === binaryen.BreakId && replace !== null && !binaryen.Break.getValue(expr)) {
        const condition = binaryen.Break.getCondition(expr);
        const and = condition ? andOf(condition) : null;
        if (and === null) return;
        const branch = module.br(binaryen.Break.getName(expr), and.b);
        const nested = module.if(and.a, branch);
        replace(nested);
        count += 1 + splitIf(module, nested);
      }
    });
  }
  return count;
}
