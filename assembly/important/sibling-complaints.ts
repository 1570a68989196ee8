// A failed run whose flagged lines name no failure may still print why it stopped in a
// line with no keyword, under the prefix its flagged lines carry: a program names itself
// before each message it writes to stderr ("m4:site.m4:43: Warning: excess arguments …"
// is flagged; "m4:site.m4:30: cannot open `partials/table.m4': No such file or
// directory", twenty lines above it, holds no keyword). The first flagged line, when it opens
// with a word and a colon, lends that prefix; the few other lines opening with the same one
// are its program's other complaints. Many such lines are the output's own rows, not
// complaints: then none is marked.
import { programPrefixLength } from "../util/lines";
import { unitsEqual } from "../util/scan";
import { Kind } from "./kinds";
import { Shapes } from "./shapes";

/** Lines sharing the prefix at most for them to be complaints rather than the output's rows. */
const MAX_SIBLINGS: i32 = 4;

/** Marks in `into` as errors the unflagged lines sharing the first flagged line's `word:` prefix, when they are few. */
export function markSiblingComplaints(text: string, shapes: Shapes, flagged: StaticArray<u8>, into: StaticArray<u8>): void {
  let first = 0;
  while (first < shapes.count && unchecked(flagged[first]) == 0) first++;
  if (first == shapes.count) return;
  const from = unchecked(shapes.starts[first]);
  const len = programPrefixLength(text, from, unchecked(shapes.ends[first]));
  if (len == 0) return;
  // Counted first, marked second: past MAX_SIBLINGS they are rows and none is marked.
  let siblings = 0;
  for (let pass = 0; pass < 2; pass++) {
    for (let i = 0; i < shapes.count; i++) {
      if ((unchecked(flagged[i]) | unchecked(into[i])) != 0) continue;
      const start = unchecked(shapes.starts[i]);
      if (unchecked(shapes.ends[i]) - start <= len || !unitsEqual(changetype<usize>(text) + (<usize>start << 1), changetype<usize>(text) + (<usize>from << 1), len)) continue;
      if (pass == 1) unchecked((into[i] = <u8>Kind.Error));
      else if (++siblings > MAX_SIBLINGS) return;
    }
  }
}
