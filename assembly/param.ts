// Abridged tool-call parameters for display: a long multi-line value becomes
// `[N lines]`, another long value its first `maxChars` units and "...".
import { abridgeJsonStrings } from "./json/strings";
import { countNewlines, lineCount, safeEnd } from "./util/lines";
import { StrBuf } from "./util/strbuf";

/**
 * A value of at most `maxChars` UTF-16 units is returned unchanged. A longer one
 * of more than 3 lines becomes `[N lines]` (N counted like everywhere in the
 * core: a final '\n' does not start another line); any other longer one is
 * cut to its first `maxChars` units (never between the halves of a surrogate pair)
 * followed by "...".
 */
export function abridgeParam(value: string, maxChars: i32): string {
  const n = value.length;
  if (n <= maxChars) return value;
  const lines = lineCount(value, countNewlines(value, 0, n));
  const out = new StrBuf(max(maxChars, 0) + 16);
  if (lines > 3) {
    out.addChar(0x5b).addCount(lines).add(" lines]");
  } else {
    out.addRange(value, 0, safeEnd(value, max(maxChars, 0))).add("...");
  }
  return out.toString();
}

/**
 * abridgeParam applied to every string value (not object keys) of a JSON
 * document, at any depth, arrays included. Returns valid JSON: the input's
 * text with only the abridged strings replaced, or the input unchanged when
 * it is not valid JSON.
 */
export function abridgeArgs(argsJson: string, maxChars: i32): string {
  return abridgeJsonStrings(argsJson, maxChars, abridgeParam);
}
