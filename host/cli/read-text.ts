// Input as text for the commands that number lines, apart from io.ts: it needs the core's binding,
// which a hook answering a PreToolUse (io.ts's other users) never loads.
import { AbridgeError } from "../errors.js";
import { outputToText } from "../core-api.js";
import { readInput } from "./io.js";

/**
 * FILE (or stdin) as text for the commands that number lines. Binary input is refused with
 * its description: line numbers of an ELF file mean nothing. Invalid UTF-8 becomes U+FFFD.
 */
export async function readText(file: string | undefined): Promise<string> {
  const { text, binary } = outputToText(await readInput(file));
  if (binary !== "") throw new AbridgeError("ABRIDGE_INVALID_INPUT", `${file ?? "stdin"} is not text: ${binary}`);
  return text;
}
