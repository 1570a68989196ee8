// The JSON text of a call or completion record on each side of its long string field (the
// output, what the model saw), made field by field: byte for byte what JSON.stringify of the
// whole record gives between the field's quotes and around them, without making the record,
// serialising it whole with the field empty and cutting the result apart (a short output's call
// paid more for those than for writing its log line). Undefined when a field's value may not
// serialise alone as it does inside the record: the caller serialises the record whole then.
import { LOG_SCHEMA_VERSION, type CallInput, type CompletionRecord, type OutputSize } from "./schema.js";

/** The record's text before its long field's value (its opening quote included) and after it (closing quote, rest, newline). */
export interface RecordText {
  head: string;
  /**
   * The text after it in pieces, each encoded on its own: V8 encodes a string holding any
   * non-ASCII unit (a summary's "·") unit by unit, several times slower than an ASCII one, so a
   * completion's summary is a piece of its own and the metadata after it stays on the fast path.
   */
  tail: readonly string[];
}

/**
 * A field's value as JSON.stringify writes it inside a record; undefined when it may differ: a
 * value with toJSON (given its key inside a record, "" alone), one the record leaves out
 * (undefined, a function, a symbol), or one that cannot be serialised (a bigint, a cycle).
 */
export function fieldJson(value: unknown): string | undefined {
  switch (typeof value) {
    case "string":
    case "number":
    case "boolean":
      return JSON.stringify(value);
    case "object":
      if (value === null) return "null";
      if (typeof (value as { toJSON?: unknown }).toJSON === "function") return undefined;
      try {
        return JSON.stringify(value);
      } catch {
        return undefined;
      }
    default:
      return undefined;
  }
}

/**
 * JSON.stringify of a string, remembered for the last one given: a record's time (one per
 * millisecond), its tool and its category are most often the last call's.
 */
class LastQuoted {
  private last: string | undefined;
  private json = "";

  of(value: string): string {
    if (value !== this.last) {
      this.json = JSON.stringify(value);
      this.last = value;
    }
    return this.json;
  }
}

const times = new LastQuoted();
const tools = new LastQuoted();
const categories = new LastQuoted();

/**
 * A call record's text around its output (CallRecord's fields in their order), the output's size
 * given; `session` is the session id as JSON. Undefined when args or exitCode may not serialise
 * alone as in the record.
 */
export function callRecordText(time: string, session: string, input: CallInput, size: OutputSize): RecordText | undefined {
  const args = fieldJson(input.args ?? null);
  const exitCode = fieldJson(input.exitCode ?? null);
  if (args === undefined || exitCode === undefined) return undefined;
  const head = `{"v":${LOG_SCHEMA_VERSION},"type":"call","time":${times.of(time)},"session":${session},"callId":${JSON.stringify(String(input.callId))},"tool":${tools.of(String(input.tool))},"args":${args},"exitCode":${exitCode},"output":"`;
  const chars = size.chars === undefined ? "" : `,"chars":${JSON.stringify(size.chars)}`;
  return { head, tail: [`","size":{"bytes":${JSON.stringify(size.bytes)}${chars}}}\n`] };
}

/**
 * A completion record's text around its llmContent (CompletionRecord's fields in their order);
 * `session` is the session id as JSON. Undefined when the summary, metadata or summarizer may
 * not serialise alone as in the record.
 */
export function completionRecordText(record: CompletionRecord, session: string): RecordText | undefined {
  const rest = completionRest(record);
  if (rest === undefined) return undefined;
  return { head: `${completionHead(record, session)},"llmContent":"`, tail: [`"${rest[0]}`, rest[1]] };
}

/**
 * The whole text of a completion record that refers to its call record's output, with
 * an empty llmContent and `"llmContentIsOutput":true` (output-reference.ts), as head and tail
 * around nothing. Undefined as for completionRecordText().
 */
export function referringCompletionText(record: CompletionRecord, session: string): RecordText | undefined {
  const rest = completionRest(record);
  if (rest === undefined) return undefined;
  return { head: `${completionHead(record, session)},"llmContent":"","llmContentIsOutput":true`, tail: rest };
}

/** A completion record's fields up to its category. */
function completionHead(record: CompletionRecord, session: string): string {
  return `{"v":${LOG_SCHEMA_VERSION},"type":"completion","time":${times.of(record.time)},"session":${session},"callId":${JSON.stringify(record.callId)},"category":${categories.of(record.category)}`;
}

/** Its fields after llmContent, the summary apart (see RecordText), with the newline. */
function completionRest(record: CompletionRecord): [string, string] | undefined {
  const summary = fieldJson(record.summary);
  const metadata = fieldJson(record.metadata);
  const summarizer = fieldJson(record.summarizer);
  if (summary === undefined || metadata === undefined || summarizer === undefined) return undefined;
  return [`,"summary":${summary}`, `,"metadata":${metadata},"summarizer":${summarizer}}\n`];
}
