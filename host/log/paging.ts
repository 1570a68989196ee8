// Which text a logged output's line numbers refer to. The pipeline decides it once, when it
// compacts the output (the core's `paging`), and stores it in the completion record; every
// reader (read(), `abridge log show`, the report) pages by that stored decision instead of
// deciding again, so a marker's "lines A–B" and read(offset=A) always name the same lines.
import { pagedText, type Paging } from "../core-api.js";
import type { CompletionRecord } from "./schema.js";

const PAGINGS: readonly Paging[] = ["cleaned", "collapsed", "none", "html-text", "html-text-collapsed"];

/**
 * The paging a completion record names. A call without a completion record (the process
 * stopped before compacting) never showed a marker: its cleaned text, every line kept.
 */
export function pagingOf(completion: Pick<CompletionRecord, "metadata"> | undefined): Paging {
  const paging = completion?.metadata?.paging;
  return PAGINGS.includes(paging as Paging) ? (paging as Paging) : "cleaned";
}

/** The text read() pages: the logged output in the numbering its markers used. */
export function pagedOutput(text: string, paging: Paging, completion?: Pick<CompletionRecord, "llmContent">): string {
  // Binary output was never passed on: its description is all there is to page.
  if (paging === "none") return completion?.llmContent ?? "";
  return pagedText(text, paging);
}
