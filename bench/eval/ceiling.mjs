// What a result of a given size keeps if it holds nothing but the facts' own text, shortest
// first: near the most any result scored verbatim could keep, to read the other figures
// against. Shortest first keeps the most pieces in a fixed number of chars; a longer line
// quoting shorter facts can keep a few more, so this is a close estimate, not a strict bound.

/** Each fact's shortest evidence: an error line or string verbatim, a count as its bare number. */
function pieces(facts, errorLinesOnly) {
  const errors = [...facts.errorLines];
  return errorLinesOnly ? errors : [...errors, ...facts.mustKeep, ...Object.values(facts.counts).map(String)];
}

/**
 * The facts alone, shortest first, one per line, within `budget` chars. A piece already
 * inside the text (a string quoted by an error line) costs nothing.
 * With `errorLinesOnly`, the ceiling for error lines: only they compete for the room.
 */
export function factsAlone(facts, budget, { errorLinesOnly = false } = {}) {
  let text = "";
  for (const piece of pieces(facts, errorLinesOnly).sort((a, b) => a.length - b.length)) {
    if (text.includes(piece)) continue;
    const grown = text ? `${text}\n${piece}` : piece;
    if (grown.length > budget) break;
    text = grown;
  }
  return text;
}
