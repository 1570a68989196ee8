// Walks the members of one indexed JSON object (util/json-index.ts) without
// copying it: each member's key (decoded) and where its value lies, with the
// value's container ordinal when it is an object or array.
import { CharCode } from "../../util/chars";
import { JsonIndex, scalarEnd, skipJsonSpace } from "../../json";
import { decodeJsonString, scanJsonString } from "../../json/strings";
import { unitAt } from "../../util/lines";

export class Members {
  /** Member number (0-based) of the current member; -1 before the first. */
  index: i32 = -1;
  key: string = "";
  valueStart: i32 = 0;
  valueEnd: i32 = 0;
  /** Container ordinal of the value; -1 for a scalar. */
  ordinal: i32 = -1;
  private q: i32;
  private ord: i32;
  private close: i32;

  /** The members of the object with ordinal `k` (which must be an object). */
  constructor(public s: string, public idx: JsonIndex, k: i32) {
    const open = unchecked(idx.opens[k]);
    this.close = unchecked(idx.closes[k]);
    this.q = skipJsonSpace(s, open + 1, this.close);
    this.ord = k + 1;
  }

  /** Moves to the next member; false after the last one. */
  next(): bool {
    const s = this.s;
    const close = this.close;
    if (this.q >= close || unitAt(s, this.q) != CharCode.DQUOTE) return false;
    const keyEnd = scanJsonString(s, this.q);
    if (keyEnd < 0) return false;
    this.key = decodeJsonString(s, this.q + 1, keyEnd - 1);
    let v = skipJsonSpace(s, keyEnd, close);
    v = skipJsonSpace(s, v + 1, close); // past ':'
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
    this.index++;
    let q = skipJsonSpace(s, this.valueEnd, close);
    if (q < close && unitAt(s, q) == CharCode.COMMA) q = skipJsonSpace(s, q + 1, close);
    this.q = q;
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
  while (m.next()) if (m.key == key) return m.isObject ? m.ordinal : -1;
  return -1;
}
