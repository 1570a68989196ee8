// The digests, one per category, behind one signature and one dispatch table. A digest
// either places the read hint in its own markers (it counts lines) or leaves it to this
// dispatcher, which adds it as a line of its own whenever the digest left anything out.
import { Category, CATEGORY_COUNT, headRatio } from "../category";
import { ToolKind, toolKind } from "../classify/tools";
import { CharCode } from "../util/chars";
import { countNewlines } from "../util/lines";
import { StrBuf } from "../util/strbuf";
import { writeHint } from "../marker";
import { digestCommand } from "./command";
import { digestDiff } from "./diff";
import { digestEdit } from "./edit";
import { digestFile } from "./file";
import { digestListing } from "./listing";
import { digestSearch } from "./search";
import { truncateDigest } from "./shared/generic";
import { hintOnce } from "./shared/hint-once";
import { Digest, DigestContext } from "./shared/types";
import { digestStructured } from "./structured";
import { digestWeb } from "./web";

/** Every digest: the cleaned text, the budget in UTF-16 units, the call, the read hint ("" for none). */
export type DigestFn = (text: string, budget: i32, ctx: DigestContext, hint: string) => Digest;

/** Binary output never reaches a digest (the pipeline describes it); a plain cut if it ever does. */
function digestBinary(text: string, budget: i32, _ctx: DigestContext, hint: string): Digest {
  return truncateDigest(text, budget, headRatio(Category.Binary), hint);
}

// The digests that take the hint as an optional argument, with every argument required: a
// function with defaults goes into the table as a stub that fills them in from an argument
// count each indirect call stores first.
function searchDigest(text: string, budget: i32, ctx: DigestContext, hint: string): Digest {
  return digestSearch(text, budget, ctx, hint);
}
function listingDigest(text: string, budget: i32, ctx: DigestContext, hint: string): Digest {
  return digestListing(text, budget, ctx, hint);
}
function diffDigest(text: string, budget: i32, ctx: DigestContext, hint: string): Digest {
  return digestDiff(text, budget, ctx, hint);
}
function editDigest(text: string, budget: i32, ctx: DigestContext, hint: string): Digest {
  return digestEdit(text, budget, ctx, hint);
}

/** The digest of each category, in category id order (category.ts). */
const DIGESTS: DigestFn[] = [digestFile, searchDigest, listingDigest, digestCommand, digestStructured, digestWeb, diffDigest, digestBinary];
/** Whether each digest places the read hint in its markers itself. */
const PLACES_HINT: StaticArray<bool> = [true, false, false, true, true, true, false, true];

/** The hint as a line of its own, for digests whose markers count items rather than lines. */
function hintLine(hint: string): string {
  if (hint.length == 0) return "";
  const out = new StrBuf(hint.length + 4).add("\n[");
  writeHint(out, hint.startsWith("; ") ? hint.substring(2) : hint, 1, 1);
  return out.addChar(CharCode.RBRACKET).toString();
}

/** The hint's text before its line number: how a digest that placed the hint shows it. */
function hintStem(hint: string): string {
  const at = hint.indexOf("{first}");
  const stem = at < 0 ? hint : hint.substring(0, at);
  return stem.startsWith("; ") ? stem.substring(2) : stem;
}

/** A digest that leaves the hint to the dispatcher, with room kept for it and the hint appended when it cut. */
function withHintLine(run: DigestFn, text: string, budget: i32, ctx: DigestContext, hint: string): Digest {
  const line = hintLine(hint);
  const room = line.length > 0 && budget > line.length * 2 ? budget - line.length : budget;
  const d = run(text, room, ctx, hint);
  if (d.truncated && room < budget) d.llm = d.llm + line;
  return d;
}

/**
 * A cut output must say how to read the rest. Digests that count lines place the hint in
 * their markers, but not every cut has one (a JSON document, a one-line output, a file's own
 * "next offset" on a one-line file): those get it as a line of their own. Files of many
 * lines name their next offset for the harness's own read tool, which reads them whole.
 */
function needsReadHint(d: Digest, category: i32, text: string, hint: string): bool {
  if (hint.length == 0 || !d.truncated || d.llm.includes(hintStem(hint))) return false;
  return category != Category.FileContent || countNewlines(text, 0, text.length) <= 1;
}

/** The digest with the hint line appended, within the same budget. */
function withReadHint(run: DigestFn, d: Digest, text: string, budget: i32, ctx: DigestContext, hint: string): Digest {
  const line = hintLine(hint);
  if (d.llm.length + line.length <= budget) {
    d.llm += line;
    return d;
  }
  // The hint matters more than the last few units of the digest, unless the budget is tiny.
  if (budget <= line.length * 2) return d;
  const shorter = run(text, budget - line.length, ctx, hint);
  if (!shorter.llm.includes(hintStem(hint))) shorter.llm += line;
  return shorter;
}

/** The digest of `text` as `category` within `budget`; edits and writes are reported from the call's arguments. */
export function digest(category: i32, text: string, budget: i32, ctx: DigestContext, hint: string): Digest {
  const edit = toolKind(ctx.call.tool) == ToolKind.Edit;
  const c = category >= 0 && category < CATEGORY_COUNT ? category : Category.CommandOutput;
  const run = edit ? editDigest : DIGESTS[c];
  if (edit || !PLACES_HINT[c]) return withHintLine(run, text, budget, ctx, hint);
  const d = run(text, budget, ctx, hint);
  if (needsReadHint(d, c, text, hint)) return withReadHint(run, d, text, budget, ctx, hint);
  if (d.truncated && hint.length > 0) d.llm = hintOnce(d.llm, hint);
  return d;
}
