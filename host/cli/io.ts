// Shared plumbing for CLI commands: argument parsing, input, usage errors.
import { readFileSync } from "node:fs";
import { parseArgs, type ParseArgsConfig } from "node:util";
import { AbridgeError } from "../errors.js";
import { MAX_CORE_NUMBER } from "../core-exports.js";
import type { Level } from "../types.js";

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

/**
 * An integer option from `min` to `max`. The default `max` is what a number crossing into the
 * core can be (the component's limit too): a larger one is refused here, never wrapped around.
 */
export function intOption(name: string, value: string | boolean | undefined, min = 0, max = MAX_CORE_NUMBER): number | undefined {
  if (value === undefined || typeof value === "boolean") return undefined;
  if (!/^-?\d+$/.test(value) || Number(value) < min || Number(value) > max) {
    throw usageError(`--${name} must be an integer from ${min.toLocaleString("en-US")} to ${max.toLocaleString("en-US")}, got ${JSON.stringify(value)}`);
  }
  return Number(value);
}

/** An exit code: any 32-bit signed integer, as the core takes it. */
export function exitCodeOption(value: string | boolean | undefined): number | undefined {
  return intOption("exit-code", value, -MAX_CORE_NUMBER - 1, MAX_CORE_NUMBER);
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

const LEVELS: readonly Level[] = ["minimal", "balanced", "conservative"];

/** The --level option, checked. */
export function levelOption(value: string | boolean | undefined): Level | undefined {
  if (value === undefined || typeof value === "boolean") return undefined;
  if (!LEVELS.includes(value as Level)) throw usageError(`--level must be minimal, balanced or conservative, got ${JSON.stringify(value)}`);
  return value as Level;
}

/** Prints a help text and reports whether it was asked for. */
export function printHelp(values: Parsed["values"], help: string): boolean {
  if (values.help) console.log(help);
  return values.help === true;
}

/** Writes text to stdout with exactly one trailing newline. */
export function printText(text: string): void {
  process.stdout.write(text.endsWith("\n") ? text : text + "\n");
}
