// The replay's terminal report: a table per tool, category and session, and
// a line that accounts for every skipped record.
import { count, percent, style, table, type Column } from "../report/terminal.js";
import type { Bucket, ReplayTotals } from "./run.js";
import type { Transcripts } from "./transcript.js";

const columns = (first: string): Column[] => [
  { header: first },
  { header: "results", align: "right" },
  { header: "raw tokens", align: "right" },
  { header: "sent", align: "right" },
  { header: "saved", align: "right" },
  { header: "error lines kept", align: "right" },
];

function cells(name: string, b: Bucket, paint: ReturnType<typeof style>): string[] {
  const errors = b.errorLines === 0 ? "–" : b.errorLinesKept === b.errorLines ? paint.green(`${count(b.errorLinesKept)}/${count(b.errorLines)}`) : paint.red(`${count(b.errorLinesKept)}/${count(b.errorLines)}`);
  return [name, count(b.calls), count(b.rawTokens), count(b.sentTokens), paint.green(percent(b.savedTokens, b.rawTokens)), errors];
}

function section(title: string, first: string, entries: Record<string, Bucket>, total: Bucket, paint: ReturnType<typeof style>): string[] {
  const rows = Object.entries(entries)
    .sort((a, b) => b[1].rawTokens - a[1].rawTokens)
    .map(([name, b]) => cells(name, b, paint));
  return ["", paint.bold(title), table(columns(first), rows, { footer: cells("total", total, style(false)) })];
}

const plural = (n: number, one: string, many = `${one}s`) => `${count(n)} ${n === 1 ? one : many}`;

/** Everything that was read but not replayed, in words; "" when nothing was skipped. */
export function skippedLine(t: Transcripts): string {
  const s = t.stats;
  return [
    s.malformed ? plural(s.malformed, "malformed line") : "",
    s.unknownShape ? plural(s.unknownShape, "record of unknown shape", "records of unknown shape") : "",
    s.orphanResults ? plural(s.orphanResults, "result without its call", "results without their call") : "",
    s.unanswered ? plural(s.unanswered, "call without a result", "calls without a result") : "",
    s.nonText ? plural(s.nonText, "result with no text", "results with no text") : "",
  ]
    .filter(Boolean)
    .join(", ");
}

export function renderReplay(t: Transcripts, totals: ReplayTotals, info: { level: string; log?: string }, colour: boolean): string {
  const paint = style(colour);
  const formats = Object.entries(t.fileFormats)
    .map(([file, format]) => `${file} (${format})`)
    .join(", ");
  const out = [
    paint.bold(`abridge replay — ${plural(t.stats.files, "transcript")}, ${plural(totals.total.calls, "tool result")}, level ${info.level}`),
    paint.dim(formats),
    `${count(totals.total.rawTokens)} raw → ${count(totals.total.sentTokens)} sent tokens: ${paint.green(`${percent(totals.total.savedTokens, totals.total.rawTokens)} saved`)}; error lines the model saw: ${count(totals.total.errorLinesKept)}/${count(totals.total.errorLines)}`,
    ...section("per tool", "tool", totals.tools, totals.total, paint),
    ...section("per category", "category", totals.categories, totals.total, paint),
  ];
  if (Object.keys(totals.sessions).length > 1) out.push(...section("per session", "session", totals.sessions, totals.total, paint));
  const skipped = skippedLine(t);
  out.push("", skipped ? `skipped: ${skipped}` : "skipped: nothing");
  out.push(paint.dim("raw tokens are the core's o200k estimate, sent tokens exact; error lines are counted in command outputs"));
  if (info.log) out.push(`log: ${info.log} — draw it with \`abridge report ${info.log} --html report.html\``);
  return out.join("\n");
}
