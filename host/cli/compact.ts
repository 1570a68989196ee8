import { compact } from "../pipeline.js";
import { BUDGET_FLAGS, budgetOptions } from "./budget-options.js";
import { exitCodeOption, parse, readInput, usageError } from "./io.js";
import { tierForOutput } from "./one-shot.js";

export const help = `usage: abridge compact [FILE] [options]

Compacts one tool output (FILE, or stdin) and prints what the model would see.
The budget comes from the same configuration the library reads (ABRIDGE_* variables,
abridge.config.json; see docs/config.md); the options below override it.

options:
  --tool NAME        tool that produced the output (bash, Read, grep, …)
  --args JSON        the tool call's arguments, e.g. '{"command":"make"}'
  --exit-code N      the command's exit code (a 32-bit signed integer)
  --level L          minimal (≈800 chars) | balanced (≈4,000, default) | conservative (≈16,000)
  --budget N         exact budget in chars, at least 200 (overrides --level)
  --max-tokens N     upper bound in tokens, at least 50
  --passthrough N    outputs up to N chars pass unchanged (default 1,500)
  --json             print one JSON object: category, llmContent, uiContent, summary, truncated, metadata
  -h, --help         this help`;

export async function run(argv: string[]): Promise<number> {
  const { values, positionals } = parse(argv, {
    tool: { type: "string" },
    args: { type: "string" },
    "exit-code": { type: "string" },
    ...BUDGET_FLAGS,
    json: { type: "boolean" },
  });
  if (values.help) {
    console.log(help);
    return 0;
  }
  if (positionals.length > 1) throw usageError(`compact takes one FILE, got ${positionals.length}`);
  let args: Record<string, unknown> | undefined;
  if (typeof values.args === "string") {
    try {
      args = JSON.parse(values.args);
    } catch {
      throw usageError(`--args must be JSON, got ${JSON.stringify(values.args)}`);
    }
  }
  const exitCode = exitCodeOption(values["exit-code"]);
  const options = budgetOptions(values);
  const output = await readInput(positionals[0]);
  tierForOutput(output.length);
  const result = compact({ tool: (values.tool as string | undefined) ?? "", args, output, exitCode }, options);
  if (values.json) {
    const { category, llmContent, uiContent, summary, truncated, metadata } = result;
    process.stdout.write(JSON.stringify({ category, llmContent, uiContent, summary, truncated, metadata }) + "\n");
  } else {
    process.stdout.write(result.llmContent.endsWith("\n") ? result.llmContent : result.llmContent + "\n");
  }
  return 0;
}
