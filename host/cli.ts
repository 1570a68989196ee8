#!/usr/bin/env node
// The `abridge` command line: one module per command under cli/.
import { isAbridgeError } from "./errors.js";
import * as compactCommand from "./cli/compact.js";
import * as demoCommand from "./cli/demo.js";
import * as diffCommand from "./cli/diff.js";
import * as hookCommand from "./cli/hook.js";
import * as installCommand from "./cli/install.js";
import * as uninstallCommand from "./cli/uninstall.js";
import * as logCommand from "./cli/log.js";
import * as mcpProxyCommand from "./cli/mcp-proxy.js";
import * as outlineCommand from "./cli/outline.js";
import * as paramsCommand from "./cli/params.js";
import * as replayCommand from "./cli/replay.js";
import * as runCommand from "./cli/run.js";
import * as reportCommand from "./cli/report.js";
import * as sectionsCommand from "./cli/sections.js";
import * as viewCommand from "./cli/view.js";

interface Command {
  help: string;
  run(argv: string[]): number | Promise<number>;
}

/** Each command with the line `abridge --help` shows for it. */
const commands: Record<string, Command & { about: string }> = {
  compact: { ...compactCommand, about: "what the model sees of one tool output (FILE or stdin)" },
  demo: { ...demoCommand, about: "built-in real tool outputs, before and after" },
  view: { ...viewCommand, about: "a window of a file's numbered lines (--offset, --limit, --hashlines)" },
  sections: { ...sectionsCommand, about: "a file as before / relevant lines as hashlines / after" },
  outline: { ...outlineCommand, about: "the symbols of a source file with their line ranges" },
  diff: { ...diffCommand, about: "the digest of a unified diff (git diff | abridge diff)" },
  params: { ...paramsCommand, about: "the abridged display of a tool call's arguments" },
  log: { ...logCommand, about: "list, page (show) or grep (search) the full outputs in a session log" },
  report: { ...reportCommand, about: "savings of a session log per session, tool, category (--json, --html)" },
  replay: { ...replayCommand, about: "run Claude Code / Codex / generic transcripts through abridge" },
  install: { ...installCommand, about: "add abridge's hooks to Claude Code, Codex or Gemini CLI (--project DIR | --global, --dry-run)" },
  uninstall: { ...uninstallCommand, about: "remove exactly what install added" },
  hook: { ...hookCommand, about: "answer a Claude Code, Codex or Gemini CLI hook (JSON on stdin)" },
  run: { ...runCommand, about: "run a command: full output to the log, the model's view on stdout, its exit code" },
  "mcp-proxy": { ...mcpProxyCommand, about: "a stdio MCP server in front of another: long text results abridged, abridge_read added" },
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
  return command.run(rest);
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
