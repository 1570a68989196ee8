// Builds the core as a WebAssembly component (`npm run build:component`):
//   1. asc compiles assembly/component.ts (the canonical-ABI glue) with its own config
//      (asconfig.component.json: `abort` becomes a trap rather than a host import, so the
//      component imports nothing; `_initialize` runs the module's top-level code), and
//      without the project's `@inline` decorators (scripts/asc-size-inlining.mjs), which
//      trade size for speed, with integer defaults of parameters written as literals
//      (scripts/asc-const-defaults.mjs), so that no call goes through a varargs stub, and
//      without the stores of zero into the fields of objects just allocated
//      (scripts/asc-fresh-fields.mjs), as its runtime hands them out zeroed, and with each
//      empty array literal one call without arguments (scripts/asc-empty-arrays.mjs);
//   2. Binaryen's size pipeline (wasm-opt -Oz, each round after --generate-global-effects, so
//      that it knows what a call reads and writes) runs over it until it stops gaining:
//      after asc's own pipeline it still removes ~1 % (it inlines more and folds what
//      that exposes). asc runs at -O1z: its -O3z inlines and unrolls for speed in ways
//      the size passes do not undo, and leaves the module ~300 bytes larger. After the
//      first round, calls made with the same constant arguments at many places go through
//      one function each (scripts/outline-constant-calls.mjs), and so do calls whose result
//      is dropped at many places (scripts/outline-dropped-calls.mjs) or tested alike at many
//      places (`s.length > 0`, scripts/outline-call-tests.mjs) or passed alike to another
//      call (`isDigit(unitAt(s, i))`, scripts/outline-nested-calls.mjs), and expressions of
//      locals, constants, loads and calls written alike at many places (`i + 1`,
//      `this.count`) outside the hot path of compact() (the functions
//      scripts/hot-functions.mjs names, by the source names asc writes with `--debug`, less
//      those it counts as running a few times per output: set-up, summaries, the answer's
//      writing) go
//      through one function each that takes the locals (scripts/outline-alike-exprs.mjs), and so
//      do statements and runs of statements there (`if (s.length > 0) out.add(s)`, a record's
//      fields stored one after another, `n = f(n, x)`, their i32 constants all passed in where only
//      they differ: scripts/outline-alike-statements.mjs; both in every round, as each round's
//      optimizing shows a few more), and
//      functions found identical after that are made one; in the functions off that hot path a
//      large constant written several times is read from a local (scripts/hoist-cold-constants.mjs);
//      a test `a && b` that decides only whether something runs becomes two nested tests
//      (scripts/split-and-conditions.mjs: `if (a) { if (b) ... }`, three bytes less each), and a
//      branch taken on `a || b` two branches; a 64-bit constant an i32 converts to exactly is
//      written as that conversion (`f64.const 0` as `f64.convert_i32_s (i32.const 0)`, six bytes
//      less: scripts/narrow-wide-constants.mjs), and a constant the functions off the hot path
//      write at many places is read from an immutable global (`global.get` of one of the first
//      128 takes two bytes, `i32.const 64` three: scripts/cold-constants-to-globals.mjs);
//      each round ends with the functions ordered by their number of calls, the most called at
//      the smallest indices; after the last round, two of Binaryen's passes run once more over
//      the module written (finalPasses(): remove-unused-brs, for the branches the outlining left
//      removable, and coalesce-locals-learning), kept when the module comes out smaller;
//   3. its exports are renamed to the names wit-component expects
//      (`verify_anchors` -> `abridge:core/core@0.1.0#verify-anchors`),
//      since AssemblyScript can only export identifiers;
//   4. its static data is packed (scripts/pack-core-data.mjs: one compact image that
//      `_initialize` decodes into the same memory), and the result written back to
//      build/abridge.component.core.wasm: the core module the component embeds;
//   5. jco's API embeds wit/abridge.wit (UTF-16 strings) and makes the component
//      (the `jco embed` CLI panics: its bundled wasm-tools gets no filesystem access);
//   6. jco transpiles it to build/component-js/ for the JavaScript tests and benchmark.
// Output: build/abridge.component.wasm.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import asc from "assemblyscript/asc";
import binaryen from "binaryen";
import { ASC_FEATURES as FEATURES } from "./asc-features.mjs";
import ConstDefaults from "./asc-const-defaults.mjs";
import EmptyArrays from "./asc-empty-arrays.mjs";
import FreshFields from "./asc-fresh-fields.mjs";
import LowStrings from "./asc-low-strings.mjs";
import { outlineConstantCalls } from "./outline-constant-calls.mjs";
import { outlineDroppedCalls } from "./outline-dropped-calls.mjs";
import { outlineCallTests } from "./outline-call-tests.mjs";
import { outlineNestedCalls } from "./outline-nested-calls.mjs";
import { outlineAlikeExpressions } from "./outline-alike-exprs.mjs";
import { outlineAlikeStatements } from "./outline-alike-statements.mjs";
import { hotFunctions } from "./hot-functions.mjs";
import { hoistColdConstants } from "./hoist-cold-constants.mjs";
import { splitAndConditions } from "./split-and-conditions.mjs";
import { narrowWideConstants } from "./narrow-wide-constants.mjs";
import { coldConstantsToGlobals } from "./cold-constants-to-globals.mjs";
import SizeInlining from "./asc-size-inlining.mjs";
import { packCoreData } from "./pack-core-data.mjs";
import { leb, readLeb } from "./wasm-leb.mjs";
import { splitFunctionNames } from "./wasm-names.mjs";
import { componentEmbed, componentNew, componentWit, transpile } from "@bytecodealliance/jco";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const CORE = join(ROOT, "build/abridge.component.core.wasm");
const COMPONENT = join(ROOT, "build/abridge.component.wasm");
const JS_DIR = join(ROOT, "build/component-js");
const WIT = join(ROOT, "wit/abridge.wit");
const WORLD = "abridge";

/** Exports the canonical ABI names itself; every other export is a WIT function. */
const ABI_EXPORTS = new Set(["memory", "cabi_realloc", "_initialize"]);

/** The module with its export section rewritten by `rename(name)`. */
function renameExports(module, rename) {
  const parts = [module.subarray(0, 8)];
  let at = 8;
  while (at < module.length) {
    const id = module[at];
    const size = readLeb(module, at + 1);
    const end = size.at + size.value;
    if (id !== 7) {
      parts.push(module.subarray(at, end));
      at = end;
      continue;
    }
    const count = readLeb(module, size.at);
    const body = [...leb(count.value)];
    let p = count.at;
    for (let k = 0; k < count.value; k++) {
      const len = readLeb(module, p);
      const name = Buffer.from(module.subarray(len.at, len.at + len.value)).toString("utf8");
      const kindAndIndex = readLeb(module, len.at + len.value + 1);
      const renamed = Buffer.from(rename(name), "utf8");
      body.push(...leb(renamed.length), ...renamed, ...module.subarray(len.at + len.value, kindAndIndex.at));
      p = kindAndIndex.at;
    }
    parts.push(Uint8Array.from([7, ...leb(body.length), ...body]));
    at = end;
  }
  return Buffer.concat(parts);
}

const MAX_SHRINK_ROUNDS = 4;
/** Bodies of at most this many bytes are inlined at every call: 76 bytes less than at two, and at four 56 more. */
const ALWAYS_INLINE_BYTES = 3;

/** How many of `m`'s functions are imported (they come first in the index space). */
function importedFunctions(m) {
  let n = 0;
  for (let k = 0; k < m.getNumFunctions(); k++) if (binaryen.getFunctionInfo(m.getFunctionByIndex(k)).module) n++;
  return n;
}

/** The names `m` exports. */
function exportNames(m) {
  const names = [];
  for (let k = 0; k < m.getNumExports(); k++) names.push(binaryen.getExportInfo(m.getExportByIndex(k)).name);
  return names;
}

/**
 * `module` after Binaryen's -Oz pipeline, repeated while it still shrinks (`--converge`);
 * `names` gives its functions' source names by index.
 */
function shrink(module, names) {
  const m = binaryen.readBinary(module);
  try {
    m.setFeatures(FEATURES);
    if (!m.validate()) throw new Error("the core module does not validate with the features asc enables");
    // asc compiles a custom runtime as an entry file, so it exports the runtime's helpers
    // (__alloc, __new, __pin, ...); the component's host calls only the WIT functions and
    // cabi_realloc, and without these exports the helpers nothing calls are dropped.
    for (const name of exportNames(m)) if (name.startsWith("__")) m.removeExport(name);
    binaryen.setOptimizeLevel(2);
    binaryen.setShrinkLevel(2);
    // A function of three bytes or less is copied into every caller (Binaryen's default at this
    // level: two): a call with its operands takes as many, and the copy folds with them.
    binaryen.setAlwaysInlineMaxSize(ALWAYS_INLINE_BYTES);
    // Stack IR drops the locals and blocks the structured form needs but the binary does not.
    binaryen.setGenerateStackIR(true);
    binaryen.setOptimizeStackIR(true);
    const isHot = hotFunctions(names, undefined, importedFunctions(m));
    let best = module;
    for (let round = 0; round < MAX_SHRINK_ROUNDS; round++) {
      // What each function reads, writes and calls, for the pipeline to move and drop calls by;
      // the outlining below rewrites no function into one that does otherwise.
      m.runPasses(["generate-global-effects"]);
      m.optimize();
      if (round === 0) {
        outlineConstantCalls(m);
        outlineDroppedCalls(m);
        outlineCallTests(m);
        outlineNestedCalls(m);
      }
      // Each round's optimizing shows a few more expressions and statements alike.
      outlineAlikeExpressions(m, isHot);
      outlineAlikeStatements(m, isHot);
      // Outlined calls made alike in different places can be the same function twice.
      if (round === 0) m.runPasses(["duplicate-function-elimination"]);
      // Last before the round's module is written (the next round's optimizing folds them back),
      // and before a function's repeated constants go to a local: those a global now holds do not.
      narrowWideConstants(m);
      coldConstantsToGlobals(m, isHot);
      hoistColdConstants(m, isHot);
      splitAndConditions(m);
      if (!m.validate()) throw new Error(`the core module does not validate after shrink round ${round + 1}`);
      // The functions called at the most places first, so that their calls take the
      // one-byte indices: the pipeline leaves the functions made above at the end.
      m.runPasses(["reorder-functions"]);
      const out = m.emitBinary();
      if (out.length >= best.length) break;
      best = out;
    }
    return finalPasses(best);
  } finally {
    m.dispose();
  }
}

/**
 * Passes that still find something in the module the rounds leave (~40 bytes): branches the
 * outlining and the split tests left removable, and locals the learning variant of
 * coalesce-locals merges where -Oz's does not. Not const-hoisting: the hot functions keep their
 * constants as immediates (hoistColdConstants() has run on the others). Kept only when the
 * module comes out smaller.
 */
const FINAL_PASSES = ["remove-unused-brs", "coalesce-locals-learning"];

function finalPasses(module) {
  const m = binaryen.readBinary(module);
  try {
    m.setFeatures(FEATURES);
    m.runPasses(FINAL_PASSES);
    if (!m.validate()) throw new Error("the core module does not validate after the final passes");
    const out = m.emitBinary();
    return out.length < module.length ? out : module;
  } finally {
    m.dispose();
  }
}

function componentName(iface, name) {
  return ABI_EXPORTS.has(name) ? name : `${iface}#${name.replaceAll("_", "-")}`;
}

// `--debug` only adds the functions' names, which the outlining reads to tell hot functions
// from the others; they are split off before Binaryen reads the module and never reach it.
const { error, stderr } = await asc.main(["--config", "asconfig.component.json", "--target", "release", "--debug"], {
  stdout: process.stdout,
  stderr: process.stderr,
  transforms: [SizeInlining, ConstDefaults, FreshFields, LowStrings, EmptyArrays],
});
if (error) {
  console.error(stderr.toString());
  process.exit(1);
}

const witSource = readFileSync(WIT, "utf8");
const pkg = /^package\s+([\w:.-]+)@([\w.-]+);/m.exec(witSource);
const iface = /^interface\s+([\w-]+)/m.exec(witSource);
if (!pkg || !iface) throw new Error(`${WIT}: no package or interface declaration`);
const qualified = `${pkg[1]}/${iface[1]}@${pkg[2]}`;

const compiled = splitFunctionNames(readFileSync(CORE));
const binary = packCoreData(renameExports(shrink(compiled.module, compiled.names), (name) => componentName(qualified, name)));
writeFileSync(CORE, binary);
const embedded = await componentEmbed({ binary, witSource, world: WORLD, stringEncoding: "utf16" });
const component = await componentNew(embedded, []);
writeFileSync(COMPONENT, component);

// Synchronous instantiation: the caller hands over the compiled core module and
// can keep the instance (the tests read its memory).
const { files } = await transpile(component, { name: "abridge", instantiation: "sync", quiet: true });
rmSync(JS_DIR, { recursive: true, force: true });
for (const [file, bytes] of Object.entries(files)) {
  mkdirSync(dirname(join(JS_DIR, file)), { recursive: true });
  writeFileSync(join(JS_DIR, file), bytes);
}

const world = await componentWit(component);
console.log(`${COMPONENT.slice(ROOT.length + 1)}: ${component.length.toLocaleString("en-US")} bytes (core module ${binary.length.toLocaleString("en-US")} bytes)`);
console.log(world.split("\n").filter((l) => /^(package|\s*interface|\s*export|world)/.test(l)).join("\n"));
