// A failed run whose lines flag nothing still says why it stopped: the program that
// failed prints its complaint last and exits ("cp: cannot stat 'a.pem': No such file or
// directory" closing a script's trace), a complaint that holds no keyword. When no line
// is flagged or marked (a warning, a finding, a record's head, a status word), its last
// line that is not blank is marked an error.
import { Kind } from "./kinds";
import { Shapes } from "./shapes";

/** Marks in `into` the last non-blank line of `shapes` when no line is flagged or marked; whether it did. */
export function markLastWords(shapes: Shapes, flagged: StaticArray<u8>, into: StaticArray<u8>): bool {
  for (let i = 0; i < shapes.count; i++) if ((unchecked(flagged[i]) | unchecked(into[i])) != 0) return false;
  for (let i = shapes.count - 1; i >= 0; i--) {
    if (shapes.blank(i)) continue;
    unchecked((into[i] = <u8>Kind.Error));
    return true;
  }
  return false;
}
