// `abridge sections`: a file split into before / relevant / after. The
// relevant range comes as hashlines (anchors an edit can be checked against);
// the parts around it are described by the outline symbols they hold.
import { languageOf, outline, sections, type LineRange, type OutlineSymbol } from "../core-api.js";
import { intOption, parse, printHelp, usageError } from "./io.js";
import { readText } from "./read-text.js";

export const help = `usage: abridge sections [FILE|-] [--start N] [--end N] [--json]

Splits FILE (or stdin) into three parts: the lines before the relevant range
(named by the symbols they hold), the relevant range as hashlines \`N:hh|line\`,
and the lines after. Without --start/--end the relevant range is the middle third;
with only --start it runs to the end, with only --end it starts at line 1.

options:
  --start N   first relevant line (1-based)
  --end N     last relevant line
  --json      the core's result as JSON: { totalLines, before, relevant, after }
  -h, --help  this help`;

const span = (r: LineRange) => (r.first === r.last ? `line ${r.first}` : `lines ${r.first}–${r.last}`);

/** A part outside the relevant range, by the symbols that start in it. */
function describe(label: string, r: LineRange | null, symbols: OutlineSymbol[]): string[] {
  if (!r) return [`${label}: nothing`];
  const inside = symbols.filter((s) => s.kind !== "imports" && (s.depth ?? 0) === 0 && s.first >= r.first && s.first <= r.last);
  return [`${label}: ${span(r)}${inside.length ? `, ${inside.length} symbol${inside.length === 1 ? "" : "s"}` : ""}`, ...inside.map((s) => `  ${s.kind} ${s.name} (${span(s)})`)];
}

export async function run(argv: string[]): Promise<number> {
  const { values, positionals } = parse(argv, { start: { type: "string" }, end: { type: "string" }, json: { type: "boolean" } });
  if (printHelp(values, help)) return 0;
  if (positionals.length > 1) throw usageError(`sections takes one FILE, got ${positionals.length}`);
  const start = intOption("start", values.start, 1);
  const end = intOption("end", values.end, 1);
  if (start !== undefined && end !== undefined && end < start) throw usageError(`--end (${end}) is before --start (${start})`);
  const file = positionals[0];
  const text = await readText(file);
  const result = sections(text, { start, end });
  if (start !== undefined && start > result.totalLines) throw usageError(`--start ${start} is past the end: ${result.totalLines} lines`);
  if (values.json) {
    process.stdout.write(JSON.stringify(result) + "\n");
    return 0;
  }
  if (result.totalLines === 0 || !result.relevant) {
    console.log(`${file ?? "stdin"}: ${result.totalLines} lines, nothing to show`);
    return 0;
  }
  const language = languageOf(file === undefined || file === "-" ? "" : file, text);
  const symbols = language === "" ? [] : outline(text, language);
  const out = [
    `${file ?? "stdin"}: ${result.totalLines.toLocaleString("en-US")} lines`,
    ...describe("before", result.before, symbols),
    `relevant: ${span(result.relevant)}`,
    result.relevant.hashlines,
    ...describe("after", result.after, symbols),
  ];
  console.log(out.join("\n"));
  return 0;
}
