// The commands an agent starts once per tool call (`hook`, `compact`, `run`) digest one output
// and exit. V8 compiles the core with Liftoff, its baseline compiler, and recompiles the functions
// that run hot with TurboFan on background threads. In a process that ends after one long output
// the optimized code arrives too late to pay for itself, and the compiles take the cores the call
// needs: a first compact() of 1 MB spent ~120 ms of CPU (~50 on the main thread) with tiering and
// ~52 ms without it on a loaded 2-core machine, in 63–74 ms of wall time against 114–147; at 64 KB
// ~80 ms of CPU against ~37. Below that the difference is a few ms, less than loading node:v8
// costs a process that has not loaded Node's streams yet (~4 ms: `abridge compact FILE`), so short
// outputs keep V8's defaults. Past a few MB the optimized code pays for itself within the call
// (10 MB: 0.84 s of wall time with Liftoff alone against 0.69 s with tiering; 4 MB: 0.35 s
// against 0.38 s), so long outputs keep the defaults too. These commands own their process; the
// library never sets V8 flags.
import { setBeforeCoreCompile } from "../core.js";
import { setV8Flags } from "../lazy.js";

/** Outputs from this many chars (or bytes) on are digested by Liftoff's code alone. */
export const BASELINE_ONLY_FROM = 64 * 1024;

/** Outputs below this many chars (or bytes) are, past BASELINE_ONLY_FROM. */
export const BASELINE_ONLY_BELOW = 5 * 1024 * 1024;

/** Whether an output of this size is digested by Liftoff's code alone in a one-shot command. */
export function baselineOnly(size: number): boolean {
  return size >= BASELINE_ONLY_FROM && size < BASELINE_ONLY_BELOW;
}

/** For an output of this size, compiles the core with Liftoff only when (and if) this process first needs it. */
export function tierForOutput(size: number): void {
  if (baselineOnly(size)) setBeforeCoreCompile(() => setV8Flags("--liftoff-only"));
}
