// The library's entry: one tool result in, the dual-channel result out.
import { countExactTokens } from "./lazy.js";
import { defineLazy } from "./lazy-props.js";
import { binaryRawTokens, clean, collapsesRepeats, decodeBytes, decodeOutput, type CompactDetails } from "./core-api.js";
import { CATEGORIES } from "./categories.js";
import { coreCompact, coreCompactUtf8, type CoreCompactResult, type CoreCompactUtf8Result } from "./core-api.js";
import { resolveBudget, validateBudgetOptions, type BudgetOptions } from "./budget.js";
import { coreHasExport, MAX_INPUT_CHARS, withResidentText } from "./core.js";
import { DEFAULTS } from "./config.js";
import { AbridgeError, isAbridgeError } from "./errors.js";
import { fallbackTruncate } from "./fallback.js";
import type { Category, ResultMetadata, ToolResultInput, ToolResultOutput } from "./types.js";
import { BoundedOutput } from "./stream/bounded-output.js";
import { STREAM_DEFAULTS, checkBufferBytes } from "./stream/defaults.js";
import { goesBounded, lengthUndecided, slicesOf } from "./stream/whole.js";

/** Outputs whose cleaned text is at most this long reach the model unchanged. */
export const DEFAULT_PASSTHROUGH = DEFAULTS.passthrough;

export interface CompactOptions extends BudgetOptions {
  /** Cleaned outputs up to this many chars pass through (default 1,500). */
  passthrough?: number;
  /**
   * Count `metadata.llmTokens` exactly (o200k, gpt-tokenizer, on first access) instead of the
   * core's estimate. Loading the tokenizer costs ~0.2–1 s once per process. Default false.
   */
  exactTokens?: boolean;
  /**
   * compact() of an output past this many bytes (UTF-8 bytes of a string) is made in bounded
   * mode, as `stream()` makes it past its `streamBufferBytes`: memory stays flat whatever the
   * size. Default 16 MiB.
   */
  streamBufferBytes?: number;
}

/** Appended to every omission marker, e.g. `abridge_read id=call_1` once a log holds the output. */
export interface CompactContext {
  hint?: string;
  /** Skip classification. */
  category?: Category;
}

/**
 * What the host knows of an output that the text given to the core does not say: set for the
 * text bounded mode built from an output's pieces (stream/bounded-output.ts).
 */
export interface KnownInput {
  /** The output is binary: the text is its description. */
  binary: boolean;
  /** The encoding its bytes were decoded from when not UTF-8, else "". */
  encoding: string;
  /** Bytes of the whole output (units of a binary string). */
  bytes: number;
  /** Raw tokens of a binary output; -1 otherwise. */
  rawTokens: number;
}

/** What the session's steps add to a compact call's context. */
interface InternalContext extends CompactContext {
  details?: boolean;
  /** The output is the text bounded mode built, or a session already decided it is not bounded. */
  whole?: boolean;
  known?: KnownInput;
  /** The options' budgets by category id, checked already (checkedBudgets()): a session's stay the same call after call. */
  budgets?: readonly number[];
}

export function validateInput(input: ToolResultInput): void {
  if (input === null || typeof input !== "object") {
    throw new AbridgeError("ABRIDGE_INVALID_INPUT", "process() takes an object { tool, args?, output, exitCode?, callId? }");
  }
  if (typeof input.tool !== "string") throw new AbridgeError("ABRIDGE_INVALID_INPUT", `tool must be a string, got ${typeof input.tool}`);
  if (typeof input.output !== "string" && !(input.output instanceof Uint8Array)) {
    throw new AbridgeError("ABRIDGE_INVALID_INPUT", `output must be a string or a Uint8Array, got ${typeof input.output}`);
  }
  if (input.exitCode !== undefined && input.exitCode !== null && !Number.isInteger(input.exitCode)) {
    throw new AbridgeError("ABRIDGE_INVALID_INPUT", `exitCode must be an integer, got ${String(input.exitCode)}`);
  }
  if (input.args !== undefined && input.args !== null && typeof input.args !== "string" && typeof input.args !== "object") {
    throw new AbridgeError("ABRIDGE_INVALID_INPUT", `args must be an object or JSON text, got ${typeof input.args}`);
  }
}

function argsJson(args: ToolResultInput["args"]): string {
  if (args === undefined || args === null) return "{}";
  if (typeof args === "string") return args;
  try {
    return JSON.stringify(args) ?? "{}";
  } catch {
    return "{}"; // cycles or BigInt: classify by tool name and text alone
  }
}

/** Bytes of binary output whose lenient decode is estimated for its raw token count; larger ones are scaled up. */
const BINARY_TOKEN_SAMPLE = 1 << 20;

/** What the core is given of an output, and what the host knows of its bytes. */
interface CoreInput {
  /** "" when `utf8` is given. */
  text: string;
  /** Valid UTF-8 bytes the core decodes itself (decodeOutput with coreDecodes). */
  utf8?: Uint8Array;
  binary: boolean;
  /** The encoding bytes were decoded from when it was not UTF-8, else "". */
  encoding: string;
  /** Bytes as given; -1 for a string. */
  bytes: number;
  /** Raw tokens of binary bytes (the core only sees their description); -1 otherwise. */
  rawTokens: number;
}

/**
 * Text the core sees. Bytes are checked for binary content on the raw bytes, then decoded in
 * the encoding they are in (UTF-8 leniently, or UTF-16, Shift_JIS, Latin-1 …); binary bytes
 * become their one-line description.
 */
function coreInput(output: string | Uint8Array, known?: KnownInput): CoreInput {
  if (typeof output === "string") {
    if (known) return { text: output, ...known };
    return { text: output, binary: false, encoding: "", bytes: -1, rawTokens: -1 };
  }
  // Checked before decoding: a decoder given more than V8's longest string throws an untyped RangeError.
  if (output.length > MAX_INPUT_CHARS) {
    throw new AbridgeError("ABRIDGE_INPUT_TOO_LARGE", `output of ${output.length.toLocaleString("en-US")} bytes exceeds the maximum of ${MAX_INPUT_CHARS.toLocaleString("en-US")}`);
  }
  const decoded = decodeOutput(output, coreHasExport("compactFieldsUtf8"));
  const binary = decoded.binary !== "";
  return { text: decoded.text, utf8: decoded.utf8, binary, encoding: decoded.encoding, bytes: output.length, rawTokens: binary ? binaryRawTokens(output.subarray(0, BINARY_TOKEN_SAMPLE), output.length) : -1 };
}

function budgetsFor(options: CompactOptions): number[] {
  return CATEGORIES.map((c) => resolveBudget(options, c));
}

/** The budgets of `options` by category id, once they are checked (throws ABRIDGE_INVALID_OPTION as compact() does). */
export function checkedBudgets(options: CompactOptions): readonly number[] {
  validateBudgetOptions(options);
  return budgetsFor(options);
}

type MetadataBase = Omit<ResultMetadata, "llmChars" | "llmTokens" | "savedTokens">;

/**
 * Metadata for a given LLM content. llmTokens is the core's estimate (as rawTokens is), or with
 * `exact` an o200k count made on first access only: the tokenizer costs far more to load than a
 * whole call of the core, and most callers never read the number.
 */
export function metadataFor(base: MetadataBase, llmContent: string, estimate: number, exact = false): ResultMetadata {
  // Object.assign, not a spread: properties defined on a spread's copy chain hidden classes (lazy-props.ts).
  // The estimate is known already: plain fields cost a call far less than getters defined on each object.
  if (!exact) return withEstimate(Object.assign({}, base), llmContent, estimate);
  const meta = Object.assign({}, base, { llmChars: llmContent.length }) as ResultMetadata;
  return defineLazy(meta, {
    llmTokens: () => countExactTokens(llmContent),
    savedTokens: () => Math.max(0, meta.rawTokens - meta.llmTokens),
  });
}

/** The estimate's fields added to `base` itself, which becomes the metadata (no copy: a caller passes one it made). */
function withEstimate(base: MetadataBase, llmContent: string, estimate: number): ResultMetadata {
  const meta = base as ResultMetadata;
  meta.llmChars = llmContent.length;
  meta.llmTokens = estimate;
  meta.savedTokens = Math.max(0, meta.rawTokens - estimate);
  return meta;
}

/** The data fields of a metadata object, without the ones metadataFor counts. */
export function metadataBase(meta: ResultMetadata): MetadataBase {
  const { llmChars: _chars, llmTokens: _tokens, savedTokens: _saved, ...rest } = Object.fromEntries(
    Object.entries(Object.getOwnPropertyDescriptors(meta)).flatMap(([k, d]) => ("value" in d ? [[k, d.value]] : [])),
  ) as ResultMetadata;
  return rest;
}

function buildResult(text: OutputText, core: CoreCompactResult | CoreCompactUtf8Result, exactTokens: boolean, fallback?: string, input?: CoreInput): ToolResultOutput {
  // Binary is never passed on, not even to the UI: both channels get the description.
  const ui: string | undefined = core.paging === "none" ? core.llm : core.cleanChanged || typeof text !== "string" ? undefined : text;
  // The core saw only the description of binary bytes: their size and cost are the host's to say.
  const binaryBytes = input !== undefined && input.binary;
  // One object, its fields in the order the log writes them: a base copied by metadataFor (and the
  // empty objects spread for absent fields) would be three more objects per call.
  const base: MetadataBase = {
    rawChars: binaryBytes ? input.bytes : typeof text === "string" ? text.length : (core as CoreCompactUtf8Result).rawChars,
    cleanChars: core.cleanChars,
    rawTokens: binaryBytes ? input.rawTokens : core.rawTokens,
    omittedChars: core.omittedChars,
    keptLines: core.keptLines,
    totalLines: core.totalLines,
    budget: core.budget,
    paging: core.paging,
    facts: core.facts,
  };
  if (input?.encoding) base.encoding = input.encoding;
  if (fallback) base.fallback = fallback;
  const metadata = exactTokens ? metadataFor(base, core.llm, core.llmTokens, true) : withEstimate(base, core.llm, core.llmTokens);
  // When cleaning changed the text, uiContent cleans it again on first access, and bytes the core
  // decoded are decoded for it then: most callers only need llmContent.
  if (ui !== undefined) return { category: core.category, llmContent: core.llm, summary: core.summary, truncated: core.truncated, metadata, uiContent: ui };
  return defineLazy({ category: core.category, llmContent: core.llm, summary: core.summary, truncated: core.truncated, metadata } as ToolResultOutput, {
    uiContent: () => (core.cleanChanged ? clean(textOf(text), collapsesRepeats(core.paging)) : textOf(text)),
  });
}

/** Plain TypeScript result when the core trapped; flagged in metadata.fallback. */
function fallbackResult(text: string, budget: number, exactTokens: boolean, reason: string): ToolResultOutput {
  const cut = fallbackTruncate(text, budget, 0.6);
  const lines = text === "" ? 0 : text.split("\n").length;
  const core: CoreCompactResult = {
    category: "CommandOutput",
    llm: cut.text,
    summary: "Completed",
    truncated: cut.omittedChars > 0,
    cleanChars: text.length,
    totalLines: lines,
    omittedChars: cut.omittedChars,
    keptLines: [],
    facts: {},
    cleanChanged: false,
    rawTokens: Math.ceil(text.length / 4),
    llmTokens: Math.ceil(cut.text.length / 4),
    // The text as it came: read() pages it cleaned, which is what the marker counted.
    paging: "cleaned",
    budget,
    details: null,
  };
  return buildResult(text, core, exactTokens, reason);
}

/** A compact result and, when asked for, what a summarizer needs of the same output. */
export interface CompactedWithDetails {
  result: ToolResultOutput;
  /** Null unless asked for, for binary output, or when the core trapped. */
  details: CompactDetails | null;
}

/** compact(), plus (with `details`) the cleaned text, error lines and file sections, in the same crossing. */
export function compactWithDetails(input: ToolResultInput, options: CompactOptions, context: InternalContext): CompactedWithDetails {
  validateInput(input);
  if (context.budgets === undefined) validateBudgetOptions(options);
  const limit = bufferBytesOption(options.streamBufferBytes);
  const output = input.output;
  if (context.whole !== true && typeof output === "string" && lengthUndecided(output.length, limit)) {
    // Its UTF-8 bytes are counted in the core, on the copy the digest then reads, rather than
    // by reading megabytes of it in JS first. A bounded output leaves the scope.
    const whole = withResidentText(output, () => (goesBounded(output, limit) ? undefined : compactWhole(input, options, context)));
    return whole ?? compactBounded(input, options, context);
  }
  if (context.whole !== true && goesBounded(output, limit)) return compactBounded(input, options, context);
  return compactWhole(input, options, context);
}

/** compactWithDetails() of an output digested whole. */
function compactWhole(input: ToolResultInput, options: CompactOptions, context: InternalContext): CompactedWithDetails {
  const decoded = coreInput(input.output, context.known);
  const { utf8, binary } = decoded;
  // Bytes the core decodes are decoded here only if the text is asked for (uiContent, a fallback).
  const text: OutputText = utf8 === undefined ? decoded.text : once(() => decodeBytes(utf8, ""));
  const budgets = context.budgets ?? budgetsFor(options);
  try {
    const request = {
      tool: input.tool,
      argsJson: argsJson(input.args),
      text: decoded.text,
      exitCode: input.exitCode ?? -1,
      budgets,
      passthrough: options.passthrough ?? DEFAULT_PASSTHROUGH,
      hint: context.hint ?? "",
      category: binary ? "Binary" : (context.category ?? ""),
      details: context.details === true,
      encoding: decoded.encoding,
      encodedBytes: decoded.bytes,
    } as const;
    const core = utf8 !== undefined ? coreCompactUtf8(request, utf8) : coreCompact(request);
    return { result: buildResult(text, core, options.exactTokens === true, undefined, decoded), details: core.details };
  } catch (err) {
    if (!isAbridgeError(err, "ABRIDGE_CORE_TRAP")) throw err;
    return { result: fallbackResult(textOf(text), budgets[3]!, options.exactTokens === true, err.message), details: null };
  }
}

/** An output's text, or how to decode it when it is first asked for (bytes the core decoded). */
type OutputText = string | (() => string);

function textOf(text: OutputText): string {
  return typeof text === "string" ? text : text();
}

/** `make` run on the first call only. */
function once<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}

function bufferBytesOption(value: number | undefined): number {
  return value === undefined ? STREAM_DEFAULTS.bufferBytes : checkBufferBytes(value);
}

/**
 * compact() of an output past streamBufferBytes: fed to bounded mode in slices (no copy of the
 * whole), the core digests the head, tail and important lines kept, and the digest is mapped back
 * to the whole output's lines and counts: the result a stream of the same output gives without a log.
 */
function compactBounded(input: ToolResultInput, options: CompactOptions, context: InternalContext): CompactedWithDetails {
  const bounded = new BoundedOutput(STREAM_DEFAULTS, slicesOf(input.output).next().value!);
  let bytes = 0;
  for (const slice of slicesOf(input.output)) {
    bounded.push(slice);
    bytes += typeof slice === "string" ? Buffer.byteLength(slice, "utf8") : slice.length;
  }
  const { text, digest } = bounded.finish(bytes, context.hint ?? "");
  const inner = compactWithDetails({ ...input, output: text }, options, { ...context, whole: true, known: digest.known });
  return { result: digest.adjust(inner.result), details: inner.details };
}

/**
 * Compacts one tool result synchronously, without log or summarizer:
 * clean → classify → digest within the budget. A core trap yields a plain
 * truncation flagged in `metadata.fallback`; the next call gets a fresh core.
 */
export function compact(input: ToolResultInput, options: CompactOptions = {}, context: CompactContext = {}): ToolResultOutput {
  return compactWithDetails(input, options, context).result;
}
