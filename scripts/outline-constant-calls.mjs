// Calls of one function with the same constants among their arguments, made at many places
// (`new StrBuf(64)`, `new Array<i32>()`, `out.add(" · ")`, `kind(Category.CommandOutput,
// Sniff.None)`), each become a call of one function that takes the other arguments and makes
// the call: the constants are written once, not at every place. Constants have no effects, so
// leaving them out of a call's arguments changes nothing of what the others do. For the
// component's core module (scripts/build-component.mjs), on the module Binaryen's size
// pipeline has optimized once, so that the constants are the ones that stay; the new
// functions are kept from being inlined back, which later rounds would do to the smallest.
import binaryen from "binaryen";
import { CHILD_FIELDS, infoOf, lebBytes } from "./binaryen-exprs.mjs";

/** Prefix of the functions made here (and the no-inline pattern that keeps them). */
const PREFIX = "~constant-call|";
/** Bytes a function costs beyond the call it makes: its type, size, locals, end and entry. */
const FUNCTION_COST = 8;

/** Each expression under `expr`, children first. */
function walk(expr, visit) {
  if (!expr) return;
  const info = infoOf(expr);
  if (info.id !== binaryen.ConstId) {
    for (const field of CHILD_FIELDS) {
      const child = info[field];
      if (Array.isArray(child)) for (const c of child) walk(c, visit);
      else if (typeof child === "number" && child !== 0) walk(child, visit);
    }
    if (info.id === binaryen.CallIndirectId) walk(info.target, visit);
  }
  visit(expr, info);
}

/** The key of a constant (type and value), and the bytes it takes, or null when `expr` is no i32 or i64 constant. */
function constantOf(expr) {
  if (binaryen.getExpressionId(expr) !== binaryen.ConstId) return null;
  const info = binaryen.getExpressionInfo(expr);
  if (info.type === binaryen.i32) return { key: `i32:${info.value}`, bytes: 1 + lebBytes(info.value) };
  if (info.type === binaryen.i64) {
    const value = BigInt.asIntN(64, (BigInt(info.value.high >>> 0) << 32n) | BigInt(info.value.low >>> 0));
    let n = 1;
    for (let v = value; v >= 64n || v < -64n; v >>= 7n) n++;
    return { key: `i64:${value}`, bytes: 1 + n };
  }
  return null;
}

/** Outlines the module's repeated calls with the same constant arguments; the number of calls changed. */
export function outlineConstantCalls(module) {
  const groups = new Map();
  for (let k = 0, n = module.getNumFunctions(); k < n; k++) {
    const fn = module.getFunctionByIndex(k);
    walk(binaryen.Function.getBody(fn), (expr, info) => {
      if (info.id !== binaryen.CallId || info.isReturn || info.operands.length === 0) return;
      let key = info.target;
      let bytes = 0;
      const params = [];
      for (const operand of info.operands) {
        const constant = constantOf(operand);
        if (constant) {
          key += `|${constant.key}`;
          bytes += constant.bytes;
        } else {
          const type = binaryen.getExpressionType(operand);
          key += `|_${type}`;
          params.push(type);
        }
      }
      if (bytes === 0) return;
      let group = groups.get(key);
      if (!group) groups.set(key, (group = { target: info.target, type: info.type, operands: info.operands, params, bytes, calls: [] }));
      group.calls.push(expr);
    });
  }
  let changed = 0;
  let made = 0;
  for (const group of groups.values()) {
    // The function passes its own arguments on: two bytes each.
    const cost = group.bytes + 2 * group.params.length + FUNCTION_COST + 2;
    if (group.calls.length * group.bytes <= cost) continue;
    const name = `${PREFIX}${made++}`;
    let param = 0;
    const operands = group.operands.map((o) => (constantOf(o) ? module.copyExpression(o) : module.local.get(param, group.params[param++])));
    module.addFunction(name, binaryen.createType(group.params), group.type, [], module.call(group.target, operands, group.type));
    for (const call of group.calls) {
      binaryen.Call.setTarget(call, name);
      for (let k = binaryen.Call.getNumOperands(call) - 1; k >= 0; k--) {
        if (constantOf(binaryen.Call.getOperandAt(call, k))) binaryen.Call.removeOperandAt(call, k);
      }
      changed++;
    }
  }
  binaryen.setPassArgument("no-inline", `${PREFIX}*`);
  module.runPasses(["no-inline"]);
  binaryen.setPassArgument("no-inline", null);
  return changed;
}
