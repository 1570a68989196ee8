// Binaryen's const-hoisting on the functions off the hot path of compact(): a large constant
// written several times in one function (`i32.const 2147483647`, a string's address above 8 KB)
// is set once into a local at the function's start and each place reads the local, where that
// takes fewer bytes. The hot functions (scripts/hot-functions.mjs) keep their constants in place,
// as an immediate is what their loops read fastest. For the component's core module
// (scripts/build-component.mjs), after each round of Binaryen's size pipeline.
import binaryen from "binaryen";

/** Runs const-hoisting over each defined function of `module` that `isHot(name)` says is not hot; how many. */
export function hoistColdConstants(module, isHot) {
  let count = 0;
  for (let k = 0, n = module.getNumFunctions(); k < n; k++) {
    const fn = module.getFunctionByIndex(k);
    const info = binaryen.getFunctionInfo(fn);
    if (info.module || isHot(info.name)) continue;
    module.runPassesOnFunction(fn, ["const-hoisting"]);
    count++;
  }
  return count;
}
