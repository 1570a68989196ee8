import { isHighSurrogate, isSpace } from "./util/chars";
import { StrBuf } from "./util/strbuf";

/**
 * One line for a UI: whitespace runs become one space, ends trimmed, and at
 * most `max` UTF-16 code units, cut at a code-point boundary with "…".
 */
export function oneLine(text: string, max: i32 = 160): string {
  if (max <= 0) return "";
  const out = new StrBuf(min(text.length, max + 2));
  let pendingSpace = false;
  for (let i = 0, n = text.length; i < n; i++) {
    const c = <i32>text.charCodeAt(i);
    if (isSpace(c)) {
      pendingSpace = out.length > 0;
      continue;
    }
    if (pendingSpace) {
      out.addChar(0x20);
      pendingSpace = false;
    }
    out.addChar(c);
    // Enough to know it must be cut: stop scanning a 100 MB input early.
    if (out.length > max + 1) break;
  }
  if (out.length <= max) return out.toString();
  let cut = max - 1;
  if (cut > 0 && isHighSurrogate(out.charAt(cut - 1))) cut--;
  while (cut > 0 && out.charAt(cut - 1) == 0x20) cut--;
  out.truncate(cut);
  out.addChar(0x2026);
  return out.toString();
}
