// A run that exits non-zero while every line it flags by a keyword says "warning" failed
// for those warnings: a build or a checker run with warnings turned into errors ("-W",
// "--strict", "-Werror"), no error line of its own. They are what it failed for, so they
// take the error lines' place (refine.ts): offered the budget first, the first one named
// in the summary. A linter's findings, which name their codes ("SC2046 (warning)"), keep
// their rank, flagged by the word or marked by the code's severity (notes.ts): a linter
// fails on any finding, and its codes rank them already.
import { Kind } from "./kinds";

/** No line of the `lines` in `marked` (by kind, refine.ts) is marked an error or a failure. */
export function failsOnWarnings(marked: StaticArray<u8>, lines: i32): bool {
  for (let i = 0; i < lines; i++) if (<i32>unchecked(marked[i]) >= Kind.Failure) return false;
  return true;
}
