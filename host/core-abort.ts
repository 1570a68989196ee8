// What a trap of the core says. The core built by the project imports nothing: where it aborts
// (a failed assertion, an index out of range) it records its message, file, line and column in
// four exported globals and traps (scripts/abort-in-core.mjs says why). A core that imports
// `abort` (the debug build, an older module given to useCoreWasm) throws from the host's import
// with the same words.

/** The core's exports, as far as its abort record goes. */
type AbortRecord = Record<string, unknown>;

/** The value of exported global `name`, 0 when the core has no such global. */
function globalValue(ex: AbortRecord, name: string): number {
  const global = ex[name];
  return global instanceof WebAssembly.Global ? (global.value as number) >>> 0 : 0;
}

/**
 * The message of `cause`, thrown by a call into the instance `ex`: `core abort: <message> at
 * <file>:<line>:<column>` when the core recorded an abort, else the error's own message.
 * `read` lifts a string of the core's memory.
 */
export function trapMessage(ex: AbortRecord, cause: unknown, read: (ptr: number) => string): string {
  const file = globalValue(ex, "abortFile");
  if (cause instanceof WebAssembly.RuntimeError && file !== 0) {
    const message = globalValue(ex, "abortMessage");
    return `core abort: ${message ? read(message) : ""} at ${read(file)}:${globalValue(ex, "abortLine")}:${globalValue(ex, "abortColumn")}`;
  }
  return (cause as Error)?.message ?? String(cause);
}
