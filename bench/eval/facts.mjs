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
 * The text without the line numbers abridge put in front of the lines it shows: hashline
 * prefixes (`12:a3|`) always, and `523: ` (`1011:` on a blank line) only in a cut whose marker
 * says its lines are numbered (`… lines shown, numbered`), so an output's own lines that start
 * with a number keep it wherever abridge passed them on as they are. One prefix per line goes.
 */
export function withoutAddedLineNumbers(text) {
  const hashlinesGone = text.replace(/^\d+:[0-9a-f]{2}\|/gm, "");
  return / lines shown, numbered\b/.test(text) ? hashlinesGone.replace(/^\d+:(?= |$) ?/gm, "") : hashlinesGone;
}

/**
 * Scores one visible text against a fixture's facts. Text facts must appear verbatim
 * (after ANSI escapes are removed, for every system alike). A count is not kept by a line
 * number the system added: `numbersLines` says the system numbers the lines it shows, so
 * "200: …" is line 200, not a statement that there are 200 of something.
 */
export function scoreFacts(visible, facts, { numbersLines = false } = {}) {
  const seen = stripAnsi(visible);
  const seenForCounts = numbersLines ? withoutAddedLineNumbers(seen) : seen;
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
    if (numberAppears(seenForCounts, n)) kept++;
    else missing.push(`count ${name}: ${n}`);
  }
  const total = facts.errorLines.length + facts.mustKeep.length + Object.keys(facts.counts).length;
  return { total, kept, errorTotal: facts.errorLines.length, errorKept, missing };
}
