// Blocks that repeat: dozens of thread or goroutine dumps, the same failure
// report for every item. A block is a paragraph (a run of non-blank lines);
// two blocks are alike when their lines have the same templates (numbers,
// addresses and ids masked, shapes.ts), in order. A run of at least
// MIN_REPEATS alike blocks, separated by blank lines only, is a group: its
// first block stands for all of them, and a marker that leaves the others out
// says so ("23 blocks like lines 31–35"). Linear: one pass over the lines.
import { AlikeBlocks } from "../cut";
import { Shapes } from "./shapes";

/** Alike blocks in a row that make a group. */
const MIN_REPEATS: i32 = 3;
/** Groups kept, the first ones in the text (every marker counts them per gap). */
const MAX_GROUPS: i32 = 16;

/** Alike-block groups of the text `shapes` was built on. */
export function findRepeats(shapes: Shapes): AlikeBlocks {
  const r = new AlikeBlocks();
  const n = shapes.count;
  const text = shapes.text;
  // The current run of alike blocks: its signature, size, first block and the blocks after it.
  let runSig: u32 = 0;
  let runLen = 0;
  let runFirst = 0;
  let runFirstLast = 0;
  const pendingStarts = new Array<i32>();
  const pendingEnds = new Array<i32>();
  let i = 0;
  while (i <= n) {
    while (i < n && shapes.blank(i)) i++;
    let sig: u32 = 0;
    let a = i;
    if (i < n) {
      sig = 2166136261;
      while (i < n && !shapes.blank(i)) {
        sig = (sig ^ unchecked(shapes.templates[i])) * 16777619;
        i++;
      }
      sig = (sig ^ <u32>(i - a)) * 16777619 | 1;
    }
    if (sig != 0 && sig == runSig) {
      runLen++;
      pendingStarts.push(unchecked(shapes.starts[a]));
      pendingEnds.push(i < n ? unchecked(shapes.starts[i]) : text.length);
    } else {
      if (runLen >= MIN_REPEATS && r.count < MAX_GROUPS) {
        const g = r.count;
        r.firstLines.push(runFirst + 1);
        r.lastLines.push(runFirstLast + 1);
        for (let k = 0; k < pendingStarts.length; k++) {
          r.starts.push(unchecked(pendingStarts[k]));
          r.ends.push(unchecked(pendingEnds[k]));
          r.groups.push(g);
        }
      }
      runSig = sig;
      runLen = 1;
      runFirst = a;
      runFirstLast = i - 1;
      pendingStarts.length = 0;
      pendingEnds.length = 0;
    }
    if (sig == 0) break;
  }
  return r;
}
