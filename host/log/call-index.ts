// Where each call record sits in the log, so repeated reads of a call do not
// rescan the file. Locations are keyed by inode: rotation renames files but
// keeps inodes, so a location stays valid after the file becomes `.1`.
import { statSync } from "../node-fs.js";
import { scanFileSync, readRangeSync } from "./lines.js";
import { logFiles } from "./rotation.js";
import { withReferredOutput } from "./output-reference.js";
import { parseRecord, type CallRecord, type ChunkRecord, type CompletionRecord, type LoggedOutput } from "./schema.js";
import { ChunkedMap, Column, NumberColumn } from "../chunked.js";
import { Locations, type Entry } from "./locations.js";
import type { RecordLocation } from "./writer.js";


// Our writer starts every record with these fields in this order; reading them
// from a line's head avoids parsing a whole (possibly huge) output to find its id.
const HEAD_BYTES = 4096;
const CALL_HEAD = /^\{"v":1,"type":"(call|completion|chunk)","time":"[^"\\]*","session":"(?:[^"\\]|\\.)*","callId":("(?:[^"\\]|\\.)*")(?:,"seq":(\d+))?/;

type RecordType = "call" | "completion" | "chunk";

/** The kinds of record `records` locates per call id. */
const CALL = 0;
const COMPLETION = 1;

export class CallIndex {
  /** Where each call's record sits (CALL) and its completion (COMPLETION): what the model was shown, and in which numbering. */
  private readonly records = new Locations(2);
  /** Where each piece of a streamed call's output sits, by seq (the newest stream of an id). */
  private readonly chunks = new ChunkedMap<Entry[]>();
  /** Bytes of each file (by inode) already scanned; only committed lines count. */
  private readonly scanned = new Map<number, number>();
  /** Lines skipped while indexing (torn or foreign). */
  skippedLines = 0;

  constructor(readonly path: string) {}

  /**
   * Call and completion locations the writer reported, in the order written, not yet filed in
   * `records`: a session writes two records per call and reads few back, so the lookups of the id
   * that file them are made by the next read (or scan), not on every call.
   */
  private readonly noted = { ids: new Column<string>(), kinds: new NumberColumn(), ino: new NumberColumn(), offset: new NumberColumn(), length: new NumberColumn(), count: 0 };

  /** Records a location reported by the writer. */
  note(callId: string, location: RecordLocation & { type: RecordType; seq?: number }): void {
    if (location.type === "chunk") {
      this.add(callId, "chunk", { ino: location.ino, offset: location.offset, length: location.bytes - 1 }, location.seq);
      return;
    }
    const n = this.noted;
    const row = n.count++;
    n.ids.set(row, callId);
    n.kinds.set(row, location.type === "call" ? CALL : COMPLETION);
    n.ino.set(row, location.ino);
    n.offset.set(row, location.offset);
    n.length.set(row, location.bytes - 1);
  }

  /** Files the locations noted since the last read, oldest first (later records win). */
  private fileNoted(): void {
    const n = this.noted;
    for (let row = 0; row < n.count; row++) {
      this.add(n.ids.get(row)!, n.kinds.get(row) === CALL ? "call" : "completion", { ino: n.ino.get(row), offset: n.offset.get(row), length: n.length.get(row) });
    }
    n.count = 0;
  }

  private add(callId: string, type: RecordType, entry: Entry, seq = 0): void {
    if (type === "call") {
      this.records.set(callId, entry, CALL);
      this.records.delete(callId, COMPLETION); // a reused id: the older completion no longer applies
    } else if (type === "completion") this.records.set(callId, entry, COMPLETION);
    else if (seq === 0) this.chunks.set(callId, [entry]); // a new stream of this id starts over
    else {
      const list = this.chunks.get(callId);
      if (list && list.length === seq) list.push(entry);
    }
  }

  /**
   * The `count` pieces of a streamed call's output, in order; undefined when some are missing
   * (rotated away, or written by a process that died). Throws the file system's error.
   */
  findChunks(callId: string, count: number): LoggedOutput[] | undefined {
    const attempt = (): LoggedOutput[] | undefined => {
      const list = this.chunks.get(callId);
      if (!list || list.length < count) return undefined;
      const files = this.filesByInode();
      const out: LoggedOutput[] = [];
      for (let seq = 0; seq < count; seq++) {
        const record = this.load(files, list[seq]!, "chunk", callId) as ChunkRecord | undefined;
        if (!record || record.seq !== seq) return undefined;
        out.push(record.output);
      }
      return out;
    };
    const known = attempt();
    if (known) return known;
    this.scanNew(this.filesByInode());
    return attempt();
  }

  /** The call record for `callId`, or undefined when the log has none. Throws the file system's error. */
  find(callId: string): CallRecord | undefined {
    return this.lookup(CALL, "call", callId) as CallRecord | undefined;
  }

  /** The completion record of `callId`, or undefined when the call never completed. */
  findCompletion(callId: string): CompletionRecord | undefined {
    const completion = this.lookup(COMPLETION, "completion", callId) as CompletionRecord | undefined;
    // A completion that refers to its call record's output names the line right before it: the
    // call's newest record is that line only when it ends where the completion starts (a torn line
    // of another writer can swallow the record written with it, leaving an older one to find).
    if (completion?.llmContentIsOutput !== true) return completion;
    const call = this.records.get(callId, CALL);
    const own = this.records.get(callId, COMPLETION);
    const adjacent = call !== undefined && own !== undefined && call.ino === own.ino && call.offset + call.length + 1 === own.offset;
    return withReferredOutput(completion, adjacent ? this.find(callId) : undefined).record;
  }

  private lookup(kind: number, type: "call" | "completion", callId: string): CallRecord | CompletionRecord | undefined {
    this.fileNoted();
    const files = this.filesByInode();
    const known = this.records.get(callId, kind);
    if (known) {
      const record = this.load(files, known, type, callId) as CallRecord | CompletionRecord | undefined;
      if (record) return record;
      this.records.delete(callId, kind); // a stale location (concurrent appends or a dropped file)
    }
    this.scanNew(files);
    const found = this.records.get(callId, kind);
    return found ? (this.load(files, found, type, callId) as CallRecord | CompletionRecord | undefined) : undefined;
  }

  private filesByInode(): Map<number, string> {
    const byInode = new Map<number, string>();
    for (const file of logFiles(this.path)) {
      try {
        byInode.set(statSync(file).ino, file);
      } catch {
        // rotated away between listing and stat
      }
    }
    return byInode;
  }

  private load(files: Map<number, string>, entry: Entry, type: RecordType, callId: string): CallRecord | CompletionRecord | ChunkRecord | undefined {
    const file = files.get(entry.ino);
    if (!file) return undefined;
    const parsed = parseRecord(readRangeSync(file, entry.offset, entry.length).toString("utf8"));
    if (!("record" in parsed) || parsed.record.type !== type || parsed.record.callId !== callId) return undefined;
    return parsed.record;
  }

  /** Scans what was appended since the last scan, oldest file first (later records win). */
  private scanNew(files: Map<number, string>): void {
    this.fileNoted();
    for (const [ino, file] of files) {
      const from = this.scanned.get(ino) ?? 0;
      const { committed } = scanFileSync(file, from, (line) => {
        if (line.length === 0) return;
        const head = headOf(line.bytes, line.length);
        if (head === undefined) this.skippedLines++;
        else this.add(head.callId, head.type, { ino, offset: line.offset, length: line.length }, head.seq);
      }, { headBytes: HEAD_BYTES });
      this.scanned.set(ino, committed);
    }
  }
}

/** The type and call id of a record from its line's head; undefined when the line is not a record. */
function headOf(head: Buffer, length: number): { type: RecordType; callId: string; seq?: number } | undefined {
  const m = CALL_HEAD.exec(head.toString("utf8"));
  if (m && (m[1] !== "chunk" || m[3] !== undefined)) return { type: m[1] as RecordType, callId: JSON.parse(m[2]!) as string, seq: m[3] === undefined ? undefined : Number(m[3]) };
  if (head.length < length) return undefined; // a foreign long line: not ours
  const parsed = parseRecord(head.toString("utf8"));
  if (!("record" in parsed)) return undefined;
  const r = parsed.record;
  return { type: r.type, callId: r.callId, seq: r.type === "chunk" ? r.seq : undefined };
}
