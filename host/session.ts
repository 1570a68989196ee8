// createAbridge(): the full pipeline for a harness. For each tool result:
//   1. the full output's call record is built before anything can fail, and is in the
//      session log before the result is returned (a short one goes with step 4's record);
//   2. the core cleans, classifies and digests it (compact);
//   3. when a summarizer is configured and the output is long, a checked LLM
//      summary replaces the digest, under the session lock's summarizing gate;
//   4. a completion record (what the model saw, and why) is appended.
import { EventEmitter } from "node:events";
import { checkedBudgets, compactWithDetails, metadataBase, metadataFor, validateInput, type CompactOptions, type CompactedWithDetails } from "./pipeline.js";
import { compactOptions, loadConfig, type AbridgeConfig, type AbridgeOptions, type LoadConfigContext } from "./config.js";
import { reserveForBytes, withJsonEscaped, withResidentText } from "./core.js";
import { AbridgeError } from "./errors.js";
import { randomHex6 } from "./random-hex.js";
import { defineLazy, hasLazyProps } from "./lazy-props.js";
import { SessionLock } from "./lock.js";
import { LogRetrieval, LogWriter, type CallInput, type HeldCall, type LogWriteResult, type ReadOptions, type ReadResult, type SearchOptions, type SearchResult, type SummarizerInfo } from "./log/index.js";
import { CORE_ESCAPE_FROM, CORE_ESCAPE_HELD_FROM } from "./log/output-line.js";
import type { CompactDetails } from "./core-api.js";
import { RedactionMemo } from "./redaction-memo.js";
import { utf8MayHoldSecrets } from "./redact.js";
import { withUtf8Once } from "./log/utf8-once.js";
import { SessionStats, type StatsReport } from "./stats.js";
import { resolveSummarizerOptions, type ResolvedSummarizerOptions } from "./summarizer/options.js";
import { worthSummarizing } from "./summarizer/defaults.js";
import type { FileSections, Summarizer, SummaryOutcome } from "./summarizer/index.js";
import type { ToolResultInput, ToolResultOutput } from "./types.js";
import { STREAM_DEFAULTS, StreamSink, checkBufferBytes, type BoundedDigest, type StreamEndOptions, type StreamInfo, type StreamInput } from "./stream/index.js";
import { goesBounded, lengthUndecided, slicesOf } from "./stream/whole.js";

/** Name of the retrieval tool the markers point the model to. */
export const RETRIEVAL_TOOL = "abridge_read";

export interface ProcessResult extends ToolResultOutput {
  callId: string;
  /** What the summarizer did for this call; null when it was not involved. */
  summarizer: SummarizerInfo | null;
  /** Only for a stream that passed streamBufferBytes: the whole output's counts (see stream()). */
  stream?: StreamInfo;
}

export interface ProcessOptions {
  /** Cancels a summary in flight; the digest is used instead. */
  signal?: AbortSignal;
  /** Tokens left in the model's context now: this result takes at most a quarter of them. */
  remainingContextTokens?: number;
}

export interface AbridgeEvents {
  /** A log write failed; the result was still returned. */
  error: [error: AbridgeError];
  /** One tool result processed. */
  processed: [result: ProcessResult];
}

export interface CreateAbridgeOptions extends AbridgeOptions, LoadConfigContext {
  /**
   * stream(): output up to this many bytes is kept whole and digested exactly as process() would;
   * past it only a head, a tail window and the important lines are kept. @default 16 MiB
   */
  streamBufferBytes?: number;
}

export { compactOptions };

/**
 * Estimated tokens of a summary: prose at about four characters a token. A summary is a few
 * hundred tokens; a second crossing into the core for its count would cost more than it tells.
 */
function summaryTokens(summary: string): number {
  return Math.ceil(summary.length / 4);
}

/** Seed 003's sectioned request: before and after by their outline, the relevant range as hashlines. */
function fileSections(details: CompactDetails): FileSections | undefined {
  const s = details.sections;
  if (!s) return undefined;
  const symbols = details.outline ?? [];
  const describe = (r: { first: number; last: number } | null) => {
    if (!r) return "";
    const inside = symbols.filter((x) => x.first >= r.first && x.first <= r.last);
    const list = inside.map((x) => `${x.kind} ${x.name} (lines ${x.first}–${x.last})`).join("\n");
    return `lines ${r.first}–${r.last}${list ? `:\n${list}` : ""}`;
  };
  return { before: describe(s.before), relevant: s.relevant?.hashlines ?? "", after: describe(s.after) };
}

/** A path as one POSIX shell word. */
function shellQuote(path: string): string {
  return /^[A-Za-z0-9_./:@%+=,-]+$/.test(path) ? path : `'${path.replaceAll("'", `'\\''`)}'`;
}

export class Abridge extends EventEmitter<AbridgeEvents> {
  readonly config: AbridgeConfig;
  readonly lock: SessionLock;
  private readonly writer?: LogWriter;
  private readonly retrieval?: LogRetrieval;
  /** The summarizer's options, checked when the session is created; null when it is off. */
  private readonly summarizerOptions: ResolvedSummarizerOptions | null = null;
  /**
   * The summarizer, made on the first output long enough to want one: its module (prompts,
   * providers, verification) and undici load then, not on a fresh process's first call.
   */
  private summarizer?: Promise<Summarizer>;
  private readonly totals: SessionStats;
  /** With redaction.log: a short output's redaction for the log, reused when the model sees it whole. */
  private readonly redaction = new RedactionMemo();
  private readonly options: CompactOptions;
  /** The session's budgets by category, checked by the first digest: the options do not change. */
  private budgets?: readonly number[];
  private readonly streamBufferBytes: number;
  private sequence = 0;
  private closed = false;
  /** The log's path as one shell word, for readHint(). */
  private quotedLogPath?: string;
  /** The read hint's template around its `{id}`s, `{log}` filled in (readHint()). */
  private hintPieces?: string[];

  constructor(options: CreateAbridgeOptions = {}) {
    super();
    const { cwd, env, defaults, streamBufferBytes, ...rest } = options;
    this.streamBufferBytes = checkBufferBytes(streamBufferBytes ?? STREAM_DEFAULTS.bufferBytes);
    this.config = loadConfig(rest, { cwd, env, defaults });
    const c = this.config;
    this.options = compactOptions(c);
    this.lock = new SessionLock({ maxHoldMs: c.lock.maxHoldMs, mode: c.lock.mode, toolTimeoutMs: c.lock.toolTimeoutMs });
    this.totals = new SessionStats(c.prices);
    if (c.summarizer.provider !== "off") {
      this.summarizerOptions = resolveSummarizerOptions(
        {
          provider: c.summarizer.provider,
          model: c.summarizer.model,
          apiKey: c.summarizer.apiKey,
          baseURL: c.summarizer.baseURL,
          timeoutMs: c.summarizer.timeoutMs,
          maxRetries: c.summarizer.maxRetries,
          maxInputChars: c.summarizer.maxInputChars,
          maxSummaryChars: c.summarizer.maxSummaryChars,
          trigger: c.summarizer.trigger,
          redact: c.redaction.outbound,
          prices: { inputPerMTok: c.prices.summarizerInputPerMTok, outputPerMTok: c.prices.summarizerOutputPerMTok },
        },
        env ?? process.env,
      );
    }
    if (c.log.enabled) {
      const redact = c.redaction.log ? (t: string) => this.redaction.redact(t) : undefined;
      const bytesMayNeedRedaction = c.redaction.log ? utf8MayHoldSecrets : undefined;
      this.writer = new LogWriter({ path: c.log.path, sessionId: c.sessionId, fsync: c.log.fsync, maxBytes: c.log.maxBytes, keep: c.log.keep, redact, bytesMayNeedRedaction, escape: withJsonEscaped });
      this.writer.on("error", (err) => this.report(err));
      this.retrieval = new LogRetrieval({ path: c.log.path, writer: this.writer });
    }
  }

  /** The session log's path, or null when logging is off. */
  get logPath(): string | null {
    return this.writer ? this.config.log.path : null;
  }

  /** The configured read hint for one call, `{first}` left for the core to fill in. */
  private readHint(callId: string): string {
    // The template split at `{id}`, `{log}` filled in, once: a call's hint is its pieces joined
    // by the id. The same text as filling both in turn whenever the id cannot take part in a
    // `{log}` of the template: it has no brace and is not a piece of "log" (nor empty).
    if (!callId.includes("{") && !callId.includes("}") && !"log".includes(callId)) return (this.hintPieces ??= this.config.log.readHint.split("{id}").map((p) => p.replaceAll("{log}", () => this.quotedLog()))).join(callId);
    // Replaced by functions: an id or a path holding `$&` or `$$` is written as it is.
    return this.config.log.readHint.replaceAll("{id}", () => callId).replaceAll("{log}", () => this.quotedLog());
  }

  private quotedLog(): string {
    return (this.quotedLogPath ??= shellQuote(this.config.log.path));
  }

  private report(err: AbridgeError): void {
    // An "error" event without a listener would throw into the harness: never do that.
    if (this.listenerCount("error") > 0) this.emit("error", err);
    else if (this.config.debug) process.stderr.write(`abridge: ${err.code}: ${err.message}\n`);
  }

  private nextCallId(): string {
    return `call_${++this.sequence}_${randomHex6()}`;
  }

  /** Processes one tool result. Resolves with what the model should see; never loses the output. */
  process(input: ToolResultInput, options: ProcessOptions = {}): Promise<ProcessResult> {
    // Not an async function: the promise of the steps below is returned as it is, where an async
    // wrapper would settle a promise of its own a few microtasks after it (on every call).
    try {
      return this.processNow(input, options);
    } catch (err) {
      return Promise.reject(err);
    }
  }

  private processNow(input: ToolResultInput, options: ProcessOptions): Promise<ProcessResult> {
    if (this.closed) throw new AbridgeError("ABRIDGE_CLOSED", "process() after close(): create a new session with createAbridge()");
    const callId = input?.callId ?? this.nextCallId();
    const output = input?.output;
    if (typeof output === "string" && lengthUndecided(output.length, this.streamBufferBytes)) {
      // Its UTF-8 bytes are counted by the log's escape of it, or else in the core, on the copy
      // the escape and the digest read: a bounded output leaves the scope unlogged.
      const limit = this.streamBufferBytes;
      const over = (bytes: number | undefined) => (bytes === undefined ? goesBounded(output, limit) : bytes > limit);
      const whole = withResidentText(output, () => this.processWhole(input, callId, options, over));
      return whole ?? this.processBounded(input, callId, options);
    }
    if (this.isBounded(input)) return this.processBounded(input, callId, options);
    // The log's redaction and the digest read bytes as text: decoded once for both.
    if (output instanceof Uint8Array) {
      if (this.writer) reserveForBytes(output.length);
      return withUtf8Once(output, () => this.processWhole(input, callId, options));
    }
    // An output whose call record the log may escape in the core (a held record's) is copied into
    // the core once, for the escape and the digest.
    if (this.writer && typeof output === "string" && output.length >= CORE_ESCAPE_HELD_FROM) return withResidentText(output, () => this.processWhole(input, callId, options));
    return this.processWhole(input, callId, options);
  }

  /**
   * process() of an output that is not past streamBufferBytes; with `over`, of a string that may
   * be, told by its UTF-8 bytes when known: undefined, with nothing logged, when it is.
   */
  private processWhole(input: ToolResultInput, callId: string, options: ProcessOptions): Promise<ProcessResult>;
  private processWhole(input: ToolResultInput, callId: string, options: ProcessOptions, over: (bytes: number | undefined) => boolean): Promise<ProcessResult> | undefined;
  private processWhole(input: ToolResultInput, callId: string, options: ProcessOptions, over?: (bytes: number | undefined) => boolean): Promise<ProcessResult> | undefined {
    // Only a long string's call record is built by the escape before it is written (processResident).
    if (over !== undefined && !(this.writer && typeof input.output === "string" && input.output.length >= CORE_ESCAPE_FROM)) {
      if (over(undefined)) return undefined;
      over = undefined;
    }
    // 1. The full output reaches the log before the result is returned, and before anything else
    // can fail: its line is built now. A long one is written by the thread pool while the core
    // digests the output (step 2); a short one is held and written with its completion (step 4)
    // in one write(2), or alone as soon as anything else is to happen first (a summary, an error).
    let logged: LogWriteResult | Promise<LogWriteResult> | HeldCall | undefined;
    if (this.writer && input && (typeof input.output === "string" || input.output instanceof Uint8Array)) {
      const call = { callId, tool: String(input.tool), args: input.args, exitCode: input.exitCode ?? null, output: input.output };
      const held = this.writer.holdCall(call);
      if (held === undefined && typeof call.output === "string") return this.processResident(input, callId, { ...call, output: call.output }, options, over);
      logged = held ?? this.writer.appendCallAsync(call);
    }
    if (logged !== undefined && isHeld(logged)) {
      const held = logged;
      try {
        validateInput(input);
      } catch (err) {
        this.writer!.writeHeldCall(held);
        throw err;
      }
      return this.complete(input, callId, held, options);
    }
    validateInput(input);
    return this.complete(input, callId, logged === undefined ? false : logged instanceof Promise ? logged : logged.ok, options);
  }

  /**
   * A long output given as a string, logged and digested from one copy in the core: the log's
   * redaction prefilter, its JSON escape and the digest all read the text lowered once
   * (withResidentText). The escaped record is copied out of the core and written by the thread
   * pool while the digest runs (complete() digests before its first await, inside the scope).
   * When the prefilter finds a secret's shape, the redacted text is escaped from a copy of its
   * own, as before; a record that did not land is digested again, from a copy of its own.
   * With `over` (processWhole), undefined when the output proves past streamBufferBytes.
   */
  private processResident(input: ToolResultInput, callId: string, call: CallInput & { output: string }, options: ProcessOptions, over?: (bytes: number | undefined) => boolean): Promise<ProcessResult> | undefined {
    return withResidentText(call.output, () => {
      const written = over ? this.writer!.appendCallAsync(call, over) : this.writer!.appendCallAsync(call);
      if (written === undefined) return undefined;
      validateInput(input);
      return this.complete(input, callId, written instanceof Promise ? written : written.ok, options);
    });
  }

  /** An output past streamBufferBytes (and within the maximum, which is refused as before). */
  private isBounded(input: ToolResultInput): boolean {
    const output = input?.output;
    return (typeof output === "string" || output instanceof Uint8Array) && goesBounded(output, this.streamBufferBytes);
  }

  /**
   * process() of an output past streamBufferBytes is stream() of it, fed in slices that share its
   * memory: the log gets chunk records, memory stays bounded, and the result is the stream's.
   */
  private processBounded(input: ToolResultInput, callId: string, options: ProcessOptions): Promise<ProcessResult> {
    validateInput(input);
    // No buffering: the output is known to be past the threshold, so bounded mode starts at once.
    const sink = this.stream({ tool: input.tool, args: input.args, callId, streamBufferBytes: 0 });
    for (const slice of slicesOf(input.output)) sink.write(slice);
    return sink.end({ exitCode: input.exitCode ?? undefined, signal: options.signal, remainingContextTokens: options.remainingContextTokens });
  }

  /**
   * Starts a tool result whose output arrives in pieces: `write()` each as it comes, then
   * `await end({ exitCode })` for the same result process() gives. The output goes to the log as
   * it arrives; up to streamBufferBytes it is kept whole and the digest is exactly process()'s;
   * past that only a head, a tail window and the important lines of the middle are kept, so
   * memory stays bounded whatever the size (the result then carries `stream` with the true counts).
   */
  stream(input: StreamInput): StreamSink<ProcessResult> {
    if (this.closed) throw new AbridgeError("ABRIDGE_CLOSED", "stream() after close(): create a new session with createAbridge()");
    if (input === null || typeof input !== "object") throw new AbridgeError("ABRIDGE_INVALID_INPUT", "stream() takes an object { tool, args?, callId? }");
    validateInput({ tool: input.tool, args: input.args, output: "" });
    const bufferBytes = input.streamBufferBytes === undefined ? this.streamBufferBytes : checkBufferBytes(input.streamBufferBytes);
    const callId = input.callId ?? this.nextCallId();
    return new StreamSink<ProcessResult>({ ...input, callId }, {
      writer: this.writer,
      bufferBytes,
      chunkBytes: STREAM_DEFAULTS.chunkBytes,
      limits: STREAM_DEFAULTS,
      readHint: (id) => this.readHint(id),
      complete: (whole, logged, options, bounded) => this.complete(whole, callId, logged, options, bounded),
    });
  }

  /**
   * Steps 2–4 for an output whose call record is written (`logged`), could not be, is being
   * written (a promise), or is held to go with its completion: a held record is in the file
   * before any await, and when this resolves or rejects.
   */
  private complete(input: ToolResultInput, callId: string, written: boolean | Promise<LogWriteResult> | HeldCall, options: ProcessOptions | StreamEndOptions, bounded?: BoundedDigest): Promise<ProcessResult> {
    if (!isHeld(written)) return this.completeWritten(input, callId, written, options, bounded);
    // Whatever ends the call early (a bad option, a failure the fallback does not cover), its
    // output is logged before the promise settles.
    let settled: Promise<ProcessResult> | ProcessResult;
    try {
      settled = this.completeHeld(input, callId, written, options);
    } catch (err) {
      this.writer!.writeHeldCall(written);
      return Promise.reject(err);
    }
    if (settled instanceof Promise) return settled.finally(() => this.writer!.writeHeldCall(written));
    this.writer!.writeHeldCall(written);
    return Promise.resolve(settled);
  }

  /** complete() for a call record written, not written, or being written. */
  private async completeWritten(input: ToolResultInput, callId: string, written: boolean | Promise<LogWriteResult>, options: ProcessOptions | StreamEndOptions, bounded?: BoundedDigest): Promise<ProcessResult> {
    let logged: boolean;
    let compacted: CompactedWithDetails;
    if (typeof written === "boolean") {
      logged = written;
      compacted = this.digest(input, callId, logged, options, bounded);
    } else {
      // Digested while the call record is being written, as if the write will succeed (it nearly
      // always does); digested again without the read hint when it did not.
      compacted = this.digest(input, callId, true, options, bounded);
      logged = (await written).ok;
      if (!logged) compacted = this.digest(input, callId, false, options, bounded);
    }
    return this.completeDigest(input, callId, compacted, logged, options, bounded);
  }

  /**
   * complete() for a held call record, digested as if it will land (it nearly always does). It is
   * written before a summary is awaited, else with the completion; when it did not land the
   * output is digested again without the read hint, and no completion is logged.
   */
  private completeHeld(input: ToolResultInput, callId: string, held: HeldCall, options: ProcessOptions | StreamEndOptions): Promise<ProcessResult> | ProcessResult {
    const compacted = this.digest(input, callId, true, options);
    if (this.wantsSummary(compacted.result)) {
      const logged = this.writer!.writeHeldCall(held).ok;
      return this.completeDigest(input, callId, logged ? compacted : this.digest(input, callId, false, options), logged, options);
    }
    const digest = compacted.result;
    const llmContent = this.config.redaction.log ? this.redaction.redact(digest.llmContent) : digest.llmContent;
    const result = this.finish(input, digest, llmContent, callId, null, true, undefined, held);
    if (!result) return this.completeDigest(input, callId, this.digest(input, callId, false, options), false, options);
    this.emit("processed", result);
    return result;
  }

  /** Step 2, the deterministic digest: with the read hint when the call record is (or will be) in the log. */
  private digest(input: ToolResultInput, callId: string, logged: boolean, options: ProcessOptions | StreamEndOptions, bounded?: BoundedDigest): CompactedWithDetails {
    const own = options.remainingContextTokens === undefined;
    const budgetOptions = own ? this.options : { ...this.options, remainingContextTokens: options.remainingContextTokens };
    // What a summarizer needs comes back in the same crossing as the digest.
    // The session decided bounded or not (process(), stream()): the output here is digested whole.
    // A marker names a way to read the rest only when the rest is in the log to be read.
    const budgets = own ? (this.budgets ??= checkedBudgets(this.options)) : undefined;
    return compactWithDetails(input, budgetOptions, { hint: logged ? `; ${this.readHint(callId)}` : "", details: this.summarizerOptions !== null, whole: true, known: bounded?.known, budgets });
  }

  /** Steps 3–4 for a digest whose call record is logged or not (final). */
  private async completeDigest(input: ToolResultInput, callId: string, compacted: CompactedWithDetails, logged: boolean, options: ProcessOptions | StreamEndOptions, bounded?: BoundedDigest): Promise<ProcessResult> {
    const digest = bounded ? bounded.adjust(compacted.result) : compacted.result;
    const details = compacted.details;
    let llmContent = digest.llmContent;
    let summary: SummarizerInfo | null = null;
    // 3. The checked summary, when configured and worth it.
    if (this.wantsSummary(digest)) {
      const outcome = await this.summarize(digest, details, callId, options.signal);
      summary = {
        provider: outcome.provider,
        model: outcome.model,
        latencyMs: Math.round(outcome.latencyMs),
        usage: outcome.usage,
        fallbackReason: outcome.ok ? null : outcome.reason,
      };
      if (outcome.ok) {
        const footer = logged ? `\n[summary of ${digest.metadata.totalLines.toLocaleString("en-US")} lines; ${this.readHint(callId).replaceAll("{first}", "1")}]` : "";
        llmContent = outcome.summary + footer;
      }
    }
    if (this.config.redaction.log) llmContent = this.redaction.redact(llmContent);
    const result = this.finish(input, digest, llmContent, callId, summary, logged, bounded?.info)!;
    this.emit("processed", result);
    return result;
  }

  /** Whether this digest is worth a summary (Summarizer.wants), without loading the summarizer. */
  private wantsSummary(digest: ToolResultOutput): boolean {
    const o = this.summarizerOptions;
    return o !== null && worthSummarizing(digest.category, digest.metadata.cleanChars, o.trigger);
  }

  private loadSummarizer(options: ResolvedSummarizerOptions): Promise<Summarizer> {
    return (this.summarizer ??= import("./summarizer/index.js").then(({ Summarizer }) => new Summarizer(options)));
  }

  private async summarize(digest: ToolResultOutput, details: CompactDetails | null, callId: string, signal?: AbortSignal): Promise<SummaryOutcome> {
    const release = this.lock.beginSummary();
    try {
      const summarizer = await this.loadSummarizer(this.summarizerOptions!);
      return await summarizer.summarize({
        category: digest.category,
        // Details are null only when the core trapped: the text as the UI shows it then.
        text: details?.text ?? digest.uiContent,
        sections: details ? fileSections(details) : undefined,
        errorLines: details?.errorLines ?? [],
        signal,
        callId,
      });
    } finally {
      release();
    }
  }

  /**
   * Step 4: the result, its completion record and its stats. With a held call record the two
   * records are written together; undefined when they did not land (nothing is counted then).
   */
  private finish(input: ToolResultInput, digest: ToolResultOutput, llmContent: string, callId: string, summarizer: SummarizerInfo | null, logged: boolean, stream?: StreamInfo, held?: HeldCall): ProcessResult | undefined {
    const replaced = llmContent !== digest.llmContent;
    const metadata = replaced ? metadataFor({ ...metadataBase(digest.metadata), summarized: true }, llmContent, summaryTokens(llmContent), this.options.exactTokens) : digest.metadata;
    // A digest whose text for the UI is known already passes it on as a plain field.
    const result: ProcessResult = hasLazyProps(digest)
      ? defineLazy({ category: digest.category, llmContent, summary: digest.summary, truncated: digest.truncated, metadata, callId, summarizer } as ProcessResult, { uiContent: () => digest.uiContent })
      : { category: digest.category, llmContent, summary: digest.summary, truncated: digest.truncated, metadata, callId, summarizer, uiContent: digest.uiContent };
    if (stream) result.stream = stream;
    // Without its call record a completion would describe an output nobody can read (and
    // report the same write failure twice).
    if (logged) {
      this.writer!.appendCompletion(
        {
          callId,
          category: digest.category,
          llmContent,
          summary: digest.summary,
          metadata: completionMetadata(metadata, input.tool, stream),
          summarizer,
          // The writer redacts with redaction.log, as llmContent already was for the model.
          llmContentRedacted: this.config.redaction.log,
        },
        held,
      );
      if (held && !held.result!.ok) return undefined;
    }
    const counted = {
      callId,
      session: this.config.sessionId,
      tool: input.tool,
      category: digest.category,
      rawTokens: metadata.rawTokens,
      llmTokens: metadata.llmTokens,
      summarizerUsage: summarizer?.usage ?? null,
    };
    if (!this.config.debug) this.totals.add(counted);
    else {
      const sample = this.totals.record(counted);
      const pct = sample.rawTokens > 0 ? Math.round((sample.savedTokens / sample.rawTokens) * 100) : 0;
      process.stderr.write(`abridge: ${input.tool} ${callId} ${digest.category}: ${sample.rawTokens.toLocaleString("en-US")} → ${sample.sentTokens.toLocaleString("en-US")} tokens (${pct}% saved)\n`);
    }
    return result;
  }

  /** Pages the full (cleaned) output of a call from the log. */
  read(callId: string, options?: ReadOptions): ReadResult {
    return this.requireRetrieval().read(callId, options);
  }

  /** Greps the full (cleaned) output of a call from the log. */
  search(callId: string, pattern: string, options?: SearchOptions): SearchResult {
    return this.requireRetrieval().search(callId, pattern, options);
  }

  private requireRetrieval(): LogRetrieval {
    if (!this.retrieval) throw new AbridgeError("ABRIDGE_INVALID_OPTION", "retrieval needs the session log: it is off (log: false)");
    return this.retrieval;
  }

  /** Raw, sent and saved tokens and cost, per call and for the session. */
  stats(): StatsReport {
    return this.totals.stats();
  }

  /** Closes the log and the summarizer's connections. */
  async close(): Promise<void> {
    this.closed = true;
    this.lock.close();
    this.writer?.close();
    // A summarizer whose module failed to load has nothing to close.
    await (await this.summarizer?.catch(() => undefined))?.close();
  }
}

/**
 * The metadata a completion record logs: the result's, then the tool (and a stream's counts).
 * Object.assign, not a spread: a result's metadata gets fields after it is made (withEstimate),
 * and V8 copies such an object by the slow path of a spread, several times slower than the
 * call's own log line; Object.assign copies the same fields, getters read, in the same order.
 */
function completionMetadata(metadata: object, tool: string, stream: StreamInfo | undefined): Record<string, unknown> {
  const logged: Record<string, unknown> = {};
  Object.assign(logged, metadata);
  logged.tool = tool;
  if (stream) logged.stream = stream;
  return logged;
}

function isHeld(written: unknown): written is HeldCall {
  return typeof written === "object" && written !== null && !(written instanceof Promise) && "line" in written;
}

/** Creates a session: log, summarizer (opt-in), lock and stats, from options, env and config file. */
export function createAbridge(options: CreateAbridgeOptions = {}): Abridge {
  return new Abridge(options);
}
