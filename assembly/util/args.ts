// Reads fields of a tool call's arguments (JSON text) without building a tree:
// the pipeline needs one or two strings (a path, a command) from small objects.
import { decodeJsonString, scanJsonString } from "./json-strings";

function skipSpace(s: string, i: i32): i32 {
  while (i < s.length) {
    const c = s.charCodeAt(i);
    if (c != 0x20 && c != 0x09 && c != 0x0a && c != 0x0d) break;
    i++;
  }
  return i;
}

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
        const colon = skipSpace(json, end);
        if (colon < n && json.charCodeAt(colon) == 0x3a) {
          if (end - i - 2 == key.length && decodeJsonString(json, i + 1, end - 1) == key) return skipSpace(json, colon + 1);
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
