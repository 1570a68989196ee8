// The pipeline for one tool result: binary check → clean → classify → the
// category's digest within its budget → one-line summary. Returns one JSON
// object the host parses (see host/compact.ts for its TypeScript shape).
import { Category, categoryName, headRatio } from "./category";
import { describeBinary } from "./binary";
import { cleanWith } from "./clean";
import { classify } from "./classify";
import { estimateTokens } from "./tokens";
import { truncateDigest } from "./digest/fallback";
import { digestDiff } from "./digest/diff";
import { digestEdit } from "./digest/edit";
import { digestCommand } from "./digest/command";
import { digestFile } from "./digest/file";
import { digestStructured } from "./digest/structured";
import { digestWeb } from "./digest/web";
import { digestListing } from "./digest/listing";
import { digestSearch } from "./digest/search";
import { ToolKind, toolKind } from "./classify/tools";
import { Digest, DigestContext } from "./digest/types";
import { fallbackSummary } from "./summary";
import { countNewlines, lineCount, safeEnd } from "./util/lines";
import { StrBuf } from "./util/strbuf";

/** Inputs longer than this get a sampled token estimate (it is flagged as an estimate anyway). */
const SAMPLE_ABOVE: i32 = 1 << 20;
const SAMPLE_WINDOWS: i32 = 32;
const SAMPLE_WINDOW: i32 = 16384;

/** o200k tokens of the raw text: exact estimate up to 1 Mi units, else 32 windows scaled up. */
function rawTokenEstimate(text: string): i32 {
  const n = text.length;
  if (n <= SAMPLE_ABOVE) return estimateTokens(text);
  let sampled: i64 = 0;
  const step = n / SAMPLE_WINDOWS;
  for (let w = 0; w < SAMPLE_WINDOWS; w++) {
    const start = w * step;
    sampled += estimateTokens(text.substring(start, start + SAMPLE_WINDOW));
  }
  return <i32>((<f64>sampled * <f64>n) / <f64>(SAMPLE_WINDOWS * SAMPLE_WINDOW));
}

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

/** The hint as a line of its own, for digests whose markers count items rather than lines. */
function hintLine(hint: string): string {
  if (hint.length == 0) return "";
  let body = hint.replace("{first}", "1").replace("{last}", "1");
  if (body.startsWith("; ")) body = body.substring(2);
  return "\n[" + body + "]";
}

/** A digest (-1 for edits, else its category) that does not place the hint itself, with the hint appended when it left anything out. */
function withHintLine(kind: i32, text: string, budget: i32, ctx: DigestContext, hint: string): Digest {
  const line = hintLine(hint);
  const room = line.length > 0 && budget > line.length * 2 ? budget - line.length : budget;
  let d: Digest;
  if (kind < 0) d = digestEdit(text, room, ctx);
  else if (kind == Category.SearchResults) d = digestSearch(text, room, ctx);
  else if (kind == Category.DirectoryListing) d = digestListing(text, room, ctx);
  else d = digestDiff(text, room, ctx);
  if (d.truncated && room < budget) d.llm = d.llm + line;
  return d;
}

function digestFor(category: i32, text: string, budget: i32, ctx: DigestContext, hint: string): Digest {
  // Edits and writes are reported from the call's arguments, whatever the text looks like.
  if (toolKind(ctx.tool) == ToolKind.Edit) return withHintLine(-1, text, budget, ctx, hint);
  switch (category) {
    case Category.CommandOutput: return digestCommand(text, budget, ctx, hint);
    case Category.StructuredData: return digestStructured(text, budget, ctx, hint);
    case Category.WebContent: return digestWeb(text, budget, ctx, hint);
    case Category.FileContent: return digestFile(text, budget, ctx, hint);
    case Category.SearchResults:
    case Category.DirectoryListing:
    case Category.Diff:
      return withHintLine(category, text, budget, ctx, hint);
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
  const rawTokens = rawTokenEstimate(text);
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
    // The budget holds even here, tiny as it may be.
    const budget = nthNumber(budgets, Category.Binary, 4000);
    d.llm = binary.length <= budget ? binary : binary.substring(0, safeEnd(binary, max(budget, 0)));
    d.summary = binary.substring(1, binary.length - 1);
    d.truncated = true;
    d.omittedChars = text.length;
  } else {
    // Classify on text with escapes and progress frames gone; repeated lines are
    // collapsed only outside files, whose line numbers must stay true.
    // The tool and its command alone say whether this is a file (the text can only turn a
    // file into JSON, HTML or a diff), so one cleaning pass does.
    const byTool = category >= 0 ? category : classify(tool, argsJson, "");
    cleaned = cleanWith(text, byTool != Category.FileContent);
    if (category < 0) category = classify(tool, argsJson, cleaned);
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
