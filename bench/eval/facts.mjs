// Which of a fixture's facts survive in what the model sees.
import { stripAnsi } from "./corpus.mjs";

const withSeparators = (n) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A count is kept if the number appears on its own, written with or without thousands separators. */
export function numberAppears(text, n) {
  const forms = [...new Set([String(n), withSeparators(n)])].map(escape).join("|");
  return new RegExp(`(?<![\\d.,])(?:${forms})(?![\\d]|[.,]\\d)`).test(text);
}

/**
 * Scores one visible text against a fixture's facts. Text facts must appear verbatim
 * (after ANSI escapes are removed, for every system alike).
 */
export function scoreFacts(visible, facts) {
  const seen = stripAnsi(visible);
  const missing = [];
  let kept = 0;
  let errorKept = 0;
  for (const line of facts.errorLines) {
    if (seen.includes(line)) {
      kept++;
      errorKept++;
    } else missing.push(`error line: ${line}`);
  }
  for (const s of facts.mustKeep) {
    if (seen.includes(s)) kept++;
    else missing.push(`string: ${s}`);
  }
  for (const [name, n] of Object.entries(facts.counts)) {
    if (numberAppears(seen, n)) kept++;
    else missing.push(`count ${name}: ${n}`);
  }
  const total = facts.errorLines.length + facts.mustKeep.length + Object.keys(facts.counts).length;
  return { total, kept, errorTotal: facts.errorLines.length, errorKept, missing };
}
