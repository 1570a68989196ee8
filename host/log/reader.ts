// Reads the session log back: every record of the live file and its rotated
// predecessors, oldest first. A line that is not a record (a torn write, a
// foreign line) is skipped and reported as a warning, never thrown.
import { scanFile, scanFileSync, type Line } from "./lines.js";
import { OutputReferences } from "./output-reference.js";
import { logFiles } from "./rotation.js";
import { MAX_JOINED_BYTES, joinLoggedOutputs, parseRecord, type ChunkRecord, type LogRecord, type LoggedOutput } from "./schema.js";

export interface LogWarning {
  file: string;
  /** 1-based line number in that file. */
  line: number;
  /** Byte offset of the line. */
  offset: number;
  reason: string;
}

export interface ReadLogOptions {
  /** Called for every skipped line. */
  onWarning?: (warning: LogWarning) => void;
  /** Include rotated files (`.N` … `.1`) before the live one. @default true */
  rotated?: boolean;
  /**
   * `"join"`: a streamed call's `chunk` records are not returned; their pieces are joined into its
   * `call` record's `output`, as if it had been written whole. `"keep"`: every record as written.
   * @default "join"
   */
  chunks?: "join" | "keep";
}

export interface ReadLogResult {
  records: LogRecord[];
  warnings: LogWarning[];
  files: string[];
}

const TORN = "torn last line (no newline at end of file): skipped";

function filesOf(path: string, rotated: boolean): string[] {
  const files = logFiles(path);
  return rotated ? files : files.filter((f) => f === path);
}

/** Classifies one line: a record, a silent blank (the writer closing a torn line), or a warning. */
function lineToRecord(file: string, lineNo: number, line: Line): LogRecord | LogWarning | null {
  if (line.length === 0) return null;
  const parsed = parseRecord(line.bytes.toString("utf8"));
  if ("record" in parsed) return parsed.record;
  return { file, line: lineNo, offset: line.offset, reason: parsed.error };
}

/** Collects the chunks of streamed calls and joins them into their call records. */
class ChunkJoiner {
  private readonly pending = new Map<string, LoggedOutput[]>();

  /** The record to pass on (null for a chunk, which is held), or a warning for a call missing chunks. */
  take(record: LogRecord): { record: LogRecord | null; problem?: string } {
    const key = `${record.session}\u0000${record.callId}`;
    if (record.type === "chunk") {
      this.addChunk(key, record);
      return { record: null };
    }
    if (record.type !== "call" || record.chunks === undefined) return { record };
    const pieces = this.pending.get(key) ?? [];
    this.pending.delete(key);
    if (record.size.bytes > MAX_JOINED_BYTES) {
      return { record, problem: `streamed output of ${record.callId} is ${record.size.bytes} bytes, too large to join into one string: output left "", its chunk records are read with chunks: "keep"` };
    }
    const joined: LogRecord = { ...record, output: joinLoggedOutputs(pieces) };
    const problem = pieces.length === record.chunks ? undefined : `streamed output of ${record.callId} incomplete: ${pieces.length} of ${record.chunks} chunks found`;
    return { record: joined, problem };
  }

  private addChunk(key: string, chunk: ChunkRecord): void {
    // seq 0 starts a call's output (a reused id starts over); a gap stops collecting.
    if (chunk.seq === 0) this.pending.set(key, [chunk.output]);
    else {
      const pieces = this.pending.get(key);
      if (pieces && pieces.length === chunk.seq) pieces.push(chunk.output);
    }
  }
}

/**
 * Turns one file's lines into records, the same for the async and the sync reader: skips blanks,
 * reports what is no record, fills in referring completions and joins streamed chunks.
 */
class RecordReader {
  private readonly joiner: ChunkJoiner | undefined;
  private readonly references = new OutputReferences();
  private file = "";

  constructor(chunks: ReadLogOptions["chunks"], private readonly warn: (warning: LogWarning) => void) {
    this.joiner = chunks === "keep" ? undefined : new ChunkJoiner();
  }

  /** A new file: its first line has no record before it. */
  startFile(file: string): void {
    this.file = file;
    this.references.gap();
  }

  /** The record line `lineNo` gives to the caller, or null (a blank, a warning, a held chunk). */
  read(lineNo: number, line: Line): LogRecord | null {
    const { file } = this;
    const result = lineToRecord(file, lineNo, line);
    if (result === null) return null;
    if ("reason" in result) {
      this.references.gap();
      this.warn(result);
      return null;
    }
    const referred = this.references.take(result);
    if (referred.problem) this.warn({ file, line: lineNo, offset: line.offset, reason: referred.problem });
    if (!this.joiner) return referred.record;
    const joined = this.joiner.take(referred.record);
    if (joined.problem) this.warn({ file, line: lineNo, offset: line.offset, reason: joined.problem });
    return joined.record;
  }
}

/** Async iterator over every record, oldest file first. */
export async function* readLog(path: string, options: ReadLogOptions = {}): AsyncGenerator<LogRecord> {
  const reader = new RecordReader(options.chunks, (warning) => options.onWarning?.(warning));
  for (const file of filesOf(path, options.rotated ?? true)) {
    let lineNo = 0;
    reader.startFile(file);
    const lines = scanFile(file, 0);
    try {
      for (;;) {
        const step = await lines.next();
        if (step.done) {
          if (step.value) options.onWarning?.({ file, line: lineNo + 1, offset: step.value.offset, reason: TORN });
          break;
        }
        const record = reader.read(++lineNo, step.value);
        if (record) yield record;
      }
    } finally {
      await lines.return(null); // closes the file when the consumer stops early
    }
  }
}

/** Reads every record at once; warnings are returned (and passed to `onWarning`). */
export function readLogSync(path: string, options: ReadLogOptions = {}): ReadLogResult {
  const records: LogRecord[] = [];
  const warnings: LogWarning[] = [];
  const warn = (w: LogWarning): void => {
    warnings.push(w);
    options.onWarning?.(w);
  };
  const reader = new RecordReader(options.chunks, warn);
  const files = filesOf(path, options.rotated ?? true);
  for (const file of files) {
    let lineNo = 0;
    reader.startFile(file);
    const { rest } = scanFileSync(file, 0, (line) => {
      const record = reader.read(++lineNo, line);
      if (record) records.push(record);
    });
    if (rest) warn({ file, line: lineNo + 1, offset: rest.offset, reason: TORN });
  }
  return { records, warnings, files };
}
