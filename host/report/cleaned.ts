// The text whose line numbers the markers and kept ranges refer to: the logged
// output in the paging its completion record names (log/paging.ts), which is also
// what `abridge log show` pages.
import { decodeLoggedOutput, type LoggedOutput } from "../log/index.js";
import { pagedOutput } from "../log/paging.js";
import { describeBinary, type Paging } from "../core-api.js";

export interface PagedText {
  /** The logged output as text (invalid UTF-8 as U+FFFD); "" for binary. */
  raw: string;
  /** What line numbers count in. */
  cleaned: string;
  /** One-line description when the output is binary, else "". */
  binary: string;
}

export function pagedText(output: LoggedOutput, paging: Paging): PagedText {
  if (typeof output !== "string") {
    const bytes = Buffer.from(output.bytes, "base64");
    const binary = describeBinary(bytes);
    if (binary !== "") return { raw: "", cleaned: binary, binary };
  }
  const raw = decodeLoggedOutput(output).text;
  const binary = paging === "none" ? describeBinary(raw) : "";
  if (binary !== "") return { raw: "", cleaned: binary, binary };
  return { raw, cleaned: pagedOutput(raw, paging), binary: "" };
}
