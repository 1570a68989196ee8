// `abridge demo`: the main job on built-in samples of real tool output, one
// table row per sample: category, tokens raw → sent, saving, one-line summary.
import { readdirSync, readFileSync } from "node:fs";
import { compact } from "../pipeline.js";
import { countExactTokens } from "../lazy.js";
import type { Level } from "../types.js";
import { parse, usageError } from "./io.js";
import { PACKAGE_ROOT } from "../paths.js";

export const help = `usage: abridge demo [--level L] [--show ID]

Runs built-in samples of real tool output (samples/, each with the command that
produced it) through abridge and prints, per sample, the category, the tokens
the raw output would cost, the tokens the model is sent, and the one-line summary.

options:
  --level L    minimal | balanced (default) | conservative
  --show ID    also print what the model sees for sample ID
  -h, --help   this help`;

// host/cli/ (sources) and dist/cli/ (package) both sit two levels below the root.
const SAMPLES = new URL("samples/", PACKAGE_ROOT);

interface Sample {
  id: string;
  tool: string;
  args?: Record<string, unknown>;
  exitCode?: number;
  output: Buffer;
  /** Verbatim error lines the capture recorded: the demo checks that each reaches the model. */
  errorLines: string[];
}

function loadSamples(): Sample[] {
  return readdirSync(SAMPLES, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => {
      const dir = new URL(`${d.name}/`, SAMPLES);
      const meta = JSON.parse(readFileSync(new URL("meta.json", dir), "utf8"));
      const errorLines: string[] = meta.facts?.errorLines ?? [];
      return { id: d.name, tool: meta.tool, args: meta.args, exitCode: meta.exitCode, output: readFileSync(new URL("output", dir)), errorLines };
    });
}

const useColor = () => process.stdout.isTTY === true && !("NO_COLOR" in process.env);
const paint = (code: string, s: string) => (useColor() ? `\x1b[${code}m${s}\x1b[0m` : s);
const n = (x: number) => x.toLocaleString("en-US");

function pad(s: string, width: number, right = false): string {
  const gap = Math.max(0, width - [...s].length);
  return right ? " ".repeat(gap) + s : s + " ".repeat(gap);
}

export function run(argv: string[]): number {
  const { values } = parse(argv, { level: { type: "string" }, show: { type: "string" } });
  if (values.help) {
    console.log(help);
    return 0;
  }
  const level = (values.level as Level | undefined) ?? "balanced";
  if (!["minimal", "balanced", "conservative"].includes(level)) throw usageError(`--level must be minimal, balanced or conservative, got ${JSON.stringify(level)}`);
  const samples = loadSamples();
  if (values.show !== undefined && !samples.some((s) => s.id === values.show)) {
    throw usageError(`no sample ${JSON.stringify(values.show)}; samples: ${samples.map((s) => s.id).join(", ")}`);
  }
  const rows = samples.map((s) => {
    const r = compact({ tool: s.tool, args: s.args, output: s.output, exitCode: s.exitCode }, { level, exactTokens: true });
    // Exact o200k counts of both sides (the raw side decoded as the model would get it).
    const raw = countExactTokens(s.output.toString("utf8"));
    return { s, r, raw, sent: r.metadata.llmTokens };
  });
  const head = ["sample", "category", "raw tokens", "sent", "saved", "summary"];
  const widths = [Math.max(...rows.map((x) => x.s.id.length), 6), 16, 10, 6, 6];
  console.log(paint("1", `abridge demo — ${rows.length} real tool outputs, level ${level}\n`));
  console.log(head.map((h, i) => (i < 5 ? pad(h, widths[i]!, i >= 2) : h)).join("  "));
  let rawTotal = 0;
  let sentTotal = 0;
  let errors = 0;
  let errorsKept = 0;
  for (const { s, r, raw, sent } of rows) {
    errors += s.errorLines.length;
    errorsKept += s.errorLines.filter((line) => r.llmContent.includes(line)).length;
    rawTotal += raw;
    sentTotal += sent;
    const saved = raw > 0 ? Math.round((1 - sent / raw) * 100) : 0;
    const summary = r.summary.length > 70 ? `${r.summary.slice(0, 69)}…` : r.summary;
    console.log([pad(s.id, widths[0]!), pad(r.category, widths[1]!), pad(n(raw), widths[2]!, true), pad(n(sent), widths[3]!, true), paint("32", pad(`${saved}%`, widths[4]!, true)), summary].join("  "));
  }
  const pct = rawTotal > 0 ? Math.round((1 - sentTotal / rawTotal) * 100) : 0;
  console.log(`\n${paint("1", `total: ${n(rawTotal)} → ${n(sentTotal)} tokens (${pct}% fewer)`)}; error lines reaching the model: ${errorsKept}/${errors}`);
  console.log(`see what the model gets: abridge demo --show python-etl-traceback-middle`);
  if (values.show !== undefined) {
    const row = rows.find((x) => x.s.id === values.show)!;
    console.log(`\n${paint("1", `what the model sees for ${row.s.id} (${row.s.tool} ${JSON.stringify(row.s.args ?? {})}):`)}\n`);
    console.log(row.r.llmContent);
  }
  return 0;
}
