// Finds the omission markers in what the model saw and says in words what
// each one means (assembly/marker.ts writes them).

/** `[...N chars omitted...] lines A–B of T (partial); incl. …; hint` */
const MARKER = /\[\.\.\.([\d,]+) chars omitted\.\.\.\](?: lines? ([\d,]+)(?:–([\d,]+))? of ([\d,]+)( \(partial\))?)?([^\n]*)/;
/** Digest footers that stand for omitted items: `…+12 items`, `(+3 more files)`, `+40 more lines`. */
const ITEMS = /(?:…\+[\d,]+ (?:items?|keys?|chars)|\+[\d,]+ more (?:lines?|files?|entries|entry|keys|matches|symbols)|\(\+[\d,]+ chars\))/;

export interface Marker {
  /** 0-based line of llmContent. */
  line: number;
  text: string;
  omittedChars?: number;
  first?: number;
  last?: number;
  total?: number;
  partial?: boolean;
  /** "; incl. 2 error lines" without the "; incl. " */
  hidden?: string;
  /** The retrieval call the marker names, e.g. `abridge_read id=call_1 offset=20`. */
  readMore?: string;
}

const int = (s: string | undefined) => (s === undefined ? undefined : Number(s.replace(/,/g, "")));

export function findMarkers(llmContent: string): Marker[] {
  const found: Marker[] = [];
  llmContent.split("\n").forEach((text, line) => {
    const m = MARKER.exec(text);
    if (m) {
      const tail = m[6] ?? "";
      const hidden = /; incl\. ([^;]+)/.exec(tail)?.[1];
      const readMore = /read more: ([^;\]]+)/.exec(tail)?.[1]?.trim();
      found.push({ line, text, omittedChars: int(m[1]), first: int(m[2]), last: int(m[3] ?? m[2]), total: int(m[4]), partial: m[5] !== undefined, hidden, readMore });
    } else if (ITEMS.test(text)) {
      found.push({ line, text });
    }
  });
  return found;
}

/** One sentence per marker, for a reader who has never seen one. */
export function explainMarker(m: Marker, logHint?: (first: number) => string): string {
  if (m.omittedChars === undefined) return `“${m.text.trim()}”: the digest counts what it left out instead of showing it.`;
  const n = m.omittedChars.toLocaleString("en-US");
  let s = `${n} characters`;
  if (m.first !== undefined && m.total !== undefined) {
    s += m.first === m.last ? ` (line ${m.first} of ${m.total})` : ` (lines ${m.first}–${m.last} of ${m.total})`;
  }
  s += " of the cleaned output were left out here";
  if (m.partial) s += "; the first or last of those lines is partly shown";
  if (m.hidden) s += `; among them ${m.hidden}, which the model is told about`;
  s += ".";
  if (m.readMore) s += ` The model can read them with \`${m.readMore}\` instead of re-running the command.`;
  if (logHint && m.first !== undefined) s += ` From a shell: \`${logHint(m.first)}\`.`;
  return s;
}
