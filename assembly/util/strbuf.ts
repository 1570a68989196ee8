import { isHighSurrogate, isLowSurrogate } from "./chars";

/**
 * A growable UTF-16 buffer. Concatenating AS strings in a loop copies the
 * whole prefix every time; every builder in the core appends here instead.
 */
export class StrBuf {
  // Managed, so the collector frees it with the builder.
  private data: ArrayBuffer;
  private cap: i32;
  private len: i32 = 0;

  constructor(capacity: i32 = 256) {
    const cap = max(capacity, 16);
    this.cap = cap;
    this.data = new ArrayBuffer(cap << 1);
  }

  private get buf(): usize {
    return changetype<usize>(this.data);
  }

  get length(): i32 {
    return this.len;
  }

  /** Code unit at index i of what has been written so far. */
  charAt(i: i32): i32 {
    return load<u16>(this.buf + (<usize>i << 1));
  }

  private ensure(extra: i32): void {
    const need = this.len + extra;
    if (need <= this.cap) return;
    let cap = this.cap << 1;
    while (cap < need) cap <<= 1;
    const next = new ArrayBuffer(cap << 1);
    memory.copy(changetype<usize>(next), this.buf, <usize>this.len << 1);
    this.data = next;
    this.cap = cap;
  }

  add(s: string): StrBuf {
    return this.addRange(s, 0, s.length);
  }

  /** Appends s[start, end) verbatim. */
  addRange(s: string, start: i32, end: i32): StrBuf {
    const n = end - start;
    if (n <= 0) return this;
    this.ensure(n);
    memory.copy(this.buf + (<usize>this.len << 1), changetype<usize>(s) + (<usize>start << 1), <usize>n << 1);
    this.len += n;
    return this;
  }

  addChar(c: i32): StrBuf {
    this.ensure(1);
    store<u16>(this.buf + (<usize>this.len << 1), <u16>c);
    this.len++;
    return this;
  }

  addRepeat(c: i32, n: i32): StrBuf {
    if (n <= 0) return this;
    this.ensure(n);
    for (let i = 0; i < n; i++) store<u16>(this.buf + (<usize>(this.len + i) << 1), <u16>c);
    this.len += n;
    return this;
  }

  addInt(n: i64): StrBuf {
    return this.add(n.toString());
  }

  /** Appends `label`, then n in decimal (`"lines":12`): one call in place of two. */
  // @ts-ignore: decorator
  @inline addLabelInt(label: string, n: i64): StrBuf {
    return this.add(label).addInt(n);
  }

  /** Appends n with thousands separators: 30000 -> "30,000". */
  addCount(n: i64): StrBuf {
    return this.add(formatCount(n));
  }

  /** Appends `label`, then n as addCount() writes it (`12,480 lines`): one call in place of two. */
  // @ts-ignore: decorator
  @inline addLabelCount(label: string, n: i64): StrBuf {
    return this.add(label).addCount(n);
  }

  /** Appends s[start, end) as the body of a JSON string (no quotes). */
  addJsonRange(s: string, start: i32, end: i32): StrBuf {
    this.ensure(end - start + 2);
    const base = changetype<usize>(s);
    let run = start;
    let i = start;
    while (true) {
      // Runs that need no escape are found 8 units at a time and copied whole.
      i = nextJsonSpecial(base, i, end);
      if (i >= end) break;
      const c = <i32>load<u16>(base + (<usize>i << 1));
      if (isHighSurrogate(c) && i + 1 < end && isLowSurrogate(<i32>load<u16>(base + (<usize>(i + 1) << 1)))) {
        i += 2;
        continue;
      }
      this.addRange(s, run, i);
      run = i + 1;
      i++;
      if (c >= 0xd800) {
        // A lone surrogate: JSON cannot carry it.
        this.addChar(0xfffd);
        continue;
      }
      this.addChar(0x5c);
      if (c == 0x22) this.addChar(0x22);
      else if (c == 0x5c) this.addChar(0x5c);
      else if (c == 0x0a) this.addChar(0x6e);
      else if (c == 0x0d) this.addChar(0x72);
      else if (c == 0x09) this.addChar(0x74);
      else {
        this.add("u00");
        this.addChar(hexDigit(c >> 4));
        this.addChar(hexDigit(c & 15));
      }
    }
    return this.addRange(s, run, end);
  }

  /** Appends s as a quoted JSON string. */
  addJson(s: string): StrBuf {
    this.addChar(0x22);
    this.addJsonRange(s, 0, s.length);
    return this.addChar(0x22);
  }

  /** Appends `label`, then s as addJson() writes it (`"path":"a.ts"`): one call in place of two. */
  // @ts-ignore: decorator
  @inline addLabelJson(label: string, s: string): StrBuf {
    return this.add(label).addJson(s);
  }


  /** Drops everything after the first n code units. */
  truncate(n: i32): void {
    if (n < this.len) this.len = max(n, 0);
  }

  toString(): string {
    const out = changetype<string>(__new(<usize>this.len << 1, idof<String>()));
    memory.copy(changetype<usize>(out), this.buf, <usize>this.len << 1);
    return out;
  }
}

/**
 * Index of the first unit in [i, end) of the UTF-16 data at base that a JSON string
 * cannot hold as it is (a control, '"', '\\', a surrogate), or `end`. 8 units a step,
 * but in the size-optimised build (the component's).
 */
export function nextJsonSpecial(base: usize, i: i32, end: i32): i32 {
  const space = i16x8.splat(0x20);
  const quote = i16x8.splat(0x22);
  const backslash = i16x8.splat(0x5c);
  const surMask = i16x8.splat(<i16>0xf800);
  const sur = i16x8.splat(<i16>0xd800);
  for (; ASC_SHRINK_LEVEL < 2 && i + 8 <= end; i += 8) {
    const v = v128.load(base + (<usize>i << 1));
    const hit = v128.or(v128.or(i16x8.lt_u(v, space), i16x8.eq(v, quote)), v128.or(i16x8.eq(v, backslash), i16x8.eq(v128.and(v, surMask), sur)));
    if (v128.any_true(hit)) return i + ctz<i32>(i16x8.bitmask(hit));
  }
  for (; i < end; i++) {
    const c = <i32>load<u16>(base + (<usize>i << 1));
    if (c < 0x20 || c == 0x22 || c == 0x5c || (c & 0xf800) == 0xd800) return i;
  }
  return end;
}

// @ts-ignore: decorator
@inline function hexDigit(d: i32): i32 {
  return d < 10 ? 0x30 + d : 0x61 + d - 10;
}

/**
 * n in decimal: the core's one integer printer. An i32's or u32's toString is a copy of
 * its own, which the size-optimised build would carry beside the i64's.
 */
export function decimal(n: i64): string {
  return n.toString();
}

/** n with thousands separators: 1234567 -> "1,234,567". */
export function formatCount(n: i64): string {
  const neg = n < 0;
  const digits = (neg ? -n : n).toString();
  const len = digits.length;
  if (len <= 3) return neg ? "-" + digits : digits;
  let out = neg ? "-" : "";
  let first = len % 3;
  if (first == 0) first = 3;
  out += digits.substring(0, first);
  for (let i = first; i < len; i += 3) out += "," + digits.substring(i, i + 3);
  return out;
}
