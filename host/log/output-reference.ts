// A completion whose llmContent is exactly its call record's output (an output the model saw
// whole) is written, in the same write(2) as that call record and on the line right after it,
// with `"llmContent":"","llmContentIsOutput":true` instead of the output a second time (the empty
// text keeps a reader unaware of the flag reading a string). Readers fill llmContent in from the
// call record, so every record read back carries its text; a line holding a text keeps it.
import type { CallRecord, CompletionRecord, LogRecord } from "./schema.js";

/**
 * The text a referring completion's llmContent is: its call record's output, when `call` is that
 * record (the same session and call id, its output text). Undefined otherwise.
 */
export function referredOutput(completion: CompletionRecord, call: LogRecord | undefined): string | undefined {
  if (call === undefined || call.type !== "call" || call.callId !== completion.callId || call.session !== completion.session) return undefined;
  return typeof call.output === "string" ? call.output : undefined;
}

/** A completion with its llmContent filled in from `call`'s output; a problem when `call` is not its call record. */
export function withReferredOutput(completion: CompletionRecord, call: LogRecord | undefined): { record: CompletionRecord; problem?: string } {
  if (typeof completion.llmContent === "string" && completion.llmContent !== "") return { record: completion };
  const text = referredOutput(completion, call as CallRecord | undefined);
  if (text !== undefined) return { record: { ...completion, llmContent: text } };
  return {
    record: { ...completion, llmContent: "" },
    problem: `the completion of ${completion.callId} refers to its call record's output, which is not on the line before it: llmContent left ""`,
  };
}

/** Fills in referring completions of a file read line by line: it remembers the record of the line before. */
export class OutputReferences {
  private previous: LogRecord | undefined;

  /** A line that is no record (or a new file): the next line has no record before it. */
  gap(): void {
    this.previous = undefined;
  }

  /** The record to pass on, its llmContent filled in when it refers to the call record before it. */
  take(record: LogRecord): { record: LogRecord; problem?: string } {
    const before = this.previous;
    this.previous = record;
    if (record.type !== "completion" || record.llmContentIsOutput !== true) return { record };
    return withReferredOutput(record, before);
  }
}
