// A condition `a && b` that asc writes as `if (result i32) a then b else 0` costs three bytes
// more than testing `a` and `b` one inside the other where nothing happens when it fails:
// `if (a && b) { s }` becomes `if (a) { if (b) { s } }` and `br_if $l (a && b)` becomes
// `if (a) { br_if $l b }`; a branch taken on `a || b` (`if (result i32) a then 1 else b`)
// becomes two, `br_if $l a; br_if $l b`, four bytes less; `!a && b` and `!a || b`, which
// Binaryen writes with the constant in the other arm, are split alike with `a` negated.
// `b` runs exactly when it ran before, and `s` or the branch exactly when it did, so the code
// does what it did; only an `if` without `else` (and a `br_if` without a value) is rewritten,
// as an `else` would have to be written twice. Nested tests run as fast as the `if` that
// computed 0 or `b` (one branch less when `a` fails), so the hot path is rewritten too. For the
// component's core module (scripts/build-component.mjs), before each round's binary is written.
import binaryen from "binaryen";
import { walkWithPlaces } from "./outline-call-tests.mjs";

/** `expr` = `if (result i32) a then b else k`, `k` an i32 constant: { a, b, k }; null otherwise. */
function testOf(expr, constant) {
  if (binaryen.getExpressionId(expr) !== binaryen.IfId || binaryen.getExpressionType(expr) !== binaryen.i32) return null;
  const info = binaryen.getExpressionInfo(expr);
  const fixed = constant === "ifTrue" ? info.ifTrue : info.ifFalse;
  const other = constant === "ifTrue" ? info.ifFalse : info.ifTrue;
  if (!fixed || binaryen.getExpressionId(fixed) !== binaryen.ConstId || binaryen.getExpressionType(fixed) !== binaryen.i32) return null;
  if (binaryen.getExpressionType(info.condition) !== binaryen.i32 || binaryen.getExpressionType(other) !== binaryen.i32) return null;
  return { a: info.condition, b: other, k: binaryen.Const.getValueI32(fixed) };
}

/**
 * `expr` = `a && b` (`if (result i32) a then b else 0`), or `!a && b` (`... a then 0 else b`):
 * { a, b }, `a` negated in the second; null otherwise.
 */
function andOf(module, expr) {
  const test = testOf(expr, "ifFalse");
  if (test !== null && test.k === 0) return test;
  const negated = testOf(expr, "ifTrue");
  return negated !== null && negated.k === 0 ? { a: module.i32.eqz(negated.a), b: negated.b } : null;
}

/**
 * `expr` = `a || b` (`if (result i32) a then k else b`, `k` not 0), or `!a || b`
 * (`... a then b else k`): { a, b }, `a` negated in the second; null otherwise.
 */
function orOf(module, expr) {
  const test = testOf(expr, "ifTrue");
  if (test !== null && test.k !== 0) return test;
  const negated = testOf(expr, "ifFalse");
  return negated !== null && negated.k !== 0 ? { a: module.i32.eqz(negated.a), b: negated.b } : null;
}

/**
 * `br_if $l c`, without a value, with its `&&` and `||` tests split: `if (a) { br_if $l b }`
 * for `c` = `a && b`, `br_if $l a; br_if $l b` for `a || b`; `{ expr, count }`.
 */
function splitBranch(module, name, condition) {
  const and = andOf(module, condition);
  if (and !== null) {
    const inner = splitBranch(module, name, and.b);
    const nested = module.if(and.a, inner.expr);
    return { expr: nested, count: 1 + inner.count + splitIf(module, nested) };
  }
  const or = orOf(module, condition);
  if (or !== null) {
    const first = splitBranch(module, name, or.a);
    const second = splitBranch(module, name, or.b);
    return { expr: module.block(null, [first.expr, second.expr], binaryen.none), count: 1 + first.count + second.count };
  }
  return { expr: module.br(name, condition), count: 0 };
}

/** Splits the `&&` conditions of `expr`, an `if` without `else`, into nested ifs; how many. */
function splitIf(module, expr) {
  let count = 0;
  for (let and = andOf(module, binaryen.If.getCondition(expr)); and !== null; and = andOf(module, binaryen.If.getCondition(expr))) {
    const inner = module.if(and.b, binaryen.If.getIfTrue(expr));
    count += splitIf(module, inner);
    binaryen.If.setCondition(expr, and.a);
    binaryen.If.setIfTrue(expr, inner);
    count++;
  }
  return count;
}

/** Splits the `&&` conditions of `module`'s ifs without else and the `&&` and `||` ones of its br_ifs without value; how many. */
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
        if (!condition) return;
        const split = splitBranch(module, binaryen.Break.getName(expr), condition);
        if (split.count === 0) return;
        replace(split.expr);
        count += split.count;
      }
    });
  }
  return count;
}
