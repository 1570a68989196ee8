// The error lines of a command's output (the core's rank-3 flagged lines:
// compiler errors, tracebacks, failed tests) and how many the model was shown.
import { importantLines } from "../core-api.js";

/** Verbatim error lines of a cleaned output, in order, blank ones left out. */
export function errorLines(cleaned: string): string[] {
  const wanted = new Set(importantLines(cleaned).filter((b) => b.rank === 3).flatMap((b) => b.flagged));
  if (wanted.size === 0) return [];
  const out: string[] = [];
  let n = 1;
  let start = 0;
  while (start <= cleaned.length) {
    const nl = cleaned.indexOf("\n", start);
    const end = nl === -1 ? cleaned.length : nl;
    if (wanted.has(n)) {
      const line = cleaned.slice(start, end).replace(/\r$/, "");
      if (line.trim() !== "") out.push(line);
    }
    if (nl === -1) break;
    start = nl + 1;
    n++;
  }
  return out;
}

/** How many of `lines` the model saw verbatim. */
export function keptCount(lines: string[], llmContent: string): number {
  return lines.filter((line) => llmContent.includes(line)).length;
}
