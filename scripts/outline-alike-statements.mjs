// A statement or a run of statements written alike at many places (`sb.add("(");
// sb.add(name); sb.add(")")`, a record's fields stored one after the other, `if (s.length > 0)
// out.add(s)`, `n = f(n, x)`) becomes a call of one function that runs them from the locals
// they read. Each statement is made of locals, constants, loads, stores, calls, drops, `if`s,
// blocks, loops, branches to the blocks and loops of the statement itself (a branch to one
// outside it keeps it where it is), traps, sets of globals and copies and fills of memory
// (scripts/outline-alike-exprs.mjs), and the run sets at most one local that is read after it:
// no other local changes while it runs, so reading them all before it starts gives the values
// each statement would read; the one it sets is passed in too, and the function returns its last
// value for the caller to set. A local the statements after the run set again before any read
// (or that the function never reads again) may be set inside too, as may any local by a run
// that ends in a return, which then returns what the function returned: the place becomes
// `return f(...)`. Where only their i32 constants differ, the places pass them in like locals. The stores
// and calls run in the same order as before. Runs are taken from a block's statements, one
// statement or expression alone from any place in a function. As with
// alike expressions, only the functions off the hot path of compact() are rewritten
// (scripts/hot-functions.mjs), and the new functions are kept from being inlined back.
import binaryen from "binaryen";
import { callCost, firstFreeIndex, keyAmong, shapeOf } from "./outline-alike-exprs.mjs";
import { walksInto, walkWithPlaces } from "./outline-call-tests.mjs";

/** Prefix of the functions made here (and the no-inline pattern that keeps them). */
const PREFIX = "~alike-statements|";
/** The longest run of statements compared. */
const MAX_RUN = 10;
/** Bytes a function costs beyond its body: its body's size, locals and end, its entry, a share of a type. */
const FUNCTION_COST = 6;
/**
 * Bytes counted at each place beyond its call: the functions made push others to longer indices,
 * and groups that save only a byte or so per place, counted at none, leave the module larger
 * (from a quarter of a byte to three quarters, ~110 bytes less on the component core; one, ~80).
 */
const PLACE_MARGIN = 0.5;

/** The shape of a run of statements (each a shape), their locals numbered across the run. */
function runShape(shapes) {
  const locals = [];
  const parts = [];
  const writes = new Set();
  let bytes = 0;
  const nodes = [];
  for (const shape of shapes) {
    bytes += shape.bytes;
    nodes.push(...shape.nodes);
    for (const w of shape.writes) writes.add(w);
    parts.push(keyAmong(locals, shape));
  }
  return { key: parts.join(";").replaceAll("p", "P"), bytes, locals, nodes, writes };
}

/** Whether `expr` reads or sets local `index`; true when it holds a kind the walk does not see into. */
function touchesLocal(expr, index) {
  let found = false;
  walkWithPlaces(expr, (e) => {
    const id = binaryen.getExpressionId(e);
    if (!walksInto(id)) found = true;
    else if ((id === binaryen.LocalGetId || id === binaryen.LocalSetId) && binaryen.getExpressionInfo(e).index === index) found = true;
  });
  return found;
}

/** Whether `expr` may branch to a block or loop outside it; true when it holds a kind the walk does not see into. */
function branchesOut(expr) {
  const labels = new Set();
  const targets = [];
  let unseen = false;
  walkWithPlaces(expr, (e) => {
    const id = binaryen.getExpressionId(e);
    if (!walksInto(id)) unseen = true;
    else if (id === binaryen.BlockId || id === binaryen.LoopId) labels.add(binaryen.getExpressionInfo(e).name);
    else if (id === binaryen.BreakId) targets.push(binaryen.Break.getName(e));
    else if (id === binaryen.SwitchId) targets.push(...binaryen.Switch.getNames(e), binaryen.Switch.getDefaultName(e));
  });
  return unseen || targets.some((name) => !labels.has(name));
}

/**
 * Whether no read of local `index` can follow the statements of `block` up to its child `end`:
 * the statements after them set it before any of them reads it, with no branch out of the block
 * between, or leave the function (`block` its body) without reading it. A return between ends
 * the function too.
 */
function unreadAfter(block, end, index, isBody) {
  const children = binaryen.getExpressionInfo(block).children;
  for (let k = end + 1; k < children.length; k++) {
    const child = children[k];
    if (binaryen.getExpressionId(child) === binaryen.LocalSetId) {
      const set = binaryen.getExpressionInfo(child);
      if (set.index === index && !set.isTee && !touchesLocal(set.value, index) && !branchesOut(set.value)) return true;
    }
    if (touchesLocal(child, index) || branchesOut(child)) return false;
  }
  return isBody;
}

/** Bytes of `local.set` of local `index`. */
const setBytes = (index) => (index < 128 ? 2 : 3);

/**
 * Outlines the statements and runs of statements written alike at many places in the functions
 * `isHot(name)` says are cold; the number of places changed.
 */
export function outlineAlikeStatements(module, isHot = () => false) {
  const functionIndex = new Map();
  for (let k = 0, n = module.getNumFunctions(); k < n; k++) functionIndex.set(binaryen.getFunctionInfo(module.getFunctionByIndex(k)).name, k);
  const globalIndex = new Map();
  for (let k = 0, n = module.getNumGlobals(); k < n; k++) globalIndex.set(binaryen.getGlobalInfo(module.getGlobalByIndex(k)).name, k);
  const groups = new Map();
  const addPlace = (key, group, place) => {
    if (!groups.has(key)) groups.set(key, group);
    groups.get(key).places.push(place);
  };
  for (let k = 0, n = module.getNumFunctions(); k < n; k++) {
    const fn = module.getFunctionByIndex(k);
    const body = binaryen.Function.getBody(fn);
    if (!body || isHot(binaryen.getFunctionInfo(fn).name)) continue;
    // Each place is read twice: with its constants as they are, and with each i32 constant
    // passed in like a local (`out.add("a")` and `out.add("b")` alike).
    for (const constants of [false, true]) {
      const mark = constants ? "K" : "";
      const shapes = new Map();
      /**
       * The run of `shapes` before the return at `children[end]` of `block`, with the value it
       * returns: the caller reads none of the locals it sets after it, so it may set any of them,
       * and the place becomes `return f(...)` (or `f(...); return`).
       */
      const addReturningRun = (block, first, end, run) => {
        const children = binaryen.getExpressionInfo(block).children;
        const value = binaryen.Return.getValue(children[end]);
        const valueShape = value ? shapes.get(value) : null;
        if (value && (!valueShape || valueShape.free)) return;
        const type = value ? binaryen.getExpressionType(value) : binaryen.none;
        // A value that never arrives (`return (unreachable)`) gives no function a result type.
        if (type === binaryen.unreachable) return;
        const whole = runShape(value ? [...run, valueShape] : run);
        const params = whole.locals.map((l) => l.type);
        // The return stays last: a block with a value must end in an expression that has one.
        const put = (call) => {
          for (let k = first; k < end; k++) binaryen.Block.setChildAt(block, k, module.nop());
          binaryen.Block.setChildAt(block, first, value ? module.nop() : call);
          binaryen.Block.setChildAt(block, end, value ? module.return(call) : module.return());
        };
        const statements = value ? [...children.slice(first, end), value] : children.slice(first, end);
        const place = { put, count: statements.length, statements, locals: whole.locals, nodes: [...whole.nodes, children[end]] };
        addPlace(`${mark}${params}|${whole.key}|^${type}`, { params, type, bytes: whole.bytes, places: [] }, place);
      };
      walkWithPlaces(body, (expr, replace) => {
        const shape = shapeOf(expr, shapes, functionIndex, globalIndex, true, constants);
        if (shape) shapes.set(expr, shape);
        // One statement or expression anywhere: a run of one.
        if (shape && replace && shape.nodes.length > 1 && !shape.free && binaryen.getExpressionType(expr) !== binaryen.unreachable) {
          const type = binaryen.getExpressionType(expr);
          const params = shape.locals.map((l) => l.type);
          const place = { put: replace, count: 1, statements: [expr], locals: shape.locals, nodes: shape.nodes };
          if (shape.writes.size === 0) addPlace(`${mark}${type}|${params}|${shape.key}`, { params, type, bytes: shape.bytes, places: [] }, place);
          else if (shape.writes.size === 1 && type === binaryen.none) {
            const [index] = shape.writes;
            const local = shape.locals.find((l) => l.index === index);
            addPlace(`${mark}${params}|${shape.key}|=${shape.locals.indexOf(local)}`, { params, result: local, bytes: shape.bytes, places: [] }, { ...place, set: index });
          }
        }
        if (binaryen.getExpressionId(expr) !== binaryen.BlockId) return;
        const children = binaryen.getExpressionInfo(expr).children;
        for (let first = 0; first < children.length; first++) {
          const run = [];
          for (let end = first; end < children.length && end - first < MAX_RUN; end++) {
            const child = children[end];
            if (binaryen.getExpressionId(child) === binaryen.ReturnId) {
              if (run.length > 0) addReturningRun(expr, first, end, run);
              break;
            }
            const shape = shapes.get(child);
            if (!shape || shape.free || binaryen.getExpressionType(child) !== binaryen.none) break;
            run.push(shape);
            const whole = runShape(run);
            // The locals it sets that nothing reads after it stay the function's own.
            const writes = whole.writes.size > 1 ? new Set([...whole.writes].filter((index) => !unreadAfter(expr, end, index, expr === body))) : whole.writes;
            if (writes.size > 1) continue;
            const statements = children.slice(first, end + 1);
            // One statement alone that sets at most one local is taken wherever it stands (above).
            if (run.length < 2 && whole.writes.size < 2) continue;
            const put = (call) => {
              binaryen.Block.setChildAt(expr, first, call);
              for (let k = first + 1; k <= end; k++) binaryen.Block.setChildAt(expr, k, module.nop());
            };
            const place = { put, count: run.length, statements, locals: whole.locals, nodes: whole.nodes };
            const params = whole.locals.map((l) => l.type);
            if (writes.size === 0) {
              addPlace(`${mark}${binaryen.none}|${params}|${whole.key}`, { params, bytes: whole.bytes, places: [] }, place);
              continue;
            }
            // The local the run sets is passed in and its last value returned, set again by the caller.
            const [index] = writes;
            const local = whole.locals.find((l) => l.index === index);
            addPlace(`${mark}${params}|${whole.key}|=${whole.locals.indexOf(local)}`, { params, result: local, bytes: whole.bytes, places: [] }, { ...place, set: index });
            // A run that sets it last, to a value none of it writes, returns that value: nothing passes the local in.
            const last = binaryen.getExpressionId(child) === binaryen.LocalSetId ? binaryen.getExpressionInfo(child) : null;
            if (last && !last.isTee && whole.writes.size === 1 && runShape(run.slice(0, -1)).writes.size === 0 && !shapes.get(last.value).writes?.size) {
              const value = runShape([...run.slice(0, -1), shapes.get(last.value)]);
              const type = binaryen.getExpressionType(last.value);
              const valueParams = value.locals.map((l) => l.type);
              addPlace(
                `${mark}${valueParams}|${value.key}|>${type}`,
                { params: valueParams, type, bytes: value.bytes, places: [] },
                { ...place, locals: value.locals, set: index, value: last.value },
              );
            }
          }
        }
      });
    }
  }
  const gain = (group, places) => {
    let saved = 0;
    for (const p of places) saved += group.bytes - callCost(p, 3) - PLACE_MARGIN - (p.set === undefined ? 0 : setBytes(p.set));
    // The function: its body, and the local it returns read at its end.
    return saved - group.bytes - FUNCTION_COST - (group.result ? 2 : 0);
  };
  const touched = new Set();
  let changed = 0;
  let made = firstFreeIndex(module, PREFIX);
  const ranked = [...groups.values()].map((g) => ({ g, gain: gain(g, g.places) })).filter((r) => r.gain > 0);
  for (const { g: group } of ranked.sort((a, b) => b.gain - a.gain)) {
    // Runs of one block may overlap each other: take them in order, each clear of those taken.
    const places = [];
    for (const p of group.places) {
      if (p.nodes.some((e) => touched.has(e))) continue;
      places.push(p);
      for (const e of p.nodes) touched.add(e);
    }
    if (places.length < 2 || gain(group, places) <= 0) {
      for (const p of places) for (const e of p.nodes) touched.delete(e);
      continue;
    }
    const name = `${PREFIX}${made++}`;
    const first = places[0];
    const order = first.locals.map((l) => l.index);
    const copies = first.statements.map((s, k) => {
      const source = first.value && k === first.count - 1 ? first.value : s;
      let copy = module.copyExpression(source);
      const originals = [];
      walkWithPlaces(source, (expr) => originals.push(expr));
      let at = 0;
      walkWithPlaces(copy, (expr, replace) => {
        const original = originals[at++];
        const id = binaryen.getExpressionId(expr);
        const param = id === binaryen.ConstId ? first.locals.findIndex((l) => l.node === original) : -1;
        if (param >= 0) {
          const get = module.local.get(param, binaryen.i32);
          if (replace) replace(get);
          else copy = get;
        }
        if (id === binaryen.LocalGetId) binaryen.LocalGet.setIndex(expr, order.indexOf(binaryen.LocalGet.getIndex(expr)));
        if (id === binaryen.LocalSetId) binaryen.LocalSet.setIndex(expr, order.indexOf(binaryen.LocalSet.getIndex(expr)));
      });
      return copy;
    });
    const type = group.result ? group.result.type : (group.type ?? binaryen.none);
    if (group.result) copies.push(module.local.get(order.indexOf(group.result.index), type));
    module.addFunction(name, binaryen.createType(group.params), type, [], module.block(null, copies, type));
    for (const p of places) {
      const call = module.call(name, p.locals.map((l) => (typeof l.index === "object" ? module.i32.const(l.index.value) : module.local.get(l.index, l.type))), type);
      p.put(p.set === undefined ? call : module.local.set(p.set, call));
      changed++;
    }
  }
  binaryen.setPassArgument("no-inline", `${PREFIX}*`);
  module.runPasses(["no-inline"]);
  binaryen.setPassArgument("no-inline", null);
  return changed;
}
