// Retrieval: page and grep the full output of a logged call, so a model can
// read what was omitted instead of re-running the command.
import { AbridgeError, isAbridgeError } from "../errors.js";
import { hashlines as coreHashlines } from "../core-api.js";
import { CallIndex } from "./call-index.js";
import { pagedOutput, pagingOf } from "./paging.js";
import { MAX_JOINED_BYTES, decodeLoggedOutput, joinLoggedOutputs, type CallRecord, type LoggedOutput } from "./schema.js";
import type { LogWriter } from "./writer.js";

export const RETRIEVAL_DEFAULTS = Object.freeze({
  offset: 1,
  limit: 100,
  hashlines: false,
  /** Longer lines are cut (at a code-point boundary) with `… [+N chars]`. */
  maxLineChars: 2000,
  context: 0,
  maxMatches: 50,
  /** Decoded outputs kept in memory for repeated reads. */
  cacheCalls: 4,
});

export interface RetrievalOptions {
  /** The live log file (rotated files `<path>.N` are searched too). */
  path: string;
  /** Learn record locations as they are written (saves the first scan). */
  writer?: LogWriter;
  /**
   * Formats lines as hashlines `{line}:{hash}|{content}`: receives the lines joined by "\n"
   * and the first line's number, returns one formatted line per input line.
   * @default the core's `hashlines` export (host/core-api.ts)
   */
  formatHashlines?: (text: string, firstLine: number) => string;
  maxLineChars?: number;
  cacheCalls?: number;
}

export interface ReadOptions {
  /** 1-based first line. @default 1 */
  offset?: number;
  /** Lines to return. @default 100 */
  limit?: number;
  /** `{line}:{hash}|{content}` instead of `{line}: {content}`. @default false */
  hashlines?: boolean;
  /**
   * 1-based position (UTF-16 units) in line `offset` to start at: a line longer than
   * maxLineChars (a minified file, a one-line JSON response) is read in pieces, and the
   * footer names the `char` of the next piece. @default 1
   */
  char?: number;
}

export interface ReadResult {
  callId: string;
  tool: string;
  /** The lines, numbered, then the footer. */
  text: string;
  firstLine: number;
  lastLine: number;
  totalLines: number;
  /** Offset for the next page; null at the end. */
  nextOffset: number | null;
  /** With nextOffset: where in that line the next page starts (1 unless a long line was cut). */
  nextChar: number;
  /** The output was not valid UTF-8; invalid bytes are shown as U+FFFD. */
  lossy: boolean;
}

export interface SearchOptions {
  /** Treat the pattern as a JavaScript regular expression. @default false (literal) */
  regex?: boolean;
  ignoreCase?: boolean;
  /** Lines of context around each hit. @default 0 */
  context?: number;
  /** Hits shown (all are counted). @default 50 */
  maxMatches?: number;
}

export interface SearchResult {
  callId: string;
  /** `line:text` for hits, `line-text` for context, `--` between groups, then the footer. */
  text: string;
  /** Matching lines in the whole output. */
  matches: number;
  /** Matching lines shown. */
  shown: number;
  /** Line numbers of the hits shown. */
  lines: number[];
  totalLines: number;
  lossy: boolean;
}

/** A decoded output and where each line starts. */
interface LoadedCall {
  tool: string;
  text: string;
  /** starts[i] = index of line i+1; starts[total] = end sentinel. */
  starts: Int32Array | Float64Array;
  total: number;
  lossy: boolean;
}

function checkCount(name: string, value: number, min: number): void {
  if (!Number.isInteger(value) || value < min) {
    throw new AbridgeError("ABRIDGE_INVALID_OPTION", `${name} must be an integer ≥ ${min}, got ${String(value)}`);
  }
}

/** Lines split at "\n"; a final newline does not start another line. */
function indexLines(text: string): { starts: Int32Array | Float64Array; total: number } {
  let total = 0;
  for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) total++;
  if (text.length > 0 && !text.endsWith("\n")) total++;
  const starts = text.length < 0x7fffffff ? new Int32Array(total + 1) : new Float64Array(total + 1);
  let line = 0;
  let from = 0;
  while (line < total) {
    starts[line++] = from;
    const nl = text.indexOf("\n", from);
    from = nl < 0 ? text.length : nl + 1;
  }
  starts[total] = text.endsWith("\n") ? text.length : text.length + 1;
  return { starts, total };
}

function lineAt(call: LoadedCall, n: number): string {
  let line = call.text.slice(call.starts[n - 1], call.starts[n] - 1);
  if (line.endsWith("\r")) line = line.slice(0, -1);
  return line;
}

/** How many units of `line` capLine keeps: `max`, one less when that would split a surrogate pair. */
function cutLength(line: string, max: number): number {
  if (line.length <= max) return line.length;
  const c = line.charCodeAt(max - 1);
  return c >= 0xd800 && c <= 0xdbff ? max - 1 : max;
}

/** Cuts a line to `max` UTF-16 units without splitting a surrogate pair, saying how much was cut. */
export function capLine(line: string, max: number): string {
  if (line.length <= max) return line;
  const cut = cutLength(line, max);
  return `${line.slice(0, cut)}… [+${line.length - cut} chars]`;
}

export class LogRetrieval {
  readonly path: string;
  private readonly index: CallIndex;
  private readonly formatHashlines: (text: string, firstLine: number) => string;
  private readonly maxLineChars: number;
  private readonly cacheCalls: number;
  private readonly cache = new Map<string, LoadedCall>();

  constructor(options: RetrievalOptions) {
    this.path = options.path;
    this.index = new CallIndex(options.path);
    this.formatHashlines = options.formatHashlines ?? coreHashlines;
    this.maxLineChars = options.maxLineChars ?? RETRIEVAL_DEFAULTS.maxLineChars;
    this.cacheCalls = options.cacheCalls ?? RETRIEVAL_DEFAULTS.cacheCalls;
    checkCount("maxLineChars", this.maxLineChars, 1);
    checkCount("cacheCalls", this.cacheCalls, 0);
    options.writer?.on("written", (w) => {
      if (w.file !== this.path) return;
      this.index.note(w.callId, w);
      if (this.cache.size > 0) this.cache.delete(w.callId); // a reused id, or its completion: the numbering is now known
    });
  }

  /** Pages the full output of `callId`: numbered lines and a footer naming the next offset. */
  read(callId: string, options: ReadOptions = {}): ReadResult {
    const offset = options.offset ?? RETRIEVAL_DEFAULTS.offset;
    const limit = options.limit ?? RETRIEVAL_DEFAULTS.limit;
    const hashlines = options.hashlines ?? RETRIEVAL_DEFAULTS.hashlines;
    const char = options.char ?? 1;
    checkCount("offset", offset, 1);
    checkCount("limit", limit, 1);
    checkCount("char", char, 1);
    if (hashlines && char > 1) throw new AbridgeError("ABRIDGE_INVALID_OPTION", "hashlines anchor whole lines: read with char=1 (the default) to get them");
    const call = this.load(callId);
    const result: ReadResult = { callId, tool: call.tool, text: "", firstLine: offset, lastLine: 0, totalLines: call.total, nextOffset: null, nextChar: 1, lossy: call.lossy };
    if (call.total === 0) {
      result.firstLine = 0;
      result.text = "[the output is empty: 0 lines]";
      return result;
    }
    if (offset > call.total) {
      result.text = `[offset=${offset} is past the end: the output has ${call.total} lines]`;
      return result;
    }
    const first = lineAt(call, offset);
    if (char > 1 && char > first.length) {
      result.text = `[char=${char} is past the end of line ${offset}: it has ${first.length} chars]`;
      return result;
    }
    const last = Math.min(call.total, offset + limit - 1);
    const lines: string[] = [char > 1 ? first.slice(char - 1) : first];
    for (let n = offset + 1; n <= last; n++) lines.push(lineAt(call, n));
    // A line cut for length ends the page: the next page continues it where it was cut.
    const cutAt = lines.findIndex((l) => l.length > this.maxLineChars);
    const shown = cutAt < 0 ? lines : lines.slice(0, cutAt + 1);
    const lastShown = offset + shown.length - 1;
    let body: string[];
    if (hashlines) {
      body = this.formatHashlines(shown.join("\n"), offset).split("\n").map((l) => capLine(l, this.maxLineChars));
    } else {
      body = shown.map((l, i) => `${offset + i}: ${capLine(l, this.maxLineChars)}`);
    }
    result.lastLine = lastShown;
    if (cutAt >= 0) {
      result.nextOffset = lastShown;
      result.nextChar = (cutAt === 0 ? char : 1) + cutLength(shown[cutAt]!, this.maxLineChars);
    } else result.nextOffset = lastShown < call.total ? lastShown + 1 : null;
    const next =
      result.nextOffset === null ? "end of output" : result.nextChar > 1 ? `next: offset=${result.nextOffset} char=${result.nextChar}` : `next: offset=${result.nextOffset}`;
    const lossy = call.lossy ? "; not valid UTF-8, invalid bytes shown as U+FFFD" : "";
    const from = char > 1 ? `line ${offset} from char ${char}` : `lines ${offset}-${lastShown}`;
    result.text = `${body.join("\n")}\n[showing ${from} of ${call.total} total; ${next}${lossy}]`;
    return result;
  }

  /** Greps the full output of `callId`: literal by default, a regular expression with `regex: true`. */
  search(callId: string, pattern: string, options: SearchOptions = {}): SearchResult {
    const context = options.context ?? RETRIEVAL_DEFAULTS.context;
    const maxMatches = options.maxMatches ?? RETRIEVAL_DEFAULTS.maxMatches;
    checkCount("context", context, 0);
    checkCount("maxMatches", maxMatches, 1);
    if (typeof pattern !== "string" || pattern === "") {
      throw new AbridgeError("ABRIDGE_INVALID_PATTERN", `pattern must be a non-empty string, got ${JSON.stringify(pattern)}`);
    }
    const test = matcher(pattern, options);
    const call = this.load(callId);
    const hits: number[] = [];
    let matches = 0;
    for (let n = 1; n <= call.total; n++) {
      if (!test(lineAt(call, n))) continue;
      matches++;
      if (hits.length < maxMatches) hits.push(n);
    }
    const hitSet = new Set(hits);
    const out: string[] = [];
    let printedUpTo = 0;
    for (const hit of hits) {
      const from = Math.max(1, hit - context, printedUpTo + 1);
      const to = Math.min(call.total, hit + context);
      if (printedUpTo > 0 && from > printedUpTo + 1) out.push("--");
      for (let n = from; n <= to; n++) {
        out.push(`${n}${hitSet.has(n) ? ":" : "-"}${capLine(lineAt(call, n), this.maxLineChars)}`);
      }
      printedUpTo = Math.max(printedUpTo, to);
    }
    let footer: string;
    if (matches === 0) footer = `[no lines match ${JSON.stringify(pattern)} in ${call.total} lines]`;
    else if (hits.length < matches) footer = `[${matches} matching lines of ${call.total} total; showing the first ${hits.length}; read around a hit with offset=<line>]`;
    else footer = `[${matches} matching line${matches === 1 ? "" : "s"} of ${call.total} total]`;
    out.push(footer);
    return { callId, text: out.join("\n"), matches, shown: hits.length, lines: hits, totalLines: call.total, lossy: call.lossy };
  }

  /** A call's whole output: its own, or a streamed call's chunks joined (undefined when some are missing). */
  private outputOf(record: CallRecord): LoggedOutput | undefined {
    if (record.chunks === undefined) return record.output;
    if (record.size.bytes > MAX_JOINED_BYTES) {
      throw new AbridgeError("ABRIDGE_LOG_READ", `the streamed output of ${JSON.stringify(record.callId)} is ${record.size.bytes.toLocaleString("en-US")} bytes: too large to page whole (at most ${MAX_JOINED_BYTES.toLocaleString("en-US")}); its chunk records hold it (readLog with chunks: "keep")`);
    }
    const pieces = this.index.findChunks(record.callId, record.chunks);
    return pieces && joinLoggedOutputs(pieces);
  }

  private load(callId: string): LoadedCall {
    const cached = this.cache.get(callId);
    if (cached) {
      this.cache.delete(callId); // re-insert: most recently used last
      this.cache.set(callId, cached);
      return cached;
    }
    let record: CallRecord | undefined;
    let output: LoggedOutput | undefined;
    try {
      record = this.index.find(callId);
      output = record && this.outputOf(record);
    } catch (err) {
      if (isAbridgeError(err)) throw err;
      const code = (err as NodeJS.ErrnoException)?.code;
      if (code === "ENOENT") record = undefined;
      else throw new AbridgeError("ABRIDGE_LOG_READ", `cannot read the session log ${this.path}: ${code ?? ""} ${(err as Error).message}`, { cause: err });
    }
    if (!record) {
      throw new AbridgeError("ABRIDGE_LOG_NOT_FOUND", `no call ${JSON.stringify(callId)} in the session log ${this.path}`);
    }
    // Decoded and paged as the call was compacted, as its completion record states.
    const completion = this.index.findCompletion(callId);
    const encoding = completion?.metadata?.encoding;
    if (output === undefined) {
      throw new AbridgeError("ABRIDGE_LOG_READ", `the streamed output of ${JSON.stringify(callId)} is incomplete in the session log ${this.path}: some of its ${record.chunks} chunks are missing`);
    }
    const decoded = decodeLoggedOutput(output, typeof encoding === "string" ? encoding : "");
    const text = pagedOutput(decoded.text, pagingOf(completion), completion);
    const lossy = decoded.lossy;
    const { starts, total } = indexLines(text);
    const call: LoadedCall = { tool: record.tool, text, starts, total, lossy };
    if (this.cacheCalls > 0) {
      this.cache.set(callId, call);
      while (this.cache.size > this.cacheCalls) this.cache.delete(this.cache.keys().next().value as string);
    }
    return call;
  }
}

function matcher(pattern: string, options: SearchOptions): (line: string) => boolean {
  if (options.regex) {
    let re: RegExp;
    try {
      re = new RegExp(pattern, options.ignoreCase ? "i" : "");
    } catch (err) {
      throw new AbridgeError("ABRIDGE_INVALID_PATTERN", `invalid regular expression ${JSON.stringify(pattern)}: ${(err as Error).message}`, { cause: err });
    }
    return (line) => re.test(line);
  }
  if (options.ignoreCase) {
    const needle = pattern.toLowerCase();
    return (line) => line.toLowerCase().includes(needle);
  }
  return (line) => line.includes(pattern);
}
