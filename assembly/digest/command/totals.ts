// The totals a model would otherwise count, stated once under the status line of a
// command's output: its findings by severity and code (findings.ts), its commits, lines
// per commit or table rows (records.ts). Computed from the whole output, never copied
// from a line the cut may drop.
import { countFindings, Findings, findingsLine } from "./findings";
import { Records, recordsLine, recordsLineOf } from "./records";

/** "42 warnings, 1 error; by code: … · table: 48 rows", or "" when the output states no totals. */
export function commandTotals(text: string): string {
  return joinTotals(findingsLine(countFindings(text)), recordsLine(text));
}

/** commandTotals() of the findings and records already read (the one pass over the lines, lines.ts). */
export function commandTotalsOf(findings: Findings, records: Records): string {
  return joinTotals(findingsLine(findings), recordsLineOf(records));
}

function joinTotals(findings: string, records: string): string {
  if (findings.length == 0) return records;
  return records.length == 0 ? findings : findings + " \u00b7 " + records;
}
