// The only file that touches WebAssembly.* and wasm memory. Everything else
// calls the typed functions at the bottom of this file.
import { readFileSync } from "./node-fs.js";
import { AbridgeError } from "./errors.js";
import { trapMessage } from "./core-abort.js";
import { PACKAGE_ROOT } from "./paths.js";
import type { JsonEscaped } from "./log/output-line.js";
import { CORE_EXPORTS, MAX_CORE_NUMBER, type CoreArgs, type CoreExportName, type CoreFields, type CoreRecord, type CoreResult, type ExportSignature, type ParamKind, type ResultKind } from "./core-exports.js";

type Pointer = number;

interface RawExports {
  memory: WebAssembly.Memory;
  __new(size: number, classId: number): Pointer;
  /** An object whose payload the caller writes whole (the arena runtime, assembly/rt/arena.ts): not zeroed first. */
  __newUninitialized?: (size: number, classId: number) => Pointer;
  /** Bytes the arena runtime holds for the instance's life, and in use. */
  __arenaKept?: () => number;
  __arenaUsed?: () => number;
  __pin(ptr: Pointer): Pointer;
  __unpin(ptr: Pointer): void;
  __collect(): void;
  reserveMemory?: (bytes: number) => void;
  __setArgumentsLength?: (n: number) => void;
  [name: string]: unknown;
}

/** Class ids fixed by the AssemblyScript runtime. */
const ARRAYBUFFER_ID = 1;
const STRING_ID = 2;

/**
 * Largest input the core accepts, in UTF-16 code units. The core holds the
 * input and its cleaned copy as UTF-16 in a 4 GiB address space.
 */
export const MAX_INPUT_CHARS = 512 * 1024 * 1024;

/**
 * Linear memory never shrinks: an instance that grew past this size for one huge
 * output is dropped after the call, so a long session does not keep hundreds of
 * MB for the rest of its life. The next call instantiates again from the compiled module.
 */
export const RETAIN_MEMORY_BYTES = 64 * 1024 * 1024;

let compiled: WebAssembly.Module | undefined;
/** UTF-16 units and bytes copied into wasm memory since load: what a call costs, observable. */
let unitsLowered = 0;
/** Calls into the core since load. */
let crossings = 0;
let live: RawExports | undefined;
/** Instances made since load, of any build. */
let generation = 0;

function wasmUrl(): URL {
  // ABRIDGE_CORE_WASM points at another build of the core (tests of a variant build).
  if (process.env.ABRIDGE_CORE_WASM) return new URL(process.env.ABRIDGE_CORE_WASM, `file://${process.cwd()}/`);
  const file = process.env.ABRIDGE_CORE_DEBUG === "1" ? "abridge.debug.wasm" : "abridge.wasm";
  return new URL(`build/${file}`, PACKAGE_ROOT);
}

function readCore(url: URL): Buffer {
  try {
    return readFileSync(url);
  } catch (cause) {
    throw new AbridgeError("ABRIDGE_CORE_LOAD", `cannot read the core at ${url.pathname}: run \`npm run build\``, { cause });
  }
}

/**
 * The small Node build (`npm run build:core`, asconfig.json's `small` target, -O3 shrink 1): V8
 * compiles it and runs its first call in less time than the fast build, whose functions asc
 * inlined and unrolled more, and which runs warm calls faster. It serves a process's calls
 * until the process has digested enough that the fast build's speed repays its cold start
 * (moveToFastCore).
 * Only the package's own core has it: ABRIDGE_CORE_WASM, the debug core and useCoreWasm
 * name the one module that serves.
 */
const SMALL_CORE = new URL("build/abridge.small.wasm", PACKAGE_ROOT);

/**
 * A call with this many bytes of input or more (a string's UTF-16 bytes, two per unit, as it is
 * lowered; a buffer's own bytes) is the fast build's, compiled at once if need be: past a few MB
 * its optimised code pays for itself within the call. Below, the small build digests a fresh
 * process's first input sooner at every size measured (4 KB to 4 M chars: less code for V8 to
 * compile lazily and tier up while the call runs).
 */
export const FAST_CORE_FROM_BYTES = 8 * 1024 * 1024;

/*
 * When a process leaves the small build, by the bytes of input it has digested (counted as
 * FAST_CORE_FROM_BYTES counts them). Node 20's V8 compiles wasm lazily: WebAssembly.compile only
 * validates, and the fast build's functions are compiled and tiered up in the first calls that run
 * them, so the move costs time spread over the next calls. Moving after 100 calls of a 22 K-char
 * build log (45 KB a call) and running on: with two cores the fast build is ~90 ms behind the small
 * one after 60–200 calls and has caught up after ~800 (~35 MB), saving ~3 ns per UTF-16 byte
 * once warm (0.52 against 0.66 ms a call); on one core, where tier-up competes with the calls, it is
 * ~300 ms behind and catches up after ~2,000 calls (~90 MB). So the break-even is a few tens of
 * MB: a process that digests less never moves, one that digests much more spends almost all of
 * it on the fast build.
 */
/** Digested bytes after which the fast build's compile starts in the background: a short process never starts it (Node waits for it before exiting). */
export const FAST_COMPILE_AFTER_BYTES = 16 * 1024 * 1024;
/** Digested bytes after which the first call outside a resident text's scope that finds the fast build compiled moves to it: the break-even. */
export const FAST_CORE_AFTER_BYTES = 32 * 1024 * 1024;
/** Digested bytes after which the fast build is compiled where the call runs: a loop of synchronous calls never lets the background compile hand its module over (that takes a turn of the event loop). */
export const FAST_CORE_NOW_AFTER_BYTES = 64 * 1024 * 1024;

/** Which build serves now ("given": a module given to useCoreWasm), and the calls and bytes each has digested (coreCallsByBuild, coreBytesByBuild). */
type Build = "small" | "fast" | "given";
let serving: Build | undefined;
const callsByBuild = { small: 0, fast: 0, given: 0 };
const bytesByBuild = { small: 0, fast: 0, given: 0 };
/** The fast build, compiled in the background while the small one serves; undefined until it is done. */
let fastCompiled: WebAssembly.Module | undefined;
/** The fast build's background compile, once started: it settles when the build is ready to serve, or failed to compile. */
let fastCompile: Promise<void> | undefined;
/** The fast build could not be read or compiled: the small build serves for good, no retry per call. */
let fastUnavailable = false;

/**
 * Gives up on the fast build, saying so once: the small build keeps serving every call, so
 * without the warning a broken install would only show as slower long sessions.
 */
function fastBuildFailed(err: unknown): undefined {
  // The background compile's rejection can settle after a synchronous compile failed too.
  if (fastUnavailable) return undefined;
  fastUnavailable = true;
  const reason = err instanceof Error ? err.message : String(err);
  process.emitWarning(`abridge: the fast core build cannot serve (${reason}); the small build serves every call`, { code: "ABRIDGE_CORE_FAST_UNAVAILABLE" });
  return undefined;
}

/** Runs once, just before the core is first compiled from the package's file (setBeforeCoreCompile). */
let beforeCompile: (() => void) | undefined;

/**
 * Runs `prepare` once, just before the core is compiled for the first time, and only if it is:
 * the CLI sets its V8 flags for WebAssembly there (cli/one-shot.ts), so a command that never
 * reaches the core (a short output) does not pay for them.
 */
export function setBeforeCoreCompile(prepare: (() => void) | undefined): void {
  beforeCompile = compiled ? undefined : prepare;
}

/** Whether the package's own core serves (not a variant named by ABRIDGE_CORE_WASM or the debug core): only it has a small build. */
function packagedCore(): boolean {
  return !process.env.ABRIDGE_CORE_WASM && process.env.ABRIDGE_CORE_DEBUG !== "1";
}

/** The package's fast build compiled now, or undefined (remembered) when it cannot be read or compiled. */
function compileFast(): WebAssembly.Module | undefined {
  try {
    return new WebAssembly.Module(readCore(wasmUrl()) as Uint8Array<ArrayBuffer>);
  } catch (err) {
    return fastBuildFailed(err);
  }
}

/** One of the package's core builds and whether it compiles: `abridge doctor` reports these. */
export interface CoreBuildCheck {
  build: "fast" | "small";
  path: string;
  /** Why the build cannot serve; absent when it compiles. */
  problem?: string;
}

/**
 * Reads and compiles each build the package ships, separately from the build serving: the small build
 * serves short processes, so a broken fast build would otherwise go unseen until a long one.
 * Empty when a variant named by ABRIDGE_CORE_WASM or the debug core serves alone.
 */
export function checkCoreBuilds(): CoreBuildCheck[] {
  if (!packagedCore()) return [];
  const builds: [CoreBuildCheck["build"], URL][] = [["fast", wasmUrl()], ["small", SMALL_CORE]];
  return builds.map(([build, url]) => {
    try {
      new WebAssembly.Module(readCore(url) as Uint8Array<ArrayBuffer>);
      return { build, path: url.pathname };
    } catch (err) {
      return { build, path: url.pathname, problem: (err as Error).message };
    }
  });
}

/**
 * Compiles the build that serves first. For the package's own core: the fast build for a long
 * input, the small one otherwise or when the fast one cannot be read; the fast one when the small
 * file is missing. Else the one wasmUrl() names.
 */
function compileFirst(inputBytes: number): void {
  const prepare = beforeCompile;
  beforeCompile = undefined;
  prepare?.();
  if (packagedCore()) {
    const fast = inputBytes >= FAST_CORE_FROM_BYTES ? compileFast() : undefined;
    let bytes: Buffer | undefined;
    try {
      if (!fast) bytes = readFileSync(SMALL_CORE);
    } catch {
      // A build without the small core (an older checkout's): the fast one serves from the start.
    }
    if (bytes) {
      compiled = new WebAssembly.Module(bytes as Uint8Array<ArrayBuffer>);
      serving = "small";
      return;
    }
    if (fast) {
      compiled = fast;
      serving = "fast";
      return;
    }
  }
  // The file's buffer as it is: V8 takes a copy of the bytes it compiles, a second copy is waste.
  compiled = new WebAssembly.Module(readCore(wasmUrl()) as Uint8Array<ArrayBuffer>);
  serving = "fast";
}

/** Starts compiling the fast build on V8's background threads once the small build has digested FAST_COMPILE_AFTER_BYTES. */
function startFastCompile(): void {
  if (fastCompile || fastUnavailable || bytesByBuild.small < FAST_COMPILE_AFTER_BYTES) return;
  fastCompile = (async () => {
    const module = await WebAssembly.compile(readCore(wasmUrl()) as Uint8Array<ArrayBuffer>);
    if (serving === "small" && !fastUnavailable) fastCompiled = module;
  })().catch(fastBuildFailed);
}

/** Settles once the fast build's background compile (if one started) is done: the next call outside a resident text's scope is the fast build's. */
export function fastCoreCompiled(): Promise<void> {
  return fastCompile ?? Promise.resolve();
}

/**
 * Hands over to the fast build for a long input, or once the small build has digested
 * FAST_CORE_AFTER_BYTES and the fast one is compiled (compiled now past FAST_CORE_NOW_AFTER_BYTES).
 * Called outside a resident text's scope only (the text's copy lives in the
 * small instance's memory).
 */
function moveToFastCore(inputBytes: number): void {
  if (fastUnavailable) return;
  const digested = bytesByBuild.small;
  if (inputBytes < FAST_CORE_FROM_BYTES && digested < FAST_CORE_AFTER_BYTES) return;
  if (!fastCompiled && (inputBytes >= FAST_CORE_FROM_BYTES || digested >= FAST_CORE_NOW_AFTER_BYTES)) fastCompiled = compileFast();
  if (!fastCompiled) return;
  compiled = fastCompiled;
  fastCompiled = undefined;
  serving = "fast";
  // The small instance goes with its memory.
  dropInstance();
}

function instantiate(inputBytes: number): RawExports {
  if (!compiled) compileFirst(inputBytes);
  let exportsRef: RawExports | undefined;
  // The project's core imports nothing (host/core-abort.ts); the debug build and older cores import abort.
  const imports = {
    env: {
      abort(msgPtr: Pointer, filePtr: Pointer, line: number, column: number) {
        const read = (p: Pointer) => (exportsRef && p ? liftString(exportsRef, p) : "");
        throw new WebAssembly.RuntimeError(`core abort: ${read(msgPtr)} at ${read(filePtr)}:${line}:${column}`);
      },
    },
  };
  const instance = new WebAssembly.Instance(compiled!, imports);
  generation++;
  exportsRef = instance.exports as unknown as RawExports;
  if (typeof exportsRef.__arenaKept === "function") settle(exportsRef);
  return exportsRef;
}

/**
 * Brings a fresh instance of the arena runtime to the state every later call finds: what the
 * module's top-level code made, and the core's one table made on first use (the tool names,
 * assembly/classify/tools.ts), each kept for good by a collection right after it is made, with
 * no call's garbage below it. Made inside a first call instead, the table would be kept with
 * everything that call allocated before it: the whole input, if that call is a 10 MB log.
 */
function settle(ex: RawExports): void {
  ex.__collect();
  const none = lowerString(ex, "");
  const bash = lowerString(ex, "bash");
  const args = lowerString(ex, "{}");
  const classify = ex.classifyName as ((tool: Pointer, args: Pointer, text: Pointer) => number) | undefined;
  classify?.(bash, args, none);
  ex.__collect();
}

/**
 * The live instance, made when there is none. `inputBytes` is what the call will lower (a long
 * input is served by the fast build); `call` is set by a digest call, which the builds count.
 */
function core(inputBytes = 0, call = false): RawExports {
  if (serving === "small") {
    // A long input moves at once below, compiling the fast build itself: no second compile.
    if (call && (inputBytes < FAST_CORE_FROM_BYTES || resident !== undefined)) startFastCompile();
    if (resident === undefined) moveToFastCore(inputBytes);
  }
  if (live === undefined) live = instantiate(inputBytes);
  if (call) {
    callsByBuild[serving!]++;
    bytesByBuild[serving!] += inputBytes;
  }
  return live;
}

/** Digest calls each build of the core has served (the small Node build serves a process's first calls; "given": a module given to useCoreWasm). */
export function coreCallsByBuild(): { small: number; fast: number; given: number } {
  return { ...callsByBuild };
}

/** Bytes of input each build has digested, as FAST_CORE_FROM_BYTES counts them. */
export function coreBytesByBuild(): { small: number; fast: number; given: number } {
  return { ...bytesByBuild };
}

/** Whether an instance is live: a call now costs its crossing, not the module's compilation. */
export function coreLoaded(): boolean {
  return live !== undefined;
}

/** Lets the live instance go (the next call makes another), with the views of its memory. */
function dropInstance(): void {
  live = undefined;
  views = undefined;
  llmSlot = undefined;
}

/** How many instances have been made, of any build: grows after a trap, a call that left memory above RETAIN_MEMORY_BYTES, a refused memory reserve, resetCore(), useCoreWasm() and the move to the fast build. */
export function coreGeneration(): number {
  return generation;
}

/**
 * Runs the core from these bytes (or this compiled module) instead of reading
 * `build/abridge.wasm` from the package: for bundled or embedded hosts that ship the wasm
 * themselves, and for variant builds. Takes effect at the next call.
 */
export function useCoreWasm(source: Uint8Array | ArrayBuffer | WebAssembly.Module): void {
  let module: WebAssembly.Module;
  try {
    module = source instanceof WebAssembly.Module ? source : new WebAssembly.Module((source instanceof Uint8Array ? source : new Uint8Array(source)) as Uint8Array<ArrayBuffer>);
  } catch (cause) {
    throw new AbridgeError("ABRIDGE_CORE_LOAD", `the bytes given to useCoreWasm are not a WebAssembly module: ${(cause as Error).message}`, { cause });
  }
  const missing = WebAssembly.Module.exports(module).some((e) => e.name === "compact") ? "" : "compact";
  if (missing) throw new AbridgeError("ABRIDGE_CORE_LOAD", "the module given to useCoreWasm is not the abridge core: it has no compact export");
  compiled = module;
  // The given module serves from now on, whatever build served before or is compiling.
  serving = "given";
  fastCompiled = undefined;
  dropInstance();
}

/** Drops the live instance; the next call gets a fresh one. */
export function resetCore(): void {
  dropInstance();
}

/**
 * Working memory a call needs, as a multiple of the bytes lowered into the core: the
 * input, its cleaned copy, the line tables and the result. Measured on 10 MB inputs: a
 * coloured build log fits in 2.5×, grep output, JSON and a minified line in 2×. So a 10 MB
 * log runs in 52 MB and its instance is kept (RETAIN_MEMORY_BYTES).
 */
const WORKING_MEMORY_FACTOR = 2.5;
/** Below this many lowered bytes the allocator's own growth costs next to nothing. */
const RESERVE_FROM_BYTES = 1024 * 1024;

/** Bytes a call's arguments take in the core's memory, about (a `utf8` parameter's text adds as many again: callCore). */
function argumentBytes(args: readonly Checked[]): number {
  let bytes = 0;
  for (const a of args) if (typeof a !== "number") bytes += typeof a === "string" ? a.length << 1 : a.length;
  return bytes;
}

/**
 * Per export, the index of its `utf8` parameter (UTF-8 bytes the core decodes in place), -1 for
 * none. Looked up rather than tested per argument: Node 20's optimizing compiler, given
 * argumentBytes() reading the parameter kinds in its loop, made code that crashed the process.
 */
const UTF8_PARAM: ReadonlyMap<string, number> = new Map(Object.entries(CORE_EXPORTS).map(([name, e]) => [name, (e.params as ExportSignature["params"]).findIndex((p) => p[1] === "utf8")]));

/** Grows the core's memory once to what the call will need, before anything is lowered (assembly/memory.ts says why). */
function reserveWorkingMemory(ex: RawExports, bytes: number): RawExports {
  return reserve(ex, bytes < RESERVE_FROM_BYTES ? 0 : Math.ceil(bytes * WORKING_MEMORY_FACTOR));
}

/** Grows the core's memory to `want` bytes unless it holds them already; the instance to call. */
function reserve(ex: RawExports, want: number): RawExports {
  if (want < RESERVE_FROM_BYTES) return ex;
  // A core built before reserveMemory existed (useCoreWasm) grows as it goes.
  if (typeof ex.reserveMemory !== "function") return ex;
  want = Math.min(want, LARGEST_BLOCK);
  if (ex.memory.buffer.byteLength >= want) return ex;
  try {
    ex.reserveMemory(want);
    return ex;
  } catch {
    // No room for the reserve (memory.grow refused): the call may still fit as it grows,
    // in an instance the failed attempt has not touched.
    dropInstance();
    return core();
  }
}

/** The allocator's largest block (1 GiB less its overhead, in the arena as in AssemblyScript's TLSF). */
const LARGEST_BLOCK = (1 << 30) - (1 << 16);

/** Views of one memory's buffer, made again when it grows (the buffer is then another). */
interface MemoryViews {
  buffer: ArrayBuffer;
  bytes: Buffer;
  units: Uint16Array;
  words: Uint32Array;
}

let views: MemoryViews | undefined;

/** Views of the instance's memory as it is now: a call lowers and lifts through them without making its own. */
function viewsOf(ex: RawExports): MemoryViews {
  const buffer = ex.memory.buffer;
  if (views?.buffer === buffer) return views;
  return (views = { buffer, bytes: Buffer.from(buffer), units: new Uint16Array(buffer), words: new Uint32Array(buffer) });
}

/** Up to this many units a string is lowered unit by unit: cheaper than Buffer#write's encoding dispatch. */
const SHORT_STRING = 32;

function lowerString(ex: RawExports, s: string): Pointer {
  const length = s.length;
  const ptr = allocate(ex, length << 1, STRING_ID);
  // Lone surrogates cross unchanged and the core replaces them.
  const v = viewsOf(ex);
  if (length <= SHORT_STRING) {
    for (let i = 0, at = ptr >>> 1; i < length; i++) v.units[at + i] = s.charCodeAt(i);
  } else {
    v.bytes.write(s, ptr, length << 1, "utf16le");
  }
  return ptr;
}

/**
 * A text kept in the core's memory for the calls made inside withResidentText(): lowered by
 * the first of them, pinned until the scope ends, and passed as it is to the others.
 */
interface Resident {
  text: string;
  ex?: RawExports;
  ptr: Pointer;
}

let resident: Resident | undefined;
/** Lowerings of a long text that reused its resident copy (withResidentText). */
let residentReuses = 0;

/**
 * A string argument in the core's memory, pinned while JS code runs with the result (the escape's
 * `use`, which might call the core again): `pinned` gets what the caller unpins after it. The
 * resident text is lowered once, pinned by its scope, and never pinned twice (the runtime aborts on that).
 */
function lowerPinned(ex: RawExports, s: string, pinned: Pointer[]): Pointer {
  const ptr = lowerResident(ex, s);
  if (ptr !== 0) return ptr;
  unitsLowered += s.length;
  const own = ex.__pin(lowerString(ex, s));
  pinned.push(own);
  return own;
}

/**
 * The resident text's copy when `s` is that text (lowered and pinned by the first call that
 * needs it), else 0.
 */
function lowerResident(ex: RawExports, s: string): Pointer {
  const r = resident;
  // Length first: comparing two different long strings of one length reads both.
  if (r === undefined || s.length !== r.text.length || s !== r.text) return 0;
  if (r.ex === ex && r.ptr !== 0) {
    residentReuses++;
    return r.ptr;
  }
  unitsLowered += s.length;
  const ptr = ex.__pin(lowerString(ex, s));
  // An earlier copy in a dropped instance is gone with it.
  r.ex = ex;
  r.ptr = ptr;
  return ptr;
}

/**
 * A string argument of one call in the core's memory, not pinned: nothing is collected before
 * the call has returned and its result is lifted (collectAfterCall), so a pin would only cost
 * two more crossings. The resident text is pinned by its scope.
 */
function lowerArgument(ex: RawExports, s: string): Pointer {
  const ptr = lowerResident(ex, s);
  if (ptr !== 0) return ptr;
  unitsLowered += s.length;
  return lowerString(ex, s);
}

/**
 * Grows the core's memory once for a process() of `length` bytes of text: their log escape and
 * their digest (the core decodes them in place into as many units at most) fit in what is
 * reserved, as withResidentText() reserves for a text. Reserved call by call, the escape's
 * smaller reserve came first and the digest's grew the instance past what it keeps, so every
 * such call ran in a fresh instance.
 */
export function reserveForBytes(length: number): void {
  try {
    reserveForOutput(length);
  } catch {
    // A core that cannot load fails in the calls that follow, each as it does without this.
  }
}

/** Memory for the log escape and the digest of an output of `units` units (or bytes of UTF-8, which decode to as many at most). */
function reserveForOutput(units: number): void {
  reserve(core(units << 1), escapeReserve(units << 1, escapeWindow(units)));
}

/**
 * Runs `use` with `text` resident in the core: the first call that lowers the text (the log's
 * redaction prefilter, its JSON escape, the digest) copies it into the core's memory, and every
 * later one inside `use` reads that copy instead of making its own. The copy is freed when `use`
 * returns (or throws). A scope inside another is the outer one's.
 */
export function withResidentText<T>(text: string, use: () => T): T {
  if (resident !== undefined) return use();
  // Memory for the whole scope at once: reserved call by call, the digest's or the escape's
  // reserve would come on top of the resident copy and grow the instance past what it keeps.
  try {
    reserveForOutput(text.length);
  } catch {
    // A core that cannot load fails in the calls of `use`, each as it does without a scope
    // (the log's escape falls back to JSON.stringify, so the output is still logged).
  }
  const r: Resident = { text, ptr: 0 };
  resident = r;
  try {
    return use();
  } finally {
    resident = undefined;
    const ex = r.ex;
    if (ex !== undefined && live === ex) {
      ex.__unpin(r.ptr);
      collectNow(ex);
    }
  }
}

/** Lowerings that reused a resident text (withResidentText) so far. */
export function coreResidentReuses(): number {
  return residentReuses;
}

/**
 * A scope's resident text shorter than this has the garbage of the calls inside the scope (the
 * log's escape, the digest) collected once, when the scope ends, not after each: a collection
 * visits the runtime's roots whatever a call made, and what those calls leave of a short text
 * is a few times its size. A longer text's calls are each collected, as the memory they need
 * was reserved for one of them at a time.
 */
const SCOPE_COLLECTS_BELOW = 64 * 1024;

/**
 * After a call's pins are released: its garbage is collected at once, so memory kept from an
 * earlier call is free by the next reserve. (Collecting small calls in batches of 32 lowered
 * a 4 KB call's median by ~9 µs but doubled its p99: one call in 32 paid for all of them.)
 * Inside the scope of a short resident text, the scope's end collects for all of its calls.
 */
function collectAfterCall(ex: RawExports): void {
  const r = resident;
  if (r !== undefined && r.ex === ex && r.text.length < SCOPE_COLLECTS_BELOW) return;
  collectNow(ex);
}

function collectNow(ex: RawExports): void {
  ex.__collect();
  dropIfGrown(ex);
}

/**
 * Drops an instance whose memory grew past RETAIN_MEMORY_BYTES, but not while it holds the
 * resident text: the calls still to come in its scope read that copy.
 */
function dropIfGrown(ex: RawExports): void {
  if (ex.memory.buffer.byteLength > RETAIN_MEMORY_BYTES && !(resident !== undefined && resident.ex === ex)) dropInstance();
}

/** A block the caller fills whole: left as it is where the runtime would zero it. */
function allocate(ex: RawExports, size: number, classId: number): Pointer {
  return (ex.__newUninitialized ?? ex.__new)(size, classId);
}

/**
 * UTF-8 bytes for the core to decode in place (assembly/util/utf8-text.ts): a string block of
 * twice their length, the bytes in its second half, which the text overwrites from the start.
 */
function lowerUtf8(ex: RawExports, bytes: Uint8Array): Pointer {
  const ptr = allocate(ex, bytes.length << 1, STRING_ID);
  new Uint8Array(ex.memory.buffer, ptr + bytes.length, bytes.length).set(bytes);
  return ptr;
}

function lowerBytes(ex: RawExports, bytes: Uint8Array): Pointer {
  const ptr = allocate(ex, bytes.length, ARRAYBUFFER_ID);
  new Uint8Array(ex.memory.buffer, ptr, bytes.length).set(bytes);
  return ptr;
}

/**
 * A list of counts as the buffer of little-endian i32s the core reads, written through the
 * memory's views: typed arrays made for a few numbers cost a small call more than its crossing.
 */
function lowerCounts(ex: RawExports, list: readonly number[]): Pointer {
  const ptr = allocate(ex, list.length << 2, ARRAYBUFFER_ID);
  const v = viewsOf(ex);
  if ((ptr & 3) === 0) {
    for (let i = 0, at = ptr >>> 2; i < list.length; i++) v.words[at + i] = list[i]!;
  } else {
    for (let i = 0; i < list.length; i++) v.bytes.writeUInt32LE(list[i]!, ptr + (i << 2));
  }
  return ptr;
}

function liftString(ex: RawExports, ptr: Pointer): string {
  if (!ptr) return "";
  const v = viewsOf(ex);
  // The object header's size field, 4 bytes before the payload.
  const byteLength = v.words[(ptr - 4) >>> 2]!;
  return v.bytes.toString("utf16le", ptr, ptr + byteLength);
}

export { MAX_CORE_NUMBER };

const formatted = (n: number) => (Number.isFinite(n) ? n.toLocaleString("en-US") : String(n));

function outOfRange(name: string, value: unknown, expected: string): AbridgeError {
  const shown = typeof value === "number" ? formatted(value) : JSON.stringify(value) ?? String(value);
  return new AbridgeError("ABRIDGE_INVALID_OPTION", `${name} must be ${expected}, got ${shown}`);
}

function isCount(value: unknown): value is number {
  return Number.isInteger(value) && (value as number) >= 0 && (value as number) <= MAX_CORE_NUMBER;
}

/** An argument as it crosses: numbers stay numbers, a list of counts is lowered as i32s (lowerCounts). */
type Checked = string | number | Uint8Array | readonly number[];

/** Checks one argument against its declared kind; returns what crosses. */
function checkArg(name: string, kind: ParamKind, value: unknown): Checked {
  switch (kind) {
    case "text":
    case "bytes":
    case "utf8": {
      const ok = kind === "text" ? typeof value === "string" : value instanceof Uint8Array;
      if (!ok) throw outOfRange(name, typeof value, kind === "text" ? "a string" : "a Uint8Array");
      const size = (value as string | Uint8Array).length;
      if (size > MAX_INPUT_CHARS) {
        throw new AbridgeError("ABRIDGE_INPUT_TOO_LARGE", `${name} of ${formatted(size)} units exceeds the maximum of ${formatted(MAX_INPUT_CHARS)}`);
      }
      return value as string | Uint8Array;
    }
    case "flag":
      if (typeof value !== "boolean") throw outOfRange(name, value, "true or false");
      return value ? 1 : 0;
    case "count":
      if (!isCount(value)) {
        throw outOfRange(name, value, `an integer from 0 to ${formatted(MAX_CORE_NUMBER)}`);
      }
      return value as number;
    case "int":
      if (!Number.isInteger(value) || Math.abs(value as number) > MAX_CORE_NUMBER + (value as number < 0 ? 1 : 0)) {
        throw outOfRange(name, value, `an integer from ${formatted(-MAX_CORE_NUMBER - 1)} to ${formatted(MAX_CORE_NUMBER)}`);
      }
      return value as number;
    case "ratio":
      if (typeof value !== "number" || !(value >= 0 && value <= 1)) throw outOfRange(name, value, "a number from 0 to 1");
      return value;
    case "size":
      if (typeof value !== "number" || !Number.isFinite(value) || value < 0) throw outOfRange(name, value, "a finite non-negative number");
      return value;
    case "counts": {
      const list = value as readonly number[];
      if (!Array.isArray(list)) throw outOfRange(name, value, "an array of integers");
      for (let i = 0; i < list.length; i++) {
        const n = list[i];
        // The element's name is made only for its error.
        if (!isCount(n)) checkArg(`${name}[${i}]`, "count", n);
      }
      // A copy: what crosses is the list as checked, whatever the caller does with its own.
      return list.slice();
    }
  }
}

/** The `text` argument's place in a `record` or `fields` export's parameters (compactRecord's and compactFields'). */
const RECORD_TEXT_ARG = 2;

/** A `record` result: its JSON, and its llm read from where the core left its address (0: the `text` argument itself). */
function liftRecord(ex: RawExports, result: Pointer, args: readonly Checked[]): CoreRecord {
  const at = viewsOf(ex).words[llmSlotOf(ex) >>> 2]!;
  return { json: liftString(ex, result), llm: at === 0 ? (args[RECORD_TEXT_ARG] as string) : liftString(ex, at) };
}

/** A `fields` result: the i32s compactFields left at `at`, in its order, and the strings they point to. */
function liftFields(ex: RawExports, at: Pointer, args: readonly Checked[]): CoreFields {
  const w = viewsOf(ex).words;
  const i = at >>> 2;
  const llm = w[i + 10]!;
  const keptAt = w[i + 13]! >>> 2;
  const keptLines: [number, number][] = new Array(w[i + 14]! >>> 1);
  for (let k = 0; k < keptLines.length; k++) keptLines[k] = [w[keptAt + 2 * k]!, w[keptAt + 2 * k + 1]!];
  return {
    category: w[i]!,
    llm: llm === 0 ? textArgument(args[RECORD_TEXT_ARG]!) : liftString(ex, llm),
    summary: liftString(ex, w[i + 11]!),
    truncated: w[i + 1] !== 0,
    cleanChars: w[i + 2]!,
    totalLines: w[i + 3]!,
    omittedChars: w[i + 4]!,
    keptLines,
    facts: liftString(ex, w[i + 12]!),
    cleanChanged: w[i + 5] !== 0,
    rawTokens: w[i + 6]!,
    llmTokens: w[i + 7]!,
    paging: w[i + 8]!,
    budget: w[i + 9]!,
    details: liftString(ex, w[i + 15]!),
    rawChars: w[i + 16]!,
  };
}

const lenientUtf8 = new TextDecoder("utf-8", { fatal: false });

/** The `text` argument as the core read it: UTF-8 bytes (compactFieldsUtf8) decoded as the core decoded them. */
function textArgument(arg: Checked): string {
  return arg instanceof Uint8Array ? lenientUtf8.decode(arg) : (arg as string);
}

/** The address of compactRecord's llm slot, static data of the module: asked once per instance. */
let llmSlot: { ex: RawExports; at: Pointer } | undefined;

function llmSlotOf(ex: RawExports): Pointer {
  if (llmSlot?.ex !== ex) llmSlot = { ex, at: (ex.compactLlmSlot as () => Pointer)() };
  return llmSlot.at;
}

/** Whether the loaded core has this export (a module from useCoreWasm may be older). Loads the core. */
export function coreHasExport(name: CoreExportName): boolean {
  return typeof core()[name] === "function";
}

/**
 * Calls a core export. Strings and bytes are lowered (lowerArgument), the
 * result is lifted before anything else runs, and the call's garbage collected.
 * A trap discards the instance and rethrows as ABRIDGE_CORE_TRAP.
 */
export function callCore<N extends CoreExportName>(name: N, ...args: CoreArgs<N>): CoreResult<N> {
  const params = CORE_EXPORTS[name].params;
  if (args.length !== params.length) {
    throw new AbridgeError("ABRIDGE_INVALID_INPUT", `${name} takes ${params.length} arguments, got ${args.length}`);
  }
  const checked: Checked[] = new Array(params.length);
  for (let i = 0; i < params.length; i++) checked[i] = checkArg(params[i]![0], params[i]![1], args[i]);
  crossings++;
  const utf8At = UTF8_PARAM.get(name)!;
  // The bytes and, as large again, their text.
  const bytes = argumentBytes(checked) + (utf8At >= 0 ? (checked[utf8At] as Uint8Array).length : 0);
  const ex = reserveWorkingMemory(core(bytes, true), bytes);
  try {
    const lowered: number[] = new Array(checked.length);
    for (let i = 0; i < checked.length; i++) {
      const a = checked[i]!;
      if (typeof a === "number") lowered[i] = a;
      else if (typeof a === "string") lowered[i] = lowerArgument(ex, a);
      else if (a instanceof Uint8Array) {
        unitsLowered += a.length;
        lowered[i] = i === utf8At ? lowerUtf8(ex, a) : lowerBytes(ex, a);
      } else {
        unitsLowered += a.length << 2;
        lowered[i] = lowerCounts(ex, a);
      }
    }
    const fn = ex[name] as (...xs: number[]) => number;
    // Exports with optional parameters read the argument count from a global.
    ex.__setArgumentsLength?.(lowered.length);
    const result = fn(...lowered);
    const returns: ResultKind = CORE_EXPORTS[name].returns;
    if (returns === "record") return liftRecord(ex, result, checked) as CoreResult<N>;
    if (returns === "fields") return liftFields(ex, result, checked) as CoreResult<N>;
    return (returns === "text" ? liftString(ex, result) : result) as CoreResult<N>;
  } catch (cause) {
    dropInstance();
    if (cause instanceof AbridgeError) throw cause;
    throw new AbridgeError("ABRIDGE_CORE_TRAP", `core trapped in ${name}: ${trapMessage(ex, cause, (p) => liftString(ex, p))}`, { cause });
  } finally {
    // Nothing is collected during a call (the core's arena runtime, like AssemblyScript's
    // minimal one, collects only when asked), so what calls made is collected after them.
    if (live === ex) collectAfterCall(ex);
  }
}

/** The escaped JSON string body of one output (the log's type: log/output-line.ts). */
export type { JsonEscaped } from "./log/output-line.js";

interface EscapeExports {
  jsonEscapeUtf16(src: Pointer, units: number, dst: Pointer, capacity: number): number;
  jsonEscapeUtf8(src: Pointer, length: number, dst: Pointer, capacity: number): number;
  jsonEscapedBytes(): number;
  jsonEscapedUtf8(): number;
  jsonEscapedUnits(): number;
}

/**
 * The output window one escape call fills: the whole body of most outputs (a 10 MB build log
 * escapes to 11.7 MB), so it is written straight from the core's memory; a larger or
 * escape-heavy body comes out in several windows, each but the last copied out.
 */
const ESCAPE_WINDOW_MAX = 32 * 1024 * 1024;
const ESCAPE_WINDOW_MIN = 4096;

/** The output window of one escape call for an input of `length` units or bytes. */
function escapeWindow(length: number): number {
  return Math.max(ESCAPE_WINDOW_MIN, Math.min(2 * length + 64, ESCAPE_WINDOW_MAX));
}

/** Memory an escape needs: reserved with the same margin as a digest call, so the two share the memory a session keeps. */
function escapeReserve(inputBytes: number, capacity: number): number {
  return Math.ceil(Math.max(inputBytes * WORKING_MEMORY_FACTOR, (inputBytes + capacity) * 1.25));
}

/** Log escapes since load: a service for the log, not a digest crossing (coreCrossings). */
let escapes = 0;

/**
 * Escapes a text, or bytes that are valid UTF-8 (the caller checks), as the body of a JSON
 * string (no quotes) exactly as JSON.stringify would, in the core, and hands the result to `use`
 * before anything else runs. Undefined when the loaded core has no escape exports (an older
 * module from useCoreWasm): the caller serialises as before. A trap drops the instance and
 * throws ABRIDGE_CORE_TRAP.
 */
export function withJsonEscaped<T>(input: string | Uint8Array, use: (escaped: JsonEscaped) => T): T | undefined {
  const length = input.length;
  if (length > MAX_INPUT_CHARS) throw new AbridgeError("ABRIDGE_INPUT_TOO_LARGE", `output of ${formatted(length)} units exceeds the maximum of ${formatted(MAX_INPUT_CHARS)}`);
  const text = typeof input === "string";
  // Room for twice the UTF-8 bytes (a coloured log grows by a third: its ESCs become \u001b);
  // more escapes than that take a second window.
  const inputBytes = text ? length << 1 : length;
  const capacity = escapeWindow(length);
  const ex = reserve(core(inputBytes), escapeReserve(inputBytes, capacity));
  if (typeof ex.jsonEscapeUtf16 !== "function" || typeof ex.jsonEscapeUtf8 !== "function") return undefined;
  const fns = ex as unknown as RawExports & EscapeExports;
  escapes++;
  const pinned: Pointer[] = [];
  try {
    let escaped: JsonEscaped;
    try {
      let src: Pointer;
      if (text) src = lowerPinned(ex, input, pinned);
      else {
        unitsLowered += length;
        pinned.push((src = ex.__pin(lowerBytes(ex, input))));
      }
      // Only what the escape writes is read back.
      const dst = ex.__pin(allocate(ex, capacity, ARRAYBUFFER_ID));
      pinned.push(dst);
      const escape = text ? fns.jsonEscapeUtf16 : fns.jsonEscapeUtf8;
      const parts: Uint8Array[] = [];
      let done = 0;
      let bytes = 0;
      let chars = 0;
      for (;;) {
        const consumed = escape(text ? src + done * 2 : src + done, length - done, dst, capacity);
        done += consumed;
        const written = fns.jsonEscapedBytes();
        bytes += text ? fns.jsonEscapedUtf8() : consumed;
        chars += text ? consumed : fns.jsonEscapedUnits();
        const view = new Uint8Array(ex.memory.buffer, dst, written);
        if (done >= length) {
          parts.push(view);
          break;
        }
        // The window is full: keep a copy and fill it again.
        parts.push(Buffer.from(view));
      }
      escaped = { parts, bytes, chars };
    } catch (cause) {
      dropInstance();
      throw new AbridgeError("ABRIDGE_CORE_TRAP", `core trapped escaping a log record: ${trapMessage(ex, cause, (p) => liftString(ex, p))}`, { cause });
    }
    // Still pinned: the last part is a view of the core's memory.
    return use(escaped);
  } finally {
    if (live === ex) {
      for (const p of pinned) ex.__unpin(p);
      collectAfterCall(ex);
    }
  }
}

/** Needle scans since load (findNeedles): the redaction prefilter of long texts. */
let needleScans = 0;

/**
 * Which needles (lower-case ASCII, 3 to 64 characters, at most 64) occur in the text, ASCII case
 * ignored: one SIMD pass in the core. Undefined when the loaded core has no such export (an
 * older module from useCoreWasm) or the core trapped (the instance is dropped): the caller
 * searches in JS instead.
 */
export function findNeedles(text: string, needles: readonly string[]): boolean[] | undefined {
  if (text.length > MAX_INPUT_CHARS) return undefined;
  return scanNeedles("findNeedles", text.length << 1, text.length, needles, (ex) => lowerArgument(ex, text));
}

/**
 * findNeedles() of UTF-8 bytes, read as they are: an ASCII needle's bytes are the same in
 * UTF-8, and every byte of another character is from 0x80 on. No decode to a string.
 */
export function findNeedlesInUtf8(bytes: Uint8Array, needles: readonly string[]): boolean[] | undefined {
  if (bytes.length > MAX_INPUT_CHARS * 2) return undefined;
  return scanNeedles("findNeedlesUtf8", bytes.length, bytes.length, needles, (ex) => lowerBytes(ex, bytes));
}

/** One needle scan by the core's export `name` of a text of `units`, `bytes` long in the core once lowered by `lower`. */
function scanNeedles(name: "findNeedles" | "findNeedlesUtf8", bytes: number, units: number, needles: readonly string[], lower: (ex: RawExports) => Pointer): boolean[] | undefined {
  let ex: RawExports;
  try {
    ex = reserve(core(bytes), bytes < RESERVE_FROM_BYTES ? 0 : Math.ceil(bytes * 1.25));
  } catch {
    return undefined;
  }
  const scan = ex[name] as ((text: Pointer, units: number, needles: Pointer, needleUnits: number, found: Pointer) => number) | undefined;
  if (typeof scan !== "function") return undefined;
  needleScans++;
  const list = needleList(needles);
  try {
    // Not pinned: no JS code runs between these allocations and the scan, and nothing is
    // collected before collectAfterCall (a pin and an unpin would cost two crossings each).
    const src = lower(ex);
    const lowered = lowerArgument(ex, list);
    // The scan clears its flags first.
    const found = allocate(ex, Math.max(needles.length, 1), ARRAYBUFFER_ID);
    if (scan(src, units, lowered, list.length, found) < 0) return undefined;
    const flags = new Uint8Array(ex.memory.buffer, found, needles.length);
    const out = new Array<boolean>(needles.length);
    for (let i = 0; i < flags.length; i++) out[i] = flags[i] !== 0;
    return out;
  } catch {
    dropInstance();
    return undefined;
  } finally {
    if (live === ex) collectAfterCall(ex);
  }
}

/** Needle lists as the core reads them, joined once per list (the redaction prefilter passes one list for good). */
const needleLists = new WeakMap<readonly string[], string>();

function needleList(needles: readonly string[]): string {
  let list = needleLists.get(needles);
  if (list === undefined) needleLists.set(needles, (list = needles.join("\n")));
  return list;
}

/**
 * UTF-8 bytes of units [from, to) of the text resident in the core (withResidentText), as
 * Buffer.byteLength counts them, in one SIMD pass over the copy the later calls of the scope
 * read (lowered now if none has yet): V8 counts a string holding a non-Latin-1 character a unit
 * at a time. Undefined for any other text, or a core without the export or that trapped: the
 * caller counts in JS.
 */
export function residentUtf8Bytes(text: string, from = 0, to = text.length): number | undefined {
  const r = resident;
  if (r === undefined || text.length !== r.text.length || text !== r.text) return undefined;
  let ex: RawExports;
  try {
    ex = core();
  } catch {
    return undefined;
  }
  const count = ex.utf8ByteCount as ((text: Pointer, units: number) => number) | undefined;
  if (typeof count !== "function") return undefined;
  try {
    return count(lowerResident(ex, text) + (from << 1), to - from);
  } catch {
    dropInstance();
    return undefined;
  }
}

/** Needle scans in the core so far (findNeedles). */
export function coreNeedleScans(): number {
  return needleScans;
}

/** Outputs escaped for the log in the core so far (withJsonEscaped). */
export function coreLogEscapes(): number {
  return escapes;
}

/** Calls into the core so far: one per tool result processed, one per page read. */
export function coreCrossings(): number {
  return crossings;
}

/** UTF-16 units (and bytes) copied into the core so far: grows by what each call sends across. */
export function coreUnitsLowered(): number {
  return unitsLowered;
}

/** Bytes of linear memory the live instance holds (0 when none is loaded). */
export function coreMemoryBytes(): number {
  return live ? live.memory.buffer.byteLength : 0;
}

/**
 * Bytes the live instance's arena runtime (assembly/rt/arena.ts) holds for the instance's life
 * and has in use; undefined when no instance is loaded or its core has another runtime. Between
 * calls the two are equal unless a resident text is pinned.
 */
export function coreArenaBytes(): { kept: number; used: number } | undefined {
  const ex = live;
  if (ex === undefined || typeof ex.__arenaKept !== "function" || typeof ex.__arenaUsed !== "function") return undefined;
  return { kept: ex.__arenaKept(), used: ex.__arenaUsed() };
}
