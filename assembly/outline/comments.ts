// Which lines of a config file say something: not blank, not only a comment.
// Many config files are mostly comments (a php.ini, Maven's settings.xml, an
// sshd_config): their first page says little, their settings say a lot.
import { CharCode } from "../util/chars";
import { blanksStart, unitAt } from "../util/lines";
import { Lines } from "./text-lines";
import { isWordOf } from "../util/words";

/**
 * One flag per line (0-based; 1 or 0, as i32: each kind of array takes room), 1 for a line with content in `language`
 * ("yaml", "toml", "csv", "tsv": `#` comments; "ini": `#` and `;`; "xml":
 * `<!-- -->`, which may span lines). Other languages: every non-blank line.
 */
export function contentLines(text: string, language: string): Array<i32> {
  const out = new Array<i32>();
  const l = new Lines(text);
  // Tables (zone.tab, many TSV and CSV files) mark comments with '#' too.
  const hash = isWordOf(language, "yaml toml ini csv tsv");
  const semicolon = language == "ini";
  const xml = language == "xml";
  const yaml = language == "yaml";
  let inComment = false;
  /** In YAML, lines indented deeper than this are a block scalar's text (`run: |`), '#' included. */
  let blockIndent = -1;
  while (l.advance()) {
    const fnb = l.firstNonBlank();
    if (xml) {
      out.push(xmlLineHasContent(l, fnb, inComment));
      inComment = xmlCommentOpen;
      continue;
    }
    if (fnb >= l.end) {
      out.push(false);
      continue;
    }
    const indent = fnb - l.start;
    if (blockIndent >= 0) {
      if (indent > blockIndent) {
        out.push(true);
        continue;
      }
      blockIndent = -1;
    }
    const c = l.at(fnb);
    const comment = (hash && c == CharCode.HASH) || (semicolon && c == CharCode.SEMICOLON);
    out.push(!comment);
    if (yaml && !comment && opensBlockScalar(l)) blockIndent = indent;
  }
  return out;
}

/** A YAML line whose value is a block scalar indicator: `key: |`, `- >-`, `run: |2`. */
function opensBlockScalar(l: Lines): bool {
  const s = l.text;
  let e = l.end;
  e = blanksStart(s, l.start, e);
  let i = e;
  while (i > l.start) {
    const c = unitAt(s, i - 1);
    if (!(c == CharCode.MINUS || c == CharCode.PLUS || (c >= CharCode._0 && c <= CharCode._9))) break;
    i--;
  }
  if (i <= l.start) return false;
  const indicator = unitAt(s, i - 1);
  if (indicator != CharCode.PIPE && indicator != CharCode.GT) return false;
  if (i - 1 == l.firstNonBlank()) return true;
  const before = i - 2 >= l.start ? unitAt(s, i - 2) : 0;
  if (before != CharCode.SPACE && before != CharCode.TAB) return false;
  let j = i - 2;
  while (j > l.start && (unitAt(s, j) == CharCode.SPACE || unitAt(s, j) == CharCode.TAB)) j--;
  const prev = unitAt(s, j);
  return prev == CharCode.COLON || (prev == CharCode.MINUS && j == l.firstNonBlank());
}

/** Whether an XML comment is still open at the end of the line xmlLineHasContent read. */
let xmlCommentOpen = false;

function xmlLineHasContent(l: Lines, from: i32, inComment: bool): bool {
  const s = l.text;
  let content = false;
  let i = from;
  while (i < l.end) {
    if (inComment) {
      if (unitAt(s, i) == CharCode.MINUS && l.startsWith(i, "-->")) {
        inComment = false;
        i += 3;
        continue;
      }
      i++;
      continue;
    }
    const c = unitAt(s, i);
    if (c == CharCode.LT && l.startsWith(i, "<!--")) {
      inComment = true;
      i += 4;
      continue;
    }
    if (c != CharCode.SPACE && c != CharCode.TAB) content = true;
    i++;
  }
  xmlCommentOpen = inComment;
  return content;
}
