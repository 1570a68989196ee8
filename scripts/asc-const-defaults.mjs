// An asc transform for the component build (scripts/build-component.mjs passes it). It writes
// the default values of parameters that are integer constants but not literals (`i32.MAX_VALUE`,
// `-1`) as the literals they stand for, the standard library's too (String#substring,
// String#lastIndexOf, String.fromCharCode).
// asc passes a literal default at the call site that leaves the argument out; any other default
// it computes in a "varargs" stub that the call goes through after storing its argument count in
// a global: a stub per function and a store per call, with the same values either way.
import { LiteralKind, Node, NodeKind, Token } from "assemblyscript";

/** The constants written as other expressions: `i32.MIN_VALUE` and the like. */
const NAMED = new Map([
  ["i32.MAX_VALUE", 0x7fffffff],
  ["i32.MIN_VALUE", -0x80000000],
  ["u32.MAX_VALUE", 0xffffffff],
]);

/** The integer `e` stands for, or null: a named constant, or an integer literal negated. */
function integerOf(e) {
  if (e.kind == NodeKind.PropertyAccess && e.expression.kind == NodeKind.Identifier) {
    const value = NAMED.get(`${e.expression.text}.${e.property.text}`);
    return value === undefined ? null : globalThis.i64_new(value | 0, value < 0 ? -1 : 0);
  }
  if (e.kind == NodeKind.UnaryPrefix && e.operator == Token.Minus) {
    const operand = e.operand;
    if (operand.kind == NodeKind.Literal && operand.literalKind == LiteralKind.Integer) return globalThis.i64_neg(operand.value);
  }
  return null;
}

function literalDefaults(signature) {
  for (const parameter of signature.parameters) {
    if (!parameter.initializer) continue;
    const value = integerOf(parameter.initializer);
    if (value !== null) parameter.initializer = Node.createIntegerLiteralExpression(value, parameter.initializer.range);
  }
}

function visit(statement) {
  switch (statement.kind) {
    case NodeKind.FunctionDeclaration:
    case NodeKind.MethodDeclaration:
      literalDefaults(statement.signature);
      break;
    case NodeKind.ClassDeclaration:
    case NodeKind.NamespaceDeclaration:
      for (const member of statement.members) visit(member);
      break;
  }
}

export default class ConstDefaults {
  afterParse(parser) {
    for (const source of parser.sources) {
      for (const statement of source.statements) visit(statement);
    }
  }
}
