// SearchResults digest: exact totals, matches per file (highest first), then
// as many verbatim matches as fit, grouped by file with their line numbers.
// Files take turns (round-robin, busiest first) so one huge file cannot eat
// the budget, and each file shows its first matches.
//
//   Found 530 matches in 27 files
//   Matches per file:
//     96 email/_header_value_parser.py
//     +17 more files with 120 matches
//   email/base64mime.py (3 of 7):
//   50:def header_length(bytearray):
//   [...490 more matches in 25 files not shown]
//
// Matches all in one file are shown as printed (`fr.po:28: text`), and the lines of no
// match's shape (a tool's totals or verdict) go first, with the errors.
//
// grep -c output becomes its files with matches, busiest first, under
// "Found 1,791 matches in 57 of 63 files (6 with 0)".
import { errorSummary, SUMMARY_MAX } from "../shared/summary";
import { Category } from "../../category";
import { oneLine } from "../../oneline";
import { CharCode } from "../../util/chars";
import { StrBuf } from "../../util/strbuf";
import { plainDigest } from "../shared/degrade";
import { KeptLines } from "../shared/kept";
import { LineKind, parseSearch, SearchMode, searchModeName, SearchParse } from "./parse";
import { addClipped, addClippedAll, clippedAway, clippedLength, countDigitsWithCommas, MAX_SHOWN_LINE, plural, pluralS, rankByScore, writeHeadline, Writer } from "../shared/text";
import { Digest, DigestContext } from "../shared/types";
import { countedIn, wholeIfItFits } from "../shared/whole";

/** Most files listed with their counts; the rest are summed in one line. */
const MAX_LISTED_FILES: i32 = 10;
/** Facts carry this many top files. */
const MAX_FACT_FILES: i32 = 5;

// The dispatcher (digest/index.ts) adds the read hint as a line of its own when this digest cuts.
export function digestSearch(text: string, budget: i32, ctx: DigestContext, _hint: string = ""): Digest {
  const p = parseSearch(text, ctx.plain);
  if (p.mode == SearchMode.None) return plainDigest(text, budget, Category.SearchResults, ctx.tool);
  const d = new Digest();
  const w = new Writer(max(budget, 0));
  const kept = new KeptLines(p.lines);
  const head = headline(p, ctx);
  // Files by their score, busiest first: the facts, the per-file list and the turns all read it.
  const order = rankByScore(scores(p), p.fileCount);
  d.summary = summaryOf(p, head);
  d.facts = factsOf(p, order);
  const whole = wholeIfItFits(d, text, p.lines.count, head, countedIn(head, p.lines.count), budget);
  if (whole !== null) return whole;
  if (writeHeadline(w, head)) {
    if (p.mode == SearchMode.FilesOnly) writeFiles(p, w, kept);
    else if (p.mode == SearchMode.Counts) writeCounts(p, w, kept, order);
    else writeContent(p, w, kept, order);
  }
  d.llm = w.finish();
  kept.settle(d);
  return d;
}

function headline(p: SearchParse, ctx: DigestContext): string {
  const out = new StrBuf(96);
  if (p.mode == SearchMode.FilesOnly) {
    out.add("Found ").add(pluralS(p.filesWithMatches, "file")).add(" with matches");
  } else {
    out.add("Found ").add(plural(p.matches, "match", "matches"));
    if (p.mode == SearchMode.Single) {
      const path = ctx.call.path;
      if (path.length > 0) out.add(" in ").add(path);
    } else if (p.mode == SearchMode.Counts && p.fileCount > p.filesWithMatches) {
      // grep -c prints every file searched: how many there were is a total of its own.
      out.addLabelCount(" in ", p.filesWithMatches).add(" of ").add(pluralS(p.fileCount, "file"));
      out.addLabelCount(" (", p.fileCount - p.filesWithMatches).add(" with 0)");
    } else out.add(" in ").add(pluralS(p.filesWithMatches, "file"));
  }
  if (p.binaryFiles > 0) out.add("; ").add(plural(p.binaryFiles, "binary file matches", "binary files match"));
  if (p.errors > 0) out.add("; ").add(pluralS(p.errors, "error"));
  // Lines of no shape the parse knows are no matches: said, so that the matches are not
  // taken for every line of the output.
  if (p.otherLines > 0) out.add("; ").add(pluralS(p.otherLines, "other line"));
  return out.toString();
}

function summaryOf(p: SearchParse, head: string): string {
  if (p.matches == 0 && p.filesWithMatches == 0 && p.errors > 0) {
    for (let i = 0; i < p.lines.count; i++) {
      if (unchecked(p.kind[i]) == <u8>LineKind.Error) return errorSummary(p.lines.line(i));
    }
  }
  return oneLine(head, SUMMARY_MAX);
}

function factsOf(p: SearchParse, order: StaticArray<i32>): string {
  const out = new StrBuf(256);
  out.add('"mode":"').add(searchModeName(p.mode)).addChar(CharCode.DQUOTE);
  if (p.mode != SearchMode.FilesOnly) out.addLabelInt(',"matches":', p.matches);
  out.addLabelInt(',"files":', p.filesWithMatches);
  if (p.mode == SearchMode.Counts) out.addLabelInt(',"filesSearched":', p.fileCount);
  out.addLabelInt(',"contextLines":', p.contextLines);
  out.addLabelInt(',"binaryFiles":', p.binaryFiles);
  out.addLabelInt(',"errors":', p.errors);
  out.addLabelInt(',"unparsedLines":', p.otherLines);
  out.add(',"topFiles":[');
  let listed = 0;
  for (let k = 0; k < order.length && listed < MAX_FACT_FILES; k++) {
    const f = unchecked(order[k]);
    if (p.pathLength(f) == 0 && p.mode != SearchMode.Single) continue;
    if (listed++ > 0) out.addChar(CharCode.COMMA);
    out.addLabelJson('{"path":', p.path(f));
    if (p.mode != SearchMode.FilesOnly) out.addLabelInt(',"matches":', scoreOf(p, f));
    out.addChar(CharCode.RBRACE);
  }
  out.addChar(CharCode.RBRACKET);
  return out.toString();
}

function scoreOf(p: SearchParse, f: i32): i32 {
  return p.mode == SearchMode.Counts ? p.countValue[f] : p.matchCount[f];
}

function scores(p: SearchParse): Array<i32> {
  if (p.mode == SearchMode.Counts) return p.countValue;
  return p.matchCount;
}

/** "  96 path" lines for the busiest files, then "  +K more files with M matches". */
function writePerFile(p: SearchParse, w: Writer, share: i32, title: string, order: StaticArray<i32>): void {
  // Content modes only (writeContent): the files with a match, first in order.
  const withMatches = p.filesWithMatches;
  if (withMatches < 2) return;
  const tailReserve = 32 + 2 * countDigitsWithCommas(p.matches);
  const stop = w.out.length + share;
  // The title only when its first entry fits under it.
  const first = unchecked(order[0]);
  if (title.length + min(p.pathLength(first), MAX_SHOWN_LINE + 30) + 16 + tailReserve > min(share, w.room)) return;
  if (!w.line(title)) return;
  let shown = 0;
  let shownMatches = 0;
  for (let k = 0; k < withMatches && shown < MAX_LISTED_FILES; k++) {
    const f = unchecked(order[k]);
    const path = p.path(f);
    const line = new StrBuf(path.length + 16);
    line.addLabelCount("  ", scoreOf(p, f)).addChar(CharCode.SPACE);
    addClippedAll(line, path, MAX_SHOWN_LINE);
    const s = line.toString();
    const last = k == withMatches - 1;
    if (w.out.length + s.length + 1 + (last ? 0 : tailReserve) > stop) break;
    if (!w.line(s)) break;
    shown++;
    shownMatches += scoreOf(p, f);
  }
  if (shown < withMatches) {
    w.line("  +" + pluralS(withMatches - shown, "more file") + " with " + plural(p.matches - shownMatches, "match", "matches"));
  }
}

/** Whether line i is the tool's own (an error, a binary-file notice, a line of no match's shape). */
// @ts-ignore: decorator
@inline function isToolLine(p: SearchParse, i: i32): bool {
  const k = unchecked(p.kind[i]);
  return k == <u8>LineKind.Error || k == <u8>LineKind.Binary || k == <u8>LineKind.Other;
}

// Lines of no match's shape among matches are what the tool said besides them (a total, a
// verdict, a message): they go first, with the errors, while their share lasts.
function writeErrors(p: SearchParse, w: Writer, kept: KeptLines, share: i32): i32 {
  let shown = 0;
  const stop = w.out.length + share;
  let seen = 0;
  for (let i = 0; i < p.lines.count && seen < p.errors + p.binaryFiles + p.otherLines; i++) {
    if (!isToolLine(p, i)) continue;
    seen++;
    const a = p.lines.start(i);
    const b = p.lines.end(i);
    const cost = clippedLength(p.lines.text, a, b, MAX_SHOWN_LINE) + 1;
    if (w.out.length + cost > stop || cost > w.room) break;
    addClipped(w.out, p.lines.text, a, b, MAX_SHOWN_LINE);
    w.out.addChar(CharCode.LF);
    kept.add(i, clippedAway(p.lines.text, a, b, MAX_SHOWN_LINE));
    if (unchecked(p.kind[i]) == <u8>LineKind.Error) shown++;
  }
  return shown;
}

function closingMarker(notShown: i32, inFiles: i32, context: i32, errors: i32): string {
  const out = new StrBuf(96);
  out.add("[...");
  let parts = 0;
  if (notShown > 0) {
    out.add(plural(notShown, "more match", "more matches")).add(" in ").add(pluralS(inFiles, "file"));
    parts++;
  }
  if (context > 0) {
    if (parts++ > 0) out.add(", ");
    out.add(pluralS(context, "context line"));
  }
  if (errors > 0) {
    if (parts++ > 0) out.add(", ");
    out.add(pluralS(errors, "error line"));
  }
  out.add(" not shown]");
  return parts > 0 ? out.toString() : "";
}

/** Cost of showing match line i as "12:text" (or "  text" without line numbers, or as printed). */
function matchCost(p: SearchParse, i: i32, asPrinted: bool): i32 {
  if (asPrinted) return clippedLength(p.lines.text, p.lines.start(i), p.lines.end(i), MAX_SHOWN_LINE) + 1;
  const a = unchecked(p.textStart[i]);
  const b = p.lines.end(i);
  const n = unchecked(p.lineNo[i]);
  const prefix = p.mode == SearchMode.PathText ? 2 : countDigitsWithCommas(max(n, 0)) + 1;
  return prefix + clippedLength(p.lines.text, min(a, b), b, MAX_SHOWN_LINE) + 1;
}

function headingCost(p: SearchParse, f: i32): i32 {
  const length = p.pathLength(f);
  if (length == 0) return 0;
  // "path (k of n):" at its longest.
  return min(length, MAX_SHOWN_LINE + 30) + 8 + 2 * countDigitsWithCommas(unchecked(p.matchCount[f])) + 1;
}

function writeContent(p: SearchParse, w: Writer, kept: KeptLines, order: StaticArray<i32>): void {
  const closingMax = closingMarker(p.matches, p.filesWithMatches, p.contextLines, p.errors).length;
  w.reserved = closingMax + 1;
  // With no matches the errors are the whole answer.
  const errorsShown = writeErrors(p, w, kept, p.matches == 0 ? w.room : max(w.room * 15 / 100, 0));
  writePerFile(p, w, w.room / 4, "Matches per file:", order);

  // Round-robin over files, busiest first: each turn shows a file's next match. The files
  // still taking turns stay at the front of `order` (not read after this), in their order;
  // those without matches come last in it and take none.
  const nFiles = p.fileCount;
  // Matches all in one file are shown as printed: a heading would save only the repeated
  // path, and `path:line: text` lines are what gets quoted and searched for. Only where each
  // line names its path: under a heading (rg --heading) the heading is the path's one place.
  const asPrinted = p.filesWithMatches == 1 && (p.mode == SearchMode.Prefixed || p.mode == SearchMode.PathText);
  const shown = new StaticArray<i32>(nFiles);
  const cursor = new StaticArray<i32>(nFiles);
  let active = p.filesWithMatches;
  let room = w.room;
  while (active > 0) {
    let next = 0;
    for (let k = 0; k < active; k++) {
      const f = unchecked(order[k]);
      const first = unchecked(shown[f]) == 0;
      const i = first ? unchecked(p.firstMatch[f]) : unchecked(cursor[f]);
      const heading = first && !asPrinted ? headingCost(p, f) : 0;
      // A file whose heading alone does not fit is ruled out before its line is measured.
      if (heading >= room) continue;
      const cost = matchCost(p, i, asPrinted) + heading;
      if (cost > room) continue; // this file stops here: it keeps its first matches only
      room -= cost;
      unchecked((shown[f] = shown[f] + 1));
      const after = unchecked(p.nextMatch[i]);
      unchecked((cursor[f] = after));
      if (after >= 0) unchecked((order[next++] = f));
    }
    active = next;
  }

  // Files in the order the tool printed them.
  let shownTotal = 0;
  let filesCut = 0;
  const text = p.lines.text;
  for (let f = 0; f < nFiles; f++) {
    const k = unchecked(shown[f]);
    const total = unchecked(p.matchCount[f]);
    if (k < total) filesCut++;
    if (k == 0) continue;
    shownTotal += k;
    if (p.pathLength(f) > 0 && !asPrinted) {
      const path = p.path(f);
      addClippedAll(w.out, path, MAX_SHOWN_LINE + 30);
      if (k < total) w.out.addLabelCount(" (", k).addLabelCount(" of ", total).addChar(0x29);
      w.out.add(":\n");
    }
    let i = p.firstMatch[f];
    for (let j = 0; j < k && i >= 0; j++) {
      const a = asPrinted ? p.lines.start(i) : min(unchecked(p.textStart[i]), p.lines.end(i));
      const b = p.lines.end(i);
      if (!asPrinted) {
        if (p.mode == SearchMode.PathText) w.out.add("  ");
        else w.out.addInt(unchecked(p.lineNo[i])).addChar(CharCode.COLON);
      }
      addClipped(w.out, text, a, b, MAX_SHOWN_LINE);
      w.out.addChar(CharCode.LF);
      kept.add(i, clippedAway(text, a, b, MAX_SHOWN_LINE));
      i = unchecked(p.nextMatch[i]);
    }
  }
  const closing = closingMarker(p.matches - shownTotal, filesCut, p.contextLines, p.errors - errorsShown);
  if (closing.length > 0) w.closing(closing);
}

function writeFiles(p: SearchParse, w: Writer, kept: KeptLines): void {
  const n = p.fileCount;
  const closingMax = 40 + countDigitsWithCommas(n);
  w.reserved = closingMax + 1;
  const errorsShown = writeErrors(p, w, kept, max(w.room * 15 / 100, 0));
  const text = p.lines.text;
  let shown = 0;
  for (let i = 0; i < p.lines.count; i++) {
    if (unchecked(p.kind[i]) != <u8>LineKind.File) continue;
    const a = p.lines.start(i);
    const b = p.lines.end(i);
    if (clippedLength(text, a, b, MAX_SHOWN_LINE) + 1 > w.room) break;
    addClipped(w.out, text, a, b, MAX_SHOWN_LINE);
    w.out.addChar(CharCode.LF);
    kept.add(i, clippedAway(text, a, b, MAX_SHOWN_LINE));
    shown++;
  }
  let fileLines = 0;
  for (let i = 0; i < p.lines.count; i++) if (unchecked(p.kind[i]) == <u8>LineKind.File) fileLines++;
  const out = new StrBuf(64);
  if (fileLines > shown) out.add("[...").add(pluralS(fileLines - shown, "more file")).add(" not shown");
  if (p.errors > errorsShown) {
    out.add(out.length > 0 ? ", " : "[...").add(pluralS(p.errors - errorsShown, "error line")).add(" not shown");
  }
  if (out.length > 0) w.closing(out.add("]").toString());
}

function writeCounts(p: SearchParse, w: Writer, kept: KeptLines, order: StaticArray<i32>): void {
  // The per-file list is the content: the files with matches, busiest first, each
  // "path:N" as the tool printed it (so it can be quoted or searched for), files with 0 left out.
  w.reserved = 64 + 2 * countDigitsWithCommas(p.matches);
  let shown = 0;
  let shownMatches = 0;
  for (let k = 0; k < p.filesWithMatches; k++) {
    const f = unchecked(order[k]);
    const path = p.path(f);
    const line = new StrBuf(path.length + 16);
    addClippedAll(line, path, MAX_SHOWN_LINE);
    line.addChar(CharCode.COLON).addInt(p.countValue[f]);
    const s = line.toString();
    if (!w.line(s)) break;
    // Verbatim unless the path was clipped or the file was counted on several lines (summed).
    const first = p.firstMatch[f];
    if (first >= 0 && p.lines.line(first) == s) kept.add(first, 0);
    shown++;
    shownMatches += p.countValue[f];
  }
  if (shown < p.filesWithMatches) {
    w.closing("[..." + pluralS(p.filesWithMatches - shown, "more file") + " with " + plural(p.matches - shownMatches, "match", "matches") + " not shown]");
  }
}
