// The per-line checks of a command's output that the Shapes pass feeds (one walk
// over the lines for all of them): runner summaries and tree lines.
import { LineVisitor } from "../../important/shapes";
import { RunnerReader } from "../../important/runners";
import { CharCode } from "../../util/chars";
import { unitAt } from "../../util/lines";
import { TreeLines } from "./tree";

export class CommandLines extends LineVisitor {
  runners: RunnerReader = new RunnerReader();
  tree: TreeLines = new TreeLines();

  line(text: string, pos: i32, end: i32, nl: i32, lineNo: i32): void {
    let t = pos;
    while (t < end && (unitAt(text, t) == CharCode.SPACE || unitAt(text, t) == CharCode.TAB)) t++;
    this.runners.line(text, pos, t, end, nl, lineNo);
    this.tree.line(text, pos, end);
  }
}
