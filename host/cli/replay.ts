// `abridge replay`: real agent transcripts (Claude Code, Codex, or a generic
// JSONL) run through abridge, to see what it would have saved on real work.
import { rmSync } from "node:fs";
import { logFiles } from "../log/index.js";
import { wantsColour } from "../report/terminal.js";
import { Progress } from "../replay/progress.js";
import { renderReplay } from "../replay/render.js";
import { replayCalls } from "../replay/run.js";
import { readTranscripts } from "../replay/transcript.js";
import { levelOption, parse, printHelp, usageError } from "./io.js";

export const help = `usage: abridge replay FILE... [--log OUT] [--level L] [--json]

Reads agent transcripts and runs every tool result through abridge, as if it had
been in the harness. Prints, per tool, category and session: results, raw tokens,
tokens the model would be sent, the share saved, and how many error lines of
command outputs reached the model.

Formats, recognised line by line:
  Claude Code   ~/.claude/projects/<project>/<session>.jsonl (tool_use / tool_result)
  Codex         ~/.codex/sessions/…/rollout-*.jsonl (function_call / function_call_output,
                custom_tool_call, local_shell_call; older unwrapped rollouts too)
  generic       {"tool","args","output","exitCode"} per line
Malformed lines and records of unknown shape are counted and skipped.

options:
  --log OUT    write an abridge session log of the replay (\`abridge report OUT\` draws it)
  --force      replace OUT (and its rotated files) if it exists
  --level L    minimal | balanced (default) | conservative
  --json       one JSON object: totals per tool, category and session, and what was skipped
  -h, --help   this help`;

export async function run(argv: string[]): Promise<number> {
  const { values, positionals } = parse(argv, { log: { type: "string" }, level: { type: "string" }, json: { type: "boolean" }, force: { type: "boolean" } });
  if (printHelp(values, help)) return 0;
  if (positionals.length === 0) throw usageError("replay needs at least one transcript FILE");
  const level = levelOption(values.level) ?? "balanced";
  const log = values.log as string | undefined;
  if (log === "") throw usageError("--log needs a file path");
  if (log !== undefined) {
    const existing = logFiles(log);
    if (existing.length > 0 && !values.force) throw usageError(`${log} exists: choose another --log path, or --force to replace it`);
    for (const file of existing) rmSync(file, { force: true });
  }
  const transcripts = await readTranscripts(positionals);
  const progress = new Progress(process.stderr, "replay");
  let totals;
  try {
    totals = await replayCalls(transcripts.calls, { level, log, onProgress: (done, total) => progress.update(done, total) });
  } finally {
    progress.done();
  }
  if (values.json) {
    process.stdout.write(JSON.stringify({ level, log: log ?? null, files: transcripts.fileFormats, read: transcripts.stats, ...totals }) + "\n");
  } else {
    console.log(renderReplay(transcripts, totals, { level, log }, wantsColour(process.stdout)));
  }
  return 0;
}
