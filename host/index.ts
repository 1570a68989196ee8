// Public API of the abridge package.
export { createAbridge, Abridge, RETRIEVAL_TOOL } from "./session.js";
export type { AbridgeEvents, CreateAbridgeOptions, ProcessOptions, ProcessResult } from "./session.js";
export { StreamSink, STREAM_DEFAULTS } from "./stream/index.js";
export type { StreamEndOptions, StreamInfo, StreamInput } from "./stream/index.js";
export { compact, DEFAULT_PASSTHROUGH } from "./pipeline.js";
export type { CompactContext, CompactOptions } from "./pipeline.js";
export { LEVEL_BUDGETS } from "./budget.js";
export { loadConfig, DEFAULTS } from "./config.js";
export type { AbridgeConfig, AbridgeOptions } from "./config.js";
export { AbridgeError, isAbridgeError } from "./errors.js";
export type { AbridgeErrorCode } from "./errors.js";
export { SessionLock } from "./lock.js";
export type { QueueMode } from "./lock.js";
export { LogWriter, LogRetrieval, readLog, readLogSync } from "./log/index.js";
export type { CallRecord, ChunkRecord, CompletionRecord, LogRecord, ReadResult, SearchResult } from "./log/index.js";
export { SessionStats } from "./stats.js";
export type { StatsReport } from "./stats.js";
export { createSummarizer, verifySummary } from "./summarizer/index.js";
export type { SummarizerOptions, SummaryOutcome } from "./summarizer/index.js";
export { redactSecrets } from "./redact.js";
/** Bytes of linear memory the core instance holds now, for monitoring (0 before the first call). */
export { coreMemoryBytes, useCoreWasm } from "./core.js";
export { CATEGORIES } from "./categories.js";
export {
  abridgeParam,
  abridgeParams,
  classify,
  clean,
  describeBinary,
  estimateTokens,
  formatToolCall,
  hashlines,
  importantLines,
  keepImportant,
  languageOf,
  lineHash,
  oneLine,
  outline,
  sections,
  truncate,
  verifyAnchors,
  view,
} from "./core-api.js";
export type * from "./types.js";
