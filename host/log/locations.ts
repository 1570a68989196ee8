// Where each call's records sit in the log: a row of three numbers per call id
// instead of an object per record, because a long session indexes two records
// per call and objects (with their inode as a heap number) cost ~100 bytes each.
import { ChunkedMap, NumberColumn } from "../chunked.js";

export interface Entry {
  ino: number;
  offset: number;
  /** Bytes of the line, newline excluded. */
  length: number;
}

export class Locations {
  private readonly rows = new ChunkedMap<number>();
  /** Rows of deleted ids, reused before new ones. */
  private readonly free: number[] = [];
  private nextRow = 0;
  private readonly ino = new NumberColumn();
  private readonly offset = new NumberColumn();
  private readonly length = new NumberColumn();

  get(callId: string): Entry | undefined {
    const row = this.rows.get(callId);
    if (row === undefined) return undefined;
    return { ino: this.ino.get(row), offset: this.offset.get(row), length: this.length.get(row) };
  }

  set(callId: string, entry: Entry): void {
    let row = this.rows.get(callId);
    if (row === undefined) {
      row = this.free.pop() ?? this.nextRow++;
      this.rows.set(callId, row);
    }
    this.ino.set(row, entry.ino);
    this.offset.set(row, entry.offset);
    this.length.set(row, entry.length);
  }

  delete(callId: string): void {
    const row = this.rows.get(callId);
    if (row === undefined) return;
    this.rows.delete(callId);
    this.free.push(row);
  }
}
