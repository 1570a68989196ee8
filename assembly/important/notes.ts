// Notes each flagged line while the pass over the lines (Shapes) holds it: its message
// key (novel.ts) and what its own text says of its keyword (refine.ts, wordVerdict). In a
// long log the flagged lines are read again long after that pass, from memory the cache
// no longer holds; what those later steps need of each line alone is worked out here.
import { Kind } from "./kinds";
import { messageKey } from "./novel";
import { wordVerdict } from "./refine";
import { NO_WORDS, Scan } from "./scan";
import { LineVisitor } from "./shapes";

export class LineNoter extends LineVisitor {
  private notes: StaticArray<u64>;
  /** The next entry of the scan to note, and the line read before. */
  private next: i32 = 0;
  private prevPos: i32 = -1;
  private prevEnd: i32 = 0;

  /** Notes the lines `scan` flags (into scan.notes) as they are read. */
  constructor(private scan: Scan) {
    super();
    const notes = new StaticArray<u64>(scan.totalLines);
    this.notes = notes;
    scan.notes = notes;
  }

  line(text: string, pos: i32, t: i32, end: i32, nl: i32, lineNo: i32, digits: i32, tokens: i32): void {
    const scan = this.scan;
    const h = this.next;
    if (h < scan.count && unchecked(scan.lineNumbers[h]) == lineNo) {
      this.next = h + 1;
      const key = messageKey(text, unchecked(scan.lineStarts[h]), unchecked(scan.lineEnds[h]));
      const kind = unchecked(scan.kinds[h]);
      const verdict = kind != Kind.Summary && kind != Kind.Exit ? wordVerdict(text, pos, end, this.prevPos, this.prevEnd, unchecked(scan.hits[h])) : 0;
      unchecked((this.notes[lineNo - 1] = (<u64>verdict << 32) | <u64>(key == 0 ? NO_WORDS : key)));
    }
    this.prevPos = pos;
    this.prevEnd = end;
  }
}
