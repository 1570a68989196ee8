// The per-line checks of a command's output that the Shapes pass feeds (one walk
// over the lines for all of them): runner summaries, tree lines, findings, records,
// labeled entries, dump blocks, the words lines open with, lists printed on one line,
// section headings and the lines that head nested ones; the flagged lines are noted too
// (important/notes.ts).
import { LineNoter } from "../../important/notes";
import { RunnerReader } from "../../important/runners";
import { CharCode, isAlpha } from "../../util/chars";
import { unitAt } from "../../util/lines";
import { DumpBlocks } from "./dumps";
import { LabeledEntries } from "./entries";
import { IndentedRuns } from "./indented";
import { ColumnKinds } from "./kinds";
import { InlineLists, inlineListLine } from "./inline-lists";
import { endsInWord, LineLeads } from "./leads";
import { SectionLines } from "./outline";
import { SkeletonLines } from "../../important/skeleton";
import { RankedRows } from "../../important/ranked-rows";
import { FindingsReader } from "./findings";
import { RecordsReader } from "./records";
import { commandTotalsOf } from "./totals";
import { TreeLines } from "./tree";
import { LocatedCounter } from "../../important/located-lines";

/** The first unit after the spaces and tabs of every line TreeLines takes: ├ └ │ + ` |. */
// @ts-ignore: decorator
@inline function isTreeUnit(c: i32): bool {
  return c == 0x251c || c == 0x2514 || c == 0x2502 || c == CharCode.PLUS || c == 0x60 || c == CharCode.PIPE;
}

/** Line [t, end) at the margin may open a dump's block: what DumpBlocks#line tests first. */
// @ts-ignore: decorator
@inline function mayOpenDumpBlock(text: string, t: i32, end: i32): bool {
  if (end - t < 4) return false;
  const c = unitAt(text, t);
  return c == CharCode.DQUOTE || (unitAt(text, end - 1) == CharCode.COLON && isAlpha(c));
}

export class CommandLines extends LineNoter {
  runners: RunnerReader = new RunnerReader();
  tree: TreeLines = new TreeLines();
  findings: FindingsReader = new FindingsReader();
  records: RecordsReader = new RecordsReader();
  entries: LabeledEntries = new LabeledEntries();
  dumps: DumpBlocks = new DumpBlocks();
  leads: LineLeads = new LineLeads();
  /** The lines' endings: the words after a last separator, counted like leads (leads.ts). */
  endings: LineLeads = new LineLeads();
  indented: IndentedRuns = new IndentedRuns();
  /** The kinds a column of rows takes (kinds.ts). */
  kinds: ColumnKinds = new ColumnKinds();
  inline: InlineLists = new InlineLists();
  /**
   * Whether a list's length is stated (indented.ts): not for a command that failed, whose
   * room goes to its errors, so its lines are not read for one.
   */
  lists: bool = true;
  sections: SectionLines = new SectionLines();
  /** Read only for a command that succeeded (the skeleton is not offered otherwise); else null. */
  skeleton: SkeletonLines | null = null;
  /** A table ranked by a number (important/ranked-rows.ts), read when the skeleton is. */
  ranked: RankedRows = new RankedRows();
  /**
   * In the Node core, for a command that failed: its lines at the margin that open with a bare
   * location counted (important/located-lines.ts), so the refinement need not read them again.
   */
  located: LocatedCounter | null = null;

  line(text: string, pos: i32, t: i32, end: i32, nl: i32, lineNo: i32, digits: i32, tokens: i32): void {
    // A reader whose first test rules out most lines is called only for the lines it passes,
    // the test told here: Node 20's V8 inlines no call between wasm functions, and a call with the line's
    // arguments costs as much as that test. The size-optimised build calls every reader.
    if (ASC_SHRINK_LEVEL >= 2 || this.runners.reads(text, t, end)) this.runners.line(text, pos, t, end, nl, lineNo);
    // A tree's line, top level or nested, shows a branch or a bar first.
    if (t < end && isTreeUnit(unitAt(text, t))) this.tree.line(text, pos, end);
    const finding = this.findings.lineOf(text, t, end, digits, ASC_SHRINK_LEVEL < 2 ? this.alike : 0);
    this.records.lineOf(text, pos, end, digits, tokens, lineNo, ASC_SHRINK_LEVEL < 2 ? this.alike : 0);
    if (ASC_SHRINK_LEVEL >= 2 || this.entries.reads(text, pos, t, end)) this.entries.lineAt(text, pos, t, end);
    // A dump block's line opens at the margin with a quote, or with a letter when it ends in a
    // colon (dumps.ts).
    if (ASC_SHRINK_LEVEL >= 2 || (t == pos && mayOpenDumpBlock(text, t, end))) this.dumps.line(text, pos, end);
    if (this.lists) this.indented.lineAt(text, pos, t, end);
    // Every line that is not blank counts among the kinds' lines; one at the margin is read for a row.
    const kinds = this.kinds;
    if (ASC_SHRINK_LEVEL < 2 && t < end && kinds.readsRow(pos, t)) kinds.rowAlike(text, pos, end, lineNo, this.alike);
    else if (ASC_SHRINK_LEVEL >= 2) kinds.lineAt(text, pos, t, end);
    else if (t < end) kinds.lines++;
    // Only a line longer than the longest so far may be a list (inline-lists.ts).
    const inline = this.inline;
    if (ASC_SHRINK_LEVEL >= 2 || end - t > inline.end - inline.start) inline.line(text, t, end, lineNo);
    // Only a line at the margin has a lead. Any line has an ending but a finding's, whose message
    // is counted by code (and endings never beside findings); a line that ends in no word (a
    // letter, maybe a full stop after it) ends in no verdict, and is only counted (leads.ts, endingAt).
    if (t < end) {
      if (!finding) {
        if (ASC_SHRINK_LEVEL >= 2 || endsInWord(text, t, end)) this.endings.endingAt(text, t, end);
        else this.endings.lines++;
      }
      if (t == pos) this.leads.lineAt(text, pos, t, end, finding);
    }
    this.sections.line(text, pos, t, end, lineNo);
    const skeleton = this.skeleton;
    if (skeleton !== null) {
      skeleton.line(text, pos, t, end, lineNo);
      this.ranked.line(text, pos, t, end, lineNo, digits);
    }
    if (ASC_SHRINK_LEVEL < 2) {
      const located = this.located;
      // Lines past those analysed (digits -1) are left out, as the refinement reads only those.
      if (located !== null && digits >= 0) located.line(text, pos, end, lineNo, this.alike);
    }
    // The flagged lines are noted last.
    super.line(text, pos, t, end, nl, lineNo, digits, tokens);
  }

  /** commandTotals() of the lines read (totals.ts); `small` for a budget that shows few lines. */
  totals(small: bool = false): string {
    // A test run's totals are its runner's: its lines that open alike ("test x ... ok", "ok 3 - x")
    // or a suite's tests indented under it would count the same tests again, in another way.
    const run = this.runners.finish().found;
    const skeleton = this.skeleton;
    const nested = skeleton !== null && !run ? skeleton.mostHeads() : 0;
    // What a ranked column of counts per name adds up to (important/ranked-rows.ts).
    return commandTotalsOf(this.findings.findings, this.records.finish(), this.entries.finish(), this.dumps, run ? null : this.leads, small, run || !this.lists ? null : this.indented.finish(), nested, inlineListLine(this.inline), this.endings, skeleton !== null ? this.ranked.leadingSum() : 0, run ? null : this.kinds, !this.lists);
  }
}
