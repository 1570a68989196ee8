// What a summarizer needs besides the digest, derived in the same call as the digest so a
// call crosses into the core once: the cleaned text, its error lines verbatim, and for a
// file its before / relevant / after sections and outline.
import { Category } from "./category";
import { DigestContext } from "./digest/shared/types";
import { rankOf } from "./important/kinds";
import { scanImportant } from "./important/scan";
import { languageOf } from "./outline/language";
import { outline } from "./outline/outline";
import { sections } from "./sections";
import { StrBuf } from "./util/strbuf";

/** Error lines handed to the summarizer to keep verbatim: at most this many. */
const MAX_ERROR_LINES: i32 = 20;

function isBlank(s: string, start: i32, end: i32): bool {
  for (let i = start; i < end; i++) {
    const c = s.charCodeAt(i);
    if (c != 0x20 && c != 0x09 && c != 0x0d) return false;
  }
  return true;
}

/** `{"text":…,"errorLines":[…],"sections":{…}|null,"outline":[…]|null}` for a cleaned output. */
export function detailsJson(cleaned: string, category: i32, ctx: DigestContext): string {
  const out = new StrBuf(cleaned.length + 512);
  out.addLabelJson('{"text":', cleaned);
  out.add(',"errorLines":[');
  const scan = scanImportant(cleaned);
  let written = 0;
  for (let i = 0; i < scan.count && written < MAX_ERROR_LINES; i++) {
    if (rankOf(unchecked(scan.kinds[i])) < 3) continue;
    const start = unchecked(scan.lineStarts[i]);
    const end = unchecked(scan.lineEnds[i]);
    if (isBlank(cleaned, start, end)) continue;
    if (written++ > 0) out.addChar(0x2c);
    out.addJson(cleaned.substring(start, end));
  }
  out.addChar(0x5d);
  if (category == Category.FileContent) {
    out.add(',"sections":').add(sections(cleaned, 0, 0));
    out.add(',"outline":').add(outline(cleaned, languageOf(ctx.call.path, cleaned)));
  } else {
    out.add(',"sections":null,"outline":null');
  }
  out.addChar(0x7d);
  return out.toString();
}
