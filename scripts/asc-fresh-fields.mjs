// An asc transform for the component build (scripts/build-component.mjs passes it). asc starts
// every constructor by storing each field's initial value, zeros included; under the component's
// runtime (assembly/rt/call-arena.ts) __new hands out objects already zeroed, so storing a zero
// into a field of an object just allocated writes nothing new. This drops those stores: some
// 360 of them, ~2.4 KB of the module.
//
// A store is dropped only where nothing can have written the field before it: in the run of
// field initializers that follows the allocation `if (this == 0) this = __new(size, id)` at the
// start of a constructor (and the call of Object's constructor, which does nothing with an object),
// up to the first statement that is not a field setter or whose value could reach `this` (a
// derived class's constructor calls its base's here, and stops the run).
// When a derived class's constructor passes `this` to its base's, the object is just as fresh:
// the derived constructor does nothing with it before.
//
// It runs on asc's unoptimised module (afterCompile), where each initializer is still a call to
// the field's setter with `this` as its first operand.

/** Whether `fn` is a setter asc made for a field: a store of its value, and perhaps __link. */
function isFieldSetter(binaryen, module, name, cache) {
  let known = cache.get(name);
  if (known !== undefined) return known;
  known = false;
  if (name.includes("#set:")) {
    const fn = module.getFunction(name);
    let body = fn ? binaryen.Function.getBody(fn) : 0;
    if (body && binaryen.Expression.getId(body) === binaryen.BlockId) {
      const children = binaryen.Block.getChildren(body);
      const linkOnly = children.slice(1).every(
        (c) => binaryen.Expression.getId(c) === binaryen.CallId && binaryen.Call.getTarget(c).endsWith("/__link"),
      );
      body = linkOnly && children.length > 0 ? children[0] : 0;
    }
    known = !!body && binaryen.Expression.getId(body) === binaryen.StoreId && isLocal(binaryen, binaryen.Store.getPtr(body), 0) && isLocal(binaryen, binaryen.Store.getValue(body), 1);
  }
  cache.set(name, known);
  return known;
}

function isLocal(binaryen, expr, index) {
  return binaryen.Expression.getId(expr) === binaryen.LocalGetId && binaryen.LocalGet.getIndex(expr) === index;
}

/** A constant whose bits are all zero (not -0.0). */
function isZero(binaryen, expr) {
  if (binaryen.Expression.getId(expr) !== binaryen.ConstId) return false;
  const type = binaryen.Expression.getType(expr);
  if (type === binaryen.i32) return binaryen.Const.getValueI32(expr) === 0;
  if (type === binaryen.i64) return BigInt(binaryen.Const.getValueI64(expr)) === 0n;
  if (type === binaryen.f32) return Object.is(binaryen.Const.getValueF32(expr), 0);
  if (type === binaryen.f64) return Object.is(binaryen.Const.getValueF64(expr), 0);
  return false;
}

/** A value that cannot reach `this` (local 0): constants, other locals, globals, calls of those. */
function cannotReachThis(binaryen, expr) {
  switch (binaryen.Expression.getId(expr)) {
    case binaryen.ConstId:
    case binaryen.GlobalGetId:
      return true;
    case binaryen.LocalGetId:
      return binaryen.LocalGet.getIndex(expr) !== 0;
    case binaryen.CallId:
      return binaryen.Call.getOperands(expr).every((op) => cannotReachThis(binaryen, op));
    default:
      return false;
  }
}

/** `if (this == 0) this = __new(...)`: the start of a managed class's constructor. */
function isAllocation(binaryen, expr) {
  if (binaryen.Expression.getId(expr) !== binaryen.IfId || binaryen.If.getIfFalse(expr)) return false;
  const cond = binaryen.If.getCondition(expr);
  if (binaryen.Expression.getId(cond) !== binaryen.UnaryId || binaryen.Unary.getOp(cond) !== binaryen.EqZInt32) return false;
  if (!isLocal(binaryen, binaryen.Unary.getValue(cond), 0)) return false;
  let then = binaryen.If.getIfTrue(expr);
  if (binaryen.Expression.getId(then) === binaryen.BlockId) {
    const children = binaryen.Block.getChildren(then);
    if (children.length !== 1) return false;
    then = children[0];
  }
  if (binaryen.Expression.getId(then) !== binaryen.LocalSetId || binaryen.LocalSet.getIndex(then) !== 0) return false;
  const value = binaryen.LocalSet.getValue(then);
  return binaryen.Expression.getId(value) === binaryen.CallId && binaryen.Call.getTarget(value).endsWith("/__new");
}

/**
 * `this = Object#constructor(this)`: the base constructor of a class that extends none, which
 * writes nothing when given an object.
 */
function isObjectConstructor(binaryen, expr) {
  if (binaryen.Expression.getId(expr) !== binaryen.LocalSetId || binaryen.LocalSet.getIndex(expr) !== 0) return false;
  const value = binaryen.LocalSet.getValue(expr);
  if (binaryen.Expression.getId(value) !== binaryen.CallId || binaryen.Call.getTarget(value) !== "~lib/object/Object#constructor") return false;
  const operands = binaryen.Call.getOperands(value);
  return operands.length === 1 && isLocal(binaryen, operands[0], 0);
}

/** Drops the zero stores of the field initializers in `block` after its allocation; how many. */
function dropZeroStores(binaryen, module, block, setters) {
  const children = binaryen.Block.getChildren(block);
  if (children.length === 0) return 0;
  // The allocation and the initializers sit in a block of their own when the constructor has a body.
  if (binaryen.Expression.getId(children[0]) === binaryen.BlockId) return dropZeroStores(binaryen, module, children[0], setters);
  if (!isAllocation(binaryen, children[0])) return 0;
  let dropped = 0;
  // After the allocation `this` is never zero, so Object's constructor would return it as it is.
  for (let k = 1; k < children.length; k++) {
    if (isObjectConstructor(binaryen, children[k])) binaryen.Block.setChildAt(block, k, module.nop());
  }
  // Each field is initialized once: a setter seen again is the constructor's own code.
  const written = new Set();
  for (let k = 1; k < children.length; k++) {
    const child = children[k];
    if (isObjectConstructor(binaryen, child)) continue;
    if (binaryen.Expression.getId(child) !== binaryen.CallId) break;
    const [self, value, ...rest] = binaryen.Call.getOperands(child);
    if (rest.length > 0 || value === undefined || !isLocal(binaryen, self, 0)) break;
    const setter = binaryen.Call.getTarget(child);
    if (written.has(setter) || !isFieldSetter(binaryen, module, setter, setters)) break;
    written.add(setter);
    if (!cannotReachThis(binaryen, value)) break;
    if (isZero(binaryen, value)) {
      binaryen.Block.setChildAt(block, k, module.nop());
      dropped++;
    }
  }
  return dropped;
}

export default class FreshFields {
  afterCompile(module) {
    const binaryen = this.binaryen;
    const setters = new Map();
    for (let i = 0, n = module.getNumFunctions(); i < n; i++) {
      const fn = module.getFunctionByIndex(i);
      if (!binaryen.Function.getName(fn).endsWith("#constructor")) continue;
      const body = binaryen.Function.getBody(fn);
      if (body && binaryen.Expression.getId(body) === binaryen.BlockId) dropZeroStores(binaryen, module, body, setters);
    }
  }
}
