// Sections: a text split into before / relevant / after. The relevant lines
// come back as hashlines, verbatim, so an edit can anchor on them; the others
// only as line ranges, to be read on demand.
import { addHashlines } from "./hashline";
import { countNewlines, findNewline, lineCount } from "./util/lines";
import { StrBuf } from "./util/strbuf";

/** A text's lines split for sections(): lines [first, last] are the relevant ones. */
export class Sections {
  constructor(
    public totalLines: i32,
    /** Past `last` when nothing is in range: every line is before. */
    public first: i32,
    public last: i32,
    /** The relevant lines as hashlines ("" when there are none). */
    public hashlines: string,
  ) {}

  get hasRelevant(): bool {
    return this.first <= this.last;
  }
}

/**
 * start and end are 1-based inclusive line numbers; 0 or negative means
 * "default". Neither given: the middle third of the lines. Only start: start
 * to the last line. Only end: line 1 to end. Clamped to the text; when both
 * are given in reverse order they are swapped.
 */
export function sectionsOf(text: string, start: i32, end: i32): Sections {
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
  // Nothing in range (empty text, or a range past the end).
  if (first > last) return new Sections(total, first, last, "");
  // Find the unit range of lines first..last.
  let pos = 0;
  for (let line = 1; line < first; line++) pos = findNewline(text, pos, n) + 1;
  let stop = pos;
  for (let line = first; line <= last; line++) stop = min(findNewline(text, stop, n) + 1, n);
  const body = new StrBuf(stop - pos + ((stop - pos) >> 2) + 16);
  addHashlines(body, text, pos, stop, first);
  return new Sections(total, first, last, body.toString());
}

/**
 * sectionsOf() as JSON:
 * `{"totalLines":N,"before":{"first":1,"last":k}|null,
 *   "relevant":{"first":a,"last":b,"hashlines":"…"}|null,"after":{"first":…,"last":N}|null}`;
 * an empty section is null.
 */
export function sections(text: string, start: i32, end: i32): string {
  const s = sectionsOf(text, start, end);
  const total = s.totalLines;
  const out = new StrBuf(256);
  out.addLabelInt('{"totalLines":', total);
  if (!s.hasRelevant) {
    out.add(',"before":');
    addRange(out, 1, total);
    out.add(',"relevant":null,"after":null}');
    return out.toString();
  }
  out.add(',"before":');
  addRange(out, 1, s.first - 1);
  out.addLabelInt(',"relevant":{"first":', s.first).addLabelInt(',"last":', s.last).add(',"hashlines":');
  out.addJson(s.hashlines);
  out.add('},"after":');
  addRange(out, s.last + 1, total);
  out.addChar(0x7d);
  return out.toString();
}

function addRange(out: StrBuf, first: i32, last: i32): void {
  if (first > last) {
    out.add("null");
    return;
  }
  out.addLabelInt('{"first":', first).addLabelInt(',"last":', last).addChar(0x7d);
}
