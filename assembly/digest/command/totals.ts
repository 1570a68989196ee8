// The totals a model would otherwise count, stated once under the status line of a
// command's output: its findings by severity and code (findings.ts), its commits, lines
// per commit or table rows (records.ts), the entries listed under a label (entries.ts),
// the blocks of a dump (dumps.ts), a flat list indented under a line (indented.ts), the
// lines that open with the same word or message (leads.ts), the items of a list printed
// on one line (inline-lists.ts), the blocks a succeeded
// command's skeleton outlines (important/skeleton.ts: a class's methods).
// Computed from the whole output, never copied from a line the cut may drop.
import { DumpBlocks, dumpsLine, dumpWord } from "./dumps";
import { entriesLine, LabeledEntries } from "./entries";
import { countFindings, Findings, findingsLine } from "./findings";
import { LineLeads, leadsLine, statesCount } from "./leads";
import { StrBuf } from "../../util/strbuf";
import { IndentedRuns, indentedLine } from "./indented";
import { findRunnerSummaries } from "../../important/runners";
import { readEachLine } from "../../util/lines";
import { Records, recordsLine, recordsLineOf } from "./records";
import { ColumnKinds } from "./kinds";

/** Kinds of a column named (kinds.ts): under a small budget each costs a line's room. */
const KINDS_LARGE: i32 = 5;
const KINDS_SMALL: i32 = 3;

/** "42 warnings, 1 error; by code: … · table: 48 rows", or "" when the output states no totals. */
export function commandTotals(text: string): string {
  const counted = countFindings(text);
  const runner = findRunnerSummaries(text).found;
  const findings = findingsLine(counted, false, !runner);
  const dumps = readEachLine(text, new DumpBlocks());
  const totals = joinTotals(joinTotals(joinTotals(findings, recordsLine(text)), entriesLine(readEntries(text))), dumpsLine(dumps));
  return withLeads(runner ? totals : withIndented(totals, readEachLine(text, new IndentedRuns()).finish()), runner ? null : readEachLine(text, new LineLeads()), counted.total > 1, dumps);
}

/**
 * commandTotals() of the findings, records, entries, dump blocks, indented runs, leads, skeleton
 * (`nested`, see withNested) and one-line list (`inlineList`, inline-lists.ts) already read (the
 * one pass over the lines, lines.ts), a ranked column's sum (`sum`, ranked-rows.ts) and the kinds a
 * column of rows takes (`kinds`, kinds.ts; fewer named under a small budget, none in a run that
 * `failed` under a small budget); `small`
 * names only the codes that repeat, within 80 units (findings.ts);
 * `leads` and `indented` are null for a test run (its runner's totals count its tests).
 */
export function commandTotalsOf(findings: Findings, records: Records, entries: LabeledEntries, dumps: DumpBlocks, leads: LineLeads | null, small: bool, indented: IndentedRuns | null, nested: i32 = 0, inlineList: string = "", endings: LineLeads | null = null, sum: i32 = 0, kinds: ColumnKinds | null = null, failed: bool = false): string {
  const found = findingsLine(findings, small, leads !== null);
  // Findings with places: their messages end their lines and their quoted sources nest
  // under them. Errors and warnings stated without a place (findings.ts) are lines like others.
  const placed = findings.total > 1;
  const totals = joinTotals(joinTotals(joinTotals(joinTotals(found, recordsLineOf(records)), entriesLine(entries)), dumpsLine(dumps)), inlineList);
  // A finding's quoted source nests under it: its blocks are the findings, counted already.
  const all = withCount(withCount(withLeads(indented === null ? totals : withIndented(totals, indented), leads, placed, dumps, endings, !small), placed ? 0 : nested, "nested blocks: "), sum, "column 1 sums to ");
  // A column's kinds beside findings would count their severities or codes again; under a
  // small budget a failed run's room goes to its errors.
  return kinds === null || placed || (small && failed) ? all : joinTotals(all, kinds.totalsLine(small ? KINDS_SMALL : KINDS_LARGE, all));
}

/** A count at least to be stated (fewer are counted at a glance). */
const MIN_COUNT: i32 = 8;

/**
 * The totals, then `label` and n: "nested blocks: 12", the blocks the skeleton's busiest level
 * heads, "column 1 sums to 1,938" (`sum`); unless another total states that count already.
 */
function withCount(totals: string, n: i32, label: string): string {
  if (n < MIN_COUNT || statesCount(totals, n)) return totals;
  return joinTotals(totals, new StrBuf(24).addLabelCount(label, n).toString());
}

/** The totals, then the longest indented run when they do not state its count (indented.ts): none for a test run, whose runner counts its tests. */
function withIndented(totals: string, indented: IndentedRuns): string {
  return joinTotals(totals, indentedLine(indented, totals));
}

/**
 * The totals, then the leads that count what they do not (a count they state is not stated
 * twice), then the lines that end alike (`endings`, LineLeads.endingAt) unless a lead quotes
 * their ending; none when `leads` is null, no endings beside findings, whose messages end
 * their lines and are counted by code. `sparse` (a budget that shows many lines) counts a few
 * lines of a lead far apart too (leadsLine).
 */
function withLeads(totals: string, leads: LineLeads | null, findings: bool, dumps: DumpBlocks, endings: LineLeads | null = null, sparse: bool = false): string {
  if (leads === null) return totals;
  const line = leadsLine(leads, totals, findings, dumpWord(dumps), "", sparse);
  const all = joinTotals(totals, line);
  return findings || endings === null ? all : joinTotals(all, leadsLine(endings, all, false, "", line));
}

function joinTotals(first: string, second: string): string {
  if (first.length == 0) return second;
  return second.length == 0 ? first : first + " \u00b7 " + second;
}

function readEntries(text: string): LabeledEntries {
  const e = readEachLine(text, new LabeledEntries());
  return e.finish();
}
