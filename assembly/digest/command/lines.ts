// The per-line checks of a command's output that the Shapes pass feeds (one walk
// over the lines for all of them): runner summaries, tree lines, findings, records,
// labeled entries, dump blocks and section headings.
import { LineVisitor } from "../../important/shapes";
import { RunnerReader } from "../../important/runners";
import { messageKey } from "../../important/novel";
import { Kind } from "../../important/kinds";
import { wordVerdict } from "../../important/refine";
import { LineNotes, NO_WORDS, Scan } from "../../important/scan";
import { CharCode } from "../../util/chars";
import { unitAt } from "../../util/lines";
import { DumpBlocks } from "./dumps";
import { LabeledEntries } from "./entries";
import { SectionLines } from "./outline";
import { FindingsReader } from "./findings";
import { RecordsReader } from "./records";
import { commandTotalsOf } from "./totals";
import { TreeLines } from "./tree";

/** The first unit after the spaces and tabs of every line TreeLines takes: ├ └ │ + ` |. */
// @ts-ignore: decorator
@inline function isTreeUnit(c: i32): bool {
  return c == 0x251c || c == 0x2514 || c == 0x2502 || c == CharCode.PLUS || c == 0x60 || c == CharCode.PIPE;
}

export class CommandLines extends LineVisitor {
  runners: RunnerReader = new RunnerReader();
  tree: TreeLines = new TreeLines();
  findings: FindingsReader = new FindingsReader();
  records: RecordsReader = new RecordsReader();
  entries: LabeledEntries = new LabeledEntries();
  dumps: DumpBlocks = new DumpBlocks();
  sections: SectionLines = new SectionLines();
  /** The keyword scan of the text: its lines are noted as they are read (LineNotes). */
  private scan: Scan = new Scan();
  private notes: LineNotes = new LineNotes(0);
  /** The next entry of the scan to note, and the line read before. */
  private next: i32 = 0;
  private prevPos: i32 = -1;
  private prevEnd: i32 = 0;

  /** Notes the lines `scan` flags as they are read. */
  noting(scan: Scan): void {
    this.scan = scan;
    const notes = new LineNotes(scan.totalLines);
    this.notes = notes;
    scan.notes = notes;
  }

  line(text: string, pos: i32, t: i32, end: i32, nl: i32, lineNo: i32, digits: i32): void {
    this.runners.line(text, pos, t, end, nl, lineNo);
    // A tree's line, top level or nested, shows a branch or a bar first.
    if (t < end && isTreeUnit(unitAt(text, t))) this.tree.line(text, pos, end);
    this.findings.lineOf(text, t, end, digits);
    this.records.lineOf(text, pos, end, digits);
    this.entries.lineAt(text, pos, t, end);
    this.dumps.line(text, pos, end);
    this.sections.line(text, pos, t, end, lineNo);
    const scan = this.scan;
    const h = this.next;
    if (h < scan.count && unchecked(scan.lineNumbers[h]) == lineNo) this.note(text, pos, end, lineNo - 1, h);
    this.prevPos = pos;
    this.prevEnd = end;
  }

  /** Notes flagged line `line` (0-based), [pos, end), scan entry h. */
  private note(text: string, pos: i32, end: i32, line: i32, h: i32): void {
    const scan = this.scan;
    const notes = this.notes;
    this.next = h + 1;
    const key = messageKey(text, unchecked(scan.lineStarts[h]), unchecked(scan.lineEnds[h]));
    unchecked((notes.keys[line] = key == 0 ? NO_WORDS : key));
    const kind = unchecked(scan.kinds[h]);
    if (kind != Kind.Summary && kind != Kind.Exit) unchecked((notes.verdicts[line] = wordVerdict(text, pos, end, this.prevPos, this.prevEnd, unchecked(scan.hits[h]))));
  }

  /** commandTotals() of the lines read (totals.ts); `small` for a budget that shows few lines. */
  totals(small: bool = false): string {
    return commandTotalsOf(this.findings.findings, this.records.finish(), this.entries.finish(), this.dumps, small);
  }
}
