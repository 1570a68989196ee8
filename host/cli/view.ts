// `abridge view`: one window of a file's lines, numbered, as the model's
// read tool would page it, with the offset of the next window.
import { view } from "../core-api.js";
import { intOption, parse, printHelp, printText, usageError } from "./io.js";
import { readText } from "./read-text.js";

export const help = `usage: abridge view [FILE|-] [--offset N] [--limit N] [--hashlines]

Prints lines of FILE (or stdin) as \`N: line\`, then a footer
\`(showing lines X-Y of Z total; next: offset=N)\`. Lines over 2,000 chars are cut.

options:
  --offset N     first line, 1-based (default 1)
  --limit N      lines to show (default 100)
  --hashlines    \`N:hh|line\` anchors (hh: a hash of the line) for anchored edits
  -h, --help     this help`;

export async function run(argv: string[]): Promise<number> {
  const { values, positionals } = parse(argv, {
    offset: { type: "string" },
    limit: { type: "string" },
    hashlines: { type: "boolean" },
  });
  if (printHelp(values, help)) return 0;
  if (positionals.length > 1) throw usageError(`view takes one FILE, got ${positionals.length}`);
  const offset = intOption("offset", values.offset, 1);
  const limit = intOption("limit", values.limit, 1);
  const text = await readText(positionals[0]);
  printText(view(text, { offset, limit, hashlines: values.hashlines === true }));
  return 0;
}
