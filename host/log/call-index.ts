// Where each call record sits in the log, so repeated reads of a call do not
// rescan the file. Locations are keyed by inode: rotation renames files but
// keeps inodes, so a location stays valid after the file becomes `.1`.
import { statSync } from "node:fs";
import { scanFileSync, readRangeSync } from "./lines.js";
import { logFiles } from "./rotation.js";
import { parseRecord, type CallRecord, type CompletionRecord } from "./schema.js";
import type { RecordLocation } from "./writer.js";

interface Entry {
  ino: number;
  offset: number;
  /** Bytes of the line, newline excluded. */
  length: number;
}

// Our writer starts every record with these fields in this order; reading them
// from a line's head avoids parsing a whole (possibly huge) output to find its id.
const HEAD_BYTES = 4096;
const CALL_HEAD = /^\{"v":1,"type":"(call|completion)","time":"[^"\\]*","session":"(?:[^"\\]|\\.)*","callId":("(?:[^"\\]|\\.)*")/;

type RecordType = "call" | "completion";

export class CallIndex {
  private readonly calls = new Map<string, Entry>();
  /** Where each call's completion record sits: what the model was shown, and in which numbering. */
  private readonly completions = new Map<string, Entry>();
  /** Bytes of each file (by inode) already scanned; only committed lines count. */
  private readonly scanned = new Map<number, number>();
  /** Lines skipped while indexing (torn or foreign). */
  skippedLines = 0;

  constructor(readonly path: string) {}

  /** Records a location reported by the writer. */
  note(callId: string, location: RecordLocation & { type: RecordType }): void {
    const entry = { ino: location.ino, offset: location.offset, length: location.bytes - 1 };
    if (location.type === "call") {
      this.calls.set(callId, entry);
      this.completions.delete(callId); // a reused id: the older completion no longer applies
    } else this.completions.set(callId, entry);
  }

  /** The call record for `callId`, or undefined when the log has none. Throws the file system's error. */
  find(callId: string): CallRecord | undefined {
    return this.lookup(this.calls, "call", callId) as CallRecord | undefined;
  }

  /** The completion record of `callId`, or undefined when the call never completed. */
  findCompletion(callId: string): CompletionRecord | undefined {
    return this.lookup(this.completions, "completion", callId) as CompletionRecord | undefined;
  }

  private lookup(map: Map<string, Entry>, type: RecordType, callId: string): CallRecord | CompletionRecord | undefined {
    const files = this.filesByInode();
    const known = map.get(callId);
    if (known) {
      const record = this.load(files, known, type, callId);
      if (record) return record;
      map.delete(callId); // a stale location (concurrent appends or a dropped file)
    }
    this.scanNew(files);
    const found = map.get(callId);
    return found ? this.load(files, found, type, callId) : undefined;
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

  private load(files: Map<number, string>, entry: Entry, type: RecordType, callId: string): CallRecord | CompletionRecord | undefined {
    const file = files.get(entry.ino);
    if (!file) return undefined;
    const parsed = parseRecord(readRangeSync(file, entry.offset, entry.length).toString("utf8"));
    if (!("record" in parsed) || parsed.record.type !== type || parsed.record.callId !== callId) return undefined;
    return parsed.record;
  }

  /** Scans what was appended since the last scan, oldest file first (later records win). */
  private scanNew(files: Map<number, string>): void {
    for (const [ino, file] of files) {
      const from = this.scanned.get(ino) ?? 0;
      const { committed } = scanFileSync(file, from, (line) => {
        if (line.length === 0) return;
        const head = headOf(line.bytes, line.length);
        if (head === undefined) this.skippedLines++;
        else {
          const entry = { ino, offset: line.offset, length: line.length };
          if (head.type === "call") {
            this.calls.set(head.callId, entry);
            this.completions.delete(head.callId);
          } else this.completions.set(head.callId, entry);
        }
      }, { headBytes: HEAD_BYTES });
      this.scanned.set(ino, committed);
    }
  }
}

/** The type and call id of a record from its line's head; undefined when the line is not a record. */
function headOf(head: Buffer, length: number): { type: RecordType; callId: string } | undefined {
  const m = CALL_HEAD.exec(head.toString("utf8"));
  if (m) return { type: m[1] as RecordType, callId: JSON.parse(m[2]) as string };
  if (head.length < length) return undefined; // a foreign long line: not ours
  const parsed = parseRecord(head.toString("utf8"));
  if (!("record" in parsed)) return undefined;
  return { type: parsed.record.type, callId: parsed.record.callId };
}
