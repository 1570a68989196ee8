// The core's compaction pipeline as one typed call: clean → binary check →
// classify → digest (important lines, head/tail) → one-line summary.
import { callString } from "./core.js";
import type { Category, LineRange } from "./types.js";

export interface CoreCompactRequest {
  tool: string;
  /** Arguments as JSON text ("{}" when none). */
  argsJson: string;
  text: string;
  /** -1 when unknown. */
  exitCode: number;
  /** UTF-16 units the LLM content may take, per category id (0–7). */
  budgets: readonly number[];
  /** Outputs whose cleaned text is at most this long (and within budget) pass through. */
  passthrough: number;
  /** Appended to omission markers, e.g. how to read the rest from the log. */
  hint: string;
  /** Category forced by the caller, or "" to classify. */
  category: Category | "";
}

export interface CoreCompactResult {
  category: Category;
  llm: string;
  summary: string;
  truncated: boolean;
  /** UTF-16 units of the cleaned text. */
  cleanChars: number;
  totalLines: number;
  omittedChars: number;
  keptLines: LineRange[];
  facts: Record<string, unknown>;
  /** False when cleaning left the text as it was: the UI channel is the input itself. */
  cleanChanged: boolean;
  /** Estimated o200k tokens of the raw text. */
  rawTokens: number;
}

export const CATEGORY_IDS: Record<Category | "", number> = {
  "": -1,
  FileContent: 0,
  SearchResults: 1,
  DirectoryListing: 2,
  CommandOutput: 3,
  StructuredData: 4,
  WebContent: 5,
  Diff: 6,
  Binary: 7,
};

/** Category names in id order. */
export const CATEGORIES: readonly Category[] = [
  "FileContent",
  "SearchResults",
  "DirectoryListing",
  "CommandOutput",
  "StructuredData",
  "WebContent",
  "Diff",
  "Binary",
];

export function coreCompact(r: CoreCompactRequest): CoreCompactResult {
  const json = callString(
    "compact",
    r.tool,
    r.argsJson,
    r.text,
    r.exitCode,
    r.budgets.join(","),
    r.passthrough,
    r.hint,
    CATEGORY_IDS[r.category],
  );
  return JSON.parse(json) as CoreCompactResult;
}
