// Lines a digest shows verbatim, collected in any order and handed to the
// Digest sorted (its ranges are merged only when they arrive in order), with
// the code points they cover so omittedChars is exact.
import { Digest } from "./types";
import { addClipped, clippedAway, LineIndex, MAX_SHOWN_LINE, Writer } from "./text";
import { CharCode } from "../../util/chars";
import { sortI32 } from "../../util/sort-ints";
import { sliceInts } from "../../util/int-slice";

export class KeptLines {
  private indices: Array<i32> = new Array<i32>();
  /** Code points of the input the model sees through the kept lines. */
  weight: i32 = 0;

  constructor(private lines: LineIndex) {}

  /** Line i (0-based) is shown, less `clipped` code points cut from its end. */
  add(i: i32, clipped: i32): void {
    this.indices.push(i);
    this.weight += this.lines.weight(i) - clipped;
  }

  get count(): i32 {
    return this.indices.length;
  }

  settle(d: Digest): void {
    const n = this.indices.length;
    const sorted = sliceInts(this.indices, 0, n);
    sortI32(sorted);
    for (let i = 0; i < n; i++) {
      const line = unchecked(sorted[i]) + 1;
      d.keep(line, line);
    }
    d.omittedChars = max(0, this.lines.codePoints - this.weight);
    d.truncated = d.omittedChars > 0;
  }
}

/** Line i of L, clipped to MAX_SHOWN_LINE, written to w with its line break, and kept. */
export function writeKeptLine(w: Writer, L: LineIndex, kept: KeptLines, i: i32): void {
  const a = L.start(i);
  const b = L.end(i);
  addClipped(w.out, L.text, a, b, MAX_SHOWN_LINE);
  w.out.addChar(CharCode.LF);
  kept.add(i, clippedAway(L.text, a, b, MAX_SHOWN_LINE));
}
