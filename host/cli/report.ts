// `abridge report`: what abridge saved in a session log, per session, per
// tool and per category; as a terminal table, JSON, or a self-contained HTML page.
import { writeFileSync } from "node:fs";
import { AbridgeError } from "../errors.js";
import { reportLog } from "../report/aggregate.js";
import { renderHtmlReport } from "../report/html.js";
import { wantsColour } from "../report/terminal.js";
import { renderTextReport } from "../report/text.js";
import { parse, printHelp, usageError } from "./io.js";

export const help = `usage: abridge report LOG [--json] [--html FILE]

Totals a session log (.abridge/sessions/<session>.jsonl, rotated files included):
raw tokens of the tool outputs, tokens the model was sent, and the share saved,
per session, per tool and per category.

options:
  --json        one JSON object: totals, per session/tool/category, and a row per call
  --html FILE   also write a self-contained HTML page: totals, a chart of raw vs sent
                tokens per call, and each call's full output beside what the model saw
  -h, --help    this help`;

export function run(argv: string[]): number {
  const { values, positionals } = parse(argv, { json: { type: "boolean" }, html: { type: "string" } });
  if (printHelp(values, help)) return 0;
  if (positionals.length !== 1) throw usageError(`report takes one LOG, got ${positionals.length}`);
  const html = values.html as string | undefined;
  if (html === "") throw usageError("--html needs a FILE");
  const report = reportLog(positionals[0]!);
  let written = "";
  if (html !== undefined) {
    const page = renderHtmlReport(report);
    try {
      writeFileSync(html, page);
      written = `abridge: wrote ${html} (${report.calls.length} calls, ${Math.ceil(Buffer.byteLength(page) / 1024).toLocaleString("en-US")} KB)\n`;
    } catch (cause) {
      throw new AbridgeError("ABRIDGE_USAGE", `cannot write ${html}: ${(cause as NodeJS.ErrnoException).code ?? (cause as Error).message}`, { cause });
    }
  }
  if (values.json) {
    const { calls, ...totals } = report;
    const rows = calls.map(({ output: _output, llmContent: _llm, args: _args, ...row }) => row);
    process.stdout.write(JSON.stringify({ ...totals, calls: rows }) + "\n");
  } else {
    console.log(renderTextReport(report, wantsColour(process.stdout)));
  }
  // On stderr: stdout may be the JSON.
  if (written) process.stderr.write(written);
  return 0;
}
