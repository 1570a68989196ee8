// Where each call record sits in the log, so repeated reads of a call do not
// rescan the file. Locations are keyed by inode: rotation renames files but
// keeps inodes, so a location stays valid after the file becomes `.1`.
import { statSync } from "node:fs";
import { scanFileSync, readRangeSync } from "./lines.js";
import { logFiles } from "./rotation.js";
import { parseRecord, type CallRecord } from "./schema.js";
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

export class CallIndex {
  private readonly calls = new Map<string, Entry>();
  /** Bytes of each file (by inode) already scanned; only committed lines count. */
  private readonly scanned = new Map<number, number>();
  /** Lines skipped while indexing (torn or foreign). */
  skippedLines = 0;

  constructor(readonly path: string) {}

  /** Records a location reported by the writer. */
  note(callId: string, location: RecordLocation): void {
    this.calls.set(callId, { ino: location.ino, offset: location.offset, length: location.bytes - 1 });
  }

  /** The call record for `callId`, or undefined when the log has none. Throws the file system's error. */
  find(callId: string): CallRecord | undefined {
    const files = this.filesByInode();
    const known = this.calls.get(callId);
    if (known) {
      const record = this.load(files, known, callId);
      if (record) return record;
      this.calls.delete(callId); // a stale location (concurrent appends or a dropped file)
    }
    this.scanNew(files);
    const found = this.calls.get(callId);
    return found ? this.load(files, found, callId) : undefined;
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

  private load(files: Map<number, string>, entry: Entry, callId: string): CallRecord | undefined {
    const file = files.get(entry.ino);
    if (!file) return undefined;
    const parsed = parseRecord(readRangeSync(file, entry.offset, entry.length).toString("utf8"));
    if (!("record" in parsed) || parsed.record.type !== "call" || parsed.record.callId !== callId) return undefined;
    return parsed.record;
  }

  /** Scans what was appended since the last scan, oldest file first (later records win). */
  private scanNew(files: Map<number, string>): void {
    for (const [ino, file] of files) {
      const from = this.scanned.get(ino) ?? 0;
      const { committed } = scanFileSync(file, from, (line) => {
        if (line.length === 0) return;
        const id = callIdOf(line.bytes, line.length);
        if (id === undefined) this.skippedLines++;
        else if (id !== null) this.calls.set(id, { ino, offset: line.offset, length: line.length });
      }, { headBytes: HEAD_BYTES });
      this.scanned.set(ino, committed);
    }
  }
}

/** The call id of a call record; null for a completion; undefined when the line is not a record. */
function callIdOf(head: Buffer, length: number): string | null | undefined {
  const m = CALL_HEAD.exec(head.toString("utf8"));
  if (m) return m[1] === "call" ? (JSON.parse(m[2]) as string) : null;
  if (head.length < length) return undefined; // a foreign long line: not ours
  const parsed = parseRecord(head.toString("utf8"));
  if (!("record" in parsed)) return undefined;
  return parsed.record.type === "call" ? parsed.record.callId : null;
}
