// An asc transform for the component build (scripts/build-component.mjs passes it; by hand:
// `--transform ./scripts/asc-size-inlining.mjs`). It drops the `@inline` decorator from every
// function and method, the standard library's too, so that Binaryen's size pipeline decides
// what to inline.
// `@inline` makes asc copy a helper's body into every call site, which the Node core wants for
// speed (a character test or a load in a hot loop); in a module built for size, a call is
// smaller than most of those bodies. Binaryen still inlines a function that has one caller, or
// whose body is no larger than the call. `@inline const` stays: a constant is folded either way.
import { DecoratorKind, NodeKind } from "assemblyscript";

function dropInline(node) {
  if (node.decorators) {
    const kept = node.decorators.filter((d) => d.decoratorKind != DecoratorKind.Inline);
    node.decorators = kept.length > 0 ? kept : null;
  }
}

function visit(statement) {
  switch (statement.kind) {
    case NodeKind.FunctionDeclaration:
    case NodeKind.MethodDeclaration:
      dropInline(statement);
      break;
    case NodeKind.ClassDeclaration:
    case NodeKind.NamespaceDeclaration:
      for (const member of statement.members) visit(member);
      break;
  }
}

export default class SizeInlining {
  afterParse(parser) {
    for (const source of parser.sources) {
      for (const statement of source.statements) visit(statement);
    }
  }
}
