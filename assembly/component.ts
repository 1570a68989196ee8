// Canonical-ABI glue that makes the core a WebAssembly component (world
// `abridge` in wit/abridge.wit, strings in UTF-16). AssemblyScript has no
// bindings generator for the Component Model, so this file does by hand what
// one would emit: each WIT function is exported with its flattened signature
// (a string is (ptr, len) in code units, an option is (discriminant, value)),
// validates its arguments, calls the core, and writes `result<T, error>` into
// a static return area whose address it returns. `scripts/build-component.mjs`
// renames the exports to the component names (`verify_anchors` becomes
// `abridge:core/core@0.1.0#verify-anchors`).
//
// Memory: the module's runtime is a bump arena (assembly/rt/call-arena.ts).
// Every block the host asks for (cabi_realloc) and everything a call makes,
// its results included, is allocated past the arena's floor; the host reads
// the results before it makes another call, so the first block it asks for
// after a call has returned drops all of it at once, and the next call's
// arguments start where this call's did. The functions need no post-return
// exports for it (over 500 bytes of names); a call that traps leaves the
// instance unusable anyway. What must outlive a call (the top-level code's
// objects, the tool table the core makes on first use) is made when the module
// starts and kept below the floor. A string the host lowers is the payload of a String object
// of exactly its length, so the core reads it in place: no copy of a 10 MB
// input is made on the way in.
// Why a bump arena rather than AssemblyScript's collecting runtime: nothing
// the core makes outlives its call, so neither a collector nor the per-class
// visitors it needs (over 4 KB of the module) are worth their size. Memory a
// call frees explicitly is not reused within that call, as in the Node core's
// arena; the peak of a call is no higher for it.
import { compactResult, CompactResult } from "./compact";
import { categoryName, CATEGORY_COUNT } from "./category";
import { classify as coreClassify } from "./classify";
import { cleanWith } from "./clean";
import { truncateWithHint } from "./truncate";
import { anchorText, checkAnchors, hashlines as coreHashlines, MAX_ECHO } from "./hashline";
import { sectionsOf } from "./sections";
import { view as coreView } from "./view";
import { abridgeParam as coreAbridgeParam } from "./param";
import { oneLine as coreOneLine } from "./oneline";
import { estimateTokens as coreEstimateTokens } from "./tokens";
import { indexJson } from "./json";
import { countNewlines, lineCount } from "./util/lines";
import { decimal, formatCount, StrBuf } from "./util/strbuf";
import { __settle } from "./rt/call-arena";
import { endsWithText } from "./util/scan";

/** Largest string accepted, in UTF-16 code units: the raw binding's MAX_INPUT_CHARS (host/core.ts). */
const MAX_INPUT_CHARS: u32 = 512 * 1024 * 1024;
/** Numbers cross as u32; the core computes in i32. */
const MAX_NUMBER: u32 = <u32>i32.MAX_VALUE;

const INPUT_TOO_LARGE = "ABRIDGE_INPUT_TOO_LARGE";
const INVALID_OPTION = "ABRIDGE_INVALID_OPTION";
const INVALID_INPUT = "ABRIDGE_INVALID_INPUT";

// ---------------------------------------------------------------------------
// Memory shared with the host.

/** A block of `size` bytes for the host (a String object, as liftString expects). */
function allocate(size: usize): usize {
  return __new(size, idof<String>());
}

/**
 * The allocator the host lowers arguments with. Object payloads are 16-byte
 * aligned, more than any type of this world needs.
 */
export function cabi_realloc(oldPtr: usize, oldSize: usize, align: usize, newSize: usize): usize {
  if (oldPtr == 0) {
    // The first block of a call's arguments: the host has read the last call's results.
    if (returned) {
      returned = false;
      __collect();
    }
    return allocate(newSize);
  }
  // Shrinking (a host transcoding UTF-8 shrinks its worst-case guess) stays in place.
  return __renew(oldPtr, newSize);
}

/** Whether a call has returned since the arena was last emptied: its results are still to be read. */
let returned = false;

/**
 * A string argument. When (ptr, len) is the whole payload of a String this
 * allocator made, the string is used in place; a larger block is trimmed to
 * `len` (its header's size, as __renew does); anything else is copied.
 */
function liftString(ptr: usize, len: u32): string {
  if (len == 0) return "";
  const bytes = <usize>len << 1;
  if (ptr >= 8 && load<u32>(ptr - 8) == idof<String>() && load<u32>(ptr - 4) >= <u32>bytes) {
    store<u32>(ptr - 4, <u32>bytes);
    return changetype<string>(ptr);
  }
  return String.UTF16.decodeUnsafe(ptr, bytes);
}

// ---------------------------------------------------------------------------
// The return area and a writer that lays values out as the canonical ABI does:
// each field at the next multiple of its alignment.

const AREA: usize = memory.data(128, 8);
/** Payload of `result<T, error>`: every T here aligns to at most 4, and so does error. */
const PAYLOAD: usize = AREA + 4;

let at: usize = 0;

function align4(): void {
  at = (at + 3) & ~3;
}

function putU8(v: i32): void {
  store<u8>(at, <u8>v);
  at += 1;
}

function putU32(v: u32): void {
  align4();
  store<u32>(at, v);
  at += 4;
}

function putList(ptr: usize, len: i32): void {
  align4();
  store<u32>(at, <u32>ptr);
  store<u32>(at + 4, <u32>len);
  at += 8;
}

/**
 * A component-model string is Unicode scalar values: a host lifting a lone
 * surrogate traps (wasmtime) or replaces it (jco). Outputs that echo their
 * input verbatim (view, truncate, one-line, ...) can carry one from a JS
 * caller, so each becomes U+FFFD here, the same for every host.
 */
function wellFormed(s: string): string {
  const base = changetype<usize>(s);
  const n = s.length;
  // The copy is made at the first lone surrogate: a well-formed string is returned as is.
  let to: usize = 0;
  for (let i = 0; i < n; i++) {
    const c = <i32>load<u16>(base + (<usize>i << 1));
    if ((c & 0xf800) != 0xd800) continue;
    if (c < 0xdc00 && i + 1 < n && (<i32>load<u16>(base + (<usize>(i + 1) << 1)) & 0xfc00) == 0xdc00) {
      i++;
      continue;
    }
    if (to == 0) {
      to = __new(<usize>n << 1, idof<String>());
      memory.copy(to, base, <usize>n << 1);
    }
    store<u16>(to + (<usize>i << 1), 0xfffd);
  }
  return to == 0 ? s : changetype<string>(to);
}

function putString(text: string): void {
  const s = wellFormed(text);
  putList(changetype<usize>(s), s.length);
}

/** A present `option<T>` (every T here aligns to 4): its discriminant; the T follows. */
function putSome(): void {
  align4();
  putU8(1);
}

/** An absent `option<T>`: its discriminant, then room for a T of `size` bytes. */
function putNone(size: usize): void {
  align4();
  putU8(0);
  align4();
  at += size;
}

function okArea(): void {
  store<u8>(AREA, 0);
  at = PAYLOAD;
  returned = true;
}

function okString(s: string): usize {
  okArea();
  putString(s);
  return AREA;
}

function fail(code: string, message: string): usize {
  store<u8>(AREA, 1);
  at = PAYLOAD;
  returned = true;
  putString(code);
  putString(message);
  return AREA;
}

// ---------------------------------------------------------------------------
// Validation. A call runs its checks in order and the first that fails is the
// one reported: `failing` once one has, its code in `failed` and its message
// in `why`. `rejected()` then writes the error and clears `failing`.

let failing = false;
let failed: string = "";
let why: string = "";

function reject(code: string, message: string): void {
  if (failing) return;
  failing = true;
  failed = code;
  why = message;
}

function rejected(): usize {
  failing = false;
  return fail(failed, why);
}

function tooLarge(name: string, len: u32): void {
  if (len > MAX_INPUT_CHARS) reject(INPUT_TOO_LARGE, name + " of " + formatCount(len) + " units exceeds the maximum of " + formatCount(MAX_INPUT_CHARS));
}

function outOfRange(name: string, value: u32): void {
  if (value > MAX_NUMBER) reject(INVALID_OPTION, name + " must be at most " + formatCount(MAX_NUMBER) + ", got " + formatCount(value));
}

/** Arguments as the core wants them: a JSON object; "" stands for none. */
function argsOrEmpty(args: string): string {
  return args.length == 0 ? "{}" : args;
}

function badArgs(args: string): void {
  if (args.length == 0) return;
  const idx = indexJson(args, 0, args.length);
  if (idx !== null && args.charCodeAt(idx.start) == 0x7b) return;
  reject(INVALID_INPUT, idx === null ? "args-json is not valid JSON" : "args-json must be a JSON object");
}

// ---------------------------------------------------------------------------
// compact: func(request: compact-request) -> result<compact-result, error>

export function compact(
  toolPtr: usize, toolLen: u32,
  argsPtr: usize, argsLen: u32,
  outputPtr: usize, outputLen: u32,
  exitIsSome: i32, exitCode: i32,
  budget: u32,
  budgetsPtr: usize, budgetsLen: u32,
  passthrough: u32,
  hintPtr: usize, hintLen: u32,
  categoryIsSome: i32, forcedCategory: i32,
): usize {
  tooLarge("tool", toolLen);
  tooLarge("args-json", argsLen);
  tooLarge("output", outputLen);
  tooLarge("hint", hintLen);
  outOfRange("budget-chars", budget);
  outOfRange("passthrough-chars", passthrough);
  if (failing) return rejected();

  // One budget per category id, as the core reads them (each checked to fit an i32).
  const limits = new StaticArray<i32>(CATEGORY_COUNT);
  for (let c = 0; c < CATEGORY_COUNT; c++) limits[c] = <i32>budget;
  for (let k: u32 = 0; k < budgetsLen; k++) {
    const entry = budgetsPtr + (<usize>k << 3); // tuple<category, u32>: u8 at 0, u32 at 4
    const c = <i32>load<u8>(entry);
    const b = load<u32>(entry, 4);
    if (c >= CATEGORY_COUNT) return fail(INVALID_INPUT, "category-budgets names an unknown category " + decimal(c));
    outOfRange("category-budgets[" + decimal(k) + "]", b);
    if (failing) return rejected();
    limits[c] = <i32>b;
  }
  if (categoryIsSome != 0 && (forcedCategory < 0 || forcedCategory >= CATEGORY_COUNT)) {
    return fail(INVALID_INPUT, "category is unknown: " + decimal(forcedCategory));
  }
  const args = liftString(argsPtr, argsLen);
  badArgs(args);
  if (failing) return rejected();
  const output = liftString(outputPtr, outputLen);
  const result = compactResult(
    liftString(toolPtr, toolLen),
    argsOrEmpty(args),
    output,
    exitIsSome != 0 ? exitCode : -1,
    limits,
    <i32>passthrough,
    liftString(hintPtr, hintLen),
    categoryIsSome != 0 ? forcedCategory : -1,
  );
  return writeCompactResult(result, output.length);
}

/** The core's compact result as a compact-result record, field by field. */
function writeCompactResult(r: CompactResult, rawChars: i32): usize {
  const keptCount = r.keptLines.length >> 1;
  const kept = allocate(<usize>keptCount << 3);
  for (let k = 0; k < keptCount; k++) {
    store<u32>(kept + (<usize>k << 3), <u32>r.keptLines[k << 1]);
    store<u32>(kept + (<usize>k << 3), <u32>r.keptLines[(k << 1) + 1], 4);
  }
  okArea();
  putU8(r.category);
  putString(r.llm);
  putString(r.summary);
  putU8(r.truncated ? 1 : 0);
  putU32(<u32>rawChars);
  putU32(<u32>r.cleanChars);
  putU32(<u32>r.llm.length);
  putU32(<u32>r.totalLines);
  putU32(<u32>r.omittedChars);
  putList(kept, keptCount);
  putString("{" + r.facts + "}");
  putU8(r.cleanChanged ? 1 : 0);
  putU32(<u32>r.rawTokens);
  putU32(<u32>r.budget);
  putU8(<i32>r.paging);
  return AREA;
}

// ---------------------------------------------------------------------------
// Functions of one text.

/** clean: func(text: string, collapse-repeats: bool) -> result<string, error> */
export function clean(ptr: usize, len: u32, collapseRepeats: i32): usize {
  tooLarge("text", len);
  if (failing) return rejected();
  return okString(cleanWith(liftString(ptr, len), collapseRepeats != 0));
}

/** classify: func(tool: string, args-json: string, text: string) -> result<category, error> */
export function classify(toolPtr: usize, toolLen: u32, argsPtr: usize, argsLen: u32, ptr: usize, len: u32): usize {
  tooLarge("tool", toolLen);
  tooLarge("args-json", argsLen);
  tooLarge("text", len);
  if (failing) return rejected();
  const args = liftString(argsPtr, argsLen);
  badArgs(args);
  if (failing) return rejected();
  const category = coreClassify(liftString(toolPtr, toolLen), argsOrEmpty(args), liftString(ptr, len));
  okArea();
  putU8(category);
  return AREA;
}

/**
 * A rejected head-ratio, written to six decimals. Written by hand: f64.toString brings the
 * shortest-round-trip float printer into the component (~2.7 KB) for this one error message.
 */
function ratioText(x: f64): string {
  if (isNaN(x)) return "NaN";
  const sign = x < 0 ? "-" : "";
  const size = Math.abs(x);
  if (size >= 1e15) return sign + "1e15 or more"; // also Infinity
  let whole = <i64>Math.floor(size);
  let millionths = <i64>Math.round((size - <f64>whole) * 1e6);
  if (millionths == 1000000) {
    whole++;
    millionths = 0;
  }
  if (millionths == 0) {
    // Printing "-0" would hide why a tiny negative ratio was refused.
    if (whole == 0 && size > 0) return (x < 0 ? "a negative" : "a positive") + " value closer to 0 than 0.000001";
    return sign + whole.toString();
  }
  let fraction = (1000000 + millionths).toString().substring(1);
  while (endsWithText(fraction, "0")) fraction = fraction.substring(0, fraction.length - 1);
  return sign + whole.toString() + "." + fraction;
}

/** truncate: func(text: string, budget-chars: u32, head-ratio: f64, hint: string) -> result<string, error> */
export function truncate(ptr: usize, len: u32, budget: u32, headRatio: f64, hintPtr: usize, hintLen: u32): usize {
  tooLarge("text", len);
  tooLarge("hint", hintLen);
  outOfRange("budget-chars", budget);
  if (failing) return rejected();
  // NaN fails both comparisons.
  if (!(headRatio >= 0.0 && headRatio <= 1.0)) return fail(INVALID_OPTION, "head-ratio must be between 0 and 1, got " + ratioText(headRatio));
  return okString(truncateWithHint(liftString(ptr, len), <i32>budget, headRatio, liftString(hintPtr, hintLen)));
}

/** hashlines: func(text: string, first-line: u32) -> result<string, error> */
export function hashlines(ptr: usize, len: u32, firstLine: u32): usize {
  tooLarge("text", len);
  outOfRange("first-line", firstLine);
  if (failing) return rejected();
  const text = liftString(ptr, len);
  // The last line's number must fit too; counting lines is only worth it near the limit.
  if (firstLine > MAX_NUMBER - len) {
    const lines = <u32>lineCount(text, countNewlines(text, 0, text.length));
    if (lines > 0 && firstLine > MAX_NUMBER - (lines - 1)) {
      return fail(INVALID_OPTION, "first-line + " + formatCount(lines - 1) + " lines must be at most " + formatCount(MAX_NUMBER));
    }
  }
  return okString(coreHashlines(text, <i32>firstLine));
}

/** verify-anchors: func(anchors: string, text: string) -> result<anchor-report, error> */
export function verify_anchors(anchorsPtr: usize, anchorsLen: u32, ptr: usize, len: u32): usize {
  tooLarge("anchors", anchorsLen);
  tooLarge("text", len);
  if (failing) return rejected();
  const anchors = liftString(anchorsPtr, anchorsLen);
  const check = checkAnchors(anchors, liftString(ptr, len));
  const count = check.anchors.length;
  // anchor-check: anchor string @0, ok bool @8, current option<string> @12, malformed bool @24; 28 bytes.
  const ANCHOR_CHECK: usize = 28;
  const list = allocate(<usize>count * ANCHOR_CHECK);
  for (let k = 0; k < count; k++) {
    const a = check.anchors[k];
    const malformed = a.line < 0;
    const holds = check.holds(k);
    const current = check.current[k];
    at = list + <usize>k * ANCHOR_CHECK;
    // A malformed token comes back as written, clipped as verifyAnchors clips it.
    putString(malformed ? anchors.substring(a.tokenStart, min(a.tokenEnd, a.tokenStart + MAX_ECHO)) : anchorText(a.line, a.hash));
    putU8(holds ? 1 : 0);
    // The line's anchor now, when it exists and no longer matches.
    if (holds || current < 0) putNone(8);
    else {
      putSome();
      putString(anchorText(a.line, current));
    }
    putU8(malformed ? 1 : 0);
  }
  okArea();
  putU8(check.allHold() ? 1 : 0);
  putU32(<u32>check.totalLines);
  putList(list, count);
  return AREA;
}

/** sections: func(text: string, start: option<u32>, end: option<u32>) -> result<text-sections, error> */
export function sections(ptr: usize, len: u32, startIsSome: i32, start: u32, endIsSome: i32, end: u32): usize {
  tooLarge("text", len);
  if (startIsSome != 0) lineNumber("start", start);
  if (endIsSome != 0) lineNumber("end", end);
  if (failing) return rejected();
  const s = sectionsOf(liftString(ptr, len), startIsSome != 0 ? <i32>start : 0, endIsSome != 0 ? <i32>end : 0);
  okArea();
  putU32(<u32>s.totalLines);
  // Nothing in range: every line is before.
  if (!s.hasRelevant) {
    putRange(1, s.totalLines);
    putNone(16);
    putNone(8);
    return AREA;
  }
  putRange(1, s.first - 1);
  putSome();
  putU32(<u32>s.first);
  putU32(<u32>s.last);
  putString(s.hashlines);
  putRange(s.last + 1, s.totalLines);
  return AREA;
}

/** An option<line-range> of lines [first, last]: none when it holds no line. */
function putRange(first: i32, last: i32): void {
  if (first > last) {
    putNone(8);
    return;
  }
  putSome();
  putU32(<u32>first);
  putU32(<u32>last);
}

function lineNumber(name: string, value: u32): void {
  if (value == 0) reject(INVALID_OPTION, name + " is a 1-based line number, got 0");
  else outOfRange(name, value);
}

/** view: func(text: string, offset: u32, limit: u32, hashlines: bool) -> result<string, error> */
export function view(ptr: usize, len: u32, offset: u32, limit: u32, withHashlines: i32): usize {
  tooLarge("text", len);
  outOfRange("offset", offset);
  outOfRange("limit", limit);
  if (failing) return rejected();
  return okString(coreView(liftString(ptr, len), <i32>offset, <i32>limit, withHashlines != 0));
}

/** abridge-param: func(value: string, max-chars: u32) -> result<string, error> */
export function abridge_param(ptr: usize, len: u32, maxChars: u32): usize {
  tooLarge("value", len);
  outOfRange("max-chars", maxChars);
  if (failing) return rejected();
  return okString(coreAbridgeParam(liftString(ptr, len), <i32>maxChars));
}

/** one-line: func(text: string, max-chars: u32) -> result<string, error> */
export function one_line(ptr: usize, len: u32, maxChars: u32): usize {
  tooLarge("text", len);
  outOfRange("max-chars", maxChars);
  if (failing) return rejected();
  return okString(coreOneLine(liftString(ptr, len), <i32>maxChars));
}

/** estimate-tokens: func(text: string) -> result<u32, error> */
export function estimate_tokens(ptr: usize, len: u32): usize {
  tooLarge("text", len);
  if (failing) return rejected();
  const tokens = coreEstimateTokens(liftString(ptr, len));
  okArea();
  putU32(<u32>tokens);
  return AREA;
}

// ---------------------------------------------------------------------------
// Start: after the module's top-level code, the state every call finds.

// The core makes its tool table on first use: made here, it is kept with the
// top-level code's objects rather than dropped with a call's.
coreClassify("bash", "{}", "");
__settle();
