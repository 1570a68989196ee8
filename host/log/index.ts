// The session log: writer, reader, retrieval and the record schema.
export { LogWriter, LOG_WRITER_DEFAULTS } from "./writer.js";
export type { HeldCall, LogWriterOptions, LogWriteResult, LogWriterEvents, RecordLocation } from "./writer.js";
export { readLog, readLogSync } from "./reader.js";
export type { LogWarning, ReadLogOptions, ReadLogResult } from "./reader.js";
export { LogRetrieval, RETRIEVAL_DEFAULTS } from "./retrieval.js";
export type { RetrievalOptions, ReadOptions, ReadResult, SearchOptions, SearchResult } from "./retrieval.js";
export { logFiles } from "./rotation.js";
export { LOG_SCHEMA_VERSION, decodeLoggedOutput, joinLoggedOutputs } from "./schema.js";
export type { CallInput, CallRecord, ChunkInput, ChunkRecord, CompletionInput, CompletionRecord, LogRecord, LoggedOutput, SummarizerInfo } from "./schema.js";
