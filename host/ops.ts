// Typed wrappers over the core's exports. One function per export; the
// wire format (JSON strings, numeric codes) stays in this file.
import { callString } from "./core.js";

/** Whitespace collapsed, at most `max` UTF-16 units, cut with "…" at a code-point boundary. */
export function oneLine(text: string, max = 160): string {
  return callString("oneLine", text, max);
}
