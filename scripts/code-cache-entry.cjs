"use strict";
// The library's CommonJS entry (dist/index.bundle.cjs once built): it runs the library's code,
// the file beside it that the build names below, as `require` would, compiled with the V8 code
// cache an earlier process left when there is one. Parsing that ~180 KB file and compiling the
// functions a first process() calls are about a third of what abridge costs a fresh process;
// from the cache V8 reads the compiled bytecode instead.
//
// The cache sits in node_modules/.cache/abridge-agent (the convention of the tools that cache in
// a project: a package installed in <dir>/node_modules caches in <dir>/node_modules/.cache), so
// an installed package never holds it (a copy outside node_modules keeps it in its own
// node_modules/.cache, which npm does not pack) and only whoever may write the project's
// dependencies may write it. Its name holds the code's content hash (V8 checks a cache against
// the source's length only), V8's version, the platform, the CPU architecture and Node's options
// (V8 rejects a cache made under other flags). A cache missing or rejected is written as the
// process exits, by then holding every function the process compiled, if the process called the
// core at all (one that only loaded the library would leave a cache of little more than its top
// level). A write that fails (a read-only install) leaves the library as fast as without a cache.
//
// A cache only serves the realm Node started in: vm.Script runs code there. Required from another
// realm (a test runner that runs each test file in a vm context), the library is compiled in the
// caller's realm, without a cache, so what it returns is made of that realm's objects.
const { accessSync, constants, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } = require("node:fs");
const { basename, dirname, join } = require("node:path");
const { Script } = require("node:vm");

// Filled in by scripts/bundle.mjs: the code's file name and its content's hash.
const CODE_FILE = "__CODE_FILE__";
const CODE_HASH = "__CODE_HASH__";
const file = join(__dirname, CODE_FILE);
const packageRoot = dirname(__dirname);
const cacheDir = basename(dirname(packageRoot)) === "node_modules"
  ? join(dirname(packageRoot), ".cache", "abridge-agent")
  : join(packageRoot, "node_modules", ".cache", "abridge-agent");
const cacheFile = join(cacheDir, `${CODE_HASH}-v8-${process.versions.v8}-${process.platform}-${process.arch}-${flagsKey()}.bin`);

/**
 * A short hash of the options Node was started with: V8 rejects a cache made under other flags,
 * so processes started with different ones (a test runner's, a debugger's) keep caches apart
 * instead of each rewriting the other's.
 */
function flagsKey() {
  const flags = `${process.execArgv.join(" ")}\n${process.env.NODE_OPTIONS ?? ""}`;
  let hash = 0x811c9dc5; // FNV-1a, 32 bits
  for (let i = 0; i < flags.length; i++) hash = Math.imul(hash ^ flags.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(16).padStart(8, "0");
}

// ABRIDGE_CODE_CACHE=0 (or off, false, no): neither read nor write a cache, for a project that
// wants nothing written beside its dependencies at run time.
const cacheOff = /^(0|off|false|no)$/i.test(process.env.ABRIDGE_CODE_CACHE ?? "");
// The build makes the code ASCII only, latin1 its exact decoding and the fastest, and writes it
// inside the function `require` wraps a module in.
const source = readFileSync(file, "latin1");
if (new Script("globalThis").runInThisContext() === globalThis) runCached();
else (0, eval)(`${source}\n//# sourceURL=${file}`)(exports, require, module, file, __dirname);

/** Runs the code, from the cache when there is one, and has the cache written when it is not. */
function runCached() {
  let cachedData;
  if (!cacheOff) {
    try {
      cachedData = readFileSync(cacheFile);
    } catch {
      // no cache yet
    }
  }
  const compiled = new Script(source, { filename: file, cachedData });
  compiled.runInThisContext()(exports, require, module, file, __dirname);
  if (!cacheOff && (cachedData === undefined || compiled.cachedDataRejected)) writeOnExit(compiled);
}

/** Writes the cache of `compiled` as the process exits, if the process called the core. */
function writeOnExit(compiled) {
  // "exit", not "beforeExit": a harness that ends with process.exit() writes it too.
  process.once("exit", () => {
    try {
      if (module.exports.coreMemoryBytes() === 0) return;
      mkdirSync(cacheDir, { recursive: true });
      // A folder that is there but not writable: nothing is serialised for it.
      accessSync(cacheDir, constants.W_OK);
      // Written whole under a name of its own (worker threads share the process id), then
      // renamed: a process starting meanwhile reads the old cache or none.
      // (node:worker_threads is loaded here only: loading it loads Node's streams.)
      const partial = `${cacheFile}.${process.pid}.${require("node:worker_threads").threadId}`;
      writeFileSync(partial, compiled.createCachedData(), { flag: "wx" });
      renameSync(partial, cacheFile);
      // Caches of the package's earlier versions (another content hash) are never read again.
      for (const name of readdirSync(cacheDir)) if (!name.startsWith(`${CODE_HASH}-`)) rmSync(join(cacheDir, name), { force: true });
    } catch {
      // not writable: every process compiles the code itself, as without a cache
    }
  });
}
