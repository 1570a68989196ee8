// The text whose line numbers the markers and kept ranges refer to: the
// output cleaned as the pipeline cleans it (repeats collapsed except in files),
// which is also what `abridge log show` pages.
import { decodeOutput, type LoggedOutput } from "../log/index.js";
import { classify, clean, describeBinary } from "../core-api.js";

export interface PagedText {
  /** The logged output as text (invalid UTF-8 as U+FFFD); "" for binary. */
  raw: string;
  /** What line numbers count in. */
  cleaned: string;
  /** One-line description when the output is binary, else "". */
  binary: string;
}

export function pagedText(output: LoggedOutput, tool: string, args: unknown): PagedText {
  if (typeof output !== "string") {
    const bytes = Buffer.from(output.bytes, "base64");
    const binary = describeBinary(bytes);
    if (binary !== "") return { raw: "", cleaned: binary, binary };
  }
  const raw = decodeOutput(output).text;
  const binary = describeBinary(raw);
  if (binary !== "") return { raw: "", cleaned: binary, binary };
  return { raw, cleaned: prepareForRetrieval(raw, { tool, args }), binary: "" };
}

/** Counterpart of the retrieval prepare step in session.ts, for `log show` / `log search`. */
export function prepareForRetrieval(text: string, call: { tool: string; args: unknown }): string {
  const pre = clean(text, false);
  return classify(call.tool, (call.args ?? undefined) as Record<string, unknown> | string | undefined, pre) === "FileContent" ? pre : clean(pre, true);
}
