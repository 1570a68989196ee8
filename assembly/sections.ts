// Sections: a text split into before / relevant / after. The relevant lines
// come back as hashlines, verbatim, so an edit can anchor on them; the others
// only as line ranges, to be read on demand.
import { addHashlines } from "./hashline";
import { countNewlines, findNewline, lineCount } from "./util/lines";
import { StrBuf } from "./util/strbuf";

/**
 * start and end are 1-based inclusive line numbers; 0 or negative means
 * "default". Neither given: the middle third of the lines. Only start: start
 * to the last line. Only end: line 1 to end. Clamped to the text; when both
 * are given in reverse order they are swapped. Returns JSON
 * `{"totalLines":N,"before":{"first":1,"last":k}|null,
 *   "relevant":{"first":a,"last":b,"hashlines":"…"}|null,"after":{"first":…,"last":N}|null}`;
 * an empty section is null.
 */
export function sections(text: string, start: i32, end: i32): string {
  const n = text.length;
  const total = lineCount(text, countNewlines(text, 0, n));
  let first: i32;
  let last: i32;
  if (start <= 0 && end <= 0) {
    const third = total / 3;
    first = third + 1;
    last = total - third;
  } else {
    first = start > 0 ? start : 1;
    last = end > 0 ? end : total;
    if (start > 0 && end > 0 && first > last) {
      const t = first;
      first = last;
      last = t;
    }
  }
  first = max(first, 1);
  last = min(last, total);
  const out = new StrBuf(256);
  out.add('{"totalLines":').addInt(total);
  if (first > last) {
    // Nothing in range (empty text, or a range past the end).
    out.add(',"before":');
    addRange(out, 1, total);
    out.add(',"relevant":null,"after":null}');
    return out.toString();
  }
  out.add(',"before":');
  addRange(out, 1, first - 1);
  // Find the unit range of lines first..last.
  let pos = 0;
  for (let line = 1; line < first; line++) pos = findNewline(text, pos, n) + 1;
  let stop = pos;
  for (let line = first; line <= last; line++) stop = min(findNewline(text, stop, n) + 1, n);
  const body = new StrBuf(stop - pos + ((stop - pos) >> 2) + 16);
  addHashlines(body, text, pos, stop, first);
  out.add(',"relevant":{"first":').addInt(first).add(',"last":').addInt(last).add(',"hashlines":');
  out.addJson(body.toString());
  out.add('},"after":');
  addRange(out, last + 1, total);
  out.addChar(0x7d);
  return out.toString();
}

function addRange(out: StrBuf, first: i32, last: i32): void {
  if (first > last) {
    out.add("null");
    return;
  }
  out.add('{"first":').addInt(first).add(',"last":').addInt(last).addChar(0x7d);
}
