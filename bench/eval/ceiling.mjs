// The most a result of a given size could keep if it held nothing but the facts' own text:
// a ceiling for any digest scored verbatim, to read the other figures against. Picking the
// shortest pieces first keeps the most of them in a fixed number of chars.

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
