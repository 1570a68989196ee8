// An asc transform for the component build (scripts/build-component.mjs passes it). asc makes
// an array from a literal by `__newArray(length, alignLog2, classId, staticBuffer)`, with a
// static buffer of its elements, an empty literal `[]` included: four constants and a call at
// each of the core's ~100 empty literals, the buffer's address taking three bytes of them. Here
// an empty literal is a call without arguments of a function made once per kind of array,
// which calls `__newArray(0, alignLog2, classId, 0)`: a buffer of no bytes copies nothing, so
// the array is the same and no static buffer is laid out for it.
import { Compiler } from "assemblyscript";

/** `Constraints.PreferStatic`: the literal initializes a global, which wants a static array. */
const PREFER_STATIC = 16;
/** `ElementKind.Class`. */
const CLASS = 7;

export default class EmptyArrays {
  original = null;
  /** The functions to add: name -> [alignLog2, class id, internal name of __newArray]. */
  makers = new Map();

  afterParse() {
    const makers = this.makers;
    const original = (this.original = Compiler.prototype.compileArrayLiteral);
    Compiler.prototype.compileArrayLiteral = function (expression, contextualType, constraints) {
      const program = this.program;
      const contextual = contextualType.getClass();
      const isStatic = contextual && contextual.extendsPrototype(program.staticArrayPrototype);
      if (expression.elementExpressions.length > 0 || isStatic || constraints & PREFER_STATIC || program.options.isWasm64) {
        return original.call(this, expression, contextualType, constraints);
      }
      const array = this.resolver.lookupExpression(expression, this.currentFlow, this.currentType);
      if (!array || array.kind !== CLASS) return original.call(this, expression, contextualType, constraints);
      const newArray = program.newArrayInstance;
      this.compileFunction(newArray);
      const alignLog2 = array.getArrayValueType().alignLog2;
      const name = `~emptyArray|${alignLog2}|${array.id}`;
      makers.set(name, [alignLog2, array.id, newArray.internalName]);
      this.currentType = array.type;
      return this.module.call(name, [], this.options.sizeTypeRef);
    };
  }

  afterCompile(module) {
    if (this.original) Compiler.prototype.compileArrayLiteral = this.original;
    const binaryen = this.binaryen;
    for (const [name, [alignLog2, id, newArray]] of this.makers) {
      const body = module.call(newArray, [module.i32.const(0), module.i32.const(alignLog2), module.i32.const(id), module.i32.const(0)], binaryen.i32);
      module.addFunction(name, binaryen.none, binaryen.i32, [], body);
    }
  }
}
