// An asc transform for the component build (scripts/build-component.mjs passes it). Code refers
// to a static string by its address, an `i32.const` whose signed LEB128 takes two bytes below
// 8,192 and three above. asc lays strings out in the order it first compiles them, so most of
// the ~1,300 the core uses land above 8 KB. This lays out first, from the lowest free address
// up to LOW_END, the strings written most often in the source per byte of memory they take:
// each of their uses then costs a byte less (~1.1 KB of the module). The strings and the
// code are the same; only addresses move.
//
// The counts are of string literals in the parsed sources (afterParse), the strings of template
// literals included; literals that are elements of an array literal are left out, as a static
// array refers to them from memory, not from code, and so are the paths of imports and exports.
import { Compiler, LiteralKind, NodeKind } from "assemblyscript";

/** Addresses below this fit a two-byte `i32.const`. */
const LOW_END = 8192;

/** Payload bytes of a string of `length` code units and its 20-byte header, 16-byte aligned. */
const footprint = (length) => (20 + 2 * length + 15) & ~15;

/** Adds the string literals under `node` to `counts`, skipping array literals' elements. */
function countLiterals(node, counts, inArray) {
  if (Array.isArray(node)) {
    for (const child of node) countLiterals(child, counts, inArray);
    return;
  }
  if (node === null || typeof node !== "object" || typeof node.kind !== "number") return;
  // A module path names a file, not a string the code uses.
  if (node.kind === NodeKind.Import || node.kind === NodeKind.Export) return;
  if (node.kind === NodeKind.Literal) {
    if (node.literalKind === LiteralKind.String) {
      if (!inArray) counts.set(node.value, (counts.get(node.value) ?? 0) + 1);
      return;
    }
    if (node.literalKind === LiteralKind.Template) {
      for (const part of node.parts) counts.set(part, (counts.get(part) ?? 0) + 1);
      countLiterals(node.expressions, counts, false);
      return;
    }
    if (node.literalKind === LiteralKind.Array) {
      countLiterals(node.elementExpressions, counts, true);
      return;
    }
  }
  for (const key in node) {
    if (key === "range" || key === "parent") continue;
    const value = node[key];
    if (value !== null && typeof value === "object") countLiterals(value, counts, false);
  }
}

/** The strings to lay out first, most uses per byte first. */
function lowOrder(counts) {
  return [...counts]
    .filter(([, uses]) => uses > 1)
    .sort((a, b) => b[1] / footprint(b[0].length) - a[1] / footprint(a[0].length) || (a[0] < b[0] ? -1 : 1))
    .map(([text]) => text);
}

export default class LowStrings {
  original = null;

  afterParse(parser) {
    const counts = new Map();
    for (const source of parser.sources) {
      if (source.internalPath.startsWith("~lib/")) continue;
      countLiterals(source.statements, counts, false);
    }
    const order = lowOrder(counts);
    const placed = new WeakSet();
    const original = (this.original = Compiler.prototype.ensureStaticStringPtr);
    // The first string asked for lays out the chosen ones, while the compiler is set up.
    Compiler.prototype.ensureStaticStringPtr = function (text) {
      if (!placed.has(this)) {
        placed.add(this);
        for (const s of order) {
          const at = globalThis.i64_low(this.memoryOffset);
          // The address code uses is the payload's: the next 16-byte boundary after a 20-byte header.
          if (((at + 20 + 15) & ~15) >= LOW_END) break;
          original.call(this, s);
        }
      }
      return original.call(this, text);
    };
  }

  afterCompile() {
    if (this.original) Compiler.prototype.ensureStaticStringPtr = this.original;
  }
}
