// The pipeline for one tool result: binary check → clean → classify → the
// category's digest within its budget → one-line summary. Returns one JSON
// object the host parses (see host/compact.ts for its TypeScript shape).
import { Category, CATEGORY_COUNT, categoryName, headRatio } from "./category";
import { binaryLine, describeBinary, stringBytes } from "./binary";
import { cleanText, cleanWith } from "./clean";
import { encodingNote } from "./encoding";
import { callKind, settle } from "./classify";
import { estimateTokens } from "./tokens";
import { detailsJson } from "./details";
import { digest } from "./digest";
import { looksLikeHtml } from "./digest/web";
import { htmlToText } from "./digest/web/html-text";
import { Digest, DigestContext, keptLinesJson } from "./digest/shared/types";
import { genericSummary } from "./digest/shared/summary";
import { lineCount, safeEnd } from "./util/lines";
import { StrBuf } from "./util/strbuf";
import { utf8TextInPlace } from "./util/utf8-text";

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

/** Which text `read()` pages so that its line numbers are the ones the markers name. */
export enum Paging {
  /** The cleaned text, every line kept (files: their line numbers must stay true). */
  Cleaned = 0,
  /** The cleaned text with runs of repeated lines collapsed. */
  Collapsed = 1,
  /** Nothing to page: binary output is described, never passed on. */
  None = 2,
  /** An HTML page's readable text, converted from the cleaned HTML (every line kept). */
  HtmlText = 3,
  /** An HTML page's readable text, converted from the cleaned HTML with repeats collapsed. */
  HtmlTextCollapsed = 4,
}

/** Everything later stages need of one tool result, derived once. */
export class CompactResult {
  category: i32 = Category.CommandOutput;
  llm: string = "";
  summary: string = "";
  truncated: bool = false;
  /** UTF-16 units of the cleaned text. */
  cleanChars: i32 = 0;
  totalLines: i32 = 0;
  omittedChars: i32 = 0;
  /** Kept line ranges as pairs (first, last), 1-based inclusive, in the paged text. */
  keptLines: i32[] = [];
  /** Body of a JSON object (without braces). */
  facts: string = "";
  /** False when cleaning left the text as it was. */
  cleanChanged: bool = false;
  rawTokens: i32 = 0;
  /** Estimated o200k tokens of `llm` (the host counts exactly only when asked). */
  llmTokens: i32 = 0;
  paging: Paging = Paging.Cleaned;
  /** The budget that applied (that of `category`). */
  budget: i32 = 0;
  /** What a summarizer needs (details.ts) as JSON, when asked for; "" otherwise. */
  details: string = "";

  /** The result as JSON; without `withLlm` its llm is "" (the host reads it apart: compactRecord). */
  toJson(withLlm: bool = true): string {
    const kept = keptLinesJson(this.keptLines);
    // Room for every field at once (escapes aside): a buffer that grows copies what it holds.
    const out = new StrBuf((withLlm ? this.llm.length : 0) + this.summary.length + kept.length + this.facts.length + this.details.length + 320);
    out.add('{"category":"').add(categoryName(this.category)).addLabelJson('","llm":', withLlm ? this.llm : "");
    out.addLabelJson(',"summary":', this.summary);
    out.add(',"truncated":').add(this.truncated ? "true" : "false");
    out.addLabelInt(',"cleanChars":', this.cleanChars);
    out.addLabelInt(',"totalLines":', this.totalLines);
    out.addLabelInt(',"omittedChars":', this.omittedChars);
    out.add(',"keptLines":').add(kept);
    out.add(',"facts":{').add(this.facts).addChar(0x7d);
    out.add(',"cleanChanged":').add(this.cleanChanged ? "true" : "false");
    out.addLabelInt(',"rawTokens":', this.rawTokens);
    out.addLabelInt(',"llmTokens":', this.llmTokens);
    out.add(',"paging":"').add(pagingName(this.paging)).addChar(0x22);
    out.addLabelInt(',"budget":', this.budget);
    out.add(',"details":').add(this.details.length > 0 ? this.details : "null");
    out.addChar(0x7d);
    return out.toString();
  }
}

export function pagingName(p: Paging): string {
  if (p == Paging.Collapsed) return "collapsed";
  if (p == Paging.None) return "none";
  if (p == Paging.HtmlText) return "html-text";
  if (p == Paging.HtmlTextCollapsed) return "html-text-collapsed";
  return "cleaned";
}

/** Whether a text classified as `byTool` from its call alone has its repeated lines collapsed. */
export function collapsesRepeats(byTool: i32): bool {
  // Files keep every line: their line numbers must stay true.
  return byTool != Category.FileContent;
}

/**
 * The text `read()` pages for a logged output, given the paging mode its
 * compact result named: the same cleaning the markers counted lines in.
 */
export function pagedText(text: string, paging: i32): string {
  if (paging == Paging.None) return "";
  const cleaned = cleanWith(text, paging == Paging.Collapsed || paging == Paging.HtmlTextCollapsed);
  return paging == Paging.HtmlText || paging == Paging.HtmlTextCollapsed ? htmlToText(cleaned).text : cleaned;
}

/**
 * Compacts one tool result. `budgets` holds one budget per category id;
 * `forced` is a category id or -1 to classify. Outputs whose cleaned text fits
 * both `passthrough` and the budget reach the model as they are.
 */
export function compactResult(
  tool: string,
  argsJson: string,
  text: string,
  exitCode: i32,
  budgets: StaticArray<i32>,
  passthrough: i32,
  hint: string,
  forced: i32,
  details: bool = false,
  encoding: string = "",
  encodedBytes: i64 = -1,
): CompactResult {
  const rawTokens = rawTokenEstimate(text);
  const ctx = new DigestContext(tool, argsJson, exitCode);
  ctx.encoding = encoding;
  ctx.encodedBytes = encodedBytes;
  let category = forced;
  let cleaned = text;
  let paging = Paging.None;
  let d: Digest;
  const binary = describeBinary(text);
  if (binary.length > 0) {
    category = Category.Binary;
    // The UI channel gets the description too: binary is never passed on.
    cleaned = binary;
    d = new Digest();
    // The budget holds even here, tiny as it may be.
    const budget = budgets[Category.Binary];
    d.llm = binary.length <= budget ? binary : binary.substring(0, safeEnd(binary, max(budget, 0)));
    d.summary = binary.substring(1, binary.length - 1);
    d.truncated = true;
    d.omittedChars = text.length;
  } else {
    // Classify on text with escapes and progress frames gone; repeated lines are
    // collapsed only outside files, whose line numbers must stay true.
    // The tool and its command alone say whether this is a file (the text can only turn a
    // file into JSON, HTML or a diff), so one cleaning pass does.
    const k = callKind(ctx.call);
    const byTool = category >= 0 ? category : k.category;
    const collapse = collapsesRepeats(byTool);
    paging = collapse ? Paging.Collapsed : Paging.Cleaned;
    cleaned = cleanText(text, collapse, ctx.plain);
    // Cleaning can leave mostly replacement characters: what reads as binary now is binary.
    const binaryAfter = changetype<usize>(cleaned) != changetype<usize>(text) ? describeBinary(cleaned) : "";
    if (binaryAfter.length > 0) {
      cleaned = binaryLine(stringBytes(text), "");
      category = Category.Binary;
      paging = Paging.None;
    } else if (category < 0) category = settle(k, cleaned, true);
    const budget = budgets[category];
    if (cleaned.length <= passthrough && cleaned.length <= budget) {
      d = whole(cleaned, null, ctx);
    } else {
      // A web page is digested as its readable text, and its markers count lines of that.
      if (category == Category.WebContent && looksLikeHtml(cleaned)) paging = collapse ? Paging.HtmlTextCollapsed : Paging.HtmlText;
      d = notedDigest(category, cleaned, budget, ctx, hint);
    }
    // No result is longer than the cleaned output it replaces. A digest that would be (its
    // header and totals on top of an output that fits) is made again within the output's
    // length; a file is shown as it is (its digest adds line numbers, and a cut would lose its end).
    if (d.llm.length > cleaned.length && cleaned.length <= budget) {
      ctx.layoutBudget = budget;
      const again = category != Category.FileContent ? notedDigest(category, cleaned, cleaned.length, ctx, hint) : null;
      ctx.layoutBudget = 0;
      if (again !== null && again.llm.length <= cleaned.length) d = again;
      else {
        d = whole(cleaned, d, ctx);
        if (paging != Paging.None) paging = collapse ? Paging.Collapsed : Paging.Cleaned;
      }
    }
  }
  if (d.summary.length == 0) d.summary = genericSummary(category, ctx.call, exitCode, cleaned);
  const r = new CompactResult();
  r.category = category;
  r.llm = d.llm;
  r.summary = d.summary;
  r.truncated = d.truncated;
  r.cleanChars = cleaned.length;
  r.totalLines = d.textLines >= 0 ? d.textLines : lineCount(cleaned, ctx.plain.newlinesOf(cleaned));
  r.omittedChars = d.omittedChars;
  r.keptLines = d.keptLines;
  r.facts = d.facts;
  r.cleanChanged = changetype<usize>(cleaned) != changetype<usize>(text);
  r.rawTokens = rawTokens;
  // An output passed on as it came (not cleaned, not cut) was estimated whole already.
  r.llmTokens = changetype<usize>(d.llm) == changetype<usize>(text) && text.length <= SAMPLE_ABOVE ? rawTokens : estimateTokens(d.llm);
  r.paging = paging;
  r.budget = budgets[category];
  if (details && paging != Paging.None) r.details = detailsJson(cleaned, category, ctx);
  return r;
}

/**
 * The category's digest within `budget`; text decoded from another encoding says so first
 * (encoding.ts), so the model writes it back in that encoding.
 */
function notedDigest(category: i32, cleaned: string, budget: i32, ctx: DigestContext, hint: string): Digest {
  const note = ctx.encoding.length > 0 ? encodingNote(ctx.encoding, ctx.encodedBytes) : "";
  const noted = note.length > 0 && note.length * NOTE_SHARE <= budget;
  const d = digest(category, cleaned, noted ? budget - note.length - 1 : budget, ctx, hint);
  if (noted) d.llm = note + "\n" + d.llm;
  return d;
}

/** The encoding note takes at most 1/NOTE_SHARE of a budget; a smaller budget goes to the digest alone. */
const NOTE_SHARE: i32 = 4;

/** The cleaned output as it is, every line kept, with the summary and facts of the digest it replaces. */
function whole(cleaned: string, replaced: Digest | null, ctx: DigestContext): Digest {
  const d = new Digest();
  d.llm = cleaned;
  if (replaced !== null) {
    d.summary = replaced.summary;
    d.facts = replaced.facts;
  }
  if (cleaned.length > 0) d.keep(1, lineCount(cleaned, ctx.plain.newlinesOf(cleaned)));
  return d;
}

/** Bytes of the budgets argument: one little-endian i32 per category id. */
const BUDGETS_BYTES: i32 = CATEGORY_COUNT << 2;

/** One i32 per category id from the host's bytes (numbers cross as numbers; the host validated them). */
function budgetList(budgets: ArrayBuffer): StaticArray<i32> {
  const list = new StaticArray<i32>(CATEGORY_COUNT);
  const n = min(budgets.byteLength, BUDGETS_BYTES) >> 2;
  for (let c = 0; c < CATEGORY_COUNT; c++) list[c] = c < n ? max(load<i32>(changetype<usize>(budgets) + (<usize>c << 2)), 0) : 4000;
  return list;
}

function encodedBytesOf(encoding: string, encodedBytes: f64): i64 {
  return encoding.length > 0 && encodedBytes >= 0 && encodedBytes < 9.0e15 ? <i64>encodedBytes : -1;
}

/**
 * The raw binding's compact: `budgets` holds one i32 per category id (numbers
 * cross as numbers; the host validated them). Returns the result as JSON.
 */
export function compact(
  tool: string,
  argsJson: string,
  text: string,
  exitCode: i32,
  budgets: ArrayBuffer,
  passthrough: i32,
  hint: string,
  forced: i32,
  details: bool,
  encoding: string,
  encodedBytes: f64,
): string {
  return compactResult(tool, argsJson, text, exitCode, budgetList(budgets), passthrough, hint, forced, details, encoding, encodedBytesOf(encoding, encodedBytes)).toJson();
}

/**
 * Where compactRecord leaves its result's llm: the address of the string, or 0 when it is
 * the `text` argument itself (an output that reaches the model as it came).
 */
const LLM_SLOT: usize = memory.data(8);

/** The address compactRecord writes its llm's address to: the host reads it before the call's memory is collected. */
export function compactLlmSlot(): usize {
  return LLM_SLOT;
}

/**
 * compact(), its llm left apart (LLM_SLOT) and "" in the JSON: the host lifts the llm as it is
 * (or takes its own input back when the llm is that input), instead of the core escaping it into
 * JSON and the host parsing it out again, the most of a small output's result.
 */
export function compactRecord(
  tool: string,
  argsJson: string,
  text: string,
  exitCode: i32,
  budgets: ArrayBuffer,
  passthrough: i32,
  hint: string,
  forced: i32,
  details: bool,
  encoding: string,
  encodedBytes: f64,
): string {
  const r = compactResult(tool, argsJson, text, exitCode, budgetList(budgets), passthrough, hint, forced, details, encoding, encodedBytesOf(encoding, encodedBytes));
  // A raw store: the slot is no reference the collector keeps (the host reads it before collecting).
  store<usize>(LLM_SLOT, changetype<usize>(r.llm) == changetype<usize>(text) ? 0 : changetype<usize>(r.llm));
  return r.toJson(false);
}

/** The i32s compactFields leaves its result in (host/core.ts liftFields reads them in this order). */
// @ts-ignore: decorator
@inline const FIELD_COUNT: i32 = 17;

/**
 * compact(), its result left as numbers and addresses in static memory (returned): category, truncated,
 * cleanChars, totalLines, omittedChars, cleanChanged, rawTokens, llmTokens, paging, budget, then
 * the llm (0: the `text` argument itself), the summary, the facts' JSON body, the kept ranges'
 * first pair and their count of i32s, the details' JSON ("" for none) and the text's length in
 * units. The host reads them before the call's memory is collected, instead of the core writing
 * a JSON record and the host parsing it, most of a small output's call outside the digest.
 */
export function compactFields(
  tool: string,
  argsJson: string,
  text: string,
  exitCode: i32,
  budgets: ArrayBuffer,
  passthrough: i32,
  hint: string,
  forced: i32,
  details: bool,
  encoding: string,
  encodedBytes: f64,
): usize {
  const r = compactResult(tool, argsJson, text, exitCode, budgetList(budgets), passthrough, hint, forced, details, encoding, encodedBytesOf(encoding, encodedBytes));
  // Static data of this function alone: a build without it (the component's) has none.
  const fields = memory.data(FIELD_COUNT << 2);
  // Raw stores: the addresses are no references the collector keeps (the host reads them first).
  store<i32>(fields, r.category);
  store<i32>(fields, r.truncated ? 1 : 0, 4);
  store<i32>(fields, r.cleanChars, 8);
  store<i32>(fields, r.totalLines, 12);
  store<i32>(fields, r.omittedChars, 16);
  store<i32>(fields, r.cleanChanged ? 1 : 0, 20);
  store<i32>(fields, r.rawTokens, 24);
  store<i32>(fields, r.llmTokens, 28);
  store<i32>(fields, r.paging, 32);
  store<i32>(fields, r.budget, 36);
  store<usize>(fields, changetype<usize>(r.llm) == changetype<usize>(text) ? 0 : changetype<usize>(r.llm), 40);
  store<usize>(fields, changetype<usize>(r.summary), 44);
  store<usize>(fields, changetype<usize>(r.facts), 48);
  store<usize>(fields, r.keptLines.dataStart, 52);
  store<i32>(fields, r.keptLines.length, 56);
  store<usize>(fields, changetype<usize>(r.details), 60);
  store<i32>(fields, text.length, 64);
  return fields;
}

/**
 * compactFields() of an output given as UTF-8 bytes, decoded here in place (`utf8`: a block of
 * twice their length holding them in its second half, util/utf8-text.ts) rather than into a JS
 * string first; the text's length in units is the last field. An llm that is the text itself
 * is left as 0, as there: the host decodes the bytes for it.
 */
export function compactFieldsUtf8(
  tool: string,
  argsJson: string,
  utf8: string,
  exitCode: i32,
  budgets: ArrayBuffer,
  passthrough: i32,
  hint: string,
  forced: i32,
  details: bool,
  encoding: string,
  encodedBytes: f64,
): usize {
  return compactFields(tool, argsJson, utf8TextInPlace(utf8), exitCode, budgets, passthrough, hint, forced, details, encoding, encodedBytes);
}
