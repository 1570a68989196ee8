// A cut output's read hint, stated once. Every gap marker ends in the hint
// ("; read more: abridge_read id=… offset=41"), but after the first the hint only
// repeats the tool and id, and its offset is the marker's own first line
// ("lines 41–60 of 300"), so the model can read any gap from the first marker's
// example. A later marker's hint is dropped: some 60 chars a gap that carry nothing new.
// Only a hint that ends its line is dropped, as a marker's does (a marker quoted inside a
// JSON string is left as it is).
import { CharCode, isDigit } from "../../util/chars";
import { StrBuf } from "../../util/strbuf";

/** `text` with every read hint after the first that ends a line taken out. */
export function hintOnce(text: string, hint: string): string {
  const brace = hint.indexOf("{");
  const stem = brace < 0 ? hint : hint.substring(0, brace);
  if (stem.length == 0) return text;
  const out = new StrBuf(text.length);
  let copied = 0;
  let seen = false;
  for (let at = text.indexOf(stem); at >= 0; at = text.indexOf(stem, at + 1)) {
    const end = hintEnd(text, at, hint);
    if (end < 0) continue;
    if (seen) {
      out.addRange(text, copied, at);
      copied = end;
    }
    seen = true;
  }
  return copied == 0 ? text : out.addRange(text, copied, text.length).toString();
}

/**
 * Where the hint filled in at `at` ends, when it ends its line; -1 otherwise. What the
 * hint holds in braces ("{first}", "{last}") stands for a run of digits, as marker.ts
 * writes them; any other brace only makes the match fail, which keeps that hint.
 */
function hintEnd(text: string, at: i32, hint: string): i32 {
  const n = text.length;
  let i = at;
  for (let j = 0; j < hint.length; j++) {
    const c = hint.charCodeAt(j);
    if (c == CharCode.LBRACE) {
      const from = i;
      while (i < n && isDigit(text.charCodeAt(i))) i++;
      if (i == from) return -1;
      j = hint.indexOf("}", j);
    } else if (i < n && text.charCodeAt(i) == c) i++;
    else return -1;
  }
  return i == n || text.charCodeAt(i) == CharCode.LF ? i : -1;
}
