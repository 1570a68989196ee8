// node:fs for the library's own modules, taken through require. Importing node:fs as an ES module
// builds a facade that reads every export once, and its lazy ones (`promises`, the stream
// classes) load fs/promises and all of Node's streams: ~19 built-in modules that a session
// never uses, paid by every ES module harness on import. The CommonJS build gets the same object.
import { createRequire } from "node:module";
import type * as Fs from "node:fs";

const fs = createRequire(import.meta.url)("node:fs") as typeof Fs;

// Plain functions only: reading a lazy export here would load what this module exists to avoid.
export const {
  close,
  closeSync,
  existsSync,
  fstatSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  readSync,
  renameSync,
  statSync,
  unlinkSync,
  writeSync,
  writev,
  writevSync,
} = fs;
