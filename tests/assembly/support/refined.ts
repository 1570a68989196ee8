// The line shapes of a text and what the refined scan flags in it, written as the specs compare them.
import { kindName } from "../../../assembly/important/kinds";
import { refineScan } from "../../../assembly/important/refine";
import { Scan, scanImportant } from "../../../assembly/important/scan";
import { Shapes } from "../../../assembly/important/shapes";

export function shapesOf(text: string): Shapes {
  return new Shapes(text, scanImportant(text).totalLines);
}

function refinedScanOf(text: string, exitCode: i32): Scan {
  const scan = scanImportant(text);
  return refineScan(text, scan, new Shapes(text, scan.totalLines), exitCode);
}

/** "line:kind" of every line the refined scan flags, joined with ",". */
export function refined(text: string, exitCode: i32): string {
  const r = refinedScanOf(text, exitCode);
  const out = new Array<string>();
  for (let i = 0; i < r.count; i++) out.push(r.lineNumbers[i].toString() + ":" + kindName(r.kinds[i]));
  return out.join(",");
}

/** The 1-based lines the refined scan of `text` flags as `kind`, joined by spaces. */
export function flaggedAs(text: string, exitCode: i32, kind: i32): string {
  const r = refinedScanOf(text, exitCode);
  const lines = new Array<string>();
  for (let i = 0; i < r.count; i++) if (r.kinds[i] == kind) lines.push(r.lineNumbers[i].toString());
  return lines.join(" ");
}
