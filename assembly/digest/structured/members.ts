// Walks the members of one indexed JSON container (json/index.ts) without
// copying it: each member's key (as a range, or decoded) and where its value
// lies, with the value's container ordinal when it is an object or array.
import { CharCode } from "../../util/chars";
import { JsonIndex, scalarEnd, skipJsonSpace } from "../../json";
import { decodeJsonString, scanJsonString } from "../../json/strings";
import { unitAt } from "../../util/lines";

/**
 * Walks the members of the container with ordinal k: an object's keys (as ranges of the text,
 * quotes included) and values, or an array's items (key -1).
 */
export class MemberWalk {
  keyStart: i32 = -1;
  keyEnd: i32 = -1;
  valueStart: i32 = 0;
  valueEnd: i32 = 0;
  /** Container ordinal of the value; -1 for a scalar. */
  ordinal: i32 = -1;
  private q: i32;
  private ord: i32;
  private close: i32;
  private inObject: bool;

  constructor(public s: string, public idx: JsonIndex, k: i32) {
    const open = unchecked(idx.opens[k]);
    this.inObject = unitAt(s, open) == CharCode.LBRACE;
    this.close = unchecked(idx.closes[k]);
    this.q = skipJsonSpace(s, open + 1, this.close);
    this.ord = k + 1;
  }

  /** Moves to the next member; false after the last one. */
  next(): bool {
    const s = this.s;
    const close = this.close;
    let v = this.q;
    if (v >= close) return false;
    if (this.inObject) {
      if (unitAt(s, v) != CharCode.DQUOTE) return false;
      const keyEnd = scanJsonString(s, v);
      if (keyEnd < 0) return false;
      this.keyStart = v;
      this.keyEnd = keyEnd;
      v = skipJsonSpace(s, keyEnd, close);
      v = skipJsonSpace(s, v + 1, close); // past ':'
    }
    const c = unitAt(s, v);
    if (c == CharCode.LBRACE || c == CharCode.LBRACKET) {
      const o = this.ord;
      this.ordinal = o;
      this.valueEnd = unchecked(this.idx.closes[o]) + 1;
      this.ord = unchecked(this.idx.nexts[o]);
    } else {
      this.ordinal = -1;
      this.valueEnd = scalarEnd(s, v, this.idx.end);
      if (this.valueEnd < 0) return false;
    }
    this.valueStart = v;
    let q = skipJsonSpace(s, this.valueEnd, close);
    if (q < close && unitAt(s, q) == CharCode.COMMA) q = skipJsonSpace(s, q + 1, close);
    this.q = q;
    return true;
  }
}

/** The members of one object, each key decoded. */
export class Members extends MemberWalk {
  /** Member number (0-based) of the current member; -1 before the first. */
  index: i32 = -1;
  key: string = "";

  /** The members of the object with ordinal `k` (which must be an object). */
  constructor(s: string, idx: JsonIndex, k: i32) {
    super(s, idx, k);
  }

  /**
   * Moves to the next member and decodes its key; false after the last one. (A method of its
   * own, not an override of next(): a walk's next() then needs no dispatch on the class.)
   */
  nextMember(): bool {
    if (!this.next()) return false;
    this.key = decodeJsonString(this.s, this.keyStart + 1, this.keyEnd - 1);
    this.index++;
    return true;
  }

  /** The current value is an object. */
  get isObject(): bool {
    return this.ordinal >= 0 && unitAt(this.s, this.valueStart) == CharCode.LBRACE;
  }
}

/** Ordinal of the object value of `key` in object `k`, or -1. */
export function objectMember(s: string, idx: JsonIndex, k: i32, key: string): i32 {
  const m = new Members(s, idx, k);
  while (m.nextMember()) if (m.key == key) return m.isObject ? m.ordinal : -1;
  return -1;
}
