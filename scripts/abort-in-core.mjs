// Makes the Node core's `abort` a function of the module itself (`npm run build:core` runs it on
// build/abridge.wasm after asc): `node scripts/abort-in-core.mjs build/abridge.wasm`.
//
// asc calls `abort(message, file, line, column)` where the core fails an assertion or an index
// is out of range, and imports it from the host. V8 compiles a wrapper for each function a
// module imports when it compiles the module, with its optimising compiler: ~2 ms of a fresh
// process's first call, for a function that never runs. Here the import becomes a function of
// the module that records its arguments in four exported globals (abortMessage, abortFile,
// abortLine, abortColumn) and traps; the host reads them when it catches the trap
// (host/core-abort.ts). The rest of the module is left as asc made it: the calls keep their
// place, so the code and its speed are the same.
import { readFileSync, realpathSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import binaryen from "binaryen";
import { ASC_FEATURES as FEATURES } from "./asc-features.mjs";

/** The import asc gives the core, and the globals the recording function fills, in argument order. */
const ABORT = { module: "env", base: "abort" };
export const ABORT_GLOBALS = ["abortMessage", "abortFile", "abortLine", "abortColumn"];


/** `module` with its imported abort made a recording function of its own; unchanged if it imports no abort. */
export function abortInCore(module) {
  const m = binaryen.readBinary(module);
  try {
    m.setFeatures(FEATURES);
    let name;
    for (let k = 0; k < m.getNumFunctions(); k++) {
      const info = binaryen.getFunctionInfo(m.getFunctionByIndex(k));
      if (info.module === ABORT.module && info.base === ABORT.base) name = info.name;
    }
    if (name === undefined) return module;
    const params = binaryen.createType([binaryen.i32, binaryen.i32, binaryen.i32, binaryen.i32]);
    const info = binaryen.getFunctionInfo(m.getFunction(name));
    if (info.params !== params || info.results !== binaryen.none) throw new Error("abort-in-core: abort is not (i32, i32, i32, i32) -> ()");
    m.removeFunction(name);
    const body = ABORT_GLOBALS.map((global, k) => {
      m.addGlobal(global, binaryen.i32, true, m.i32.const(0));
      m.addGlobalExport(global, global);
      return m.global.set(global, m.local.get(k, binaryen.i32));
    });
    m.addFunction(name, params, binaryen.none, [], m.block(null, [...body, m.unreachable()]));
    if (!m.validate()) throw new Error("abort-in-core: the module does not validate");
    return m.emitBinary();
  } finally {
    m.dispose();
  }
}

// Run as a script, through a symbolic link or a path that URLs escape too.
if (process.argv[1] && import.meta.url === pathToFileURL(realpathSync(process.argv[1])).href) {
  const file = process.argv[2];
  if (!file) throw new Error("usage: node scripts/abort-in-core.mjs <core.wasm>");
  writeFileSync(file, abortInCore(readFileSync(file)));
}
