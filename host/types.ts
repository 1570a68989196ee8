// Public types of the library API.

export type { Category } from "./categories.js";
import type { Category } from "./categories.js";

/**
 * Which text the line numbers of a result count in (its markers, keptLines, read()): the
 * output cleaned with every line kept ("cleaned") or with runs of repeated lines collapsed
 * ("collapsed"); an HTML page's readable text converted from either ("html-text",
 * "html-text-collapsed"); nothing for binary output ("none").
 */
export type Paging = "cleaned" | "collapsed" | "none" | "html-text" | "html-text-collapsed";

/** Named budgets: minimal ≈ 800 chars, balanced ≈ 4,000 (default), conservative ≈ 16,000. */
export type Level = "minimal" | "balanced" | "conservative";

/** One tool result as a harness hands it over. */
export interface ToolResultInput {
  /** Tool name as the harness calls it (Bash, read_file, grep, …). */
  tool: string;
  /** The call's arguments: an object, or its JSON text. */
  args?: Record<string, unknown> | string;
  /** The output: a string, or raw bytes (decoded leniently, binary recognised). */
  output: string | Uint8Array;
  exitCode?: number;
  /** The harness's id for the call; used to address the full output in the log. */
  callId?: string;
}

/** A line range, 1-based and inclusive, in the cleaned output. */
export type LineRange = [first: number, last: number];

export interface ResultMetadata {
  /** UTF-16 units of the output as given (of its decoded text for bytes; for binary bytes, their count). */
  rawChars: number;
  cleanChars: number;
  llmChars: number;
  /** Estimated o200k tokens of the raw output. */
  rawTokens: number;
  /** Estimated o200k tokens of the LLM content (counted exactly with the `exactTokens` option). */
  llmTokens: number;
  savedTokens: number;
  /** Code points of the cleaned output the model does not see. */
  omittedChars: number;
  keptLines: LineRange[];
  totalLines: number;
  budget: number;
  /** The text the markers' line numbers and read() count in (see Paging). */
  paging: Paging;
  /** The category's digest facts (counts, files, exit code, …). */
  facts: Record<string, unknown>;
  /**
   * The encoding bytes were decoded from when they were not UTF-8 (`windows-1252`, `utf-16le`,
   * `shift_jis`, …; a WHATWG label); absent for UTF-8 and for string output. read() decodes the
   * logged bytes the same way.
   */
  encoding?: string;
  /** Set when the core failed and a plain TypeScript truncation produced the result. */
  fallback?: string;
  /** True when a checked LLM summary replaced the digest. */
  summarized?: boolean;
}

export interface ToolResultOutput {
  category: Category;
  /** What the model should see. */
  llmContent: string;
  /** The full cleaned output, for a UI. Computed on first access. */
  readonly uiContent: string;
  /** One line (≤ 160 chars) for a UI. */
  summary: string;
  truncated: boolean;
  metadata: ResultMetadata;
}
