// `abridge log`: the session log from a shell: list the calls, page one call's
// full output, grep it. Line numbers are the ones the omission markers name.
import { existsSync } from "node:fs";
import { AbridgeError } from "../errors.js";
import { LogRetrieval } from "../log/index.js";
import { reportLog } from "../report/aggregate.js";
import { count, fit, table } from "../report/terminal.js";
import { intOption, parse, printHelp, printText, usageError } from "./io.js";

export const help = `usage: abridge log <list|show|search> LOG [options]

  abridge log list LOG                                   the calls in the log
  abridge log show LOG --id CALL [--offset N] [--limit N] [--char N] [--hashlines]
  abridge log search LOG --id CALL PATTERN [--regex] [--ignore-case] [--context N] [--max N]

LOG is a session log (.abridge/sessions/<session>.jsonl; rotated files are read too).
\`show\` pages the call's full output, cleaned as the markers count it: the marker
\`[...N chars omitted...] lines 58–301 of 616\` is read with --offset 58 --limit 244.
\`search\` prints \`N:line\` for hits and \`N-line\` for context.

options:
  --id CALL        the call's id (see \`abridge log list\`)
  --offset N       first line (default 1)            --limit N     lines (default 100)
  --char N         where in line N to start, for a very long line (the footer's char=N)
  --hashlines      \`N:hh|line\` anchors
  --regex          PATTERN is a JavaScript regular expression (default: literal)
  --ignore-case    --context N   lines around each hit   --max N   hits shown (default 50)
  -h, --help       this help`;

function retrieval(log: string): LogRetrieval {
  if (!existsSync(log)) throw new AbridgeError("ABRIDGE_LOG_READ", `no log at ${log}`);
  return new LogRetrieval({ path: log });
}

function list(log: string): void {
  const report = reportLog(log);
  const rows = report.calls.map((c) => [c.callId, c.tool, c.category, count(c.rawTokens), count(c.sentTokens), fit(c.summary, 60)]);
  console.log(
    table(
      [{ header: "call" }, { header: "tool" }, { header: "category" }, { header: "raw tok", align: "right" }, { header: "sent", align: "right" }, { header: "summary" }],
      rows,
    ),
  );
  const notes = [`${report.calls.length} call${report.calls.length === 1 ? "" : "s"}`];
  if (report.unfinished) notes.push(`${report.unfinished} without a completion record`);
  if (report.skippedLines) notes.push(`${report.skippedLines} unreadable line${report.skippedLines === 1 ? "" : "s"} skipped`);
  console.log(notes.join("; "));
}

export function run(argv: string[]): number {
  const { values, positionals } = parse(argv, {
    id: { type: "string" },
    offset: { type: "string" },
    limit: { type: "string" },
    char: { type: "string" },
    hashlines: { type: "boolean" },
    regex: { type: "boolean" },
    "ignore-case": { type: "boolean", short: "i" },
    context: { type: "string", short: "C" },
    max: { type: "string" },
  });
  if (printHelp(values, help)) return 0;
  const [sub, log, ...rest] = positionals;
  if (sub === undefined) throw usageError("log needs a subcommand: list, show or search");
  if (!["list", "show", "search"].includes(sub)) throw usageError(`unknown log subcommand ${JSON.stringify(sub)}: list, show or search`);
  if (log === undefined) throw usageError(`log ${sub} needs the LOG file`);
  if (sub === "list") {
    if (rest.length > 0) throw usageError(`log list takes one LOG, got extra ${JSON.stringify(rest[0])}`);
    list(log);
    return 0;
  }
  const id = values.id;
  if (typeof id !== "string" || id === "") throw usageError(`log ${sub} needs --id CALL (\`abridge log list ${log}\` lists them)`);
  if (sub === "show") {
    if (rest.length > 0) throw usageError(`log show takes no PATTERN, got ${JSON.stringify(rest[0])}; did you mean log search?`);
    const page = retrieval(log).read(id, { offset: intOption("offset", values.offset, 1), limit: intOption("limit", values.limit, 1), char: intOption("char", values.char, 1), hashlines: values.hashlines === true });
    printText(page.text);
    return 0;
  }
  if (rest.length !== 1) throw usageError(`log search needs one PATTERN, got ${rest.length}`);
  const hits = retrieval(log).search(id, rest[0]!, {
    regex: values.regex === true,
    ignoreCase: values["ignore-case"] === true,
    context: intOption("context", values.context),
    maxMatches: intOption("max", values.max, 1),
  });
  printText(hits.text);
  return 0;
}
