// What the component's outlining steps (scripts/outline-*.mjs) read of Binaryen expressions alike.
import binaryen from "binaryen";

/** The fields of an expression's info that hold child expressions. */
export const CHILD_FIELDS = ["children", "operands", "condition", "ifTrue", "ifFalse", "body", "value", "ptr", "left", "right", "dest", "source", "size", "delta", "vec", "shift", "a", "b", "c"];

/** binaryen.getExpressionInfo(expr), or only its id for the kinds it knows no fields of (Nop, Unreachable, ...). */
export function infoOf(expr) {
  try {
    return binaryen.getExpressionInfo(expr);
  } catch {
    return { id: binaryen.getExpressionId(expr) };
  }
}

/** Bytes of a signed LEB128. */
export function lebBytes(value) {
  let n = 1;
  for (let v = value; v >= 64 || v < -64; v = Math.floor(v / 128)) n++;
  return n;
}
