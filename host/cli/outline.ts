// `abridge outline`: the symbols of a source file (or the keys, sections and elements of a
// config file) with their line ranges, the map the FileContent digest puts above a file's
// first chunk.
import { languageOf, outline, type OutlineSymbol } from "../core-api.js";
import { parse, printHelp, usageError } from "./io.js";
import { readText } from "./read-text.js";

export const help = `usage: abridge outline [FILE|-] [--language L] [--json]

Prints the outline of a source file: imports, top-level symbols and the
members of classes, each with its line range; of a config file, its keys
(YAML), sections and keys (INI, TOML) or the elements in its root (XML). The
language comes from the file's extension or its first lines; give --language
for stdin.

options:
  --language L   typescript | javascript | python | go | rust | java | c | cpp | yaml | toml | ini | xml
  --json         the symbols as a JSON array
  -h, --help     this help`;

const LANGUAGES = ["typescript", "javascript", "python", "go", "rust", "java", "c", "cpp", "yaml", "toml", "ini", "xml"];

function describe(s: OutlineSymbol): string {
  const lines = s.first === s.last ? `line ${s.first}` : `lines ${s.first}–${s.last}`;
  if (s.kind === "imports") return `imports (${s.count ?? 0}) ${lines}`;
  const members = s.members ? `, ${s.members} member${s.members === 1 ? "" : "s"}` : "";
  const value = s.detail ? ` = ${s.detail}` : "";
  return `${"  ".repeat(s.depth ?? 0)}${s.kind} ${s.name}${value}  ${lines}${members}`;
}

export async function run(argv: string[]): Promise<number> {
  const { values, positionals } = parse(argv, { language: { type: "string" }, json: { type: "boolean" } });
  if (printHelp(values, help)) return 0;
  if (positionals.length > 1) throw usageError(`outline takes one FILE, got ${positionals.length}`);
  const chosen = values.language as string | undefined;
  if (chosen !== undefined && !LANGUAGES.includes(chosen)) throw usageError(`--language must be one of ${LANGUAGES.join(", ")}, got ${JSON.stringify(chosen)}`);
  const file = positionals[0];
  const text = await readText(file);
  const language = chosen ?? languageOf(file === undefined || file === "-" ? "" : file, text);
  if (language === "") {
    throw usageError(`cannot tell the language of ${file ?? "stdin"}: give --language (${LANGUAGES.join(", ")})`);
  }
  const symbols = outline(text, language);
  if (values.json) {
    process.stdout.write(JSON.stringify(symbols) + "\n");
    return 0;
  }
  const lines = text === "" ? 0 : text.split("\n").length - (text.endsWith("\n") ? 1 : 0);
  console.log(`${file ?? "stdin"}: ${language}, ${lines.toLocaleString("en-US")} lines, ${symbols.filter((s) => s.kind !== "imports").length} symbols`);
  for (const s of symbols) console.log(describe(s));
  return 0;
}
