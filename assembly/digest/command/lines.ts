// The per-line checks of a command's output that the Shapes pass feeds (one walk
// over the lines for all of them): runner summaries, tree lines, findings, records,
// labeled entries, dump blocks and section headings.
import { LineVisitor } from "../../important/shapes";
import { RunnerReader } from "../../important/runners";
import { CharCode } from "../../util/chars";
import { unitAt } from "../../util/lines";
import { DumpBlocks } from "./dumps";
import { LabeledEntries } from "./entries";
import { SectionLines } from "./outline";
import { FindingsReader } from "./findings";
import { RecordsReader } from "./records";
import { commandTotalsOf } from "./totals";
import { TreeLines } from "./tree";

export class CommandLines extends LineVisitor {
  runners: RunnerReader = new RunnerReader();
  tree: TreeLines = new TreeLines();
  findings: FindingsReader = new FindingsReader();
  records: RecordsReader = new RecordsReader();
  entries: LabeledEntries = new LabeledEntries();
  dumps: DumpBlocks = new DumpBlocks();
  sections: SectionLines = new SectionLines();

  line(text: string, pos: i32, end: i32, nl: i32, lineNo: i32, digits: i32): void {
    let t = pos;
    while (t < end && (unitAt(text, t) == CharCode.SPACE || unitAt(text, t) == CharCode.TAB)) t++;
    this.runners.line(text, pos, t, end, nl, lineNo);
    this.tree.line(text, pos, end);
    // Findings start at the first unit after spaces and tabs: t, read once here.
    this.findings.lineOf(text, t, end, digits);
    this.records.lineOf(text, pos, end, digits);
    this.entries.line(text, pos, end);
    this.dumps.line(text, pos, end);
    this.sections.line(text, pos, t, end, lineNo);
  }

  /** commandTotals() of the lines read (totals.ts); `small` for a budget that shows few lines. */
  totals(small: bool = false): string {
    return commandTotalsOf(this.findings.findings, this.records.finish(), this.entries.finish(), this.dumps, small);
  }
}
