// `abridge report` in a terminal: totals, then a table per session, tool and
// category with a bar of the share saved.
import type { LogReport, Totals } from "./aggregate.js";
import { bar, count, percent, style, table, type Column } from "./terminal.js";

const COLUMNS = (first: string): Column[] => [
  { header: first },
  { header: "calls", align: "right" },
  { header: "raw tokens", align: "right" },
  { header: "sent", align: "right" },
  { header: "saved", align: "right" },
  { header: "" },
];

function rows(entries: Record<string, Totals>, paint: ReturnType<typeof style>): string[][] {
  return Object.entries(entries)
    .sort((a, b) => b[1].rawTokens - a[1].rawTokens)
    .map(([name, t]) => [name, count(t.calls), count(t.rawTokens), count(t.sentTokens), paint.green(percent(t.savedTokens, t.rawTokens)), paint.dim(bar(t.savedTokens, t.rawTokens))]);
}

export function renderTextReport(report: LogReport, colour: boolean): string {
  const paint = style(colour);
  const t = report.total;
  const sessions = Object.keys(report.sessions).length;
  const out = [
    paint.bold(`abridge report — ${report.log}`),
    `${count(t.calls)} tool result${t.calls === 1 ? "" : "s"} in ${count(sessions)} session${sessions === 1 ? "" : "s"}: ${count(t.rawTokens)} raw → ${count(t.sentTokens)} sent tokens, ${paint.green(`${percent(t.savedTokens, t.rawTokens)} saved`)} (${count(t.savedTokens)} tokens)`,
  ];
  if (t.calls === 0) {
    out[1] = "no completed tool results in this log";
    if (report.unfinished) out.push(`${report.unfinished} call${report.unfinished === 1 ? "" : "s"} without a completion record`);
    if (report.skippedLines) out.push(`${report.skippedLines} unreadable log line${report.skippedLines === 1 ? "" : "s"} skipped`);
    return out.join("\n");
  }
  const footer = ["total", count(t.calls), count(t.rawTokens), count(t.sentTokens), percent(t.savedTokens, t.rawTokens), ""];
  for (const [title, first, entries] of [
    ["per session", "session", report.sessions],
    ["per tool", "tool", report.tools],
    ["per category", "category", report.categories],
  ] as const) {
    out.push("", paint.bold(title), table(COLUMNS(first), rows(entries, paint), { footer }));
  }
  const notes: string[] = ["raw tokens are the core's o200k estimate; sent tokens are exact"];
  if (report.unfinished) notes.push(`${report.unfinished} call${report.unfinished === 1 ? "" : "s"} without a completion record not counted`);
  if (report.skippedLines) notes.push(`${report.skippedLines} unreadable log line${report.skippedLines === 1 ? "" : "s"} skipped`);
  out.push("", paint.dim(notes.join("; ")));
  return out.join("\n");
}
