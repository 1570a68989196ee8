// Last resort when the core traps: a plain head/tail cut at line boundaries,
// in TypeScript, with the same marker shape. Slow but dependency-free.

function codePoints(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) i++;
    }
    n++;
  }
  return n;
}

/** Backs `end` off so that s.slice(0, end) does not end inside a surrogate pair. */
function safeEnd(s: string, end: number): number {
  if (end > 0 && end < s.length) {
    const c = s.charCodeAt(end - 1);
    if (c >= 0xd800 && c <= 0xdbff) return end - 1;
  }
  return end;
}

/** Moves `start` forward so that s.slice(start) does not begin inside a surrogate pair. */
function safeStart(s: string, start: number): number {
  if (start > 0 && start < s.length) {
    const c = s.charCodeAt(start);
    if (c >= 0xdc00 && c <= 0xdfff) return start + 1;
  }
  return start;
}

function lineOf(s: string, index: number): number {
  let line = 1;
  for (let i = s.indexOf("\n"); i !== -1 && i < index; i = s.indexOf("\n", i + 1)) line++;
  return line;
}

const fmt = (n: number) => n.toLocaleString("en-US");

/** Head/tail truncation; never exceeds `budget` UTF-16 units. */
export function fallbackTruncate(text: string, budget: number, headRatio: number): { text: string; omittedChars: number } {
  if (text.length <= budget) return { text, omittedChars: 0 };
  if (budget <= 0) return { text: "", omittedChars: codePoints(text) };
  const totalLines = lineOf(text, text.length);
  // Reserve room for the longest marker this text could need.
  const reserve = `\n[...${fmt(text.length)} chars omitted...] lines ${fmt(totalLines)}–${fmt(totalLines)} of ${fmt(totalLines)}\n`.length;
  const room = budget - reserve;
  if (room <= 0) {
    const marker = `[...${fmt(codePoints(text))} chars omitted...]`;
    return { text: marker.length <= budget ? marker : "", omittedChars: codePoints(text) };
  }
  let headEnd = safeEnd(text, Math.floor(room * headRatio));
  const nl = text.lastIndexOf("\n", headEnd - 1);
  if (nl > 0) headEnd = nl + 1;
  let tailStart = safeStart(text, text.length - (room - headEnd));
  const nl2 = text.indexOf("\n", tailStart - 1);
  if (nl2 !== -1 && nl2 + 1 < text.length) tailStart = nl2 + 1;
  const omitted = text.slice(headEnd, tailStart);
  const omittedChars = codePoints(omitted);
  const first = lineOf(text, headEnd);
  const last = lineOf(text, Math.max(headEnd, tailStart - 1));
  const marker = `[...${fmt(omittedChars)} chars omitted...] lines ${fmt(first)}–${fmt(last)} of ${fmt(totalLines)}`;
  const head = text.slice(0, headEnd);
  const sep = head.endsWith("\n") || head === "" ? "" : "\n";
  return { text: `${head}${sep}${marker}\n${text.slice(tailStart)}`, omittedChars };
}
