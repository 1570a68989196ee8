// Reads a top-level array of strings from a tool call's arguments (JSON
// text), e.g. Codex's `"command": ["bash", "-lc", "…"]`.
import { skipJsonSpace } from "./scan";
import { argValueAt } from "./args";
import { decodeJsonString, scanJsonString } from "./strings";

/**
 * The strings of top-level `key` when its value is an array of strings;
 * null when absent, not an array, or malformed. Never traps.
 */
export function argStringList(json: string, key: string): string[] | null {
  let i = argValueAt(json, key);
  if (i < 0 || i >= json.length || json.charCodeAt(i) != 0x5b) return null;
  const out = new Array<string>();
  i = skipJsonSpace(json, i + 1, json.length);
  if (i < json.length && json.charCodeAt(i) == 0x5d) return out;
  while (i < json.length) {
    if (json.charCodeAt(i) != 0x22) return null;
    const end = scanJsonString(json, i);
    if (end < 0) return null;
    out.push(decodeJsonString(json, i + 1, end - 1));
    i = skipJsonSpace(json, end, json.length);
    if (i >= json.length) return null;
    const c = json.charCodeAt(i);
    if (c == 0x5d) return out;
    if (c != 0x2c) return null;
    i = skipJsonSpace(json, i + 1, json.length);
  }
  return null;
}
