#!/usr/bin/env node
// The `abridge` command line: one module per command under cli/.
import { isAbridgeError } from "./errors.js";

interface Command {
  help: string;
  run(argv: string[]): number | Promise<number>;
}

/**
 * Each command with the line `abridge --help` shows for it. A command's module is loaded only
 * when it runs: agents start `abridge hook` and `abridge run` once per tool call, and those
 * should not pay for compiling the report, replay or demo code.
 */
const commands: Record<string, { about: string; load: () => Promise<Command> }> = {
  compact: { about: "what the model sees of one tool output (FILE or stdin)", load: () => import("./cli/compact.js") },
  demo: { about: "built-in real tool outputs, before and after", load: () => import("./cli/demo.js") },
  view: { about: "a window of a file's numbered lines (--offset, --limit, --hashlines)", load: () => import("./cli/view.js") },
  sections: { about: "a file as before / relevant lines as hashlines / after", load: () => import("./cli/sections.js") },
  outline: { about: "the symbols of a source file with their line ranges", load: () => import("./cli/outline.js") },
  diff: { about: "the digest of a unified diff (git diff | abridge diff)", load: () => import("./cli/diff.js") },
  params: { about: "the abridged display of a tool call's arguments", load: () => import("./cli/params.js") },
  log: { about: "list, page (show) or grep (search) the full outputs in a session log", load: () => import("./cli/log.js") },
  report: { about: "savings of a session log per session, tool, category (--json, --html)", load: () => import("./cli/report.js") },
  replay: { about: "run Claude Code / Codex / generic transcripts through abridge", load: () => import("./cli/replay.js") },
  install: { about: "add abridge to Claude Code, Codex, opencode, Gemini CLI or pi (--project DIR | --global, --dry-run)", load: () => import("./cli/install.js") },
  uninstall: { about: "remove exactly what install added", load: () => import("./cli/uninstall.js") },
  hook: { about: "answer a Claude Code, Codex or Gemini CLI hook (JSON on stdin)", load: () => import("./cli/hook.js") },
  "mcp-proxy": { about: "a stdio MCP server in front of another: long text results abridged, abridge_read added", load: () => import("./cli/mcp-proxy.js") },
  doctor: { about: "which agents are here and whether abridge is active in each", load: () => import("./cli/doctor.js") },
  run: { about: "run a command: full output to the log, the model's view on stdout, its exit code", load: () => import("./cli/run.js") },
};

const usage = `usage: abridge <command> [options]

commands:
${Object.entries(commands)
  .map(([name, c]) => `  ${name.padEnd(11)}${c.about}`)
  .join("\n")}

Run \`abridge <command> --help\` for a command's options.`;

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === "--help" || name === "-h" || name === "help") {
    console.log(usage);
    return name === undefined ? 2 : 0;
  }
  const command = commands[name];
  if (!command) {
    console.error(`abridge: ABRIDGE_USAGE: unknown command ${JSON.stringify(name)}\n\n${usage}`);
    return 2;
  }
  return (await command.load()).run(rest);
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    if (isAbridgeError(err)) {
      console.error(`abridge: ${err.code}: ${err.message}`);
      process.exitCode = err.code === "ABRIDGE_USAGE" ? 2 : 1;
    } else {
      console.error(`abridge: ${(err as Error)?.stack ?? err}`);
      process.exitCode = 1;
    }
  },
);
