// The line shapes of a text and what the refined scan flags in it, written as the specs compare them.
import { kindName } from "../../../assembly/important/kinds";
import { refineScan } from "../../../assembly/important/refine";
import { scanImportant } from "../../../assembly/important/scan";
import { Shapes } from "../../../assembly/important/shapes";

export function shapesOf(text: string): Shapes {
  return new Shapes(text, scanImportant(text).totalLines);
}

/** "line:kind" of every line the refined scan flags, joined with ",". */
export function refined(text: string, exitCode: i32): string {
  const scan = scanImportant(text);
  const r = refineScan(text, scan, new Shapes(text, scan.totalLines), exitCode);
  const out = new Array<string>();
  for (let i = 0; i < r.count; i++) out.push(r.lineNumbers[i].toString() + ":" + kindName(r.kinds[i]));
  return out.join(",");
}
