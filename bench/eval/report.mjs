// Aggregates per-output scores and renders the Evaluation tables.
const CATEGORY_ORDER = ["CommandOutput", "SearchResults", "DirectoryListing", "FileContent", "StructuredData", "WebContent", "Diff", "Binary"];

const pct = (x) => (Number.isFinite(x) ? `${(x * 100).toFixed(1)}%` : "–");
const int = (n) => n.toLocaleString("en-US");
const mean = (xs) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : NaN);

/** Token reduction, facts and error lines over a set of rows (one per output). */
export function stats(rows, short) {
  const long = rows.filter((r) => r.rawChars > short);
  const withFacts = rows.filter((r) => r.total > 0);
  const withErrors = rows.filter((r) => r.errorTotal > 0);
  const sum = (rs, k) => rs.reduce((a, r) => a + r[k], 0);
  return {
    outputs: rows.length,
    longOutputs: long.length,
    tokens: sum(rows, "tokens"),
    meanTokens: mean(rows.map((r) => r.tokens)),
    reduction: mean(long.map((r) => 1 - r.tokens / r.rawTokens)),
    pooledReduction: 1 - sum(long, "tokens") / sum(long, "rawTokens"),
    facts: mean(withFacts.map((r) => r.kept / r.total)),
    errorLines: sum(rows, "errorKept") / sum(rows, "errorTotal"),
    errorOutputsAll: withErrors.filter((r) => r.errorKept === r.errorTotal).length,
    errorOutputs: withErrors.length,
    crashes: rows.filter((r) => r.crashed).length,
  };
}

export function summarize(results, { short }) {
  return results.map((r) => {
    const byCategory = {};
    for (const c of CATEGORY_ORDER) {
      const rows = r.rows.filter((x) => x.category === c);
      if (rows.length) byCategory[c] = stats(rows, short);
    }
    // The held-out part is never tuned against; the tuning part is everything else.
    const parts = { tuned: stats(r.rows.filter((x) => !x.heldOut), short), heldOut: stats(r.rows.filter((x) => x.heldOut), short) };
    return { ...r, overall: stats(r.rows, short), parts, byCategory };
  });
}

const find = (summary, system, pred) => summary.find((s) => s.system === system && pred(s));

function overallTable(summary) {
  const lines = [
    "| system | budget | tokens seen (all outputs) | fewer tokens than raw (mean per output) | (pooled) | facts kept (mean per output) | error lines kept | outputs with every error line |",
    "|---|---|---:|---:|---:|---:|---:|---:|",
  ];
  for (const s of summary.filter((x) => !x.ceiling)) {
    const o = s.overall;
    const name = s.isDefault ? `**${s.system}**` : s.system;
    const crash = o.crashes ? ` (${o.crashes} crashed)` : "";
    lines.push(
      `| ${name}${crash} | ${s.config} | ${int(o.tokens)} | ${pct(o.reduction)} | ${pct(o.pooledReduction)} | ${pct(o.facts)} | ${pct(o.errorLines)} | ${o.errorOutputsAll}/${o.errorOutputs} |`,
    );
  }
  return lines.join("\n");
}

/** Tuning part and held-out part side by side, for every system at the given budgets. */
function splitTable(summary, budgets) {
  const both = (f) => (s) => `${f(s.parts.tuned)} · ${f(s.parts.heldOut)}`;
  const lines = [
    "| system | budget | facts kept | error lines kept | outputs with every error line | mean tokens per output | fewer tokens than raw (mean per output) |",
    "|---|---|---:|---:|---:|---:|---:|",
  ];
  const raw = summary.filter((x) => x.system === "raw output");
  for (const group of [raw, ...budgets.map((b) => summary.filter((x) => x.budget === b))]) {
    for (const s of group) {
      const name = s.system === "abridge" ? `**${s.system}**` : s.system;
      lines.push(
        `| ${name} | ${s.config} | ${both((p) => pct(p.facts))(s)} | ${both((p) => pct(p.errorLines))(s)} | ${both((p) => `${p.errorOutputsAll}/${p.errorOutputs}`)(s)} | ${both((p) => int(Math.round(p.meanTokens)))(s)} | ${both((p) => pct(p.reduction))(s)} |`,
      );
    }
  }
  return lines.join("\n");
}

function categoryTable(summary, columns) {
  const present = columns.filter(Boolean);
  const head = `| category (outputs) | ${present.map((s) => `${s.system} ${s.config}`).join(" | ")} |`;
  const lines = [head, `|---|${present.map(() => "---:").join("|")}|`];
  for (const c of CATEGORY_ORDER) {
    const first = present[0]?.byCategory[c];
    if (!first) continue;
    const cells = present.map((s) => {
      const st = s.byCategory[c];
      return `${pct(st.reduction)} · ${pct(st.facts)} · ${pct(st.errorLines)}`;
    });
    lines.push(`| ${c} (${first.outputs}) | ${cells.join(" | ")} |`);
  }
  return lines.join("\n");
}

/** Per-output misses of the tuning part only: the held-out part is reported in aggregate, never per output. */
function misses(entry, limit) {
  if (!entry) return [];
  const out = [];
  for (const r of entry.rows.filter((x) => !x.heldOut)) {
    if (r.crashed) out.push(`- ${r.id}: crashed: ${r.crashed}`);
    if (r.missing.length) out.push(`- ${r.id} (${r.kept}/${r.total}): ${r.missing.slice(0, 4).join("; ")}${r.missing.length > 4 ? `; …+${r.missing.length - 4}` : ""}`);
  }
  return out.length > limit ? [...out.slice(0, limit), `- …+${out.length - limit} more outputs`] : out;
}

/** What the facts alone would keep at a budget, tuning · held-out: close to the most any verbatim result of that size could. */
function ceilingLine(summary, budget) {
  const facts = find(summary, "ceiling: facts alone", (s) => s.budget === budget)?.parts;
  const errors = find(summary, "ceiling: error lines alone", (s) => s.budget === budget)?.parts;
  if (!facts || !errors) return undefined;
  return (
    `- ceiling at ${int(budget)} chars (a result holding nothing but the facts, shortest first: close to the most any verbatim result could keep), tuning · held-out: ` +
    `facts ${pct(facts.tuned.facts)} · ${pct(facts.heldOut.facts)}, error lines ${pct(errors.tuned.errorLines)} · ${pct(errors.heldOut.errorLines)}`
  );
}

/** The best mean reduction (in chars) of any result that fills `budget`, over outputs longer than `short`. */
function budgetCap(corpus, short, budget) {
  return mean(corpus.filter((f) => f.text.length > short).map((f) => 1 - Math.min(budget, f.text.length) / f.text.length));
}

export function renderReport(summary, { corpus, short, header, notes, showMisses }) {
  const abridge = find(summary, "abridge", (s) => s.isDefault);
  const atBalanced = (system) => find(summary, system, (s) => s.budget === 4_000);
  const atDefault = (system) => find(summary, system, (s) => s.ownDefault);
  const peers = ["pi truncateTail", "pi truncateHead", "gemini-cli", "Codex 50/50"];
  const long = corpus.filter((f) => f.text.length > short).length;
  const factCount = corpus.reduce((a, f) => a + f.meta.facts.errorLines.length + f.meta.facts.mustKeep.length + Object.keys(f.meta.facts.counts).length, 0);
  const programs = (fs) => new Set(fs.map((f) => f.meta.program)).size;
  const held = corpus.filter((f) => f.heldOut);

  const parts = [header, ""];
  parts.push(
    `Corpus: ${corpus.length} real outputs from ${programs(corpus)} programs (${long} over ${int(short)} chars), ${int(factCount)} facts: verbatim error lines, verbatim strings (totals, names, versions) and counts computed by real tools (each fixture's meta.json names the command). ` +
      `Held out: ${held.length} outputs of ${programs(held)} programs (tests/fixtures/corpus/HELDOUT: chosen by program before any tuning, in a first split and in later draws among newly captured programs); digests are tuned against the other ${corpus.length - held.length} outputs only. ` +
      "A text fact is kept if it appears verbatim in what the model sees (ANSI escapes removed, for every system); a count is kept if the number appears, with or without thousands separators, other than as a line number abridge put before a line it shows (a hashline, or a numbered cut's). " +
      `Token reduction is against the exact o200k count of the raw output, over outputs longer than ${int(short)} chars; facts are averaged per output over all outputs. ` +
      "Peers: pi's `truncateTail` (its bash tool) and `truncateHead` (its read tool) with the notice each tool appends; gemini-cli's `formatTruncatedToolOutput` (20 % head / 80 % tail); Codex's `truncate_middle` ported from codex-rs (50/50 bytes at line boundaries, `…N tokens truncated…`, `Total output lines: N`). " +
      "At the level budgets the peers get the same number as chars (gemini) or bytes (pi, Codex). " +
      "The ceiling rows are not a system: each is the fixture's own facts alone, shortest first, cut to the budget (counts as bare numbers; error lines alone in the second), close to the most any result of that size scored verbatim could keep (a line quoting shorter facts can keep a few more).",
  );
  for (const n of notes) parts.push("", `**${n}**`);
  parts.push("", "### All outputs", "", overallTable(summary));
  parts.push(
    "",
    `### Tuning part · held-out part (${corpus.length - held.length} · ${held.length} outputs), at the minimal and balanced budgets`,
    "",
    splitTable(summary, [800, 4_000]),
  );
  parts.push("", "### Per category at the default budget (4,000): fewer tokens than raw · facts kept · error lines kept", "", categoryTable(summary, [abridge, ...peers.map(atBalanced)]));
  parts.push("", "### Per category, each peer at its own defaults: fewer tokens than raw · facts kept · error lines kept", "", categoryTable(summary, [abridge, ...peers.map(atDefault)]));
  if (abridge) {
    const o = abridge.overall;
    const ok = (b) => (b ? "met" : "missed");
    parts.push(
      "",
      "### Targets for abridge at the default level",
      "",
      `- ≥ 95 % fewer tokens than raw on outputs over ${int(short)} chars: ${pct(o.reduction)} as the mean per output (${ok(o.reduction >= 0.95)}), ${pct(o.pooledReduction)} pooled over those outputs (${ok(o.pooledReduction >= 0.95)}). ` +
        `A result that fills the 4,000-char budget saves at most 1 − 4,000/N of an N-char output: over this corpus that caps the mean at ${pct(budgetCap(corpus, short, 4_000))}, so the mean target needs digests well under the budget.`,
      `- ≥ 95 % of facts kept: ${pct(o.facts)} (${ok(o.facts >= 0.95)})`,
      `- every error line kept: ${pct(o.errorLines)} of error lines, ${o.errorOutputsAll}/${o.errorOutputs} outputs (${ok(o.errorOutputsAll === o.errorOutputs)})`,
    );
    const hb = abridge.parts.heldOut;
    const hm = find(summary, "abridge", (s) => s.budget === 800)?.parts.heldOut;
    parts.push(
      "",
      "### Targets for abridge on the held-out part",
      "",
      `- balanced: ≥ 95 % of facts kept: ${pct(hb.facts)} (${ok(hb.facts >= 0.95)}); every error line kept: ${pct(hb.errorLines)}, ${hb.errorOutputsAll}/${hb.errorOutputs} outputs (${ok(hb.errorOutputsAll === hb.errorOutputs)}); mean tokens per output: ${int(Math.round(hb.meanTokens))}`,
      ...(hm ? [`- minimal: ≥ 85 % of facts kept: ${pct(hm.facts)} (${ok(hm.facts >= 0.85)}); ≥ 90 % of error lines kept: ${pct(hm.errorLines)} (${ok(hm.errorLines >= 0.9)})`] : []),
      ...[800, 4_000].map((b) => ceilingLine(summary, b)).filter(Boolean),
    );
    const m = misses(abridge, 40);
    if (m.length) parts.push("", "Facts abridge (default level) loses, per output of the tuning part (the held-out part is reported in aggregate only):", "", ...m);
  }
  const markdown = parts.join("\n");
  let text = markdown;
  if (showMisses) {
    for (const s of summary) {
      const m = misses(s, 1000);
      if (m.length) text += `\n\n#### misses (tuning part): ${s.system} ${s.config}\n${m.join("\n")}`;
    }
  }
  return { markdown, console: text };
}
