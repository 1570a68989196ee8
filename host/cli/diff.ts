// `abridge diff`: the digest of a unified diff (git diff, git show, diff -u/-ruN):
// a line per file with its counts and touched functions, then hunks within the budget.
import { compact } from "../pipeline.js";
import { AbridgeError } from "../errors.js";
import { budgetOptions } from "./budget-options.js";
import { parse, printHelp, printText, readInput, usageError } from "./io.js";

export const help = `usage: abridge diff [FILE|-] [--level L] [--budget N] [--json]

Prints what the model sees of a unified diff (FILE, or stdin): files changed with
insertions and deletions, one line per file (renames, modes, binaries, the functions
each hunk touches), then as many hunks as the budget holds.

  git diff | abridge diff
  abridge diff changes.patch --level minimal

The budget comes from the same configuration the library reads (ABRIDGE_* variables,
abridge.config.json); the options below override it.

options:
  --level L    minimal (≈800 chars) | balanced (≈4,000, default) | conservative (≈16,000)
  --budget N   exact budget in chars, at least 200 (overrides --level)
  --json       one JSON object: summary, llmContent, facts (files, insertions, deletions, perFile)
  -h, --help   this help`;

/** Lines only a diff has: headers, file markers, hunk headers (checked in the first 64 KB). */
const DIFF_LINE = /^(?:diff (?:--git|-[a-zA-Z]+) |--- \S|\+\+\+ \S|@@ -\d+(?:,\d+)? \+\d+(?:,\d+)? @@|Binary files .+ differ$)/m;

export async function run(argv: string[]): Promise<number> {
  const { values, positionals } = parse(argv, { level: { type: "string" }, budget: { type: "string" }, json: { type: "boolean" } });
  if (printHelp(values, help)) return 0;
  if (positionals.length > 1) throw usageError(`diff takes one FILE, got ${positionals.length}`);
  const options = budgetOptions(values);
  const output = await readInput(positionals[0]);
  // A git diff tool call, so the digest and its summary read as they do in a session.
  const result = compact({ tool: "bash", args: { command: "git diff" }, output }, options, { category: "Diff" });
  const facts = result.metadata.facts;
  if (result.category !== "Diff" || facts.parsed === false || !DIFF_LINE.test(output.subarray(0, 65536).toString("utf8"))) {
    throw new AbridgeError("ABRIDGE_INVALID_INPUT", `${positionals[0] ?? "stdin"} holds no unified diff (no "diff --git", "---"/"+++" or "@@" lines)`);
  }
  if (values.json) {
    process.stdout.write(JSON.stringify({ summary: result.summary, llmContent: result.llmContent, truncated: result.truncated, facts }) + "\n");
  } else {
    printText(result.llmContent);
  }
  return 0;
}
