// An expression written alike at many places that reads only locals, constants, memory,
// globals and calls (`i + 1`, `this.count`, `load<u32>(p, 4)`, `this.len = this.len + 1`)
// becomes a call of one function that computes it from those locals: the operators, offsets
// and constants are written once, and each place passes its locals. Nothing in such an
// expression can change a local, so reading them all before it runs gives the same values,
// and its loads, stores and calls run in the same order as before. Only the functions off the
// hot path of compact() are rewritten (scripts/hot-functions.mjs): there a loop runs over the
// few lines, blocks or fields one step picked, and a call at each turn costs less than the
// bytes it saves are worth (bench/component.mjs shows no slowdown), while the loops over every
// unit or line stay as they are. For the component's core module (scripts/build-component.mjs),
// on the module Binaryen's size pipeline has optimized once; the new functions are kept from
// being inlined back.
import binaryen from "binaryen";
import { lebBytes } from "./binaryen-exprs.mjs";
import { walkWithPlaces } from "./outline-call-tests.mjs";

/** Prefix of the functions made here (and the no-inline pattern that keeps them). */
const PREFIX = "~alike-expr|";
/** Expressions of more nodes are not compared: long ones are seldom written alike. */
const MAX_NODES = 16;
/** As many nodes are compared in a statement (scripts/outline-alike-statements.mjs). */
const MAX_STATEMENT_NODES = 48;
/** The locals an expression that sets none sets. */
const NO_WRITES = new Set();
/** Bytes a function costs beyond its body: its body's size, locals and end, its entry, a share of a type. */
const FUNCTION_COST = 6;
/**
 * Calls a function must take to be worth a one-byte index: the functions ordered after
 * the outlining take one-byte indices up to 127, and each new one among them moves the
 * function at 127 (called at about this many places) to a two-byte index.
 */
const ONE_BYTE_CALLS = 24;
const DISPLACED = 14;

const ulebBytes = (value) => {
  let n = 1;
  for (let v = value; v >= 128; v = Math.floor(v / 128)) n++;
  return n;
};

/** Where `local` stands among `locals`, added at the end when it is not there yet. */
function slotOf(locals, local) {
  let at = locals.findIndex((l) => l.index === local.index);
  if (at < 0) {
    at = locals.length;
    locals.push(local);
  }
  return at;
}

/**
 * `shape`'s key with its locals numbered as they stand among `locals` (each added when new), in
 * lower case so that keys joined from several shapes are not numbered again.
 */
export function keyAmong(locals, shape) {
  const places = shape.locals.map((local) => slotOf(locals, local));
  return shape.key.replace(/P(\d+)/g, (_, k) => `p${places[Number(k)]}`);
}

/**
 * The shape of `expr` when it can be outlined: { key, bytes, locals, nodes }, `key` its
 * operators and constants with each local written as the place of its first read
 * (`B0(P0,C1)`), `bytes` what it takes in the binary, `locals` the locals it reads in
 * order ({ index, type }), `nodes` its expressions and `writes` the indices of the locals it
 * sets; null otherwise. With `statements`, sets of locals, drops, `if`s, blocks, loops,
 * branches and traps have shapes too (scripts/outline-alike-statements.mjs), the locals they
 * set among those they read; a shape with a branch to a block or loop it does not hold lists
 * that label in `free` (it can be part of a larger shape, but no place of its own), and one
 * that holds blocks or loops branched to counts them in `defs`.
 */
export function shapeOf(expr, shapes, functionIndex, globalIndex, statements = false, constants = false) {
  const id = binaryen.getExpressionId(expr);
  const type = binaryen.getExpressionType(expr);
  if (type === binaryen.v128) return null;
  // In a statement, a branch, a trap or a construct that ends in one never returns where it
  // stands, but the statement around it can.
  if (type === binaryen.unreachable && !(statements && ENDS_ELSEWHERE.has(id))) return null;
  if (statements && id === binaryen.UnreachableId) return { key: "X", bytes: 1, locals: [], nodes: [expr], writes: NO_WRITES };
  if (id === binaryen.LocalGetId) {
    const index = binaryen.LocalGet.getIndex(expr);
    return { key: "P0", bytes: 1 + ulebBytes(index), locals: [{ index, type }], nodes: [expr], writes: NO_WRITES };
  }
  if (id === binaryen.ConstId && statements && (type === binaryen.i64 || type === binaryen.f64)) {
    // Written as they are (in a statement a wide constant is seldom the one thing that differs).
    const value = type === binaryen.i64 ? BigInt(binaryen.Const.getValueI64(expr)) : binaryen.Const.getValueF64(expr);
    const key = type === binaryen.i64 ? `C${value}L` : `D${Object.is(value, -0) ? "-0" : value}`;
    const bytes = type === binaryen.f64 ? 9 : 1 + lebBytes64(value);
    return { key, bytes, locals: [], nodes: [expr], writes: NO_WRITES };
  }
  if (id === binaryen.ConstId) {
    if (type !== binaryen.i32) return null;
    const value = binaryen.Const.getValueI32(expr);
    if (constants) return { key: "P0", bytes: 1 + lebBytes(value), locals: [{ index: { value }, type, node: expr }], nodes: [expr], writes: NO_WRITES };
    return { key: `C${value}`, bytes: 1 + lebBytes(value), locals: [], nodes: [expr], writes: NO_WRITES };
  }
  if (id === binaryen.GlobalGetId) {
    const name = binaryen.GlobalGet.getName(expr);
    const index = globalIndex.get(name);
    // A name not in the table has no index to tell it apart by: leave it alone.
    if (index === undefined) return null;
    return { key: `G${index}`, bytes: 1 + ulebBytes(index), locals: [], nodes: [expr], writes: NO_WRITES };
  }
  let head;
  let bytes = 1;
  let children;
  // The label a block or loop defines, and the labels its branches target.
  let label = null;
  let free = [];
  // The local a statement sets (scripts/outline-alike-statements.mjs), read like the others.
  let written = null;
  if (id === binaryen.LoadId) {
    const info = binaryen.getExpressionInfo(expr);
    if (info.isAtomic) return null;
    head = `L${info.bytes}${info.isSigned ? "s" : "u"}${info.offset}a${info.align}t${type}`;
    bytes += 1 + ulebBytes(info.offset);
    children = [info.ptr];
  } else if (id === binaryen.StoreId) {
    const info = binaryen.getExpressionInfo(expr);
    if (info.isAtomic || info.valueType === binaryen.v128) return null;
    head = `S${info.bytes}${info.offset}a${info.align}t${info.valueType}`;
    bytes += 1 + ulebBytes(info.offset);
    children = [info.ptr, info.value];
  } else if (id === binaryen.BinaryId) {
    const info = binaryen.getExpressionInfo(expr);
    head = `B${info.op}`;
    children = [info.left, info.right];
  } else if (id === binaryen.UnaryId) {
    const info = binaryen.getExpressionInfo(expr);
    head = `U${info.op}`;
    children = [info.value];
  } else if (id === binaryen.SelectId) {
    const info = binaryen.getExpressionInfo(expr);
    head = `Q${type}`;
    children = [info.ifTrue, info.ifFalse, info.condition];
  } else if (statements && id === binaryen.LocalSetId) {
    const info = binaryen.getExpressionInfo(expr);
    head = info.isTee ? "T" : "=";
    bytes += ulebBytes(info.index);
    children = [info.value];
    written = { index: info.index, type: binaryen.getExpressionType(info.value) };
  } else if (statements && id === binaryen.GlobalSetId) {
    const info = binaryen.getExpressionInfo(expr);
    const index = globalIndex.get(info.name);
    if (index === undefined) return null;
    head = `g${index}`;
    bytes += ulebBytes(index);
    children = [info.value];
  } else if (statements && id === binaryen.MemoryCopyId) {
    const info = binaryen.getExpressionInfo(expr);
    head = "M";
    bytes = 4;
    children = [info.dest, info.source, info.size];
  } else if (statements && id === binaryen.MemoryFillId) {
    const info = binaryen.getExpressionInfo(expr);
    head = "N";
    bytes = 3;
    children = [info.dest, info.value, info.size];
  } else if (statements && id === binaryen.DropId) {
    head = "D";
    children = [binaryen.getExpressionInfo(expr).value];
  } else if (statements && id === binaryen.IfId) {
    const info = binaryen.getExpressionInfo(expr);
    head = `I${type}`;
    // `if`, its block type and `end`, and `else` when it has one.
    bytes = info.ifFalse ? 4 : 3;
    children = info.ifFalse ? [info.condition, info.ifTrue, info.ifFalse] : [info.condition, info.ifTrue];
  } else if (statements && id === binaryen.BlockId && !binaryen.getExpressionInfo(expr).name) {
    // A block no branch targets is written as its statements alone.
    const info = binaryen.getExpressionInfo(expr);
    head = `K${info.children.length}t${type}`;
    bytes = 0;
    children = info.children;
  } else if (statements && id === binaryen.BlockId) {
    // A block a branch leaves: `block`, its type and `end`.
    const info = binaryen.getExpressionInfo(expr);
    head = `k${info.children.length}t${type}`;
    bytes = 3;
    children = info.children;
    label = info.name;
  } else if (statements && id === binaryen.LoopId) {
    const info = binaryen.getExpressionInfo(expr);
    head = `O${type}`;
    bytes = 3;
    children = [info.body];
    label = info.name;
  } else if (statements && id === binaryen.BreakId) {
    // `br` or `br_if` and the depth of its target, which must be a block or loop of the statement.
    const info = binaryen.getExpressionInfo(expr);
    head = `R${labelMark(shapes, info.name)}${info.condition ? "c" : ""}${info.value ? "v" : ""}`;
    bytes = 2;
    children = [info.value, info.condition].filter(Boolean);
    free = [info.name];
  } else if (id === binaryen.CallId) {
    const info = binaryen.getExpressionInfo(expr);
    if (info.isReturn) return null;
    const index = functionIndex.get(info.target);
    if (index === undefined) return null;
    head = `F${index}`;
    bytes += ulebBytes(index);
    children = info.operands;
  } else {
    return null;
  }
  const locals = [];
  const nodes = [expr];
  const parts = [];
  const writes = new Set();
  let defs = label ? 1 : 0;
  for (const child of children) {
    const shape = shapes.get(child);
    if (!shape) return null;
    if (shape.free) free.push(...shape.free);
    defs += shape.defs ?? 0;
    for (const w of shape.writes) writes.add(w);
    bytes += shape.bytes;
    nodes.push(...shape.nodes);
    if (nodes.length > (statements ? MAX_STATEMENT_NODES : MAX_NODES)) return null;
    parts.push(keyAmong(locals, shape));
  }
  if (written) {
    parts.unshift(`p${slotOf(locals, written)}`);
    writes.add(written.index);
  }
  let key = `${head}(${parts.join(",")})`;
  if (label) {
    // The label is named by how many labels its construct holds, itself included: inner ones
    // hold fewer, so branches to it read alike wherever the construct stands.
    key = `${head}${digitsAsLetters(defs)}(${parts.join(",").replaceAll(labelMark(shapes, label), `<${digitsAsLetters(defs)}>`)})`;
    free = free.filter((name) => name !== label);
  }
  key = key.replaceAll("p", "P");
  if (free.length === 0 && defs === 0) return { key, bytes, locals, nodes, writes };
  return { key, bytes, locals, nodes, writes, free: free.length ? free : undefined, defs };
}

/** The expressions that may have the unreachable type in a statement's shape. */
const ENDS_ELSEWHERE = new Set([binaryen.BreakId, binaryen.UnreachableId, binaryen.BlockId, binaryen.IfId, binaryen.LoopId]);

/** A number written in the letters a-j, which no local's mark in a key ("P3") can be confused with. */
const digitsAsLetters = (n) => String(n).replace(/\d/g, (d) => String.fromCharCode(97 + Number(d)));

/** How a key writes a branch to `name` until the construct it names is reached: one mark per name in a function. */
function labelMark(shapes, name) {
  shapes.labels ??= new Map();
  if (!shapes.labels.has(name)) shapes.labels.set(name, `<n${digitsAsLetters(shapes.labels.size)}>`);
  return shapes.labels.get(name);
}

/** Bytes of a signed LEB128 of the 64-bit `value` (a BigInt). */
function lebBytes64(value) {
  let v = value;
  let n = 1;
  while (v >= 64n || v < -64n) {
    v >>= 7n;
    n++;
  }
  return n;
}

/**
 * The first number after `prefix` no function of `module` is named with yet: names go on from
 * those an earlier round made.
 */
export function firstFreeIndex(module, prefix) {
  let made = 0;
  for (let k = 0, n = module.getNumFunctions(); k < n; k++) {
    const name = binaryen.getFunctionInfo(module.getFunctionByIndex(k)).name;
    if (name.startsWith(prefix)) made = Math.max(made, Number(name.slice(prefix.length)) + 1);
  }
  return made;
}

/** Bytes the call that replaces a place takes, with `callBytes` for the call itself. */
export function callCost(place, callBytes) {
  let bytes = callBytes;
  for (const local of place.locals) bytes += typeof local.index === "object" ? 1 + lebBytes(local.index.value) : 1 + ulebBytes(local.index);
  return bytes;
}

/**
 * Outlines the module's expressions written alike at many places; the number of places
 * changed. The places in a function `isHot(name)` says is hot stay as they are: there a call
 * is made so often that it costs more time than the bytes it saves are worth.
 */
export function outlineAlikeExpressions(module, isHot = () => false) {
  const functionIndex = new Map();
  for (let k = 0, n = module.getNumFunctions(); k < n; k++) functionIndex.set(binaryen.getFunctionInfo(module.getFunctionByIndex(k)).name, k);
  const globalIndex = new Map();
  for (let k = 0, n = module.getNumGlobals(); k < n; k++) globalIndex.set(binaryen.getGlobalInfo(module.getGlobalByIndex(k)).name, k);
  const groups = new Map();
  for (let k = 0, n = module.getNumFunctions(); k < n; k++) {
    const fn = module.getFunctionByIndex(k);
    const body = binaryen.Function.getBody(fn);
    if (!body || isHot(binaryen.getFunctionInfo(fn).name)) continue;
    const shapes = new Map();
    walkWithPlaces(body, (expr, replace) => {
      const shape = shapeOf(expr, shapes, functionIndex, globalIndex);
      if (!shape) return;
      shapes.set(expr, shape);
      if (!replace || shape.nodes.length < 2) return;
      const type = binaryen.getExpressionType(expr);
      const key = `${type}|${shape.locals.map((l) => l.type).join(",")}|${shape.key}`;
      let group = groups.get(key);
      if (!group) groups.set(key, (group = { type, params: shape.locals.map((l) => l.type), bytes: shape.bytes, places: [] }));
      group.places.push({ expr, replace, locals: shape.locals, nodes: shape.nodes });
    });
  }
  /** What outlining `places` of `group` saves, in bytes. */
  const gain = (group, places) => {
    const oneByte = places.length >= ONE_BYTE_CALLS;
    const callBytes = oneByte ? 2 : 3;
    let saved = 0;
    for (const p of places) saved += group.bytes - callCost(p, callBytes);
    return saved - group.bytes - FUNCTION_COST - (oneByte ? DISPLACED : 0);
  };
  const touched = new Set();
  let changed = 0;
  let made = firstFreeIndex(module, PREFIX);
  const ranked = [...groups.values()].map((g) => ({ g, gain: gain(g, g.places) })).filter((r) => r.gain > 0);
  for (const { g: group } of ranked.sort((a, b) => b.gain - a.gain)) {
    const places = group.places.filter((p) => !p.nodes.some((e) => touched.has(e)));
    if (places.length < 2 || gain(group, places) <= 0) continue;
    const name = `${PREFIX}${made++}`;
    const body = module.copyExpression(places[0].expr);
    // The copy reads the locals of the first place: each becomes the parameter of its first read.
    const order = places[0].locals.map((l) => l.index);
    walkWithPlaces(body, (expr) => {
      if (binaryen.getExpressionId(expr) === binaryen.LocalGetId) binaryen.LocalGet.setIndex(expr, order.indexOf(binaryen.LocalGet.getIndex(expr)));
    });
    module.addFunction(name, binaryen.createType(group.params), group.type, [], body);
    for (const p of places) {
      for (const e of p.nodes) touched.add(e);
      p.replace(module.call(name, p.locals.map((l) => module.local.get(l.index, l.type)), group.type));
      changed++;
    }
  }
  binaryen.setPassArgument("no-inline", `${PREFIX}*`);
  module.runPasses(["no-inline"]);
  binaryen.setPassArgument("no-inline", null);
  return changed;
}
