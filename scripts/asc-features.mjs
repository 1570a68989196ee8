// The WebAssembly features asc emits for the project's builds (its defaults and SIMD), for the
// scripts that read its modules back with Binaryen.
import binaryen from "binaryen";

export const ASC_FEATURES =
  binaryen.Features.MutableGlobals |
  binaryen.Features.SignExt |
  binaryen.Features.NontrappingFPToInt |
  binaryen.Features.BulkMemory |
  binaryen.Features.BulkMemoryOpt |
  binaryen.Features.SIMD128;
