// What a digest returns for text it cannot parse as its category: the plain
// head/tail cut (exact counts in its marker), with a summary and facts that
// say so, so the caller never gets a trap or a wrong structure.
import { SUMMARY_MAX } from "./summary";
import { headRatio } from "../../category";
import { oneLine } from "../../oneline";
import { countNewlines, lineCount } from "../../util/lines";
import { decimal, formatCount } from "../../util/strbuf";
import { truncateDigest } from "./generic";
import { Digest } from "./types";

export function plainDigest(text: string, budget: i32, category: i32, tool: string): Digest {
  const d = truncateDigest(text, max(budget, 0), headRatio(category), "");
  const lines = lineCount(text, countNewlines(text, 0, text.length));
  d.summary = oneLine("Completed " + (tool.length > 0 ? tool : "tool") + " (" + formatCount(lines) + " lines)", SUMMARY_MAX);
  d.facts = '"parsed":false,"lines":' + decimal(lines);
  return d;
}
