// File text as some tools print it: every line behind its number, as
// `cat -n` (`     1\tcode`) or a Read tool (`     1→code`). The digest reads
// the code without the numbers and numbers its own output from the first one.
import { CharCode, isDigit } from "../../util/chars";
import { findNewline, spaceRunEnd, unitAt } from "../../util/lines";
import { StrBuf } from "../../util/strbuf";

/** Lines checked before deciding that a text is numbered. */
const PROBE_LINES: i32 = 40;
const ARROW: i32 = 0x2192;

export class NumberedText {
  /** The text without the numbers (the input itself when it had none). */
  text: string = "";
  /** Number of the first line (1 when the text was not numbered). */
  firstLine: i32 = 1;
  numbered: bool = false;
}

/** Index just past the `N\t` / `N→` prefix of the line at `start`, and its number in `num`; -1 without one. */
function prefixEnd(s: string, start: i32, end: i32, num: StaticArray<i32>): i32 {
  let i = start;
  i = spaceRunEnd(s, i, end);
  const digits = i;
  let v = 0;
  while (i < end && isDigit(unitAt(s, i)) && i - digits < 9) {
    v = v * 10 + (unitAt(s, i) - CharCode._0);
    i++;
  }
  if (i == digits || i >= end) return -1;
  const c = unitAt(s, i);
  if (c != CharCode.TAB && c != ARROW) return -1;
  unchecked((num[0] = v));
  return i + 1;
}

export function stripLineNumbers(text: string): NumberedText {
  const r = new NumberedText();
  r.text = text;
  const n = text.length;
  const num = new StaticArray<i32>(1);
  // Every probed line must carry the next number.
  let pos = 0;
  let expect = -1;
  let probed = 0;
  while (pos < n && probed < PROBE_LINES) {
    const nl = findNewline(text, pos, n);
    const end = nl > pos && unitAt(text, nl - 1) == CharCode.CR ? nl - 1 : nl;
    if (prefixEnd(text, pos, end, num) < 0) {
      if (!(nl == n && end == pos)) return r;
    } else {
      const v = unchecked(num[0]);
      if (expect >= 0 && v != expect) return r;
      if (expect < 0) r.firstLine = v;
      expect = v + 1;
    }
    probed++;
    pos = nl + 1;
  }
  if (expect < 0 || r.firstLine < 1) {
    r.firstLine = 1;
    return r;
  }
  const out = new StrBuf(n);
  pos = 0;
  while (pos < n) {
    const nl = findNewline(text, pos, n);
    const end = nl > pos && unitAt(text, nl - 1) == CharCode.CR ? nl - 1 : nl;
    const body = prefixEnd(text, pos, end, num);
    out.addRange(text, body < 0 ? pos : body, min(nl + 1, n));
    pos = nl + 1;
  }
  r.text = out.toString();
  r.numbered = true;
  return r;
}
