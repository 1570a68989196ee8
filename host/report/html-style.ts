// The HTML report's stylesheet, inlined so the report is one file that opens
// anywhere (no CDN, no fonts). Output panes are dark: ANSI colours assume it.
export const REPORT_CSS = `
:root{--bg:#f6f7f9;--fg:#1d2330;--muted:#5b6475;--card:#fff;--line:#dde1e8;--accent:#2f6fdb;--raw:#9aa3b2;--sent:#2f6fdb;--good:#17803d;--pane:#161a22;--pane-fg:#dcdfe4;--kept:#1f3b2a;--kept-bar:#3fb950;--mark:#4a3a12;--mark-fg:#ffd787}
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;background:var(--bg);color:var(--fg);font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{max-width:1400px;margin:0 auto;padding:20px 24px 48px}
h1{font-size:1.5rem;margin:0 0 4px}
h2{font-size:1.15rem;margin:28px 0 10px}
h3{font-size:.95rem;margin:0 0 6px}
.sub,.note{color:var(--muted);font-size:.9rem;margin:0}
code{font:13px/1.4 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;background:#e9ecf1;padding:1px 4px;border-radius:3px;overflow-wrap:anywhere}
.cards{display:grid;grid-template-columns:repeat(4,minmax(0,1fr));gap:12px;margin-top:16px}
.card{background:var(--card);border:1px solid var(--line);border-radius:8px;padding:12px 14px}
.card b{display:block;font-size:1.4rem;font-variant-numeric:tabular-nums}
.card span{color:var(--muted);font-size:.85rem}
.card.saved b{color:var(--good)}
.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.scroll{position:relative;overflow-x:auto;background:var(--card);border:1px solid var(--line);border-radius:8px}
table{border-collapse:collapse;width:100%;font-variant-numeric:tabular-nums}
th,td{padding:7px 10px;border-bottom:1px solid var(--line);text-align:left;white-space:nowrap}
th{font-size:.8rem;color:var(--muted);font-weight:600}
td.num,th.num{text-align:right}
tr:last-child td{border-bottom:0}
.meter{display:inline-block;width:80px;height:8px;background:#e4e7ec;border-radius:4px;vertical-align:middle;overflow:hidden}
.meter i{display:block;height:100%;background:var(--good)}
figure{margin:0}
.chart-wrap{overflow-x:auto;background:var(--card);border:1px solid var(--line);border-radius:8px;padding:8px}
.chart{display:block;width:100%;height:auto}
.chart .grid{stroke:#e4e7ec}
.chart .tick,.chart .axis{font-size:12px;fill:var(--muted)}
.chart .raw{fill:var(--raw)}
.chart .sent{fill:var(--sent)}
.chart a:focus rect,.chart a:hover rect{opacity:.7}
.legend{display:flex;gap:16px;font-size:.85rem;color:var(--muted);margin:6px 0 0}
.legend i{display:inline-block;width:10px;height:10px;margin-right:5px;vertical-align:-1px}
details.call{background:var(--card);border:1px solid var(--line);border-radius:8px;margin:0 0 8px}
details.call>summary{display:grid;grid-template-columns:3.5em minmax(6em,9em) minmax(8em,10em) 11em 4.5em minmax(0,1fr);gap:10px;align-items:baseline;padding:9px 12px;cursor:pointer;list-style:none}
details.call>summary::-webkit-details-marker{display:none}
.chev::before{content:"▸ ";color:var(--muted)}
details.call[open] .chev::before{content:"▾ "}
details.call>summary:focus-visible{outline:2px solid var(--accent);outline-offset:2px;border-radius:8px}
details.call[open]>summary{border-bottom:1px solid var(--line)}
.c-id{color:var(--muted);font-variant-numeric:tabular-nums}
.c-tool{font-weight:600;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.c-cat{font-size:.8rem;color:var(--muted)}
.c-tok{font-variant-numeric:tabular-nums;white-space:nowrap}
.c-saved{font-variant-numeric:tabular-nums;color:var(--good);font-weight:600;text-align:right}
.c-sum{overflow:hidden;text-overflow:ellipsis;white-space:nowrap;color:var(--muted)}
.call-body{padding:12px}
.call-meta{margin:0 0 10px;font-size:.85rem;color:var(--muted)}
.panes{display:grid;grid-template-columns:minmax(0,1fr) minmax(0,1fr);gap:12px}
.pane{min-width:0}
pre.out{margin:0;background:var(--pane);color:var(--pane-fg);border-radius:6px;padding:8px 0;max-height:560px;overflow:auto;font:12.5px/1.45 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;tab-size:4}
pre.out>span{display:block;padding:0 10px 0 0;white-space:pre}
pre.out .n{display:inline-block;min-width:4.5em;padding:0 10px 0 6px;text-align:right;color:#6b7280;user-select:none;border-left:3px solid transparent}
pre.out .kept{background:var(--kept)}
pre.out .kept .n{border-left-color:var(--kept-bar);color:#9be9a8}
pre.out .gap{color:#8b93a1;font-style:italic;padding-left:14px}
pre.out .marker{background:var(--mark);color:var(--mark-fg)}
.markers{margin:8px 0 0;padding-left:20px;font-size:.88rem}
.markers li{margin:4px 0}
footer{margin-top:32px;color:var(--muted);font-size:.85rem}
@media (max-width:900px){
  .panes{grid-template-columns:minmax(0,1fr)}
  .cards{grid-template-columns:repeat(2,minmax(0,1fr))}
  details.call>summary{grid-template-columns:3em minmax(0,1fr) auto;grid-template-areas:"id tool saved" "id cat tok" "id sum sum"}
  .c-id{grid-area:id}.c-tool{grid-area:tool}.c-cat{grid-area:cat}.c-tok{grid-area:tok;text-align:right}.c-saved{grid-area:saved}.c-sum{grid-area:sum;white-space:normal}
}
@media (max-width:480px){
  main{padding:12px 10px 32px}
  th,td{padding:6px 7px}
  .meter{width:48px}
  td:first-child{max-width:12em;overflow:hidden;text-overflow:ellipsis}
  pre.out{max-height:420px}
}
`;
