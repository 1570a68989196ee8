// The block blockOf keeps around one flagged line, written as the specs compare it.
import { Block, blockOf } from "../../../assembly/important/blocks";

/** The text of the block of line `lineNo` (1-based) of `s`, flagged as `kind`. */
export function blockText(s: string, lineNo: i32, kind: i32): string {
  let start = 0;
  for (let k = 1; k < lineNo; k++) start = s.indexOf("\n", start) + 1;
  let end = s.indexOf("\n", start);
  if (end < 0) end = s.length;
  const block = new Block();
  blockOf(s, start, end, lineNo, kind, block);
  return s.substring(block.start, block.end);
}
