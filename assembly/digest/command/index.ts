// CommandOutput digest: one status line first, then the lines that carry the
// outcome (errors, tracebacks, failures, test-runner summaries, lines that
// break the output's rhythm) where they are, with head and tail, inside the
// budget (important.ts; its markers give the line numbers of every gap, so
// each kept block is located). A command that exits 0 keeps its failure lines
// the same way (valgrind, a test runner that exits 0).
//
//   exit 2 (failed) · 5,012 lines · pytest: 2 failed, 10 passed
//   <head>
//   [...40,120 chars omitted...] lines 41–2,399 of 5,012; incl. 3 error lines
//   <error block>
//   …
//
// A text that fits its budget is returned as it is, under the status line when
// the command failed (harnesses often drop their "exited with code N" notice
// before abridge sees the output); else the status is in the facts and the
// summary only. A cut tree (npm ls, cargo tree) names its top-level entries
// under the status line (command-tree.ts).
import { failureSummary, SUMMARY_MAX } from "../shared/summary";
import { Category, headRatio } from "../../category";
import { Kind, rankOf } from "../../important/kinds";
import { refineScan } from "../../important/refine";
import { RunnerSummary, withRunners } from "../../important/runners";
import { Scan, scanImportant } from "../../important/scan";
import { NUMBERED_BELOW } from "../../important/numbered";
import { Shapes } from "../../important/shapes";
import { SkeletonLines } from "../../important/skeleton";
import { LocatedCounter } from "../../important/located-lines";
import { oneLine } from "../../oneline";
import { StrBuf } from "../../util/strbuf";
import { CharCode, isDigit } from "../../util/chars";
import { unitAt } from "../../util/lines";
import { squeezeColumns } from "./columns";
import { sectionOutlineOf } from "./outline";
import { CommandLines } from "./lines";
import { treeTopLevelOf } from "./tree";
import { keepWithNames, tableNamesWithin, withTable } from "./names";
import { rankedUnits } from "../../important/ranked-units";
import { keepCut } from "../shared/generic";
import { Digest, DigestContext, TextAnalysis } from "../shared/types";
import { largestCount, wholeIfItFits } from "../shared/whole";

/** Error lines longer than this are cut for the summary (oneLine cuts it to 160 anyway). */
const MAX_MESSAGE: i32 = 400;
/** Share (percent) of the room the top level of a cut tree may take. */
const TREE_SHARE: i32 = 25;
/** Share (percent) of the room the sections of a document-shaped output may take (outline.ts). */
const SECTIONS_SHARE: i32 = 20;
/** What a cut's marker takes besides the hint, at most ("[...N chars omitted...] K of T lines shown, numbered; "). */
const CUT_FRAMING: i32 = 72;

/**
 * "2 failed, 10 passed, 1 skipped": the counts the runner stated, failures first;
 * `withTotal` adds their sum, which a reader would otherwise add up: " (13 tests)".
 */
function runnerCounts(r: RunnerSummary, withTotal: bool = false): string {
  const out = new StrBuf(48);
  let parts = 0;
  if (r.failed > 0 || (r.failed == 0 && r.passed < 0)) {
    out.addCount(r.failed).add(" failed");
    parts++;
  }
  if (r.errors > 0) {
    if (parts++ > 0) out.add(", ");
    out.addCount(r.errors).add(r.errors == 1 ? " error" : " errors");
  }
  if (r.passed >= 0) {
    if (parts++ > 0) out.add(", ");
    out.addCount(r.passed).add(" passed");
  }
  if (r.skipped > 0) {
    if (parts++ > 0) out.add(", ");
    out.addCount(r.skipped).add(" skipped");
  }
  if (withTotal && r.passed >= 0 && parts > 1) {
    const all = r.passed + max(r.failed, 0) + max(r.errors, 0) + max(r.skipped, 0);
    out.addLabelCount(" (", all).add(all == 1 ? " test)" : " tests)");
  }
  return out.toString();
}

/**
 * The status line; `small` (a budget that cuts to a few lines) adds a runner's sum of
 * tests: a larger budget keeps the runner's own summary line, which states it already.
 * Under a small budget a non-zero exit code is stated bare ("exit 1 · 122 lines", or "exit 1"
 * where the numbered cut's marker states the count: briefStatus): the code says the command
 * failed, and " (failed)" would take the room of an error line.
 * Not `counted`, the count of lines is left out (briefStatus): the exit code comes first then.
 */
function statusLine(exitCode: i32, lines: i32, r: RunnerSummary, small: bool, counted: bool = true): string {
  const out = new StrBuf(96);
  if (exitCode >= 0) {
    out.addLabelInt("exit ", exitCode);
    if (exitCode != 0 && !small) out.add(" (failed)");
    if (counted) out.add(" \u00b7 ");
  }
  if (counted) out.addCount(lines).add(lines == 1 ? " line" : " lines");
  if (r.found) {
    const counts = runnerCounts(r, small);
    out.add(" \u00b7 ").add(r.runner);
    if (counts.length > 0) out.add(": ").add(counts);
  }
  return out.toString();
}

/**
 * The status line without the count of lines (a numbered cut's marker states it), its totals
 * after it; totals that open with a count of lines state it against the output's:
 * "exit 1 · 23 of 102 lines \"[INFO] …\"".
 */
function briefStatus(exitCode: i32, lines: i32, r: RunnerSummary, totals: string): string {
  const out = new StrBuf(96 + totals.length).add(statusLine(exitCode, lines, r, true, false));
  if (totals.length == 0) return out.toString();
  let i = 0;
  while (i < totals.length && (isDigit(unitAt(totals, i)) || unitAt(totals, i) == CharCode.COMMA)) i++;
  out.add(" \u00b7 ");
  if (i > 0 && totals.startsWith(" lines", i)) out.add(totals.substring(0, i)).addLabelCount(" of ", lines).add(totals.substring(i));
  else out.add(totals);
  return out.toString();
}

/** The first line flagged as an error; a failure or trace line when there is none. */
function firstErrorLine(text: string, scan: Scan): string {
  let firstSevere = -1;
  for (let i = 0; i < scan.count; i++) {
    const kind = unchecked(scan.kinds[i]);
    if (kind == Kind.Error) return lineOf(text, scan, i);
    if (firstSevere < 0 && rankOf(kind) == 3) firstSevere = i;
  }
  return firstSevere >= 0 ? lineOf(text, scan, firstSevere) : "";
}

function lineOf(text: string, scan: Scan, i: i32): string {
  const start = unchecked(scan.lineStarts[i]);
  return text.substring(start, min(unchecked(scan.lineEnds[i]), start + MAX_MESSAGE));
}

function summaryOf(text: string, scan: Scan, errors: i32, r: RunnerSummary, ctx: DigestContext, lines: i32): string {
  if (r.found) {
    const counts = runnerCounts(r);
    if (counts.length > 0) return oneLine(r.runner + ": " + counts, SUMMARY_MAX);
  }
  const failure = failureSummary(text, ctx.exitCode, errors > 0 || ctx.exitCode > 0 ? firstErrorLine(text, scan) : "");
  if (failure.length > 0) return failure;
  const command = ctx.call.command;
  const lineText = new StrBuf(24).addCount(lines).add(lines == 1 ? " line" : " lines").toString();
  if (command.length > 0) {
    // The command is cut first so that the line count always shows.
    return oneLine("Ran " + oneLine(command, SUMMARY_MAX - 8 - lineText.length) + " (" + lineText + ")", SUMMARY_MAX);
  }
  return oneLine("Completed " + (ctx.tool.length > 0 ? ctx.tool : "command") + " (" + lineText + ")", SUMMARY_MAX);
}

function factsOf(ctx: DigestContext, lines: i32, errors: i32, warnings: i32, r: RunnerSummary): string {
  const out = new StrBuf(160);
  out.addLabelInt('"exitCode":', ctx.exitCode);
  out.addLabelInt(',"lines":', lines);
  out.addLabelInt(',"errors":', errors);
  out.addLabelInt(',"warnings":', warnings);
  if (r.found) {
    out.addLabelJson(',"runner":', r.runner);
    out.add(',"tests":{');
    let parts = 0;
    if (r.passed >= 0) {
      out.addLabelInt('"passed":', r.passed);
      parts++;
    }
    if (r.failed >= 0) {
      if (parts++ > 0) out.addChar(0x2c);
      out.addLabelInt('"failed":', r.failed);
    }
    if (r.skipped >= 0) {
      if (parts++ > 0) out.addChar(0x2c);
      out.addLabelInt('"skipped":', r.skipped);
    }
    if (r.errors >= 0) {
      if (parts++ > 0) out.addChar(0x2c);
      out.addLabelInt('"errors":', r.errors);
    }
    out.addChar(0x7d);
  }
  return out.toString();
}

/** What the lines of a command's output say, whatever the budget: read once per text and context. */
class CommandAnalysis extends TextAnalysis {
  perLine!: CommandLines;
  shapes!: Shapes;
  runners!: RunnerSummary;
  scan!: Scan;
  facts: string = "";
  summary: string = "";
  /** Read for a text that may be shown uncut: its scan lacks the Notable lines a cut ranks (refineScan). */
  uncut: bool;
  /** The keyword scan `scan` was refined from (the Node core's). */
  keywords!: Scan;

  /** The scan a cut reads: with the Notable lines, refined again from the same lines when read uncut. */
  cutScan(exitCode: i32): Scan {
    if (this.uncut) {
      this.scan = refineScan(this.text, this.keywords, this.shapes, exitCode);
      this.uncut = false;
    }
    return this.scan;
  }
}

/**
 * The Node core's analysis keeps its totals per layout: a text made again within its own length
 * (no result is longer than the output) reads them again.
 */
class KeptTotalsAnalysis extends CommandAnalysis {
  private smallTotals: string | null = null;
  private largeTotals: string | null = null;

  totalsFor(small: bool): string {
    let t = small ? this.smallTotals : this.largeTotals;
    if (t === null) {
      t = this.perLine.totals(small);
      if (small) this.smallTotals = t;
      else this.largeTotals = t;
    }
    return t;
  }
}

/**
 * The analysis of `text` that `ctx` holds from a digest of the same text, else a new one;
 * `uncut` (the text fits the budget) leaves out what only a cut reads.
 */
function commandAnalysisOf(text: string, ctx: DigestContext, uncut: bool = false): CommandAnalysis {
  const held = ctx.analysis;
  if (held !== null && held instanceof CommandAnalysis && held.of(text)) {
    const h = changetype<CommandAnalysis>(held);
    if (ASC_SHRINK_LEVEL < 2 && !uncut) h.cutScan(ctx.exitCode);
    return h;
  }
  let a: CommandAnalysis;
  if (ASC_SHRINK_LEVEL < 2) a = new KeptTotalsAnalysis(text);
  else a = new CommandAnalysis(text);
  // One walk over the lines (the Shapes pass) feeds the runner and tree checks too.
  const base = scanImportant(text, true);
  const perLine = new CommandLines(base);
  perLine.lists = ctx.exitCode <= 0;
  // Findings are noted with the flagged lines: candidates for the budget, ranked by code.
  perLine.findings.notes = base.notes;
  // Lines alike but for their digits are counted as the first of them was (findings.ts, replay).
  if (ASC_SHRINK_LEVEL < 2) perLine.findings.plans = new StaticArray<u64>(base.totalLines);
  // So are the rows a column's kinds are read from (kinds.ts, rowAlike).
  if (ASC_SHRINK_LEVEL < 2) perLine.kinds.rows = new StaticArray<u8>(base.totalLines);
  // So are the lines led by no record (records.ts, the shortcut).
  if (ASC_SHRINK_LEVEL < 2) perLine.records.quick = new StaticArray<u8>(base.totalLines);
  // A failed run's lines at the margin that open with a bare location are counted as they are read.
  if (ASC_SHRINK_LEVEL < 2 && ctx.exitCode > 0) perLine.located = new LocatedCounter(base.totalLines);
  if (ctx.exitCode == 0) perLine.skeleton = new SkeletonLines();
  const shapes = new Shapes(text, base.totalLines, perLine, base.newlineAt);
  if (ASC_SHRINK_LEVEL < 2) {
    const located = perLine.located;
    if (located !== null) {
      base.marginLines = located.located + located.others;
      base.locatedLines = located.located;
    }
  }
  const runners = perLine.runners.finish();
  const keywords = withRunners(base, runners);
  const scan = refineScan(text, keywords, shapes, ctx.exitCode, ASC_SHRINK_LEVEL < 2 && uncut);
  if (ASC_SHRINK_LEVEL < 2) {
    a.uncut = uncut;
    a.keywords = keywords;
  }
  let errors = 0;
  let warnings = 0;
  for (let i = 0; i < scan.count; i++) {
    const r = rankOf(unchecked(scan.kinds[i]));
    if (r == 3) errors++;
    else if (r == 1) warnings++;
  }
  const lines = scan.totalLines;
  a.perLine = perLine;
  a.shapes = shapes;
  a.runners = runners;
  a.scan = scan;
  a.facts = factsOf(ctx, lines, errors, warnings, runners);
  a.summary = summaryOf(text, scan, errors, runners, ctx, lines);
  return a;
}

export function digestCommand(text: string, budget: i32, ctx: DigestContext, hint: string): Digest {
  return digestCommandOf(text, max(budget, 0), ctx, hint, null, null);
}

/**
 * `ofOutput`: the totals of the output when `text` is that output with its column padding
 * squeezed (columns.ts): counted from the output as printed, columns aligned; `printed`
 * that output when it holds a table, whose rows line up there (names.ts), else "".
 */
function digestCommandOf(text: string, budget: i32, ctx: DigestContext, hint: string, ofOutput: string | null, printed: string | null): Digest {
  const d = new Digest();
  // The Node core reads a text that fits for its facts, summary and totals only first.
  const a = commandAnalysisOf(text, ctx, ASC_SHRINK_LEVEL < 2 && text.length <= budget);
  const perLine = a.perLine;
  const runners = a.runners;
  let scan = a.scan;
  const shapes = a.shapes;
  const lines = scan.totalLines;
  d.facts = a.facts;
  d.summary = a.summary;
  d.textLines = lines;
  // Made again within the text's own length, the cut is laid out as the level's budget lays it out.
  const small = max(budget, ctx.layoutBudget) < NUMBERED_BELOW;
  const totals = ofOutput !== null ? ofOutput : ASC_SHRINK_LEVEL < 2 ? changetype<KeptTotalsAnalysis>(a).totalsFor(small) : perLine.totals(small);
  const status = statusLine(ctx.exitCode, lines, runners, small) + (totals.length > 0 ? " \u00b7 " + totals : "");
  // A failed command's status goes on top of a text that fits, when both fit; so do totals.
  const whole = wholeIfItFits(d, text, lines, ctx.exitCode > 0 || totals.length > 0 ? status : "", largestCount(totals), budget);
  // Up to here the analysis was only read (its totals are the same at each reading): a
  // digest of the same text within another budget takes it as it is. A cut below changes it.
  ctx.analysis = whole !== null ? a : null;
  if (whole !== null) return whole;
  // Cut after all (its totals' headline needs the room): the cut ranks the Notable lines too.
  if (ASC_SHRINK_LEVEL < 2) scan = a.cutScan(ctx.exitCode);
  // Under a small budget a padded listing is cut without its padding: more rows fit, each
  // whole. A larger budget shows rows as printed: squeezed, they cost as many tokens (a run
  // of spaces is one) and a row quoted back no longer matches the output. Lines led by
  // commit ids (a blame) carry code after the id, and code keeps its indentation.
  // The output as printed when it holds a table its cut may name the rows of (names.ts), else "".
  const tabled = withTable(text, perLine.records.finish().tables, budget);
  if (ofOutput === null && small && !perLine.records.finish().idLedMostly()) {
    const narrow = squeezeColumns(text, scan, shapes);
    if (narrow !== null) {
      const n = digestCommandOf(narrow, budget, ctx, hint, totals, tabled);
      n.facts = d.facts;
      n.summary = d.summary;
      n.textLines = d.textLines;
      return n;
    }
  }
  d.truncated = true;
  let room = budget - status.length - 1;
  // Too small for the status and any of the text: the status alone says the most.
  if (room < 16) {
    d.llm = oneLine(status, budget);
    d.omittedChars = text.length - scan.pairs;
    return d;
  }
  // A failed command's error lines are its outcome: an outline (a tree's top level, a
  // document's sections) only takes room they leave, their cut's marker counted.
  const errorRoom = ctx.exitCode == 0 ? 0 : rankedUnits(scan, 3) + CUT_FRAMING + hint.length;
  // A cut table's names (names.ts) come before an outline: they say what a row-by-row reader asks.
  const names = tableNamesWithin(printed !== null ? printed : tabled, room, errorRoom, scan, ctx.exitCode != 0 && small);
  if (names !== null) room -= names.reserve;
  let tree = treeTopLevelOf(text, perLine.tree, (room * TREE_SHARE) / 100);
  if (tree.length > 0 && errorRoom > room - tree.length - 1) tree = "";
  if (tree.length > 0) room -= tree.length + 1;
  let sections = tree.length > 0 ? "" : sectionOutlineOf(text, perLine.sections, (room * SECTIONS_SHARE) / 100);
  if (sections.length > 0 && errorRoom > room - sections.length - 1) sections = "";
  if (sections.length > 0) room -= sections.length + 1;
  // A command that succeeded shows the lines its nested output hangs on (important/skeleton.ts),
  // after the rows of a table that stand out by a number, and under a small budget after the
  // top rows of a table it ranked by one (important/ranked-rows.ts): a larger one's head shows
  // those where they are printed, and its head and tail a row that stands out near either end.
  const lined = perLine.skeleton;
  // Head and tail reach as far as the budget lets them when nothing else is kept (a table's
  // names may give their room back): rows there need no offer, which would shorten them.
  const head = <i32>(<f64>budget * headRatio(Category.CommandOutput));
  const top = budget < NUMBERED_BELOW ? perLine.ranked.rows(text) : perLine.ranked.rows(text, false, head, budget - head);
  const ranked = top.length >> 1;
  const skeleton = lined !== null ? lined.order(top) : null;
  // Under a small budget a numbered cut's marker states the count of lines ("16 of 264 lines
  // shown, numbered"): the status leaves it out and its room goes to the lines, when it has a
  // failure to go to (a run that failed, or lines it flagged). A cut whose marker does not state
  // the count is made again under the whole status.
  const brief = small && ctx.exitCode >= 0 && (ctx.exitCode > 0 || scan.count > 0) ? briefStatus(ctx.exitCode, lines, runners, totals) : status;
  let shown = brief;
  let kept = keepWithNames(names, text, scan, room + status.length - brief.length, headRatio(Category.CommandOutput), hint, shapes, ctx.exitCode != 0, skeleton, ranked, ctx.layoutBudget);
  const numbered = kept.cut;
  if (brief.length < status.length && (numbered === null || !numbered.numbered)) {
    shown = status;
    kept = keepWithNames(names, text, scan, room, headRatio(Category.CommandOutput), hint, shapes, ctx.exitCode != 0, skeleton, ranked, ctx.layoutBudget);
  }
  const listed = names !== null ? names.listed : "";
  const out = new StrBuf(shown.length + tree.length + sections.length + 3 + kept.output.length + listed.length);
  out.add(shown).addChar(0x0a);
  if (tree.length > 0) out.add(tree).addChar(0x0a);
  if (sections.length > 0) out.add(sections).addChar(0x0a);
  if (listed.length > 0) out.add(listed).addChar(0x0a);
  out.add(kept.output);
  d.llm = out.toString();
  const cut = kept.cut;
  if (cut !== null) {
    d.omittedChars = cut.omittedChars;
    keepCut(text, cut, d);
  }
  return d;
}
