// Reads fields of a tool call's arguments (JSON text) without building a tree:
// the pipeline needs one or two strings (a path, a command) from small objects.
import { CharCode, isDigit } from "../util/chars";
import { skipJsonSpace } from "./scan";
import { decodeJsonString, scanJsonString } from "./strings";

/**
 * Index of the value of top-level `key` in the JSON object `json`, or -1.
 * Malformed JSON gives -1, never a trap.
 */
export function argValueAt(json: string, key: string): i32 {
  let depth = 0;
  for (let i = 0, n = json.length; i < n; i++) {
    const c = json.charCodeAt(i);
    if (c == 0x22) {
      const end = scanJsonString(json, i);
      if (end < 0) return -1;
      if (depth == 1) {
        const colon = skipJsonSpace(json, end, json.length);
        if (colon < n && json.charCodeAt(colon) == 0x3a) {
          if (end - i - 2 == key.length && decodeJsonString(json, i + 1, end - 1) == key) return skipJsonSpace(json, colon + 1, json.length);
        }
      }
      i = end - 1;
    } else if (c == 0x7b || c == 0x5b) depth++;
    else if (c == 0x7d || c == 0x5d) depth--;
  }
  return -1;
}

/** The string value of top-level `key`, or "" when absent or not a string. */
export function argString(json: string, key: string): string {
  const at = argValueAt(json, key);
  if (at < 0 || at >= json.length || json.charCodeAt(at) != 0x22) return "";
  const end = scanJsonString(json, at);
  return end < 0 ? "" : decodeJsonString(json, at + 1, end - 1);
}

/** The first non-empty string among `keys`. */
export function argFirstString(json: string, keys: string[]): string {
  for (let i = 0; i < keys.length; i++) {
    const v = argString(json, unchecked(keys[i]));
    if (v.length > 0) return v;
  }
  return "";
}

/** The non-negative integer value of top-level `key` (a number or a numeric string), or -1. */
export function argInt(json: string, key: string): i32 {
  let i = argValueAt(json, key);
  if (i < 0) return -1;
  if (i < json.length && json.charCodeAt(i) == CharCode.DQUOTE) i++;
  return digitsAt(json, i);
}

/** The digits at `i` as a number (capped at 10^9), or -1 when there are none. */
export function digitsAt(s: string, i: i32): i32 {
  let v: i64 = 0;
  let any = false;
  while (i < s.length && isDigit(s.charCodeAt(i)) && v < 1000000000) {
    v = v * 10 + (s.charCodeAt(i) - CharCode._0);
    any = true;
    i++;
  }
  return any ? <i32>min(v, 1000000000) : -1;
}
