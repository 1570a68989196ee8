// The digest of last resort: head and tail of the text within the budget,
// for categories without a digest of their own and for text a digest could
// not parse.
import { planToCut, planTruncate, renderTruncatePlan } from "../../truncate";
import { Cut } from "../../cut";
import { countNewlines } from "../../util/lines";
import { Digest } from "./types";

/** Copies a cut's kept ranges into a digest as 1-based inclusive line ranges. */
export function keepCut(text: string, cut: Cut, d: Digest): void {
  for (let i = 0; i < cut.count; i++) {
    const start = unchecked(cut.starts[i]);
    let end = unchecked(cut.ends[i]);
    // A range ending right after "\n" does not reach into the next line.
    if (end > start && text.charCodeAt(end - 1) == 0x0a) end--;
    const first = unchecked(cut.firstLines[i]);
    d.keep(first, first + countNewlines(text, start, end));
  }
}

export function truncateDigest(text: string, budget: i32, headRatio: f64, hint: string): Digest {
  const d = new Digest();
  const plan = planTruncate(text, budget, headRatio, hint);
  if (plan.fits) {
    d.llm = text;
    return d;
  }
  d.llm = renderTruncatePlan(text, plan);
  d.omittedChars = plan.omittedChars;
  d.truncated = true;
  keepCut(text, planToCut(text, plan), d);
  return d;
}
