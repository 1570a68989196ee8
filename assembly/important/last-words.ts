// A failed run whose lines flag nothing still says why it stopped: the program that
// failed prints its complaint last and exits ("cp: cannot stat 'a.pem': No such file or
// directory" closing a script's trace), a complaint that holds no keyword. When no line
// is flagged or marked (a warning, a finding, a record's head, a status word), its last
// line that is not blank is marked an error: when it is a message's length and there are
// lines before it (an output of one line, or a blob, is head and tail already).
import { Kind } from "./kinds";
import { Shapes } from "./shapes";

/** Longest line taken for a complaint, in units: a longer one is data, not a message. */
const MAX_COMPLAINT: i32 = 512;

/** Marks in `into` the last non-blank line of `shapes` when no line is flagged or marked; whether it did. */
export function markLastWords(shapes: Shapes, flagged: StaticArray<u8>, into: StaticArray<u8>): bool {
  for (let i = 0; i < shapes.count; i++) if ((unchecked(flagged[i]) | unchecked(into[i])) != 0) return false;
  let i = shapes.count - 1;
  while (i > 0 && shapes.blank(i)) i--;
  if (i <= 0 || unchecked(shapes.ends[i]) - unchecked(shapes.starts[i]) > MAX_COMPLAINT) return false;
  unchecked((into[i] = <u8>Kind.Error));
  return true;
}
