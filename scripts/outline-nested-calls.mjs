// A call whose argument is another call's result, made alike at many places (`isDigit(unitAt(s,
// i))`, `out.add(s.substring(a, b))`), becomes a call of one function that makes both: the
// inner call's instruction is written once, not at every place. Only an inner call after
// which the outer one takes constants and locals alone is folded, so every argument is
// computed as before, in the same order. For the component's core module
// (scripts/build-component.mjs), on the module Binaryen's size pipeline has optimized once;
// the new functions are kept from being inlined back.
import binaryen from "binaryen";
import { walkWithPlaces } from "./outline-call-tests.mjs";

/** Prefix of the functions made here (and the no-inline pattern that keeps them). */
const PREFIX = "~nested-call|";
/** Bytes a function costs beyond what its body passes on: its type, size, locals, end, entry and two calls. */
const FUNCTION_COST = 14;
/** Bytes of the inner call's instruction saved at each place. */
const SAVED = 2;

/** Whether `expr` has no effects and no call can change what it gives. */
function isPlain(expr) {
  const id = binaryen.getExpressionId(expr);
  return id === binaryen.ConstId || id === binaryen.LocalGetId;
}

/** Outlines the module's calls of calls made alike at many places; the number of places changed. */
export function outlineNestedCalls(module) {
  const groups = new Map();
  for (let k = 0, n = module.getNumFunctions(); k < n; k++) {
    walkWithPlaces(binaryen.Function.getBody(module.getFunctionByIndex(k)), (expr, replace) => {
      if (!replace || binaryen.getExpressionId(expr) !== binaryen.CallId) return;
      const outer = binaryen.getExpressionInfo(expr);
      if (outer.isReturn) return;
      // The last operand that is a call, when only plain ones follow it.
      let at = outer.operands.length - 1;
      while (at >= 0 && isPlain(outer.operands[at])) at--;
      if (at < 0 || binaryen.getExpressionId(outer.operands[at]) !== binaryen.CallId) return;
      const inner = binaryen.getExpressionInfo(outer.operands[at]);
      if (inner.isReturn) return;
      const key = `${outer.target}|${at}|${inner.target}`;
      let group = groups.get(key);
      if (!group) groups.set(key, (group = { outer: outer.target, inner: inner.target, at, type: outer.type, places: [] }));
      group.places.push({ expr, innerExpr: outer.operands[at], replace });
    });
  }
  const touched = new Set();
  let changed = 0;
  let made = 0;
  for (const group of [...groups.values()].sort((a, b) => b.places.length - a.places.length)) {
    // A place whose call was rewritten already, by an earlier group or as the inner call of a
    // place of this one (`f(a, f(b, g()))`), is in no tree any more: it is left as it is, and
    // the function is made only for the places that remain.
    const claimed = new Set();
    const places = [];
    for (const p of group.places) {
      if (touched.has(p.expr) || touched.has(p.innerExpr) || claimed.has(p.expr) || claimed.has(p.innerExpr)) continue;
      claimed.add(p.expr);
      claimed.add(p.innerExpr);
      places.push(p);
    }
    const outerParams = binaryen.expandType(binaryen.getFunctionInfo(module.getFunction(group.outer)).params);
    const innerFn = binaryen.getFunctionInfo(module.getFunction(group.inner));
    const innerParams = binaryen.expandType(innerFn.params);
    const params = [...outerParams.slice(0, group.at), ...innerParams, ...outerParams.slice(group.at + 1)];
    if (places.length * SAVED <= FUNCTION_COST + 2 * params.length) continue;
    const name = `${PREFIX}${made++}`;
    const get = (k) => module.local.get(k, params[k]);
    const innerCall = module.call(group.inner, innerParams.map((_, k) => get(group.at + k)), innerFn.results);
    const outerArgs = outerParams.map((_, k) => (k < group.at ? get(k) : k === group.at ? innerCall : get(k - 1 + innerParams.length)));
    module.addFunction(name, binaryen.createType(params), group.type, [], module.call(group.outer, outerArgs, group.type));
    for (const p of places) {
      touched.add(p.expr);
      touched.add(p.innerExpr);
      const operands = binaryen.Call.getOperands(p.expr);
      p.replace(module.call(name, [...operands.slice(0, group.at), ...binaryen.Call.getOperands(p.innerExpr), ...operands.slice(group.at + 1)], group.type));
      changed++;
    }
  }
  binaryen.setPassArgument("no-inline", `${PREFIX}*`);
  module.runPasses(["no-inline"]);
  binaryen.setPassArgument("no-inline", null);
  return changed;
}
