// Recovers what a pi tool really printed from the result pi hands to extensions.
// pi's bash tool keeps only the last 2,000 lines / 50 KB and saves the whole output
// to a temp file it names in a trailing notice; a failing command's result ends with
// "Command exited with code N". abridge wants the whole output and the exit code,
// so the middle of a long build log (where the first error usually is) is not lost.
import { readSavedOutput } from "./saved-output.js";
import type { PiContent, PiTextContent } from "./pi-types.js";

export interface RecoveredOutput {
  /** The full output when pi saved it, else the text pi returned (notices removed). */
  output: string | Uint8Array;
  exitCode?: number;
  /** The file pi saved the full output to, when it did and it could be read. */
  fullOutputPath?: string;
}


const STATUS = /(?:^|\n\n)(?:Command exited with code (-?\d+)|Command aborted|Command timed out after \d+ seconds)$/;
const NOTICE = /(?:^|\n\n)\[Showing [^\n]*?Full output: ([^\n]+)\]$/;

export function isTextOnly(content: PiContent[]): content is PiTextContent[] {
  return Array.isArray(content) && content.length > 0 && content.every((c) => c?.type === "text" && typeof (c as PiTextContent).text === "string");
}

export function recoverOutput(text: string, details: unknown): RecoveredOutput {
  let rest = text;
  let exitCode: number | undefined;
  const status = STATUS.exec(rest);
  if (status) {
    if (status[1] !== undefined) exitCode = Number(status[1]);
    rest = rest.slice(0, status.index);
  }
  const notice = NOTICE.exec(rest);
  const named = (details as { fullOutputPath?: unknown } | null | undefined)?.fullOutputPath;
  const path = typeof named === "string" ? named : notice?.[1];
  if (notice) rest = rest.slice(0, notice.index);
  if (path) {
    const full = readSavedOutput(path);
    if (full) return { output: full, exitCode, fullOutputPath: path };
  }
  // "(no output)" is pi's placeholder, not output.
  return { output: rest === "(no output)" ? "" : rest, exitCode };
}
