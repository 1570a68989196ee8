// A redaction rule whose matches never span a line run on the lines of a long text that hold
// one of its hints, not on the whole text. Its pattern opens with an alternation of words (or a
// lookbehind), which V8 tries at every position: about 15 ms a rule for 10 MB of grep output,
// where one search per hint word skips ahead at memory speed and the lines it finds are a few
// hundred bytes each. Lines are cut at "\n" only: a pattern whose `^`, `$` and lookarounds read a
// "\n" as they read the text's edges matches in a line exactly what it matches there in the whole.

/** Each hint word as a case-insensitive global search (ASCII case, as the rules' own `i` flag folds it). */
const searches = new Map<string, RegExp>();

function searchFor(hint: string): RegExp {
  let re = searches.get(hint);
  if (re === undefined) searches.set(hint, (re = new RegExp(hint.replace(/[.*+?^${}()|[\]\\/-]/g, "\\$&"), "gi")));
  return re;
}

/**
 * The text's stretches of whole lines that hold one of `hints` (case ignored), as [start, end)
 * pairs in order, each ending before a "\n" or at the text's end; lines next to each other are
 * one stretch. Empty when no hint occurs.
 */
export function hintLines(text: string, hints: readonly string[]): number[] {
  const starts: number[] = [];
  for (const hint of hints) {
    const re = searchFor(hint);
    re.lastIndex = 0;
    for (let m = re.exec(text); m !== null; m = re.exec(text)) {
      starts.push(text.lastIndexOf("\n", m.index) + 1);
      const end = text.indexOf("\n", m.index);
      if (end < 0) break;
      // The rest of the line is in already.
      re.lastIndex = end + 1;
    }
    // A shared search is left as a fresh one would be.
    re.lastIndex = 0;
  }
  if (starts.length === 0) return [];
  const sorted = Int32Array.from(starts).sort();
  const stretches: number[] = [];
  let from = -1;
  let to = -1;
  for (let i = 0; i < sorted.length; i++) {
    const start = sorted[i]!;
    if (start <= to) continue; // a line found twice
    let end = text.indexOf("\n", start);
    if (end < 0) end = text.length;
    if (from >= 0 && start === to + 1) {
      to = end;
      continue;
    }
    if (from >= 0) stretches.push(from, to);
    from = start;
    to = end;
  }
  stretches.push(from, to);
  return stretches;
}

/**
 * `text.replace(pattern, replacer)` for a global pattern none of whose matches spans a line and
 * all of which lie in `stretches` (hintLines()): each stretch is searched on its own, and the
 * text is rebuilt only when one of them changed.
 */
export function replaceInLines(text: string, stretches: readonly number[], pattern: RegExp, replacer: (match: string, ...rest: unknown[]) => string): string {
  let parts: string[] | undefined;
  let at = 0;
  for (let i = 0; i < stretches.length; i += 2) {
    const from = stretches[i]!;
    const to = stretches[i + 1]!;
    const lines = text.slice(from, to);
    pattern.lastIndex = 0;
    if (!pattern.test(lines)) continue;
    pattern.lastIndex = 0;
    const replaced = lines.replace(pattern, replacer);
    if (replaced === lines) continue;
    (parts ??= []).push(text.slice(at, from), replaced);
    at = to;
  }
  pattern.lastIndex = 0;
  if (parts === undefined) return text;
  parts.push(text.slice(at));
  return parts.join("");
}
