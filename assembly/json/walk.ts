// Small reads of tool-call arguments beyond strings: booleans, integers and
// the items of an array (MultiEdit's `edits`, a command vector). Malformed
// JSON gives "absent", never a trap.
import { argValueAt } from "./args";
import { CharCode, isDigit, isUnitOf } from "../util/chars";
import { unitAt } from "../util/lines";
import { decodeJsonString, scanJsonString } from "./strings";

/** Index just after the JSON value that starts at i, or -1. */
export function valueEnd(json: string, i: i32): i32 {
  const n = json.length;
  if (i < 0 || i >= n) return -1;
  const c = unitAt(json, i);
  if (c == CharCode.DQUOTE) return scanJsonString(json, i);
  if (c == CharCode.LBRACE || c == CharCode.LBRACKET) {
    let depth = 0;
    for (let j = i; j < n; j++) {
      const d = unitAt(json, j);
      if (d == CharCode.DQUOTE) {
        const e = scanJsonString(json, j);
        if (e < 0) return -1;
        j = e - 1;
      } else if (d == CharCode.LBRACE || d == CharCode.LBRACKET) depth++;
      else if (d == CharCode.RBRACE || d == CharCode.RBRACKET) {
        if (--depth == 0) return j + 1;
      }
    }
    return -1;
  }
  let j = i;
  while (j < n) {
    const d = unitAt(json, j);
    if (ASC_SHRINK_LEVEL >= 2 ? isUnitOf(d, ",}] \n\r\t") : d == CharCode.COMMA || d == CharCode.RBRACE || d == CharCode.RBRACKET || d == CharCode.SPACE || d == CharCode.LF || d == CharCode.CR || d == CharCode.TAB) break;
    j++;
  }
  return j > i ? j : -1;
}

/** true / false for a top-level boolean `key`; `otherwise` when absent. */
export function argBool(json: string, key: string, otherwise: bool): bool {
  const at = argValueAt(json, key);
  if (at < 0) return otherwise;
  if (json.startsWith("true", at)) return true;
  if (json.startsWith("false", at)) return false;
  return otherwise;
}

/** The items of the top-level array `key`, each as its JSON text (strings still quoted). */
export function argArrayItems(json: string, key: string): Array<string> {
  const items = new Array<string>();
  const at = argValueAt(json, key);
  if (at < 0 || unitAt(json, at) != CharCode.LBRACKET) return items;
  const end = valueEnd(json, at);
  if (end < 0) return items;
  let i = at + 1;
  while (i < end - 1) {
    const c = unitAt(json, i);
    if (ASC_SHRINK_LEVEL >= 2 ? isUnitOf(c, " \n\r\t,") : c == CharCode.SPACE || c == CharCode.LF || c == CharCode.CR || c == CharCode.TAB || c == CharCode.COMMA) {
      i++;
      continue;
    }
    const e = valueEnd(json, i);
    if (e < 0) break;
    items.push(json.substring(i, e));
    i = e;
  }
  return items;
}

/** The value of a JSON string literal (with its quotes), or "" when it is not one. */
export function jsonStringValue(literal: string): string {
  if (literal.length < 2 || unitAt(literal, 0) != CharCode.DQUOTE) return "";
  const end = scanJsonString(literal, 0);
  return end == literal.length ? decodeJsonString(literal, 1, end - 1) : "";
}
