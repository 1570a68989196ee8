/**
 * A growable UTF-16 buffer whose length and contents can be edited in
 * place: the cleaner overwrites a line after '\r', erases its tail, and
 * compares lines with memory.compare, so it needs raw positions, which
 * StrBuf keeps private. The storage is itself a String block, so the
 * result is handed over without a final copy (see take()).
 */
export class UnitBuf {
  // A String object used as raw storage; its length is fixed up by take().
  private data: string;
  private cap: i32;
  /** Code units written; callers may shrink it (never beyond what was written). */
  len: i32 = 0;

  constructor(capacity: i32) {
    const cap = max(capacity, 64);
    this.cap = cap;
    this.data = changetype<string>(__new(<usize>cap << 1, idof<String>()));
  }

  /** Address of unit i. Valid until the next call that may grow the buffer. */
  // @ts-ignore: decorator
  @inline at(i: i32): usize {
    return changetype<usize>(this.data) + (<usize>i << 1);
  }

  /** Makes room for `total` units in all. */
  // @ts-ignore: decorator
  @inline reserve(total: i32): void {
    if (total > this.cap) this.grow(total);
  }

  private grow(total: i32): void {
    const cap = max(total, this.cap + (this.cap >> 1));
    this.data = changetype<string>(__renew(changetype<usize>(this.data), <usize>cap << 1));
    this.cap = cap;
  }

  /** Appends n units read from address src. */
  addUnits(src: usize, n: i32): void {
    if (n <= 0) return;
    this.reserve(this.len + n);
    memory.copy(this.at(this.len), src, <usize>n << 1);
    this.len += n;
  }

  addRange(s: string, start: i32, end: i32): void {
    this.addUnits(changetype<usize>(s) + (<usize>start << 1), end - start);
  }

  addString(s: string): void {
    this.addUnits(changetype<usize>(s), s.length);
  }

  addChar(c: i32): void {
    this.reserve(this.len + 1);
    store<u16>(this.at(this.len), <u16>c);
    this.len++;
  }

  /** Sets units [from, to) to c; the caller has reserved them. */
  fill(from: i32, to: i32, c: i32): void {
    for (let i = from; i < to; i++) store<u16>(this.at(i), <u16>c);
  }

  /** Opens a gap of n units at position i, moving [i, len) right. */
  insertGap(i: i32, n: i32): void {
    this.reserve(this.len + n);
    memory.copy(this.at(i + n), this.at(i), <usize>(this.len - i) << 1);
    this.len += n;
  }

  /** The units written, as a string. Hands the storage over: the buffer must not be used afterwards. */
  take(): string {
    const out = changetype<string>(__renew(changetype<usize>(this.data), <usize>this.len << 1));
    this.data = "";
    this.cap = 0;
    this.len = 0;
    return out;
  }
}
