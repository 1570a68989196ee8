// Where each call's records sit in the log: a row of numbers per call id instead of an object
// per record, because a long session indexes two records per call and objects (with their
// inode as a heap number) cost ~100 bytes each. A row has a slot per kind of record (a call's
// record and its completion): one lookup of the id serves both, and the completion written
// right after its call record finds the row without a lookup at all.
import { ChunkedMap, NumberColumn } from "../chunked.js";

export interface Entry {
  ino: number;
  offset: number;
  /** Bytes of the line, newline excluded. */
  length: number;
}

/** One kind of record's columns; a row's slot is empty while its inode is NaN. */
interface Slot {
  ino: NumberColumn;
  offset: NumberColumn;
  length: NumberColumn;
}

export class Locations {
  private readonly rows = new ChunkedMap<number>();
  /** Rows of deleted ids, reused before new ones. */
  private readonly free: number[] = [];
  private nextRow = 0;
  private readonly slots: Slot[];
  /** The id looked up last and its row (-1: it has none): records of one call come together. */
  private lastId: string | undefined;
  private lastRow = -1;

  /** `kinds`: how many kinds of record a row locates (slots 0 … kinds − 1). */
  constructor(kinds = 1) {
    this.slots = Array.from({ length: kinds }, () => ({ ino: new NumberColumn(), offset: new NumberColumn(), length: new NumberColumn() }));
  }

  get(callId: string, kind = 0): Entry | undefined {
    const row = this.rowOf(callId);
    if (row < 0) return undefined;
    const s = this.slots[kind]!;
    const ino = s.ino.get(row);
    if (Number.isNaN(ino)) return undefined;
    return { ino, offset: s.offset.get(row), length: s.length.get(row) };
  }

  set(callId: string, entry: Entry, kind = 0): void {
    let row = this.rowOf(callId);
    if (row < 0) {
      // The row a new id gets: no known id has it, so getting it back means the id was added.
      const free = this.free.length;
      const fresh = free > 0 ? this.free[free - 1]! : this.nextRow;
      row = this.rows.getOrAdd(callId, fresh);
      if (row === fresh) {
        if (free > 0) this.free.pop();
        else this.nextRow++;
        for (const s of this.slots) s.ino.set(row, NaN);
      }
      this.lastId = callId;
      this.lastRow = row;
    }
    const s = this.slots[kind]!;
    s.ino.set(row, entry.ino);
    s.offset.set(row, entry.offset);
    s.length.set(row, entry.length);
  }

  /** Forgets where the id's record of this kind sits; the id's row goes once none is left. */
  delete(callId: string, kind = 0): void {
    const row = this.rowOf(callId);
    if (row < 0) return;
    this.slots[kind]!.ino.set(row, NaN);
    for (const s of this.slots) if (!Number.isNaN(s.ino.get(row))) return;
    this.rows.delete(callId);
    this.free.push(row);
    this.lastId = undefined;
  }

  private rowOf(callId: string): number {
    if (callId === this.lastId) return this.lastRow;
    const row = this.rows.get(callId) ?? -1;
    this.lastId = callId;
    this.lastRow = row;
    return row;
  }
}
