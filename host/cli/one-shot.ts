// The commands an agent starts once per tool call (`hook`, `compact`, `run`) digest one output
// and exit. V8 compiles the core with Liftoff, its baseline compiler, and recompiles the functions
// that run hot with TurboFan on background threads. In a process that ends after one output the
// optimized code arrives too late to be used, and the compiles take the cores the call itself
// needs: a first compact() of 1 MB spent ~120 ms of CPU (~50 on the main thread) with tiering and
// ~52 ms without it on a loaded 2-core machine, in 63–74 ms of wall time against 114–147. These
// commands own their process, so they keep the baseline code; the library never sets V8 flags.
import { setBeforeCoreCompile } from "../core.js";
import { setV8Flags } from "../lazy.js";

/** Compiles the core with Liftoff only, when (and if) this process first needs it. */
export function baselineCoreOnly(): void {
  setBeforeCoreCompile(() => setV8Flags("--liftoff-only"));
}
