// A run that exits non-zero while every line it flags by a keyword says "warning" failed
// for those warnings: a build or a checker run with warnings turned into errors ("-W",
// "--strict", "-Werror"), no error line of its own. They are what it failed for, so they
// take the error lines' place (refine.ts): offered the budget first, the first one named
// in the summary. A linter's findings, which name their codes ("SC2046 (warning)"), keep
// their rank, flagged by the word or marked by the code's severity (notes.ts): a linter
// fails on any finding, and its codes rank them already. A run that also prints located
// diagnostics stating no severity (`src/a.erl:12:10: function f/2 undefined` among
// `…: Warning: …` lines) failed for those: a compiler that labels its warnings leaves its
// errors unlabelled, so the warnings keep their rank below them.
import { Kind } from "./kinds";
import { findingOf, findingSeverity } from "./notes";

/** A finding tag's severity rank when it states none (notes.ts findingTag; the last of SEVERITIES in digest/command/findings.ts). */
const NO_SEVERITY = 7;

/**
 * No line of the `lines` in `marked` (by kind, refine.ts) is marked an error or a failure,
 * and none is noted (`notes`, notes.ts) as a finding that states no severity.
 */
export function failsOnWarnings(marked: StaticArray<u8>, notes: StaticArray<u64>, lines: i32): bool {
  for (let i = 0; i < lines; i++) {
    if (<i32>unchecked(marked[i]) >= Kind.Failure) return false;
    const tag = findingOf(unchecked(notes[i]));
    if (tag != 0 && findingSeverity(tag) == NO_SEVERITY) return false;
  }
  return true;
}
