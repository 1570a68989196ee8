// `abridge report --html`: one self-contained page (inline CSS and SVG, no
// script needed) with totals per session and per tool, a chart of raw vs sent
// tokens per call, and a row per call that expands (<details>, keyboard
// accessible) to the full output beside what the model saw.
import type { LogReport, ReportCall, Totals } from "./aggregate.js";
import { escapeHtml } from "./ansi-html.js";
import { tokenChart } from "./chart.js";
import { REPORT_CSS } from "./html-style.js";
import { explainMarker, findMarkers } from "./markers.js";
import { buildPane, type Pane } from "./output-pane.js";

const n = (x: number) => Math.round(x).toLocaleString("en-US");
const pct = (t: Totals) => (t.rawTokens > 0 ? `${Math.round(t.savedPercent)}%` : "–");
const e = escapeHtml;

/** A shell-quoted argument, for the commands the page suggests. */
function shellArg(s: string): string {
  return /^[\w@%+=:,./-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;
}

function totalsTable(title: string, first: string, rows: Record<string, Totals>): string {
  const sorted = Object.entries(rows).sort((a, b) => b[1].rawTokens - a[1].rawTokens);
  const body = sorted
    .map(([name, t]) => {
      const share = t.rawTokens > 0 ? Math.max(0, Math.min(100, t.savedPercent)) : 0;
      return `<tr><td title="${e(name)}">${e(name)}</td><td class="num">${n(t.calls)}</td><td class="num">${n(t.rawTokens)}</td><td class="num">${n(t.sentTokens)}</td><td class="num">${pct(t)}</td><td><span class="meter" aria-hidden="true"><i style="width:${share.toFixed(1)}%"></i></span></td></tr>`;
    })
    .join("");
  return `<section><h2>${e(title)}</h2><div class="scroll"><table><thead><tr><th>${e(first)}</th><th class="num">calls</th><th class="num">raw tokens</th><th class="num">sent tokens</th><th class="num">saved</th><th><span class="sr">share saved</span></th></tr></thead><tbody>${body}</tbody></table></div></section>`;
}

function paneHtml(pane: Pane, call: ReportCall, log: string): string {
  const more = (first: number) => `abridge log show ${shellArg(log)} --id ${shellArg(call.callId)} --offset ${first}`;
  const lines = pane.items
    .map((item) => {
      if ("gap" in item) {
        const [a, b] = item.gap;
        return `<span class="gap">⋯ lines ${n(a)}–${n(b)} not shown here: ${e(more(a))}</span>`;
      }
      return `<span${item.kept ? ` class="kept"` : ""}><span class="n">${item.n}</span>${item.html}</span>`;
    })
    .join("");
  const notes = [
    `${n(pane.totalLines)} line${pane.totalLines === 1 ? "" : "s"}`,
    call.keptLines.length ? "highlighted lines reached the model verbatim" : "",
    pane.coloured ? "colours as the terminal showed them" : "",
    pane.note,
  ].filter(Boolean);
  return `<div class="pane"><h3>Full output</h3><p class="note">${e(notes.join("; "))}</p><pre class="out" tabindex="0">${lines}</pre></div>`;
}

function llmHtml(call: ReportCall, log: string): string {
  const markers = findMarkers(call.llmContent);
  const at = new Set(markers.map((m) => m.line));
  const lines = call.llmContent
    .split("\n")
    .map((line, i) => `<span${at.has(i) ? ` class="marker"` : ""}><span class="n">${i + 1}</span>${e(line)}</span>`)
    .join("");
  const more = (first: number) => `abridge log show ${shellArg(log)} --id ${shellArg(call.callId)} --offset ${first}`;
  const explained = markers.length
    ? `<ul class="markers">${markers.map((m) => `<li><code>${e(m.text.trim().length > 90 ? `${m.text.trim().slice(0, 89)}…` : m.text.trim())}</code> — ${e(explainMarker(m, more))}</li>`).join("")}</ul>`
    : `<p class="note">No omission marker in what the model saw.</p>`;
  const by = call.summarizer && call.summarizer.fallbackReason === null ? `summary by ${call.summarizer.provider} ${call.summarizer.model}` : "digest";
  return `<div class="pane"><h3>What the model saw</h3><p class="note">${e(`${n(call.llmContent.length)} chars, ${n(call.sentTokens)} tokens; ${by}`)}</p><pre class="out llm" tabindex="0">${lines}</pre>${explained}</div>`;
}

function callRow(call: ReportCall, index: number, log: string): string {
  const saved = call.rawTokens > 0 ? `${Math.round((call.savedTokens / call.rawTokens) * 100)}%` : "–";
  const args = call.args === null || call.args === undefined ? "" : typeof call.args === "string" ? call.args : JSON.stringify(call.args);
  const meta = [`call ${call.callId}`, `session ${call.session}`, call.time, call.exitCode !== null ? `exit ${call.exitCode}` : "", args ? `args ${args.length > 300 ? `${args.slice(0, 299)}…` : args}` : ""].filter(Boolean);
  const pane = buildPane(call.output, call.paging, call.keptLines);
  return (
    `<details class="call" id="call-${index + 1}"><summary>` +
    `<span class="c-id"><span class="chev" aria-hidden="true"></span>#${index + 1}</span><span class="c-tool">${e(call.tool)}</span><span class="c-cat">${e(call.category)}</span>` +
    `<span class="c-tok">${n(call.rawTokens)} → ${n(call.sentTokens)}</span><span class="c-saved">${saved}</span><span class="c-sum">${e(call.summary)}</span>` +
    `</summary><div class="call-body"><p class="call-meta">${e(meta.join(" · "))}</p><div class="panes">${paneHtml(pane, call, log)}${llmHtml(call, log)}</div></div></details>`
  );
}

export interface HtmlOptions {
  /** Shown as the report's time; fixed in tests. @default now */
  generated?: Date;
}

export function renderHtmlReport(report: LogReport, options: HtmlOptions = {}): string {
  const t = report.total;
  const sessions = Object.keys(report.sessions).length;
  const generated = (options.generated ?? new Date()).toISOString().replace("T", " ").slice(0, 16) + " UTC";
  const caveats = [
    report.unfinished ? `${n(report.unfinished)} call${report.unfinished === 1 ? "" : "s"} without a completion record (still running, or the process died) are not counted` : "",
    report.skippedLines ? `${n(report.skippedLines)} unreadable log line${report.skippedLines === 1 ? "" : "s"} skipped` : "",
  ].filter(Boolean);
  const chart = tokenChart(report.calls.map((c, i) => ({ anchor: `call-${i + 1}`, label: `#${i + 1} ${c.tool}`, raw: c.rawTokens, sent: c.sentTokens })));
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>abridge report — ${e(report.log)}</title><style>${REPORT_CSS}</style></head>
<body><main>
<header><h1>abridge report</h1><p class="sub">${e(report.log)} · ${n(t.calls)} call${t.calls === 1 ? "" : "s"} in ${n(sessions)} session${sessions === 1 ? "" : "s"} · ${e(generated)}</p></header>
<section class="cards" aria-label="Totals">
<div class="card"><b>${n(t.calls)}</b><span>tool results</span></div>
<div class="card"><b>${n(t.rawTokens)}</b><span>raw tokens (estimated)</span></div>
<div class="card"><b>${n(t.sentTokens)}</b><span>tokens sent to the model</span></div>
<div class="card saved"><b>${pct(t)}</b><span>${n(t.savedTokens)} tokens saved</span></div>
</section>
${caveats.length ? `<p class="note">${e(caveats.join("; "))}.</p>` : ""}
${totalsTable("Sessions", "session", report.sessions)}${totalsTable("Tools", "tool", report.tools)}${totalsTable("Categories", "category", report.categories)}
<section><h2>Raw vs sent tokens per call</h2><figure><div class="chart-wrap">${chart}</div>
<figcaption class="legend"><span><i style="background:var(--raw)"></i>raw output</span><span><i style="background:var(--sent)"></i>sent to the model</span><span>log scale; a bar pair links to its call</span></figcaption></figure></section>
<section><h2>Calls</h2><p class="note">Open a row to see the full output beside what the model saw.</p>
${report.calls.map((c, i) => callRow(c, i, report.log)).join("\n")}
</section>
<footer>Raw tokens are the core's o200k estimate (≈3.5% mean error); sent tokens are counted exactly. Line numbers are those of the cleaned output, as in the markers.</footer>
</main>
<script>/* a chart bar links to a closed row: open it */
function openTarget(){var t=document.getElementById(decodeURIComponent(location.hash.slice(1)));if(t&&t.tagName==="DETAILS")t.open=true}
addEventListener("hashchange",openTarget);openTarget();</script>
</body></html>
`;
}
