import { compact } from "../pipeline.js";
import type { Level } from "../types.js";
import { intOption, parse, readInput, usageError } from "./io.js";

export const help = `usage: abridge compact [FILE] [options]

Compacts one tool output (FILE, or stdin) and prints what the model would see.

options:
  --tool NAME        tool that produced the output (bash, Read, grep, …)
  --args JSON        the tool call's arguments, e.g. '{"command":"make"}'
  --exit-code N      the command's exit code
  --level L          minimal (≈800 chars) | balanced (≈4,000, default) | conservative (≈16,000)
  --budget N         exact budget in chars (overrides --level)
  --max-tokens N     upper bound in tokens
  --passthrough N    outputs up to N chars pass unchanged (default 1,500)
  --json             print one JSON object: category, llmContent, uiContent, summary, truncated, metadata
  -h, --help         this help`;

export async function run(argv: string[]): Promise<number> {
  const { values, positionals } = parse(argv, {
    tool: { type: "string" },
    args: { type: "string" },
    "exit-code": { type: "string" },
    level: { type: "string" },
    budget: { type: "string" },
    "max-tokens": { type: "string" },
    passthrough: { type: "string" },
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
  const level = values.level as string | undefined;
  if (level !== undefined && !["minimal", "balanced", "conservative"].includes(level)) {
    throw usageError(`--level must be minimal, balanced or conservative, got ${JSON.stringify(level)}`);
  }
  const output = await readInput(positionals[0]);
  const result = compact(
    { tool: (values.tool as string | undefined) ?? "", args, output, exitCode: intOption("exit-code", values["exit-code"], -(2 ** 31)) },
    {
      level: level as Level | undefined,
      budget: intOption("budget", values.budget),
      maxTokens: intOption("max-tokens", values["max-tokens"]),
      passthrough: intOption("passthrough", values.passthrough),
    },
  );
  if (values.json) {
    const { category, llmContent, uiContent, summary, truncated, metadata } = result;
    process.stdout.write(JSON.stringify({ category, llmContent, uiContent, summary, truncated, metadata }) + "\n");
  } else {
    process.stdout.write(result.llmContent.endsWith("\n") ? result.llmContent : result.llmContent + "\n");
  }
  return 0;
}
