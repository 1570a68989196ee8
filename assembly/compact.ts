// The pipeline for one tool result: binary check → clean → classify → the
// category's digest within its budget → one-line summary. Returns one JSON
// object the host parses (see host/compact.ts for its TypeScript shape).
import { Category, categoryName, headRatio } from "./category";
import { describeBinary } from "./binary";
import { cleanWith } from "./clean";
import { classify } from "./classify";
import { keepImportantResult } from "./important";
import { estimateTokens } from "./tokens";
import { keepCut, truncateDigest } from "./digest/fallback";
import { digestDiff } from "./digest/diff";
import { digestEdit } from "./digest/edit";
import { digestListing } from "./digest/listing";
import { digestSearch } from "./digest/search";
import { ToolKind, toolKind } from "./classify/tools";
import { Digest, DigestContext } from "./digest/types";
import { fallbackSummary } from "./summary";
import { countNewlines, lineCount } from "./util/lines";
import { StrBuf } from "./util/strbuf";

/** Reads the i-th number of a comma-separated list; `fallback` when absent. */
function nthNumber(list: string, index: i32, fallback: i32): i32 {
  let field = 0;
  let value = 0;
  let seen = false;
  for (let i = 0, n = list.length; i <= n; i++) {
    const c = i < n ? <i32>list.charCodeAt(i) : 0x2c;
    if (c == 0x2c) {
      if (field == index) return seen ? value : fallback;
      field++;
      value = 0;
      seen = false;
    } else if (c >= 0x30 && c <= 0x39) {
      value = value * 10 + (c - 0x30);
      seen = true;
    }
  }
  return fallback;
}

function commandDigest(text: string, budget: i32, hint: string): Digest {
  const d = new Digest();
  const kept = keepImportantResult(text, budget, headRatio(Category.CommandOutput), hint);
  d.llm = kept.output;
  const cut = kept.cut;
  if (cut !== null) {
    d.truncated = true;
    d.omittedChars = cut.omittedChars;
    keepCut(text, cut, d);
  }
  return d;
}

function digestFor(category: i32, text: string, budget: i32, ctx: DigestContext, hint: string): Digest {
  // Edits and writes are reported from the call's arguments, whatever the text looks like.
  if (toolKind(ctx.tool) == ToolKind.Edit) return digestEdit(text, budget, ctx);
  switch (category) {
    case Category.CommandOutput: return commandDigest(text, budget, hint);
    case Category.SearchResults: return digestSearch(text, budget, ctx);
    case Category.DirectoryListing: return digestListing(text, budget, ctx);
    case Category.Diff: return digestDiff(text, budget, ctx);
  }
  return truncateDigest(text, budget, headRatio(category), hint);
}

/**
 * Compacts one tool result. `budgets` holds one budget per category id
 * ("800,4000,…"); `forced` is a category id or -1 to classify. Outputs whose
 * cleaned text fits both `passthrough` and the budget reach the model as they are.
 */
export function compact(
  tool: string,
  argsJson: string,
  text: string,
  exitCode: i32,
  budgets: string,
  passthrough: i32,
  hint: string,
  forced: i32,
): string {
  const rawTokens = estimateTokens(text);
  const ctx = new DigestContext(tool, argsJson, exitCode);
  let category = forced;
  let cleaned = text;
  let d: Digest;
  const binary = describeBinary(text);
  if (binary.length > 0) {
    category = Category.Binary;
    // The UI channel gets the description too: binary is never passed on.
    cleaned = binary;
    d = new Digest();
    d.llm = binary;
    d.summary = binary.substring(1, binary.length - 1);
    d.truncated = true;
    d.omittedChars = text.length;
  } else {
    // Classify on text with escapes and progress frames gone; repeated lines are
    // collapsed only outside files, whose line numbers must stay true.
    cleaned = cleanWith(text, false);
    if (category < 0) category = classify(tool, argsJson, cleaned);
    if (category != Category.FileContent) cleaned = cleanWith(cleaned, true);
    const budget = nthNumber(budgets, category, 4000);
    if (cleaned.length <= passthrough && cleaned.length <= budget) {
      d = new Digest();
      d.llm = cleaned;
      if (cleaned.length > 0) d.keep(1, lineCount(cleaned, countNewlines(cleaned, 0, cleaned.length)));
    } else {
      d = digestFor(category, cleaned, budget, ctx, hint);
    }
  }
  if (d.summary.length == 0) d.summary = fallbackSummary(category, ctx, cleaned);
  const totalLines = lineCount(cleaned, countNewlines(cleaned, 0, cleaned.length));

  const out = new StrBuf(d.llm.length + d.summary.length + 256);
  out.add('{"category":"').add(categoryName(category)).add('","llm":').addJson(d.llm);
  out.add(',"summary":').addJson(d.summary);
  out.add(',"truncated":').add(d.truncated ? "true" : "false");
  out.add(',"cleanChars":').addInt(cleaned.length);
  out.add(',"totalLines":').addInt(totalLines);
  out.add(',"omittedChars":').addInt(d.omittedChars);
  out.add(',"keptLines":').add(d.keptLinesJson());
  out.add(',"facts":{').add(d.facts).addChar(0x7d);
  out.add(',"cleanChanged":').add(changetype<usize>(cleaned) != changetype<usize>(text) ? "true" : "false");
  out.add(',"rawTokens":').addInt(rawTokens);
  out.addChar(0x7d);
  return out.toString();
}
