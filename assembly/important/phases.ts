// A long run of consecutive lines that each break the output's rhythm is no run of breaks:
// it is a new phase of the output with a rhythm of its own (a tool's progress steps after
// its warnings, "Building member list...", "Generating file index..."). Only its first
// line breaks the rhythm: there the phase begins. The others would each count as a strong
// break and, kept whole, take the room of the lines the rhythm was broken for.

/** Consecutive breaking lines from which on they are a phase rather than breaks. */
const PHASE_LINES: i32 = 24;

/**
 * Ends the run of breaking lines `candidates` holds from `start` on (each the line after
 * the one before, the last ones pushed): when it is a phase, only its first line stays.
 */
export function endRun(candidates: Array<i64>, start: i32): void {
  if (candidates.length - start >= PHASE_LINES) candidates.length = start + 1;
}
