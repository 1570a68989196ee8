// A call's result tested or offset by the same constant at many places (`s.length > 0`,
// `unitAt(s, i) == 32`, `list[k] + 1`) becomes a call of one function that makes the call
// and applies the operation: the operator and its constant are written once, not at every
// place. The call's arguments are computed as before, in the same order, and a constant
// operand has no effects, so nothing of what the code does changes. For the component's
// core module (scripts/build-component.mjs), on the module Binaryen's size pipeline has
// optimized once; the new functions are kept from being inlined back.
import binaryen from "binaryen";
import { lebBytes } from "./binaryen-exprs.mjs";

/** Prefix of the functions made here (and the no-inline pattern that keeps them). */
const PREFIX = "~call-test|";
/** Bytes a function costs beyond its body's call and operation: its type, size, locals, end and entry. */
const FUNCTION_COST = 8;

/** The setters of each kind of expression's child fields, by expression id. */
const CLASSES = new Map([
  [binaryen.BlockId, binaryen.Block],
  [binaryen.IfId, binaryen.If],
  [binaryen.LoopId, binaryen.Loop],
  [binaryen.BreakId, binaryen.Break],
  [binaryen.SwitchId, binaryen.Switch],
  [binaryen.CallId, binaryen.Call],
  [binaryen.CallIndirectId, binaryen.CallIndirect],
  [binaryen.LocalSetId, binaryen.LocalSet],
  [binaryen.GlobalSetId, binaryen.GlobalSet],
  [binaryen.LoadId, binaryen.Load],
  [binaryen.StoreId, binaryen.Store],
  [binaryen.UnaryId, binaryen.Unary],
  [binaryen.BinaryId, binaryen.Binary],
  [binaryen.SelectId, binaryen.Select],
  [binaryen.DropId, binaryen.Drop],
  [binaryen.ReturnId, binaryen.Return],
  [binaryen.MemoryGrowId, binaryen.MemoryGrow],
  [binaryen.MemoryCopyId, binaryen.MemoryCopy],
  [binaryen.MemoryFillId, binaryen.MemoryFill],
]);
/** Kinds with no child expression. */
const LEAVES = new Set([binaryen.LocalGetId, binaryen.GlobalGetId, binaryen.ConstId, binaryen.NopId, binaryen.UnreachableId, binaryen.MemorySizeId]);

/**
 * Whether walkWithPlaces sees every child of an expression of this kind: it does not descend
 * into others (SIMD, atomics, tables …), so a question about what such an expression holds has
 * no answer from a walk.
 */
export function walksInto(id) {
  return CLASSES.has(id) || LEAVES.has(id);
}

/** The fields of an expression's info that hold one child expression. */
const CHILD_FIELDS = ["condition", "ifTrue", "ifFalse", "body", "value", "ptr", "left", "right", "dest", "source", "size", "delta", "target"];

/**
 * Each expression under `expr`, children first, with a function that puts another
 * expression in its place (null for the function's body, which `walk` is not given a parent of).
 */
export function walkWithPlaces(expr, visit, replace = null) {
  const id = binaryen.getExpressionId(expr);
  const cls = CLASSES.get(id);
  if (cls) {
    const info = binaryen.getExpressionInfo(expr);
    if (id === binaryen.BlockId) info.children.forEach((c, k) => walkWithPlaces(c, visit, (other) => cls.setChildAt(expr, k, other)));
    if (id === binaryen.CallId || id === binaryen.CallIndirectId) info.operands.forEach((c, k) => walkWithPlaces(c, visit, (other) => cls.setOperandAt(expr, k, other)));
    for (const field of CHILD_FIELDS) {
      const child = info[field];
      if (typeof child !== "number" || child === 0) continue;
      // A call_indirect's target is an expression; a break's, a call's and a switch's are names.
      if (field === "target" && id !== binaryen.CallIndirectId) continue;
      const setter = cls[`set${field[0].toUpperCase()}${field.slice(1)}`];
      walkWithPlaces(child, visit, (other) => setter(expr, other));
    }
  }
  visit(expr, replace);
}

/**
 * The operation at `expr` of a call's result and an i32 constant or local, or a call's
 * result tested for zero: { call, op, right, value, bytes } (`right` the operand that is
 * no call, `bytes` those the operation and a constant take at each place) or null. Only a
 * constant or a local can go before the call: neither has effects, nor can a call change it.
 */
function callTestOf(expr) {
  const id = binaryen.getExpressionId(expr);
  if (id === binaryen.UnaryId) {
    const info = binaryen.getExpressionInfo(expr);
    if (info.op !== binaryen.EqZInt32 || binaryen.getExpressionId(info.value) !== binaryen.CallId) return null;
    const call = binaryen.getExpressionInfo(info.value);
    return call.isReturn ? null : { call, callExpr: info.value, op: info.op, right: 0, value: null, type: info.type, bytes: 1 };
  }
  if (id !== binaryen.BinaryId) return null;
  const info = binaryen.getExpressionInfo(expr);
  if (binaryen.getExpressionId(info.left) !== binaryen.CallId || binaryen.getExpressionType(info.right) !== binaryen.i32) return null;
  const call = binaryen.getExpressionInfo(info.left);
  if (call.isReturn) return null;
  const rightId = binaryen.getExpressionId(info.right);
  if (rightId === binaryen.ConstId) {
    const value = binaryen.getExpressionInfo(info.right).value;
    return { call, callExpr: info.left, op: info.op, right: info.right, value, type: info.type, bytes: 2 + lebBytes(value) };
  }
  if (rightId === binaryen.LocalGetId) return { call, callExpr: info.left, op: info.op, right: info.right, value: null, type: info.type, bytes: 1 };
  return null;
}

/** The function made for `group`: the call, then the operation with the group's constant or its last argument. */
function addTestFunction(module, name, group, withOperand) {
  const target = binaryen.getFunctionInfo(module.getFunction(group.call.target));
  const params = binaryen.expandType(target.params);
  const call = module.call(group.call.target, params.map((type, k) => module.local.get(k, type)), target.results);
  let body;
  if (group.right === 0) body = module.i32.eqz(call);
  else {
    const right = withOperand ? module.local.get(params.length, binaryen.i32) : module.i32.const(group.value);
    body = binaryen._BinaryenBinary(module.ptr, group.op, call, right);
  }
  module.addFunction(name, binaryen.createType(withOperand ? [...params, binaryen.i32] : params), group.type, [], body);
  return params.length;
}

/** The module's call tests, grouped by `keyOf(test)` (null leaves a test out). */
function groupTests(module, keyOf) {
  const groups = new Map();
  for (let k = 0, n = module.getNumFunctions(); k < n; k++) {
    const fn = module.getFunctionByIndex(k);
    walkWithPlaces(binaryen.Function.getBody(fn), (expr, replace) => {
      const test = callTestOf(expr);
      if (!test || !replace) return;
      const key = keyOf(test);
      if (key === null) return;
      let group = groups.get(key);
      if (!group) groups.set(key, (group = { ...test, places: [] }));
      group.places.push({ callExpr: test.callExpr, right: test.right, replace });
    });
  }
  return groups;
}

/** Outlines the module's calls tested alike at many places; the number of places changed. */
export function outlineCallTests(module) {
  let changed = 0;
  let made = 0;
  // First the tests with one constant at many places: the function holds the operation and the constant.
  for (const group of groupTests(module, (t) => (t.value === null ? null : `${t.call.target}|${t.op}|${t.value}`)).values()) {
    const params = binaryen.expandType(binaryen.getFunctionInfo(module.getFunction(group.call.target)).params);
    // The function passes its own arguments on (two bytes each) and makes the call (three).
    if (group.places.length * group.bytes <= FUNCTION_COST + 2 * params.length + 3 + group.bytes) continue;
    const name = `${PREFIX}${made++}`;
    addTestFunction(module, name, group, false);
    for (const place of group.places) {
      place.replace(module.call(name, binaryen.Call.getOperands(place.callExpr), group.type));
      changed++;
    }
  }
  // Then the same operation of one function's result at many places, its other operand an argument.
  for (const group of groupTests(module, (t) => `${t.call.target}|${t.op}|${t.right === 0 ? "eqz" : ""}`).values()) {
    const params = binaryen.expandType(binaryen.getFunctionInfo(module.getFunction(group.call.target)).params);
    const withOperand = group.right !== 0;
    // One byte of operator saved per place; the function passes one more argument on.
    if (group.places.length <= FUNCTION_COST + 2 * (params.length + (withOperand ? 1 : 0)) + 3 + 1) continue;
    const name = `${PREFIX}${made++}`;
    addTestFunction(module, name, group, withOperand);
    for (const place of group.places) {
      const operands = binaryen.Call.getOperands(place.callExpr);
      place.replace(module.call(name, withOperand ? [...operands, place.right] : operands, group.type));
      changed++;
    }
  }
  binaryen.setPassArgument("no-inline", `${PREFIX}*`);
  module.runPasses(["no-inline"]);
  binaryen.setPassArgument("no-inline", null);
  return changed;
}
