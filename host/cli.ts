#!/usr/bin/env node
// The `abridge` command line: one module per command under cli/.
import { isAbridgeError } from "./errors.js";
import * as compactCommand from "./cli/compact.js";
import * as demoCommand from "./cli/demo.js";

interface Command {
  help: string;
  run(argv: string[]): number | Promise<number>;
}

const commands: Record<string, Command> = {
  compact: compactCommand,
  demo: demoCommand,
};

const usage = `usage: abridge <command> [options]

commands:
${Object.keys(commands)
  .map((name) => `  ${name}`)
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
