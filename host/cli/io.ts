// Shared plumbing for CLI commands: argument parsing, input, usage errors.
import { readFileSync } from "node:fs";
import { parseArgs, type ParseArgsConfig } from "node:util";
import { AbridgeError } from "../errors.js";

export type Options = NonNullable<ParseArgsConfig["options"]>;

export function usageError(message: string): AbridgeError {
  return new AbridgeError("ABRIDGE_USAGE", message);
}

export interface Parsed {
  values: Record<string, string | boolean | undefined>;
  positionals: string[];
}

/** parseArgs with usage errors that carry ABRIDGE_USAGE (exit 2); -h/--help always accepted. */
export function parse(argv: string[], options: Options): Parsed {
  try {
    const parsed = parseArgs({ args: argv, options: { ...options, help: { type: "boolean", short: "h" } }, allowPositionals: true, strict: true });
    return { values: parsed.values as Parsed["values"], positionals: parsed.positionals };
  } catch (err) {
    throw usageError((err as Error).message);
  }
}

export function intOption(name: string, value: string | boolean | undefined, min = 0): number | undefined {
  if (value === undefined || typeof value === "boolean") return undefined;
  if (!/^-?\d+$/.test(value) || Number(value) < min) throw usageError(`--${name} must be an integer ≥ ${min}, got ${JSON.stringify(value)}`);
  return Number(value);
}

/**
 * Reads FILE, or stdin when FILE is absent or "-". Bytes, so binary input stays binary.
 * Stdin is read as a stream: readFileSync(0) fails with EAGAIN on a non-blocking pipe.
 */
export async function readInput(file: string | undefined): Promise<Buffer> {
  if (file === undefined || file === "-") {
    if (process.stdin.isTTY) throw usageError("no input: give a FILE or pipe the output on stdin");
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }
  try {
    return readFileSync(file);
  } catch (err) {
    throw usageError(`cannot read ${file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
}
