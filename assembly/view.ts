// View: one window of a text's lines, numbered, with a footer that says
// where the window sits and the exact offset of the next one.
import { addAnchor, contentEnd } from "./hashline";
import { CharCode } from "./util/chars";
import { codePoints, countNewlines, findNewline, lineCount, safeEnd } from "./util/lines";
import { StrBuf } from "./util/strbuf";

/** Lines shown when the caller passes no positive limit. */
export const DEFAULT_VIEW_LIMIT: i32 = 100;
/** Longer lines are cut at a code-point boundary with `… [N more chars]`. */
export const MAX_VIEW_LINE: i32 = 2000;

/**
 * Lines offset..offset+limit-1 (1-based; offset <= 0 means 1, limit <= 0
 * means DEFAULT_VIEW_LIMIT), each as `{n}: {line}`, or as a hashline
 * `{n}:{hh}|{line}` when `hashlines` is set, then a footer line:
 * `(showing lines X-Y of Z total; next: offset=Y+1)` or `…; end of file)`.
 * A '\r' terminator is not shown. A line over MAX_VIEW_LINE units is cut at
 * a code-point boundary and ends with `… [N more chars]` (N code points); a
 * hashline's hash is still that of the whole line.
 */
export function view(text: string, offset: i32, limit: i32, hashlines: bool): string {
  const n = text.length;
  const total = lineCount(text, countNewlines(text, 0, n));
  const first = offset > 0 ? offset : 1;
  const count = limit > 0 ? limit : DEFAULT_VIEW_LIMIT;
  const out = new StrBuf(min(n, count * 80) + 96);
  if (total == 0) return "(empty: 0 lines total)";
  if (first > total) {
    out.addLabelInt("(offset ", first).addLabelInt(" is past the end: ", total);
    out.add(total == 1 ? " line total; end of file)" : " lines total; end of file)");
    return out.toString();
  }
  let pos = 0;
  for (let line = 1; line < first; line++) pos = findNewline(text, pos, n) + 1;
  // first <= total here, so subtracting first cannot overflow.
  const last = count > total - first ? total : first + count - 1;
  for (let line = first; line <= last; line++) {
    const nl = findNewline(text, pos, n);
    if (hashlines) {
      addAnchor(out, line, text, pos, nl);
      out.addChar(CharCode.PIPE);
    } else {
      out.addInt(line).add(": ");
    }
    addCappedLine(out, text, pos, contentEnd(text, pos, nl));
    out.addChar(CharCode.LF);
    pos = nl + 1;
  }
  out.addLabelInt("(showing lines ", first).addChar(CharCode.MINUS).addInt(last).addLabelInt(" of ", total).add(" total; ");
  if (last < total) out.addLabelInt("next: offset=", last + 1).addChar(0x29);
  else out.add("end of file)");
  return out.toString();
}

function addCappedLine(out: StrBuf, s: string, start: i32, end: i32): void {
  if (end - start <= MAX_VIEW_LINE) {
    out.addRange(s, start, end);
    return;
  }
  const cut = safeEnd(s, start + MAX_VIEW_LINE);
  out.addRange(s, start, cut);
  out.addLabelCount("… [", codePoints(s, cut, end)).add(" more chars]");
}
