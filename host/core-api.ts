// Typed wrappers over the core's exports. One function per export; the
// wire format (JSON records, numeric codes) stays in this file, and every
// record is checked once, here (core-records.ts).

export interface CoreCompactRequest {
  tool: string;
  /** Arguments as JSON text ("{}" when none). */
  argsJson: string;
  text: string;
  /** -1 when unknown. */
  exitCode: number;
  /** UTF-16 units the LLM content may take, one per category in CATEGORIES order. */
  budgets: readonly number[];
  /** Outputs whose cleaned text is at most this long (and within budget) pass through. */
  passthrough: number;
  /** Appended to omission markers, e.g. how to read the rest from the log. */
  hint: string;
  /** Category forced by the caller, or "" to classify. */
  category: Category | "";
  /** Also return what a summarizer needs (CompactDetails), in the same crossing. */
  details?: boolean;
  /** The encoding `text` was decoded from when it was not UTF-8 (see decodeOutput), else "". */
  encoding?: string;
  /** Bytes of the output in that encoding. */
  encodedBytes?: number;
}

/** What a summarizer needs of an output besides its digest. */
export interface CompactDetails {
  /** The cleaned text (as the UI channel shows it). */
  text: string;
  /** Its error lines, verbatim, in order (at most 20). */
  errorLines: string[];
  /** For a file: before / relevant (as hashlines) / after, and its outline. */
  sections: Sections | null;
  outline: OutlineSymbol[] | null;
}

export type { Paging } from "./types.js";
import type { Paging } from "./types.js";

/** The core's ids of the pagings (assembly/compact.ts). */
export const PAGING_IDS: Readonly<Record<Paging, number>> = { cleaned: 0, collapsed: 1, none: 2, "html-text": 3, "html-text-collapsed": 4 };

/** Whether a paging collapses runs of repeated lines: the cleaning the UI channel shows. */
export function collapsesRepeats(paging: Paging): boolean {
  return paging === "collapsed" || paging === "html-text-collapsed";
}

export interface CoreCompactResult {
  category: Category;
  llm: string;
  summary: string;
  truncated: boolean;
  /** UTF-16 units of the cleaned text. */
  cleanChars: number;
  totalLines: number;
  omittedChars: number;
  keptLines: KeptLineRange[];
  facts: Record<string, unknown>;
  /** False when cleaning left the text as it was: the UI channel is the input itself. */
  cleanChanged: boolean;
  /** Estimated o200k tokens of the raw text. */
  rawTokens: number;
  /** Estimated o200k tokens of `llm`. */
  llmTokens: number;
  paging: Paging;
  /** The budget that applied (that of `category`). */
  budget: number;
  /** Present when the request asked for details (binary output has none). */
  details: CompactDetails | null;
}

/** What coreCompactUtf8() adds: the length in units of the text the core decoded. */
export interface CoreCompactUtf8Result extends CoreCompactResult {
  rawChars: number;
}

const COMPACT_SHAPE: Shape = {
  category: "string",
  llm: "string",
  summary: "string",
  truncated: "boolean",
  cleanChars: "number",
  totalLines: "number",
  omittedChars: "number",
  keptLines: "array",
  facts: "object",
  cleanChanged: "boolean",
  rawTokens: "number",
  llmTokens: "number",
  paging: "string",
  budget: "number",
  details: "object|null",
};

/** One tool result through the core: clean, classify, digest, summary line. One crossing. */
export function coreCompact(r: CoreCompactRequest): CoreCompactResult {
  const encoding = r.encoding ?? "";
  const args = [r.tool, r.argsJson, r.text, r.exitCode, r.budgets, r.passthrough, r.hint, categoryId(r.category), r.details === true, encoding, encoding === "" ? 0 : (r.encodedBytes ?? 0)] as const;
  let result: CoreCompactResult;
  if (coreHasExport("compactFields")) {
    result = compactResultOf(callCore("compactFields", ...args));
  } else if (coreHasExport("compactRecord")) {
    // The llm crosses as a string of its own (or is the input itself), not escaped into the JSON.
    const record = callCore("compactRecord", ...args);
    result = readRecord<CoreCompactResult>("compact", record.json, COMPACT_SHAPE);
    result.llm = record.llm;
  } else {
    result = readRecord<CoreCompactResult>("compact", callCore("compact", ...args), COMPACT_SHAPE);
  }
  if (!isCategory(result.category) || !(result.paging in PAGING_IDS)) {
    throw new AbridgeError("ABRIDGE_CORE_TRAP", `the core's compact wrote category ${JSON.stringify(result.category)}, paging ${JSON.stringify(result.paging)}`);
  }
  if (result.details) checkDetails(result.details);
  return result;
}

/**
 * coreCompact() of an output given as valid UTF-8 bytes, which the core decodes itself (no JS
 * string of the output is made); `text` is not read. For a core with compactFieldsUtf8 only:
 * decodeOutput() leaves bytes undecoded for no other (a module from useCoreWasm may lack it).
 */
export function coreCompactUtf8(r: CoreCompactRequest, utf8: Uint8Array): CoreCompactUtf8Result {
  const fields = callCore("compactFieldsUtf8", r.tool, r.argsJson, utf8, r.exitCode, r.budgets, r.passthrough, r.hint, categoryId(r.category), r.details === true, "", 0);
  const result = compactResultOf(fields) as CoreCompactUtf8Result;
  if (result.details) checkDetails(result.details);
  result.rawChars = fields.rawChars;
  return result;
}

/** The pagings by the core's id. */
const PAGINGS: Paging[] = [];
for (const [name, id] of Object.entries(PAGING_IDS)) PAGINGS[id] = name as Paging;

/** compactFields' result as compactRecord's JSON reads: its ids named, its JSON bodies parsed. */
function compactResultOf(f: CoreFields): CoreCompactResult {
  const category = CATEGORIES[f.category];
  const paging = PAGINGS[f.paging];
  if (category === undefined || paging === undefined) {
    throw new AbridgeError("ABRIDGE_CORE_TRAP", `the core's compact wrote category ${f.category}, paging ${f.paging}`);
  }
  return {
    category,
    llm: f.llm,
    summary: f.summary,
    truncated: f.truncated,
    cleanChars: f.cleanChars,
    totalLines: f.totalLines,
    omittedChars: f.omittedChars,
    keptLines: f.keptLines,
    facts: readRecord<Record<string, unknown>>("compact", `{${f.facts}}`, {}),
    cleanChanged: f.cleanChanged,
    rawTokens: f.rawTokens,
    llmTokens: f.llmTokens,
    paging,
    budget: f.budget,
    details: f.details === "" ? null : readRecord<CompactDetails>("compact", f.details, {}),
  };
}

function checkDetails(d: CompactDetails): void {
  checkRecord("compact", d, { text: "string", errorLines: "array", sections: "object|null", outline: "array|null" }, "details");
}

/** The text `read()` pages for a logged output whose compact result named `paging`. */
export function pagedText(text: string, paging: Paging): string {
  return callCore("pagedText", text, PAGING_IDS[paging]);
}
import { callCore, coreHasExport } from "./core.js";
import { AbridgeError } from "./errors.js";
import { decodedUtf8 } from "./log/utf8-once.js";
import { isUtf8 } from "node:buffer";
import { CATEGORIES, categoryId, isCategory, type Category } from "./categories.js";
import type { CoreFields } from "./core-exports.js";
import { checkRecord, DIGEST_SHAPE, readRecord, readRecords, type Shape } from "./core-records.js";
import type { LineRange as KeptLineRange } from "./types.js";

/** Whitespace collapsed, at most `max` UTF-16 units, cut with "…" at a code-point boundary. */
export function oneLine(text: string, max = 160): string {
  return callCore("oneLine", text, max);
}

/** Head and tail at line boundaries with a `[...N chars omitted...] lines A–B of T` marker; never longer than `budget`. */
export function truncate(text: string, budget: number, headRatio: number, hint = ""): string {
  return callCore("truncateWithHint", text, budget, headRatio, hint);
}

/** Where truncate cuts, in UTF-16 offsets: the host can slice the original string itself. */
export interface TruncatePlan {
  fits: boolean;
  headEnd: number;
  tailStart: number;
  omittedChars: number;
  firstOmittedLine: number;
  lastOmittedLine: number;
  totalLines: number;
  partial: boolean;
  /** The marker line, without newlines ("" when the budget is too small for any marker). */
  marker: string;
}

const TRUNCATE_PLAN_SHAPE: Shape = {
  fits: "boolean",
  headEnd: "number",
  tailStart: "number",
  omittedChars: "number",
  firstOmittedLine: "number",
  lastOmittedLine: "number",
  totalLines: "number",
  partial: "boolean",
  marker: "string",
};

export function truncatePlan(text: string, budget: number, headRatio: number, hint = ""): TruncatePlan {
  return readRecord<TruncatePlan>("truncatePlan", callCore("truncatePlan", text, budget, headRatio, hint), TRUNCATE_PLAN_SHAPE);
}

/** The text a TruncatePlan describes, built from slices of the original. */
export function applyTruncatePlan(text: string, plan: TruncatePlan): string {
  if (plan.fits) return text;
  if (plan.marker === "") return "";
  const head = text.slice(0, plan.headEnd);
  const sep = plan.headEnd > 0 && !head.endsWith("\n") ? "\n" : "";
  const tail = plan.tailStart < text.length ? `\n${text.slice(plan.tailStart)}` : "";
  return `${head}${sep}${plan.marker}${tail}`;
}

/** Head, the lines that carry the outcome (errors, traces, failed tests, summaries), and tail, within `budget`. */
export function keepImportant(text: string, budget: number, headRatio: number, hint = ""): string {
  return callCore("keepImportant", text, budget, headRatio, hint);
}

/** A kept range: UTF-16 offsets [start, end) and its 1-based inclusive lines. */
export type KeptRange = [start: number, end: number, firstLine: number, lastLine: number];

export interface KeepPlan {
  kept: KeptRange[];
  omittedChars: number;
  totalLines: number;
}

export function keepImportantPlan(text: string, budget: number, headRatio: number, hint = ""): KeepPlan {
  return readRecord<KeepPlan>("keepImportantPlan", callCore("keepImportantPlan", text, budget, headRatio, hint), { kept: "array", omittedChars: "number", totalLines: "number" });
}

export type ImportantKind = "error" | "failure" | "trace" | "summary" | "exit" | "warning";

/** A block of lines around flagged lines, 1-based and inclusive; rank 3 error, 2 summary/exit, 1 warning. */
export interface ImportantBlock {
  first: number;
  last: number;
  rank: 1 | 2 | 3;
  kind: ImportantKind;
  /** The flagged lines themselves. */
  flagged: number[];
}

export function importantLines(text: string): ImportantBlock[] {
  return readRecords<ImportantBlock>("importantLines", callCore("importantLines", text), { first: "number", last: "number", rank: "number", kind: "string", flagged: "array" });
}

// Hashlines, sections, view, parameters, token estimate.

/** Defaults of the line, parameter and view wrappers below. */
export const LINE_DEFAULTS = Object.freeze({
  /** First line number of `hashlines`. */
  firstLine: 1,
  /** Lines per `view` window (the core's DEFAULT_VIEW_LIMIT). */
  viewLimit: 100,
  /** Longest parameter value `abridgeParam(s)` leaves alone, in UTF-16 units. */
  paramMax: 100,
});

/** Low byte of FNV-1a 32 over the line's UTF-8 bytes (a trailing "\r" is not hashed). */
export function lineHash(line: string): number {
  return callCore("lineHash", line);
}

/** Every line as `{line}:{hh}|{content}`, numbered from `firstLine`, joined by "\n". */
export function hashlines(text: string, firstLine: number = LINE_DEFAULTS.firstLine): string {
  return callCore("hashlines", text, firstLine);
}

export interface AnchorCheck {
  /** `line:hh` as given (lowercased), or the raw token when it is malformed. */
  anchor: string;
  ok: boolean;
  /** The anchor the line has now; null when the line no longer exists. Absent when ok. */
  current?: string | null;
  error?: "malformed";
}

export interface AnchorReport {
  /** Every anchor holds (false when there are none). */
  ok: boolean;
  totalLines: number;
  anchors: AnchorCheck[];
}

/** Checks `line:hh` anchors (a list, a comma/newline-separated string, or whole hashlines) against `text`. */
export function verifyAnchors(anchors: string | readonly string[], text: string): AnchorReport {
  const list = typeof anchors === "string" ? anchors : anchors.join("\n");
  return readRecord<AnchorReport>("verifyAnchors", callCore("verifyAnchors", list, text), { ok: "boolean", totalLines: "number", anchors: "array" });
}

export interface LineRange {
  first: number;
  last: number;
}

export interface Sections {
  totalLines: number;
  before: LineRange | null;
  relevant: (LineRange & { hashlines: string }) | null;
  after: LineRange | null;
}

/**
 * Before / relevant / after. Without start and end the relevant range is the middle third;
 * with only `start` it runs to the end, with only `end` it starts at line 1.
 */
export function sections(text: string, range: { start?: number; end?: number } = {}): Sections {
  return readRecord<Sections>("sections", callCore("sections", text, range.start ?? 0, range.end ?? 0), { totalLines: "number", before: "object|null", relevant: "object|null", after: "object|null" });
}

export interface ViewOptions {
  /** 1-based first line. @default 1 */
  offset?: number;
  /** Lines to show. @default 100 */
  limit?: number;
  /** `{n}:{hh}|{line}` instead of `{n}: {line}`. @default false */
  hashlines?: boolean;
}

/** A window of numbered lines and a footer `(showing lines X-Y of Z total; next: offset=N)`. */
export function view(text: string, { offset = 1, limit = LINE_DEFAULTS.viewLimit, hashlines = false }: ViewOptions = {}): string {
  return callCore("view", text, offset, limit, hashlines);
}

/** A value over `max` units: `[N lines]` when it has more than 3 lines, else its first `max` units + "...". */
export function abridgeParam(value: string, max: number = LINE_DEFAULTS.paramMax): string {
  return callCore("abridgeParam", value, max);
}

/**
 * abridgeParam applied to every string value of a tool's arguments, nested ones included.
 * An object comes back as an object, JSON text as JSON text (unchanged if it is not valid JSON).
 */
export function abridgeParams<T extends object | string>(args: T, max: number = LINE_DEFAULTS.paramMax): T {
  if (typeof args === "string") return callCore("abridgeArgs", args, max) as T;
  return JSON.parse(callCore("abridgeArgs", JSON.stringify(args), max)) as T;
}

/** One line for a UI: `search_replace (path: "docs/file.md", search: "[156 lines]")`. */
export function formatToolCall(tool: string, args: object | string | undefined, max: number = LINE_DEFAULTS.paramMax): string {
  let parsed: unknown = args;
  if (typeof args === "string") {
    try {
      parsed = JSON.parse(callCore("abridgeArgs", args, max));
    } catch {
      return `${tool} (${abridgeParam(args, max)})`;
    }
  } else if (args !== undefined) {
    parsed = abridgeParams(args, max);
  }
  if (parsed === undefined || parsed === null) return tool;
  if (typeof parsed !== "object" || Array.isArray(parsed)) return `${tool} (${JSON.stringify(parsed)})`;
  const parts = Object.entries(parsed).map(([key, value]) => `${key}: ${JSON.stringify(value)}`);
  return parts.length === 0 ? tool : `${tool} (${parts.join(", ")})`;
}

/** Estimated o200k_base tokens (mean error ≈ 3.5 % on real text; see docs/tokens.md). */
export function estimateTokens(text: string): number {
  return callCore("estimateTokens", text);
}

/**
 * What a terminal would finally show: ANSI sequences stripped, `\r` and backspace applied,
 * CRLF → LF, control characters dropped (a NUL separates lines), lone surrogates → U+FFFD,
 * runs of identical lines → the line + ` (repeated N times)`. Binary text becomes its
 * one-line description. A text that needs nothing comes back unchanged.
 * `collapseRepeats: false` keeps every line (file contents keep their line numbers).
 */
export function clean(text: string, collapseRepeats = true): string {
  return callCore("cleanWith", text, collapseRepeats);
}

/** Units (string) or bytes examined to tell binary from text; mirrors the core's SAMPLE. */
const BINARY_SAMPLE = 8192;
/** Bytes examined to tell which encoding a text is in; mirrors the core's ENCODING_SAMPLE. */
const ENCODING_SAMPLE = 65536;

/**
 * The bytes a string was decoded from, as the core counts them (binary.ts `stringBytes`): its
 * length when no unit is above 0xff (one unit per byte), else its UTF-8 length with each U+FFFD
 * counted as the one invalid byte a lenient decoder replaced.
 */
function stringBytes(s: string): number {
  if (!/[^\u0000-\u00ff]/.test(s)) return s.length;
  let replaced = 0;
  for (let i = s.indexOf("\uFFFD"); i >= 0; i = s.indexOf("\uFFFD", i + 1)) replaced++;
  return Buffer.byteLength(s, "utf8") - 2 * replaced;
}

/**
 * "" for text, else one line such as `[binary output: 30,000 bytes, ELF executable, x86-64]`.
 * Only the first 64 KB cross into the core. The byte count is the input's; for a string, the bytes
 * it was decoded from (one per unit, or a lenient UTF-8 decode's). Bytes that are text in another
 * encoding (UTF-16, Shift_JIS, Latin-1 …) are text.
 */
export function describeBinary(input: string | Uint8Array): string {
  if (typeof input === "string") {
    if (input.length <= BINARY_SAMPLE) return callCore("describeBinary", input);
    const sample = input.slice(0, BINARY_SAMPLE);
    // The total is only needed for binary input: ask with a placeholder first.
    if (callCore("describeBinaryTextSample", sample, 0) === "") return "";
    return callCore("describeBinaryTextSample", sample, stringBytes(input));
  }
  return callCore("describeBinaryBytesSample", input.subarray(0, ENCODING_SAMPLE), input.length);
}

/**
 * describeBinary() of an output known by its start: `start` is its first bytes or units (only
 * the sample describeBinary examines is used), `totalBytes` its whole size in bytes (for a
 * string, as StringBytes counts it; 0 when not known yet: the answer is then "" or not, with a
 * placeholder size). A bounded output (stream/bounded-output.ts) is decided this way.
 */
export function describeBinaryStart(start: string | Uint8Array, totalBytes: number): string {
  if (typeof start === "string") return callCore("describeBinaryTextSample", start.length <= BINARY_SAMPLE ? start : start.slice(0, BINARY_SAMPLE), totalBytes);
  return callCore("describeBinaryBytesSample", start.subarray(0, ENCODING_SAMPLE), totalBytes);
}

/** stringBytes() of a string given in pieces: `add` each piece, then read `total`. */
export class StringBytes {
  private units = 0;
  private utf8 = 0;
  private wide = false;

  add(piece: string): void {
    this.units += piece.length;
    let replaced = 0;
    for (let i = piece.indexOf("\uFFFD"); i >= 0; i = piece.indexOf("\uFFFD", i + 1)) replaced++;
    this.utf8 += Buffer.byteLength(piece, "utf8") - 2 * replaced;
    if (!this.wide && /[^\u0000-\u00ff]/.test(piece)) this.wide = true;
  }

  get total(): number {
    return this.wide ? this.utf8 : this.units;
  }
}

/**
 * The WHATWG label of the encoding text bytes are most likely in when they are not UTF-8:
 * "utf-16le", "utf-16be", "shift_jis", "euc-jp", "gbk" or "windows-1252"; "" for UTF-8 (and
 * ASCII). Decided by the core from the first 64 KB (assembly/encoding.ts).
 */
export function textEncoding(bytes: Uint8Array): string {
  return callCore("textEncodingBytes", bytes.subarray(0, ENCODING_SAMPLE));
}

/** An output as the core sees it. */
export interface DecodedOutput {
  /** The text (for binary input, its one-line description). */
  text: string;
  /** The description of binary input, else "". */
  binary: string;
  /** The encoding bytes were decoded from when it was not UTF-8 (see textEncoding), else "". */
  encoding: string;
  /** Bytes of the output as given; -1 for a string. */
  bytes: number;
  /**
   * Valid UTF-8 text bytes left undecoded for the core to decode (coreCompactUtf8), when the
   * caller asked for that: `text` is "" then.
   */
  utf8?: Uint8Array;
}

const lenientUtf8 = new TextDecoder("utf-8", { fatal: false });

/**
 * Output as text. Bytes are checked for binary content first (on the raw bytes, before any
 * decoding), then decoded in the encoding they are in: UTF-8 leniently (invalid UTF-8 becomes
 * U+FFFD, never an exception), or UTF-16, Shift_JIS, Latin-1 … as `encoding` names. Binary
 * input is not decoded: `text` is its description.
 */
export function decodeOutput(input: string | Uint8Array, coreDecodes = false): DecodedOutput {
  const binary = describeBinary(input);
  if (typeof input === "string") return { text: binary !== "" ? binary : input, binary, encoding: "", bytes: -1 };
  if (binary !== "") return { text: binary, binary, encoding: "", bytes: input.length };
  const encoding = textEncoding(input);
  // With `coreDecodes`, valid UTF-8 no one has decoded yet stays bytes (a decode made already,
  // for the log's redaction, is the text itself).
  if (coreDecodes && encoding === "" && decodedUtf8(input) === undefined && isUtf8(input)) return { text: "", binary, encoding, bytes: input.length, utf8: input };
  return { text: decodeBytes(input, encoding), binary, encoding, bytes: input.length };
}

/** Bytes in a WHATWG encoding ("" for UTF-8), decoded leniently. */
export function decodeBytes(bytes: Uint8Array, encoding: string): string {
  if (encoding === "") return decodedUtf8(bytes) ?? lenientUtf8.decode(bytes);
  return new TextDecoder(encoding, { fatal: false }).decode(bytes);
}

/**
 * What a binary output would have cost the model without abridge: the lenient decode a harness
 * passes on, estimated from its start (bytes, or the units of a binary string) and scaled to its
 * whole size (`total`, in the same measure).
 */
export function binaryRawTokens(start: string | Uint8Array, total: number): number {
  if (start.length === 0) return 0;
  const text = typeof start === "string" ? start : decodeBytes(start, "");
  return Math.round((estimateTokens(text) * total) / start.length);
}

/** decodeOutput without the encoding: `{ text, binary }`. */
export function outputToText(input: string | Uint8Array): { text: string; binary: string } {
  const { text, binary } = decodeOutput(input);
  return { text, binary };
}

/** One symbol of a file's outline (lines are 1-based, inclusive). */
export interface OutlineSymbol {
  kind: string;
  name: string;
  first: number;
  last: number;
  /** Methods and nested types counted inside a class-like symbol. */
  members?: number;
  /** 1 for a member of a class-like symbol (then `parent` names it). */
  depth?: number;
  parent?: string;
  /** Only on the `imports` entry: how many imports. */
  count?: number;
  /** A config key's value when it is short and on the key's line (`kind: Service`). */
  detail?: string;
}

/**
 * The outline of a source file, computed by the core's scanners: top-level symbols and the
 * methods of classes with their line ranges, plus an `imports` entry. `language` is what
 * `languageOf` returns ("typescript", "javascript", "python", "go", "rust", "java", "c", "cpp";
 * for config files "yaml" (keys, items, documents), "toml" and "ini" (sections and their keys),
 * "xml" (the root and the elements in it)).
 */
export function outline(text: string, language: string): OutlineSymbol[] {
  return readRecords<OutlineSymbol>("outline", callCore("outline", text, language), { kind: "string", name: "string", first: "number", last: "number" });
}

/**
 * The language of a file from its path's extension, else from its first lines; "" when unknown.
 * Config and data files are "yaml", "toml", "ini", "xml", "csv" or "tsv" (a table is also
 * recognised by its content: the same number of delimiters on nearly every line).
 */
export function languageOf(path: string, text: string): string {
  return callCore("languageOf", path, text);
}

// Rule-based digests of search results, listings, diffs and edits/writes.

/** Which digest `digest` runs, and the core export behind it. */
export const DIGEST_EXPORTS = Object.freeze({
  search: "digestSearchJson",
  listing: "digestListingJson",
  diff: "digestDiffJson",
  edit: "digestEditJson",
});

export type DigestKind = keyof typeof DIGEST_EXPORTS;

/** What the digest knows about the call: the tool's name, its arguments, its exit code (-1 unknown). */
export interface DigestCall {
  tool?: string;
  args?: unknown;
  exitCode?: number;
}

export interface DigestResult {
  /** What the model sees; never longer than the budget. */
  llm: string;
  /** One line for a UI (<= 160 units). */
  summary: string;
  /** Counts and top items of the category (matches, files, insertions, …). */
  facts: Record<string, unknown>;
  /** Line ranges of the input shown verbatim, 1-based and inclusive. */
  keptLines: Array<[number, number]>;
  /** Code points of the input the model does not see. */
  omittedChars: number;
  truncated: boolean;
}

/** Runs one category digest on `text` within `budget` UTF-16 units. */
export function digest(kind: DigestKind, text: string, budget: number, call: DigestCall = {}): DigestResult {
  const args = call.args === undefined ? "{}" : typeof call.args === "string" ? call.args : JSON.stringify(call.args);
  const name = DIGEST_EXPORTS[kind];
  return readRecord<DigestResult>(name, callCore(name, text, budget, call.tool ?? "", args, call.exitCode ?? -1), DIGEST_SHAPE);
}

// Classification.

/**
 * What kind of output a tool result is, from the tool's name, its arguments
 * (an object or JSON text; a shell tool's `command`/`cmd` is read) and the
 * (cleaned) text. Rules: assembly/classify.ts.
 */
export function classify(tool: string, args: Record<string, unknown> | string | undefined, text: string): Category {
  let json = "{}";
  if (typeof args === "string") json = args;
  else if (args !== undefined && args !== null) {
    try {
      json = JSON.stringify(args) ?? "{}";
    } catch {
      json = "{}"; // cycles or BigInt: judged by the tool's name and the text
    }
  }
  // The core reads at most the first 8 KB (SNIFF_UNITS, binary SAMPLE); a longer prefix
  // still tells it the text goes on, so a 100 MB output need not cross the boundary.
  const sample = text.length > CLASSIFY_SAMPLE ? text.slice(0, CLASSIFY_SAMPLE) : text;
  return callCore("classifyName", tool, json, sample) as Category;
}

/** Units of the text classify passes to the core: twice what the core reads. */
const CLASSIFY_SAMPLE = 16384;

/** Facts of the FileContent digest. */
export interface FileDigestFacts {
  path: string;
  lines: number;
  bytes: number;
  language: string;
  symbols: number;
  imports: number;
  firstLine: number;
}

function argsText(call: DigestCall): string {
  return call.args === undefined ? "{}" : typeof call.args === "string" ? call.args : JSON.stringify(call.args);
}

/**
 * FileContent digest: `Read PATH (N lines, K KB, language)`, the outline, the first chunk with
 * line numbers and the next offset; the whole file when it fits; sections (hashlines) when the
 * call named a range (`offset`/`limit`, `sed -n a,bp`, `head -n N`).
 */
export function digestFile(text: string, budget: number, call: DigestCall = {}): DigestResult & { facts: FileDigestFacts } {
  return readRecord("digestFileJson", callCore("digestFileJson", text, budget, call.tool ?? "", argsText(call), call.exitCode ?? -1), DIGEST_SHAPE);
}

/** Sections mode on demand: lines `start`..`end` (1-based; both <= 0: the middle third) as hashlines, the rest by outline. */
export function digestFileSections(text: string, budget: number, start: number, end: number, call: DigestCall = {}): DigestResult & { facts: FileDigestFacts } {
  return readRecord("digestFileSectionsJson", callCore("digestFileSectionsJson", text, budget, start, end, call.tool ?? "", argsText(call), call.exitCode ?? -1), DIGEST_SHAPE);
}

// StructuredData, WebContent and CommandOutput digests. `hint` is appended to every omission marker.

/** Facts of the StructuredData digest (`type` tells which of the other fields are present). */
export interface StructuredDigestFacts {
  type: "object" | "array" | "scalar" | "ndjson" | "text";
  keys?: number;
  items?: number;
  records?: number;
  objects?: number;
  otherLines?: number;
  name?: string;
  version?: string;
  linesBefore?: number;
  linesAfter?: number;
  /** 0 = the JSON verbatim, higher = shortened more. */
  level?: number;
  parsed?: false;
  lines?: number;
}

/** JSON stays valid JSON (every top-level key, `"…+N items"`, `"…(+N chars)"`), NDJSON by records; other text head/tail. */
export function digestStructured(text: string, budget: number, call: DigestCall = {}, hint = ""): DigestResult & { facts: StructuredDigestFacts } {
  return readRecord("digestStructuredJson", callCore("digestStructuredJson", text, budget, call.tool ?? "", argsText(call), call.exitCode ?? -1, hint), DIGEST_SHAPE);
}

export interface WebDigestFacts {
  format: "html" | "markdown";
  title: string;
  headings: number;
  links: number;
  /** Length of the readable text (the Markdown itself, or the text converted from HTML). */
  textChars: number;
}

/** HTML as readable text, Markdown with its heading outline first when cut. */
export function digestWeb(text: string, budget: number, call: DigestCall = {}, hint = ""): DigestResult & { facts: WebDigestFacts } {
  return readRecord("digestWebJson", callCore("digestWebJson", text, budget, call.tool ?? "", argsText(call), call.exitCode ?? -1, hint), DIGEST_SHAPE);
}

export interface CommandDigestFacts {
  exitCode: number;
  lines: number;
  errors: number;
  warnings: number;
  runner?: "jest" | "vitest" | "pytest" | "unittest" | "go test" | "cargo test" | "mocha" | "phpunit";
  tests?: { passed?: number; failed?: number; skipped?: number; errors?: number };
}

/** Status line, the important lines (errors, traces, failures, test summaries) with head and tail. */
export function digestCommand(text: string, budget: number, call: DigestCall = {}, hint = ""): DigestResult & { facts: CommandDigestFacts } {
  return readRecord("digestCommandJson", callCore("digestCommandJson", text, budget, call.tool ?? "", argsText(call), call.exitCode ?? -1, hint), DIGEST_SHAPE);
}
