// Calls whose result is dropped at many places (`list.push(x);`, `out.add(" · ");` of
// builders that return themselves for chaining) each become a call of one function that
// makes the call and drops the result: the `drop` is written once, not at every place.
// Binaryen removes a result only when every caller drops it; these functions also have
// callers that use it. For the component's core module (scripts/build-component.mjs), on
// the module Binaryen's size pipeline has optimized once; the new functions are kept from
// being inlined back, which later rounds would do to them.
import binaryen from "binaryen";
import { CHILD_FIELDS, infoOf } from "./binaryen-exprs.mjs";

/** Prefix of the functions made here (and the no-inline pattern that keeps them). */
const PREFIX = "~dropped-call|";
/**
 * Bytes a function costs beyond the call it makes and the drop: its type, size, locals, end
 * and entry, and the two bytes that pass each argument on (counted apart).
 */
const FUNCTION_COST = 8;

/** A dropped call of a function, or null: the info of the call under `expr` when `expr` drops one. */
function droppedCall(expr) {
  if (binaryen.getExpressionId(expr) !== binaryen.DropId) return null;
  const value = binaryen.Drop.getValue(expr);
  if (binaryen.getExpressionId(value) !== binaryen.CallId) return null;
  const call = binaryen.getExpressionInfo(value);
  return call.isReturn ? null : call;
}

/**
 * Each place under `expr` that holds an expression a parent can be given anew: a block's
 * child, an if's arm, a loop's body (where statements, and so dropped calls, stand).
 * `visit(child, replace)` gets the child and a function that puts another in its place.
 */
function walkPlaces(expr, visit) {
  if (!expr) return;
  const info = infoOf(expr);
  if (info.id === binaryen.ConstId) return;
  for (const field of CHILD_FIELDS) {
    const child = info[field];
    if (Array.isArray(child)) for (const c of child) walkPlaces(c, visit);
    else if (typeof child === "number" && child !== 0) walkPlaces(child, visit);
  }
  if (info.id === binaryen.CallIndirectId) walkPlaces(info.target, visit);
  if (info.id === binaryen.BlockId) {
    info.children.forEach((child, k) => visit(child, (other) => binaryen.Block.setChildAt(expr, k, other)));
  } else if (info.id === binaryen.IfId) {
    visit(info.ifTrue, (other) => binaryen.If.setIfTrue(expr, other));
    if (info.ifFalse) visit(info.ifFalse, (other) => binaryen.If.setIfFalse(expr, other));
  } else if (info.id === binaryen.LoopId) {
    visit(info.body, (other) => binaryen.Loop.setBody(expr, other));
  }
}

/** Outlines the module's calls whose results are dropped at many places; the number of calls changed. */
export function outlineDroppedCalls(module) {
  const groups = new Map();
  const note = (child, replace) => {
    const call = droppedCall(child);
    if (!call) return;
    let group = groups.get(call.target);
    if (!group) groups.set(call.target, (group = { target: call.target, places: [] }));
    group.places.push({ callExpr: binaryen.Drop.getValue(child), replace });
  };
  for (let k = 0, n = module.getNumFunctions(); k < n; k++) {
    const fn = module.getFunctionByIndex(k);
    const body = binaryen.Function.getBody(fn);
    walkPlaces(body, note);
    note(body, (other) => binaryen.Function.setBody(fn, other));
  }
  let changed = 0;
  let made = 0;
  for (const group of groups.values()) {
    const target = binaryen.getFunctionInfo(module.getFunction(group.target));
    const params = binaryen.expandType(target.params);
    // One byte of drop saved per place.
    if (group.places.length <= FUNCTION_COST + 2 * params.length + 4) continue;
    const name = `${PREFIX}${made++}`;
    const args = params.map((type, k) => module.local.get(k, type));
    module.addFunction(name, target.params, binaryen.none, [], module.drop(module.call(group.target, args, target.results)));
    for (const place of group.places) {
      place.replace(module.call(name, binaryen.Call.getOperands(place.callExpr), binaryen.none));
      changed++;
    }
  }
  binaryen.setPassArgument("no-inline", `${PREFIX}*`);
  module.runPasses(["no-inline"]);
  binaryen.setPassArgument("no-inline", null);
  return changed;
}
