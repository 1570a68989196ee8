// The function names a module's "name" section gives (asc writes it with `--debug`), split
// from the module: Binaryen then reads the module without them and calls each function by
// its index ("0", "1", ...), as it does for a module built without `--debug`, so the names
// change nothing in what it makes; the build scripts look the names up to tell functions apart.
import { readLeb } from "./wasm-leb.mjs";

const CUSTOM = 0;
const FUNCTION_NAMES = 1;

/** `module` without its "name" section, and the names that section gives by function index. */
export function splitFunctionNames(module) {
  const parts = [module.subarray(0, 8)];
  const names = new Map();
  let at = 8;
  while (at < module.length) {
    const id = module[at];
    const size = readLeb(module, at + 1);
    const end = size.at + size.value;
    const title = id === CUSTOM ? readLeb(module, size.at) : null;
    const isNames = title && Buffer.from(module.subarray(title.at, title.at + title.value)).toString("utf8") === "name";
    if (!isNames) {
      parts.push(module.subarray(at, end));
      at = end;
      continue;
    }
    for (let p = title.at + title.value; p < end; ) {
      const kind = module[p];
      const length = readLeb(module, p + 1);
      if (kind === FUNCTION_NAMES) {
        const count = readLeb(module, length.at);
        let q = count.at;
        for (let k = 0; k < count.value; k++) {
          const index = readLeb(module, q);
          const len = readLeb(module, index.at);
          names.set(index.value, Buffer.from(module.subarray(len.at, len.at + len.value)).toString("utf8"));
          q = len.at + len.value;
        }
      }
      p = length.at + length.value;
    }
    at = end;
  }
  return { module: Buffer.concat(parts), names };
}
