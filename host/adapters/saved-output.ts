// The full output an agent saved to a file when it cut what it shows (pi's bash temp file,
// opencode's outputPath), read back so that abridge works on all of it.
import { readFileSync, statSync } from "../node-fs.js";

/** Bigger saved outputs are not read back: the text the agent returned is used instead. */
export const MAX_RECOVERED_BYTES = 256 * 1024 * 1024;

const strictUtf8 = new TextDecoder("utf-8", { fatal: true });

/** The saved file as text when it is valid UTF-8, else its bytes (abridge recognises binary); undefined when it is gone, unreadable or too big. */
export function readSavedOutput(path: string): string | Uint8Array | undefined {
  try {
    if (statSync(path).size > MAX_RECOVERED_BYTES) return undefined;
    const bytes = readFileSync(path);
    try {
      return strictUtf8.decode(bytes);
    } catch {
      return bytes;
    }
  } catch {
    return undefined; // cleaned up or unreadable: the returned text is the best there is
  }
}
